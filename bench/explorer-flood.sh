#!/usr/bin/env bash
# Floods the explorer of a checkout (its ./layoutcat serve, as a person starts it) on the loopback with 3,000 and then
# 10,000 mixed requests (cheap views, a 256x256 layout, the 128x256 tiled MMA, swizzle_search, a 256x256 PNG) from
# several clients, and prints the replies' status codes and latencies and the server's peak resident memory (VmHWM).
# Bounded: the requests are counted, each is given up after 60 s, each flood after 300 s; the server is stopped at the end.
#   bench/explorer-flood.sh [CHECKOUT] [CLIENTS]     (default: this checkout, 32 clients)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
root="$(cd "${1:-$here}" && pwd)"
clients="${2:-32}"
log="$(mktemp)"
"$root/layoutcat" serve --port 0 >"$log" 2>&1 &
pid=$! # the launcher execs java: this is the server's process
trap 'kill "$pid" 2>/dev/null || true; rm -f "$log"' EXIT
for _ in $(seq 600); do grep -q "explorer at" "$log" && break; sleep 0.1; done
port=$(sed -n 's|.*explorer at http://127.0.0.1:\([0-9]*\)/.*|\1|p' "$log")
[ -n "$port" ] || { cat "$log" >&2; exit 1; }
echo "$root: $(cd "$root" && git log -1 --format='%h %s' | cut -c1-80); java $(tr '\0' ' ' </proc/$pid/cmdline | grep -o -- '-Xm[sx][^ ]*\|-XX:[A-Za-z]*RAM[^ ]*\|-XX:+Use[A-Za-z]*GC' | tr '\n' ' ')"
echo "at start: VmRSS $(awk '/VmRSS/{print int($2/1024)}' /proc/$pid/status) MiB"
for n in 3000 10000; do
  python3 "$here/bench/explorer-flood.py" --port "$port" --pid "$pid" --requests "$n" --clients "$clients"
done
tail -n 20 "$log" | grep -v "explorer at" || true
