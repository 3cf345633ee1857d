package org.layoutcat.core.atom;

import static org.layoutcat.core.atom.Element.*;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;

/**
 * The atom catalog: MMA and copy instructions by CuTe's names, each with the PTX instruction and the PTX ISA
 * section that defines its fragments.
 *
 * <p>The layouts are facts: each is the layout CuTe prints for the trait named (CUTLASS {@code main},
 * {@code cute/atom/mma_traits_sm70.hpp}, {@code sm75}, {@code sm80}, {@code mma_traits_sm90_gmma.hpp},
 * {@code copy_traits_sm75.hpp}, {@code sm80}, {@code sm90}, {@code copy_traits.hpp}, printed with
 * {@code cute::print} on the host), and the tests re-derive every one of them from the PTX ISA's fragment
 * formulas. PTX ISA sections are named by their titles in chapter 9.7.14 ("Warp Level Matrix Multiply-Accumulate
 * Instructions") and 9.7.15 ("Asynchronous Warpgroup Level Matrix Multiply-Accumulate Instructions"), which are
 * stable across versions where the numbers are not.
 */
public final class Atoms {
    private static final Map<String, MmaAtom> MMA = new LinkedHashMap<>();
    private static final Map<String, CopyAtom> COPY = new LinkedHashMap<>();

    // Thread layouts and fragments shared by several traits (CuTe: SM80_16x8_Row, SM80_8x4, …).
    private static final String WARP = "32:1";
    private static final String C16x8 = "((4,8),(2,2)):((32,1),(16,8))";       // row = g + 8⌊i/2⌋, col = 2t + i%2
    private static final String A16x8 = "((4,8),(2,2)):((32,1),(16,8))";       // row = g + 8⌊i/2⌋, col = 2t + i%2
    private static final String B8x8 = "((4,8),2):((16,1),8)";                 // k = 2t + i, n = g
    private static final String A16x16 = "((4,8),(2,2,2)):((32,1),(16,8,128))";
    private static final String B8x16 = "((4,8),(2,2)):((16,1),(8,64))";

