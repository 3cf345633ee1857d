// umma-partition-cute.cpp -- CuTe C++'s partition_A/B/C of the SM100 UMMA atoms and two SM120 atoms, computed on
// the host. Written by umma-partition-cute.py beside it (the choice of cases is there); do not edit by hand.
//
// Headers: CUTLASS 4.7.0 (cutlass/version.h: CUTLASS_MAJOR 4, MINOR 7, PATCH 0) from /work/cutlass/include.
// Compile: g++ -std=c++17 -O0 -I/work/cutlass/include -I/usr/local/cuda/include \
//            -I/usr/local/cuda/include/cccl umma-partition-cute.cpp -o umma-partition-cute
// Run:     ./umma-partition-cute > umma-partition-cute.jsonl
//
// Each line: "mma" (the type as written here), "atom_layout", "operand" (A, B or C), "tensor" (the counting tensor's
// layout), "thread", and thr_mma.partition_X(tensor)'s "layout" and "offset" (*data() of the counting tensor).
#include <cstdio>
#include <cute/tensor.hpp>

using namespace cute;


template <class Op, int AM, int AN, int TM, int TN, int TK, bool RowMajor>
void emit(const char* spelled)
{
  auto mma = make_tiled_mma(Op{}, Layout<Shape<Int<AM>, Int<AN>, _1>>{});
  auto mk = [](auto rows, auto cols) {
    if constexpr (RowMajor) return make_layout(make_shape(rows, cols), LayoutRight{});
    else return make_layout(make_shape(rows, cols), LayoutLeft{});
  };
  auto tA = make_tensor(counting_iterator<int>{0}, mk(Int<TM>{}, Int<TK>{}));
  auto tB = make_tensor(counting_iterator<int>{0}, mk(Int<TN>{}, Int<TK>{}));
  auto tC = make_tensor(counting_iterator<int>{0}, mk(Int<TM>{}, Int<TN>{}));
  int last = int(size(mma)) - 1;
  for (int thread : {0, last}) {
    auto thr = mma.get_slice(thread);
    auto pa = thr.partition_A(tA);
    auto pb = thr.partition_B(tB);
    auto pc = thr.partition_C(tC);
    printf("{\"mma\": \"%s\", \"atom_layout\": \"%dx%dx1\", \"thread\": \"%d\", ", spelled, AM, AN, thread);
    printf("\"tensor_a\": \""); print(tA.layout()); printf("\", \"a\": \""); print(pa.layout());
    printf("\", \"a_offset\": \"%d\", ", int(*pa.data()));
    printf("\"tensor_b\": \""); print(tB.layout()); printf("\", \"b\": \""); print(pb.layout());
    printf("\", \"b_offset\": \"%d\", ", int(*pb.data()));
    printf("\"tensor_c\": \""); print(tC.layout()); printf("\", \"c\": \""); print(pc.layout());
    printf("\", \"c_offset\": \"%d\"}\n", int(*pc.data()));
    if (last == 0) break;
  }
}

#define CASE(AM, AN, TM, TN, TK, ROW, ...) emit<__VA_ARGS__, AM, AN, TM, TN, TK, ROW>(#__VA_ARGS__)

