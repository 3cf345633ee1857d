#include "../tma_case.h"
int main() {
  using H = cute::half_t; using F = float; using B8 = uint8_t;
  run_case<H>("no-common-vector", make_layout(make_shape(512,1024), GenRowMajor{}), make_layout(make_shape(_64{},_32{}), make_stride(_2{},_128{})), Shape<_64,_32>{}, Int<1>{});
}