    static {
        String frag884 = "Matrix Fragments for mma.m8n8k4 with .f16 floating point type";
        String frag1688 = "Matrix Fragments for mma.m16n8k8 (.f16/.bf16/.tf32)";
        String frag16816 = "Matrix Fragments for mma.m16n8k16 with floating point type";
        // SM70: quad pairs; logical thread t is lane t%4 + 16·⌊t/4⌋ (ThrID (4,2):(1,16)).
        mma(new Ptx("SM70_8x8x4_F16F16F16F16_TN", "mma.sync.aligned.m8n8k4.row.col.f16.f16.f16.f16", frag884, "sm_70"), F16, F16,
                new Fragments("(8,8,4)", "(4,2):(1,16)", "(8,4):(1,8)", "(8,4):(1,8)", "(8,8):(1,8)"));
        mma(new Ptx("SM70_8x8x4_F32F16F16F32_TN", "mma.sync.aligned.m8n8k4.row.col.f32.f16.f16.f32", frag884, "sm_70"), F32, F16,
                new Fragments("(8,8,4)", "(4,2):(1,16)", "(8,4):(1,8)", "(8,4):(1,8)", "((2,2,2),(2,2,2)):((1,16,4),(8,2,32))"));
        mma(new Ptx("SM75_16x8x8_F16F16F16F16_TN", "mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16", frag1688, "sm_75"), F16, F16,
                new Fragments("(16,8,8)", WARP, A16x8, B8x8, C16x8));
        mma(new Ptx("SM75_16x8x8_F32F16F16F32_TN", "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32", frag1688, "sm_75"), F32, F16,
                new Fragments("(16,8,8)", WARP, A16x8, B8x8, C16x8));
        mma(new Ptx("SM80_16x8x8_F16F16F16F16_TN", "mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16", frag1688, "sm_80"), F16, F16,
                new Fragments("(16,8,8)", WARP, A16x8, B8x8, C16x8));
        mma(new Ptx("SM80_16x8x8_F32F16F16F32_TN", "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32", frag1688, "sm_80"), F32, F16,
                new Fragments("(16,8,8)", WARP, A16x8, B8x8, C16x8));
        mma(new Ptx("SM80_16x8x8_F32BF16BF16F32_TN", "mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32", frag1688, "sm_80"), F32, BF16,
                new Fragments("(16,8,8)", WARP, A16x8, B8x8, C16x8));
        mma(new Ptx("SM80_16x8x16_F16F16F16F16_TN", "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16", frag16816, "sm_80"), F16, F16,
                new Fragments("(16,8,16)", WARP, A16x16, B8x16, C16x8));
        mma(new Ptx("SM80_16x8x16_F32F16F16F32_TN", "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32", frag16816, "sm_80"), F32, F16,
                new Fragments("(16,8,16)", WARP, A16x16, B8x16, C16x8));
        mma(new Ptx("SM80_16x8x16_F32BF16BF16F32_TN", "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32", frag16816, "sm_80"), F32, BF16,
                new Fragments("(16,8,16)", WARP, A16x16, B8x16, C16x8));
        mma(new Ptx("SM80_16x8x4_F32TF32TF32F32_TN", "mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32", "Matrix Fragments for mma.m16n8k4 (.tf32)",
                "sm_80"), F32, TF32, new Fragments("(16,8,4)", WARP, "((4,8),2):((16,1),8)", "((4,8),1):((8,1),0)", C16x8));
        mma(new Ptx("SM80_16x8x8_F32TF32TF32F32_TN", "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32", frag1688, "sm_80"), F32, TF32,
                new Fragments("(16,8,8)", WARP, "((4,8),(2,2)):((16,1),(8,64))", "((4,8),2):((8,1),32)", C16x8));
        mma(new Ptx("SM80_16x8x32_S32S8S8S32_TN", "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32", "Matrix Fragments for mma.m16n8k32", "sm_80"),
                S32, S8, new Fragments("(16,8,32)", WARP, "((4,8),(4,2,2)):((64,1),(16,8,256))", "((4,8),(4,2)):((32,1),(8,128))", C16x8));
        mma(new Ptx("SM80_8x8x4_F64F64F64F64_TN", "mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64",
                "Matrix Fragments for mma.m8n8k4 with .f64 floating point type", "sm_80"), F64, F64, new Fragments("(8,8,4)", WARP,
                "((4,8),1):((8,1),0)", "((4,8),1):((8,1),0)", "((4,8),2):((16,1),8)"));

        String ldsm = "Warp-level matrix load instruction: ldmatrix";
        copy(new Ptx("SM75_U32x1_LDSM_N", "ldmatrix.sync.aligned.m8n8.x1.shared.b16", ldsm, "sm_75"), new CopyAtom.Ldmatrix(1), "32:1",
                "((8,4),128):((128,0),1)", "(32,32):(32,1)");
        copy(new Ptx("SM75_U32x2_LDSM_N", "ldmatrix.sync.aligned.m8n8.x2.shared.b16", ldsm, "sm_75"), new CopyAtom.Ldmatrix(2), "32:1",
                "((16,2),128):((128,0),1)", "(32,(32,2)):(32,(1,1024))");
        copy(new Ptx("SM75_U32x4_LDSM_N", "ldmatrix.sync.aligned.m8n8.x4.shared.b16", ldsm, "sm_75"), new CopyAtom.Ldmatrix(4), "32:1",
                "(32,128):(128,1)", "(32,(32,4)):(32,(1,1024))");
        copy(new Ptx("SM75_U16x2_LDSM_T", "ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16", ldsm, "sm_75"), new CopyAtom.Ldmatrix(1), "32:1",
                "((8,4),128):((128,0),1)", "((4,8),(16,2)):((256,16),(1,128))");
        copy(new Ptx("SM75_U16x4_LDSM_T", "ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16", ldsm, "sm_75"), new CopyAtom.Ldmatrix(2), "32:1",
                "((16,2),128):((128,0),1)", "((4,8),(16,2,2)):((256,16),(1,128,1024))");
        copy(new Ptx("SM75_U16x8_LDSM_T", "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16", ldsm, "sm_75"), new CopyAtom.Ldmatrix(4), "32:1",
                "(32,128):(128,1)", "((4,8),(16,2,4)):((256,16),(1,128,1024))");
        String stsm = "Warp-level matrix store instruction: stmatrix";
        copy(new Ptx("SM90_U32x1_STSM_N", "stmatrix.sync.aligned.m8n8.x1.shared.b16", stsm, "sm_90"), new CopyAtom.Stmatrix(1), "32:1",
                "(32,32):(32,1)", "((8,4),128):((128,0),1)");
        copy(new Ptx("SM90_U32x2_STSM_N", "stmatrix.sync.aligned.m8n8.x2.shared.b16", stsm, "sm_90"), new CopyAtom.Stmatrix(2), "32:1",
                "(32,(32,2)):(32,(1,1024))", "((16,2),128):((128,0),1)");
        copy(new Ptx("SM90_U32x4_STSM_N", "stmatrix.sync.aligned.m8n8.x4.shared.b16", stsm, "sm_90"), new CopyAtom.Stmatrix(4), "32:1",
                "(32,(32,4)):(32,(1,1024))", "(32,128):(128,1)");
        copy(new Ptx("SM90_U16x2_STSM_T", "stmatrix.sync.aligned.m8n8.x1.trans.shared.b16", stsm, "sm_90"), new CopyAtom.Stmatrix(1), "32:1",
                "((4,8),(16,2)):((256,16),(1,128))", "((8,4),128):((128,0),1)");
        copy(new Ptx("SM90_U16x4_STSM_T", "stmatrix.sync.aligned.m8n8.x2.trans.shared.b16", stsm, "sm_90"), new CopyAtom.Stmatrix(2), "32:1",
                "((4,8),(16,2,2)):((256,16),(1,128,1024))", "((16,2),128):((128,0),1)");
        copy(new Ptx("SM90_U16x8_STSM_T", "stmatrix.sync.aligned.m8n8.x4.trans.shared.b16", stsm, "sm_90"), new CopyAtom.Stmatrix(4), "32:1",
                "((4,8),(16,2,4)):((256,16),(1,128,1024))", "(32,128):(128,1)");
        for (int bytes : new int[] {4, 8, 16}) {
            String b = "(1," + (8 * bytes) + "):(0,1)";
            copy(new Ptx("SM80_CP_ASYNC_CACHEALWAYS_U" + (8 * bytes), "cp.async.ca.shared.global [dst], [src], " + bytes,
                    "Data Movement and Conversion Instructions: cp.async", "sm_80"), new CopyAtom.CpAsync(), "1:0", b, b);
        }
        for (int bytes : new int[] {1, 2, 4, 8, 16}) {
            String b = "(1," + (8 * bytes) + "):(0,1)";
            copy(new Ptx("UniversalCopy_U" + (8 * bytes), bytes == 16 ? "ld.v4.u32 / st.v4.u32" : "ld.b" + (8 * bytes) + " / st.b" + (8 * bytes),
                    "Data Movement and Conversion Instructions: ld, st", "any"), new CopyAtom.Universal(), "1:0", b, b);
        }
        COPY.putAll(TmemCopyAtoms.byName()); // SM100 tcgen05.ld/.st: 148 atoms
    }

