package org.layoutcat.core.atom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.layoutcat.core.atom.TiledMmaTest.assertSameFunction;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.modes.Sliced;

/**
 * Tiled copies against CuTe C++. Golden values: host programs compiled with g++ (C++17) against the CUTLASS headers
 * in {@code /work/cutlass/include}, every value a static {@code Int<N>}, printed with {@code cute::print}: for a
 * tiled copy {@code c}, {@code size(c)}, {@code typename decltype(c)::Tiler_MN{}},
 * {@code typename decltype(c)::TiledLayout_TV{}}, {@code c.get_layoutS_TV()} and {@code c.get_layoutD_TV()}; for a
 * tensor {@code t = make_tensor(counting_iterator<int>(0), L)}, {@code c.get_slice(thr).partition_S(t)} and
 * {@code partition_D(t)}: the layout printed, the offset as {@code *p.data()}. The strings below are CuTe's
 * printouts as they came out ({@code Layout.parse} reads the static marks {@code _N}); each case names the C++ that
 * produced them. Layouts are compared as values (the form CuTe prints) and pointwise.
 */
class TiledCopyTest {
    static final TiledMma MMA = TiledMma.of(Atoms.mma("SM80_16x8x16_F16F16F16F16_TN"), IntTuple.flat(2, 2, 1));

    /** {@code make_tiled_copy(Copy_Atom<atom, T>{}, thr, val)}, T of {@code bits} bits. */
    static TiledCopy makeTiledCopy(String atom, int bits, String thr, String val) {
        return TiledCopy.of(Atoms.copy(atom), bits, Layout.parse(thr), Layout.parse(val));
    }

    /** {@code Tiler_MN}, {@code size(c)}, {@code TiledLayout_TV}, {@code get_layoutS_TV()}, {@code get_layoutD_TV()}. */
    static void assertCopy(TiledCopy c, IntTuple tiler, long threads, String tv, String layoutS, String layoutD) {
        assertEquals(tiler, c.tiler(), "Tiler_MN");
        assertEquals(threads, c.threads(), "size(c)");
        assertSameFunction(tv, c.tiledLayoutTV(), "TiledLayout_TV");
        assertSameFunction(layoutS, c.layoutS(), "get_layoutS_TV");
        assertSameFunction(layoutD, c.layoutD(), "get_layoutD_TV");
    }

    /** {@code get_slice(thread).partition_S/D(t)} of {@code t = make_tensor(counting_iterator<int>(0), tensor)}. */
    static void assertPartitions(TiledCopy c, String tensor, long thread, String s, long sOffset, String d, long dOffset) {
        Layout t = Layout.parse(tensor);
        assertPartition(Layout.parse(s), sOffset, c.partitionS(t, thread), "partition_S of " + tensor + ", thread " + thread);
        assertPartition(Layout.parse(d), dOffset, c.partitionD(t, thread), "partition_D of " + tensor + ", thread " + thread);
    }

    static void assertPartition(Layout want, long wantOffset, Sliced<Layout> ours, String what) {
        assertEquals(want, ours.layout(), what + ": CuTe prints " + want);
        assertEquals(IntTuple.of(wantOffset), ours.offset(), what + ": offset");
        for (long i = 0; i < want.size(); i++) {
            assertEquals(wantOffset + want.apply(i), ours.offset().value() + ours.layout().apply(i), what + " at " + i);
        }
    }

    // auto c = make_tiled_copy(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, Layout<Shape<_32,_1>>{}, Layout<Shape<_1,_8>>{});
    @Test
    void ldmatrixX4OverThirtyTwoThreadsAgreesWithCuTe() {
        TiledCopy c = makeTiledCopy("SM75_U32x4_LDSM_N", 16, "(_32,_1):(_1,_0)", "(_1,_8):(_0,_1)");
        // Tiler_MN (_32,_8), size(c) _32
        assertCopy(c, IntTuple.flat(32, 8), 32,
                "(_32,_8):(_1,_32)",
                "((_8,_4),((_2,_4),_1)):((_4,_64),((_32,_1),_0))", // thread t supplies row t's address: 8 halves of one row
                "(_32,(_8,_1)):(_1,(_32,_0))");
        // partition_S / partition_D of the counting tensor (_64,_32):(_1,_64), threads 0, 9, 31
        assertPartitions(c, "(_64,_32):(_1,_64)", 0,
                "(((_2,_4),_1),_2,_4):(((_64,_1),_0),_32,_512)", 0, "((_8,_1),_2,_4):((_64,_0),_32,_512)", 0);
        assertPartitions(c, "(_64,_32):(_1,_64)", 9,
                "(((_2,_4),_1),_2,_4):(((_64,_1),_0),_32,_512)", 132, "((_8,_1),_2,_4):((_64,_0),_32,_512)", 9);
        assertPartitions(c, "(_64,_32):(_1,_64)", 31,
                "(((_2,_4),_1),_2,_4):(((_64,_1),_0),_32,_512)", 412, "((_8,_1),_2,_4):((_64,_0),_32,_512)", 31);
        // the row-major counting tensor (_64,_32):(_32,_1), thread 9
        assertPartitions(c, "(_64,_32):(_32,_1)", 9,
                "(((_2,_4),_1),_2,_4):(((_1,_32),_0),_1024,_8)", 130, "((_8,_1),_2,_4):((_1,_0),_1024,_8)", 288);
    }

