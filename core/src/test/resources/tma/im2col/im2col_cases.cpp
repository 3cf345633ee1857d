// The golden cases of TmaIm2colDescriptorTest: CuTe C++'s make_im2col_tma_copy on the host, its driver call printed
// by encode_im2col_stub.h. Build and run (no GPU needed), from this folder, with the CUTLASS headers:
//   g++ -std=c++17 -w -I $CUTLASS/include -I /usr/local/cuda/include im2col_cases.cpp -o cases && ./cases > im2col_cases.txt
#include "encode_im2col_stub.h"
static cudaError_t my_cudaDriverGetVersion(int* v) { *v = 13000; return cudaSuccess; }
#define cudaDriverGetVersion my_cudaDriverGetVersion
#define CUTLASS_ENABLE_DIRECT_CUDA_DRIVER_CALL 1
#include <cute/tensor.hpp>
#include <cute/atom/copy_traits_sm90_im2col.hpp>
#include <cute/atom/mma_traits_sm90_gmma.hpp>
using namespace cute;
// gl: the activation as CUTLASS's fprop takes it, ((W[,H[,D]],N),C); sl: the (M,K) tile in shared memory
template <class T, class GL, class SL, class MC, class LC, class UC, class LP, class UP, class TS, class LS, class DS>
void run_case(const char* id, GL gl, SL sl, MC mc, LC lc, UC uc, LP lp, UP up, TS ts, LS ls, DS ds) {
  T* gptr = reinterpret_cast<T*>(1024);
  Tensor g = make_tensor(make_gmem_ptr(gptr), gl);
  printf("#case %s\n#gmem ", id); print(gl); printf("\n#smem "); print(sl); printf("\n#bits %d\n#multicast %d\n", int(sizeof_bits_v<T>), int(size(mc)));
  printf("#lower_corner "); print(lc); printf("\n#upper_corner "); print(uc); printf("\n#lower_padding "); print(lp);
  printf("\n#upper_padding "); print(up); printf("\n#stride "); print(ts); printf("\n#lower_srt "); print(ls); printf("\n#dilation "); print(ds); printf("\n");
  auto op = conditional_return<decltype(size(mc) == Int<1>{})::value>(SM90_TMA_LOAD_IM2COL{}, SM90_TMA_LOAD_IM2COL_MULTICAST{});
  auto tma = make_im2col_tma_copy(op, g, sl, product_each(shape(sl)), mc, lc, uc, lp, up, ts, ls, ds);
  printf("#bits_per_tma "); print(size<1>(typename decltype(tma)::RefLayout{})); printf("\n");
  auto t = tma.get_tma_tensor(shape(g));
  printf("#tensor_origin "); print(t.data().coord_); printf("\n");
  printf("#tensor_outer_shape "); print(transform_leaf(t.layout().layout_a().shape(), [](auto x) { return int(x); })); printf("\n");
  printf("#tensor_outer_stride "); print(t.layout().layout_a().stride()); printf("\n");
  printf("#tensor_inner "); print(t.layout().layout_b()); printf("\n");
  printf("#tiler "); print(typename decltype(tma)::Tiler_MN{}); printf("\n");
  printf("#tv "); print(typename decltype(tma)::TiledLayout_TV{}); printf("\n");
  printf("#end\n");
}
int main() {
  using H = cute::half_t; using F = float;
  // NHWC 2-D fprop: N=2, H=W=16, C=64; 3x3 filter, padding 1, stride 1, dilation 1 (corners as CUTLASS computes them, WH order)
  auto nhwc = make_layout(make_shape(make_shape(16,16,2),64), make_stride(make_stride(64,64*16,64*16*16),_1{}));
  auto swk128h = tile_to_shape(GMMA::Layout_K_SW128_Atom<H>{}, make_shape(_128{},_64{}));
  run_case<H>("nhwc-3x3-pad1", nhwc, swk128h, Int<1>{}, make_shape(-1,-1), make_shape(-1,-1), make_shape(1,1), make_shape(1,1), make_shape(1,1), make_shape(0,0), make_shape(1,1));
  run_case<H>("nhwc-3x3-pad1-mc2", nhwc, swk128h, Int<2>{}, make_shape(-1,-1), make_shape(-1,-1), make_shape(1,1), make_shape(1,1), make_shape(1,1), make_shape(0,0), make_shape(1,1));
  // stride 2, dilation 2, 3x3, padding 2: upper = pad - (3-1)*dil = -2
  run_case<H>("nhwc-3x3-s2-d2", nhwc, swk128h, Int<1>{}, make_shape(-2,-2), make_shape(-2,-2), make_shape(2,2), make_shape(2,2), make_shape(2,2), make_shape(0,0), make_shape(2,2));
  auto swk64h = tile_to_shape(GMMA::Layout_K_SW64_Atom<H>{}, make_shape(_64{},_32{}));
  run_case<H>("nhwc-sw64-64x32", nhwc, swk64h, Int<1>{}, make_shape(-1,-1), make_shape(-1,-1), make_shape(1,1), make_shape(1,1), make_shape(1,1), make_shape(0,0), make_shape(1,1));
  // NWC 1-D: N=4, W=100, C=32, f32, filter 5 padding 2
  auto nwc = make_layout(make_shape(make_shape(100,4),32), make_stride(make_stride(32,3200),_1{}));
  auto swk128f = tile_to_shape(GMMA::Layout_K_SW128_Atom<F>{}, make_shape(_64{},_32{}));
  run_case<F>("nwc-5-pad2", nwc, swk128f, Int<1>{}, make_shape(-2), make_shape(-2), make_shape(2), make_shape(2), make_shape(1), make_shape(0), make_shape(1));
  // NDHWC 3-D: N=1, D=8, H=8, W=8, C=128, f16, 3x3x3 padding 1
  auto ndhwc = make_layout(make_shape(make_shape(8,8,8,1),128), make_stride(make_stride(128,1024,8192,65536),_1{}));
  run_case<H>("ndhwc-3x3x3-pad1", ndhwc, swk128h, Int<1>{}, make_shape(-1,-1,-1), make_shape(-1,-1,-1), make_shape(1,1,1), make_shape(1,1,1), make_shape(1,1,1), make_shape(0,0,0), make_shape(1,1,1));
  // bf16, GMMA K-SW32 atom tile (64,16), 3x3 stride 1 padding 1, multicast 4
  auto swk32b = tile_to_shape(GMMA::Layout_K_SW32_Atom<cute::bfloat16_t>{}, make_shape(_64{},_16{}));
  run_case<cute::bfloat16_t>("nhwc-bf16-sw32-mc4", nhwc, swk32b, Int<4>{}, make_shape(-1,-1), make_shape(-1,-1), make_shape(1,1), make_shape(1,1), make_shape(1,1), make_shape(0,0), make_shape(1,1));
  // wgrad's activation as CUTLASS's collective takes it, (C,(W,H,N)), its (C,pixels) tile C-contiguous (GMMA MN-major
  // atom); 3x3 filter over a 16x16 output, padding 1: lower -1, upper 1 - (16 - 1) = -14
  auto cwhn = make_layout(make_shape(64, make_shape(16,16,2)), make_stride(_1{}, make_stride(64,1024,16384)));
  auto swmn128h = tile_to_shape(GMMA::Layout_MN_SW128_Atom<H>{}, make_shape(_64{},_128{}));
  run_case<H>("wgrad-cwhn-mn-sw128", cwhn, swmn128h, Int<1>{}, make_shape(-1,-1), make_shape(-14,-14), make_shape(1,1), make_shape(1,1), make_shape(1,1), make_shape(0,0), make_shape(1,1));
  // no swizzle, 1x1 filter without padding
  run_case<H>("nhwc-1x1-interleave", nhwc, make_layout(make_shape(_64{},_64{}), GenRowMajor{}), Int<1>{}, make_shape(0,0), make_shape(0,0), make_shape(0,0), make_shape(0,0), make_shape(1,1), make_shape(0,0), make_shape(1,1));
}
