// blockscaled-sf-cute.cpp -- CUTLASS reference cases for Blackwell block-scaled scale-factor layouts:
// Sm1xxBlockScaledConfig<SFVec>::tile_atom_to_shape_SFA/SFB (SM100, cutlass/detail/sm100_blockscaled_layout.hpp) and
// Sm103BlockScaledConfig<SFVec>::tile_atom_to_shape_SFA/SFB (SM103, sm103_blockscaled_layout.hpp), computed on the host
// for problem shapes (M,N,K) and (M,N,K,L) of ints, as CUTLASS's kernels are given them.
//
// Headers: CUTLASS 4.7.0 headers (cutlass/version.h: CUTLASS_MAJOR 4, MINOR 7, PATCH 0) from /work/cutlass/include.
// Compile: g++ -std=c++17 -O0 -I/work/cutlass/include -I/usr/local/cuda/include \
//            -I/usr/local/cuda/include/cccl blockscaled-sf-cute.cpp -o blockscaled-sf-cute
// Run:     ./blockscaled-sf-cute > blockscaled-sf-cute.jsonl
//
// Each line is a request to layoutcat (blockscaled_sf_layout ARCH OPERAND SFVEC PROBLEM, or blockscaled_sfd_layout
// SFVEC MAJOR PROBLEM for Sm1xxBlockScaledOutputConfig<SFVec, Major>::tile_atom_to_shape_SFD, given (M,N,K,L) with L 1
// where the problem has none, as its append<4>(problem, 1) does), the layout CUTLASS prints, and the offset it gives
// at three coordinates (m_or_n, k_or_n, l) of the problem.
#include <cstdio>

#include <cute/tensor.hpp>
#include <cutlass/detail/sm100_blockscaled_layout.hpp>
#include <cutlass/detail/sm103_blockscaled_layout.hpp>

using namespace cute;

template <class Config>
void one(const char* arch, int sfvec, int m, int n, int k, int l, bool with_l) {
  for (int which = 0; which < 2; ++which) {
    int mn = which == 0 ? m : n;
    int c[3][3] = {{mn / 2, k / 3, l - 1}, {mn - 1, k - 1, 0}, {mn / 3, k / 2, l / 2}};
    printf("{\"op\": \"blockscaled_sf_layout\", \"args\": [\"%s\", \"%s\", \"%d\", ", arch, which == 0 ? "SFA" : "SFB", sfvec);
    if (with_l) printf("\"(%d,%d,%d,%d)\"], \"layout\": \"", m, n, k, l);
    else        printf("\"(%d,%d,%d)\"], \"layout\": \"", m, n, k);
    auto print_at = [&](auto const& lay) {
      print(lay);
      printf("\", \"at\": [");
      for (int i = 0; i < 3; ++i) {
        int off;
        if constexpr (decltype(rank(lay))::value == 3) off = int(lay(c[i][0], c[i][1], c[i][2]));
        else                                           off = int(lay(c[i][0], c[i][1]));
        printf("%s[%d, %d, %d, %d]", i ? ", " : "", c[i][0], c[i][1], with_l ? c[i][2] : 0, off);
      }
      printf("]}\n");
    };
    if (with_l) {
      auto p = make_shape(m, n, k, l);
      if (which == 0) print_at(Config::tile_atom_to_shape_SFA(p)); else print_at(Config::tile_atom_to_shape_SFB(p));
    } else {
      auto p = make_shape(m, n, k);
      if (which == 0) print_at(Config::tile_atom_to_shape_SFA(p)); else print_at(Config::tile_atom_to_shape_SFB(p));
    }
  }
}

template <int SFVec, UMMA::Major Major>
void sfd(int m, int n, int k, int l, bool with_l) {
  using Config = cutlass::detail::Sm1xxBlockScaledOutputConfig<SFVec, Major>;
  int c[3][3] = {{m / 2, n / 3, l - 1}, {m - 1, n - 1, 0}, {m / 3, n / 2, l / 2}};
  printf("{\"op\": \"blockscaled_sfd_layout\", \"args\": [\"%d\", \"%s\", ", SFVec, Major == UMMA::Major::K ? "K" : "MN");
  auto lay = [&]() {
    if (with_l) { printf("\"(%d,%d,%d,%d)\"], \"layout\": \"", m, n, k, l); return Config::tile_atom_to_shape_SFD(make_shape(m, n, k, l)); }
    else        { printf("\"(%d,%d,%d)\"], \"layout\": \"", m, n, k);      return Config::tile_atom_to_shape_SFD(make_shape(m, n, k, 1)); }
  }();
  print(lay);
  printf("\", \"at\": [");
  for (int i = 0; i < 3; ++i) printf("%s[%d, %d, %d, %d]", i ? ", " : "", c[i][0], c[i][1], c[i][2], int(lay(c[i][0], c[i][1], c[i][2])));
  printf("]}\n");
}

template <int SFVec>
void sweep() {
  const int shapes[][4] = {
    {128, 128, 128, 1}, {256, 256, 512, 1}, {100, 200, 300, 2}, {512, 128, 1024, 3}, {1, 1, 1, 1},
    {129, 257, 129, 2}, {384, 640, 2048, 1}, {1000, 77, 4096, 4}, {64, 64, 64, 1}, {8192, 256, 256, 1},
    {257, 1025, 96, 5}, {128, 4096, 7168, 1}, {33, 33, 33, 3}, {2048, 2048, 512, 2}, {640, 128, 640, 1},
    {4, 500, 1600, 2}, {131, 129, 256, 7}, {768, 1536, 384, 1}, {96, 96, 160, 2}, {1024, 64, 80, 1}};
  for (auto const& s : shapes) {
    for (int with_l = 0; with_l < 2; ++with_l) {
      one<cutlass::detail::Sm1xxBlockScaledConfig<SFVec>>("SM100", SFVec, s[0], s[1], s[2], with_l ? s[3] : 1, with_l);
      one<cutlass::detail::Sm103BlockScaledConfig<SFVec>>("SM103", SFVec, s[0], s[1], s[2], with_l ? s[3] : 1, with_l);
      sfd<SFVec, UMMA::Major::K>(s[0], s[1], s[2], with_l ? s[3] : 1, with_l);
      sfd<SFVec, UMMA::Major::MN>(s[0], s[1], s[2], with_l ? s[3] : 1, with_l);
    }
  }
}

int main() {
  sweep<16>();
  sweep<32>();
  return 0;
}
