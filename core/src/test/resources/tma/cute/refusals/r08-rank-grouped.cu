#include "../tma_case.h"
int main() {
  using H = cute::half_t; using F = float; using B8 = uint8_t;
  run_case<F>("rank-6-grouped-gapped", make_layout(make_shape(2,2,2,2,2,2,16), make_stride(1024,512,128,64,32,16,Int<1>{})), make_layout(make_shape(_2{},_2{},_2{},_2{},_2{},_2{},_16{}), GenRowMajor{}), Shape<_2,_2,_2,_2,_2,_2,_16>{}, Int<1>{});
}
