// The tiles of CUTLASS's examples/cute/tutorial/hopper/wgmma_tma_sm90.cu (gemm_tn and gemm_nt, M = 5120, K = 4096, half_t)
// as CuTe C++ derives their TMA (make_tma_atom; the driver call printed by ../../../../core/src/test/resources/tma/cute/encode_stub.h)
// and wgmma descriptors (make_gmma_desc). Build on the host: nvcc -std=c++17 --expt-relaxed-constexpr -w -I $CUTLASS/include -I <encode_stub.h's folder> wgmma_tma_sm90_tiles.cu
#define CUTLASS_ENABLE_DIRECT_CUDA_DRIVER_CALL 1
#include "encode_stub.h"
#include <cute/tensor.hpp>
#include <cute/atom/copy_traits_sm90_tma.hpp>
#include <cute/atom/mma_traits_sm90_gmma.hpp>
#include <cute/atom/mma_atom.hpp>
using namespace cute;
// examples/cute/tutorial/hopper/wgmma_tma_sm90.cu, gemm_tn and gemm_nt, M = N = 5120, K = 4096, half_t
template <class SA, class DA>
void show(const char* name, SA sA, DA dA) {
  using T = cute::half_t;
  int M = 5120, K = 4096;
  auto bM = Int<128>{}; auto bK = Int<64>{};
  Tensor mA = make_tensor(make_gmem_ptr(reinterpret_cast<T*>(1024)), make_shape(M,K), dA);
  printf("## %s\nsA(_,_,0) = ", name); print(sA(_,_,0)); printf("\n");
  Copy_Atom tmaA = make_tma_atom(SM90_TMA_LOAD{}, mA, sA(_,_,0), make_shape(bM,bK));
  printf("tma tensor: "); print(tmaA.get_tma_tensor(make_shape(M,K))); printf("\n");
  TiledMMA mma = make_tiled_mma(SM90_64x128x16_F16F16F16_SS<GMMA::Major::K, GMMA::Major::K>{});
  (void) mma;
}
int main() {
  using T = cute::half_t;
  auto bM = Int<128>{}; auto bK = Int<64>{}; auto bP = Int<3>{};
  auto sA_tn = tile_to_shape(GMMA::Layout_K_SW128_Atom<T>{}, make_shape(bM,bK,bP));
  show("gemm_tn: A K-major", sA_tn, make_stride(4096, Int<1>{}));
  auto sA_nt = tile_to_shape(GMMA::Layout_MN_SW128_Atom<T>{}, make_shape(bM,bK,bP));
  show("gemm_nt: A MN-major", sA_nt, make_stride(Int<1>{}, 5120));
  // the wgmma descriptors of k-block 0 of stage 0: the (64,16) operand of one wgmma
  Tensor sTN = make_tensor(make_smem_ptr(reinterpret_cast<T*>(0)), sA_tn);
  Tensor sNT = make_tensor(make_smem_ptr(reinterpret_cast<T*>(0)), sA_nt);
  auto opTN = local_tile(sTN(_,_,0), make_shape(Int<64>{}, Int<16>{}), make_coord(0,0));
  auto opNT = local_tile(sNT(_,_,0), make_shape(Int<64>{}, Int<16>{}), make_coord(0,0));
  printf("## gmma operand TN: "); print(opTN.layout()); printf("\n");
  print(SM90::GMMA::make_gmma_desc<SM90::GMMA::Major::K>(opTN)); printf("\n");
  printf("## gmma operand NT: "); print(opNT.layout()); printf("\n");
  print(SM90::GMMA::make_gmma_desc<SM90::GMMA::Major::MN>(opNT)); printf("\n");
}
