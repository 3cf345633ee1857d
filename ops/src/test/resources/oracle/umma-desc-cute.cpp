// umma-desc-cute.cpp -- CuTe C++ reference cases for Blackwell (SM100) UMMA shared-memory descriptors
// (UMMA::make_umma_desc<Major>), computed on the host.
//
// Headers: CUTLASS 4.7.0 headers (cutlass/version.h: CUTLASS_MAJOR 4, MINOR 7, PATCH 0) from /work/cutlass/include.
// Compile: g++ -std=c++17 -O0 -I/work/cutlass/include -I/usr/local/cuda/include \
//            -I/usr/local/cuda/include/cccl umma-desc-cute.cpp -o umma-desc-cute
// Run:     ./umma-desc-cute > umma-desc-cute.jsonl
//
// Each case: a tile tile_to_shape(UMMA::Layout_<major>_<swizzle>_Atom<T>, (MN,K)[, order]) at a shared address, and
// the tile (K-major where CuTe takes it: its K one swizzle row, or two 16-byte units interleaved) and its first four
// 256-bit k-blocks (local_tile), each as CuTe prints the tensor, with the descriptor make_umma_desc writes and its
// fields (the union's bit fields, read back).
//
// Host start address: on the host cute::cast_smem_ptr_to_uint has no path and returns 0. We activate its
// CUTE_CVTA_GENERIC_TO_SHARED path and supply a host __cvta_generic_to_shared that is the identity, so the
// descriptor's start address field is ADDR>>4.
#include <cstddef>
#include <cstdint>
#include <cstdio>

#define CUTE_CVTA_GENERIC_TO_SHARED_ACTIVATED 1
inline size_t __cvta_generic_to_shared(const void* p) { return reinterpret_cast<size_t>(p); }

#include <cute/tensor.hpp>
#include <cute/atom/mma_traits_sm100.hpp>
#include <cute/arch/mma_sm100_desc.hpp>

using namespace cute;

template <UMMA::Major M, class Tensor>
void emit(const char* tname, const char* major, const char* sw, int mn, int k, const char* order, Tensor const& t) {
  UMMA::SmemDescriptor d = UMMA::make_umma_desc<M>(t);
  printf("{\"type\": \"%s\", \"bits\": %d, \"major\": \"%s\", \"swizzle\": \"%s\", \"MN\": %d, \"K\": %d, \"order\": \"%s\", ",
         tname, int(sizeof_bits_v<typename Tensor::value_type>), major, sw, mn, k, order);
  printf("\"smem\": \""); print(t); printf("\", ");
  printf("\"desc\": \"0x%016llx\", \"start_address\": %d, \"leading_byte_offset\": %d, \"stride_byte_offset\": %d, "
         "\"version\": %d, \"base_offset\": %d, \"lbo_mode\": %d, \"layout_type\": \"%s\"}\n",
         (unsigned long long)d.desc_, int(d.start_address_), int(d.leading_byte_offset_), int(d.stride_byte_offset_),
         int(d.version_), int(d.base_offset_), int(d.lbo_mode_), UMMA::to_string(UMMA::LayoutType(d.layout_type_)));
}

template <class T, UMMA::Major M, class Atom, int A, int B, bool KFirst>
void run(const char* tname, const char* major, const char* sw, uintptr_t addr) {
  auto atom = Atom{};
  constexpr int MN = decltype(size<0>(atom))::value * A;
  constexpr int K  = decltype(size<1>(atom))::value * B;
  auto sl = [&]() {
    if constexpr (KFirst) return tile_to_shape(atom, make_shape(Int<MN>{}, Int<K>{}), Step<_2,_1>{});
    else                  return tile_to_shape(atom, make_shape(Int<MN>{}, Int<K>{}));
  }();
  auto t = make_tensor(make_smem_ptr(reinterpret_cast<T*>(addr)), sl);
  const char* order = KFirst ? "(2,1)" : "";
  // K-major: a whole tile is a canonical UMMA_K layout where its K is one swizzle row (B == 1) or, interleaved, two
  // 16-byte units; wider, CuTe's profile check refuses it, and make_umma_desc is made of each MMA's k-block
  constexpr int AtomKUnits = decltype(size<1>(atom))::value * sizeof_bits_v<T> / 128;
  constexpr bool KTile = AtomKUnits == 1 ? K * sizeof_bits_v<T> / 128 == 2 : B == 1;
  if constexpr (M == UMMA::Major::MN || KTile) emit<M>(tname, major, sw, MN, K, order, t);
  constexpr int KB = 256 / sizeof_bits_v<T>;  // one MMA's K: 32 bytes
  if constexpr (K % KB == 0 && K / KB > 1) {
    for (int kb = 0; kb < K / KB && kb < 4; ++kb) {
      auto s = local_tile(t, make_shape(Int<MN>{}, Int<KB>{}), make_coord(0, kb));
      emit<M>(tname, major, sw, MN, KB, order, s);
    }
  }
}

template <class T, int A, int B, bool KFirst>
void all_atoms(const char* tname, uintptr_t addr) {
  run<T, UMMA::Major::K,  UMMA::Layout_K_INTER_Atom<T>,  A, B, KFirst>(tname, "K", "INTER", addr);
  run<T, UMMA::Major::K,  UMMA::Layout_K_SW32_Atom<T>,   A, B, KFirst>(tname, "K", "SW32", addr);
  run<T, UMMA::Major::K,  UMMA::Layout_K_SW64_Atom<T>,   A, B, KFirst>(tname, "K", "SW64", addr);
  run<T, UMMA::Major::K,  UMMA::Layout_K_SW128_Atom<T>,  A, B, KFirst>(tname, "K", "SW128", addr);
  run<T, UMMA::Major::MN, UMMA::Layout_MN_INTER_Atom<T>, A, B, KFirst>(tname, "MN", "INTER", addr);
  run<T, UMMA::Major::MN, UMMA::Layout_MN_SW32_Atom<T>,  A, B, KFirst>(tname, "MN", "SW32", addr);
  run<T, UMMA::Major::MN, UMMA::Layout_MN_SW64_Atom<T>,  A, B, KFirst>(tname, "MN", "SW64", addr);
  run<T, UMMA::Major::MN, UMMA::Layout_MN_SW128_Atom<T>, A, B, KFirst>(tname, "MN", "SW128", addr);
  run<T, UMMA::Major::MN, UMMA::Layout_MN_SW128_32B_Atom<T>, A, B, KFirst>(tname, "MN", "SW128_32B", addr);
}

template <class T>
void all_tiles(const char* tname) {
  all_atoms<T, 1, 1, false>(tname, 0x0);
  all_atoms<T, 2, 2, false>(tname, 0x400);
  all_atoms<T, 4, 2, true>(tname, 0x2000);
  all_atoms<T, 2, 4, false>(tname, 0x8000);
  all_atoms<T, 4, 1, true>(tname, 0x10000);
}

int main() {
  all_tiles<float_e2m1_t>("float_e2m1_t");
  all_tiles<float_e4m3_t>("float_e4m3_t");
  all_tiles<half_t>("half_t");
  all_tiles<tfloat32_t>("tfloat32_t");
  return 0;
}
