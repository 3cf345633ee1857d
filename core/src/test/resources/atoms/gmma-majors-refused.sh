#!/bin/sh
# gmma-majors-refused.sh -- the GMMA atom types CuTe C++ refuses: each is compiled alone in
# print(MMA_Atom<TYPE>{}) against CUTLASS 4.7.0 (/work/cutlass/include, with the SM90 GMMA atoms of every N),
# and the compiler's first error line is kept. Run: sh gmma-majors-refused.sh > gmma-majors-refused.jsonl
set -e
CUTLASS=${CUTLASS:-/work/cutlass/include}
dir=$(mktemp -d)
while IFS= read -r type; do
  [ -z "$type" ] && continue
  cat > "$dir/t.cpp" <<CPP
#define CUTE_SM90_EXTENDED_MMA_SHAPES_ENABLED
#include <cute/tensor.hpp>
using namespace cute;
int main() { print(MMA_Atom<$type>{}); }
CPP
  if g++ -std=c++17 -fsyntax-only -I"$CUTLASS" -I/usr/local/cuda/include -I/usr/local/cuda/include/cccl "$dir/t.cpp" 2> "$dir/err"; then
    echo "compiled, not refused: $type" >&2; exit 1
  fi
  err=$(grep -m1 'error:' "$dir/err" | sed 's/^[^:]*:[0-9]*:[0-9]*: //; s/\\/\\\\/g; s/"/\\"/g' | tr -d '\342\200\230\231' )
  printf '{"mma": "%s", "cute_error": "%s"}\n' "$type" "$err"
done <<TYPES
SM90_64x64x8_F32TF32TF32_SS_TN<GMMA::Major::MN, GMMA::Major::K>
SM90_64x64x32_F32E4M3E4M3_SS_TN<GMMA::Major::K, GMMA::Major::K>
SM90_64x64x32_S32S8S8_SS_TN<GMMA::Major::MN, GMMA::Major::K>
SM90_64x64x32_S32S8S8_SS_TN<>
SM90_64x64x16_F32F16F16_RS<GMMA::Major::MN, GMMA::Major::K>
SM90_64x64x16_F16F16F16_RS<GMMA::Major::MN, GMMA::Major::MN>
SM90::GMMA::SPARSE::GMMA_64x64x32_F16F16F16_RS<GMMA::Major::MN, GMMA::Major::K>
SM90::GMMA::SPARSE::GMMA_64x64x16_F32TF32TF32_SS_TN<GMMA::Major::MN, GMMA::Major::K>
SM90_64x64x16_F32F16F16_SS<>
SM90_64x64x16_F32F16F16_SS<GMMA::Major::K>
SM90_64x64x16_F32F16F16_SS<GMMA::Major::K, GMMA::Major::K, GMMA::ScaleIn::One, GMMA::ScaleIn::One, GMMA::SparseSel::One>
SM90_64x64x16_F32F16F16_SS<GMMA::ScaleIn::One, GMMA::ScaleIn::One>
SM90_64x40x32_S32S8S8_SS_TN
SM90::GMMA::SPARSE::GMMA_64x40x64_S32S8S8_SS_TN<>
SM80_16x8x16_F16F16F16F16_TN<>
TYPES
rm -rf "$dir"
