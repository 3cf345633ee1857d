package org.layoutcat.core.atom;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.modes.Sliced;

/**
 * Tiled MMAs against CuTe. Golden values: CuTe C++ (CUTLASS main) on the host, {@code print} of
 * {@code make_tiled_mma(...)}'s {@code get_thr_layout_vmnk()}, {@code get_layoutC_TV()}, {@code get_layoutA_TV()},
 * {@code get_layoutB_TV()}, {@code thrfrg_C}, {@code get_slice(37).partition_C/partition_A} of a 64×32 column-major
 * tensor (layout and offset) and {@code partition_fragment_C}. Layouts are compared as values (the form CuTe
 * prints, static marks left out) and pointwise.
 */
class TiledMmaTest {

    static void assertSameFunction(String cute, Layout ours, String what) {
        Layout want = Layout.parse(cute);
        assertEquals(want.size(), ours.size(), what + ": size of " + ours + " vs CuTe " + want);
        assertEquals(IntTuple.flat(want.mode(0).size(), want.mode(1).size()), IntTuple.flat(ours.mode(0).size(), ours.mode(1).size()),
                what + ": (threads, values) of " + ours + " vs CuTe " + want);
        assertEquals(want, ours, what + ": CuTe prints " + want); // the same form, not only the same function
        long t = want.mode(0).size();
        for (long i = 0; i < want.size(); i++) {
            long thread = i % t, value = i / t;
            assertEquals(want.apply(IntTuple.flat(thread, value)), ours.apply(IntTuple.flat(thread, value)),
                    what + " at (thread " + thread + ", value " + value + "): " + ours + " vs CuTe " + want);
        }
    }

    static void assertBijectionOntoTile(Layout tv, long tile, String what) {
        boolean[] seen = new boolean[(int) tile];
        for (long i = 0; i < tv.size(); i++) {
            long x = tv.apply(i);
            assertFalse(seen[(int) x], what + " " + tv + " repeats " + x);
            seen[(int) x] = true;
        }
        for (boolean b : seen) assertTrue(b, what + " misses an element");
    }

    @Test
    void sm80m16n8k16TiledTwoByTwoAgreesWithCuTe() {
        TiledMma mma = TiledMma.of(Atoms.mma("SM80_16x8x16_F16F16F16F16_TN"), IntTuple.flat(2, 2, 1));
        assertEquals(IntTuple.flat(32, 16, 16), mma.tileShape());
        assertEquals(Layout.parse("(32,2,2,1):(1,32,64,0)"), mma.thrLayoutVMNK());
        assertSameFunction("((4,8,2,2),((2,2),(1,1))):((64,1,16,256),((32,8),(0,0)))", mma.layoutC(), "C");
        assertSameFunction("((4,8,2,2),((2,2,2),(1,1))):((64,1,16,0),((32,8,256),(0,0)))", mma.layoutA(), "A");
        assertSameFunction("((4,8,2,2),((2,2),(1,1))):((32,1,0,8),((16,128),(0,0)))", mma.layoutB(), "B");
        Layout c = Layout.colMajor(IntTuple.flat(64, 32));
        assertEquals(Layout.parse("(((4,8),(2,2)),((2,2),(2,2))):(((128,1),(16,512)),((64,8),(32,1024)))"), mma.thrfrgC(c));
        Sliced<Layout> pc = mma.partitionC(c, 37);
        assertEquals(Layout.parse("((2,2),2,2):((64,8),32,1024)"), pc.layout());
        assertEquals(145, pc.offset().value());
        Sliced<Layout> pa = mma.partitionA(c, 37);
        assertEquals(Layout.parse("((2,2,2),2,2):((64,8,512),32,1024)"), pa.layout());
        assertEquals(145, pa.offset().value());
        assertEquals(Layout.parse("((2,2),2,2):((1,2),4,8)"), mma.partitionFragmentC(c));
        assertBijectionOntoTile(mma.layoutC(), 32 * 16, "C");
    }

