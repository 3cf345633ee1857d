package org.layoutcat.core.atom;

import static org.junit.jupiter.api.Assertions.*;
import static org.layoutcat.core.atom.TiledMmaTest.assertSameFunction;

import org.junit.jupiter.api.Test;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;

/**
 * Tiled copies against CuTe. Golden values: CuTe C++ (CUTLASS main) on the host, {@code print} of
 * {@code Tiler_MN}, {@code TiledLayout_TV}, {@code get_layoutS_TV()} and {@code get_layoutD_TV()} of
 * {@code make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>, mma)},
 * {@code make_tiled_copy_B(Copy_Atom<SM75_U32x2_LDSM_N, half_t>, mma)},
 * {@code make_tiled_copy_C(Copy_Atom<UniversalCopy<uint32_t>, half_t>, mma)} with
 * {@code mma = make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN, Layout<Shape<_2,_2,_1>>)}, and
 * {@code make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, half_t>, (32,8):(8,1), (1,8))}.
 */
class TiledCopyTest {
    static final TiledMma MMA = TiledMma.of(Atoms.mma("SM80_16x8x16_F16F16F16F16_TN"), IntTuple.flat(2, 2, 1));

    @Test
    void ldmatrixForAAgreesWithCuTe() {
        TiledCopy c = TiledCopy.forA(Atoms.copy("SM75_U32x4_LDSM_N"), 16, MMA);
        assertEquals(IntTuple.flat(32, 16), c.tiler());
        assertSameFunction("((4,8,2,2),((2,2,2),(1,1))):((64,1,16,0),((32,8,256),(0,0)))", c.tiledLayoutTV(), "TiledLayout_TV");
        assertSameFunction("((16,2,2,2),(8,1)):((1,256,16,0),(32,0))", c.layoutS(), "layoutS_TV");
        assertSameFunction("((4,8,2,2),((2,2,2),1)):((64,1,16,0),((32,8,256),0))", c.layoutD(), "layoutD_TV");
    }

    @Test
    void ldmatrixForBAgreesWithCuTe() {
        TiledCopy c = TiledCopy.forB(Atoms.copy("SM75_U32x2_LDSM_N"), 16, MMA);
        assertEquals(IntTuple.flat(16, 16), c.tiler());
        assertSameFunction("((8,2,4,2),(8,1)):((1,128,0,8),(16,0))", c.layoutS(), "layoutS_TV");
        assertSameFunction("((4,8,2,2),((2,2),1)):((32,1,0,8),((16,128),0))", c.layoutD(), "layoutD_TV");
    }

    @Test
    void universalCopyForCAgreesWithCuTe() {
        TiledCopy c = TiledCopy.forC(Atoms.copy("UniversalCopy_U32"), 16, MMA);
        assertEquals(IntTuple.flat(32, 16), c.tiler());
        assertSameFunction("((4,8,2,2),(2,2)):((64,1,16,256),(32,8))", c.layoutS(), "layoutS_TV");
        assertSameFunction("((4,8,2,2),(2,2)):((64,1,16,256),(32,8))", c.layoutD(), "layoutD_TV");
    }

    @Test
    void makeTiledCopyAgreesWithCuTe() {
        TiledCopy c = TiledCopy.of(Atoms.copy("UniversalCopy_U128"), 16, Layout.parse("(32,8):(8,1)"), Layout.parse("(1,8)"));
        assertEquals(IntTuple.flat(32, 64), c.tiler());
        assertEquals(Layout.parse("((8,32),8):((256,1),32)"), c.tiledLayoutTV());
        assertSameFunction("((8,32),(8,1)):((256,1),(32,0))", c.layoutS(), "layoutS_TV");
        assertSameFunction("((8,32),(8,1)):((256,1),(32,0))", c.layoutD(), "layoutD_TV");
        // thread 9 of a 64×128 row tile: 8 contiguous elements along N, 2×2 copies of the tile
        var p = c.partitionS(Layout.colMajor(IntTuple.flat(64, 128)), 9);
        assertEquals(p.layout().size(), 8 * 2 * 2);
        assertEquals(c.layoutS().apply(IntTuple.flat(9, 0)) % 32 + 64 * (c.layoutS().apply(IntTuple.flat(9, 0)) / 32), p.offset());
    }

    @Test
    void aThreadCountThatTheAtomDoesNotDivideIsRefused() {
        assertThrows(IllegalArgumentException.class,
                () -> TiledCopy.of(Atoms.copy("SM75_U32x4_LDSM_N"), 16, Layout.parse("(16,1):(1,0)"), Layout.parse("(1,8)")));
    }
}
