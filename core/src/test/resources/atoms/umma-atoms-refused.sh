#!/bin/sh
# umma-atoms-refused.sh -- UMMA and SM120 atom types CuTe C++ refuses: each is compiled alone in
# print(MMA_Atom<TYPE>{}) with sizeof(TYPE) (which instantiates the operation, whose static_asserts state M, N and
# the majors) against CUTLASS 4.7.0 (/work/cutlass/include), and the compiler's first error line is kept. Each type
# comes with "rule": the text of the static_assert it breaks, as the header writes it (the header line is "header"),
# which layoutcat's refusal must name. Run: sh umma-atoms-refused.sh > umma-atoms-refused.jsonl
set -e
CUTLASS=${CUTLASS:-/work/cutlass/include}
dir=$(mktemp -d)
while IFS='|' read -r type header rule; do
  [ -z "$type" ] && continue
  cat > "$dir/t.cpp" <<CPP
#include <cute/tensor.hpp>
using namespace cute;
int main() { static_assert(sizeof($type) > 0); print(MMA_Atom<$type>{}); }
CPP
  if g++ -std=c++17 -fsyntax-only -I"$CUTLASS" -I/usr/local/cuda/include -I/usr/local/cuda/include/cccl "$dir/t.cpp" 2> "$dir/err"; then
    echo "compiled, not refused: $type" >&2; exit 1
  fi
  err=$(grep -m1 'error:' "$dir/err" | sed 's/^[^:]*:[0-9]*:[0-9]*: //; s/\\/\\\\/g; s/"/\\"/g' | tr -d '\342\200\230\231' )
  printf '{"mma": "%s", "header": "%s", "rule": "%s", "cute_error": "%s"}\n' "$type" "$header" "$rule" "$err"
