#include "../tma_case.h"
int main() {
  using H = cute::half_t; using F = float; using B8 = uint8_t;
  run_case<H>("stride-not-16B", make_layout(make_shape(100,60), GenRowMajor{}), make_layout(make_shape(_64{},_32{}), GenRowMajor{}), Shape<_64,_32>{}, Int<1>{});
}
