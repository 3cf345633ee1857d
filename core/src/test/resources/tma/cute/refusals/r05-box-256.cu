#include "../tma_case.h"
int main() {
  using H = cute::half_t; using F = float; using B8 = uint8_t;
  run_case<H>("box-past-256", make_layout(make_shape(4096)), make_layout(make_shape(_512{})), Shape<_512>{}, Int<1>{});
}
