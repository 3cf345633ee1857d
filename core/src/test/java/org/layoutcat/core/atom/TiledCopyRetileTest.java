package org.layoutcat.core.atom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.Tiler;

/**
 * {@code ThrCopy::retile_S} and {@code retile_D} against CuTe C++. Golden values: a host program compiled with g++
 * (C++17) against the CUTLASS headers in {@code /work/cutlass/include}, every value a static {@code Int<N>}: for a
 * tiled copy {@code c} and a register tensor {@code f} ({@code thr_mma.partition_fragment_A/B/C} of a tensor, or
 * {@code make_tensor<half_t>(L)}), {@code print(f.layout())}, {@code print(c.get_slice(0).retile_S(f).layout())} and
 * {@code retile_D}'s, which CuTe computes alike (both are {@code TiledCopy::retile}) and which printed the same in
 * every case. The strings are CuTe's printouts as they came out; each case names the C++ that produced them.
 */
class TiledCopyRetileTest {
    /** {@code make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_2,_1>>{})}. */
    static final TiledMma MMA = TiledMma.of(Atoms.mma("SM80_16x8x16_F32F16F16F32_TN"), IntTuple.flat(2, 2, 1));

    /** {@code make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_2,_2>>{}, Tile<_32,_32,_16>{})}: sgemm_sm80's. */
    static final TiledMma MMA_PERMUTED = TiledMma.of(Atoms.mma("SM80_16x8x16_F16F16F16F16_TN"), Layout.parse("(2,2,1):(1,2,0)"),
            Tiler.parse("<32,32,16>"));

    /** The fragment is CuTe's, and retile_S and retile_D of it are CuTe's printout, as values and pointwise. */
    static void assertRetile(TiledCopy c, String cuteFragment, Layout ourFragment, String cuteRetiled) {
        Layout f = Layout.parse(cuteFragment);
        assertEquals(f, ourFragment, "the fragment: CuTe prints " + cuteFragment);
        Layout want = Layout.parse(cuteRetiled);
        for (Layout got : new Layout[] {c.retileS(f), c.retileD(f)}) {
            assertEquals(want, got, "retile of " + cuteFragment + " by " + c + ": CuTe prints " + cuteRetiled);
            for (long i = 0; i < want.size(); i++) assertEquals(want.apply(i), got.apply(i), "at " + i);
        }
    }

    // make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, MMA), sA (64,32):(32,1) of half_t:
    // tCrA = thr_mma.partition_fragment_A(sA)
    @Test
    void ldmatrixX4RetilesTheAFragmentAsCuTe() {
        Layout sA = Layout.parse("(64,32):(32,1)");
        assertRetile(TiledCopy.forA(Atoms.copy("SM75_U32x4_LDSM_N"), 16, MMA), "((_2,_2,_2),_2,_2):((_1,_2,_4),_16,_8)",
                MMA.partitionFragmentA(sA), "((_8,_1),_2,_2):((_1,_0),_16,_8)");
    }

    // make_tiled_copy_B(Copy_Atom<SM75_U32x2_LDSM_N, half_t>{}, MMA), sB (64,32):(32,1): partition_fragment_B(sB)
    @Test
    void ldmatrixX2RetilesTheBFragmentAsCuTe() {
        Layout sB = Layout.parse("(64,32):(32,1)");
        assertRetile(TiledCopy.forB(Atoms.copy("SM75_U32x2_LDSM_N"), 16, MMA), "((_2,_2),_4,_2):((_1,_2),_8,_4)",
                MMA.partitionFragmentB(sB), "((_4,_1),_4,_2):((_1,_0),_8,_4)");
    }

    // make_tiled_copy_C(Copy_Atom<UniversalCopy<uint32_t>, half_t>{}, MMA) and make_tiled_copy_C(Copy_Atom<
    // UniversalCopy<uint64_t>, float>{}, MMA), gC (64,64) of float: partition_fragment_C(gC), unchanged by retile
    @Test
    void aCopyOfTheAccumulatorsLeavesTheirFragmentAsCuTe() {
        Layout gC = Layout.colMajor(IntTuple.flat(64, 64));
        String frg = "((_2,_2),_2,_4):((_1,_2),_4,_8)";
        assertRetile(TiledCopy.forC(Atoms.copy("UniversalCopy_U32"), 16, MMA), frg, MMA.partitionFragmentC(gC), frg);
        assertRetile(TiledCopy.forC(Atoms.copy("UniversalCopy_U64"), 32, MMA), frg, MMA.partitionFragmentC(gC), frg);
    }