    private Atoms() {}

    /**
     * An atom's instruction, as the catalog writes it.
     *
     * @param name    CuTe's name of the atom
     * @param ptx     the PTX instruction
     * @param section the title of the PTX ISA section that defines its fragments
     * @param arch    the architecture it needs
     */
    private record Ptx(String name, String ptx, String section, String arch) {
    }

    /**
     * An MMA atom's shape and layouts in CuTe notation, as {@code cute::print} prints its traits.
     *
     * @param mnk the shape M×N×K
     * @param thr the thread layout (ThrID)
     * @param a   ALayout, (thread, value) ↦ the index of A
     * @param b   BLayout
     * @param c   CLayout
     */
    private record Fragments(String mnk, String thr, String a, String b, String c) {
    }

    private static void mma(Ptx p, Element d, Element ab, Fragments f) {
        MMA.put(p.name, new MmaAtom(p.name, MmaAtom.Family.MMA_SYNC, p.ptx, "PTX ISA: " + p.section, p.arch, d, ab, IntTuple.parse(f.mnk),
                Layout.parse(f.thr), Layout.parse(f.a), Layout.parse(f.b), Layout.parse(f.c)));
    }

    private static void copy(Ptx p, CopyAtom.Family family, String thr, String src, String dst) {
        Layout s = Layout.parse(src);
        COPY.put(p.name, new CopyAtom(p.name, family, p.ptx, "PTX ISA: " + p.section, p.arch, s.mode(1).size(), Layout.parse(thr), s,
                Layout.parse(dst)));
    }

    /**
     * The MMA atoms {@code layoutcat atom} lists, in catalog order: every {@code mma.sync} atom and, of the SM90 GMMA
     * catalog, {@code SM90_64xNx16_F32F16F16_SS} for each N; the GPU verifies each. The whole GMMA catalog is
     * {@link #gmmaAtoms()}; {@link #mma(String)} finds any of its atoms by name.
     */
    public static List<MmaAtom> mmaAtoms() {
        List<MmaAtom> out = new ArrayList<>(MMA.values());
        for (int n = 8; n <= 256; n += 8) out.add(GmmaAtoms.named("SM90_64x" + n + "x16_F32F16F16_SS"));
        return List.copyOf(out);
    }

