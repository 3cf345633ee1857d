#!/usr/bin/env bash
# Issue 14's measurements on one host, in one run: a command's start against a bare `java -version`, the in-process
# bench against the batch pipe on the same request mix, and the pipe on 1..16 threads. Usage (on a machine with the
# bundle of gpu/bundle.sh in BUNDLE): bench/device-speed.sh BUNDLE [OUT_DIR]
set -euo pipefail
bundle="${1:?usage: bench/device-speed.sh BUNDLE [OUT] [pipe]}"
only_pipe="${3:-}"
out="${2:-/tmp/speed}"
work=$(mktemp -d) # large files stay on local disk
mkdir -p "$out"
java="$bundle/runtime/bin/java"
jar="$bundle/layoutcat.jar"
requests="$(dirname "$0")/../cli/src/test/resources/oracle/cute-cpp-dev.jsonl"
# the runtime's base class-data-sharing archive (gpu/bundle.sh makes it; again here in case), then the layoutcat one,
# made by this runtime as the build makes it
[ -f "$bundle/runtime/lib/server/classes.jsa" ] || "$java" -Xshare:dump >/dev/null
"$java" -XX:ArchiveClassesAtExit="$out/layoutcat.jsa" -Xlog:disable -jar "$jar" draw compose "(12,3,6):(1,72,12)" "(6,6):(1,6)" -o "$out/train.svg" >/dev/null
cds="-XX:SharedArchiveFile=$out/layoutcat.jsa -Xshare:auto -Xlog:disable -Xlog:all=warning:stderr"
stats() { sort -n | awk '{a[NR]=$1} END {printf "min %.3f  median %.3f  max %.3f s (%d runs)\n", a[1], a[int((NR+1)/2)], a[NR], NR}'; }
wall() { local s e; s=$(date +%s.%N); "$@" >/dev/null 2>&1; e=$(date +%s.%N); awk -v s="$s" -v e="$e" 'BEGIN{print e - s}'; }
if [ -z "$only_pipe" ]; then
echo "== start (wall time of the whole process)"
printf 'java -version:                 '; for i in $(seq 9); do wall "$java" -version; done | stats
printf 'compose, no archive:           '; for i in $(seq 9); do wall "$java" -jar "$jar" compose "(12,3,6):(1,72,12)" "(6,6):(1,6)"; done | stats
printf 'compose, archive:              '; for i in $(seq 9); do wall "$java" $cds -jar "$jar" compose "(12,3,6):(1,72,12)" "(6,6):(1,6)"; done | stats
printf 'coalesce, archive:             '; for i in $(seq 9); do wall "$java" $cds -jar "$jar" coalesce "(2,(1,6)):(1,(6,2))"; done | stats
printf 'eval, archive:                 '; for i in $(seq 9); do wall "$java" $cds -jar "$jar" eval "(2,(2,2)):(2,(1,4))" "(1,(0,1))"; done | stats
printf "draw layout (svg), archive:    "; for i in $(seq 5); do wall "$java" $cds -jar "$jar" draw layout "(4,8):(1,4)" -o "$out/l.svg"; done | stats
echo "== the algebra through text, in process (bench), and through the pipe"
"$java" -jar "$jar" bench "$requests" --seconds 10 --warmup 5 | tee "$out/bench.txt" | grep -E "^all|requests from"
fi
# the pipe on 1..16 threads: 500,000 lines (start and JIT warm-up included, as a user meets them) and 4,000,000
# lines; the difference of the two is the steady-state cost of a line, without the JVM's start and warm-up
n=500000
big=4000000
echo "the pipe: $n and $big requests"
reps=$(( n / $(grep -c "" "$requests") ))
for i in $(seq $reps); do cat "$requests"; done > "$work/mix.jsonl" # the same 2,000 requests over and over
for i in $(seq $(( big / n ))); do cat "$work/mix.jsonl"; done > "$work/big.jsonl"
# the wall time of a command, in seconds, written to descriptor 3 (its own output goes where it is sent)
timed() { local s e; s=$(date +%s.%N); timeout 300 "$@" || echo "$*: exit $?" >&2; e=$(date +%s.%N); awk -v s="$s" -v e="$e" 'BEGIN{print e - s}' >&3; }
for t in 1 2 4 8 16; do
  d=$(timed "$java" -jar "$jar" batch --threads $t < "$work/mix.jsonl" 3>&1 > "$work/replies-$t.jsonl")
  D=$(timed "$java" -jar "$jar" batch --threads $t < "$work/big.jsonl" 3>&1 > /dev/null)
  awk -v t=$t -v n=$n -v b=$big -v d="$d" -v D="$D" 'BEGIN{printf "batch --threads %-2d %d lines: %.2f s, %.0f ns per line | %d lines: %.2f s | steady state %.0f ns per line, %.0f lines/s\n", t, n, d, d*1e9/n, b, D, (D-d)*1e9/(b-n), (b-n)/(D-d)}'
done
cmp "$work/replies-1.jsonl" "$work/replies-16.jsonl" && echo "replies on 16 threads equal those on 1, in order"
rm -rf "$work"
