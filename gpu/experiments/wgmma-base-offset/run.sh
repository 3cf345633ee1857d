#!/bin/bash
# Builds and runs the probe on a machine with a Hopper GPU; the table goes to stdout (and $OUT/probe.txt where set).
set -e
cd "$(dirname "$0")"
cuda=${CUDA_HOME:-/usr/local/cuda}
gcc -O2 -I"$cuda/include" probe.c -o /tmp/wgmma-probe -ldl
/tmp/wgmma-probe probe.ptx | tee ${OUT:+$OUT/probe.txt}
