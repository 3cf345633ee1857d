// gmma-kloop-cute.cpp -- CuTe C++ reference cases for Hopper wgmma shared-memory
// descriptors advanced along K (GMMA::DescriptorIterator), computed on the host.
//
// Headers: CUTLASS 4.7.0 headers (cutlass/version.h: CUTLASS_MAJOR 4, MINOR 7, PATCH 0)
//   from /work/cutlass/include; that directory is not a git checkout, so no commit hash.
// Compile: g++ -std=c++17 -O0 -I/work/cutlass/include -I/usr/local/cuda/include \
//            -I/usr/local/cuda/include/cccl gmma-kloop-cute.cpp -o gmma-kloop-cute
// Run:     ./gmma-kloop-cute > gmma-kloop-cute.jsonl
//
// Host start address: on the host cute::cast_smem_ptr_to_uint has no path and returns 0.
// We activate its CUTE_CVTA_GENERIC_TO_SHARED path and supply a host
// __cvta_generic_to_shared that is the identity (as if the generic address were the
// shared-window address), so the descriptor start address field is ADDR>>4.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#define CUTE_CVTA_GENERIC_TO_SHARED_ACTIVATED 1
inline size_t __cvta_generic_to_shared(const void* p) { return reinterpret_cast<size_t>(p); }

#include <cute/tensor.hpp>
#include <cute/atom/mma_atom.hpp>
#include <cute/atom/mma_traits_sm90_gmma.hpp>

using namespace cute;

template <class T, class Atom, class MmaOp, int MN, int KT, int KMMA, bool IsB>
void run_case(const char* tname, const char* major, const char* sw, const char* mmaname, uintptr_t addr)
{
  auto atom = Atom{};
  auto sLayout = tile_to_shape(atom, make_shape(Int<MN>{}, Int<KT>{}));
  auto sA = make_tensor(make_smem_ptr(reinterpret_cast<T*>(addr)), sLayout);
  auto tiled_mma = make_tiled_mma(MmaOp{});
  auto thr = tiled_mma.get_slice(0);
  auto tCrA = [&]() {
    if constexpr (IsB) { return thr.partition_fragment_B(sA); }
    else               { return thr.partition_fragment_A(sA); }
  }();

  printf("{\"type\": \"%s\", \"bits\": %d, \"operand\": \"%s\", \"major\": \"%s\", \"swizzle\": \"%s\", "
         "\"mma\": \"%s\", \"MN\": %d, \"KT\": %d, \"k_mma\": %d, \"address\": %llu, ",
         tname, int(sizeof_bits<T>::value), IsB ? "B" : "A", major, sw, mmaname, MN, KT, KMMA,
         (unsigned long long)addr);
  printf("\"smem\": \"");            print(sA.layout());   printf("\", ");
  printf("\"smem_ptr_layout\": \""); print(sA);            printf("\", ");
  printf("\"fragment\": \"");        print(tCrA.layout()); printf("\", ");
  printf("\"descriptors\": [");
  int nk = int(size<2>(tCrA));
  for (int k = 0; k < nk; ++k) {
    GmmaDescriptor d = tCrA(0,0,k);
    if (k == 0 && (d.desc_ & 0x3fff) != ((addr >> 4) & 0x3fff)) {
      fprintf(stderr, "start address mismatch: %s %s %s 0x%llx\n", tname, major, sw, (unsigned long long)d.desc_);
      exit(1);
    }
    printf("%s\"0x%016llx\"", k ? ", " : "", (unsigned long long)d.desc_);
  }
  printf("], \"kblock_smem\": [");
  for (int k = 0; k < KT / KMMA; ++k) {
    auto s = local_tile(sA, make_shape(Int<MN>{}, Int<KMMA>{}), make_coord(0, k));
    printf("%s\"", k ? ", " : ""); print(s); printf("\"");
  }
  printf("]}\n");
  if (nk != KT / KMMA) { fprintf(stderr, "k-block count mismatch\n"); exit(1); }
}

