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

/** Right inverse: L(R(i)) = i on R's domain. Left inverse: R(L(i)) = i on L's domain, for injective L. */
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
            Statistics.collect("inverse");
            assertTrue(injective, "a left inverse of the non-injective " + l);
            for (long i = 0; i < l.size(); i++) assertEquals(i, r.apply(l.apply(i)), "R(L(" + i + ")) for L = " + l + ", R = " + r);
        } catch (IllegalArgumentException e) {
            String m = e.getMessage();
            Statistics.collect(injective ? "refused: divisibility or negative" : "refused: not injective");
            assertTrue(m.startsWith("left inverse of " + l + ":"), m);
            // an injective L is refused only for CuTe's divisibility condition or negative values
            assertTrue(m.contains("divisibility condition") || m.contains("negative values")
                    || (!injective && m.contains("not injective")), m);
        }
    }
}
