// TmaDescriptorTest's cases of global addresses and sub-byte elements: CuTe C++'s make_tma_copy on the host, the
// driver call printed by encode_stub_address.h. Build and run (no GPU needed), from this folder:
//   nvcc -std=c++17 --expt-relaxed-constexpr -w -I $CUTLASS/include typed_cases.cu -o typed && ./typed > ../typed_cases.txt 2>&1
#include "tma_case_typed.h"
int main() {
  using H = cute::half_t; using E2M1 = cute::float_e2m1_t; using E2M3 = cute::float_e2m3_t; using E3M2 = cute::float_e3m2_t;
  auto kmajor = make_layout(make_shape(512,1024), GenRowMajor{});
  auto mnmajor = make_layout(make_shape(512,1024));
  auto h_sw128 = tile_to_shape(GMMA::Layout_K_SW128_Atom<H>{}, make_shape(_128{},_64{}));
  // global addresses: CuTe asserts 16-byte alignment
  TYPED(void, H, "addr-aligned-4096", 0x1000ull, kmajor, h_sw128, Shape<_128,_64>{});
  TYPED(void, H, "addr-aligned-16", 0x7f3a00000010ull, kmajor, h_sw128, Shape<_128,_64>{});
  TYPED(void, H, "addr-8", 0x7f3a00000008ull, kmajor, h_sw128, Shape<_128,_64>{});
  TYPED(void, H, "addr-1", 0x1001ull, kmajor, h_sw128, Shape<_128,_64>{});
  TYPED(void, H, "addr-2", 0x2ull, kmajor, h_sw128, Shape<_128,_64>{});
  // sub-byte elements: f4 (e2m1) as 16U4_ALIGN8B, f6 (e2m3, e3m2) as 16U6_ALIGN16B
  TYPED(void, E2M1, "e2m1-K-SW128", 0x1000ull, kmajor, tile_to_shape(GMMA::Layout_K_SW128_Atom<E2M1>{}, make_shape(_128{},_256{})), Shape<_128,_256>{});
  TYPED(void, E2M1, "e2m1-K-SW64", 0x1000ull, kmajor, tile_to_shape(GMMA::Layout_K_SW64_Atom<E2M1>{}, make_shape(_64{},_128{})), Shape<_64,_128>{});
  TYPED(void, E2M1, "e2m1-K-SW32", 0x1000ull, kmajor, tile_to_shape(GMMA::Layout_K_SW32_Atom<E2M1>{}, make_shape(_64{},_128{})), Shape<_64,_128>{});
  TYPED(void, E2M1, "e2m1-K-INTER", 0x1000ull, kmajor, tile_to_shape(GMMA::Layout_K_INTER_Atom<E2M1>{}, make_shape(_128{},_256{})), Shape<_128,_256>{});
  TYPED(void, E2M1, "e2m1-MN-SW128", 0x1000ull, mnmajor, tile_to_shape(GMMA::Layout_MN_SW128_Atom<E2M1>{}, make_shape(_256{},_64{})), Shape<_256,_64>{});
  TYPED(void, E2M1, "e2m1-rowmajor-addr-16", 0x7f3a00000010ull, kmajor, make_layout(make_shape(_8{},_128{}), GenRowMajor{}), Shape<_8,_128>{});
  TYPED(void, E2M3, "e2m3-rowmajor", 0x1000ull, kmajor, make_layout(make_shape(_8{},_128{}), GenRowMajor{}), Shape<_8,_128>{});
  TYPED(void, E3M2, "e3m2-rowmajor", 0x1000ull, kmajor, make_layout(make_shape(_8{},_128{}), GenRowMajor{}), Shape<_8,_128>{});
  TYPED(void, E3M2, "e3m2-mnmajor", 0x1000ull, mnmajor, make_layout(make_shape(_128{},_16{})), Shape<_128,_16>{});
  // 16-byte aligned and not 32: CuTe passes it on (the driver wants 32 for 16U6_ALIGN16B)
  TYPED(void, E2M3, "e2m3-addr-16", 0x7f3a00000010ull, kmajor, make_layout(make_shape(_8{},_128{}), GenRowMajor{}), Shape<_8,_128>{});
}
