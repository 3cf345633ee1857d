package org.layoutcat.core.partition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.layoutcat.core.Layout;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.algebra.Composition;
import org.layoutcat.core.modes.SliceCoord;
import org.layoutcat.core.modes.Sliced;

/**
 * local_tile and local_partition. Golden values: CuTe C++ (CUTLASS main, {@code cute/tensor_impl.hpp}) on a tensor
 * of each layout over a float array, printed by a host program compiled here (its layout, and its pointer minus the
 * array's as the offset); the shapes in the comments of {@code local_tile} and {@code local_partition}.
 */
class PartitionTest {
    private static Sliced<Layout> tile(String l, String tiler, String c) {
        return Partition.localTile(Layout.parse(l), Tiler.parse(tiler), SliceCoord.parse(c));
    }

    private static Sliced<Layout> part(String l, String thr, long t) {
        return Partition.localPartition(Layout.parse(l), Layout.parse(thr), t);
    }

    private static void assertSliced(String layout, long offset, Sliced<Layout> s) {
        assertEquals(layout, s.layout().toString());
        assertEquals(offset, s.offset().value(), s.toString());
    }

    @Test
    void localTileAgreesWithCuTe() {
        assertSliced("(4,8):(1,16)", 260, tile("(16,64):(1,16)", "(4,8)", "(1,2)"));
        assertSliced("(4,8,8):(1,16,128)", 4, tile("(16,64):(1,16)", "(4,8)", "(1,_)"));
        assertSliced("(4,8):(1,16)", 132, tile("(16,64):(1,16)", "(4,8)", "5"));
        assertSliced("(4,8,4):(1,8,128)", 68, tile("(8,16,4):(1,8,128)", "(4,8)", "(1,1)"));
        assertSliced("(4,8):(1,8)", 324, tile("(8,16,4):(1,8,128)", "(4,8)", "(1,1,2)"));
        assertSliced("(6):(1)", 18, tile("24:1", "6:1", "3"));
    }

