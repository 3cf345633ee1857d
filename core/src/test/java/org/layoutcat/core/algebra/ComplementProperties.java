package org.layoutcat.core.algebra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.BitSet;
import java.util.HashSet;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArbitraries;

/**
 * comp(L, N): disjoint from L (only offset 0 shared), ordered (strictly increasing), and with L covering
 * [0, N) where L's modes nest; the one-argument complement(L) is comp(L, cosize(L)).
 */
class ComplementProperties {
    /** Above this many points of (L, comp) the injectivity is read from the nesting strides, not enumerated. */
    private static final long ENUMERATE = 1 << 16;

    @Provide
    Arbitrary<Layout> nesting() {
        return Arbitraries.oneOf(LayoutArbitraries.compactLayouts(), LayoutArbitraries.nestingLayouts());
    }

    @Provide
    Arbitrary<Layout> arbitrary() {
        return LayoutArbitraries.arbitraryLayouts();
    }

    @Provide
    Arbitrary<Integer> factors() {
        return Arbitraries.integers().between(1, 400);
    }

    /** A cotarget from 1 to about 4·cosize(L). */
    private static long cotarget(Layout l, int factor) {
        return Math.max(1, l.cosize() * factor / 100);
    }

    @Property
    void complementIsDisjointAndOrdered(@ForAll("nesting") Layout l, @ForAll("factors") int factor) {
        long n = cotarget(l, factor);
        Layout comp;
        try {
            comp = Complement.complement(l, n);
        } catch (IllegalArgumentException e) {
            fail("the modes of " + l + " nest, so comp(L, " + n + ") exists, but: " + e.getMessage());
            return;
        }
        assertDisjointOrderedCovering(l, comp, n, true);
    }

    @Property
    void complementIsDisjointAndOrderedOrRefusedByName(@ForAll("arbitrary") Layout l, @ForAll("factors") int factor) {
        long n = cotarget(l, factor);
        try {
            Layout comp = Complement.complement(l, n);
            Statistics.collect("complement");
            assertCuTePostconditions(l, comp, n);
        } catch (IllegalArgumentException e) {
            Statistics.collect("refused");
            assertTrue(e.getMessage().startsWith("complement of " + l + ":"), e.getMessage());
            assertTrue(e.getMessage().contains("a zero extent") || e.getMessage().contains("negative"), e.getMessage());
        }
    }

    /** CuTe's {@code complement(L)} is {@code complement(L, cosize(L))}: the same layout, or the same refusal. */
    @Property
    void theOneArgumentComplementIsTheComplementUpToTheCosize(@ForAll("arbitrary") Layout l) {
        Layout two;
        try {
            two = Complement.complement(l, l.cosize());
        } catch (IllegalArgumentException e) {
            org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> Complement.complement(l),
                    "comp(L, cosize(L)) refused: " + e.getMessage());
            return;
        }
        assertEquals(two, Complement.complement(l));
    }

    /**
     * CuTe's post-conditions of complement(L, N) that hold where the strides do not nest too: R is ordered and its
     * values but 0 are not L's. (The bounds {@code size(R) ≥ N / size(filter L)} of CuTe's layout.hpp and
     * {@code cosize((L,R)) ≥ N} do not: this property found (((5,3),10)):(((13,2),100)) and (2,1,3,4):(2,8,9,0).)
     */
    private static void assertCuTePostconditions(Layout l, Layout comp, long n) {
        for (long i : LayoutArbitraries.sampleIndices(comp.size() - 1, n, 4096)) {
            assertTrue(comp.apply(i) < comp.apply(i + 1), "comp(" + l + ", " + n + ") = " + comp + " is not increasing at " + i);
        }
        Set<Long> image = new HashSet<>();
        for (long i = 0; i < Math.min(l.size(), ENUMERATE); i++) image.add(l.apply(i));
        for (long i : LayoutArbitraries.sampleIndices(comp.size(), n, 4096)) {
            if (i > 0) assertTrue(!image.contains(comp.apply(i)), "comp(" + l + ", " + n + ") = " + comp + " hits L's offset " + comp.apply(i));
        }
        assertEquals(comp, Coalesce.coalesce(comp), "the complement is coalesced");
    }

    private static void assertDisjointOrderedCovering(Layout l, Layout comp, long n, boolean injective) {
        // ordered: strictly increasing on [0, size), checked at consecutive pairs (all, or 4096 sampled ones)
        for (long i : LayoutArbitraries.sampleIndices(comp.size() - 1, n, 4096)) {
            assertTrue(comp.apply(i) < comp.apply(i + 1), "comp(" + l + ", " + n + ") = " + comp + " is not increasing at " + i);
        }
        // disjoint: comp(i) for i > 0 is never an offset of L
        Set<Long> image = new HashSet<>();
        for (long i = 0; i < l.size(); i++) image.add(l.apply(i));
        for (long i : LayoutArbitraries.sampleIndices(comp.size(), n, 4096)) {
            if (i > 0) assertTrue(!image.contains(comp.apply(i)), "comp(" + l + ", " + n + ") = " + comp + " hits L's offset " + comp.apply(i));
        }
        // covering: (L, comp) reaches every offset of [0, N), once each when L is injective
        Layout both = Layout.concat(l, comp);
        assertTrue(both.size() >= (injective ? n : 1));
        if (both.size() <= ENUMERATE && n <= ENUMERATE && both.cosize() <= 4 * ENUMERATE) {
            BitSet seen = new BitSet();
            for (long i = 0; i < both.size(); i++) {
                int x = Math.toIntExact(both.apply(i));
                assertTrue(!injective || !seen.get(x), "(L, comp) = " + both + " repeats offset " + x);
                seen.set(x);
            }
            for (int x = 0; x < n; x++) assertTrue(seen.get(x), "(L, comp) = " + both + " misses offset " + x + " < " + n);
            Statistics.label("checked").collect("by enumeration");
        } else {
            if (injective) assertTrue(both.isInjective(), both.toString());
            assertTrue(both.cosize() >= n);
            Statistics.label("checked").collect("by the strides");
        }
        assertEquals(comp, Coalesce.coalesce(comp), "the complement is coalesced");
    }
}
