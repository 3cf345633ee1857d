// The golden cases of TmaMulticastTest: each CTA's multicast masks in a cluster, as CUTLASS's SM90 mainloop computes
// them (cutlass/gemm/collective/sm90_mma_tma_gmma_ss_warpspecialized.hpp, load(): the loops over
// Layout<ClusterShape>{} copied verbatim, they are device code) and as CuTe's create_tma_multicast_mask<Mode>
// (cute/atom/copy_traits_sm90_tma.hpp, host and device) gives them over the cluster's (V,M,N,K) layout; and
// make_tma_copy_A_sm90 / make_tma_copy_B_sm90's descriptors (encode_stub.h for the driver). Build and run:
//   g++ -std=c++17 -D__CUDACC_VER_MAJOR__=13 -D__CUDACC_VER_MINOR__=0 -I $CUTLASS/include -I /usr/local/cuda/include \
//       -I /usr/local/cuda/include/cccl multicast_masks.cpp -o masks && ./masks > ../multicast_masks.txt
#define CUTLASS_ENABLE_DIRECT_CUDA_DRIVER_CALL 1
#include "encode_stub.h"
#include <cute/tensor.hpp>
#include <cute/atom/copy_traits_sm90_tma.hpp>
#include <cute/atom/mma_traits_sm90_gmma.hpp>
using namespace cute;
template <class ClusterShape>
void masks(const char* id) {
  printf("#case %s\n#cluster ", id); print(ClusterShape{}); printf("\n#block_layout "); print(Layout<ClusterShape>{}); printf("\n");
  constexpr uint32_t cluster_shape_x = get<0>(ClusterShape());
  auto cluster_layout_vmnk = make_layout(make_shape(_1{}, get<0>(ClusterShape{}), get<1>(ClusterShape{}), get<2>(ClusterShape{})));
  for (uint32_t block_rank_in_cluster = 0; block_rank_in_cluster < size(ClusterShape{}); ++block_rank_in_cluster) {
    // sm90_mma_tma_gmma_ss_warpspecialized.hpp, load()
    uint2 cluster_local_block_id = {block_rank_in_cluster % cluster_shape_x, block_rank_in_cluster / cluster_shape_x};
    uint16_t mcast_mask_a = 0;
    uint16_t mcast_mask_b = 0;
    {
      auto block_layout = Layout<ClusterShape>{}; // (m,n) -> block_id
      for (int n = 0; n < size<1>(block_layout); ++n) {
        mcast_mask_a |= (uint16_t(1) << block_layout(cluster_local_block_id.x,n,Int<0>{}));
      }
    }
    {
      auto block_layout = Layout<ClusterShape>{}; // (m,n) -> block_id
      for (int m = 0; m < size<0>(block_layout); ++m) {
        mcast_mask_b |= (uint16_t(1) << block_layout(m,cluster_local_block_id.y,Int<0>{}));
      }
    }
    // CuTe's projection: A is multicast along N (mode 2 of VMNK), B along M (mode 1)
    auto coord_vmnk = make_coord(0, int(cluster_local_block_id.x), int(cluster_local_block_id.y), 0);
    uint16_t cute_a = create_tma_multicast_mask<2>(cluster_layout_vmnk, coord_vmnk);
    uint16_t cute_b = create_tma_multicast_mask<1>(cluster_layout_vmnk, coord_vmnk);
    printf("#cta %u (%u,%u) a 0x%x b 0x%x cute_a 0x%x cute_b 0x%x\n", block_rank_in_cluster, cluster_local_block_id.x,
           cluster_local_block_id.y, mcast_mask_a, mcast_mask_b, cute_a, cute_b);
  }
  // the descriptors of A (M,K) and B (N,K), K-major half_t, TileShape (128,128,64)
  using H = half_t;
  auto tile = Shape<_128,_128,_64>{};
  Tensor a = make_tensor(make_gmem_ptr(reinterpret_cast<H*>(0x1000)), make_layout(make_shape(512,1024), GenRowMajor{}));
  Tensor b = make_tensor(make_gmem_ptr(reinterpret_cast<H*>(0x1000)), make_layout(make_shape(256,1024), GenRowMajor{}));
  auto sl = tile_to_shape(GMMA::Layout_K_SW128_Atom<H>{}, make_shape(_128{},_64{}));
  auto op_a = conditional_return<decltype(size<1>(ClusterShape{}) == Int<1>{})::value>(SM90_TMA_LOAD{}, SM90_TMA_LOAD_MULTICAST{});
  auto op_b = conditional_return<decltype(size<0>(ClusterShape{}) == Int<1>{})::value>(SM90_TMA_LOAD{}, SM90_TMA_LOAD_MULTICAST{});
  printf("#a_multicast %d\n#a ", int(size<1>(ClusterShape{})));
  auto tma_a = make_tma_copy_A_sm90(op_a, a, sl, tile, ClusterShape{});
  printf("#b_multicast %d\n#b ", int(size<0>(ClusterShape{})));
  auto tma_b = make_tma_copy_B_sm90(op_b, b, sl, tile, ClusterShape{});
  printf("#end\n");
}
int main() {
  masks<Shape<_1,_1,_1>>("1x1");
  masks<Shape<_2,_1,_1>>("2x1");
  masks<Shape<_1,_2,_1>>("1x2");
  masks<Shape<_2,_2,_1>>("2x2");
  masks<Shape<_4,_1,_1>>("4x1");
  masks<Shape<_1,_4,_1>>("1x4");
  masks<Shape<_4,_2,_1>>("4x2");
  masks<Shape<_2,_4,_1>>("2x4");
  masks<Shape<_4,_4,_1>>("4x4");
  masks<Shape<_8,_2,_1>>("8x2");
  masks<Shape<_2,_8,_1>>("2x8");
}
