#include "../tma_case_typed.h"
int main() {
  TYPED(void, cute::uint4b_t, "u4-K-INTER", 0x1000ull, make_layout(make_shape(512,1024), GenRowMajor{}), tile_to_shape(GMMA::Layout_K_INTER_Atom<cute::uint4b_t>{}, make_shape(_128{},_256{})), Shape<_128,_256>{});
}
