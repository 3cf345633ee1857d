package org.layoutcat.ops.code;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.layoutcat.ops.CodeForm;
import org.layoutcat.ops.Operation;
import org.layoutcat.ops.Operations;
import org.layoutcat.ops.batch.RandomRequests;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code layoutcat cpp}: the generated CuTe C++ is valid C++17 (checked with {@code g++ -fsyntax-only} against a small
 * stand-in for {@code <cute/tensor.hpp>} that declares every name the generator uses; skipped where g++ is absent),
 * and, where {@code LAYOUTCAT_CUTE_INCLUDE} names CUTLASS's {@code include/} directory, compiles against the real
 * CuTe headers and runs, printing {@code ok}.
 */
class KernelCodeTest {
    /** One request per kind of generated check: layouts, tilers, basis strides, tuples, integers, predicates, offsets. */
    static final String[][] REQUESTS = {
        {"composition", "(12,3,6):(1,72,12)", "(6,6):(1,6)"},
        {"composition", "(4,8,2):(1,4,32)", "<2:1,4:2>"},
        {"composition", "(4,4):(4,1)", "(4,4):(1@1,1@0)"},
        {"coalesce", "(2,(1,6)):(1,(6,2))", "(1,1)"},
        {"complement", "(2,4):(1,2)", "16"},
        {"left_inverse", "(4,2):(1,5)"},
        {"zipped_divide", "(4,8):(1@0,1@1)", "(2,4)"},
        {"raked_product", "(2,2):(1,2)", "(3,4):(1,3)"},
        {"size", "(4,(2,2)):(1,(4,8))"},
        {"print", "(4,(2,2)):(1,(4,8))"},
        {"print", "Sw<3,3,3> o 0 o (8,64):(64,1)"},
        {"print", "(4,8):(1@0,1@1)"},
        {"eval", "(4,8):(1@0,1@1)", "31"},
        {"idx2crd", "(2,(2,2)):(2,(1,4))", "5"},
        {"hier_coord", "(2,(2,2)):(2,(1,4))", "6"},
        {"compact_col_major", "(2,1,(3,1))"},
        {"make_ordered_layout", "((2,3),4)", "(1,0)"},
        {"make_identity_layout", "(4,(2,3))"},
        {"make_layout_tv", "(2,2):(1,2)", "(2,3):(1,2)"},
        {"local_tile", "(16,64):(1,16)", "(4,8)", "(1,_)"},
        {"local_partition", "(16,64):(1@0,1@1)", "(2,16):(1,2)", "5"},
        {"max_common_vector", "(4,8):(1,4)", "((2,2),8):((1,2),4)"},
        {"upcast", "4:-1", "2"},
        {"recast_layout", "16", "24", "(6,4):(1,6)"},
        {"select", "(2,3,4):(1,2,6)", "(2,0)"},
        {"group", "(2,3,4,5)", "1", "3"},
        {"prepend", "(2,3,4):(1,2,6)", "5:24"},
        {"slice", "(2,(3,4)):(1,(2,6))", "(_,(1,_))"},
        {"dice", "(2,(3,4)):(1,(2,6))", "(_,(1,_))"},
        {"shape_div", "(4,5,6)", "40"},
        {"weakly_congruent", "(2,(3,4))", "(3,4)"},
        {"evenly_divides", "(8,6)", "16"},
        {"nullspace", "(2,(3,4)):(0,(0,2))"},
        {"filter", "(4,2,3):(2,0,8)"},
        {"right_inverse", "(4,2):(2,1)"},
        {"tiled_divide", "(8,8):(1,8)", "<2:1,4:1>"},
        {"flat_divide", "(8,8):(1,8)", "<2:1,4:1>"},
        {"logical_product", "(2,2):(4,1)", "6:1"},
        {"zipped_product", "(2,2):(1,2)", "<3:1,2:1>"},
        {"tiled_product", "(2,2):(1,2)", "<3:1,2:1>"},
        {"flat_product", "(2,2):(1,2)", "<3:1,2:1>"},
        {"blocked_product", "(2,2):(1,2)", "(2,3):(1,2)"},
        {"logical_divide", "(4,8):(1,4)", "(2,2):(1,4)"},
        {"cosize", "(2,(2,2)):(2,(1,4))"},
        {"rank", "(2,(2,2)):(2,(1,4))"},
        {"depth", "(2,(2,2)):(2,(1,4))"},
        {"crd2idx", "(2,(3,4)):(1,(2,6))", "(1,(0,1))"},
        {"compact_row_major", "(2,(3,4))", "2"},
        {"max_common_layout", "(4,8):(1,4)", "(4,8):(1,8)"},
        {"downcast", "(4,3):(1,4)", "2"},
        {"append", "(2,3):(1,2)"},
        {"ceil_div", "(4,5,6)", "(3,2,4)"},
        // swizzled layouts: arguments, results part by part, a tensor over one
        {"composition", "Sw<3,3,3> o 0 o (8,64):(64,1)", "(4,8):(1,4)"},
        {"zipped_divide", "Sw<2,4,3> o 0 o (16,32):(32,1)", "(8,8)"},
        {"right_inverse", "Sw<2,3,4> o 0 o ((8,2),(8,4)):((1,64),(8,128))"},
        {"local_tile", "Sw<3,3,3> o 0 o (8,64):(64,1)", "(4,8)", "(1,2)"},
        {"eval", "Sw<1,0,4> o 0 o (32,16):(16,1)", "225"},
        // the kernel operations
        {"gmma_smem_atom", "K", "SW128", "16"},
        {"tile_to_shape", "Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)", "(128,128)", "(1,0)"},
        {"mma_atom", "SM90_64x64x16_F32F16F16_SS"},
        {"copy_atom", "UniversalCopy_U128"},
        {"copy_atom", "SM75_U32x4_LDSM_N", "16"},
        {"tiled_mma", "SM80_16x8x16_F32F16F16F32_TN", "2x2x1", "<32,32,16>"},
        {"tiled_copy", "SM80_CP_ASYNC_CACHEALWAYS_U128", "16", "(32,4):(4,1)", "(1,8):(1,1)"},
        {"tiled_copy_a", "SM75_U32x4_LDSM_N", "16", "SM80_16x8x16_F32F16F16F32_TN", "2x2x1"},
        {"tiled_copy_b", "SM75_U16x4_LDSM_T", "16", "SM80_16x8x16_F32F16F16F32_TN", "2x2x1"},
        {"tiled_copy_c", "UniversalCopy_U64", "32", "SM80_16x8x16_F32F16F16F32_TN", "2x2x1"},
        {"partition_a", "SM80_16x8x16_F32F16F16F32_TN", "2x2x1", "(64,32):(1,64)", "5"},
        {"partition_b", "SM80_16x8x16_F32F16F16F32_TN", "2x2x1", "(64,32):(1,64)", "37"},
        {"partition_c", "SM80_16x8x16_F32F16F16F32_TN", "2x2x1", "(64,32):(1,64)", "100"},
        {"partition_s", "SM80_CP_ASYNC_CACHEALWAYS_U128", "16", "(32,4):(4,1)", "(1,8)", "(64,64):(64,1)", "5"},
        {"partition_d", "SM75_U32x4_LDSM_N", "16", "(32,1)", "(1,8)", "(32,16):(16,1)", "3"},
        {"partition_a", "SM80_16x8x16_F32F16F16F32_TN", "2x2x1", "Sw<3,4,3> o smem_ptr[16b](unset) o (64,32,3):(32,1,2048)", "5"},
        {"partition_d", "SM80_CP_ASYNC_CACHEALWAYS_U128", "16", "(16,8):(8,1)", "(1,8)", "Sw<3,3,3> o 0 o (64,32,3):(32,1,2048)", "37"},
        {"retile_s", "SM90_U32x1_STSM_N", "16", "SM80_16x8x16_F32F16F16F32_TN", "2x2x1", "C", "((2,2),2,4):((1,2),4,8)"},
        {"retile_d", "SM75_U32x4_LDSM_N", "16", "SM80_16x8x16_F32F16F16F32_TN", "2x2x1", "A", "((2,2,2),2,2):((1,2,4),16,8)", "<32,32,16>"},
        // issue 36: the SM100 UMMA atoms (tcgen05.mma, one or two CTAs; A in tensor memory) and the SM120 mma.sync atoms
        {"mma_atom", "SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,128,UMMA::Major::K,UMMA::Major::MN>"},
        {"tiled_mma", "SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,128,UMMA::Major::K,UMMA::Major::MN>", "2x1x1"},
        {"partition_a", "SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,128,UMMA::Major::K,UMMA::Major::MN>", "2x1x1", "(512,64):(1,512)", "3"},
        {"partition_c", "SM100_MMA_F16BF16_TS<half_t,half_t,float,128,64,UMMA::Major::K,UMMA::Major::K>", "1x1x1", "(128,64):(1,128)", "0"},
        {"mma_atom", "SM120_16x8x32_TN<float_e4m3_t,float_e2m1_t,float>"},
        {"tiled_mma", "SM120_16x8x32_TN<float_e4m3_t,float_e2m1_t,float>", "2x2x1"},
        // Blackwell (issue 36): UMMA's atoms and instruction descriptors (a value past int's range: C<nll>)
        {"umma_smem_atom", "MN", "SW128_32B", "16"},
        {"umma_smem_atom", "K", "SW128", "4"},
        {"umma_instr_descriptor", "half_t", "half_t", "float", "128", "256", "K", "MN"},
        {"umma_instr_descriptor", "float_e4m3_t", "float_e5m2_t", "float", "128", "64", "MN", "K", "Neg", "One", "False", "true", "MaxShift16", "2"},
        {"umma_instr_descriptor_block_scaled", "float_e4m3_t", "float_e4m3_t", "float", "float_ue8m0_t", "128", "256", "K", "K"},
        {"umma_instr_descriptor_block_scaled", "float_e2m1_t", "float_e2m1_t", "float", "float_ue4m3_t", "256", "192", "K", "K", "One", "Neg",
                "false", "2147483648", "1073741824", "0", "1"},
        {"blockscaled_sf_layout", "SM100", "SFA", "32", "(100,200,300,2)"},
        {"blockscaled_sf_layout", "SM103", "SFB", "16", "(256,512,128)"},
        {"blockscaled_sfd_layout", "16", "MN", "(256,256,512)"},
        {"copy_atom", "SM100_TMEM_LOAD_16dp256b2x_16b", "16"},
        {"tmem_accumulator", "(256,128)", "2", "F16"},
        {"tmem_accumulator", "(64,64)", "1", "F32", "NON_INTERLEAVED"},
        {"tmem_copy", "SM100_TMEM_LOAD_32dp32b8x", "F32", "(128,256):(65536,1)", "33"},
        {"tmem_copy", "SM100_TMEM_STORE_16dp64b4x_16b", "F16", "((16,4),64):((131072,4194304),2)", "70"},
    };

