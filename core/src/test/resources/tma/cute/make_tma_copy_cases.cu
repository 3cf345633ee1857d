// The golden cases of TmaDescriptorTest: CuTe C++'s make_tma_copy on the host, its driver call printed by
// encode_stub.h. Build and run (no GPU needed), from this folder, with the CUTLASS headers:
//   nvcc -std=c++17 --expt-relaxed-constexpr -w -I $CUTLASS/include make_tma_copy_cases.cu -o cases && ./cases > ../make_tma_copy.txt
// (one program of all cases takes minutes to compile; each case alone compiles in about 15 s).
#include "tma_case.h"
int main() {
  using H = cute::half_t; using F = float; using B8 = uint8_t;
  run_case<F>("doc-2d-kmajor", make_layout(make_shape(1024,256), GenRowMajor{}), make_layout(make_shape(_64{},_32{}), GenRowMajor{}), Shape<_64,_32>{}, Int<1>{});
  run_case<F>("doc-2d-gmma-mn-sw128", make_layout(make_shape(1024,256)), tile_to_shape(GMMA::Layout_MN_SW128_Atom<F>{}, make_shape(_128{},_64{})), Shape<_128,_64>{}, Int<1>{});
  run_case<F>("doc-3d", make_layout(make_shape(1024,32,512), make_stride(64,Int<1>{},65536)), make_layout(make_shape(_16{},_8{},_2{}), make_stride(_16{},_1{},_8{})), Shape<_16,_8,_2>{}, Int<1>{});
  ATOMS(H, "f16", 128, 64)
  ATOMS(B8, "u8", 128, 128)
  ATOMS(F, "f32", 64, 32)
  run_case<H>("f16-K-SW128-pipe-stage", make_layout(make_shape(4096,4096), GenRowMajor{}), tile_to_shape(GMMA::Layout_K_SW128_Atom<H>{}, make_shape(_128{},_64{})), Shape<_128,_64>{}, Int<1>{});
  run_case<H>("f16-K-SW128-mc2", make_layout(make_shape(512,1024), GenRowMajor{}), tile_to_shape(GMMA::Layout_K_SW128_Atom<H>{}, make_shape(_128{},_64{})), Shape<_128,_64>{}, Int<2>{});
  run_case<H>("f16-MN-SW128-mc4", make_layout(make_shape(512,1024)), tile_to_shape(GMMA::Layout_MN_SW128_Atom<H>{}, make_shape(_128{},_64{})), Shape<_128,_64>{}, Int<4>{});
  run_case<H>("f16-3d-batched", make_layout(make_shape(256,128,8), make_stride(128,Int<1>{},32768)), tile_to_shape(GMMA::Layout_K_SW128_Atom<H>{}, make_shape(_64{},_64{})), Shape<_64,_64>{}, Int<1>{});
  run_case<H>("f16-5d", make_layout(make_shape(6,5,4,3,64), make_stride(64*4*3*5,64*4*3,64*3,64,Int<1>{})), make_layout(make_shape(_2{},_5{},_2{},_3{},_64{}), GenRowMajor{}), Shape<_2,_5,_2,_3,_64>{}, Int<1>{});
  run_case<F>("f32-6d-grouped", make_layout(make_shape(2,3,4,5,6,32), GenRowMajor{}), make_layout(make_shape(_2{},_3{},_2{},_1{},_1{},_32{}), GenRowMajor{}), Shape<_2,_3,_2,_1,_1,_32>{}, Int<1>{});
  run_case<H>("f16-edge-100x60", make_layout(make_shape(100,72), GenRowMajor{}), tile_to_shape(GMMA::Layout_K_SW64_Atom<H>{}, make_shape(_64{},_32{})), Shape<_64,_32>{}, Int<1>{});
  run_case<H>("f16-kmajor-smem-tile-permuted", make_layout(make_shape(512,1024), GenRowMajor{}), make_layout(make_shape(_64{},_64{}), make_stride(_64{},_1{})), Shape<_64,_64>{}, Int<1>{});
  run_case<double>("f64-2d", make_layout(make_shape(300,200)), make_layout(make_shape(_16{},_16{})), Shape<_16,_16>{}, Int<1>{});
  // CuTe's cuTENSOR 4D doc example, every extent and stride a compile-time constant
  run_case<F>("static-doc-4d-cutensor", make_layout(make_shape(make_shape(_32{},Int<40>{}),make_shape(make_shape(_8{},_8{}),Int<656>{}))), make_layout(make_shape(_128{},make_shape(_32{},_2{}))), make_shape(_128{},make_shape(_32{},_2{})), Int<1>{});
  run_case<H>("static-3d-merge-256", make_layout(make_shape(_64{},_4{},_16{})), make_layout(make_shape(_64{},_4{},_2{})), Shape<_64,_4,_2>{}, Int<1>{});
  run_case<H>("static-2d-unit-modes", make_layout(make_shape(_1{},_128{},_64{}), make_stride(_0{},_64{},_1{})), make_layout(make_shape(_1{},_64{},_64{}), make_stride(_0{},_64{},_1{})), Shape<_1,_64,_64>{}, Int<1>{});
  run_case<H>("dynamic-2d-unit-modes", make_layout(make_shape(1,128,64), make_stride(0,64,Int<1>{})), make_layout(make_shape(_1{},_64{},_64{}), make_stride(_0{},_64{},_1{})), Shape<_1,_64,_64>{}, Int<1>{});
  run_case<H>("f16-K-SW128-tile-256x64", make_layout(make_shape(1024,1024), GenRowMajor{}), tile_to_shape(GMMA::Layout_K_SW128_Atom<H>{}, make_shape(_256{},_64{})), Shape<_256,_64>{}, Int<1>{});
  run_case<H>("f16-MN-SW128-mc2-K", make_layout(make_shape(512,1024)), tile_to_shape(GMMA::Layout_MN_SW128_Atom<H>{}, make_shape(_64{},_64{})), Shape<_64,_64>{}, Int<2>{});
}
