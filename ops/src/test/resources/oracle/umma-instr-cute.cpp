// umma-instr-cute.cpp -- CuTe C++ reference cases for Blackwell (SM100) UMMA instruction descriptors:
// UMMA::make_runtime_instr_desc<a,b,c,M,N,a_major,b_major,a_neg,b_neg,c_sat,is_sparse,max_shift>(sparse_id2) and
// UMMA::make_runtime_instr_desc_block_scaled(make_instr_desc_block_scaled<a,b,c,sf,M,N,majors,negs,is_sparse>()
// with k_size_ set, tmem_sfa_addr, tmem_sfb_addr, sparse_id2), computed on the host.
//
// Headers: CUTLASS 4.7.0 headers (cutlass/version.h: CUTLASS_MAJOR 4, MINOR 7, PATCH 0) from /work/cutlass/include.
// Compile: g++ -std=c++17 -O0 -I/work/cutlass/include -I/usr/local/cuda/include \
//            -I/usr/local/cuda/include/cccl umma-instr-cute.cpp -o umma-instr-cute
// Run:     ./umma-instr-cute > umma-instr-cute.jsonl
//
// Each line is a request to layoutcat ("op", "args", in the table's order) and CuTe's answer: the 32-bit descriptor
// (the union's desc_, read from the runtime value's upper 32 bits) and the 64-bit runtime value. The cases sweep
// the formats, M, N, majors, negations, saturation, sparsity, max shift, sparse_id2, scale formats, scale-factor ids
// and k_size by a fixed mixing of the case's index (no randomness: the file is the same on every run).
#include <cstdint>
#include <cstdio>
#include <tuple>
#include <utility>

#include <cute/tensor.hpp>
#include <cute/atom/mma_traits_sm100.hpp>
#include <cute/arch/mma_sm100_desc.hpp>

using namespace cute;
using cutlass::detail::float_e2m1_unpacksmem_t;
using cutlass::detail::float_e2m3_unpacksmem_t;
using cutlass::detail::float_e3m2_unpacksmem_t;

template <class A, class B, class C> struct Types { using a = A; using b = B; using c = C; };

struct Names { const char* a; const char* b; const char* c; };

using Plain = std::tuple<
  Types<half_t, half_t, float>, Types<half_t, half_t, half_t>, Types<bfloat16_t, bfloat16_t, float>,
  Types<tfloat32_t, tfloat32_t, float>, Types<int8_t, int8_t, int32_t>, Types<uint8_t, int8_t, int32_t>,
  Types<float_e4m3_t, float_e5m2_t, float>, Types<float_e4m3_t, float_e4m3_t, half_t>,
  Types<float_e2m3_t, float_e3m2_t, float>, Types<float_e2m1_unpacksmem_t, float_e4m3_t, float>,
  Types<float_e2m1_t, float_e2m1_t, float>, Types<type_erased_dynamic_float8_t, type_erased_dynamic_float8_t, float>,
  Types<float_e5m2_t, float_e2m3_unpacksmem_t, half_t>, Types<float_e3m2_unpacksmem_t, float_e2m1_unpacksmem_t, float>>;
constexpr Names plain_names[] = {
  {"half_t", "half_t", "float"}, {"half_t", "half_t", "half_t"}, {"bfloat16_t", "bfloat16_t", "float"},
  {"tfloat32_t", "tfloat32_t", "float"}, {"int8_t", "int8_t", "int32_t"}, {"uint8_t", "int8_t", "int32_t"},
  {"float_e4m3_t", "float_e5m2_t", "float"}, {"float_e4m3_t", "float_e4m3_t", "half_t"},
  {"float_e2m3_t", "float_e3m2_t", "float"}, {"cutlass::detail::float_e2m1_unpacksmem_t", "float_e4m3_t", "float"},
  {"float_e2m1_t", "float_e2m1_t", "float"}, {"type_erased_dynamic_float8_t", "type_erased_dynamic_float8_t", "float"},
  {"float_e5m2_t", "cutlass::detail::float_e2m3_unpacksmem_t", "half_t"},
  {"cutlass::detail::float_e3m2_unpacksmem_t", "cutlass::detail::float_e2m1_unpacksmem_t", "float"}};
constexpr int NPLAIN = std::tuple_size_v<Plain>;

constexpr int Ms[] = {64, 128, 256};
constexpr int Ns[] = {8, 16, 64, 120, 136, 192, 248, 256};
const char* major_name(UMMA::Major m) { return m == UMMA::Major::K ? "K" : "MN"; }
const char* shift_names[] = {"NoShift", "MaxShift8", "MaxShift16", "MaxShift32"};

