#!/bin/bash
# Builds and runs encode_rules on a machine with a Hopper GPU; the table goes to stdout (and $OUT/encode_rules.txt where set).
set -e
cd "$(dirname "$0")"
cuda=${CUDA_HOME:-/usr/local/cuda}
g++ -O2 -I"$cuda/include" encode_rules.cpp -o /tmp/encode-rules -ldl
/tmp/encode-rules | tee ${OUT:+$OUT/encode_rules.txt}