    /** Every atom of CuTe's SM90 GMMA catalog ({@link GmmaAtoms}): 1,056, K-major, made on this call. */
    public static List<MmaAtom> gmmaAtoms() {
        return GmmaAtoms.all();
    }

    /**
     * Every atom of CuTe's SM90 sparse GMMA catalog ({@code SM90::GMMA::SPARSE::GMMA_64xNxK_..._SS|_RS}, {@link GmmaAtoms}):
     * 1,056, the dense catalog's families and N with K doubled, K-major, made on this call.
     */
    public static List<MmaAtom> sparseGmmaAtoms() {
        return GmmaAtoms.all(true);
    }

    /**
     * CuTe's SM100 UMMA families ({@code tcgen05.mma}, {@link UmmaAtoms}), one line each: the template with its
     * parameters, the M and N it takes, K, where its operands live and its instruction. The families hold thousands
     * of atoms; {@link #mma(String)} makes any of them by its type.
     */
    public static List<String> ummaFamilies() {
        return UmmaAtoms.catalog();
    }

    /** One atom of each UMMA family: its largest M, N = 128, K-major A and B, the example types of its kind. */
    public static List<MmaAtom> ummaSamples() {
        return UmmaAtoms.samples();
    }

    /**
     * Every SM120 {@code mma.sync} atom of 8-, 6- and 4-bit floats ({@link Sm120Atoms}): 79, by CuTe's types
     * ({@code SM120_16x8x32_TN<float_e4m3_t,float_e4m3_t,float>}, {@code SM120::BLOCKSCALED::SM120_16x8x64_TN_VS<...>}).
     */
    public static List<MmaAtom> sm120Atoms() {
        return Sm120Atoms.all();
    }

    /** Every copy atom of the catalog, in catalog order. */
    public static List<CopyAtom> copyAtoms() {
        return List.copyOf(COPY.values());
    }

    /**
     * The MMA atom of CuTe's type as a person writes it: its name with the template arguments its type takes
     * ({@code SM90_64x64x16_F32F16F16_SS<GMMA::Major::MN, GMMA::Major::K>}; {@link AtomName} reads it); a bare name
     * of a GMMA template that needs majors reads them K-major. A LayoutArgumentException where there is none.
     *
     * @throws LayoutArgumentException for a name not in the catalog, listing the names; for template arguments the
     *         type does not take, or that make a type CuTe refuses (an MN-major operand of other than 16-bit inputs,
     *         which has no such template; an MN-major A in registers, which CuTe static_asserts)
     */
    public static MmaAtom mma(String name) {
        return findMma(name).orElseThrow(() -> {
            java.util.Optional<String> near = org.layoutcat.core.internal.Spelling.nearest(bare(name), mmaNames());
            return new LayoutArgumentException("no MMA atom \"" + LayoutArgumentException.quote(name) + "\"" + (near.isPresent()
                    ? "; did you mean " + near.get() + "? (`layoutcat atom` lists the catalog)" : "; known: " + shortList(MMA.values())));
        });
    }

    /** A type's name without its template arguments: {@code SM100_MMA_F16BF16_SS} of {@code SM100_MMA_F16BF16_SS<half_t,...>}. */
    private static String bare(String name) {
        int open = name.indexOf('<');
        return (open < 0 ? name : name.substring(0, open)).strip();
    }

    /** The names of every MMA atom and template of the catalog, without template arguments. */
    private static java.util.Set<String> mmaNames() {
        java.util.Set<String> names = new java.util.LinkedHashSet<>(MMA.keySet());
        for (MmaAtom a : GmmaAtoms.all()) names.add(bare(a.name()));
        for (MmaAtom a : GmmaAtoms.all(true)) names.add(bare(a.name()));
        for (String family : UmmaAtoms.catalog()) names.add(bare(family));
        for (MmaAtom a : Sm120Atoms.all()) names.add(bare(a.name()));
        return names;
    }

    /**
     * The MMA atom of CuTe's type as {@link #mma(String)} reads it, the whole GMMA catalog included; empty for a name
     * not in the catalog.
     *
     * @throws LayoutArgumentException where the name is the catalog's and its template arguments are not its type's
     */
    public static java.util.Optional<MmaAtom> findMma(String name) {
        AtomName n = AtomName.parse(name);
        MmaAtom a = MMA.get(n.name());
        if (a != null) {
            n.arguments(List.of(), name); // an mma.sync atom's type is no template
            return java.util.Optional.of(a);
        }
        MmaAtom g = GmmaAtoms.named(n, name);
        if (g == null) g = UmmaAtoms.named(n, name);
        if (g == null) g = Sm120Atoms.named(n, name);
        return java.util.Optional.ofNullable(g);
    }

