#include "../tma_case.h"
int main() {
  using H = cute::half_t; using F = float; using B8 = uint8_t;
  run_case<H>("inner-past-swizzle-span", make_layout(make_shape(512,1024), GenRowMajor{}), make_composed_layout(Swizzle<2,4,3>{}, smem_ptr_flag_bits<16>{}, Layout<Shape<_8,_64>,Stride<_64,_1>>{}), Shape<_8,_64>{}, Int<1>{});
}