    // sgemm_sm80's MMA_PERMUTED, sA and sB (128,32):(32,1) of half_t:
    // make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, mma), make_tiled_copy_B(same), and
    // make_tiled_copy_B(Copy_Atom<SM75_U16x4_LDSM_T, half_t>{}, mma)
    @Test
    void sgemmSm80sLdmatrixCopiesRetileItsFragmentsAsCuTe() {
        Layout s = Layout.parse("(128,32):(32,1)");
        assertRetile(TiledCopy.forA(Atoms.copy("SM75_U32x4_LDSM_N"), 16, MMA_PERMUTED), "((_2,_2,_2),_4,_2):((_1,_2,_4),_16,_8)",
                MMA_PERMUTED.partitionFragmentA(s), "((_8,_1),_4,_2):((_1,_0),_16,_8)");
        // the B tile's N mode of 32 holds two atoms' values a thread gets from one ldmatrix.x4: RestN 8 becomes 4
        assertRetile(TiledCopy.forB(Atoms.copy("SM75_U32x4_LDSM_N"), 16, MMA_PERMUTED), "((_2,_2),_8,_2):((_1,_2),_8,_4)",
                MMA_PERMUTED.partitionFragmentB(s), "(((_4,_2),_1),_4,_2):(((_1,_8),_0),_16,_4)");
        assertRetile(TiledCopy.forB(Atoms.copy("SM75_U16x4_LDSM_T"), 16, MMA_PERMUTED), "((_2,_2),_8,_2):((_1,_2),_8,_4)",
                MMA_PERMUTED.partitionFragmentB(s), "((_4,_2),_4,_2):((_1,_8),_16,_4)");
    }

    // make_tiled_copy_C(Copy_Atom<SM90_U32x4_STSM_N, half_t>{}, MMA_PERMUTED), gC (128,128) of half_t:
    // retile_S(thr_mma.partition_fragment_C(gC)), an epilogue's stmatrix of the accumulators
    @Test
    void stmatrixRetilesTheAccumulatorsAsCuTe() {
        assertRetile(TiledCopy.forC(Atoms.copy("SM90_U32x4_STSM_N"), 16, MMA_PERMUTED), "((_2,_2),_4,_8):((_1,_2),_4,_16)",
                MMA_PERMUTED.partitionFragmentC(Layout.colMajor(IntTuple.flat(128, 128))), "(((_4,_2),_1),_4,_4):(((_1,_16),_0),_4,_32)");
    }

    // make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, half_t>{}, Layout<Shape<_32,_4>,Stride<_4,_1>>{},
    //                 Layout<Shape<_1,_8>>{}), f = make_tensor<half_t>(L) for L (8,4,2) and ((2,4),4,2)
    @Test
    void aVectorCopyGroupsARegisterTensorsValuesAsCuTe() {
        TiledCopy c = TiledCopy.of(Atoms.copy("UniversalCopy_U128"), 16, Layout.parse("(32,4):(4,1)"), Layout.parse("(1,8):(0,1)"));
        assertRetile(c, "(_8,_4,_2):(_1,_8,_32)", Layout.parse("(8,4,2):(1,8,32)"), "((_8,_1),_4,_2):((_1,_0),_8,_32)");
        assertRetile(c, "((_2,_4),_4,_2):((_1,_2),_8,_32)", Layout.parse("((2,4),4,2):((1,2),8,32)"), "((_8,_1),_4,_2):((_1,_0),_8,_32)");
    }

    @Test
    void aTensorWithoutAModePerTilerModeIsRefused() {
        TiledCopy c = TiledCopy.forA(Atoms.copy("SM75_U32x4_LDSM_N"), 16, MMA);
        LayoutArgumentException e = assertThrows(LayoutArgumentException.class, () -> c.retileD(Layout.parse("(8,4):(1,8)")));
        assertTrue(e.getMessage().contains("(8,4):(1,8)") && e.getMessage().contains("rank 3 or more"), e.getMessage());
    }
}
