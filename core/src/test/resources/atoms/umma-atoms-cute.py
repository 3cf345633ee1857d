#!/usr/bin/env python3
"""umma-atoms-cute.py -- writes umma-atoms-cute.cpp, the CuTe C++ reference cases for the SM100 UMMA (tcgen05.mma)
atoms and the SM120 mma.sync atoms, as CuTe spells their types (CUTLASS 4.7.0, cute/arch/mma_sm100_umma.hpp,
cute/atom/mma_traits_sm100.hpp, cute/arch/mma_sm120.hpp, cute/atom/mma_traits_sm120.hpp).

Run: python3 umma-atoms-cute.py > umma-atoms-cute.cpp, then compile and run the program as its header says.

Cases: every UMMA family (SS, TS, 2x1SM_SS, 2x1SM_TS, the block-scaled MXF8F6F4/MXF4, the _SPARSE forms), every M
its static_asserts allow, N at both ends of its range, in the middle and at an odd multiple of the step, every pair
of majors the family allows (A K-major where A comes from tensor memory), with element types varied across the cases;
then every SM120 mma.sync atom (SM120_16x8x32_TN of each A, B and accumulator type, the block-scaled
SM120::BLOCKSCALED::SM120_16x8x32_TN_VS and SM120_16x8x64_TN_VS)."""

K, MN = "UMMA::Major::K", "UMMA::Major::MN"

# family: (name, kind, cta (1 or 2), A from tensor memory, sparse, allowed M, N rule (M, b_major) -> step, min)
def n_rule_plain(step, lo):
    return lambda m, b: (step, lo)

FAMILIES = []
def fam(name, kind, cta, ts, sparse, ms, nrule):
    FAMILIES.append(dict(name=name, kind=kind, cta=cta, ts=ts, sparse=sparse, ms=ms, nrule=nrule))

