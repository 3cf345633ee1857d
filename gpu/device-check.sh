#!/usr/bin/env bash
# Runs on a GPU machine from a bundle made by gpu/bundle.sh with tests/ beside it (junit.jar, test-classes):
# GPU-vs-CPU verification on random layouts (swizzled ones too), the atom catalog on the tensor cores (`gpu atoms --verify`),
# the bank-conflict table (`gpu banks`), the JUnit GPU tests, `check compose` over 2^32 points, and the GPU and CPU benchmarks. Logs go to $OUT (or ./out). Each step has its own time limit; a failing step does not stop
# the others.
here="$(cd "$(dirname "$0")" && pwd)"
out="${OUT:-$here/out}"
mkdir -p "$out"
export JAVA_TOOL_OPTIONS="-Xmx24g"
lc="$here/layoutcat"
step() { local limit=$1 log=$2; shift 2; echo "== $*" | tee -a "$out/$log"; timeout "$limit" "$@" 2>&1 | tee -a "$out/$log"; echo "== rc=${PIPESTATUS[0]}" | tee -a "$out/$log"; }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv > "$out/device.txt" 2>&1
step 30 device.txt "$lc" gpu info
step 130 verify.txt "$lc" gpu verify --cases 1200 --huge
step 150 atoms.txt "$lc" gpu atoms --verify
step 150 bench.txt "$lc" gpu bench --reps 20
step 60 banks.txt "$lc" gpu banks
A="(65536,65536):(65536,1)"; B="((256,256),(256,256)):((256,16777216),(1,65536))"
step 40 check.txt "$lc" check compose "$A" "$B" --backend gpu
step 40 check.txt "$lc" check compose "(12,34,56,78,2400):(356428800,4368,78,1,148512)" "(34,12,56,78,2400):(12,1,408,22848,1782144)" --backend gpu
step 60 check.txt "$lc" check compose "$A" "$B" --backend cpu
step 100 junit.txt "$here/runtime/bin/java" -jar "$here/tests/junit.jar" execute --class-path "$here/layoutcat.jar:$here/tests/test-classes" \
  --select-class org.layoutcat.gpu.cuda.GpuBackendTest --select-class org.layoutcat.gpu.BackendsTest --details=tree --disable-banner --disable-ansi-colors
step 60 bench-cpu.txt "$lc" gpu bench --backend cpu --reps 5
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv >> "$out/device.txt" 2>&1
