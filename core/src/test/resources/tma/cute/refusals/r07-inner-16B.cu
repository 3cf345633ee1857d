#include "../tma_case.h"
int main() {
  using H = cute::half_t; using F = float; using B8 = uint8_t;
  run_case<F>("inner-not-16B", make_layout(make_shape(512,1024), GenRowMajor{}), make_layout(make_shape(_64{},_2{}), GenRowMajor{}), Shape<_64,_2>{}, Int<1>{});
}