#define CASE(T, MAJ, SW, MN, KT, KMMA, ISB, ADDR, ...) \
  run_case<T, GMMA::Layout_##MAJ##_##SW##_Atom<T>, __VA_ARGS__, MN, KT, KMMA, ISB>( \
      #T, #MAJ, #SW, #__VA_ARGS__, ADDR)


int main()
{
  // half_t, K-major
  CASE(half_t, K, SW128, 64,  64, 16, false, 0x400,  SM90_64x64x16_F32F16F16_SS<GMMA::Major::K, GMMA::Major::K>);
  CASE(half_t, K, SW128, 64,  64, 16, false, 0x0,    SM90_64x64x16_F32F16F16_SS<GMMA::Major::K, GMMA::Major::K>);
  CASE(half_t, K, SW128, 64,  64, 16, false, 0x2400, SM90_64x64x16_F32F16F16_SS<GMMA::Major::K, GMMA::Major::K>);
  CASE(half_t, K, SW128, 64, 128, 16, false, 0x400,  SM90_64x64x16_F32F16F16_SS<GMMA::Major::K, GMMA::Major::K>);
  CASE(half_t, K, SW128, 64, 128, 16, false, 0x2400, SM90_64x64x16_F32F16F16_SS<GMMA::Major::K, GMMA::Major::K>);
  CASE(half_t, K, SW64,  64,  32, 16, false, 0x400,  SM90_64x64x16_F32F16F16_SS<GMMA::Major::K, GMMA::Major::K>);
  CASE(half_t, K, SW64,  64,  64, 16, false, 0x400,  SM90_64x64x16_F32F16F16_SS<GMMA::Major::K, GMMA::Major::K>);
  CASE(half_t, K, SW32,  64,  16, 16, false, 0x400,  SM90_64x64x16_F32F16F16_SS<GMMA::Major::K, GMMA::Major::K>);
  CASE(half_t, K, SW32,  64,  64, 16, false, 0x400,  SM90_64x64x16_F32F16F16_SS<GMMA::Major::K, GMMA::Major::K>);
  CASE(half_t, K, INTER, 64,  64, 16, false, 0x400,  SM90_64x64x16_F32F16F16_SS<GMMA::Major::K, GMMA::Major::K>);
  // half_t, MN-major
  CASE(half_t, MN, SW128, 64, 64, 16, false, 0x400,  SM90_64x64x16_F32F16F16_SS<GMMA::Major::MN, GMMA::Major::K>);
  CASE(half_t, MN, SW64,  64, 64, 16, false, 0x400,  SM90_64x64x16_F32F16F16_SS<GMMA::Major::MN, GMMA::Major::K>);
  CASE(half_t, MN, SW32,  64, 64, 16, false, 0x400,  SM90_64x64x16_F32F16F16_SS<GMMA::Major::MN, GMMA::Major::K>);
  CASE(half_t, MN, INTER, 64, 64, 16, false, 0x400,  SM90_64x64x16_F32F16F16_SS<GMMA::Major::MN, GMMA::Major::K>);
  // other element types, K-major
  CASE(bfloat16_t,   K, SW128, 64,  64, 16, false, 0x400, SM90_64x64x16_F32BF16BF16_SS<GMMA::Major::K, GMMA::Major::K>);
  CASE(tfloat32_t,   K, SW128, 64,  32,  8, false, 0x400, SM90_64x64x8_F32TF32TF32_SS_TN<>);
  CASE(float_e4m3_t, K, SW128, 64, 128, 32, false, 0x400, SM90_64x64x32_F32E4M3E4M3_SS_TN<>);
  CASE(int8_t,       K, SW64,  64,  64, 32, false, 0x400, SM90_64x64x32_S32S8S8_SS_TN);
  // B operand: N=64, half_t, MN-major SW128
  CASE(half_t, MN, SW128, 64, 64, 16, true,  0x400,  SM90_64x64x16_F32F16F16_SS<GMMA::Major::K, GMMA::Major::MN>);
  return 0;
}