m64or128 = lambda m, b: (8, 8) if m == 64 else (16, 16)
# 1 CTA
fam("SM100_MMA_TF32_SS", "tf32", 1, False, False, [64, 128], n_rule_plain(8, 8))
fam("SM100_MMA_F16BF16_SS", "f16", 1, False, False, [64, 128], n_rule_plain(8, 8))
fam("SM100_MMA_S8_SS", "i8", 1, False, False, [64, 128], lambda m, b: "s8")
fam("SM100_MMA_F8F6F4_SS", "f8f6f4", 1, False, False, [64, 128], lambda m, b: (8, 8) if b == K else (16, 16))
fam("SM100_MMA_MXF8F6F4_SS", "mxf8f6f4", 1, False, False, [128], n_rule_plain(8, 8))
fam("SM100_MMA_MXF4_SS", "mxf4", 1, False, False, [128], n_rule_plain(8, 8))
fam("SM100_MMA_TF32_TS", "tf32", 1, True, False, [64, 128], m64or128)
fam("SM100_MMA_F16BF16_TS", "f16", 1, True, False, [64, 128], m64or128)
fam("SM100_MMA_S8_TS", "i8", 1, True, False, [64, 128], lambda m, b: "s8")
fam("SM100_MMA_F8F6F4_TS", "f8f6f4", 1, True, False, [64, 128], m64or128)
fam("SM100_MMA_TF32_SS_SPARSE", "tf32", 1, False, True, [64, 128], n_rule_plain(8, 8))
fam("SM100_MMA_F16BF16_SS_SPARSE", "f16", 1, False, True, [64, 128], n_rule_plain(8, 8))
fam("SM100_MMA_S8_SS_SPARSE", "i8", 1, False, True, [64, 128], lambda m, b: "s8")
fam("SM100_MMA_F8F6F4_SS_SPARSE", "f8f6f4", 1, False, True, [64, 128], m64or128)
fam("SM100_MMA_MXF8F6F4_SS_SPARSE", "mxf8f6f4", 1, False, True, [128], n_rule_plain(8, 8))
fam("SM100_MMA_MXF4NVF4_SS_SPARSE", "mxf4nvf4", 1, False, True, [128], n_rule_plain(8, 8))
# 2 CTAs
fam("SM100_MMA_TF32_2x1SM_SS", "tf32", 2, False, False, [128, 256], n_rule_plain(16, 16))
fam("SM100_MMA_F16BF16_2x1SM_SS", "f16", 2, False, False, [128, 256], n_rule_plain(16, 16))
fam("SM100_MMA_S8_2x1SM_SS", "i8", 2, False, False, [128, 256], n_rule_plain(32, 32))
fam("SM100_MMA_F8F6F4_2x1SM_SS", "f8f6f4", 2, False, False, [128, 256], lambda m, b: (16, 16) if b == K else (32, 32))
fam("SM100_MMA_MXF8F6F4_2x1SM_SS", "mxf8f6f4", 2, False, False, [256], n_rule_plain(16, 16))
fam("SM100_MMA_MXF4_2x1SM_SS", "mxf4", 2, False, False, [128, 256], n_rule_plain(16, 16))
fam("SM100_MMA_TF32_2x1SM_TS", "tf32", 2, True, False, [128, 256], n_rule_plain(32, 32))
fam("SM100_MMA_F16BF16_2x1SM_TS", "f16", 2, True, False, [128, 256], n_rule_plain(32, 32))
fam("SM100_MMA_S8_2x1SM_TS", "i8", 2, True, False, [128, 256], n_rule_plain(32, 32))
fam("SM100_MMA_F8F6F4_2x1SM_TS", "f8f6f4", 2, True, False, [128, 256], n_rule_plain(32, 32))
fam("SM100_MMA_TF32_2x1SM_SS_SPARSE", "tf32", 2, False, True, [128, 256], n_rule_plain(16, 16))
fam("SM100_MMA_F16BF16_2x1SM_SS_SPARSE", "f16", 2, False, True, [128, 256], n_rule_plain(16, 16))
fam("SM100_MMA_S8_2x1SM_SS_SPARSE", "i8", 2, False, True, [128, 256], n_rule_plain(32, 32))
fam("SM100_MMA_F8F6F4_2x1SM_SS_SPARSE", "f8f6f4", 2, False, True, [128, 256], n_rule_plain(32, 32))
fam("SM100_MMA_MXF8F6F4_2x1SM_SS_SPARSE", "mxf8f6f4", 2, False, True, [256], n_rule_plain(16, 16))
fam("SM100_MMA_MXF4NVF4_2x1SM_SS_SPARSE", "mxf4nvf4", 2, False, True, [128, 256], n_rule_plain(16, 16))

# element types by kind, rotated over a family's cases: (a, b, c[, sf, VS])
TYPES = {
    "tf32": [("tfloat32_t", "tfloat32_t", "float")],
    "f16": [("half_t", "half_t", "float"), ("bfloat16_t", "bfloat16_t", "float"), ("half_t", "half_t", "half_t")],
    "i8": [("int8_t", "int8_t", "int32_t"), ("uint8_t", "int8_t", "int32_t"), ("uint8_t", "uint8_t", "int32_t")],
    "f8f6f4": [("float_e4m3_t", "float_e4m3_t", "float"), ("float_e5m2_t", "float_e4m3_t", "half_t"),
               ("float_e2m3_t", "float_e3m2_t", "float"), ("float_e2m1_t", "float_e4m3_t", "float"),
               ("type_erased_dynamic_float8_t", "type_erased_dynamic_float8_t", "float")],
    "mxf8f6f4": [("float_e4m3_t", "float_e4m3_t", "float", "float_ue8m0_t"), ("float_e2m1_t", "float_e5m2_t", "float", "float_ue8m0_t"),
                 ("type_erased_dynamic_float8_t", "type_erased_dynamic_float6_t", "float", "float_ue8m0_t")],
    "mxf4": [("float_e2m1_t", "float_e2m1_t", "float", "float_ue8m0_t", 32), ("float_e2m1_t", "float_e2m1_t", "float", "float_ue4m3_t", 16),
             ("type_erased_dynamic_float4_t", "type_erased_dynamic_float4_t", "float", "float_ue8m0_t", 16)],
    "mxf4nvf4": [("float_e2m1_t", "float_e2m1_t", "float", "float_ue8m0_t", 64), ("float_e2m1_t", "float_e2m1_t", "float", "float_ue4m3_t", 32)],
}

