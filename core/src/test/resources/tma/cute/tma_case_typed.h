// tma_case.h's run_case with the tensor's global address and CuTe's TmaInternalType (void: the element's own), each
// case in a child process, so that a case CuTe refuses (an assert) prints how it ended and the next still runs.
#define CUTLASS_ENABLE_DIRECT_CUDA_DRIVER_CALL 1
#include "encode_stub_address.h"
#include <cute/tensor.hpp>
#include <cute/atom/copy_traits_sm90_tma.hpp>
#include <cute/atom/mma_traits_sm90_gmma.hpp>
#include <sys/wait.h>
#include <unistd.h>
using namespace cute;
template <class I, class T, class GL, class SL, class Tile>
void run_typed_case(const char* id, unsigned long long address, GL gl, SL sl, Tile tile) {
  T* gptr = reinterpret_cast<T*>(address);
  Tensor g = make_tensor(make_gmem_ptr(gptr), gl);
  printf("#case %s\n#static %d\n#gmem ", id, int(is_static<GL>::value)); print(gl); printf("\n#smem "); print(sl); printf("\n#bits %d\n#tile ", int(sizeof_bits_v<T>)); print(tile);
  printf("\n#multicast 1\n#internal %d\n", is_same<I, void>::value ? 0 : int(sizeof_bits_v<conditional_t<is_same<I, void>::value, T, I>>));
  auto op = SM90_TMA_LOAD{};
  auto tma = make_tma_copy<I>(op, g, sl, tile, Int<1>{});
  printf("#tensor "); print(tma.get_tma_tensor(shape(g))); printf("\n");
  auto atom = make_tma_atom<I>(op, g, sl, tile, Int<1>{});
  printf("#valsrc "); print(size<1>(typename decltype(atom)::ValLayoutSrc{})); printf("\n");
  Tensor mA = tma.get_tma_tensor(shape(g));
  Tensor gA = local_tile(mA, tile, repeat_like(tile, Int<0>{}));
  Tensor sA = make_tensor(make_smem_ptr<T>(reinterpret_cast<T*>(0)), sl);
  constexpr int R = decltype(rank(tile))::value;
  auto sA0 = group_modes<0,R>(sA); auto gA0 = group_modes<0,R>(gA);
  Layout inv_smem_layout = right_inverse(get_nonswizzle_portion(layout<0>(sA0)));
  Layout layout_v = tile_to_shape(make_layout(inv_smem_layout), size<0>(sA0));
  Layout tma_layout_v = make_layout(Int<decltype(atom)::NumValSrc>{});
  auto layout_V = make_tile(logical_divide(layout_v, tma_layout_v));
  Tensor tAgA = coalesce(gA0.compose(layout_V), Shape<Shape<_1,_1>>{});
  printf("#coords");
  for (int k = 0; k < size<0,1>(tAgA); ++k) { printf(" "); print(tAgA(make_coord(make_coord(0,k)))); }
  printf("\n#end\n");
}
// runs f in a child process and says how it ended where it did not end well
template <class F>
void isolated(const char* id, F f) {
  fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) { setvbuf(stdout, nullptr, _IONBF, 0); f(); fflush(stdout); _exit(0); }
  int status = 0;
  waitpid(pid, &status, 0);
  if (WIFSIGNALED(status)) { printf("#case %s\n#refused signal %d (the assertion above)\n#end\n", id, WTERMSIG(status)); fflush(stdout); }
}
#define TYPED(I, T, ID, ADDR, GL, SL, ...) isolated(ID, [&]{ run_typed_case<I, T>(ID, ADDR, GL, SL, __VA_ARGS__); })
