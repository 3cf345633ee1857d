package org.layoutcat.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
        // the values: a layout is built exactly when every value on its domain fits in a long
        BigInteger largest = Exact.largest(shape.leaves(), stride.leaves()), least = Exact.least(shape.leaves(), stride.leaves());
        if (!Exact.fits(largest) || !Exact.fits(least)) {
            ArithmeticException e = assertThrows(ArithmeticException.class, () -> Layout.of(shape, stride));
            assertTrue(e.getMessage().contains("overflow the 64-bit range") && e.getMessage().contains(shape + ":" + stride), e.getMessage());
            Statistics.label("values").collect("overflow");
            return;
        }
        Statistics.label("values").collect("fit");
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
            // every value on the domain fits, so each is exact (an intermediate sum of mixed signs is no refusal)
            assertEquals(Exact.apply(l, i), BigInteger.valueOf(l.apply(i)), "L(" + i + ") of " + l);
        }
        // CuTe's cosize, 1 + Σ (s−1)·|d|: exact, or an overflow where it does not fit
        BigInteger cosize = Exact.cosize(shape.leaves(), stride.leaves());
        if (Exact.fits(cosize)) {
            assertEquals(cosize, BigInteger.valueOf(l.cosize()), "cosize of " + l);
        } else {
            assertThrows(ArithmeticException.class, l::cosize, "cosize of " + l);
        }
    }

    @Property
    void aLayoutIsBuiltExactlyWhenItsLargestAndLeastValuesFit(@ForAll("hugeExtents") long s0, @ForAll("hugeExtents") long s1,
                                                              @ForAll("hugeStrides") long d0, @ForAll("hugeStrides") long d1) {
        long[] s = {s0, s1}, d = {d0, d1};
        if (!Exact.fits(BigInteger.valueOf(s0).multiply(BigInteger.valueOf(s1)))) return; // the size's own overflow
        BigInteger largest = Exact.largest(s, d), least = Exact.least(s, d);
        if (!Exact.fits(largest) || !Exact.fits(least)) {
            Statistics.collect("refused");
            assertThrows(ArithmeticException.class, () -> Layout.flat(s, d));
            assertThrows(ArithmeticException.class, () -> CoordLayout.of(IntTuple.flat(s0, s1),
                    List.of(ScaledBasis.of(d0), ScaledBasis.of(d1))));
            return;
        }
        Statistics.collect("built");
        Layout l = Layout.flat(s, d);
        // the bounds are reached: at the coordinate (s−1) on the modes of one sign and 0 on the others
        IntTuple top = IntTuple.flat(d0 > 0 ? s0 - 1 : 0, d1 > 0 ? s1 - 1 : 0);
        IntTuple bottom = IntTuple.flat(d0 < 0 ? s0 - 1 : 0, d1 < 0 ? s1 - 1 : 0);
        assertEquals(largest, BigInteger.valueOf(l.apply(top)), "largest value of " + l);
        assertEquals(least, BigInteger.valueOf(l.apply(bottom)), "least value of " + l);
        assertEquals(l, CoordLayout.of(IntTuple.flat(s0, s1), List.of(ScaledBasis.of(d0), ScaledBasis.of(d1))).toLayout());
    }

    @Property(tries = 200)
    void overflowOfACoordinateOffsetIsAnError(@ForAll("hugeStrides") long d0, @ForAll("hugeStrides") long d1) {
        long[] s = {1L << 20, 1L << 20}, d = {d0, d1};
        if (!Exact.fits(Exact.largest(s, d)) || !Exact.fits(Exact.least(s, d))) {
            assertThrows(ArithmeticException.class, () -> Layout.of(IntTuple.flat(s[0], s[1]), IntTuple.flat(d0, d1)));
            return;
        }
        Layout l = Layout.of(IntTuple.flat(1L << 20, 1L << 20), IntTuple.flat(d0, d1));
        IntTuple crd = IntTuple.flat((1L << 20) - 1, (1L << 20) - 1);
        BigInteger exact = BigInteger.valueOf(d0).add(BigInteger.valueOf(d1)).multiply(BigInteger.valueOf((1L << 20) - 1));
        assertEquals(exact, BigInteger.valueOf(l.apply(crd)));
    }
}
