package org.layoutcat.category.refine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.api.Test;
import org.layoutcat.category.Gen;
import org.layoutcat.category.NestMorphism;
import org.layoutcat.category.TupleMorphism;
import org.layoutcat.core.IntTuple;

/** Refinements, mutual refinement, pullback and pushforward (paper §4.1.2). */
class RefinementProperties {

    @Provide
    Arbitrary<Random> randoms() {
        return Arbitraries.randoms();
    }

    /** T' refines T, U' refines U, and T'♭ is a prefix of U'♭. */
    @Property(tries = 2000)
    void mutualRefinementRefinesItsInputsAndSharesAPrefix(@ForAll("randoms") Random r) {
        IntTuple t = Gen.nest(r, Gen.entries(r, 4, 1, 8));
        IntTuple u = r.nextBoolean() ? Gen.nest(r, Gen.entries(r, 4, 1, 12)) : Gen.refine(r, coarsen(r, t.leaves()));
        Optional<MutualRefinement> m = MutualRefinement.of(t, u);
        Statistics.label("found").collect(m.isPresent());
        Statistics.label("found").coverage(c -> {
            c.check(true).percentage(pct -> pct > 10);
            c.check(false).percentage(pct -> pct > 10);
        });
        if (m.isEmpty()) return;
        assertTrue(Refinement.refines(m.get().tPrime(), t), m.get() + " for " + t);
        assertTrue(Refinement.refines(m.get().uPrime(), u), m.get() + " for " + u);
        long[] tf = m.get().tPrime().leaves();
        long[] uf = m.get().uPrime().leaves();
        assertTrue(tf.length <= uf.length);
        for (int k = 0; k < tf.length; k++) assertEquals(tf[k], uf[k]);
    }

    /**
     * For tuples without 1s, a mutual refinement exists exactly when size U ≥ size T and the cut points (prefix
     * products) of T together with those of U below size T and the first one of U at or past it form a chain under
     * divisibility.
     */
    @Property(tries = 2000)
    void mutualRefinementExistsExactlyWhenTheCutPointsChain(@ForAll("randoms") Random r) {
        long[] x = Gen.entries(r, 4, 2, 8);
        long[] y = r.nextBoolean() ? Gen.entries(r, 4, 2, 12) : Gen.refine(r, coarsen(r, x)).leaves();
        if (contains1(y)) return;
        TreeSet<Long> cuts = new TreeSet<>();
        long p = 1;
        for (long v : x) cuts.add(p *= v);
        long sizeT = p;
        long q = 1;
        boolean reached = sizeT == 1;
        for (long v : y) {
            q *= v;
            if (q < sizeT) cuts.add(q);
            else if (!reached) {
                cuts.add(q);
                reached = true;
            }
        }
        boolean chain = reached;
        Long prev = 1L;
        for (long c : cuts) {
            if (c % prev != 0) chain = false;
            prev = c;
        }
        boolean found = MutualRefinement.of(IntTuple.flat(x), IntTuple.flat(y)).isPresent();
        Statistics.label("exists").collect(found);
        Statistics.label("exists").coverage(c -> {
            c.check(true).percentage(pct -> pct > 10);
            c.check(false).percentage(pct -> pct > 10);
        });
        assertEquals(chain, found, IntTuple.flat(x) + " & " + IntTuple.flat(y));
    }

    /** Theorem (§4.1.2): the pullback along T' → T has the layout function of f, and its domain refines S. */
    @Property(tries = 1000)
    void pullbackPreservesLayoutFunction(@ForAll("randoms") Random r) {
        TupleMorphism t = Gen.morphism(r);
        NestMorphism f = NestMorphism.of(Gen.nest(r, t.domain().leaves()), Gen.nest(r, t.codomain().leaves()), t.alpha());
        IntTuple tPrime = Gen.refine(r, f.codomain());
        NestMorphism p = Pullback.along(f, tPrime);
        assertEquals(tPrime, p.codomain());
        assertTrue(Refinement.refines(p.domain(), f.domain()));
        assertTrue(Gen.sameFunction(f.encodedLayout(), p.encodedLayout(), f.encodedLayout().size()));
    }

