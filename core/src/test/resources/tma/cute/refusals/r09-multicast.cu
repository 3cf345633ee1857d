#include "../tma_case.h"
int main() {
  using H = cute::half_t; using F = float; using B8 = uint8_t;
  run_case<H>("multicast-not-dividing", make_layout(make_shape(512,1024), GenRowMajor{}), make_layout(make_shape(_24{},_64{}), GenRowMajor{}), Shape<_24,_64>{}, Int<16>{});
}