    /** A stand-in for {@code <cute/tensor.hpp>}: every name the generator writes, each answering a value of one type. */
    /** A stand-in for CUTLASS's block-scaled configs ({@code cutlass/detail/sm100_blockscaled_layout.hpp}, sm103's). */
    private static final String BLOCKSCALED_STAND_IN = String.join("\n",
            "#pragma once",
            "#include <cute/tensor.hpp>",
            "namespace cutlass::detail {",
            "#define LAYOUTCAT_SF(name) template <class... T> static constexpr cute::Any name(T const&...) { return {}; }",
            "template <int V> struct Sm1xxBlockScaledConfig { LAYOUTCAT_SF(tile_atom_to_shape_SFA) LAYOUTCAT_SF(tile_atom_to_shape_SFB) };",
            "template <int V> struct Sm103BlockScaledConfig { LAYOUTCAT_SF(tile_atom_to_shape_SFA) LAYOUTCAT_SF(tile_atom_to_shape_SFB) };",
            "template <int V, cute::UMMA::Major M = cute::UMMA::Major::K> struct Sm1xxBlockScaledOutputConfig { LAYOUTCAT_SF(tile_atom_to_shape_SFD) };",
            "}  // namespace cutlass::detail",
            "");

    private static final String STAND_IN = String.join("\n",
            "#pragma once",
            "#include <cstdint>",
            "#include <cstdio>",
            "#include <type_traits>",
            "#define CUTE_STATIC_ASSERT_V(x, ...) static_assert(decltype(x)::value, \"\" __VA_ARGS__)",
            "namespace cute {",
            "struct Any {",
            "  static constexpr bool value = true;",
            "  template <class... T> constexpr Any operator()(T const&...) const { return {}; }",
            "  template <class... T> constexpr Any with_shape(T const&...) const { return {}; }",
            "  template <class... T> constexpr Any get_hier_coord(T const&...) const { return {}; }",
            "  constexpr Any layout() const { return {}; }",
            "  constexpr Any data() const { return {}; }",
            "  constexpr Any get() const { return {}; }",
            "  constexpr Any layout_a() const { return {}; }",
            "  constexpr Any offset() const { return {}; }",
            "  constexpr Any layout_b() const { return {}; }",
            "  static constexpr int num_bits = 0;",
            "  using Shape_MNK = Any; using ThrID = Any; using LayoutA_TV = Any; using LayoutB_TV = Any; using LayoutC_TV = Any;",
            "  using ValLayoutSrc = Any; using ValLayoutDst = Any; using ValLayoutRef = Any; using Tiler_MN = Any; using TiledLayout_TV = Any;",
            "  template <class... T> constexpr Any get_slice(T const&...) const { return {}; }",
            "  template <class... T> constexpr Any partition_A(T const&...) const { return {}; }",
            "  template <class... T> constexpr Any partition_B(T const&...) const { return {}; }",
            "  template <class... T> constexpr Any partition_C(T const&...) const { return {}; }",
            "  template <class... T> constexpr Any partition_S(T const&...) const { return {}; }",
            "  template <class... T> constexpr Any partition_D(T const&...) const { return {}; }",
            "  template <class... T> constexpr Any retile_S(T const&...) const { return {}; }",
            "  template <class... T> constexpr Any retile_D(T const&...) const { return {}; }",
            "  template <class... T> constexpr Any partition_fragment_A(T const&...) const { return {}; }",
            "  template <class... T> constexpr Any partition_fragment_B(T const&...) const { return {}; }",
            "  template <class... T> constexpr Any partition_fragment_C(T const&...) const { return {}; }",
            "  constexpr Any get_thr_layout_vmnk() const { return {}; }",
            "  constexpr Any get_layoutA_TV() const { return {}; }",
            "  constexpr Any get_layoutB_TV() const { return {}; }",
            "  constexpr Any get_layoutC_TV() const { return {}; }",
            "  constexpr Any get_layoutS_TV() const { return {}; }",
            "  constexpr Any get_layoutD_TV() const { return {}; }",
            "  constexpr Any operator*() const { return {}; }",
            "  constexpr Any operator!() const { return {}; }",
            "  constexpr explicit operator bool() const { return false; }",
            "  constexpr explicit operator int() const { return 0; }",
            "};",
            "template <class A> using IsAny = std::enable_if_t<std::is_base_of_v<Any, A>, int>;",
            "template <class A, class B, IsAny<A> = 0> constexpr Any operator==(A const&, B const&) { return {}; }",
            "template <class A, class B, IsAny<A> = 0> constexpr Any operator!=(A const&, B const&) { return {}; }",
            "template <class A, class B, IsAny<A> = 0> constexpr Any operator*(A const&, B const&) { return {}; }",
            "template <class A, class B, IsAny<A> = 0> constexpr Any operator+(A const&, B const&) { return {}; }",
            "template <class A, class B, IsAny<A> = 0> constexpr Any operator/(A const&, B const&) { return {}; }",
            "template <class A, class B, IsAny<A> = 0> constexpr Any operator&&(A const&, B const&) { return {}; }",
            "template <bool B> struct bool_constant : Any {};",
            "template <class T> struct is_composed_layout : std::true_type {};",
            "template <int B, int M, int S> struct Swizzle : Any { static constexpr int num_bits = B; };",
            "template <int B> struct smem_ptr_flag_bits : Any {};",
            "template <class Op> struct MMA_Atom : Any {};",
            "template <class Op, class T> struct Copy_Atom : Any {};",
            "template <class T> struct UniversalCopy {};",
            "template <class T> struct SM80_CP_ASYNC_CACHEALWAYS {};",
            "struct SM80_16x8x16_F32F16F16F32_TN : Any {}; struct SM75_U32x4_LDSM_N : Any {}; struct SM75_U16x4_LDSM_T : Any {};",
            "struct SM90_U32x1_STSM_N : Any {}; struct SM75_16x8x8_F16F16F16F16_TN : Any {}; struct half_t {}; struct uint128_t {};",
            "namespace GMMA {",
            "enum class Major { K, MN };",
            "#define LAYOUTCAT_GMMA(major) template <class T> using Layout_##major##_INTER_Atom = Any;"
                    + " template <class T> using Layout_##major##_SW32_Atom = Any;"
                    + " template <class T> using Layout_##major##_SW64_Atom = Any;"
                    + " template <class T> using Layout_##major##_SW128_Atom = Any;",
            "LAYOUTCAT_GMMA(K) LAYOUTCAT_GMMA(MN)",
            "}  // namespace GMMA",
            "template <GMMA::Major A, GMMA::Major B> struct SM90_64x64x16_F32F16F16_SS : Any {};",
            "template <class A, class B, class C> struct SM120_16x8x32_TN : Any {};",
            "struct bfloat16_t {}; struct SM100_TMEM_LOAD_32dp32b8x : Any {}; struct SM100_TMEM_STORE_16dp64b4x_16b : Any {};",
            "struct SM100_TMEM_LOAD_16dp256b2x_16b : Any {};",
            "namespace UMMA {",
            "enum class TmemAllocMode { Interleaved, NonInterleaved, Duplicated };",
            "template <class V, class S, int N, TmemAllocMode M = TmemAllocMode::Interleaved> struct tmem_frg : Any {",
            "  template <class... T> static constexpr Any make(T const&...) { return {}; }",
            "};",
            "}  // namespace UMMA",
            "template <class T> constexpr Any make_tmem_ptr() { return {}; }",
            "template <long long N> struct Int : Any {};",
            "template <int... I> struct E : Any {};",
            "template <class T> struct counting_iterator : Any { constexpr counting_iterator(T) {} };",
            "template <class T, int N> struct array {};",
            "struct uint1_t {}; struct uint2_t {}; struct uint4_t {};",
            "constexpr Any _{};",
            "#define LAYOUTCAT_ANY(name) template <class... T> constexpr Any name(T const&...) { return {}; }",
            "LAYOUTCAT_ANY(make_layout) LAYOUTCAT_ANY(make_shape) LAYOUTCAT_ANY(make_stride) LAYOUTCAT_ANY(make_coord)",
            "LAYOUTCAT_ANY(make_tile) LAYOUTCAT_ANY(make_step) LAYOUTCAT_ANY(make_tuple) LAYOUTCAT_ANY(make_tensor)",
            "LAYOUTCAT_ANY(make_identity_tensor) LAYOUTCAT_ANY(make_identity_layout) LAYOUTCAT_ANY(make_ordered_layout)",
            "LAYOUTCAT_ANY(composition) LAYOUTCAT_ANY(coalesce) LAYOUTCAT_ANY(filter) LAYOUTCAT_ANY(complement)",
            "LAYOUTCAT_ANY(right_inverse) LAYOUTCAT_ANY(left_inverse) LAYOUTCAT_ANY(nullspace)",
            "LAYOUTCAT_ANY(logical_divide) LAYOUTCAT_ANY(zipped_divide) LAYOUTCAT_ANY(tiled_divide) LAYOUTCAT_ANY(flat_divide)",
            "LAYOUTCAT_ANY(logical_product) LAYOUTCAT_ANY(zipped_product) LAYOUTCAT_ANY(tiled_product) LAYOUTCAT_ANY(flat_product)",
            "LAYOUTCAT_ANY(blocked_product) LAYOUTCAT_ANY(raked_product) LAYOUTCAT_ANY(product_each)",
            "LAYOUTCAT_ANY(size) LAYOUTCAT_ANY(cosize) LAYOUTCAT_ANY(rank) LAYOUTCAT_ANY(depth) LAYOUTCAT_ANY(shape)",
            "LAYOUTCAT_ANY(idx2crd) LAYOUTCAT_ANY(crd2idx) LAYOUTCAT_ANY(compact_col_major) LAYOUTCAT_ANY(compact_row_major)",
            "LAYOUTCAT_ANY(local_tile) LAYOUTCAT_ANY(local_partition) LAYOUTCAT_ANY(max_common_vector) LAYOUTCAT_ANY(max_common_layout)",
            "LAYOUTCAT_ANY(append) LAYOUTCAT_ANY(prepend) LAYOUTCAT_ANY(slice) LAYOUTCAT_ANY(slice_and_offset) LAYOUTCAT_ANY(dice)",
            "LAYOUTCAT_ANY(shape_div) LAYOUTCAT_ANY(ceil_div) LAYOUTCAT_ANY(weakly_congruent) LAYOUTCAT_ANY(evenly_divides)",
            "LAYOUTCAT_ANY(make_composed_layout) LAYOUTCAT_ANY(as_position_independent_swizzle_layout) LAYOUTCAT_ANY(tile_to_shape)",
            "LAYOUTCAT_ANY(make_tiled_mma) LAYOUTCAT_ANY(make_tiled_copy) LAYOUTCAT_ANY(make_tiled_copy_A)",
            "LAYOUTCAT_ANY(make_tiled_copy_B) LAYOUTCAT_ANY(make_tiled_copy_C) LAYOUTCAT_ANY(make_tmem_copy)",
            "template <int I, class... T> constexpr Any tile_size(T const&...) { return {}; }",
            "template <long long N, class... T> constexpr Any upcast(T const&...) { return {}; }",
            "template <long long N, class... T> constexpr Any downcast(T const&...) { return {}; }",
            "template <class O, class N, class... T> constexpr Any recast_layout(T const&...) { return {}; }",
            "template <int... I, class... T> constexpr Any select(T const&...) { return {}; }",
            "template <int B, int E_, class... T> constexpr Any group(T const&...) { return {}; }",
            "template <int... I, class... T> constexpr Any get(T const&...) { return {}; }",
            "template <long long N> struct C : Any {};",
            "struct float_e4m3_t {}; struct float_e5m2_t {}; struct float_e2m1_t {}; struct float_ue4m3_t {}; struct float_ue8m0_t {};",
            "template <class A, class B, std::enable_if_t<std::is_arithmetic_v<A>, int> = 0, IsAny<B> = 0>"
                    + " constexpr Any operator==(A const&, B const&) { return {}; }",
            "namespace UMMA {",
            "using namespace GMMA;",
            "enum class Major { K, MN };", // UMMA's own (mma_sm100_desc.hpp); the using-directive brings GMMA's smem atoms
            "template <class T> using Layout_MN_SW128_32B_Atom = Any;",
            "enum class ScaleIn { One, Neg }; enum class Saturate { False, True };",
            "enum class MaxShift { NoShift, MaxShift8, MaxShift16, MaxShift32 };",
            "template <class A, class B, class C_, int M, int N, Major a, Major b, ScaleIn an = ScaleIn::One, ScaleIn bn = ScaleIn::One,"
                    + " Saturate s = Saturate::False, bool sp = false, MaxShift ms = MaxShift::NoShift>"
                    + " constexpr unsigned long long make_runtime_instr_desc(int = 0) { return 0; }",
            "struct InstrDescriptorBlockScaled { unsigned k_size_ : 1; };",
            "template <class A, class B, class C_, class SF, int M, int N, Major a, Major b, ScaleIn an = ScaleIn::One,"
                    + " ScaleIn bn = ScaleIn::One, bool sp = false> constexpr InstrDescriptorBlockScaled make_instr_desc_block_scaled() { return {}; }",
            "template <bool sp = false> constexpr unsigned long long make_runtime_instr_desc_block_scaled(InstrDescriptorBlockScaled,"
                    + " unsigned, unsigned, int = 0) { return 0; }",
            "}  // namespace UMMA",
            "#define LAYOUTCAT_UMMA(name) template <class A, class B, class C, int M, int N, UMMA::Major MA, UMMA::Major MB,"
                    + " UMMA::ScaleIn SA = UMMA::ScaleIn::One, UMMA::ScaleIn SB = UMMA::ScaleIn::One> struct name : Any {};",
            "LAYOUTCAT_UMMA(SM100_MMA_F16BF16_2x1SM_SS) LAYOUTCAT_UMMA(SM100_MMA_F16BF16_TS)",
            "}  // namespace cute",
            "");

