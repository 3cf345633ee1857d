package org.layoutcat.gpu.cpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.Layout;
import org.layoutcat.core.algebra.Composition;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.gpu.Comparison;
import org.layoutcat.gpu.LayoutChain;
import org.layoutcat.gpu.RandomLayouts;

/** The CPU backend against the core's {@code Layout.apply}, point by point, on random layouts. */
class CpuBackendTest {
    /** Shared by the JUnit and jqwik engines, so never closed (its workers are daemon threads). */
    static final CpuBackend CPU = CpuBackend.withThreads(3);

    @Property(tries = 200)
    void realizeEqualsLayoutFunction(@ForAll long seed) {
        Random rnd = new Random(seed);
        Layout l = RandomLayouts.arbitrary(rnd, 1 << 18, false);
        int[] out = new int[(int) l.size()];
        CPU.realize(l, out);
        for (int i = 0; i < out.length; i++) assertEquals(l.apply(i), Integer.toUnsignedLong(out[i]), l + " at " + i);
        Layout neg = RandomLayouts.arbitrary(rnd, 1 << 18, true);
        long[] wide = new long[(int) neg.size()];
        CPU.realize(neg, wide);
        for (int i = 0; i < wide.length; i++) assertEquals(neg.apply(i), wide[i], neg + " at " + i);
    }

    @Test
    void realizeCrossesChunkBoundaries() {
        Layout l = Layout.parse("((7,100),(3,311)):((933,3),(1,9330))"); // 652,700 points, many chunks, odd extents
        int[] out = new int[(int) l.size()];
        CPU.realize(l, out);
        for (int i = 0; i < out.length; i++) assertEquals(l.apply(i), out[i]);
    }

    @Property(tries = 200)
    void compareCountsThePointsWhereLayoutFunctionsDiffer(@ForAll long seed) {
        Random rnd = new Random(seed);
        Layout a = RandomLayouts.arbitrary(rnd, 1 << 14, false);
        long[] d = a.flatStrides();
        d[rnd.nextInt(d.length)] += rnd.nextInt(2);
        Layout b = Layout.flat(a.flatShapes(), d);
        long n = 1 + rnd.nextInt((int) (2 * a.size()));
        long count = 0;
        long first = -1;
        for (long i = 0; i < n; i++) {
            if (a.apply(i) != b.apply(i)) {
                if (first < 0) first = i;
                count++;
            }
        }
        assertEquals(new Comparison(n, count, first), CPU.compare(LayoutChain.of(a), LayoutChain.of(b), n));
    }

    @Property(tries = 200)
    void compositionAgreesWithCompositeOfLayoutFunctions(@ForAll long seed) {
        // Composition contract: R(i) = A(B(i)) for every i < size(B) with B(i) in A's domain; here B maps into
        // [0, size(A)), where A's function does not depend on how its last mode is extended
        Random rnd = new Random(seed);
        Layout a = RandomLayouts.injective(rnd, 1 << 12);
        Layout b = RandomLayouts.injective(rnd, a.size());
        if (b.cosize() > a.size()) return;
        Layout r;
        try {
            r = Composition.compose(a, b);
        } catch (IllegalArgumentException inadmissible) {
            return;
        }
        Comparison c = CPU.compare(LayoutChain.of(r), LayoutChain.composite(a, b), b.size());
        assertTrue(c.agrees(), r + " vs " + a + "∘" + b + ": " + c);
    }

    @Test
    void compareFindsTheFirstMismatchAcrossChunks() {
        Layout a = Layout.parse("(1000,1000):(1,1000)");
        Layout b = Layout.parse("(1000,1000):(1,1001)");
        // they differ wherever the second coordinate is non-zero: 999,000 points, the first at 1000
        assertEquals(new Comparison(1_000_000, 999_000, 1000), CPU.compare(LayoutChain.of(a), LayoutChain.of(b), 1_000_000));
    }

    @Property(tries = 200)
    void gatherAndScatterMoveThroughTheLayoutFunction(@ForAll long seed) {
        Random rnd = new Random(seed);
        Layout l = rnd.nextBoolean() ? RandomLayouts.injective(rnd, 1 << 16) : RandomLayouts.transpose(rnd, 200, 3);
        int cos = (int) (l.apply(l.size() - 1) + 1);
        int[] src = rnd.ints(cos).toArray();
        int[] dst = new int[(int) l.size()];
        CPU.gather(l, src, dst);
        for (int i = 0; i < dst.length; i++) assertEquals(src[(int) l.apply(i)], dst[i]);
        long[] from = rnd.longs(l.size()).toArray();
        long[] to = rnd.longs(cos).toArray();
        long[] expected = to.clone();
        for (int i = 0; i < from.length; i++) expected[(int) l.apply(i)] = from[i];
        CPU.scatter(l, from, to);
        assertArrayEquals(expected, to);
    }

