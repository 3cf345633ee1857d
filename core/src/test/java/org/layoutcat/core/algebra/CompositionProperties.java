package org.layoutcat.core.algebra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple.Tuple2;
import net.jqwik.api.statistics.Statistics;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArbitraries;
import org.layoutcat.core.Tiler;

/**
 * Composition's contract: R = A∘B has B's shape structure and R(c) = A(B(c)) wherever B(c) lies in
 * [0, size A); where no layout does, an IllegalArgumentException that names A and B.
 */
class CompositionProperties {

    @Provide
    Arbitrary<Tuple2<Layout, Layout>> alignedPairs() {
        return LayoutArbitraries.alignedPairs();
    }

    @Provide
    Arbitrary<Tuple2<Layout, Layout>> arbitraryPairs() {
        return LayoutArbitraries.arbitraryPairs();
    }

    @Provide
    Arbitrary<Tuple2<Layout, Tiler>> byModePairs() {
        return LayoutArbitraries.alignedByModePairs();
    }

    /** X refines Y: Y is the integer size(X), or both are tuples of one rank and each mode refines. */
    static boolean refines(IntTuple x, IntTuple y) {
        if (y.isLeaf()) return x.product() == y.value();
        if (x.isLeaf() || x.rank() != y.rank()) return false;
        for (int i = 0; i < y.rank(); i++) if (!refines(x.mode(i), y.mode(i))) return false;
        return true;
    }

    static void assertPointwise(Layout a, Layout b, Layout r) {
        assertTrue(refines(r.shape(), b.shape()), "the shape of " + a + " o " + b + " = " + r + " refines " + b.shape());
        assertEquals(b.size(), r.size());
        for (long c = 0; c < b.size(); c++) {
            long bc = b.apply(c);
            if (0 <= bc && bc < a.size()) assertEquals(a.apply(bc), r.apply(c), a + " o " + b + " = " + r + " at " + c);
        }
    }

    /**
     * The coalesced A kept between calls changes no answer: composing with A again (a hit), after another A, and
     * with an equal copy of A (a miss) gives the same layout or the same error.
     */
    @Property
    void keptCoalescedAChangesNoAnswer(@ForAll("arbitraryPairs") Tuple2<Layout, Layout> pair,
            @ForAll("alignedPairs") Tuple2<Layout, Layout> other) {
        Layout a = pair.get1(), b = pair.get2();
        String first = outcome(a, b);
        assertEquals(first, outcome(a, b));
        outcome(a, other.get2()); // A kept, another B
        assertEquals(first, outcome(a, b));
        outcome(other.get1(), other.get2());
        assertEquals(first, outcome(Layout.parse(a.toString()), b));
        assertEquals(first, outcome(a, b));
    }

    private static String outcome(Layout a, Layout b) {
        try {
            return Composition.compose(a, b).toString();
        } catch (IllegalArgumentException | ArithmeticException e) {
            return e.getClass().getSimpleName() + ": " + e.getMessage();
        }
    }

    @Property
    void compositionIsPointwise(@ForAll("alignedPairs") Tuple2<Layout, Layout> pair) {
        // B selects pieces of A's modes: the composite exists, and the engine must find it
        Layout a = pair.get1(), b = pair.get2();
        Layout r;
        try {
            r = Composition.compose(a, b);
        } catch (IllegalArgumentException e) {
            fail(a + " o " + b + " exists (B selects pieces of A's modes) but was refused: " + e.getMessage());
            return;
        }
        assertPointwise(a, b, r);
    }

    @Provide
    Arbitrary<Tuple2<Layout, Layout>> overlappingPairs() {
        return LayoutArbitraries.overlappingPairs();
    }

    @Property
    void compositionIsPointwiseOrProvablyAbsent(@ForAll("overlappingPairs") Tuple2<Layout, Layout> pair) {
        // B's modes select pieces of A, some twice: every mode composes alone, and the whole exists exactly when
        // the repeated digits add up without a carry; a refusal must come with a witness c (no layout exists)
        Layout a = pair.get1(), b = pair.get2();
        try {
            Layout r = Composition.compose(a, b);
            Statistics.collect("composite");
            assertPointwise(a, b, r);
        } catch (IllegalArgumentException e) {
            Statistics.collect("refused");
            assertTrue(e.getMessage().startsWith(a + " o " + b + ": ") && e.getMessage().contains("(additivity)"), e.getMessage());
            assertTrue(additivityWitness(a, b) != null, "no witness that " + a + " o " + b + " has no layout: " + e.getMessage());
        }
    }

    @Property
    void compositionIsPointwiseOrRefusedByName(@ForAll("arbitraryPairs") Tuple2<Layout, Layout> pair) {
        Layout a = pair.get1(), b = pair.get2();
        try {
            Layout r = Composition.compose(a, b);
            Statistics.collect("composite");
            assertPointwise(a, b, r);
        } catch (IllegalArgumentException e) {
            String m = e.getMessage();
            assertTrue(m.startsWith(a + " o "), "names A: " + m);
            if (m.contains("(additivity)")) {
                Statistics.collect("refused: additivity");
                assertTrue(m.startsWith(a + " o " + b + ": "), "names B: " + m);
                long[] c = additivityWitness(a, b);
                assertTrue(c != null, "no witness that " + a + " o " + b + " has no layout: " + m);
            } else {
                Statistics.collect("refused: divisibility");
                assertTrue(m.contains(b.shape().isLeaf() ? b.toString() : b + ", mode "), "names B: " + m);
                assertTrue(m.contains("no layout") && m.contains("divisib"), "says which divisibility fails: " + m);
            }
        }
    }

    /**
     * A coordinate c of B's flat modes with B(c) and every B(c_j e_j) in [0, size A) but A(B(c)) ≠ Σ_j A(B(c_j e_j)),
     * or null. A layout R is additive over B's modes and R(c_j e_j) = A(B(c_j e_j)) is forced, so a witness proves
     * that no layout R has R(c) = A(B(c)).
     */
    static long[] additivityWitness(Layout a, Layout b) {
        long[] s = b.flatShapes(), d = b.flatStrides();
        long[] c = new long[s.length];
        for (long i = 0; i < b.size(); i++) {
            long rest = i;
            for (int j = 0; j < s.length; j++) {
                c[j] = j == s.length - 1 ? rest : rest % s[j];
                rest /= s[j];
            }
            long bc = b.apply(i);
            if (bc < 0 || bc >= a.size()) continue;
            long sum = 0;
            boolean inside = true;
            for (int j = 0; j < s.length && inside; j++) {
                long x = c[j] * d[j];
                inside = 0 <= x && x < a.size();
                if (inside) sum += a.apply(x);
            }
            if (inside && sum != a.apply(bc)) return c;
        }
        return null;
    }

    @Property
    void byModeCompositionComposesModeByMode(@ForAll("byModePairs") Tuple2<Layout, Tiler> pair) {
        Layout a = pair.get1();
        Tiler.ByMode t = (Tiler.ByMode) pair.get2();
        Layout r = Composition.compose(a, t);
        assertEquals(a.rank(), r.rank());
        for (int i = 0; i < a.rank(); i++) {
            if (i < t.rank()) {
                Layout bi = (Layout) t.mode(i);
                assertEquals(Composition.compose(a.mode(i), bi), r.mode(i));
                assertPointwise(a.mode(i), bi, r.mode(i));
            } else {
                assertEquals(a.mode(i), r.mode(i), "mode " + i + " past the tiler is kept");
            }
        }
    }
}
