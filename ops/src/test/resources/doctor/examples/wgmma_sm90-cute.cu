// wgmma_sm90-cute.cu -- the wgmma descriptors of CUTLASS's examples/cute/tutorial/hopper/wgmma_sm90.cu (commit
// 7107b05535f8977f5ecb9d01ee203205b1fd9bc4), both host functions, with the example's shapes and types
// (TA = TB = half_t; bM = bN = 128, bK = 64, bP = 3):
//   gemm_nt: sA = tile_to_shape(GMMA::Layout_MN_SW128_Atom<TA>, (bM,bK,bP)), sB likewise with bN,
//            make_tiled_mma(SM90_64x64x16_F16F16F16_SS<GMMA::Major::MN,GMMA::Major::MN>{});
//   gemm_tn: sA = tile_to_shape(GMMA::Layout_K_SW128_Atom<TA>, (bM,bK,bP)), sB likewise with bN,
//            make_tiled_mma(SM90_64x64x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::K>{}).
// This example loads shared memory with cp.async (SM80_CP_ASYNC_CACHEALWAYS), not TMA: no tensor map.
// Against CUTLASS 4.7.0's headers. Build and run (no GPU), from this folder:
//   g++ -std=c++17 -x c++ -I/work/cutlass/include -I/usr/local/cuda/include -I/usr/local/cuda/include/cccl \
//       wgmma_sm90-cute.cu -o wgmma_sm90 && ./wgmma_sm90 > wgmma_sm90-cute.jsonl
#include <cstddef>
#include <cstdint>
#define CUTE_CVTA_GENERIC_TO_SHARED_ACTIVATED 1
inline size_t __cvta_generic_to_shared(const void* p) { return reinterpret_cast<size_t>(p); }
#include "hopper_gmma.h"
using namespace cute;

int main() {
  using TA = half_t; using TB = half_t;
  auto bM = Int<128>{}; auto bN = Int<128>{}; auto bK = Int< 64>{}; auto bP = Int<3>{};
  {  // gemm_nt
    auto sA = tile_to_shape(GMMA::Layout_MN_SW128_Atom<TA>{}, make_shape(bM,bK,bP));
    auto sB = tile_to_shape(GMMA::Layout_MN_SW128_Atom<TB>{}, make_shape(bN,bK,bP));
    TiledMMA tiled_mma = make_tiled_mma(SM90_64x64x16_F16F16F16_SS<GMMA::Major::MN,GMMA::Major::MN>{});
    print_descriptors<TA, TB>("wgmma_sm90", "gemm_nt", "MN", sA, sB, tiled_mma);
  }
  {  // gemm_tn
    auto sA = tile_to_shape(GMMA::Layout_K_SW128_Atom<TA>{}, make_shape(bM,bK,bP));
    auto sB = tile_to_shape(GMMA::Layout_K_SW128_Atom<TB>{}, make_shape(bN,bK,bP));
    TiledMMA tiled_mma = make_tiled_mma(SM90_64x64x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::K>{});
    print_descriptors<TA, TB>("wgmma_sm90", "gemm_tn", "K", sA, sB, tiled_mma);
  }
  return 0;
}