    @Test
    void aPermutationWidensTheTileAsInCuTe() {
        TiledMma mma = TiledMma.of(Atoms.mma("SM80_16x8x16_F16F16F16F16_TN"), TiledMma.compact(IntTuple.flat(2, 2, 1)),
                Tiler.parse("<32,32,16>"));
        assertEquals(IntTuple.flat(32, 32, 16), mma.tileShape());
        assertSameFunction("((4,8,2,2),((2,2),(1,2))):((64,1,16,256),((32,8),(0,512)))", mma.layoutC(), "C");
        assertSameFunction("((4,8,2,2),((2,2),(2,1))):((64,1,0,8),((32,256),(16,0)))", mma.layoutB(), "B");
        assertBijectionOntoTile(mma.layoutC(), 32 * 32, "C");
    }

    @Test
    void sm70QuadPairsTileAsInCuTe() {
        TiledMma mma = TiledMma.of(Atoms.mma("SM70_8x8x4_F32F16F16F32_TN"), IntTuple.flat(2, 2, 1));
        assertEquals(IntTuple.flat(16, 16, 4), mma.tileShape());
        assertEquals(32, mma.threads());
        assertSameFunction("(((2,2),(2,2),2),((2,2,2),(1,1))):(((1,32),(8,128),4),((16,2,64),(0,0)))", mma.layoutC(), "C");
        assertSameFunction("((4,(2,2),2),(4,(1,1))):((1,(8,0),4),(16,(0,0)))", mma.layoutA(), "A");
        assertSameFunction("((4,(2,2),2),(4,(1,1))):((1,(0,8),4),(16,(0,0)))", mma.layoutB(), "B");
        Layout c = Layout.colMajor(IntTuple.flat(64, 32));
        Sliced<Layout> pc = mma.partitionC(c, 21);
        assertEquals(Layout.parse("((2,2,2),4,2):((64,2,256),16,1024)"), pc.layout());
        assertEquals(13, pc.offset().value());
        Sliced<Layout> pa = mma.partitionA(c, 21);
        assertEquals(Layout.parse("(4,4,8):(64,16,256)"), pa.layout());
        assertEquals(13, pa.offset().value());
        assertEquals(Layout.parse("((2,2,2),4,2):((1,2,4),8,32)"), mma.partitionFragmentC(c));
    }

    @Test
    void aLayoutPermutationOfNAgreesWithCuTe() {
        TiledMma mma = TiledMma.of(Atoms.mma("SM80_16x8x8_F16F16F16F16_TN"), TiledMma.compact(IntTuple.flat(1, 2, 1)),
                Tiler.parse("<16,(8,4,2):(1,16,8),8>"));
        assertEquals(IntTuple.flat(16, 64, 8), mma.tileShape());
        assertSameFunction("((4,8,2),((2,2),(1,(2,2)))):((32,1,256),((16,8),(0,(512,128))))", mma.layoutC(), "C");
        assertSameFunction("((4,8,2),(2,((2,2),1))):((128,1,16),(64,((32,8),0)))", mma.layoutB(), "B");
    }

    @Test
    void tiledLayoutsAreBijectionsOntoTheirTilesForEveryMmaSyncAtom() {
        for (MmaAtom atom : Atoms.mmaAtoms()) {
            if (!atom.registersAB()) continue;
            TiledMma mma = TiledMma.of(atom, IntTuple.flat(2, 2, 1));
            assertBijectionOntoTile(mma.layoutC(), mma.tileSize(0) * mma.tileSize(1), atom.name() + " C");
            // A is shared by the two N atoms: each element twice
            assertEquals(2 * mma.tileSize(0) * mma.tileSize(2), mma.layoutA().size(), atom.name());
        }
    }