def ns(m, b, f):
    r = f["nrule"](m, b)
    if r == "s8":
        return [8, 16, 48, 128, 240, 256]
    step, lo = r
    allowed = list(range(lo, 257, step))
    mid = allowed[len(allowed) // 2]
    odd = next((n for n in allowed if n > lo and (n // step) % 2 == 1 and n not in (mid,)), None)
    picks = [lo, mid, 256]
    if odd is not None: picks.append(odd)
    if lo + step <= 256: picks.append(lo + step)
    return sorted(set(picks))

def spell(f, t, m, n, a, b, extra=""):
    args = [t[0], t[1], t[2]]
    if len(t) >= 4: args.append(t[3])
    args += [str(m), str(n)]
    if len(t) >= 5: args.append(str(t[4]))
    args += [a, b]
    return f["name"] + "<" + ",".join(args) + extra + ">"

cases = []  # (atom layout, type)
for f in FAMILIES:
    i = 0
    for m in f["ms"]:
        for a in ([K] if f["ts"] else [K, MN]):
            for b in [K, MN]:
                for n in ns(m, b, f):
                    t = TYPES[f["kind"]][i % len(TYPES[f["kind"]])]
                    al = ["1x1x1", "2x1x1", "1x2x1", "2x2x1"][i % 4]
                    cases.append((al, spell(f, t, m, n, a, b)))
                    i += 1
# the defaulted arguments written out, and the ones that differ from CuTe's defaults
cases.append(("1x1x1", "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,UMMA::Major::K,UMMA::Major::K,UMMA::ScaleIn::One,UMMA::ScaleIn::One>"))
cases.append(("1x1x1", "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,64,UMMA::Major::K,UMMA::Major::MN,UMMA::ScaleIn::Neg>"))
cases.append(("1x1x1", "SM100_MMA_TF32_TS<tfloat32_t,tfloat32_t,float,64,8,UMMA::Major::K,UMMA::Major::K,UMMA::ScaleIn::One,UMMA::ScaleIn::Neg>"))
cases.append(("1x1x1", "SM100_MMA_S8_SS<int8_t,int8_t,int32_t,128,64,UMMA::Major::K,UMMA::Major::K,UMMA::Saturate::True>"))
cases.append(("1x1x1", "SM100_MMA_S8_TS<int8_t,uint8_t,int32_t,64,32,UMMA::Major::K,UMMA::Major::MN,UMMA::ScaleIn::One,UMMA::ScaleIn::One,UMMA::Saturate::True>"))
cases.append(("1x1x1", "cute::SM100_MMA_F16BF16_2x1SM_SS<cute::half_t,cute::half_t,float,256,256,cute::UMMA::Major::K,cute::UMMA::Major::K>"))

F8 = ["float_e2m1_t", "float_e3m2_t", "float_e2m3_t", "float_e4m3_t", "float_e5m2_t"]
sm120 = []
for c in ["float", "half_t"]:
    for x in F8:
        for y in F8:
            sm120.append(("1x1x1" if len(sm120) % 3 else "2x2x1", f"SM120_16x8x32_TN<{x},{y},{c}>"))
for x in F8:
    for y in F8:
        sm120.append(("1x1x1" if len(sm120) % 3 else "2x1x1", f"SM120::BLOCKSCALED::SM120_16x8x32_TN_VS<{x},{y},float,float_ue8m0_t,32>"))
for sf, vss in [("float_ue8m0_t", [16, 32]), ("float_ue4m3_t", [16, 32])]:
    for vs in vss:
        sm120.append(("2x2x1", f"SM120::BLOCKSCALED::SM120_16x8x64_TN_VS<float_e2m1_t,float_e2m1_t,float,{sf},{vs}>"))

print("""// umma-atoms-cute.cpp -- CuTe C++ reference cases for the SM100 UMMA atoms (tcgen05.mma: SS, TS, 2x1SM, block-scaled,
// sparse) and the SM120 mma.sync atoms, as CuTe spells their types. Written by umma-atoms-cute.py beside it (the
// choice of cases is there); do not edit by hand.
//
// Headers: CUTLASS 4.7.0 (cutlass/version.h: CUTLASS_MAJOR 4, MINOR 7, PATCH 0) from /work/cutlass/include; that
//   directory is not a git checkout, so no commit hash.
// Compile: g++ -std=c++17 -O0 -I/work/cutlass/include -I/usr/local/cuda/include \\
//            -I/usr/local/cuda/include/cccl umma-atoms-cute.cpp -o umma-atoms-cute
// Run:     ./umma-atoms-cute > umma-atoms-cute.jsonl
//
// Each line: "mma", the type exactly as written in this file (the preprocessor's spelling of it); the layouts of
// MMA_Atom<type> (Shape_MNK, ThrID, LayoutA_TV, LayoutB_TV, LayoutC_TV); and make_tiled_mma(type{},
// Layout<Shape<AM,AN,AK>>{}) with the atom layout "atom_layout": its tile sizes, size, get_thr_layout_vmnk() and
// get_layoutA_TV/B/C. sizeof(type) instantiates the operation itself, so its static_asserts (M, N, majors) hold too.
#include <cstdio>
#include <cute/tensor.hpp>

using namespace cute;

template <class Op, int AM, int AN, int AK>
void emit(const char* spelled)
{
  static_assert(sizeof(Op) > 0);
  using Atom = MMA_Atom<Op>;
  Atom atom{};
  (void) atom;
  printf("{\\"mma\\": \\"%s\\", \\"atom_layout\\": \\"%dx%dx%d\\", ", spelled, AM, AN, AK);
  printf("\\"shape_mnk\\": \\"");   print(typename Atom::Shape_MNK{});  printf("\\", ");
  printf("\\"thr_id\\": \\"");      print(typename Atom::ThrID{});      printf("\\", ");
  printf("\\"layout_a_tv\\": \\""); print(typename Atom::LayoutA_TV{}); printf("\\", ");
  printf("\\"layout_b_tv\\": \\""); print(typename Atom::LayoutB_TV{}); printf("\\", ");
  printf("\\"layout_c_tv\\": \\""); print(typename Atom::LayoutC_TV{}); printf("\\", ");
  auto t = make_tiled_mma(Op{}, Layout<Shape<Int<AM>, Int<AN>, Int<AK>>>{});
  printf("\\"tiled\\": {\\"tile_mnk\\": \\""); print(make_shape(tile_size<0>(t), tile_size<1>(t), tile_size<2>(t)));
  printf("\\", \\"threads\\": \\""); print(size(t));
  printf("\\", \\"thr_layout_vmnk\\": \\""); print(t.get_thr_layout_vmnk());
  printf("\\", \\"layout_a_tv\\": \\""); print(t.get_layoutA_TV());
  printf("\\", \\"layout_b_tv\\": \\""); print(t.get_layoutB_TV());
  printf("\\", \\"layout_c_tv\\": \\""); print(t.get_layoutC_TV());
  printf("\\"}}\\n");
}

#define CASE(AM, AN, AK, ...) emit<__VA_ARGS__, AM, AN, AK>(#__VA_ARGS__)
""")
print("int main()\n{")
print(f"  // the SM100 UMMA atoms: {len(cases)} cases")
for al, t in cases:
    am, an, ak = al.split("x")
    print(f"  CASE({am}, {an}, {ak}, {t});")
print(f"  // the SM120 mma.sync atoms: {len(sm120)} cases")
for al, t in sm120:
    am, an, ak = al.split("x")
    print(f"  CASE({am}, {an}, {ak}, {t});")
print("  return 0;\n}")
