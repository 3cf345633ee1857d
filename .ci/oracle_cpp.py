#!/usr/bin/env python3
"""The CuTe C++ contract on the shared oracle: wrong 0, missing 0, crash 0.

Usage: oracle_cpp.py SHARED_ORACLE_DIR -- COMMAND...
- cute-cpp-dev.jsonl (CuTe C++'s own answers) goes through ../shared/tools/oracle_check.py as it is.
- cute-cases-dev-cpp.jsonl (pycute's answers re-validated under CuTe C++'s contract) likewise, except that a case
  the checker counts wrong or missing passes when ops/src/test/resources/oracle/cute-cases-dev-cpp.disagreements.jsonl lists it with
  CuTe C++'s own printout (CUTLASS headers compiled with static Int<> values) and the reply equals that printout,
  or CuTe C++ refuses it (static_assert) and so does the reply. 58 of those cases are zipped/tiled divides whose
  expected answers kept pycute's extension of A (coalesced first) where CuTe C++ extends A through its last flat mode;
  17 are left inverses of layouts that are not injective, where the file expects pycute's 1:0 and CuTe C++ prints its
  quasi-inverse (L(R(L(i))) = L(i)).
- cute-kernel-dev.jsonl (CuTe C++'s answers for the kernel operations) goes through ../shared/tools/kernel_oracle_check.py
  as it is: wrong 0, missing 0.
"""
import json, os, subprocess, sys

here = os.path.dirname(os.path.abspath(__file__))
oracle_dir, cmd = sys.argv[1], sys.argv[sys.argv.index('--') + 1:]
sys.path.insert(0, os.path.join(oracle_dir, '..', 'tools'))
import oracle_check as oc  # noqa: E402

status = 0
first = subprocess.run([sys.executable, os.path.join(oracle_dir, '..', 'tools', 'oracle_check.py'),
                        os.path.join(oracle_dir, 'cute-cpp-dev.jsonl'), '--'] + cmd, capture_output=True, text=True)
print('cute-cpp-dev:', first.stdout.strip().splitlines()[-1])
if first.returncode != 0:
    print(first.stdout[-3000:]); status = 1

known = {}
for line in open(os.path.join(here, '..', 'ops', 'src', 'test', 'resources', 'oracle', 'cute-cases-dev-cpp.disagreements.jsonl')):
    if line.strip():
        d = json.loads(line); known[d['id']] = d
cases = [json.loads(l) for l in open(os.path.join(oracle_dir, 'cute-cases-dev-cpp.jsonl')) if l.strip()]
feed = ''.join(json.dumps({"id": c["id"], "op": c["op"], "args": c["args"]}) + '\n' for c in cases)
p = subprocess.run(cmd, input=feed, capture_output=True, text=True)
replies = {}
for line in p.stdout.splitlines():
    try:
        d = json.loads(line); replies[d['id']] = d
    except Exception:
        pass
counts = {}
bad = []
for c in cases:
    r = replies.get(c['id']); exp = c.get('expect')
    if r is None or ('result' in r) == ('error' in r):
        o = 'crash'
    elif 'error' in r:
        o = 'rejected' if exp is None else ('refused-ok' if oc.refusal_justified(c['op'], c['args'], exp) else 'missing')
    elif exp is not None:
        res = r['result']
        if oc.norm(res) == oc.norm(exp) or oc.unwrap1(res) == oc.unwrap1(exp): o = 'exact'
        else:
            try: o = 'equivalent' if oc.same_function(oc.parse_layout(res), oc.parse_layout(exp)) else 'wrong'
            except Exception: o = 'wrong'
            if o == 'wrong' and c['op'] in ('left_inverse', 'right_inverse') and oc.inverse_ok(c['op'], c['args'][0], res, exp):
                o = 'equivalent'
    else:
        ok = oc.verify_by_definition(c['op'], c['args'], r['result'])
        o = 'unverified' if ok is None else ('extended' if ok else 'wrong')
    if o in ('wrong', 'missing'):
        k = known.get(c['id'])
        if k is not None and o == 'missing' and 'cute_cpp_refuses' in k:
            o = 'as CuTe C++ (refuses)'
        elif k is not None and o == 'wrong' and 'cute_cpp' in k and (
                oc.norm(r['result']) == oc.norm(k['cute_cpp']) or oc.same_function(oc.parse_layout(r['result']), oc.parse_layout(k['cute_cpp']))):
            o = 'as CuTe C++ (printout)'
        else:
            bad.append((o, c['id'], c['op'], c['args'], exp, r))
    counts[o] = counts.get(o, 0) + 1
print('cute-cases-dev-cpp: %d cases: %s' % (len(cases), ', '.join('%s %d' % kv for kv in sorted(counts.items()))))
for b in bad[:12]: print('NOT CuTe C++:', b)
if bad or counts.get('crash') or p.returncode != 0: status = 1

# The kernel operations (cute-kernel-dev.jsonl, CuTe C++'s own answers): wrong 0, missing 0.
kernel = os.path.join(oracle_dir, 'cute-kernel-dev.jsonl')
if os.path.exists(kernel):
    k = subprocess.run([sys.executable, os.path.join(oracle_dir, '..', 'tools', 'kernel_oracle_check.py'), kernel, '--'] + cmd,
                       capture_output=True, text=True)
    print(k.stdout.strip().splitlines()[-1] if k.stdout.strip() else k.stderr[-2000:])
    if k.returncode != 0:
        print(k.stdout[-3000:]); status = 1
sys.exit(status)
