#include "../tma_case.h"
int main() {
  using H = cute::half_t; using F = float; using B8 = uint8_t;
  run_case<H>("swizzle-no-mode", make_layout(make_shape(512,1024), GenRowMajor{}), make_composed_layout(Swizzle<2,4,2>{}, smem_ptr_flag_bits<16>{}, Layout<Shape<_8,_32>,Stride<_32,_1>>{}), Shape<_8,_32>{}, Int<1>{});
}
