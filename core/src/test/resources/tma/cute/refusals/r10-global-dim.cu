#include "../tma_case.h"
int main() {
  using H = cute::half_t; using F = float; using B8 = uint8_t;
  run_case<B8>("global-dim-past-2^32", make_layout(make_shape(int64_t(1) << 33)), make_layout(make_shape(_256{})), Shape<_256>{}, Int<1>{});
}
