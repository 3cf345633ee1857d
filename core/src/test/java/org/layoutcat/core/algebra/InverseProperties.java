package org.layoutcat.core.algebra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArbitraries;

/**
 * Right inverse: L(R(i)) = i on R's domain. Left inverse: R(L(i)) = i on L's domain, for injective L; L(R(L(i))) = L(i)
 * (CuTe's quasi-inverse) for every L it answers.
 */
class InverseProperties {

    @Provide
    Arbitrary<Layout> layouts() {
        return LayoutArbitraries.anyLayouts();
    }

    @Provide
    Arbitrary<Layout> nesting() {
        return Arbitraries.oneOf(LayoutArbitraries.compactLayouts(), LayoutArbitraries.nestingLayouts());
    }

    @Provide
    Arbitrary<Layout> arbitrary() {
        return Arbitraries.oneOf(LayoutArbitraries.arbitraryLayouts(), LayoutArbitraries.signedLayouts());
    }

    @Property
    void rightInverseProperty(@ForAll("layouts") Layout l) {
        Layout r = Inverse.rightInverse(l);
        Statistics.collect(r.size() == 1 ? "trivial" : "non-trivial");
        for (long i = 0; i < r.size(); i++) {
            long ri = r.apply(i);
            assertTrue(0 <= ri && ri < l.size(), "R(" + i + ") = " + ri + " inside L's domain, R = " + r + ", L = " + l);
            assertEquals(i, l.apply(ri), "L(R(" + i + ")) for L = " + l + ", R = " + r);
        }
    }

    @Property
    void rightInverseOfACompactLayoutIsABijection(@ForAll("compact") Layout l) {
        Layout r = Inverse.rightInverse(l);
        assertEquals(l.size(), r.size(), "right inverse of " + l + " = " + r);
    }

    @Provide
    Arbitrary<Layout> compact() {
        return LayoutArbitraries.compactLayouts();
    }

    @Property
    void leftInverseProperty(@ForAll("nesting") Layout l) {
        Layout r = Inverse.leftInverse(l);
        for (long i = 0; i < l.size(); i++) assertEquals(i, r.apply(l.apply(i)), "R(L(" + i + ")) for L = " + l + ", R = " + r);
    }

    @Property
    void leftInverseHoldsOrIsRefusedByName(@ForAll("arbitrary") Layout l) {
        boolean injective = l.isInjective();
        try {
            Layout r = Inverse.leftInverse(l);
            Statistics.collect(injective ? "inverse" : "quasi-inverse");
            if (injective) {
                for (long i = 0; i < l.size(); i++) assertEquals(i, r.apply(l.apply(i)), "R(L(" + i + ")) for L = " + l + ", R = " + r);
            }
        } catch (IllegalArgumentException e) {
            String m = e.getMessage();
            Statistics.collect(injective ? "refused: divisibility or negative" : "refused: not injective");
            assertTrue(m.startsWith("left inverse of " + l + ":"), m);
            // an injective L is refused only for CuTe's divisibility condition or negative values; one that is not
            // injective also where CuTe's answer is not a quasi-inverse
            assertTrue(m.contains("divisibility condition") || m.contains("negative values")
                    || (!injective && m.contains("not even a quasi-inverse")), m);
        }
    }

    /**
     * CuTe's post-condition of {@code left_inverse}: {@code L ∘ R ∘ L = L}, i.e. {@code L(R(L(i))) = L(i)} for every
     * i in [0, size(L)) (layouts read past their size along their last mode, as CuTe evaluates them), for every L it
     * answers, injective or not; and where it refuses a layout that is not injective, a point where CuTe's layout
     * fails it exists.
     */
    @Property
    void leftInverseComposedBetweenLIsL(@ForAll("arbitrary") Layout l) {
        Layout r;
        try {
            r = Inverse.leftInverse(l);
        } catch (IllegalArgumentException e) {
            if (e.getMessage().contains("not even a quasi-inverse")) {
                Statistics.collect("refused: not a quasi-inverse");
                long x = Long.parseLong(e.getMessage().replaceAll("(?s).*offset x = (\\d+).*", "$1"));
                boolean reached = false;
                for (long i = 0; i < l.size() && !reached; i++) reached = l.apply(i) == x;
                assertTrue(reached, "the refusal's offset " + x + " is one L reaches: " + e.getMessage());
            } else {
                Statistics.collect("refused");
            }
            return;
        }
        Statistics.collect(l.isInjective() ? "injective" : "not injective");
        for (long i = 0; i < l.size(); i++) {
            long li = l.apply(i);
            assertEquals(li, l.apply(r.apply(li)), "L(R(L(" + i + "))) for L = " + l + ", R = " + r);
        }
    }

    /** An injective L is refused by the strict left inverse only for CuTe's own conditions; others as not injective. */
    @Property
    void theInjectiveLeftInverseRefusesExactlyTheLayoutsThatAreNot(@ForAll("arbitrary") Layout l) {
        try {
            Layout r = Inverse.injectiveLeftInverse(l);
            assertTrue(l.isInjective(), "a left inverse " + r + " of the non-injective " + l);
        } catch (IllegalArgumentException e) {
            String m = e.getMessage();
            assertTrue(m.contains("divisibility condition") || m.contains("negative values")
                    || (!l.isInjective() && m.contains("not injective")), m);
        }
    }
}