    /** Theorem (§4.1.2): the pushforward along U' → U has the layout function of g, and its codomain refines V. */
    @Property(tries = 1000)
    void pushforwardPreservesLayoutFunction(@ForAll("randoms") Random r) {
        TupleMorphism t = Gen.morphism(r);
        NestMorphism g = NestMorphism.of(Gen.nest(r, t.domain().leaves()), Gen.nest(r, t.codomain().leaves()), t.alpha());
        IntTuple uPrime = Gen.refine(r, g.domain());
        NestMorphism p = Pushforward.along(g, uPrime);
        assertEquals(uPrime, p.domain());
        assertTrue(Refinement.refines(p.codomain(), g.codomain()));
        assertTrue(Gen.sameFunction(g.encodedLayout(), p.encodedLayout(), g.encodedLayout().size()));
    }

    @Property(tries = 500)
    void substitutingTheRelativeModesGivesTheRefinementBack(@ForAll("randoms") Random r) {
        IntTuple x = Gen.nest(r, Gen.entries(r, 4, 1, 8));
        IntTuple fine = Gen.refine(r, x);
        Refinement ref = new Refinement(fine, x);
        assertEquals(fine, Refinement.substitute(x, ref.relativeModes()));
        for (int i = 1; i <= x.leafCount(); i++) assertEquals(x.leaves()[i - 1], ref.relativeMode(i).product());
    }

    // ../shared/PAPER-NOTES.md, example 16: the two slips of the printed pseudocode would drop the last 3 of
    // (2,6,3) and accept (8,8) & (3,8,8)
    @Test
    void greedyKeepsTheRestOfUAndChecksThatTIsUsedUp() {
        assertEquals("((2,3),(2,3)) (2,(3,2),3)", MutualRefinement.require(IntTuple.parse("(6,6)"), IntTuple.parse("(2,6,3)")).toString());
        assertFalse(MutualRefinement.of(IntTuple.parse("(8,8)"), IntTuple.parse("(3,8,8)")).isPresent());
        assertFalse(MutualRefinement.of(IntTuple.parse("(8,8)"), IntTuple.parse("(8)")).isPresent());
        assertEquals("(8,8) (8,8,3)", MutualRefinement.require(IntTuple.parse("(8,8)"), IntTuple.parse("(8,8,3)")).toString());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MutualRefinement.require(IntTuple.parse("(8,8)"), IntTuple.parse("(3,8,8)")));
        assertTrue(e.getMessage().contains("8 and 3"), e.getMessage());
    }

    @Test
    void refinementChecksSizesAndNesting() {
        assertTrue(Refinement.refines(IntTuple.parse("((2,3),4)"), IntTuple.parse("(6,4)")));
        assertTrue(Refinement.refines(IntTuple.parse("((2,3),4)"), IntTuple.parse("24")));
        assertFalse(Refinement.refines(IntTuple.parse("(6,4)"), IntTuple.parse("((2,3),4)")));
        assertFalse(Refinement.refines(IntTuple.parse("(2,3,4)"), IntTuple.parse("(6,4)")));
        assertThrows(IllegalArgumentException.class, () -> Pullback.along(NestMorphism.parse("(2,2) --(1,2)--> (2,2)"), IntTuple.parse("(4)")));
        assertThrows(IllegalArgumentException.class, () -> Pushforward.along(NestMorphism.parse("(2,2) --(1,2)--> (2,2)"), IntTuple.parse("(3,2)")));
    }

    /** A flat tuple whose refinement is t: adjacent entries of t multiplied together at random. */
    static IntTuple coarsen(Random r, long[] t) {
        List<Long> out = new ArrayList<>();
        for (long v : t) {
            if (!out.isEmpty() && r.nextInt(3) == 0) out.set(out.size() - 1, out.get(out.size() - 1) * v);
            else out.add(v);
        }
        if (r.nextBoolean()) out.add(2L + r.nextInt(5));
        if (out.isEmpty()) out.add(1L + r.nextInt(5));
        return IntTuple.flat(Gen.toArray(out));
    }

    static boolean contains1(long[] y) {
        for (long v : y) if (v == 1) return true;
        return false;
    }

}