    // auto c = make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, half_t>{}, Layout<Shape<_32,_8>, Stride<_8,_1>>{},
    //                          Layout<Shape<_1,_8>>{});
    @Test
    void vectorCopyOfRowMajorThreadsAgreesWithCuTe() {
        TiledCopy c = makeTiledCopy("UniversalCopy_U128", 16, "(_32,_8):(_8,_1)", "(_1,_8):(_0,_1)");
        // Tiler_MN (_32,_64), size(c) _256
        assertCopy(c, IntTuple.flat(32, 64), 256,
                "((_8,_32),_8):((_256,_1),_32)",
                "((_8,_32),(_8,_1)):((_256,_1),(_32,_0))",
                "((_8,_32),(_8,_1)):((_256,_1),(_32,_0))");
        // thread 9 of the row-major counting tensor (_64,_128):(_128,_1): 8 contiguous halves, 2×2 tiles
        assertPartitions(c, "(_64,_128):(_128,_1)", 9,
                "((_8,_1),_2,_2):((_1,_0),_4096,_64)", 136, "((_8,_1),_2,_2):((_1,_0),_4096,_64)", 136);
        // and of the column-major (_64,_128):(_1,_64)
        assertPartitions(c, "(_64,_128):(_1,_64)", 9,
                "((_8,_1),_2,_2):((_64,_0),_32,_4096)", 513, "((_8,_1),_2,_2):((_64,_0),_32,_4096)", 513);
    }

    // auto c = make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>{},
    //                          Layout<Shape<_16,_8>, Stride<_8,_1>>{}, Layout<Shape<_1,_8>>{});
    @Test
    void cpAsyncTiledCopyAgreesWithCuTe() {
        TiledCopy c = makeTiledCopy("SM80_CP_ASYNC_CACHEALWAYS_U128", 16, "(_16,_8):(_8,_1)", "(_1,_8):(_0,_1)");
        // Tiler_MN (_16,_64), size(c) _128
        assertCopy(c, IntTuple.flat(16, 64), 128,
                "((_8,_16),_8):((_128,_1),_16)",
                "((_8,_16),(_8,_1)):((_128,_1),(_16,_0))",
                "((_8,_16),(_8,_1)):((_128,_1),(_16,_0))");
        // thread 77 of (_32,_64):(_64,_1): the tensor is one tile wide, so the N rest mode is _1:_0
        assertPartitions(c, "(_32,_64):(_64,_1)", 77,
                "((_8,_1),_2,_1):((_1,_0),_1024,_0)", 616, "((_8,_1),_2,_1):((_1,_0),_1024,_0)", 616);
    }

    // auto c = make_tiled_copy(Copy_Atom<SM75_U16x8_LDSM_T, half_t>{}, Layout<Shape<_32,_1>>{}, Layout<Shape<_8,_1>>{});
    @Test
    void transposedLdmatrixAgreesWithCuTe() {
        TiledCopy c = makeTiledCopy("SM75_U16x8_LDSM_T", 16, "(_32,_1):(_1,_0)", "(_8,_1):(_1,_0)");
        // Tiler_MN (_256,_1), size(c) _32
        assertCopy(c, IntTuple.flat(256, 1), 32,
                "(_32,_8):(_8,_1)",
                "((_2,_4,_4),(_8,_1)):((_1,_8,_2),(_32,_0))",
                "(_32,(_8,_1)):(_8,(_1,_0))");
        // thread 5 of (_256,_8):(_1,_256)
        assertPartitions(c, "(_256,_8):(_1,_256)", 5,
                "((_8,_1),_1,_8):((_32,_0),_0,_256)", 17, "((_8,_1),_1,_8):((_1,_0),_0,_256)", 40);
    }

