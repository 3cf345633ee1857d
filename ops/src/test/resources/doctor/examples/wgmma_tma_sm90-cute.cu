// wgmma_tma_sm90-cute.cu -- the wgmma descriptors and the tensor maps of CUTLASS's
// examples/cute/tutorial/hopper/wgmma_tma_sm90.cu (commit 7107b05535f8977f5ecb9d01ee203205b1fd9bc4), both host
// functions, with the example's shapes and types (TA = TB = half_t; main's m = 512, n = 256, k = 1024;
// bM = bN = 128, bK = 64, bP = 3):
//   gemm_nt (transA 'N', transB 'T'): dA = (1, ldA = m), dB = (1, ldB = n),
//            sA = tile_to_shape(GMMA::Layout_MN_SW128_Atom<TA>, (bM,bK,bP)), sB likewise with bN,
//            make_tiled_mma(SM90_64x64x16_F16F16F16_SS<GMMA::Major::MN,GMMA::Major::MN>{});
//   gemm_tn (transA 'T', transB 'N'): dA = (ldA = k, 1), dB = (ldB = k, 1),
//            sA = tile_to_shape(GMMA::Layout_K_SW128_Atom<TA>, (bM,bK,bP)), sB likewise with bN,
//            make_tiled_mma(SM90_64x64x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::K>{});
//   both: make_tma_atom(SM90_TMA_LOAD{}, mA, sA(_,_,0), make_shape(bM,bK)), and B with (bN,bK).
// Against CUTLASS 4.7.0's headers. It prints, as JSON lines:
//   {"kind":"tma-begin", ...}  the example, host function, operand, global tensor and stage, followed by
//   {"dataType":...}           the arguments make_tma_atom passes to cuTensorMapEncodeTiled (../encode_stub.h prints
//                              them in place of the driver), A at the global address 0x10000, B at 0x200000;
//   {"kind":"gmma", ...}       every descriptor the mainloop hands wgmma (hopper_gmma.h).
// CuTe encodes a tensor map only where nvcc compiles it and nvcc's __cvta_generic_to_shared cannot stand in on the
// host, so it is built twice (no GPU needed), from this folder:
//   nvcc -std=c++17 --expt-relaxed-constexpr -w -I/work/cutlass/include wgmma_tma_sm90-cute.cu -o tma && ./tma > wgmma_tma_sm90-cute.jsonl
//   g++ -std=c++17 -x c++ -I/work/cutlass/include -I/usr/local/cuda/include -I/usr/local/cuda/include/cccl \
//       wgmma_tma_sm90-cute.cu -o gmma && ./gmma >> wgmma_tma_sm90-cute.jsonl
#include <cstddef>
#include <cstdint>
#if !defined(__CUDACC__)
#define CUTE_CVTA_GENERIC_TO_SHARED_ACTIVATED 1
inline size_t __cvta_generic_to_shared(const void* p) { return reinterpret_cast<size_t>(p); }
#endif
#define CUTLASS_ENABLE_DIRECT_CUDA_DRIVER_CALL 1
#include "../encode_stub.h"
#include <cute/tensor.hpp>
#include <cute/atom/copy_traits_sm90_tma.hpp>
#include "hopper_gmma.h"
using namespace cute;

template <class TA, class TB, class SA, class SB, class TiledMma, class DA, class DB>
void example(char const* variant, char const* major, int M, int N, int K, DA dA, DB dB, SA sA, SB sB, TiledMma tiled_mma) {
  auto bM = Int<128>{}; auto bN = Int<128>{}; auto bK = Int< 64>{};
#if defined(__CUDACC__)
  Tensor mA = make_tensor(make_gmem_ptr(reinterpret_cast<TA const*>(0x10000)), make_shape(M,K), dA);
  Tensor mB = make_tensor(make_gmem_ptr(reinterpret_cast<TB const*>(0x200000)), make_shape(N,K), dB);
  printf("{\"kind\":\"tma-begin\",\"example\":\"wgmma_tma_sm90\",\"variant\":\"%s\",\"operand\":\"A\",\"gmem\":\"", variant);
  print(mA.layout()); printf("\",\"smem\":\""); print(sA(_,_,0)); printf("\"}\n");
  Copy_Atom tmaA = make_tma_atom(SM90_TMA_LOAD{}, mA, sA(_,_,0), make_shape(bM,bK));
  printf("{\"kind\":\"tma-begin\",\"example\":\"wgmma_tma_sm90\",\"variant\":\"%s\",\"operand\":\"B\",\"gmem\":\"", variant);
  print(mB.layout()); printf("\",\"smem\":\""); print(sB(_,_,0)); printf("\"}\n");
  Copy_Atom tmaB = make_tma_atom(SM90_TMA_LOAD{}, mB, sB(_,_,0), make_shape(bN,bK));
  (void)tmaA; (void)tmaB; (void)tiled_mma; (void)major;
#else
  (void)M; (void)N; (void)K; (void)dA; (void)dB; (void)bM; (void)bN; (void)bK;
  print_descriptors<TA, TB>("wgmma_tma_sm90", variant, major, sA, sB, tiled_mma);
#endif
}

int main() {
  using TA = half_t; using TB = half_t;
  int m = 512, n = 256, k = 1024;
  auto bM = Int<128>{}; auto bN = Int<128>{}; auto bK = Int< 64>{}; auto bP = Int<3>{};
  {  // gemm_nt: ldA = m, ldB = n
    auto dA = make_stride(Int<1>{}, m);
    auto dB = make_stride(Int<1>{}, n);
    auto sA = tile_to_shape(GMMA::Layout_MN_SW128_Atom<TA>{}, make_shape(bM,bK,bP));
    auto sB = tile_to_shape(GMMA::Layout_MN_SW128_Atom<TB>{}, make_shape(bN,bK,bP));
    TiledMMA tiled_mma = make_tiled_mma(SM90_64x64x16_F16F16F16_SS<GMMA::Major::MN,GMMA::Major::MN>{});
    example<TA, TB>("gemm_nt", "MN", m, n, k, dA, dB, sA, sB, tiled_mma);
  }
  {  // gemm_tn: ldA = k, ldB = k
    auto dA = make_stride(k, Int<1>{});
    auto dB = make_stride(k, Int<1>{});
    auto sA = tile_to_shape(GMMA::Layout_K_SW128_Atom<TA>{}, make_shape(bM,bK,bP));
    auto sB = tile_to_shape(GMMA::Layout_K_SW128_Atom<TB>{}, make_shape(bN,bK,bP));
    TiledMMA tiled_mma = make_tiled_mma(SM90_64x64x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::K>{});
    example<TA, TB>("gemm_tn", "K", m, n, k, dA, dB, sA, sB, tiled_mma);
  }
  return 0;
}