    /**
     * A block whose rest composite is not A's function: CuTe C++ divides (12,2):(4,384) by 8:1 with a rest
     * (8,(2,2)):(4,(32,384)) that is wrong at index 12, then keeps the tile. At block 0 of that rest its answer is
     * right (the shared kernel oracle's kdev-0234 and kdev-0247, and (1,0) compiled here: offset 2), and layoutcat
     * gives it; at block (1,2) CuTe C++ answers offset 386 where the tile's first element is A(16,16) = 402, and
     * layoutcat refuses with the divide's reason.
     */
    @Test
    void aTileWhoseRestIsRefusedIsAnsweredAtBlockZeroOfThatRest() {
        assertSliced("((8,2),8):((48,1),4)", 0, tile("((8,4),(12,2)):((48,1),(4,384))", "(16,8)", "(0,0)"));
        assertSliced("((8,2),8):((48,1),4)", 2, tile("((8,4),(12,2)):((48,1),(4,384))", "(16,8)", "(1,0)"));
        assertSliced("(4,1,2,3):(6,0,1,2)", 0, tile("((6,2),2,6):((6,72),36,1)", "(4,1,2)", "(0,0,_)"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> tile("((8,4),(12,2)):((48,1),(4,384))", "(16,8)", "(1,2)"));
        assertTrue(e.getMessage().contains("CuTe C++ would answer (8,(2,2)):(4,(32,384))"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> tile("((8,4),(12,2)):((48,1),(4,384))", "(16,8)", "(0,_)"));
    }

    @Test
    void localPartitionAgreesWithCuTe() {
        // tensor_impl.hpp: local_partition(data (_16,_64), Layout<Shape<_2,_16>>{}, thr_idx) is (_8,_4)
        assertSliced("(8,4):(2,256)", 33, part("(16,64):(1,16)", "(2,16):(1,2)", 5));
        assertSliced("(8,4):(2,256)", 80, part("(16,64):(1,16)", "(2,16):(16,1)", 5));
        assertSliced("(2,3):(2,8)", 5, part("(4,6):(1,4)", "(2,2):(1,2)", 3));
        assertSliced("((6)):((4))", 3, part("24:1", "4:1", 3));
    }

    @Test
    void seed003KernelPartitionIsCompositionThenSlice() {
        // seed 003: composed = composition(mA, tv_layout); composed[(tidx, None)] — local_tile of the composed
        // layout by nothing but the slice; and the same through local_partition over the TV layout's thread mode
        Layout composed = Composition.compose(Layout.parse("(24,1):(1,0)"), Layout.parse("((2,2),(2,3)):((2,12),(1,4))"));
        long[] base = {0, 2, 12, 14};
        for (int t = 0; t < 4; t++) {
            Sliced<Layout> s = org.layoutcat.core.modes.Slicing.sliceAndOffset(SliceCoord.parse("(" + t + ",_)"), composed);
            assertSliced("((2,3)):((1,4))", base[t], s);
        }
    }

    @Test
    void theThreadsOfAPartitionShareOutEveryElement() {
        // by definition: over all threads, the offsets offset + layout(i) cover the data exactly once
        Layout data = Layout.parse("(16,64):(1,16)");
        Layout thr = Layout.parse("(2,16):(16,1)");
        boolean[] seen = new boolean[(int) data.size()];
        for (long t = 0; t < thr.size(); t++) {
            Sliced<Layout> s = Partition.localPartition(data, thr, t);
            for (long i = 0; i < s.layout().size(); i++) {
                int x = (int) (s.offset().value() + s.layout().apply(i));
                assertTrue(!seen[x], "element " + x + " twice");
                seen[x] = true;
            }
        }
        for (boolean b : seen) assertTrue(b);
    }

    @Test
    void aThreadOutsideTheThreadLayoutIsRefused() {
        String m = assertThrows(IllegalArgumentException.class, () -> part("(16,64):(1,16)", "(2,16):(1,2)", 32)).getMessage();
        assertTrue(m.contains("outside [0,32)"), m);
        m = assertThrows(IllegalArgumentException.class, () -> part("(16,64):(1,16)", "(2,16):(1,4)", 2)).getMessage();
        assertTrue(m.contains("is not a value of the thread layout"), m);
    }

    /**
     * {@code local_tile(tensor, tiler, coord, Step<...>)} as CUTLASS's sgemm tutorials call it, one CTA tiler
     * (128,64,8) and coordinate (1,2,_) for A (M,K), B (N,K) and C (M,N): CuTe C++ (CUTLASS 7107b05, counting tensors
     * with static integers) prints A (_128,_8,_16):(_1,_256,_2048) at 128, B (_64,_8,_16):(_128,_1,_8) at 16384,
     * C (_128,_64):(_1,_256) at 32896, and with a tiler of layouts at (1,0,3), (_128,_8):(_1,_256) at 6272.
     */
    @Test
    void localTileWithAProjectionIsCuTes() {
        String[][] cases = {
            {"(256,128):(1,256)", "(128,64,8)", "(1,2,_)", "(1,_,1)", "(128,8,16):(1,256,2048)", "128"},
            {"(192,128):(128,1)", "(128,64,8)", "(1,2,_)", "(_,1,1)", "(64,8,16):(128,1,8)", "16384"},
            {"(256,192):(1,256)", "(128,64,8)", "(1,2,_)", "(1,1,_)", "(128,64):(1,256)", "32896"},
            {"(256,128):(1,256)", "<128:1,64:1,8:1>", "(1,0,3)", "(1,_,1)", "(128,8):(1,256)", "6272"},
        };
        for (String[] c : cases) {
            Sliced<org.layoutcat.core.AnyLayout> t = Partition.localTile(Layout.parse(c[0]), Tiler.parse(c[1]), SliceCoord.parse(c[2]),
                    SliceCoord.parse(c[3]));
            assertEquals(c[4], t.layout().toString(), String.join(" ", c));
            assertEquals(Long.parseLong(c[5]), t.offset().value(), String.join(" ", c));
        }
        {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Partition.localTile(
                    Layout.parse("(256,128):(1,256)"), Tiler.parse("(128,64,8)"), SliceCoord.parse("(1,2,_)"), SliceCoord.parse("(1,_)")));
            assertTrue(e.getMessage().contains("the projection has 2 modes, the tiler 3"), e.getMessage());
        }
    }
}