    private static boolean has(String tool) {
        try {
            Process p = new ProcessBuilder(tool, "--version").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    /** Runs a command in dir; its exit code and output. */
    private static String[] run(Path dir, List<String> cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(300, TimeUnit.SECONDS), "timed out: " + cmd);
        return new String[] {String.valueOf(p.exitValue()), out};
    }

    /** The operations with a CuTe C++ form: each has a request above and a share of the random mix. */
    private static Set<String> withCppForm() {
        Set<String> ops = new TreeSet<>();
        for (Operation o : Operations.all()) if (o.cpp() instanceof CodeForm.Call) ops.add(o.name());
        return ops;
    }

    @Test
    void everyFormHasARequest() {
        Set<String> missing = withCppForm();
        for (String[] q : REQUESTS) missing.remove(q[0]);
        assertTrue(missing.isEmpty(), "no request writes the C++ form of " + missing);
    }

    @Test
    void generatedCodeIsValidCpp17(@TempDir Path dir) throws Exception {
        assumeTrue(has("g++"), "g++ is not installed");
        Files.createDirectories(dir.resolve("cute"));
        Files.writeString(dir.resolve("cute/tensor.hpp"), STAND_IN);
        Files.createDirectories(dir.resolve("cutlass/detail"));
        Files.writeString(dir.resolve("cutlass/detail/sm100_blockscaled_layout.hpp"), BLOCKSCALED_STAND_IN);
        Files.writeString(dir.resolve("cutlass/detail/sm103_blockscaled_layout.hpp"), "#pragma once\n#include <cutlass/detail/sm100_blockscaled_layout.hpp>\n");
        List<String> cmd = new ArrayList<>(List.of("g++", "-std=c++17", "-fsyntax-only", "-I", dir.toString()));
        for (int i = 0; i < REQUESTS.length; i++) {
            String[] q = REQUESTS[i];
            Path f = dir.resolve("t" + i + ".cpp");
            Files.writeString(f, CodeWriter.cpp(q[0], List.of(q).subList(1, q.length)));
            cmd.add(f.toString());
        }
        String[] r = run(dir, cmd);
        assertEquals("0", r[0], r[1]);
    }

    // ---------------------------------------------------------------------------------------------------------
    // Against the real CuTe headers (LAYOUTCAT_CUTE_INCLUDE names CUTLASS's include/; CI has none, so these skip)

    /** CUTLASS's include/ directory; the test is skipped where it is not named, or g++ is absent. */
    private static String cuteInclude() {
        String include = System.getenv("LAYOUTCAT_CUTE_INCLUDE");
        assumeTrue(include != null && Files.isRegularFile(Path.of(include, "cute", "tensor.hpp")),
                "LAYOUTCAT_CUTE_INCLUDE does not name CUTLASS's include/ directory");
        assumeTrue(has("g++"), "g++ is not installed");
        return include;
    }

    /** One request and its generated program. */
    private record Case(String[] request, CodeWriter.Program program) {
        String words() {
            return String.join(" ", request);
        }
    }

    /** The case of a request, or null where layoutcat refuses it (no answer to test). */
    private static Case generate(String[] q) {
        try {
            return new Case(q, CodeWriter.program(q[0], List.of(q).subList(1, q.length)));
        } catch (IllegalArgumentException | ArithmeticException refused) {
            return null;
        }
    }

    /**
     * A translation unit of many programs: each program's body a function {@code t<k>} (1 where a check at run time
     * fails), {@code main} running them all and printing {@code case k failed} for each that does. {@code lines[k]}
     * is the first line of case k's function.
     */
    private static String translationUnit(List<Case> cases, int[] lines) {
        Set<String> defines = new java.util.LinkedHashSet<>(List.of("#define CUTE_SM90_EXTENDED_MMA_SHAPES_ENABLED"));
        Set<String> helpers = new java.util.LinkedHashSet<>();
        for (Case c : cases) {
            helpers.addAll(c.program().helpers());
            defines.addAll(c.program().defines()); // the defines and the CUTLASS headers a case's call needs
        }
        List<String> out = new ArrayList<>(defines);
        out.addAll(List.of("#include <cstdio>", "#include <cute/tensor.hpp>", "using namespace cute;"));
        for (String h : helpers) out.addAll(List.of(h.split("\n")));
        for (int k = 0; k < cases.size(); k++) {
            lines[k] = out.size() + 1;
            out.add("// " + cases.get(k).words());
            out.add("int t" + k + "() {");
            out.addAll(cases.get(k).program().body());
            out.add("  return 0;");
            out.add("}");
        }
        out.add("int main() {");
        out.add("  int bad = 0;");
        for (int k = 0; k < cases.size(); k++) out.add("  if (t" + k + "()) { printf(\"case " + k + " failed\\n\"); bad++; }");
        out.add("  return bad;");
        out.add("}");
        return String.join("\n", out) + "\n";
    }

    /** A unit's outcome: the cases CuTe answers differently (by compile errors or run-time checks), and the output. */
    private record Outcome(Set<Integer> failed, String output) {}

    /** Compiles the cases as one unit {@code name.cpp} against CuTe and runs it. */
    private static Outcome compileAndRun(Path dir, String name, List<Case> cases, String include) throws Exception {
        int[] lines = new int[cases.size()];
        Path f = dir.resolve(name + ".cpp");
        Files.writeString(f, translationUnit(cases, lines));
        List<String> cmd = new ArrayList<>(List.of("g++", "-std=c++17", "-w", "-I", include));
        String cuda = System.getenv().getOrDefault("CUDA_HOME", "/usr/local/cuda");
        if (Files.isDirectory(Path.of(cuda, "include"))) cmd.addAll(List.of("-I", cuda + "/include", "-I", cuda + "/include/cccl"));
        cmd.addAll(List.of(f.toString(), "-o", dir.resolve(name).toString()));
        String[] c = run(dir, cmd);
        Set<Integer> failed = new TreeSet<>();
        if (!c[0].equals("0")) {
            Matcher m = Pattern.compile(Pattern.quote(name) + "\\.cpp:(\\d+):").matcher(c[1]);
            while (m.find()) {
                int line = Integer.parseInt(m.group(1));
                int k = java.util.Arrays.binarySearch(lines, line);
                k = k >= 0 ? k : -k - 2;
                if (k >= 0) failed.add(k);
            }
            if (failed.isEmpty()) throw new AssertionError(name + " does not compile, and no case is named:\n" + c[1]);
            return new Outcome(failed, c[1]);
        }
        String[] out = run(dir, List.of(dir.resolve(name).toString()));
        Matcher m = Pattern.compile("case (\\d+) failed").matcher(out[1]);
        while (m.find()) failed.add(Integer.parseInt(m.group(1)));
        return new Outcome(failed, out[1]);
    }

    /** The requests of the failing cases, with the output of their unit (cut at 20,000 characters). */
    private static String report(List<Case> cases, Outcome o) {
        StringBuilder sb = new StringBuilder("cases CuTe answers differently:\n");
        for (int k : o.failed()) sb.append("  ").append(cases.get(k).words()).append('\n');
        String out = o.output();
        return sb.append(out.length() > 20_000 ? out.substring(0, 20_000) + "\n..." : out).toString();
    }

    @Test
    @Tag("cutlass") // with LAYOUTCAT_CUTE_INCLUDE (the profile cutlass): CuTe's headers
    void everyFormCompilesAndRunsAgainstCuTe(@TempDir Path dir) throws Exception {
        String include = cuteInclude();
        List<Case> cases = new ArrayList<>();
        for (String[] q : REQUESTS) cases.add(java.util.Objects.requireNonNull(generate(q), () -> String.join(" ", q)));
        Outcome o = compileAndRun(dir, "forms", cases, include);
        assertTrue(o.failed().isEmpty(), () -> report(cases, o));
    }

    /**
     * The requests of the random mix that CuTe C++ (commit 7107b05) has no function for, so that their test does not
     * compile: layoutcat answers them (operations beyond CuTe's), and they are left out here. Every other request's
     * answer is CuTe's (partitions, fragments, tiled copies of stmatrix and tiled MMAs repeated along K included,
     * since issue 24; products keep a mode that is a tuple of one mode as CuTe does).
     * <ul>
     * <li>CuTe C++ has no {@code filter} of a swizzled layout without a profile, and no {@code select} or
     *     {@code prepend} of one ({@code append} only as {@code append<N>}): its tuple functions take over and make
     *     a tuple, not a layout ({@code filter Sw<2,1,2> o 0 o (4,8):(8,1)}: no matching function).
     * <li>CuTe C++ does not slice a swizzled layout at a coordinate without a wildcard ({@code slice Sw<1,3,3> o 0 o
     *     (8,8):(1,8) (4,3)}: no matching {@code make_layout()}); layoutcat answers {@code ():()} and the offset.
     * </ul>
     */
    private static boolean knownDifference(String[] q) {
        String op = q[0];
        List<String> args = List.of(q).subList(1, q.length);
        boolean swizzled = !args.isEmpty() && args.get(0).startsWith("Sw<");
        switch (op) {
            case "filter":
                return swizzled && args.size() == 1;
            case "select", "append", "prepend":
                return swizzled;
            case "slice":
                return swizzled && !args.get(1).contains("_");
            default:
                return false;
        }
    }

    /** How many requests of each operation the random mix holds (before refusals). */
    private static final int PER_OP = 24;

    /**
     * A seeded random mix over every operation with a C++ form, layouts of the three kinds among the arguments
     * ({@link RandomRequests}), compiled against the real CuTe headers in units of {@value #UNIT} cases (in
     * parallel, {@code LAYOUTCAT_CUTE_JOBS} at once, default the processors) and run: every answer layoutcat gives is
     * CuTe's. Requests layoutcat refuses are left out. The cases of each operation are printed.
     */
    @Test
    @Tag("cutlass") // with LAYOUTCAT_CUTE_INCLUDE (the profile cutlass): CuTe's headers
    void randomRequestsAgreeWithCuTe(@TempDir Path dir) throws Exception {
        String include = cuteInclude();
        List<Case> cases = new ArrayList<>();
        Map<String, Integer> perOp = new TreeMap<>();
        Map<String, Integer> leftOut = new TreeMap<>();
        // LAYOUTCAT_CUTE_OPS=op,op,... runs those operations' cases alone (the coverage checks then hold for them)
        Set<String> only = System.getenv("LAYOUTCAT_CUTE_OPS") == null ? null : Set.of(System.getenv("LAYOUTCAT_CUTE_OPS").split(","));
        for (String[] q : RandomRequests.of(new java.util.Random(11), PER_OP)) {
            if (only != null && !only.contains(q[0])) continue;
            if (knownDifference(q)) {
                leftOut.merge(q[0], 1, Integer::sum);
                continue;
            }
            Case c = generate(q);
            if (c == null) continue;
            cases.add(c);
            perOp.merge(q[0], 1, Integer::sum);
        }
        System.out.println("cpp against CuTe: " + cases.size() + " random cases; by operation: " + perOp);
        System.out.println("cpp against CuTe: left out as known differences from CuTe: " + leftOut);
        Set<String> uncovered = withCppForm();
        if (only != null) uncovered.retainAll(only);
        uncovered.removeAll(perOp.keySet());
        assertTrue(uncovered.isEmpty(), "the random mix has no case of " + uncovered);
        assertTrue(only != null || cases.size() >= 1000, cases.size() + " cases");
        int jobs = Integer.parseInt(System.getenv().getOrDefault("LAYOUTCAT_CUTE_JOBS", "" + Runtime.getRuntime().availableProcessors()));
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, jobs));
        try {
            Map<List<Case>, Future<Outcome>> units = new LinkedHashMap<>();
            for (int from = 0; from < cases.size(); from += UNIT) {
                List<Case> unit = cases.subList(from, Math.min(cases.size(), from + UNIT));
                String name = "unit" + from / UNIT;
                units.put(unit, pool.submit(() -> compileAndRun(dir, name, unit, include)));
            }
            StringBuilder failures = new StringBuilder();
            for (Map.Entry<List<Case>, Future<Outcome>> u : units.entrySet()) {
                Outcome o = u.getValue().get();
                if (!o.failed().isEmpty()) failures.append(report(u.getKey(), o)).append('\n');
            }
            assertTrue(failures.length() == 0, failures::toString);
        } finally {
            pool.shutdownNow();
        }
    }

    /** Cases per translation unit of the random mix. */
    private static final int UNIT = 150;

    /**
     * The checks can fail: a program whose expected value is wrong does not compile (a static assertion of a layout,
     * of a swizzled layout's parts) or returns 1 (an offset known at run time).
     */
    @Test
    @Tag("cutlass") // with LAYOUTCAT_CUTE_INCLUDE (the profile cutlass): CuTe's headers
    void aWrongExpectedValueFailsTheTest(@TempDir Path dir) throws Exception {
        String include = cuteInclude();
        Case layout = wrong(generate(new String[] {"composition", "(12,3,6):(1,72,12)", "(6,6):(1,6)"}), "CUTE_STATIC_ASSERT_V");
        Case swizzled = wrong(generate(new String[] {"composition", "Sw<3,3,3> o 0 o (8,64):(64,1)", "(4,8):(1,4)"}), "is_swizzled");
        Case offset = wrong(generate(new String[] {"partition_a", "SM80_16x8x16_F32F16F16F32_TN", "2x2x1", "(64,32):(1,64)", "5"}), "r.data()");
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            Future<Outcome> a = pool.submit(() -> compileAndRun(dir, "wrong_layout", List.of(layout), include));
            Future<Outcome> b = pool.submit(() -> compileAndRun(dir, "wrong_swizzle", List.of(swizzled), include));
            Future<Outcome> c = pool.submit(() -> compileAndRun(dir, "wrong_offset", List.of(offset), include));
            for (Future<Outcome> f : List.of(a, b, c)) assertEquals(Set.of(0), f.get().failed(), f.get().output());
            assertTrue(c.get().output().contains("case 0 failed"), c.get().output());
        } finally {
            pool.shutdownNow();
        }
    }

    /** The case with the last integer of its first check line that contains {@code marker} one more. */
    private static Case wrong(Case c, String marker) {
        List<String> body = new ArrayList<>(c.program().body());
        for (int i = 0; i < body.size(); i++) {
            String line = body.get(i);
            if (!line.contains(marker) || line.startsWith("  auto ")) continue;
            Matcher m = Pattern.compile("Int<(\\d+)>\\{}").matcher(line);
            int at = -1;
            long n = 0;
            while (m.find()) {
                at = m.start(1);
                n = Long.parseLong(m.group(1));
            }
            assertTrue(at >= 0, line);
            body.set(i, line.substring(0, at) + (n + 1) + line.substring(at + Long.toString(n).length()));
            CodeWriter.Program p = c.program();
            return new Case(c.request(), new CodeWriter.Program(p.heading(), p.defines(), p.helpers(), body));
        }
        throw new AssertionError("no check line with " + marker + " in " + c.program().text());
    }
}