    // auto mma = make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_2,_2,_1>>{});
    // auto c = make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, mma);
    @Test
    void tiledCopyAOfLdmatrixAgreesWithCuTe() {
        TiledCopy c = TiledCopy.forA(Atoms.copy("SM75_U32x4_LDSM_N"), 16, MMA);
        // Tiler_MN (_32,_16), size(c) _128
        assertCopy(c, IntTuple.flat(32, 16), 128,
                "((_4,_8,_2,_2),((_2,_2,_2),(_1,_1))):((_64,_1,_16,_0),((_32,_8,_256),(_0,_0)))",
                "((_16,_2,_2,_2),(_8,_1)):((_1,_256,_16,_0),(_32,_0))",
                "((_4,_8,_2,_2),((_2,_2,_2),_1)):((_64,_1,_16,_0),((_32,_8,_256),_0))");
        // thread 37 of (_64,_32):(_1,_64): partition_D is partition_A's (tiled MMA thread 37: offset 145)
        assertPartitions(c, "(_64,_32):(_1,_64)", 37,
                "((_8,_1),_2,_2):((_64,_0),_32,_1024)", 21, "(((_2,_2,_2),_1),_2,_2):(((_64,_8,_512),_0),_32,_1024)", 145);
        // thread 5 of one row-major tile (_32,_16):(_16,_1)
        assertPartitions(c, "(_32,_16):(_16,_1)", 5,
                "((_8,_1),_1,_1):((_1,_0),_0,_0)", 80, "(((_2,_2,_2),_1),_1,_1):(((_1,_128,_8),_0),_0,_0)", 18);
    }

    // auto c = make_tiled_copy_B(Copy_Atom<SM75_U32x2_LDSM_N, half_t>{}, mma);   (mma as above)
    @Test
    void tiledCopyBOfLdmatrixX2AgreesWithCuTe() {
        TiledCopy c = TiledCopy.forB(Atoms.copy("SM75_U32x2_LDSM_N"), 16, MMA);
        // Tiler_MN (_16,_16), size(c) _128
        assertCopy(c, IntTuple.flat(16, 16), 128,
                "((_4,_8,_2,_2),((_2,_2),(_1,_1))):((_32,_1,_0,_8),((_16,_128),(_0,_0)))",
                "((_8,_2,_4,_2),(_8,_1)):((_1,_128,_0,_8),(_16,_0))",
                "((_4,_8,_2,_2),((_2,_2),_1)):((_32,_1,_0,_8),((_16,_128),_0))");
        // thread 37 of (_32,_32):(_32,_1)
        assertPartitions(c, "(_32,_32):(_32,_1)", 37,
                "((_8,_1),_2,_2):((_1,_0),_512,_16)", 160, "(((_2,_2),_1),_2,_2):(((_1,_8),_0),_512,_16)", 34);
    }

    // auto c = make_tiled_copy_B(Copy_Atom<SM75_U16x4_LDSM_T, half_t>{}, mma);   (mma as above)
    @Test
    void tiledCopyBOfTransposedLdmatrixAgreesWithCuTe() {
        TiledCopy c = TiledCopy.forB(Atoms.copy("SM75_U16x4_LDSM_T"), 16, MMA);
        // Tiler_MN (_16,_16), size(c) _128
        assertCopy(c, IntTuple.flat(16, 16), 128,
                "((_4,_8,_2,_2),((_2,_2),(_1,_1))):((_32,_1,_0,_8),((_16,_128),(_0,_0)))",
                "((_16,_4,_2),(_8,_1)):((_16,_0,_8),(_1,_0))",
                "((_4,_8,_2,_2),((_2,_2),_1)):((_32,_1,_0,_8),((_16,_128),_0))");
        // thread 6 of (_16,_16):(_1,_16)
        assertPartitions(c, "(_16,_16):(_1,_16)", 6,
                "((_8,_1),_1,_1):((_1,_0),_0,_0)", 96, "(((_2,_2),_1),_1,_1):(((_16,_128),_0),_0,_0)", 65);
    }

