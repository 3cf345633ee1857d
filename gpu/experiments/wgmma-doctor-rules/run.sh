#!/bin/bash
# Builds and runs the rules probe on a machine with a Hopper GPU; the table goes to stdout (and $OUT/rules.txt where set).
set -e
cd "$(dirname "$0")"
cuda=${CUDA_HOME:-/usr/local/cuda}
gcc -O2 -I"$cuda/include" rules.c -o /tmp/wgmma-rules -ldl
/tmp/wgmma-rules ../wgmma-base-offset/probe.ptx | tee ${OUT:+$OUT/rules.txt}
