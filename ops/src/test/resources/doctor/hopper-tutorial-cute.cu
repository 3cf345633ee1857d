// hopper-tutorial-cute.cu -- the shared-memory operands and TMA copies of CUTLASS's Hopper tutorial GEMM
// (examples/cute/tutorial/hopper/wgmma_sm90.cu, gemm_tn: bM=128, bN=128, bK=64, bP=3 stages,
// sA = tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, (bM,bK,bP)), sB likewise, TiledMMA of
// SM90_64x64x16_F16F16F16_SS<K,K> over 2x1x1 warpgroups, make_tma_atom(SM90_TMA_LOAD, mA, sA(_,_,0), (bM,bK))),
// computed on the host against CUTLASS 4.7.0's headers (/work/cutlass/include; cutlass/version.h 4.7.0).
//
// It prints, as JSON lines:
//   {"kind":"tma-begin", ...} the global tensor and the stage of A, then of B, each followed by
//   {"dataType":...}     the arguments make_tma_atom passes to cuTensorMapEncodeTiled (encode_stub.h prints them in
//                        place of the driver), the global address 0x10000 for A, 0x20000 for B;
//   {"kind":"gmma", ...} for every stage and k-block, the descriptor the tutorial's gemm hands wgmma
//                        (tCrA(_,_,k,p) of partition_fragment_A(sA), CuTe's DescriptorIterator) and the k-block's
//                        slice of the stage as CuTe prints it, the tile at shared address 0x400.
// Host start address: as in gmma-kloop-cute.cpp, CuTe's CUTE_CVTA_GENERIC_TO_SHARED path with an identity
// __cvta_generic_to_shared, so the start address field is ADDR>>4.
//
// CuTe encodes a tensor map only where nvcc compiles it (__CUDACC_VER_MAJOR__ >= 12), and nvcc's own
// __cvta_generic_to_shared cannot stand in on the host, so the program is built twice: by nvcc for the TMA lines,
// by g++ for the wgmma lines. Build and run (no GPU needed), from this folder:
//   nvcc -std=c++17 --expt-relaxed-constexpr -w -I/work/cutlass/include hopper-tutorial-cute.cu -o tma && ./tma > hopper-tutorial-cute.jsonl
//   g++ -std=c++17 -x c++ -I/work/cutlass/include -I/usr/local/cuda/include -I/usr/local/cuda/include/cccl \
//       hopper-tutorial-cute.cu -o gmma && ./gmma >> hopper-tutorial-cute.jsonl
#include <cstddef>
#include <cstdint>
#if !defined(__CUDACC__)
#define CUTE_CVTA_GENERIC_TO_SHARED_ACTIVATED 1
inline size_t __cvta_generic_to_shared(const void* p) { return reinterpret_cast<size_t>(p); }
#endif
#define CUTLASS_ENABLE_DIRECT_CUDA_DRIVER_CALL 1
#include "encode_stub.h" // prints the driver's arguments; stands in for cudaDriverGetVersion too
#include <cute/tensor.hpp>
#include <cute/atom/copy_traits_sm90_tma.hpp>
#include <cute/atom/mma_traits_sm90_gmma.hpp>
using namespace cute;

int main() {
  using TA = half_t; using TB = half_t;
  int M = 512, N = 256, K = 1024;
  auto bM = Int<128>{}; auto bN = Int<128>{}; auto bK = Int<64>{}; auto bP = Int<3>{};
  auto sA = tile_to_shape(GMMA::Layout_K_SW128_Atom<TA>{}, make_shape(bM, bK, bP));
  auto sB = tile_to_shape(GMMA::Layout_K_SW128_Atom<TB>{}, make_shape(bN, bK, bP));
  // gemm_tn: A is (M,K) with stride (K,1), B is (N,K) with stride (K,1)
  Tensor mA = make_tensor(make_gmem_ptr(reinterpret_cast<TA const*>(0x10000)), make_shape(M, K), make_stride(K, Int<1>{}));
  Tensor mB = make_tensor(make_gmem_ptr(reinterpret_cast<TB const*>(0x20000)), make_shape(N, K), make_stride(K, Int<1>{}));
#if defined(__CUDACC__)
  printf("{\"kind\":\"tma-begin\",\"operand\":\"A\",\"gmem\":\""); print(mA.layout()); printf("\",\"smem\":\""); print(sA(_,_,0)); printf("\"}\n");
  auto tmaA = make_tma_atom(SM90_TMA_LOAD{}, mA, sA(_,_,0), make_shape(bM, bK));
  printf("{\"kind\":\"tma-begin\",\"operand\":\"B\",\"gmem\":\""); print(mB.layout()); printf("\",\"smem\":\""); print(sB(_,_,0)); printf("\"}\n");
  auto tmaB = make_tma_atom(SM90_TMA_LOAD{}, mB, sB(_,_,0), make_shape(bN, bK));
  (void)tmaA; (void)tmaB;
#else

  TiledMMA mma = make_tiled_mma(SM90_64x64x16_F16F16F16_SS<GMMA::Major::K, GMMA::Major::K>{}, Layout<Shape<_2,_1,_1>>{});
  uintptr_t addrA = 0x400, addrB = 0x400 + 128 * 64 * 3 * 2;
  Tensor smemA = make_tensor(make_smem_ptr(reinterpret_cast<TA*>(addrA)), sA);
  Tensor smemB = make_tensor(make_smem_ptr(reinterpret_cast<TB*>(addrB)), sB);
  for (int thread : {0, 128}) {
    auto thr = mma.get_slice(thread);
    Tensor tCsA = thr.partition_A(smemA);
    Tensor tCrA = thr.make_fragment_A(tCsA);
    Tensor tCsB = thr.partition_B(smemB);
    Tensor tCrB = thr.make_fragment_B(tCsB);
    for (int p = 0; p < int(size<3>(tCrA)); ++p) {
      for (int k = 0; k < int(size<2>(tCrA)); ++k) {
        for (int which = 0; which < 2; ++which) {
          GmmaDescriptor d = which == 0 ? tCrA(0,0,k,p) : tCrB(0,0,k,p);
          printf("{\"kind\":\"gmma\",\"operand\":\"%s\",\"thread\":%d,\"stage\":%d,\"kblock\":%d,\"bits\":16,\"major\":\"K\",\"descriptor\":\"0x%016llx\",\"smem\":\"",
                 which == 0 ? "A" : "B", thread, p, k, (unsigned long long)d.desc_);
          // the warpgroup's (64,16) k-block of the stage, as the MMA atom sees it (its first MMA_M / MMA_N tile; tensor<0> as make_gmma_desc takes it)
          if (which == 0) print(tensor<0>(tCsA(_,0,k,p))); else print(tensor<0>(tCsB(_,0,k,p)));
          printf("\"}\n");
        }
      }
    }
  }
#endif
  return 0;
}