done <<TYPES
SM100_MMA_F16BF16_SS<half_t,half_t,float,96,128,UMMA::Major::K,UMMA::Major::K>|cute/arch/mma_sm100_umma.hpp:88|SM100_MMA_F16BF16 M-mode size should be 64 or 128 for 1 CTA cluster MMA.
SM100_MMA_F16BF16_SS<half_t,half_t,float,128,12,UMMA::Major::K,UMMA::Major::K>|cute/arch/mma_sm100_umma.hpp:90|SM100_MMA_F16BF16 N-mode size should be a multiple of 8 between 8 and 256.
SM100_MMA_F16BF16_TS<half_t,half_t,float,128,24,UMMA::Major::K,UMMA::Major::K>|cute/arch/mma_sm100_umma.hpp:177|or a multiple of 16 between 16 and 256 for M=128.
SM100_MMA_F16BF16_TS<half_t,half_t,float,128,64,UMMA::Major::MN,UMMA::Major::K>|cute/arch/mma_sm100_umma.hpp:178|SM100_MMA_F16BF16 A from TMEM can't be transposed
SM100_MMA_TF32_TS<tfloat32_t,tfloat32_t,float,64,64,UMMA::Major::MN,UMMA::Major::MN>|cute/arch/mma_sm100_umma.hpp:134|SM100_MMA_TF32 A from TMEM can't be transposed
SM100_MMA_TF32_2x1SM_TS<tfloat32_t,tfloat32_t,float,256,48,UMMA::Major::K,UMMA::Major::K>|cute/arch/mma_sm100_umma.hpp:596|SM100_MMA_TF32_2x1SM_TS N-mode size should be a multiple of 32 between 32 and 256.
SM100_MMA_TF32_2x1SM_SS<tfloat32_t,tfloat32_t,float,64,64,UMMA::Major::K,UMMA::Major::K>|cute/arch/mma_sm100_umma.hpp:514|SM100_MMA_TF32_2x1SM_SS M-mode size should be 128 or 256 for 2 CTA cluster MMA.
SM100_MMA_TF32_SS<float,float,float,128,64,UMMA::Major::K,UMMA::Major::K>|cute/arch/mma_sm100_desc.hpp:405|Unknown type for UMMAFormat
SM100_MMA_F16BF16_SS<float_e4m3_t,float_e4m3_t,float,128,64,UMMA::Major::K,UMMA::Major::K>|cute/atom/mma_traits_sm100.hpp:229|SM100_MMA_F16BF16_SS supports 16bit types
SM100_MMA_S8_SS<int8_t,int8_t,int32_t,128,24,UMMA::Major::K,UMMA::Major::K>|cute/arch/mma_sm100_umma.hpp:972|SM100_MMA_S8_SS N-mode size should be 8 or a multiple of 16 between 16 and 256.
SM100_MMA_S8_SS<int8_t,int8_t,float,128,64,UMMA::Major::K,UMMA::Major::K>|cute/arch/mma_sm100_umma.hpp:970|SM100_MMA_S8_SS result type can only be int32_t.
SM100_MMA_S8_2x1SM_TS<int8_t,int8_t,int32_t,128,64,UMMA::Major::MN,UMMA::Major::K>|cute/arch/mma_sm100_umma.hpp:1135|SM100_MMA_S8_2x1SM_TS A from TMEM can't be transposed
SM100_MMA_S8_2x1SM_SS_SPARSE<int8_t,int8_t,int32_t,256,48,UMMA::Major::K,UMMA::Major::K>|cute/arch/mma_sm100_umma.hpp:1175|SM100_MMA_S8 N-mode size should be a multiple of 32 between 32 and 256.
SM100_MMA_F8F6F4_SS<float_e4m3_t,float_e4m3_t,float,128,24,UMMA::Major::K,UMMA::Major::MN>|cute/atom/mma_traits_sm100.hpp:2476|SM100_MMA_F8F6F4_SS N-mode size should be a multiple of 16 between 16 and 256 when B is MN major.
SM100_MMA_F8F6F4_SS<float_e4m3_t,float_e4m3_t,float,32,64,UMMA::Major::K,UMMA::Major::K>|cute/atom/mma_traits_sm100.hpp:2473|SM100_MMA_F8F6F4_SS M-mode size should be 64 or 128 for 1 CTA cluster MMA.
SM100_MMA_F8F6F4_2x1SM_SS<float_e4m3_t,float_e4m3_t,float,256,48,UMMA::Major::K,UMMA::Major::MN>|cute/atom/mma_traits_sm100.hpp:2893|SM100_MMA_F8F6F4_2x1SM_SS N-mode size should be a multiple of 32 between 32 and 256 when B is MN major.
SM100_MMA_F8F6F4_TS<float_e4m3_t,float_e4m3_t,float,64,64,UMMA::Major::MN,UMMA::Major::K>|cute/arch/mma_sm100_umma.hpp:1299|SM100_MMA_F8F6F4_TS A from TMEM can't be transposed
SM100_MMA_F8F6F4_SS_SPARSE<float_e4m3_t,float_e4m3_t,float,128,8,UMMA::Major::K,UMMA::Major::K>|cute/arch/mma_sm100_umma.hpp:1382|SM100_MMA_F8F6F4_SS_SPARSE N-mode size should be a multiple of 8 between 8 and 256 for M=64,
SM100_MMA_MXF8F6F4_SS<float_e4m3_t,float_e4m3_t,float,float_ue8m0_t,64,64,UMMA::Major::K,UMMA::Major::K>|cute/arch/mma_sm100_umma.hpp:1252|SM100_MMA_MXF8F6F4_SS M-mode size should be 64 or 128 for 1 CTA cluster MMA.
SM100_MMA_MXF8F6F4_2x1SM_SS<float_e4m3_t,float_e4m3_t,float,float_ue8m0_t,128,64,UMMA::Major::K,UMMA::Major::K>|cute/arch/mma_sm100_umma.hpp:1543|SM100_MMA_MXF8F6F4_2x1SM_SS M-mode size should be 128 or 256 for 2 CTA cluster MMA.
SM100_MMA_MXF4_SS<float_e2m1_t,float_e2m1_t,float,float_ue8m0_t,128,64,64,UMMA::Major::K,UMMA::Major::K>|cute/arch/mma_sm100_umma.hpp:1626|SM100_MMA_MXF4_SS Vector size can only be 16 or 32.
SM100_MMA_MXF4_SS<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,128,64,32,UMMA::Major::K,UMMA::Major::K>|cute/atom/mma_traits_sm100.hpp:3323|2x mode (VectorSize=32) only supports a_type and b_type=float_e2m1_t or cutlass::type_erased_dynamic_float4_t and sf_type=ue8m0_t
SM100_MMA_MXF4_SS<float_e4m3_t,float_e4m3_t,float,float_ue8m0_t,128,64,16,UMMA::Major::K,UMMA::Major::K>|cute/atom/mma_traits_sm100.hpp:3307|SM100_MMA_MXF4_SS supports 4bit types
SM100_MMA_MXF4NVF4_SS_SPARSE<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,128,64,64,UMMA::Major::K,UMMA::Major::K>|cute/atom/mma_traits_sm100.hpp:3417|2x mode (VectorSize=64) only supports a_type and b_type=float_e2m1_t
SM100_MMA_F16BF16_2x1SM_SS_SPARSE<half_t,half_t,float,256,40,UMMA::Major::K,UMMA::Major::K>|cute/arch/mma_sm100_umma.hpp:930|SM100_MMA_F16BF16_2x1SM_SS_SPARSE N-mode size should be a multiple of 16 between 16 and 256.
SM120_16x8x32_TN<half_t,half_t,float>|cute/arch/mma_sm120.hpp:47|No MMA matches SM120_16x8x32_TN for given data types.
SM120_16x8x32_TN<float_e4m3_t,float_e4m3_t,int32_t>|cute/arch/mma_sm120.hpp:47|No MMA matches SM120_16x8x32_TN for given data types.
SM120::BLOCKSCALED::SM120_16x8x32_TN_VS<float_e4m3_t,float_e4m3_t,float,float_ue4m3_t,32>|cute/arch/mma_sm120.hpp:1767|No MMA matches SM120_16x8x32_TN_VS for given data types.
SM120::BLOCKSCALED::SM120_16x8x64_TN_VS<float_e4m3_t,float_e4m3_t,float,float_ue8m0_t,32>|cute/arch/mma_sm120.hpp:1775|No MMA matches SM120_16x8x64_TN_VS for given data types.
TYPES
