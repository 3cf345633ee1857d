#!/usr/bin/env python3
"""Times pycute on a file of layoutcat batch requests, for the side-by-side figure of `layoutcat bench`.

Usage: bench/pycute_bench.py REQUESTS.jsonl --pycute DIR [--seconds S] [--json]
DIR holds the pycute package (CUTLASS's python/ folder, e.g. from `git archive HEAD python/pycute` of
github.com/NVIDIA/cutlass); nothing of pycute is kept in this repository.

Each request's arguments are read into pycute values once, outside the timing (pycute has no parser for CuTe
notation; layoutcat's bench includes its parsing, so this favours pycute). The timed part is the operation and
str() of its result; a request pycute refuses (an exception) is timed too. Ops pycute lacks (flat_divide,
flat_product, blocked_product, raked_product) are skipped and listed. Prints ns per request per op and overall,
medians over rounds, as `layoutcat bench` does.
"""
import argparse
import json
import statistics
import sys
import time


def parse_tuple(text, i=0):
    """A CuTe-notation tuple or integer from text[i:], returning (value, next i)."""
    if text[i] == '(':
        i += 1
        items = []
        if text[i] == ')':
            return (), i + 1
        while True:
            v, i = parse_tuple(text, i)
            items.append(v)
            if text[i] == ',':
                i += 1
            elif text[i] == ')':
                return tuple(items), i + 1
            else:
                raise ValueError(f"bad tuple {text!r} at {i}")
    j = i
    if text[j] in '_':
        j += 1
        i = j
    if text[j] == '-':
        j += 1
    while j < len(text) and text[j].isdigit():
        j += 1
    return int(text[i:j]), j


def split_top(text, sep):
    """text split at the separators that are not inside brackets."""
    depth, parts, start = 0, [], 0
    for k, c in enumerate(text):
        if c in '(<':
            depth += 1
        elif c in ')>':
            depth -= 1
        elif c == sep and depth == 0:
            parts.append(text[start:k])
            start = k + 1
    parts.append(text[start:])
    return parts


def to_pycute(pc, text):
    """A layout, a tuple of layouts (a by-mode tiler) or a plain shape read as pycute values."""
    text = text.replace(' ', '')
    if text.startswith('<'):
        return tuple(to_pycute(pc, part) for part in split_top(text[1:-1], ','))
    parts = split_top(text, ':')
    shape = parse_tuple(parts[0])[0]
    if len(parts) == 1:
        return pc.Layout(shape)
    return pc.Layout(shape, parse_tuple(parts[1])[0])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('requests')
    ap.add_argument('--pycute', required=True, help='the folder that holds the pycute package')
    ap.add_argument('--seconds', type=float, default=5.0)
    ap.add_argument('--json', action='store_true')
    args = ap.parse_args()
    sys.path.insert(0, args.pycute)
    import pycute as pc

    ops = {
        'coalesce': lambda a: pc.coalesce(*a), 'filter': lambda a: pc.filter(*a),
        'composition': lambda a: pc.composition(*a),
        'complement': lambda a: pc.complement(*a),
        'right_inverse': lambda a: pc.right_inverse(*a), 'left_inverse': lambda a: pc.left_inverse(*a),
        'logical_divide': lambda a: pc.logical_divide(*a), 'zipped_divide': lambda a: pc.zipped_divide(*a),
        'tiled_divide': lambda a: pc.tiled_divide(*a),
        'logical_product': lambda a: pc.logical_product(*a), 'zipped_product': lambda a: pc.zipped_product(*a),
        'tiled_product': lambda a: pc.tiled_product(*a),
    }
    by_op, skipped = {}, {}
    with open(args.requests) as f:
        for line in f:
            if not line.strip():
                continue
            r = json.loads(line)
            op = r['op']
            if op not in ops:
                skipped[op] = skipped.get(op, 0) + 1
                continue
            vals = []
            for x in r['args']:
                if isinstance(x, int) or (isinstance(x, str) and x.lstrip('-').isdigit()):
                    vals.append(int(x))
                else:
                    vals.append(to_pycute(pc, x))
            by_op.setdefault(op, []).append(vals)

    def one_round(items, fn):
        t0 = time.perf_counter_ns()
        for a in items:
            try:
                str(fn(a))
            except Exception:
                pass
        return (time.perf_counter_ns() - t0) / len(items)

    per_op = {}
    total = sum(len(v) for v in by_op.values())
    for op, items in by_op.items():
        budget = args.seconds * len(items) / total
        samples, end = [], time.perf_counter() + budget
        one_round(items, ops[op])  # warm-up
        while time.perf_counter() < end or len(samples) < 3:
            samples.append(one_round(items, ops[op]))
        per_op[op] = statistics.median(samples)
    mean = sum(per_op[op] * len(by_op[op]) for op in by_op) / total
    if args.json:
        print(json.dumps({'requests': total, 'ns_per_request': round(mean, 1), 'per_op': {k: round(v, 1) for k, v in per_op.items()},
                          'counts': {k: len(v) for k, v in by_op.items()}, 'skipped': skipped}))
        return
    print(f"pycute: {total} requests from {args.requests} (skipped, not in pycute: {skipped or 'none'})")
    print(f"{'op':18s} {'requests':>8s} {'median ns':>12s}")
    for op, v in per_op.items():
        print(f"{op:18s} {len(by_op[op]):8d} {v:12.1f}")
    print(f"{'all':18s} {total:8d} {mean:12.1f}   (the mean over the requests, weighted by op)")


if __name__ == '__main__':
    main()
