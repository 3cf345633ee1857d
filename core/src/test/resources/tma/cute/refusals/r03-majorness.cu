#include "../tma_case.h"
int main() {
  using H = cute::half_t; using F = float; using B8 = uint8_t;
  run_case<H>("majorness", make_layout(make_shape(512,1024)), make_layout(make_shape(_64{},_32{}), GenRowMajor{}), Shape<_64,_32>{}, Int<1>{});
}