    // auto c = make_tiled_copy_C(Copy_Atom<UniversalCopy<uint32_t>, half_t>{}, mma);   (mma as above)
    @Test
    void tiledCopyCOfUniversalCopyAgreesWithCuTe() {
        TiledCopy c = TiledCopy.forC(Atoms.copy("UniversalCopy_U32"), 16, MMA);
        // Tiler_MN (_32,_16), size(c) _128
        assertCopy(c, IntTuple.flat(32, 16), 128,
                "((_4,_8,_2,_2),((_2,_2),(_1,_1))):((_64,_1,_16,_256),((_32,_8),(_0,_0)))",
                "((_4,_8,_2,_2),(_2,_2)):((_64,_1,_16,_256),(_32,_8))",
                "((_4,_8,_2,_2),(_2,_2)):((_64,_1,_16,_256),(_32,_8))");
        // thread 37 of (_64,_64):(_1,_64): the same as the tiled MMA's partition_C of thread 37
        assertPartitions(c, "(_64,_64):(_1,_64)", 37,
                "((_2,_2),_2,_4):((_64,_8),_32,_1024)", 145, "((_2,_2),_2,_4):((_64,_8),_32,_1024)", 145);
    }

    // auto mma8 = make_tiled_mma(SM80_16x8x32_S32S8S8S32_TN{}, Layout<Shape<_2,_1,_1>>{});
    // auto c = make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, int8_t>{}, mma8);
    @Test
    void tiledCopyAOfEightBitValuesAgreesWithCuTe() {
        TiledMma mma8 = TiledMma.of(Atoms.mma("SM80_16x8x32_S32S8S8S32_TN"), IntTuple.flat(2, 1, 1));
        TiledCopy c = TiledCopy.forA(Atoms.copy("SM75_U32x4_LDSM_N"), 8, mma8);
        // Tiler_MN (_32,_32), size(c) _64
        assertCopy(c, IntTuple.flat(32, 32), 64,
                "((_4,_8,_2),((_4,_2,_2),(_1,_1))):((_128,_1,_16),((_32,_8,_512),(_0,_0)))",
                "((_16,_2,_2),(_16,_1)):((_1,_512,_16),(_32,_0))",
                "((_4,_8,_2),((_4,_2,_2),_1)):((_128,_1,_16),((_32,_8,_512),_0))");
        // thread 13 of (_32,_64):(_64,_1)
        assertPartitions(c, "(_32,_64):(_64,_1)", 13,
                "((_16,_1),_1,_2):((_1,_0),_0,_32)", 832, "(((_4,_2,_2),_1),_1,_2):(((_1,_512,_16),_0),_0,_32)", 196);
    }

    // auto mmaP = make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_2,_2,_1>>{}, Tile<_32,_32,_16>{});
    // auto c = make_tiled_copy_B(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, mmaP);
    @Test
    void tiledCopyBOfAPermutedMmaAgreesWithCuTe() {
        TiledMma mmaP = TiledMma.of(Atoms.mma("SM80_16x8x16_F16F16F16F16_TN"), TiledMma.compact(IntTuple.flat(2, 2, 1)),
                Tiler.parse("<32,32,16>"));
        TiledCopy c = TiledCopy.forB(Atoms.copy("SM75_U32x4_LDSM_N"), 16, mmaP);
        // Tiler_MN (_32,_16), size(c) _128
        assertCopy(c, IntTuple.flat(32, 16), 128,
                "((_4,_8,_2,_2),((_2,_2),(_2,_1))):((_64,_1,_0,_8),((_32,_256),(_16,_0)))",
                "((_8,_2,_2,_2,_2),(_8,_1)):((_1,_256,_16,_0,_8),(_32,_0))",
                "((_4,_8,_2,_2),((_2,_2,_2),_1)):((_64,_1,_0,_8),((_32,_256,_16),_0))");
        // thread 3 of (_32,_16):(_1,_32)
        assertPartitions(c, "(_32,_16):(_1,_32)", 3,
                "((_8,_1),_1,_1):((_32,_0),_0,_0)", 3, "(((_2,_2,_2),_1),_1,_1):(((_32,_256,_16),_0),_0,_0)", 192);
    }

    /*
     * stmatrix: CuTe's Copy_Traits of SM90_*_STSM_* take the source as the reference layout (copy_traits_sm90.hpp:
     * RefLayout = SrcLayout), ldmatrix's the destination (RefLayout = DstLayout); a tiled copy reads its TV layout
     * against the atom's reference (CopyAtom.reference).
     */

