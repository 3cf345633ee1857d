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
 * Composition's contract (CuTe C++'s): R = A∘B has B's shape structure and R(c) = A(B(c)) wherever B(c) ≥ 0, A read
 * past its size through its last flat mode; where CuTe's algorithm refuses (a divisibility condition) or its answer
 * is wrong (shown at a point), an IllegalArgumentException that names A and B.
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
        for (long c = 0; c < b.size(); c++) { // A read past its size through its last flat mode, as CuTe C++ reads it
            long bc = b.apply(c);
            if (0 <= bc) assertEquals(a.apply(bc), r.apply(c), a + " o " + b + " = " + r + " at " + c);
        }
    }

    private static final java.util.regex.Pattern REFUTED = java.util.regex.Pattern.compile(
            "CuTe C\\+\\+ would answer (\\S+), but at index (\\d+) it gives (-?\\d+) where");

    /**
     * A refusal that is not a divisibility condition names CuTe C++'s candidate and an index where it differs from
     * A(B(c)): checked here, so a refusal always comes with a point that proves CuTe's answer wrong, or says that
     * B's domain is too large to check.
     */
    static void assertRefutesCuTe(Layout a, Layout b, String m) {
        if (m.contains("too large to check")) return;
        java.util.regex.Matcher x = REFUTED.matcher(m);
        assertTrue(x.find(), "names CuTe's answer and a point where it is wrong: " + m);
        Layout candidate = Layout.parse(x.group(1));
        long c = Long.parseLong(x.group(2));
        assertEquals(Long.parseLong(x.group(3)), candidate.apply(c), m);
        assertTrue(a.apply(b.apply(c)) != candidate.apply(c), m);
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
            assertRefutesCuTe(a, b, e.getMessage());
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
            if (!m.contains("divisibility")) {
                Statistics.collect("refused: CuTe C++'s answer is wrong");
                assertTrue(m.startsWith(a + " o " + b + ": "), "names B: " + m);
                assertRefutesCuTe(a, b, m);
            } else {
                Statistics.collect("refused: divisibility");
                assertTrue(m.contains(b.shape().isLeaf() ? b.toString() : b + ", mode "), "names B: " + m);
                assertTrue(m.contains("stride divisibility") || m.contains("shape divisibility"), "says which divisibility fails: " + m);
            }
        }
    }

    @Property
    void byModeCompositionComposesModeByMode(@ForAll("byModePairs") Tuple2<Layout, Tiler> pair) {
        Layout a = pair.get1();
        Tiler.ByMode t = (Tiler.ByMode) pair.get2();
        Layout r = Composition.compose(a, t);
        assertEquals(t.rank(), r.rank(), "the modes of A past the tiler are dropped, as CuTe C++ drops them");
        for (int i = 0; i < t.rank(); i++) {
            Layout bi = (Layout) t.mode(i);
            assertEquals(Composition.compose(a.mode(i), bi), r.mode(i));
            assertPointwise(a.mode(i), bi, r.mode(i));
        }
    }
}