    /**
     * The copy atom of CuTe's name; a LayoutArgumentException listing the names when there is none.
     *
     * @throws LayoutArgumentException for a name not in the catalog, listing the names; for a TMA atom
     *         ({@link org.layoutcat.core.tma.TmaPartition.Op}), saying which operations take it
     */
    public static CopyAtom copy(String name) {
        CopyAtom a = COPY.get(name.trim());
        if (a == null && java.util.Arrays.stream(org.layoutcat.core.tma.TmaPartition.Op.values()).anyMatch(o -> o.name().equals(name.trim()))) {
            throw new LayoutArgumentException(name.trim() + " is a TMA copy atom: its Copy_Traits hold a tensor map, and one thread"
                    + " copies a whole box (ThrID 1:0, SrcLayout = DstLayout = (1,NumBitsPerTMA), the box's bits), so it tiles no"
                    + " threads: tma_descriptor derives its box from the tensor and the tile, tma_partition a CTA's views");
        }
        if (a == null) {
            java.util.Optional<String> near = org.layoutcat.core.internal.Spelling.nearest(name.strip(), COPY.keySet());
            List<String> known = new ArrayList<>(COPY.keySet());
            known.removeAll(TmemCopyAtoms.byName().keySet());
            throw new LayoutArgumentException("no copy atom \"" + LayoutArgumentException.quote(name) + "\"" + (near.isPresent()
                    ? "; did you mean " + near.get() + "? (`layoutcat atom` lists the catalog)" : "; known: " + String.join(", ", known)
                    + ", and CuTe's SM100 TMEM atoms SM100_TMEM_<LOAD|STORE>_<16dp256b|16dp128b|16dp64b|16dp32b|32dp32b><N>x[_16b]"
                    + " (N = 1, 2, 4, … up to 32, 64, 128, 128, 128)"));
        }
        return a;
    }

    /** The mma.sync atoms' names (by their family), then the GMMA catalog's naming rule. */
    private static String shortList(java.util.Collection<MmaAtom> atoms) {
        List<String> out = new ArrayList<>();
        for (MmaAtom a : atoms) {
            switch (a.family()) {
                case MMA_SYNC -> out.add(a.name());
                case WGMMA_SS, WGMMA_RS, WGMMA_SP_SS, WGMMA_SP_RS, UMMA_SS, UMMA_TS -> { } // named by the rules below
            }
        }
        return String.join(", ", out) + ", and CuTe's SM90 GMMA catalog: SM90_64xNxK_<D><A><B>_<SS|RS>[_TN][_SATURATE]"
                + " (F16F16F16, F32F16F16, F32BF16BF16 with K = 16; F32TF32TF32_.._TN with K = 8; F16 or F32 by E4M3/E5M2 pairs"
                + " and S32 by S8/U8 pairs, _TN, with K = 32; N = 8, 16, …, 256), the 16-bit families' types templates of the"
                + " majors (SM90_64x64x16_F32F16F16_SS<GMMA::Major::MN, GMMA::Major::K>; a bare name reads them K-major), and its"
                + " sparse catalog SM90::GMMA::SPARSE::GMMA_64xNxK_<D><A><B>_<SS|RS>[_TN][_SATURATE] (the same families and N, K doubled);"
                + " CuTe's SM100 UMMA templates SM100_MMA_{TF32,F16BF16,S8,F8F6F4}_{SS,TS}, their _2x1SM_ and _SS_SPARSE forms,"
                + " SM100_MMA_MXF8F6F4_SS, SM100_MMA_MXF4_SS, SM100_MMA_MXF4NVF4_SS_SPARSE (and _2x1SM_), named with their"
                + " template arguments (SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,UMMA::Major::K,UMMA::Major::K>; `atom`"
                + " lists the families); and the SM120 atoms SM120_16x8x32_TN<A,B,C>, SM120::BLOCKSCALED::SM120_16x8x32_TN_VS<A,B,float,"
                + "float_ue8m0_t,32> and SM120::BLOCKSCALED::SM120_16x8x64_TN_VS<float_e2m1_t,float_e2m1_t,float,SF,VS>";
    }

    static Map<String, MmaAtom> mmaByName() {
        return Collections.unmodifiableMap(MMA);
    }
}