    // auto c = make_tiled_copy(Copy_Atom<SM90_U32x4_STSM_N, half_t>{}, Layout<Shape<_32,_1>>{}, Layout<Shape<_1,_8>>{});
    @Test
    void stmatrixX4OverThirtyTwoThreadsAgreesWithCuTe() {
        TiledCopy c = makeTiledCopy("SM90_U32x4_STSM_N", 16, "(_32,_1):(_1,_0)", "(_1,_8):(_0,_1)");
        // Tiler_MN (_32,_8), size(c) _32
        assertCopy(c, IntTuple.flat(32, 8), 32,
                "(_32,_8):(_1,_32)",
                "(_32,(_8,_1)):(_1,(_32,_0))",
                "((_8,_4),((_2,_4),_1)):((_4,_64),((_32,_1),_0))");
        // thread 9 of (_32,_8):(_1,_32)
        assertPartitions(c, "(_32,_8):(_1,_32)", 9,
                "((_8,_1),_1,_1):((_32,_0),_0,_0)", 9, "(((_2,_4),_1),_1,_1):(((_32,_1),_0),_0,_0)", 68);
    }

    // auto c = make_tiled_copy_C(Copy_Atom<SM90_U32x4_STSM_N, half_t>{}, mmaP);   (mmaP as above)
    @Test
    void tiledCopyCOfStmatrixAgreesWithCuTe() {
        TiledMma mmaP = TiledMma.of(Atoms.mma("SM80_16x8x16_F16F16F16F16_TN"), TiledMma.compact(IntTuple.flat(2, 2, 1)),
                Tiler.parse("<32,32,16>"));
        TiledCopy c = TiledCopy.forC(Atoms.copy("SM90_U32x4_STSM_N"), 16, mmaP);
        // Tiler_MN (_32,_32), size(c) _128
        assertCopy(c, IntTuple.flat(32, 32), 128,
                "((_4,_8,_2,_2),((_2,_2),(_1,_2))):((_64,_1,_16,_256),((_32,_8),(_0,_512)))",
                "((_4,_8,_2,_2),((_2,_2,_2),_1)):((_64,_1,_16,_256),((_32,_8,_512),_0))",
                "((_16,_2,_2,_2),(_8,_1)):((_1,_512,_16,_256),(_32,_0))");
        // thread 3 of (_32,_32):(_32,_1)
        assertPartitions(c, "(_32,_32):(_32,_1)", 3,
                "(((_2,_2,_2),_1),_1,_1):(((_1,_256,_16),_0),_0,_0)", 6, "((_8,_1),_1,_1):((_1,_0),_0,_0)", 96);
    }

    // make_tiled_copy(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, Layout<Shape<_16,_1>>{}, Layout<Shape<_1,_8>>{})
    //   does not compile: "static assertion failed: TiledCopy uses too few thrs for selected CopyAtom"
    @Test
    void tooFewThreadsForTheAtomAreRefusedAsInCuTe() {
        assertThrows(IllegalArgumentException.class, () -> makeTiledCopy("SM75_U32x4_LDSM_N", 16, "(_16,_1):(_1,_0)", "(_1,_8):(_0,_1)"));
    }

    // make_tiled_copy(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, Layout<Shape<_32,_1>>{}, Layout<Shape<_1,_4>>{})
    //   does not compile: "static assertion failed: TiledCopy uses too few vals for selected CopyAtom"
    @Test
    void tooFewValuesForTheAtomAreRefusedAsInCuTe() {
        assertThrows(IllegalArgumentException.class, () -> makeTiledCopy("SM75_U32x4_LDSM_N", 16, "(_32,_1):(_1,_0)", "(_1,_4):(_0,_1)"));
    }

    // make_tiled_copy(Copy_Atom<SM75_U16x2_LDSM_T, float>{}, Layout<Shape<_32,_2>, Stride<_1,_32>>{}, Layout<Shape<_2,_1>>{})
    //   does not compile: "static assertion failed: CopyOperation is not valid for Dst of ValType."
    //   (a transposing ldmatrix moves 16-bit elements; oracle case kdev-1816)
    @Test
    void aTransposingLdmatrixOfThirtyTwoBitValuesIsRefusedAsInCuTe() {
        assertThrows(IllegalArgumentException.class, () -> makeTiledCopy("SM75_U16x2_LDSM_T", 32, "(_32,_2):(_1,_32)", "(_2,_1):(_1,_0)").layoutS());
    }

    /** layoutcat's own precondition (CuTe does not check the thread index of {@code get_slice}). */
    @Test
    void aThreadOutsideTheTiledCopyIsRefused() {
        TiledCopy c = makeTiledCopy("SM75_U32x4_LDSM_N", 16, "(_32,_1):(_1,_0)", "(_1,_8):(_0,_1)");
        Layout t = Layout.parse("(64,32):(1,64)");
        assertThrows(IllegalArgumentException.class, () -> c.partitionS(t, 32));
        assertThrows(IllegalArgumentException.class, () -> c.partitionD(t, -1));
    }
}