int main()
{
  CASE(1, 1, 128, 64, 16, false, SM100_MMA_TF32_SS<tfloat32_t,tfloat32_t,float,64,32,UMMA::Major::K,UMMA::Major::MN>);
  CASE(2, 1, 256, 64, 16, true, SM100_MMA_TF32_SS<tfloat32_t,tfloat32_t,float,64,32,UMMA::Major::K,UMMA::Major::MN>);
  CASE(1, 2, 128, 128, 16, false, SM100_MMA_TF32_SS<tfloat32_t,tfloat32_t,float,64,32,UMMA::Major::K,UMMA::Major::MN>);
  CASE(2, 2, 256, 128, 16, true, SM100_MMA_TF32_SS<tfloat32_t,tfloat32_t,float,64,32,UMMA::Major::K,UMMA::Major::MN>);
  CASE(1, 1, 256, 512, 32, false, SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,UMMA::Major::K,UMMA::Major::K>);
  CASE(2, 1, 512, 512, 32, true, SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,UMMA::Major::K,UMMA::Major::K>);
  CASE(1, 2, 256, 1024, 32, false, SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,UMMA::Major::K,UMMA::Major::K>);
  CASE(2, 2, 512, 1024, 32, true, SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,UMMA::Major::K,UMMA::Major::K>);
  CASE(1, 1, 256, 128, 32, false, SM100_MMA_F16BF16_TS<bfloat16_t,bfloat16_t,float,128,64,UMMA::Major::K,UMMA::Major::MN>);
  CASE(2, 1, 512, 128, 32, true, SM100_MMA_F16BF16_TS<bfloat16_t,bfloat16_t,float,128,64,UMMA::Major::K,UMMA::Major::MN>);
  CASE(1, 2, 256, 256, 32, false, SM100_MMA_F16BF16_TS<bfloat16_t,bfloat16_t,float,128,64,UMMA::Major::K,UMMA::Major::MN>);
  CASE(2, 2, 512, 256, 32, true, SM100_MMA_F16BF16_TS<bfloat16_t,bfloat16_t,float,128,64,UMMA::Major::K,UMMA::Major::MN>);
  CASE(1, 1, 128, 16, 64, false, SM100_MMA_S8_SS<int8_t,uint8_t,int32_t,64,8,UMMA::Major::MN,UMMA::Major::K>);
  CASE(2, 1, 256, 16, 64, true, SM100_MMA_S8_SS<int8_t,uint8_t,int32_t,64,8,UMMA::Major::MN,UMMA::Major::K>);
  CASE(1, 2, 128, 32, 64, false, SM100_MMA_S8_SS<int8_t,uint8_t,int32_t,64,8,UMMA::Major::MN,UMMA::Major::K>);
  CASE(2, 2, 256, 32, 64, true, SM100_MMA_S8_SS<int8_t,uint8_t,int32_t,64,8,UMMA::Major::MN,UMMA::Major::K>);
  CASE(1, 1, 128, 48, 64, false, SM100_MMA_F8F6F4_TS<float_e4m3_t,float_e2m1_t,half_t,64,24,UMMA::Major::K,UMMA::Major::K>);
  CASE(2, 1, 256, 48, 64, true, SM100_MMA_F8F6F4_TS<float_e4m3_t,float_e2m1_t,half_t,64,24,UMMA::Major::K,UMMA::Major::K>);
  CASE(1, 2, 128, 96, 64, false, SM100_MMA_F8F6F4_TS<float_e4m3_t,float_e2m1_t,half_t,64,24,UMMA::Major::K,UMMA::Major::K>);
  CASE(2, 2, 256, 96, 64, true, SM100_MMA_F8F6F4_TS<float_e4m3_t,float_e2m1_t,half_t,64,24,UMMA::Major::K,UMMA::Major::K>);
  CASE(1, 1, 256, 96, 64, false, SM100_MMA_F16BF16_SS_SPARSE<half_t,half_t,float,128,48,UMMA::Major::K,UMMA::Major::K>);
  CASE(2, 1, 512, 96, 64, true, SM100_MMA_F16BF16_SS_SPARSE<half_t,half_t,float,128,48,UMMA::Major::K,UMMA::Major::K>);
  CASE(1, 2, 256, 192, 64, false, SM100_MMA_F16BF16_SS_SPARSE<half_t,half_t,float,128,48,UMMA::Major::K,UMMA::Major::K>);
  CASE(2, 2, 512, 192, 64, true, SM100_MMA_F16BF16_SS_SPARSE<half_t,half_t,float,128,48,UMMA::Major::K,UMMA::Major::K>);
  CASE(1, 1, 256, 256, 64, false, SM100_MMA_MXF8F6F4_SS<float_e4m3_t,float_e4m3_t,float,float_ue8m0_t,128,128,UMMA::Major::K,UMMA::Major::K>);
  CASE(2, 1, 512, 256, 64, true, SM100_MMA_MXF8F6F4_SS<float_e4m3_t,float_e4m3_t,float,float_ue8m0_t,128,128,UMMA::Major::K,UMMA::Major::K>);
  CASE(1, 2, 256, 512, 64, false, SM100_MMA_MXF8F6F4_SS<float_e4m3_t,float_e4m3_t,float,float_ue8m0_t,128,128,UMMA::Major::K,UMMA::Major::K>);
  CASE(2, 2, 512, 512, 64, true, SM100_MMA_MXF8F6F4_SS<float_e4m3_t,float_e4m3_t,float,float_ue8m0_t,128,128,UMMA::Major::K,UMMA::Major::K>);
  CASE(1, 1, 256, 128, 128, false, SM100_MMA_MXF4_SS<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,128,64,16,UMMA::Major::K,UMMA::Major::K>);
  CASE(2, 1, 512, 128, 128, true, SM100_MMA_MXF4_SS<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,128,64,16,UMMA::Major::K,UMMA::Major::K>);
  CASE(1, 2, 256, 256, 128, false, SM100_MMA_MXF4_SS<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,128,64,16,UMMA::Major::K,UMMA::Major::K>);
  CASE(2, 2, 512, 256, 128, true, SM100_MMA_MXF4_SS<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,128,64,16,UMMA::Major::K,UMMA::Major::K>);
  CASE(1, 1, 256, 64, 256, false, SM100_MMA_MXF4NVF4_SS_SPARSE<float_e2m1_t,float_e2m1_t,float,float_ue8m0_t,128,32,64,UMMA::Major::K,UMMA::Major::K>);
  CASE(2, 1, 512, 64, 256, true, SM100_MMA_MXF4NVF4_SS_SPARSE<float_e2m1_t,float_e2m1_t,float,float_ue8m0_t,128,32,64,UMMA::Major::K,UMMA::Major::K>);
  CASE(1, 2, 256, 128, 256, false, SM100_MMA_MXF4NVF4_SS_SPARSE<float_e2m1_t,float_e2m1_t,float,float_ue8m0_t,128,32,64,UMMA::Major::K,UMMA::Major::K>);
  CASE(2, 2, 512, 128, 256, true, SM100_MMA_MXF4NVF4_SS_SPARSE<float_e2m1_t,float_e2m1_t,float,float_ue8m0_t,128,32,64,UMMA::Major::K,UMMA::Major::K>);
  CASE(1, 1, 512, 256, 32, false, SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,128,UMMA::Major::K,UMMA::Major::MN>);
  CASE(2, 1, 1024, 256, 32, true, SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,128,UMMA::Major::K,UMMA::Major::MN>);
  CASE(1, 2, 512, 512, 32, false, SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,128,UMMA::Major::K,UMMA::Major::MN>);
  CASE(2, 2, 1024, 512, 32, true, SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,128,UMMA::Major::K,UMMA::Major::MN>);
  CASE(1, 1, 256, 128, 16, false, SM100_MMA_TF32_2x1SM_TS<tfloat32_t,tfloat32_t,float,128,64,UMMA::Major::K,UMMA::Major::K>);
  CASE(2, 1, 512, 128, 16, true, SM100_MMA_TF32_2x1SM_TS<tfloat32_t,tfloat32_t,float,128,64,UMMA::Major::K,UMMA::Major::K>);
  CASE(1, 2, 256, 256, 16, false, SM100_MMA_TF32_2x1SM_TS<tfloat32_t,tfloat32_t,float,128,64,UMMA::Major::K,UMMA::Major::K>);
  CASE(2, 2, 512, 256, 16, true, SM100_MMA_TF32_2x1SM_TS<tfloat32_t,tfloat32_t,float,128,64,UMMA::Major::K,UMMA::Major::K>);
  CASE(1, 1, 512, 64, 128, false, SM100_MMA_S8_2x1SM_SS_SPARSE<int8_t,int8_t,int32_t,256,32,UMMA::Major::MN,UMMA::Major::MN>);
  CASE(2, 1, 1024, 64, 128, true, SM100_MMA_S8_2x1SM_SS_SPARSE<int8_t,int8_t,int32_t,256,32,UMMA::Major::MN,UMMA::Major::MN>);
  CASE(1, 2, 512, 128, 128, false, SM100_MMA_S8_2x1SM_SS_SPARSE<int8_t,int8_t,int32_t,256,32,UMMA::Major::MN,UMMA::Major::MN>);
  CASE(2, 2, 1024, 128, 128, true, SM100_MMA_S8_2x1SM_SS_SPARSE<int8_t,int8_t,int32_t,256,32,UMMA::Major::MN,UMMA::Major::MN>);
  CASE(1, 1, 256, 96, 64, false, SM100_MMA_F8F6F4_2x1SM_SS<float_e5m2_t,float_e4m3_t,float,128,48,UMMA::Major::K,UMMA::Major::K>);
  CASE(2, 1, 512, 96, 64, true, SM100_MMA_F8F6F4_2x1SM_SS<float_e5m2_t,float_e4m3_t,float,128,48,UMMA::Major::K,UMMA::Major::K>);
  CASE(1, 2, 256, 192, 64, false, SM100_MMA_F8F6F4_2x1SM_SS<float_e5m2_t,float_e4m3_t,float,128,48,UMMA::Major::K,UMMA::Major::K>);
  CASE(2, 2, 512, 192, 64, true, SM100_MMA_F8F6F4_2x1SM_SS<float_e5m2_t,float_e4m3_t,float,128,48,UMMA::Major::K,UMMA::Major::K>);
  CASE(1, 1, 512, 512, 128, false, SM100_MMA_MXF4_2x1SM_SS<float_e2m1_t,float_e2m1_t,float,float_ue8m0_t,256,256,32,UMMA::Major::K,UMMA::Major::K>);
  CASE(2, 1, 1024, 512, 128, true, SM100_MMA_MXF4_2x1SM_SS<float_e2m1_t,float_e2m1_t,float,float_ue8m0_t,256,256,32,UMMA::Major::K,UMMA::Major::K>);
  CASE(1, 2, 512, 1024, 128, false, SM100_MMA_MXF4_2x1SM_SS<float_e2m1_t,float_e2m1_t,float,float_ue8m0_t,256,256,32,UMMA::Major::K,UMMA::Major::K>);
  CASE(2, 2, 1024, 1024, 128, true, SM100_MMA_MXF4_2x1SM_SS<float_e2m1_t,float_e2m1_t,float,float_ue8m0_t,256,256,32,UMMA::Major::K,UMMA::Major::K>);
  CASE(1, 1, 32, 16, 64, false, SM120_16x8x32_TN<float_e4m3_t,float_e2m1_t,float>);
  CASE(2, 1, 64, 16, 64, true, SM120_16x8x32_TN<float_e4m3_t,float_e2m1_t,float>);
  CASE(1, 2, 32, 32, 64, false, SM120_16x8x32_TN<float_e4m3_t,float_e2m1_t,float>);
  CASE(2, 2, 64, 32, 64, true, SM120_16x8x32_TN<float_e4m3_t,float_e2m1_t,float>);
  CASE(1, 1, 32, 16, 128, false, SM120::BLOCKSCALED::SM120_16x8x64_TN_VS<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,16>);
  CASE(2, 1, 64, 16, 128, true, SM120::BLOCKSCALED::SM120_16x8x64_TN_VS<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,16>);
  CASE(1, 2, 32, 32, 128, false, SM120::BLOCKSCALED::SM120_16x8x64_TN_VS<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,16>);
  CASE(2, 2, 64, 32, 128, true, SM120::BLOCKSCALED::SM120_16x8x64_TN_VS<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,16>);
  return 0;
}
