// The golden cases of TmaPartitionTest: CuTe C++'s make_tma_copy and tma_partition, run on the host. tma_partition is
// CUTE_DEVICE, which without nvcc is a plain inline function, so g++ builds it for the host; defining
// __CUDACC_VER_MAJOR__ keeps CuTe's call of cuTensorMapEncodeTiled, which encode_stub.h stands for. Build and run:
//   g++ -std=c++17 -D__CUDACC_VER_MAJOR__=13 -D__CUDACC_VER_MINOR__=0 -I $CUTLASS/include -I /usr/local/cuda/include \
//       -I /usr/local/cuda/include/cccl tma_partition_cases.cpp -o partition && ./partition > ../tma_partition.txt
#define CUTLASS_ENABLE_DIRECT_CUDA_DRIVER_CALL 1
#include "encode_stub.h"
#include <cute/tensor.hpp>
#include <cute/atom/copy_traits_sm90_tma.hpp>
#include <cute/atom/mma_traits_sm90_gmma.hpp>
using namespace cute;
template <class T, class Op = void, class GL, class SL, class Tile, class CL>
void run_partition(const char* id, GL gl, SL sl, Tile tile, CL cta_layout) {
  printf("#case %s\n#gmem ", id); print(gl); printf("\n#smem "); print(sl); printf("\n#bits %d\n#tile ", int(sizeof_bits_v<T>)); print(tile);
  printf("\n#cta_layout "); print(cta_layout); printf("\n");
  Tensor g = make_tensor(make_gmem_ptr(reinterpret_cast<T*>(0x1000)), gl);
  auto load = conditional_return<decltype(size(cta_layout) == Int<1>{})::value>(SM90_TMA_LOAD{}, SM90_TMA_LOAD_MULTICAST{});
  using O = conditional_t<is_same<Op, void>::value, decltype(load), Op>;
  printf("#op %s\n", is_same<O, SM90_TMA_LOAD>::value ? "SM90_TMA_LOAD" : is_same<O, SM90_TMA_LOAD_MULTICAST>::value ? "SM90_TMA_LOAD_MULTICAST"
         : is_same<O, SM90_TMA_STORE>::value ? "SM90_TMA_STORE" : "SM90_TMA_REDUCE_ADD");
  auto tma = make_tma_copy(O{}, g, sl, tile, size(cta_layout));
  printf("#valsrc "); print(Int<decltype(tma)::NumValSrc>{}); printf("\n");
  Tensor mA = tma.get_tma_tensor(shape(g));
  Tensor gA = local_tile(mA, tile, repeat<decltype(rank(gl))::value>(_));
  Tensor sA = make_tensor(make_smem_ptr(reinterpret_cast<T*>(0)), sl);
  printf("#local_tile "); print(gA); printf("\n");
  constexpr int R = decltype(rank(tile))::value;
  for (int c = 0; c < size(cta_layout); ++c) {
    auto [tAgA, tAsA] = tma_partition(tma, c, cta_layout, group_modes<0,R>(sA), group_modes<0,R>(gA));
    printf("#cta %d\n#gpart ", c); print(tAgA); printf("\n#spart "); print(tAsA); printf("\n");
  }
  printf("#end\n");
}
int main() {
  using H = cute::half_t; using F = float; using B8 = uint8_t;
  auto kmajor = make_layout(make_shape(512,1024), GenRowMajor{});
  auto mnmajor = make_layout(make_shape(512,1024));
  run_partition<H>("f16-K-SW128", kmajor, tile_to_shape(GMMA::Layout_K_SW128_Atom<H>{}, make_shape(_128{},_64{})), Shape<_128,_64>{}, Layout<_1,_0>{});
  run_partition<H>("f16-K-SW128-mc2", kmajor, tile_to_shape(GMMA::Layout_K_SW128_Atom<H>{}, make_shape(_128{},_64{})), Shape<_128,_64>{}, Layout<_2>{});
  run_partition<H>("f16-K-SW64-mc2", kmajor, tile_to_shape(GMMA::Layout_K_SW64_Atom<H>{}, make_shape(_128{},_64{})), Shape<_128,_64>{}, Layout<_2>{});
  run_partition<H>("f16-MN-SW128-mc4", mnmajor, tile_to_shape(GMMA::Layout_MN_SW128_Atom<H>{}, make_shape(_128{},_64{})), Shape<_128,_64>{}, Layout<_4>{});
  run_partition<H>("f16-K-INTER-mc2", kmajor, tile_to_shape(GMMA::Layout_K_INTER_Atom<H>{}, make_shape(_64{},_64{})), Shape<_64,_64>{}, Layout<_2>{});
  run_partition<F>("f32-2d-kmajor-plain", make_layout(make_shape(1024,256), GenRowMajor{}), make_layout(make_shape(_64{},_32{}), GenRowMajor{}), Shape<_64,_32>{}, Layout<_1,_0>{});
  run_partition<F>("f32-plain-mc2", make_layout(make_shape(1024,256), GenRowMajor{}), make_layout(make_shape(_64{},_32{}), GenRowMajor{}), Shape<_64,_32>{}, Layout<_2>{});
  run_partition<B8>("u8-K-SW128-mc2", kmajor, tile_to_shape(GMMA::Layout_K_SW128_Atom<B8>{}, make_shape(_128{},_128{})), Shape<_128,_128>{}, Layout<_2>{});
  run_partition<H>("f16-3d-batched", make_layout(make_shape(256,128,8), make_stride(128,Int<1>{},32768)), tile_to_shape(GMMA::Layout_K_SW128_Atom<H>{}, make_shape(_64{},_64{})), Shape<_64,_64>{}, Layout<_1,_0>{});
  run_partition<H>("f16-edge-100x72", make_layout(make_shape(100,72), GenRowMajor{}), tile_to_shape(GMMA::Layout_K_SW64_Atom<H>{}, make_shape(_64{},_32{})), Shape<_64,_32>{}, Layout<_1,_0>{});
  run_partition<H, SM90_TMA_STORE>("f16-K-SW128-store", kmajor, tile_to_shape(GMMA::Layout_K_SW128_Atom<H>{}, make_shape(_128{},_64{})), Shape<_128,_64>{}, Layout<_1,_0>{});
  run_partition<F, SM90_TMA_REDUCE_ADD>("f32-MN-SW128-reduce-add", make_layout(make_shape(512,1024)), tile_to_shape(GMMA::Layout_MN_SW128_Atom<F>{}, make_shape(_64{},_32{})), Shape<_64,_32>{}, Layout<_1,_0>{});
  run_partition<H>("f16-K-SW128-256x64-mc2", make_layout(make_shape(1024,1024), GenRowMajor{}), tile_to_shape(GMMA::Layout_K_SW128_Atom<H>{}, make_shape(_256{},_64{})), Shape<_256,_64>{}, Layout<_2>{});
}
