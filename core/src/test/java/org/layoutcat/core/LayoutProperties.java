package org.layoutcat.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.math.BigInteger;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/** The layout function and coordinates: idx2crd/crd2idx, hierCoord, and exact arithmetic. */
class LayoutProperties {

    @Provide
    Arbitrary<Layout> layouts() {
        return LayoutArbitraries.anyLayouts();
    }

    @Provide
    Arbitrary<Layout> compactLayouts() {
        return LayoutArbitraries.compactLayouts();
    }

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }

    @Property
    void idx2crdAndCrd2idxAreInverseBijections(@ForAll("layouts") Layout l, @ForAll("seeds") long seed) {
        long[] extents = l.flatShapes();
        for (long i : LayoutArbitraries.sampleIndices(l.size(), seed, 256)) {
            IntTuple crd = l.idx2crd(i);
            assertTrue(crd.congruent(l.shape()), crd + " congruent to " + l.shape());
            long[] c = crd.leaves();
            for (int k = 0; k < c.length; k++) assertTrue(0 <= c[k] && c[k] < extents[k], crd + " inside " + l.shape());
            assertEquals(i, l.crd2idx(crd), "crd2idx(idx2crd(" + i + ")) in " + l);
            assertEquals(l.apply(i), l.apply(crd), "L(" + i + ") = L(" + crd + ") in " + l);
        }
        // the other direction: every coordinate inside the shape is idx2crd of its index
        Random r = new Random(seed);
        for (int t = 0; t < 16; t++) {
            long[] c = new long[extents.length];
            for (int k = 0; k < c.length; k++) c[k] = Math.floorMod(r.nextLong(), extents[k]);
            IntTuple crd = l.shape().withLeaves(c);
            long i = l.crd2idx(crd);
            assertTrue(0 <= i && i < l.size());
            assertEquals(crd, l.idx2crd(i));
        }
    }

    @Property
    void hierCoordInvertsCompactLayouts(@ForAll("compactLayouts") Layout l, @ForAll("seeds") long seed) {
        for (long x : LayoutArbitraries.sampleIndices(l.size(), seed, 256)) assertEquals(x, l.apply(l.hierCoord(x)), "L(hierCoord(" + x + ")) in " + l);
    }

    @Provide
    Arbitrary<Long> hugeExtents() {
        return Arbitraries.of(1L, 2L, 3L, 7L, 1L << 16, 1L << 31, 3486784401L /* 3^20 */, 1L << 40, (1L << 62) + 1);
    }

    @Provide
    Arbitrary<Long> hugeStrides() {
        return Arbitraries.of(0L, 1L, -1L, 5L, 1L << 31, 1L << 32, -(1L << 33), 1L << 62, -(1L << 62),
                4052555153018976267L /* 3^39 */, Long.MAX_VALUE / 2, Long.MAX_VALUE, Long.MIN_VALUE);
    }

    @Property
    void overflowIsAnError(@ForAll("hugeExtents") long s0, @ForAll("hugeExtents") long s1, @ForAll("hugeExtents") long s2,
                           @ForAll("hugeStrides") long d0, @ForAll("hugeStrides") long d1, @ForAll("hugeStrides") long d2,
                           @ForAll("seeds") long seed) {
        IntTuple shape = IntTuple.of(IntTuple.of(s0), IntTuple.of(IntTuple.of(s1), IntTuple.of(s2)));
        IntTuple stride = IntTuple.of(IntTuple.of(d0), IntTuple.of(IntTuple.of(d1), IntTuple.of(d2)));
        BigInteger size = Exact.size(shape);
        // the size: exact, or an ArithmeticException from the constructor and from colMajor
        if (!Exact.fits(size)) {
            assertThrows(ArithmeticException.class, () -> Layout.of(shape, stride));
            assertThrows(ArithmeticException.class, () -> Layout.colMajor(shape));
            assertThrows(ArithmeticException.class, () -> Layout.rowMajor(shape));
            Statistics.label("size").collect("overflows");
            return;
        }
        Statistics.label("size").collect("fits");
        Layout l = Layout.of(shape, stride);
        assertEquals(size.longValueExact(), l.size());
        Layout col = Layout.colMajor(shape);
        for (int k = 0; k < 3; k++) {
            assertEquals(Exact.size(IntTuple.flat(java.util.Arrays.copyOf(shape.leaves(), k))).longValueExact(), col.flatStride(k));
        }
        // the layout function at random indices and at the last one, and the cosize
        Random r = new Random(seed);
        List<Long> indices = new java.util.ArrayList<>(List.of(0L, l.size() - 1));
        for (int t = 0; t < 8; t++) indices.add(Math.floorMod(r.nextLong(), l.size()));
        for (long i : indices) {
            BigInteger exact = Exact.apply(l, i);
            try {
                long got = l.apply(i);
                assertEquals(exact, BigInteger.valueOf(got), "L(" + i + ") of " + l);
                Statistics.label("offset").collect("exact");
            } catch (ArithmeticException e) {
                // an offset outside the long range must be refused; one inside may only be refused when an
                // intermediate sum of terms of different signs overflows
                if (Exact.fits(exact)) assertTrue(mixedSigns(l), "spurious overflow at " + i + " of " + l + ": " + e.getMessage());
                Statistics.label("offset").collect(Exact.fits(exact) ? "refused (intermediate)" : "overflows");
            }
        }
        BigInteger cosize = Exact.apply(l, l.size() - 1).add(BigInteger.ONE);
        try {
            assertEquals(cosize, BigInteger.valueOf(l.cosize()), "cosize of " + l);
        } catch (ArithmeticException e) {
            if (Exact.fits(cosize)) assertTrue(mixedSigns(l), "spurious overflow of the cosize of " + l);
        }
    }

    private static boolean mixedSigns(Layout l) {
        boolean pos = false, neg = false;
        for (long d : l.flatStrides()) {
            pos |= d > 0;
            neg |= d < 0;
        }
        return pos && neg;
    }

    @Property(tries = 200)
    void overflowOfACoordinateOffsetIsAnError(@ForAll("hugeStrides") long d0, @ForAll("hugeStrides") long d1) {
        Layout l = Layout.of(IntTuple.flat(1L << 20, 1L << 20), IntTuple.flat(d0, d1));
        IntTuple crd = IntTuple.flat((1L << 20) - 1, (1L << 20) - 1);
        BigInteger exact = BigInteger.valueOf(d0).add(BigInteger.valueOf(d1)).multiply(BigInteger.valueOf((1L << 20) - 1));
        try {
            assertEquals(exact, BigInteger.valueOf(l.apply(crd)));
        } catch (ArithmeticException e) {
            if (Exact.fits(exact) && !(d0 > 0 && d1 < 0 || d0 < 0 && d1 > 0)) fail("spurious overflow of " + l + " at " + crd);
        }
    }
}
