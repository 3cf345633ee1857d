#!/usr/bin/env python3
"""Floods a running explorer (layoutcat serve) on the loopback with a bounded mix of requests and reports the replies'
status codes and latencies and the server process's peak resident memory (VmHWM of /proc/PID/status).

Bounded: at most --requests requests, --clients at a time, each given up after --timeout seconds, the whole flood
stopped after --deadline seconds; it talks only to 127.0.0.1. Used by bench/explorer-flood.sh."""
import argparse, http.client, json, random, threading, time, sys

MIX = [  # (weight, name, path, body)
    (60, "cheap view", "/api/view", {"kind": "layout", "args": ["(4,8):(1,4)"]}),
    (10, "cheap op", "/api/view", {"kind": "op", "args": ["composition", "(4,4):(4,1)", "(2,2):(1,2)"]}),
    (10, "256x256 layout", "/api/view", {"kind": "layout", "args": ["(256,256):(256,1)"]}),
    (10, "128x256 tiled MMA", "/api/view", {"kind": "mma", "args": ["SM80_16x8x16_F16F16F16F16_TN", "4x2x1", "<128,256,16>"]}),
    (6, "swizzle_search", "/api/batch", {"id": 1, "op": "swizzle_search", "args": ["(128,64)", "2", "K",
        "SM80_CP_ASYNC_CACHEALWAYS_U128/16/(16,8):(8,1)/(1,8)", "SM75_U32x4_LDSM_N/A/SM80_16x8x16_F16F16F16F16_TN/2x2x1"]}),
    (4, "256x256 PNG", "/api/draw?format=png", {"kind": "layout", "args": ["(256,256):(256,1)"]}),
]


def vm(pid, key):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(key + ":"):
                    return int(line.split()[1]) // 1024  # MiB
    except OSError:
        return None
    return None


def main():
    a = argparse.ArgumentParser()
    a.add_argument("--port", type=int, required=True)
    a.add_argument("--pid", type=int, required=True)
    a.add_argument("--requests", type=int, default=3000)
    a.add_argument("--clients", type=int, default=32)
    a.add_argument("--timeout", type=float, default=60)
    a.add_argument("--deadline", type=float, default=300)
    a.add_argument("--seed", type=int, default=34)
    o = a.parse_args()
    if o.requests > 100_000 or o.clients > 256:
        sys.exit("at most 100000 requests and 256 clients")
    rnd = random.Random(o.seed)
    names = [m[1] for m in MIX]
    plan = rnd.choices(range(len(MIX)), weights=[m[0] for m in MIX], k=o.requests)
    lock = threading.Lock()
    nxt = [0]
    results = []  # (kind index, status or error, seconds)
    start = time.monotonic()
    stop_at = start + o.deadline
    peak_rss = [0]

    def client():
        conn = None
        while True:
            with lock:
                if nxt[0] >= len(plan) or time.monotonic() > stop_at:
                    return
                i = plan[nxt[0]]
                nxt[0] += 1
            _, _, path, body = MIX[i]
            data = json.dumps(body).encode()
            t0 = time.monotonic()
            try:
                if conn is None:
                    conn = http.client.HTTPConnection("127.0.0.1", o.port, timeout=o.timeout)
                conn.request("POST", path, data, {"Content-Type": "application/json", "Host": f"127.0.0.1:{o.port}"})
                r = conn.getresponse()
                reply = r.read()
                status = r.status
                if status != 200:
                    try:
                        status = f"{status} {json.loads(reply)['error'][:60]}"
                    except Exception:
                        status = f"{status} {reply[:60]!r}"
                if r.getheader("Connection", "").lower() == "close":
                    conn.close(); conn = None
            except Exception as e:
                status = "error " + type(e).__name__
                if conn is not None:
                    conn.close()
                conn = None
            with lock:
                results.append((i, status, time.monotonic() - t0))

    def sampler():
        while not done.is_set():
            rss = vm(o.pid, "VmRSS")
            if rss is not None:
                peak_rss[0] = max(peak_rss[0], rss)
            done.wait(0.05)

    done = threading.Event()
    s = threading.Thread(target=sampler, daemon=True)
    s.start()
    threads = [threading.Thread(target=client, daemon=True) for _ in range(o.clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(max(0.0, stop_at - time.monotonic()) + o.timeout + 5)
    done.set()
    wall = time.monotonic() - start
    print(f"requests {len(results)} of {o.requests} in {wall:.1f} s, {o.clients} clients;"
          f" server VmHWM {vm(o.pid, 'VmHWM')} MiB (sampled VmRSS peak {peak_rss[0]} MiB), VmRSS now {vm(o.pid, 'VmRSS')} MiB")
    by = {}
    for i, st, dt in results:
        by.setdefault((names[i], st if isinstance(st, int) else st), []).append(dt)
    for (n, st), ts in sorted(by.items(), key=lambda kv: (kv[0][0], str(kv[0][1]))):
        ts.sort()
        p = lambda q: ts[min(len(ts) - 1, int(q * len(ts)))]
        print(f"  {n:18} {str(st)[:70]:70} n={len(ts):5}  p50 {p(0.5)*1000:7.0f} ms  p95 {p(0.95)*1000:7.0f} ms  max {ts[-1]*1000:7.0f} ms")


if __name__ == "__main__":
    main()
