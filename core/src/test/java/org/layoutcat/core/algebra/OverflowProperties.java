package org.layoutcat.core.algebra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import org.layoutcat.core.Exact;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArbitraries;

/**
 * The algebra on huge shapes and strides: every result is exact (checked in BigInteger) or the operation throws
 * an ArithmeticException (or an IllegalArgumentException where the operands are inadmissible); never a layout
 * built from a wrapped number.
 */
class OverflowProperties {

    @Provide
    Arbitrary<Layout> huge() {
        Arbitrary<Long> extents = Arbitraries.of(1L, 2L, 3L, 4L, 1L << 16, 1L << 31, 1L << 40, 3486784401L);
        Arbitrary<Long> strides = Arbitraries.of(0L, 1L, 2L, 3L, 1L << 20, 1L << 31, 1L << 32, 1L << 40, 1L << 62,
                4052555153018976267L, Long.MAX_VALUE);
        return Arbitraries.randomValue(r -> {
            int n = 1 + r.nextInt(3);
            long[] s = new long[n], d = new long[n];
            BigInteger size = BigInteger.ONE;
            BigInteger largest = BigInteger.ZERO;
            for (int k = 0; k < n; k++) {
                d[k] = strides.generator(1).next(r).value();
                s[k] = extents.generator(1).next(r).value();
                BigInteger span = BigInteger.valueOf(s[k] - 1).multiply(BigInteger.valueOf(d[k]));
                // sizes and values fit (a layout is built only then), results need not
                if (!Exact.fits(size.multiply(BigInteger.valueOf(s[k]))) || !Exact.fits(largest.add(span))) s[k] = 1;
                size = size.multiply(BigInteger.valueOf(s[k]));
                largest = largest.add(BigInteger.valueOf(s[k] - 1).multiply(BigInteger.valueOf(d[k])));
            }
            return Layout.flat(s, d);
        }).withoutEdgeCases();
    }

    @Provide
    Arbitrary<Layout> small() {
        return LayoutArbitraries.layouts();
    }

    @Provide
    Arbitrary<Long> cotargets() {
        return Arbitraries.of(1L, 1000L, 1L << 40, 1L << 62, Long.MAX_VALUE);
    }

    private static BigInteger eval(Layout l, BigInteger index) {
        return Exact.apply(l.flatShapes(), l.flatStrides(), index);
    }

    /** Up to 64 indices of [0, size): the ends, the powers of two and a few more. */
    private static long[] indices(long size) {
        return LayoutArbitraries.sampleIndices(size, size * 31 + 7, 64);
    }

    private static void assertComposite(Layout a, Layout b, Layout r) {
        assertEquals(b.size(), r.size());
        for (long c : indices(b.size())) {
            BigInteger bc = eval(b, BigInteger.valueOf(c));
            if (bc.signum() < 0 || bc.compareTo(BigInteger.valueOf(a.size())) >= 0) continue;
            assertEquals(eval(a, bc), eval(r, BigInteger.valueOf(c)), a + " o " + b + " = " + r + " at " + c);
        }
    }

    @Property
    void overflowInCompositionIsAnError(@ForAll("huge") Layout a, @ForAll("huge") Layout b) {
        try {
            Layout r = Composition.compose(a, b);
            Statistics.collect("composite");
            assertComposite(a, b, r);
        } catch (ArithmeticException e) {
            Statistics.collect("overflow");
            assertTrue(e.getMessage().contains("overflow") || e.getMessage().contains("overflows"), e.getMessage());
        } catch (IllegalArgumentException e) {
            Statistics.collect("inadmissible");
        }
    }

    @Property
    void overflowInComplementIsAnError(@ForAll("huge") Layout l, @ForAll("cotargets") long n) {
        try {
            Layout comp = Complement.complement(l, n);
            Statistics.collect("complement");
            long[] s = comp.flatShapes(), d = comp.flatStrides();
            BigInteger reach = BigInteger.ONE; // ordered: each stride at least the span of the modes below it
            for (int k = 0; k < s.length; k++) {
                if (s[k] == 1) continue;
                assertTrue(d[k] > 0 && BigInteger.valueOf(d[k]).compareTo(reach) >= 0, "comp(" + l + ", " + n + ") = " + comp);
                reach = BigInteger.valueOf(d[k]).multiply(BigInteger.valueOf(s[k]));
            }
            // (L, comp) reaches N: the span of comp's last mode, or of L's widest mode, is at least N
            for (int k = 0; k < l.flatRank(); k++) {
                reach = reach.max(BigInteger.valueOf(l.flatShape(k)).multiply(BigInteger.valueOf(l.flatStride(k))));
            }
            assertTrue(reach.compareTo(BigInteger.valueOf(n)) >= 0, "comp(" + l + ", " + n + ") = " + comp + " falls short of " + n);
        } catch (ArithmeticException e) {
            Statistics.collect("overflow");
        } catch (IllegalArgumentException e) {
            Statistics.collect("inadmissible");
        }
    }

    @Property
    void overflowInProductIsAnError(@ForAll("huge") Layout a, @ForAll("small") Layout b) {
        try {
            Layout r = Product.logicalProduct(a, b);
            Statistics.collect("product");
            assertEquals(a, r.mode(0));
            BigInteger n = BigInteger.valueOf(a.size()).multiply(eval(b, BigInteger.valueOf(b.size() - 1)).add(BigInteger.ONE));
            Layout comp = Complement.complement(a, n.longValueExact());
            assertComposite(comp, b, r.mode(1));
        } catch (ArithmeticException e) {
            Statistics.collect("overflow");
        } catch (IllegalArgumentException e) {
            Statistics.collect("inadmissible");
        }
    }

    @Property(tries = 100)
    void mostNegativeStrideIsAnOverflowNotAWrappedAbsoluteValue(@ForAll("small") Layout a) {
        // |Long.MIN_VALUE| does not exist in 64 bits
        assertThrows(ArithmeticException.class, () -> Composition.compose(a, Layout.of(IntTuple.of(2), IntTuple.of(Long.MIN_VALUE))),
                a + " o 2:" + Long.MIN_VALUE);
    }
}