    /**
     * Atoms along K: CuTe C++ prints these for make_tiled_mma(SM70_8x8x4_F16F16F16F16_TN, (1,2,2)),
     * (SM75_16x8x8_F16F16F16F16_TN, (1,2,2)) and (SM80_16x8x16_F16F16F16F16_TN, (1,1,2)). The first two C layouts
     * leave their tiles (offset 255 of 8×16, 383 of 16×16): CuTe numbers the K atoms' threads past the C threads.
     * The library gives CuTe's layouts; the property tests check C's coverage only with one atom along K.
     */
    @Test
    void withAtomsAlongKTheCLayoutIsCuTes() {
        TiledMma mma = TiledMma.of(Atoms.mma("SM70_8x8x4_F16F16F16F16_TN"), IntTuple.flat(1, 2, 2));
        assertSameFunction("((4,4,2),(8,(1,1))):((1,64,4),(8,(0,0)))", mma.layoutC(), "C");
        assertSameFunction("((4,(2,2),2),(4,(1,1))):((1,(0,32),4),(8,(0,0)))", mma.layoutA(), "A");
        assertEquals(255, mma.layoutC().cosize() - 1);
        TiledMma sm75 = TiledMma.of(Atoms.mma("SM75_16x8x8_F16F16F16F16_TN"), IntTuple.flat(1, 2, 2));
        assertSameFunction("((4,8,4),((2,2),(1,1))):((32,1,128),((16,8),(0,0)))", sm75.layoutC(), "C");
        assertSameFunction("((4,8,2,2),((2,2),(1,1))):((32,1,0,128),((16,8),(0,0)))", sm75.layoutA(), "A");
        // SM80 with two atoms along K: both hold the same C (stride 0), as CuTe prints
        TiledMma k2 = TiledMma.of(Atoms.mma("SM80_16x8x16_F16F16F16F16_TN"), IntTuple.flat(1, 1, 2));
        assertSameFunction("((4,8,2),((2,2),(1,1))):((32,1,0),((16,8),(0,0)))", k2.layoutC(), "C");
        assertSameFunction("((4,8,2),((2,2,2),(1,1))):((32,1,256),((16,8,128),(0,0)))", k2.layoutA(), "A");
    }

    /**
     * Atoms along K with one atom along N: the thread grid's N mode is CuTe's {@code make_layout(_1)} = 1:0, so the K
     * threads read past it go through stride 0 and hold the same C elements. CuTe C++ (the shared kernel oracle,
     * kdev-1411 and the example) prints {@code layout_c_tv} as below.
     */
    @Test
    void kAtomsOverOneNAtomShareTheirCElementsAsInCuTe() {
        TiledMma f64 = TiledMma.of(Atoms.mma("SM80_8x8x4_F64F64F64F64_TN"), TiledMma.parseAtomLayout("2x1x2"),
                Tiler.parse("<16,16,8>"));
        // CuTe C++: ((_4,_16,_2),(_2,(_1,_2))):((_32,_1,_0),(_16,(_0,_128)))
        assertEquals("((4,16,2),(2,(1,2))):((32,1,0),(16,(0,128)))", f64.layoutC().toString());
        TiledMma sm70 = TiledMma.of(Atoms.mma("SM70_8x8x4_F16F16F16F16_TN"), TiledMma.parseAtomLayout("4x1x4"), Tiler.parse("<32,16,16>"));
        // CuTe C++: ((_4,_4,_2,_4),(_8,(_1,_2))):((_1,_8,_4,_0),(_32,(_0,_256)))
        assertEquals("((4,4,2,4),(8,(1,2))):((1,8,4,0),(32,(0,256)))", sm70.layoutC().toString());
    }

