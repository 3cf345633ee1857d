#include "../tma_case.h"
int main() {
  using H = cute::half_t; using F = float; using B8 = uint8_t;
  run_case<H>("element-swizzle-read-as-bytes", make_layout(make_shape(512,1024), GenRowMajor{}), make_composed_layout(Swizzle<3,4,3>{}, Int<0>{}, Layout<Shape<_8,_64>,Stride<_64,_1>>{}), Shape<_8,_64>{}, Int<1>{});
}
