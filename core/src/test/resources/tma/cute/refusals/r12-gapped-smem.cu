#include "../tma_case.h"
int main() {
  using F = float;
  run_case<F>("gapped-smem", make_layout(make_shape(64,64), GenRowMajor{}), make_layout(make_shape(_8{},_8{}), make_stride(_16{},_1{})), Shape<_8,_8>{}, Int<1>{});
}
