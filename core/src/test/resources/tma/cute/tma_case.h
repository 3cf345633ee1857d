#define CUTLASS_ENABLE_DIRECT_CUDA_DRIVER_CALL 1
#include "encode_stub.h"
#include <cute/tensor.hpp>
#include <cute/atom/copy_traits_sm90_tma.hpp>
#include <cute/atom/mma_traits_sm90_gmma.hpp>
using namespace cute;
template <class T, class GL, class SL, class Tile, class MC>
void run_case(const char* id, GL gl, SL sl, Tile tile, MC mc) {
  T* gptr = reinterpret_cast<T*>(1024);
  Tensor g = make_tensor(make_gmem_ptr(gptr), gl);
  printf("#case %s\n#static %d\n#gmem ", id, int(is_static<GL>::value)); print(gl); printf("\n#smem "); print(sl); printf("\n#bits %d\n#tile ", int(sizeof_bits_v<T>)); print(tile);
  printf("\n#multicast %d\n", int(size(mc)));
  auto op = conditional_return<decltype(size(mc) == Int<1>{})::value>(SM90_TMA_LOAD{}, SM90_TMA_LOAD_MULTICAST{});
  auto tma = make_tma_copy(op, g, sl, tile, mc);
  printf("#tensor "); print(tma.get_tma_tensor(shape(g))); printf("\n");
  printf("#tiler "); print(typename decltype(tma)::Tiler_MN{}); printf("\n");
  printf("#tv "); print(typename decltype(tma)::TiledLayout_TV{}); printf("\n");
  auto atom = make_tma_atom(op, g, sl, tile, mc);
  printf("#valsrc "); print(size<1>(typename decltype(atom)::ValLayoutSrc{})); printf("\n");
  Tensor mA = tma.get_tma_tensor(shape(g));
  Tensor gA = local_tile(mA, tile, repeat_like(tile, Int<0>{}));
  Tensor sA = make_tensor(make_smem_ptr<T>(reinterpret_cast<T*>(0)), sl);
  constexpr int R = decltype(rank(tile))::value;
  // tma_partition's host-side arithmetic (it is CUTE_DEVICE), as copy_traits_sm90_tma.hpp writes it
  auto sA0 = group_modes<0,R>(sA); auto gA0 = group_modes<0,R>(gA);
  Layout inv_smem_layout = right_inverse(get_nonswizzle_portion(layout<0>(sA0)));
  Layout layout_v = tile_to_shape(make_layout(inv_smem_layout), size<0>(sA0));
  Layout tma_layout_v = make_layout(Int<decltype(atom)::NumValSrc>{});
  auto layout_V = make_tile(logical_divide(layout_v, tma_layout_v));
  Tensor tAgA = coalesce(gA0.compose(layout_V), Shape<Shape<_1,_1>>{});
  printf("#part "); print(tAgA); printf("\n");
  printf("#coords");
  for (int k = 0; k < size<0,1>(tAgA); ++k) { printf(" "); print(tAgA(make_coord(make_coord(0,k)))); }
  printf("\n#end\n");
}
#define ATOMS(T, TN, MM, KK) \
  run_case<T>(TN "-K-INTER", make_layout(make_shape(512,1024), GenRowMajor{}), tile_to_shape(GMMA::Layout_K_INTER_Atom<T>{}, make_shape(Int<MM>{},Int<KK>{})), Shape<Int<MM>,Int<KK>>{}, Int<1>{}); \
  run_case<T>(TN "-K-SW32",  make_layout(make_shape(512,1024), GenRowMajor{}), tile_to_shape(GMMA::Layout_K_SW32_Atom<T>{},  make_shape(Int<MM>{},Int<KK>{})), Shape<Int<MM>,Int<KK>>{}, Int<1>{}); \
  run_case<T>(TN "-K-SW64",  make_layout(make_shape(512,1024), GenRowMajor{}), tile_to_shape(GMMA::Layout_K_SW64_Atom<T>{},  make_shape(Int<MM>{},Int<KK>{})), Shape<Int<MM>,Int<KK>>{}, Int<1>{}); \
  run_case<T>(TN "-K-SW128", make_layout(make_shape(512,1024), GenRowMajor{}), tile_to_shape(GMMA::Layout_K_SW128_Atom<T>{}, make_shape(Int<MM>{},Int<KK>{})), Shape<Int<MM>,Int<KK>>{}, Int<1>{}); \
  run_case<T>(TN "-MN-INTER", make_layout(make_shape(512,1024)), tile_to_shape(GMMA::Layout_MN_INTER_Atom<T>{}, make_shape(Int<MM>{},Int<KK>{})), Shape<Int<MM>,Int<KK>>{}, Int<1>{}); \
  run_case<T>(TN "-MN-SW32",  make_layout(make_shape(512,1024)), tile_to_shape(GMMA::Layout_MN_SW32_Atom<T>{},  make_shape(Int<MM>{},Int<KK>{})), Shape<Int<MM>,Int<KK>>{}, Int<1>{}); \
  run_case<T>(TN "-MN-SW64",  make_layout(make_shape(512,1024)), tile_to_shape(GMMA::Layout_MN_SW64_Atom<T>{},  make_shape(Int<MM>{},Int<KK>{})), Shape<Int<MM>,Int<KK>>{}, Int<1>{}); \
  run_case<T>(TN "-MN-SW128", make_layout(make_shape(512,1024)), tile_to_shape(GMMA::Layout_MN_SW128_Atom<T>{}, make_shape(Int<MM>{},Int<KK>{})), Shape<Int<MM>,Int<KK>>{}, Int<1>{});
  