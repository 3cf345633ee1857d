#!/usr/bin/env bash
# How busy each kind of thread of `layoutcat batch --threads T` is: the CPU time each thread name took (from
# /proc/PID/task/*/stat) over DT seconds of a 24-million-line run of the request mix, starting T0 seconds in, in
# cores, with the ns per line of that window. Workers short of 16 busy cores at --threads 16 wait for the reading
# thread. Usage: bench/pipe-cores.sh BUNDLE  (made by bench/speed-bundle.sh; env BUILDS="before after",
# THREADS="16 8", OPTS="none -Dx=y,-Dz=w" (JVM options per run, commas for spaces), T0 (2.5), DT (2)).
set -u
bundle="$(cd "${1:?usage: bench/pipe-cores.sh BUNDLE}" && pwd)"
repo="$(cd "$(dirname "$0")/.." && pwd)"
work=$(mktemp -d); tar xJf "$bundle/runtime.tar.xz" -C "$work"; java=$work/rt/bin/java
requests="$repo/ops/src/test/resources/oracle/cute-cpp-dev.jsonl"
for i in $(seq 2000); do cat "$requests"; done > "$work/four.jsonl"
for i in 1 2 3 4 5 6; do cat "$work/four.jsonl"; done > "$work/big.jsonl"
# CPU ticks per thread name: utime and stime are fields 14 and 15 of stat, 11 and 12 after the name and state
snap() { for f in /proc/$1/task/*/stat; do sed -E 's/^[0-9]+ \((.*)\) . (.*)$/\1|\2/' "$f" 2>/dev/null; done |
  awk -F'|' '{split($2, a, " "); n[$1] += a[11] + a[12]} END {for (k in n) print k "|" n[k]}' | LC_ALL=C sort -t'|' -k1,1; }
hz=$(getconf CLK_TCK)
for v in ${BUILDS:-after}; do for t in ${THREADS:-16}; do for opts in ${OPTS:-none}; do
  [ "$opts" = none ] && opts=""; opts="${opts//,/ }"
  "$java" $opts -jar "$bundle/$v/layoutcat.jar" batch --threads "$t" < "$work/big.jsonl" > "$work/out" & pid=$!
  sleep "${T0:-2.5}"; s1=$(date +%s.%N); snap $pid > "$work/a"; b1=$(stat -c %s "$work/out")
  sleep "${DT:-2}"; s2=$(date +%s.%N); snap $pid > "$work/b"; b2=$(stat -c %s "$work/out")
  alive=$(kill -0 $pid 2>/dev/null && echo yes)
  wait $pid; lines=$(wc -l < "$work/out"); bytes=$(stat -c %s "$work/out")
  if [ -z "$alive" ] || [ "$b2" -ge "$bytes" ]; then
    echo "== $v --threads $t $opts: the run ended inside the window; lower T0 + DT"; continue
  fi
  awk -v v="$v" -v t="$t" -v o="$opts" -v b1="$b1" -v b2="$b2" -v s1="$s1" -v s2="$s2" -v L="$lines" -v B="$bytes" \
    'BEGIN {printf "== %s --threads %d %s: %.0f ns/line in the window\n", v, t, o, (s2 - s1) * 1e9 / ((b2 - b1) * L / B)}'
  LC_ALL=C join -t'|' "$work/a" "$work/b" | awk -F'|' -v s1="$s1" -v s2="$s2" -v hz="$hz" \
    '{d = ($3 - $2) / hz / (s2 - s1); if (d > 0.01) printf "  %-20s %.2f cores\n", $1, d}'
done; done; done
rm -rf "$work"