template <int I>
void plain() {
  using T = std::tuple_element_t<I % NPLAIN, Plain>;
  constexpr int M = Ms[(I / 3) % 3];
  constexpr int N = Ns[(I / 5) % 8];
  constexpr UMMA::Major am = (I / 2) % 2 ? UMMA::Major::MN : UMMA::Major::K;
  constexpr UMMA::Major bm = (I / 7) % 2 ? UMMA::Major::MN : UMMA::Major::K;
  constexpr UMMA::ScaleIn an = (I / 11) % 2 ? UMMA::ScaleIn::Neg : UMMA::ScaleIn::One;
  constexpr UMMA::ScaleIn bn = (I / 13) % 2 ? UMMA::ScaleIn::Neg : UMMA::ScaleIn::One;
  constexpr UMMA::Saturate sat = (I / 17) % 2 ? UMMA::Saturate::True : UMMA::Saturate::False;
  constexpr bool sparse = (I / 19) % 2;
  constexpr int shift = (I / 23) % 4;
  constexpr uint16_t id2 = sparse ? (I / 29) % 4 : 0;
  uint64_t r = UMMA::make_runtime_instr_desc<typename T::a, typename T::b, typename T::c, M, N, am, bm, an, bn, sat,
                                             sparse, UMMA::MaxShift(shift)>(id2);
  Names n = plain_names[I % NPLAIN];
  printf("{\"op\": \"umma_instr_descriptor\", \"args\": [\"%s\", \"%s\", \"%s\", \"%d\", \"%d\", \"%s\", \"%s\", \"%s\", \"%s\","
         " \"%s\", \"%s\", \"%s\", \"%d\"], \"value\": \"0x%08x\", \"runtime\": \"0x%016llx\"}\n",
         n.a, n.b, n.c, M, N, major_name(am), major_name(bm), an == UMMA::ScaleIn::Neg ? "Neg" : "One",
         bn == UMMA::ScaleIn::Neg ? "Neg" : "One", sat == UMMA::Saturate::True ? "True" : "False", sparse ? "true" : "false",
         shift_names[shift], int(id2), unsigned(r >> 32), (unsigned long long)r);
}

template <class A, class B, class SF> struct Scaled { using a = A; using b = B; using sf = SF; };
using BlockScaled = std::tuple<
  Scaled<float_e2m1_t, float_e2m1_t, float_ue8m0_t>, Scaled<float_e2m1_t, float_e2m1_t, float_ue4m3_t>,
  Scaled<float_e4m3_t, float_e4m3_t, float_ue8m0_t>, Scaled<float_e5m2_t, float_e4m3_t, float_ue8m0_t>,
  Scaled<float_e2m1_unpacksmem_t, float_e4m3_t, float_ue8m0_t>, Scaled<float_e2m3_unpacksmem_t, float_e3m2_unpacksmem_t, float_ue8m0_t>,
  Scaled<type_erased_dynamic_float4_t, type_erased_dynamic_float4_t, float_ue4m3_t>>;
constexpr Names scaled_names[] = {
  {"float_e2m1_t", "float_e2m1_t", "float_ue8m0_t"}, {"float_e2m1_t", "float_e2m1_t", "float_ue4m3_t"},
  {"float_e4m3_t", "float_e4m3_t", "float_ue8m0_t"}, {"float_e5m2_t", "float_e4m3_t", "float_ue8m0_t"},
  {"cutlass::detail::float_e2m1_unpacksmem_t", "float_e4m3_t", "float_ue8m0_t"},
  {"cutlass::detail::float_e2m3_unpacksmem_t", "cutlass::detail::float_e3m2_unpacksmem_t", "float_ue8m0_t"},
  {"type_erased_dynamic_float4_t", "type_erased_dynamic_float4_t", "float_ue4m3_t"}};
constexpr int NSCALED = std::tuple_size_v<BlockScaled>;
constexpr uint32_t tmem[] = {0x00000000u, 0x40000010u, 0x80200000u, 0xC0000040u, 0x00010020u};

template <int I>
void scaled() {
  using T = std::tuple_element_t<I % NSCALED, BlockScaled>;
  constexpr int M = Ms[(I / 3) % 3];
  constexpr int N = Ns[(I / 5) % 8];
  constexpr UMMA::Major am = (I / 2) % 2 ? UMMA::Major::MN : UMMA::Major::K;
  constexpr UMMA::Major bm = (I / 11) % 2 ? UMMA::Major::MN : UMMA::Major::K;
  constexpr UMMA::ScaleIn an = (I / 13) % 2 ? UMMA::ScaleIn::Neg : UMMA::ScaleIn::One;
  constexpr UMMA::ScaleIn bn = (I / 17) % 2 ? UMMA::ScaleIn::Neg : UMMA::ScaleIn::One;
  constexpr bool sparse = (I / 19) % 2;
  constexpr uint16_t id2 = sparse ? (I / 23) % 4 : 0;
  constexpr uint32_t sfa = tmem[(I / 7) % 5];
  constexpr uint32_t sfb = tmem[(I / 29) % 5];
  constexpr int ksize = (I / 31) % 2;
  auto d = UMMA::make_instr_desc_block_scaled<typename T::a, typename T::b, float, typename T::sf, M, N, am, bm, an, bn, sparse>();
  d.k_size_ = ksize;
  uint64_t r = UMMA::make_runtime_instr_desc_block_scaled<sparse>(d, sfa, sfb, id2);
  Names n = scaled_names[I % NSCALED];
  printf("{\"op\": \"umma_instr_descriptor_block_scaled\", \"args\": [\"%s\", \"%s\", \"float\", \"%s\", \"%d\", \"%d\", \"%s\","
         " \"%s\", \"%s\", \"%s\", \"%s\", \"%u\", \"%u\", \"%d\", \"%d\"], \"value\": \"0x%08x\", \"runtime\": \"0x%016llx\"}\n",
         n.a, n.b, n.c, M, N, major_name(am), major_name(bm), an == UMMA::ScaleIn::Neg ? "Neg" : "One",
         bn == UMMA::ScaleIn::Neg ? "Neg" : "One", sparse ? "true" : "false", sfa, sfb, int(id2), ksize,
         unsigned(r >> 32), (unsigned long long)r);
}

template <int... I> void all_plain(std::integer_sequence<int, I...>) { (plain<I>(), ...); }
template <int... I> void all_scaled(std::integer_sequence<int, I...>) { (scaled<I>(), ...); }

int main() {
  all_plain(std::make_integer_sequence<int, 224>{});
  all_scaled(std::make_integer_sequence<int, 160>{});
  return 0;
}