    /**
     * {@code partition_fragment_A/B} follow the partitioned tensor's strides ({@code make_fragment_like}): mode 0
     * column-major, the rest in the order of the tensor's strides. CuTe C++ (kernel oracle kdev-1608 and the issue's
     * example) prints the fragments below.
     */
    @Test
    void registerFragmentsFollowThePartitionsStridesAsInCuTe() {
        TiledMma m = TiledMma.of(Atoms.mma("SM75_16x8x8_F16F16F16F16_TN"), TiledMma.parseAtomLayout("4x2x1"), null);
        // CuTe C++: partition_fragment_A of (192,16):(16,1) = ((_2,_2),_3,_2):((_1,_2),_8,_4)
        assertEquals("((2,2),3,2):((1,2),8,4)", m.partitionFragmentA(Layout.parse("(192,16):(16,1)")).toString());
        TiledMma k = TiledMma.of(Atoms.mma("SM80_16x8x16_F16F16F16F16_TN"), TiledMma.parseAtomLayout("2x2x2"), null);
        // CuTe C++: partition_A of (96,64):(63,1) for thread 46 = ((_2,_2,_2),_3,_2):((_1,_504,_8),_2016,_32),
        //           its fragment ((_2,_2,_2),_3,_2):((_1,_2,_4),_16,_8)
        assertEquals("((2,2,2),3,2):((1,2,4),16,8)", k.partitionFragmentA(Layout.parse("(96,64):(63,1)")).toString());
    }

    /** Three SM70 atoms do not nest in a warp's quad pairs: CuTe's complement answers 1:0 (gaps); here a clear refusal. */
    @Test
    void quadPairsThatDoNotNestAreRefused() {
        TiledMma mma = TiledMma.of(Atoms.mma("SM70_8x8x4_F16F16F16F16_TN"), IntTuple.flat(1, 3, 1));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, mma::layoutC);
        assertTrue(e.getMessage().contains("((4,2),1,3,1):((1,16),0,4,0)"), e.getMessage());
    }

    /**
     * Tensors with further modes (a pipelined shared-memory tensor (M,K,PIPE)) keep them after the rest modes, as CuTe's
     * thrfrg_A/B/C does; the fragment follows. Golden values: {@code make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{},
     * Layout<Shape<_2,_2,_1>>{}).get_slice(t).partition_X(T)} and {@code partition_fragment_X(T)} of counting tensors,
     * CUTLASS 7107b05 (each answer also compiled as layoutcat's own cpp test, which passed).
     */
    @Test
    void partitionsKeepTheTensorsFurtherModesAsCuTeDoes() {
        TiledMma m = TiledMma.of(Atoms.mma("SM80_16x8x16_F32F16F16F32_TN"), IntTuple.flat(2, 2, 1));
        Sliced<Layout> a = m.partitionA(Layout.parse("(64,32,3):(1,64,2048)"), 5);
        assertEquals("((2,2,2),2,2,3):((64,8,512),32,1024,2048)", a.layout().toString());
        assertEquals(129, a.offset().value());
        assertEquals("((2,2,2),2,2,3):((1,2,4),8,16,32)", m.partitionFragmentA(Layout.parse("(64,32,3):(1,64,2048)")).toString());
        Sliced<Layout> b = m.partitionB(Layout.parse("(64,32,4):(32,1,2048)"), 37);
        assertEquals("((2,2),4,2,4):((1,8),512,16,2048)", b.layout().toString());
        assertEquals(34, b.offset().value());
        Sliced<Layout> c = m.partitionC(Layout.parse("(64,32,2):(1,64,2048)"), 100);
        assertEquals("((2,2),2,2,2):((64,8),32,1024,2048)", c.layout().toString());
        assertEquals(529, c.offset().value());
        Layout nested = Layout.parse("(64,32,(2,3)):(32,1,(2048,4096))");
        assertEquals("((2,2,2),2,2,(2,3)):((1,256,8),1024,16,(2048,4096))", m.partitionA(nested, 77).layout().toString());
        assertEquals(98, m.partitionA(nested, 77).offset().value());
        assertEquals("((2,2,2),2,2,(2,3)):((1,2,4),16,8,(32,64))", m.partitionFragmentA(nested).toString());
    }
}
