package org.layoutcat.core.algebra;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.Swizzle;
import org.layoutcat.core.recast.Vectorization;

/**
 * A round trip decided from the structure ({@link RoundTrip}: swizzles that undo themselves, maps linear over F2 that
 * fix each bit) is the round trip checked at every point, on small layouts: swizzled and plain, with power-of-two
 * extents and without, against their inverses and against unrelated layouts.
 */
class RoundTripProperties {

    private static Layout layout(Random r) {
        int rank = 1 + r.nextInt(3);
        List<IntTuple> s = new ArrayList<>(), d = new ArrayList<>();
        for (int k = 0; k < rank; k++) {
            long shape = r.nextInt(4) == 0 ? 1 + r.nextInt(6) : 1L << r.nextInt(4);
            long stride = switch (r.nextInt(4)) {
                case 0 -> 1L << r.nextInt(7);
                case 1 -> r.nextInt(40);
                default -> 0; // filled compactly below
            };
            s.add(IntTuple.of(shape));
            d.add(IntTuple.of(stride));
        }
        if (r.nextBoolean()) { // a compact layout in a random order of its modes: an injective one
            long size = 1;
            List<Integer> order = new ArrayList<>();
            for (int k = 0; k < rank; k++) order.add(k);
            java.util.Collections.shuffle(order, r);
            for (int k : order) {
                d.set(k, IntTuple.of(size));
                size *= s.get(k).value();
            }
        }
        return Layout.of(IntTuple.of(s), IntTuple.of(d));
    }

    private static AnyLayout swizzled(Random r) {
        Layout l = layout(r);
        if (r.nextInt(4) == 0) return l;
        int b = r.nextInt(3), m = r.nextInt(4), sh = b + r.nextInt(3);
        return new ComposedLayout(new Swizzle(b, m, sh), r.nextInt(5) == 0 ? r.nextInt(16) : 0, l);
    }

    private static long pointwise(AnyLayout a, AnyLayout b, long n) {
        for (long i = 0; i < n; i++) {
            if (a.value(b.value(IntTuple.of(i))).value() != i) return i;
        }
        return -1;
    }

    private static String outcome(java.util.function.LongSupplier f) {
        try {
            return Long.toString(f.getAsLong());
        } catch (LayoutArgumentException | ArithmeticException e) {
            return "refused";
        }
    }

    /**
     * aRoundTripIsTheIdentityWhereItsStructureSaysSo: the first index the round trip {@code A(B(i))} moves, found from
     * the structure, is the first found at every point, for A and B a layout and its inverse, or two unrelated ones.
     */
    @Property(tries = 3000)
    void aRoundTripIsTheIdentityWhereItsStructureSaysSo(@ForAll long seed) {
        Random r = new Random(seed);
        AnyLayout x = swizzled(r);
        AnyLayout a, b;
        long n;
        try {
            switch (r.nextInt(4)) {
                case 0 -> { // a right inverse
                    a = x;
                    b = Inverse.rightInverse(x);
                    n = b.size();
                }
                case 1 -> { // a left inverse
                    a = Inverse.leftInverse(x);
                    b = x;
                    n = x.size();
                }
                case 2 -> { // the common vector's check
                    a = x;
                    b = Inverse.rightInverse(swizzled(r));
                    n = 1L << r.nextInt(5);
                }
                default -> {
                    a = x;
                    b = swizzled(r);
                    n = 1 + r.nextInt((int) Math.min(64, b.size()));
                }
            }
        } catch (LayoutArgumentException | ArithmeticException e) {
            return; // no inverse here
        }
        final AnyLayout fa = a, fb = b;
        final long fn = n;
        assertEquals(outcome(() -> pointwise(fa, fb, fn)), outcome(() -> RoundTrip.firstMoved(fa, fb, fn)), a + " after " + b + " below " + n);
    }

    /**
     * A layout that coalesces to 2:1 is not the identity past its size: (2,1):(1,1) extends its last mode 1:1, so it
     * takes 1 at 2 (a case jqwik found: (2,1):(1,1) after 5:1 below 8 moves 2).
     */
    @Example
    void aCoalescedIdentityIsNotTheIdentityPastItsSizeUnlessItsLastModeSaysSo() {
        assertEquals(2, RoundTrip.firstMoved(AnyLayout.parse("(2,1):(1,1)"), AnyLayout.parse("5:1"), 8));
        assertEquals(-1, RoundTrip.firstMoved(AnyLayout.parse("(2,1):(1,2)"), AnyLayout.parse("5:1"), 8));
    }

    /** The left inverse of a swizzle over a layout that coalesces to 4128768:1: the swizzle over 4128768:1. */
    @Example
    void theLeftInverseOfASwizzleOverAContiguousLayoutIsTheSwizzle() {
        AnyLayout l = AnyLayout.parse("Sw<3,3,3> o 0 o (((2,2)),((24,6),(128,7,8)),((1,1),(1)),(1,(1,1,1))):(((1,2)),((4,96),(576,73728,516096)),"
                + "((4128768,4128768),(4128768)),(4128768,(4128768,4128768,4128768)))");
        assertEquals("Sw<3,3,3> o 0 o 4128768:1", Inverse.leftInverse(l).toString());
    }

    /** max_common_vector of Sw<3,3,3> o 0 o (4096,1024):(1024,1) with itself: all its 4194304 elements. */
    @Example
    void aSwizzledLayoutHasAllItsElementsInCommonWithItself() {
        AnyLayout l = AnyLayout.parse("Sw<3,3,3> o 0 o (4096,1024):(1024,1)");
        assertEquals(4194304, Vectorization.maxCommonVector(l, l));
    }
}