    @Property(tries = 200)
    void composedMovesEqualComposedLayoutFunction(@ForAll long seed) {
        // i ↦ sw(offset + L(i)), the core's ComposedLayout.apply, point by point: realize, gather and scatter
        Random rnd = new Random(seed);
        ComposedLayout c = RandomLayouts.composed(rnd, 1 << 16, true);
        int n = (int) c.size();
        int[] out = new int[n];
        long[] wide = new long[n];
        CPU.realize(c, out);
        CPU.realize(c, wide);
        int cos = 0;
        for (int i = 0; i < n; i++) {
            long want = c.apply(i);
            assertEquals(want, Integer.toUnsignedLong(out[i]), c + " at " + i);
            assertEquals(want, wide[i], c + " at " + i);
            cos = (int) Math.max(cos, want + 1);
        }
        int[] src = rnd.ints(cos).toArray();
        int[] dst = new int[n];
        CPU.gather(c, src, dst);
        for (int i = 0; i < n; i++) assertEquals(src[(int) c.apply(i)], dst[i], c + " at " + i);
        long[] from = rnd.longs(n).toArray();
        long[] to = rnd.longs(cos).toArray();
        long[] expected = to.clone();
        for (int i = 0; i < n; i++) expected[(int) c.apply(i)] = from[i];
        CPU.scatter(c, from, to);
        assertArrayEquals(expected, to);
    }

    @Test
    void swizzledHalfTileRealizesAsCuTePrintsIt() {
        // CuTe C++: composition(Swizzle<3,3,3>{}, Layout<Shape<_8,_64>,Stride<_64,_1>>{})(i) for i = 0, 1, 9, 8, 511
        // prints 0, 72, 73, 1, 455: index 1 is row 1 (offset 64) -> 72; index 9 = (1,1) is 65 -> 73; (0,1) stays 1
        ComposedLayout c = ComposedLayout.parse("Sw<3,3,3> o 0 o (8,64):(64,1)");
        int[] out = new int[512];
        CPU.realize(c, out);
        assertArrayEquals(new int[] {0, 72, 73, 1, 455}, new int[] {out[0], out[1], out[9], out[8], out[511]});
        int[] gathered = new int[512];
        int[] src = new int[512];
        for (int i = 0; i < 512; i++) src[i] = 1000 + i;
        CPU.gather(c, src, gathered);
        assertEquals(1072, gathered[1]);
        // a negative shift writes upwards: CuTe C++ prints 9 and 11 for composition(Swizzle<2,0,-2>{}, (4,4):(4,1))(7), (13)
        long[] left = new long[16];
        CPU.realize(ComposedLayout.parse("Sw<2,0,-2> o 0 o (4,4):(4,1)"), left);
        assertEquals(9, left[7]);
        assertEquals(11, left[13]);
    }

    @Test
    void composedOperandsAreRejectedWithTheirValues() {
        ComposedLayout c = ComposedLayout.parse("Sw<3,3,3> o 0 o (8,64):(64,1)");
        IllegalArgumentException small = assertThrows(IllegalArgumentException.class, () -> CPU.gather(c, new int[500], new int[512]));
        assertTrue(small.getMessage().contains("511") && small.getMessage().contains("500"), small.getMessage());
        IllegalArgumentException overlap = assertThrows(IllegalArgumentException.class,
                () -> CPU.scatter(ComposedLayout.parse("Sw<1,0,1> o 0 o (4,2):(1,2)"), new int[8], new int[8]));
        assertTrue(overlap.getMessage().contains("not injective"), overlap.getMessage());
        IllegalArgumentException negative = assertThrows(IllegalArgumentException.class,
                () -> CPU.realize(new ComposedLayout(c.outer(), 2, Layout.parse("4:-1")), new long[4]));
        assertTrue(negative.getMessage().contains("-1"), negative.getMessage());
        assertThrows(IllegalArgumentException.class, () -> CPU.realize(c, new int[511]));
    }

    @Test
    void partitionGivesEachThreadItsValues() {
        // seed 003: TV layout ((2,2),(2,3)):((2,12),(1,4)) over the 24 values 0..23; CuTeDSL prints
        // TIDX 0: (0,1,4,5,8,9), TIDX 1: (2,3,6,7,10,11), TIDX 2: (12,13,16,17,20,21), TIDX 3: (14,15,18,19,22,23)
        Layout tv = Layout.parse("((2,2),(2,3)):((2,12),(1,4))");
        int[] src = new int[24];
        for (int i = 0; i < 24; i++) src[i] = i;
        int[] dst = new int[24];
        CPU.partition(tv, src, dst);
        int[][] expected = {{0, 1, 4, 5, 8, 9}, {2, 3, 6, 7, 10, 11}, {12, 13, 16, 17, 20, 21}, {14, 15, 18, 19, 22, 23}};
        for (int t = 0; t < 4; t++) {
            for (int v = 0; v < 6; v++) assertEquals(expected[t][v], dst[t + 4 * v], "thread " + t + " value " + v);
        }
    }

    @Test
    void badOperandsAreRejectedWithTheirValues() {
        IllegalArgumentException range = assertThrows(IllegalArgumentException.class,
                () -> CPU.realize(Layout.parse("(2,2):(1,4294967296)"), new int[4]));
        assertTrue(range.getMessage().contains("(2,2):(1,4294967296)"), range.getMessage());
        assertThrows(IllegalArgumentException.class, () -> CPU.realize(Layout.parse("(4,2):(-1,4)"), new int[8]));
        assertThrows(IllegalArgumentException.class, () -> CPU.realize(Layout.parse("8:1"), new int[7]));
        IllegalArgumentException overlap = assertThrows(IllegalArgumentException.class,
                () -> CPU.scatter(Layout.parse("(4,2):(1,2)"), new int[8], new int[8]));
        assertTrue(overlap.getMessage().contains("not injective"), overlap.getMessage());
        assertThrows(IllegalArgumentException.class, () -> CPU.gather(Layout.parse("(4,2):(1,4)"), new int[7], new int[8]));
        assertThrows(IllegalArgumentException.class, () -> CPU.partition(Layout.parse("(2,2,2):(1,2,4)"), new int[8], new int[8]));
    }
}
