#!/usr/bin/env bash
# Issue 14's measurements of two builds side by side on one host, in one run: a command's start against a bare
# `java -version`, the in-process bench against pycute on the same requests, the batch pipe on 1..16 threads,
# and the JMH benchmarks of composition and of the request mix on 1 and 16 threads.
# Usage: bench/device-speed.sh BUNDLE [OUT]   with BUNDLE made by bench/speed-bundle.sh BEFORE_COMMIT:
#   runtime.tar.xz (a jlink runtime), before/ and after/ (layoutcat.jar, its lib/ where the build has one, and
#   benchmarks.jar each; after's benchmarks.jar holds only what layoutcat.jar and lib/ lack, and runs with layoutcat.jar
#   on the class path), pycute/ (optional).
#   ONLY=start measures the start alone; ROUNDS=n interleaves bench and the pipe (see below).
set -uo pipefail
bundle="$(cd "${1:?usage: bench/device-speed.sh BUNDLE [OUT]}" && pwd)"
out="${2:-/tmp/speed}"
mkdir -p "$out"
repo="$(cd "$(dirname "$0")/.." && pwd)"
requests="$repo/ops/src/test/resources/oracle/cute-cpp-dev.jsonl"
work=$(mktemp -d)
tar xJf "$bundle/runtime.tar.xz" -C "$work"
java="$work/rt/bin/java"
"$java" -Xshare:dump >/dev/null 2>&1 # the runtime's base class-data-sharing archive
echo "host: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
stats() { sort -n | awk '{a[NR]=$1} END {printf "min %.3f  median %.3f  max %.3f s (%d runs)\n", a[1], a[int((NR+1)/2)], a[NR], NR}'; }
wall() { local s e; s=$(date +%s.%N); "$@" >/dev/null 2>&1; e=$(date +%s.%N); awk -v s="$s" -v e="$e" 'BEGIN{print e - s}'; }
if [ -n "${ROUNDS:-}" ]; then # the pipe against bench, interleaved: ROUNDS rounds of bench, the pipe on 1 thread, on 16 (of each of BUILDS)
  for i in $(seq $(( 4000000 / $(grep -c "" "$requests") ))); do cat "$requests"; done > "$work/four.jsonl"
  for i in 1 2 3 4; do cat "$work/four.jsonl"; done > "$work/sixteen.jsonl"
  rate() { "$java" -jar "$1" batch --threads "$2" < "$3" > "$work/r.out" & local pid=$!
    while kill -0 $pid 2>/dev/null; do echo "$(date +%s.%N) $(stat -c %s "$work/r.out")"; sleep 0.2; done > "$work/r.log"; wait $pid
    awk -v B="$(stat -c %s "$work/r.out")" -v L="$(wc -l < "$work/r.out")" '$2 >= 0.4 * B && $2 <= 0.9 * B {if (!t1) {t1 = $1; b1 = $2}; t2 = $1; b2 = $2}
      END {printf "%.0f", (t2 - t1) * 1e9 / ((b2 - b1) * L / B)}' "$work/r.log"; }
  for r in $(seq "$ROUNDS"); do
    for v in ${BUILDS:-after}; do # BUILDS="before after": the builds alternate within each round
      jar="$bundle/$v/layoutcat.jar"
      b=$("$java" -jar "$jar" bench "$requests" --seconds 6 --warmup 4 --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["ns_per_request"])')
      p1=$(rate "$jar" 1 "$work/four.jsonl"); p16=$(rate "$jar" 16 "$work/sixteen.jsonl")
      awk -v r=$r -v v=$v -v b="$b" -v p1="$p1" -v p16="$p16" 'BEGIN {printf "round %d, %s: bench %.0f ns/request | pipe, 1 thread %.0f ns/line: %.2f x bench | 16 threads %.0f ns/line: %.1f x 1 thread\n", r, v, b, p1, p1 / b, p16, p1 / p16}'
    done
  done
  rm -rf "$work"; exit 0
fi
for b in ${BUILDS:-before after}; do # each build's class-data-sharing archive, made as the build makes it
  train=(draw compose "(12,3,6):(1,72,12)" "(6,6):(1,6)" -o "$work/$b-training.svg") # a bundle without training.txt
  mkdir -p "$work/$b-target"; [ -s "$bundle/$b/training.txt" ] && mapfile -t train < <(sed "s|TARGET|$work/$b-target|g" "$bundle/$b/training.txt")
  "$java" -XX:ArchiveClassesAtExit="$work/$b.jsa" -Xlog:disable -jar "$bundle/$b/layoutcat.jar" "${train[@]}" >/dev/null 2>&1
done
echo "== start: wall time of the whole process (9 runs each)"
printf '%-34s' "java -version"; for i in $(seq 9); do wall "$java" -version; done | stats
for b in ${BUILDS:-before after}; do
  cds="-XX:SharedArchiveFile=$work/$b.jsa -Xshare:auto -Xlog:disable"
  printf '%-34s' "$b: compose"; for i in $(seq 9); do wall "$java" $cds -jar "$bundle/$b/layoutcat.jar" compose "(12,3,6):(1,72,12)" "(6,6):(1,6)"; done | stats
  printf '%-34s' "$b: coalesce"; for i in $(seq 9); do wall "$java" $cds -jar "$bundle/$b/layoutcat.jar" coalesce "(2,(1,6)):(1,(6,2))"; done | stats
  printf '%-34s' "$b: eval"; for i in $(seq 9); do wall "$java" $cds -jar "$bundle/$b/layoutcat.jar" eval "(2,(2,2)):(2,(1,4))" "(1,(0,1))"; done | stats
done
# JDK 25's ahead-of-time cache (JEP 514/515: classes loaded and linked, method profiles) beside the CDS archive: the
# same training run recorded with -XX:AOTCacheOutput, then each command started from it
b=after; train=(draw compose "(12,3,6):(1,72,12)" "(6,6):(1,6)" -o "$work/aot-training.svg")
mkdir -p "$work/aot-target"; [ -s "$bundle/$b/training.txt" ] && mapfile -t train < <(sed "s|TARGET|$work/aot-target|g" "$bundle/$b/training.txt")
if "$java" -XX:AOTCacheOutput="$work/after.aot" -Xlog:disable -jar "$bundle/$b/layoutcat.jar" "${train[@]}" >/dev/null 2>&1; then
  aot="-XX:AOTCache=$work/after.aot -Xlog:disable"
  echo "after's AOT cache: $(du -k "$work/after.aot" | cut -f1) KiB, its CDS archive: $(du -k "$work/after.jsa" | cut -f1) KiB"
  printf '%-34s' "after: compose (AOT cache)"; for i in $(seq 9); do wall "$java" $aot -jar "$bundle/$b/layoutcat.jar" compose "(12,3,6):(1,72,12)" "(6,6):(1,6)"; done | stats
  printf '%-34s' "after: eval (AOT cache)"; for i in $(seq 9); do wall "$java" $aot -jar "$bundle/$b/layoutcat.jar" eval "(2,(2,2)):(2,(1,4))" "(1,(0,1))"; done | stats
else
  echo "after: the AOT cache could not be made"
fi
[ "${ONLY:-}" = start ] && { rm -rf "$work"; exit 0; }
echo "== the algebra through text, in process: layoutcat bench (one thread) and pycute on the same requests"
for b in ${BUILDS:-before after}; do
  "$java" -jar "$bundle/$b/layoutcat.jar" bench "$requests" --seconds ${SECS:-12} --warmup ${WARM:-6} --json > "$out/bench-$b.json"
done
[ -d "$bundle/pycute" ] && command -v python3 >/dev/null && python3 "$repo/bench/pycute_bench.py" "$requests" --pycute "$bundle" --seconds ${PYSECS:-30} --json > "$out/pycute.json"
python3 - "$out" <<'PY'
import json, os, sys
out = sys.argv[1]
runs = {b: json.load(open(f"{out}/bench-{b}.json")) for b in ("before", "after") if os.path.exists(f"{out}/bench-{b}.json")}
runs.setdefault("before", runs["after"])
py = json.load(open(f"{out}/pycute.json")) if os.path.exists(f"{out}/pycute.json") else None
ops = list(runs["after"]["per_op"])
print(f"{'op':16s} {'before ns':>10s} {'after ns':>10s}" + (f" {'pycute ns':>10s} {'after/pycute':>13s}" if py else ""))
for op in ops:
    row = f"{op:16s} {runs['before']['per_op'][op]:10.1f} {runs['after']['per_op'][op]:10.1f}"
    if py and op in py["per_op"]:
        row += f" {py['per_op'][op]:10.1f} {py['per_op'][op] / runs['after']['per_op'][op]:12.1f}x"
    print(row)
print(f"{'all (file order)':16s} {runs['before']['ns_per_request']:10.1f} {runs['after']['ns_per_request']:10.1f}")
if py:
    n = py["counts"]
    for b in ("before", "after"):
        mean = sum(n[op] * runs[b]["per_op"][op] for op in n) / sum(n.values())
        print(f"{b}: pycute's {sum(n.values())} requests (its ops), weighted by op: {mean:.1f} ns against pycute's {py['ns_per_request']:.1f} ns: {py['ns_per_request'] / mean:.1f}x")
PY
echo "== the batch pipe: 500,000 requests from the start, and the steady state of a long run (4 or 16 million requests:"
echo "   the 2,000 of the file over and over), read off the output's growth between 40% and 90% of the run"
n=${N:-500000}; big=${BIG:-4000000}
reps=$(( n / $(grep -c "" "$requests") ))
for i in $(seq $reps); do cat "$requests"; done > "$work/mix.jsonl"
for i in $(seq $(( big / n ))); do cat "$work/mix.jsonl"; done > "$work/big.jsonl"
for i in 1 2 3 4; do cat "$work/big.jsonl"; done > "$work/huge.jsonl" # 4 x big, for 8 and 16 threads
timed() { local s e; s=$(date +%s.%N); timeout 300 "$@" || echo "$*: exit $?" >&2; e=$(date +%s.%N); awk -v s="$s" -v e="$e" 'BEGIN{print e - s}' >&3; }
# the steady-state ns per line of `batch --threads T` over FILE: the output's size sampled every 0.2 s
steady() { local jar="$1" t="$2" file="$3" log="$4"
  "$java" ${gc:-} -jar "$jar" batch --threads "$t" < "$file" > "$work/steady.out" & local pid=$!
  while kill -0 $pid 2>/dev/null; do echo "$(date +%s.%N) $(stat -c %s "$work/steady.out")"; sleep 0.2; done > "$log"
  wait $pid
  local bytes lines; bytes=$(stat -c %s "$work/steady.out"); lines=$(wc -l < "$work/steady.out")
  awk -v B="$bytes" -v L="$lines" '$2 >= 0.4 * B && $2 <= 0.9 * B {if (!t1) {t1 = $1; b1 = $2}; t2 = $1; b2 = $2}
    END {if (t2 > t1) printf "%.0f", (t2 - t1) * 1e9 / ((b2 - b1) * L / B); else printf "nan"}' "$log"; }
for b in ${BUILDS:-before after}; do
  for t in 1 2 4 8 16; do
    file="$work/big.jsonl"; lines=$big
    if [ $t -ge 8 ]; then file="$work/huge.jsonl"; lines=$(( 4 * big )); fi
    gc=""; [ $t = 16 ] && gc="-Xlog:gc:file=$out/gc-$b-16.log"
    d=$(timed "$java" -jar "$bundle/$b/layoutcat.jar" batch --threads $t < "$work/mix.jsonl" 3>&1 > "$work/replies-$b-$t.jsonl")
    ns=$(steady "$bundle/$b/layoutcat.jar" $t "$file" "$work/samples-$b-$t.txt")
    awk -v b=$b -v t=$t -v n=$n -v d="$d" -v ns="$ns" -v big=$lines 'BEGIN{printf "%-6s --threads %-2d %d lines from the start: %.2f s (%.0f ns/line) | steady state (%d lines): %s ns/line, %.0f lines/s\n", b, t, n, d, d*1e9/n, big, ns, 1e9/ns}'
  done
  gc=""
  [ -f "$out/gc-$b-16.log" ] && awk -v b=$b '/Pause/ {gsub("ms","",$NF); s+=$NF; n++} END {printf "%s --threads 16: %d collections, %.0f ms of pauses in all\n", b, n, s}' "$out/gc-$b-16.log"
  cmp -s "$work/replies-$b-1.jsonl" "$work/replies-$b-16.jsonl" && echo "$b: replies on 16 threads equal those on 1, in order"
done
cmp -s "$work/replies-before-1.jsonl" "$work/replies-after-1.jsonl" && echo "the replies of before and after are byte-identical"
[ -n "${NOJMH:-}" ] && { rm -rf "$work"; exit 0; }
echo "== JMH"
jmh() { local b="$1"; shift; local cp="$bundle/$b/benchmarks.jar"; [ "$b" = after ] && cp="$cp:$bundle/after/layoutcat.jar"
  (cd "$repo" && "$java" -cp "$cp" org.openjdk.jmh.Main "$@" -rf json -rff "$out/jmh-$b.json" 2>&1) | tee "$work/jmh-$b.txt" | grep -E "^(Benchmark|[A-Za-z]+Benchmarks\.)"; }
jmh before 'CoreBenchmarks.compositionFreshOperands$' 'MixBenchmarks.composition(On16Threads)?$'
jmh after 'CoreBenchmarks.compositionFreshOperands$' 'MixBenchmarks.composition(On16Threads)?$' 'RequestMixBenchmarks'
rm -rf "$work"
