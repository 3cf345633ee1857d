package org.layoutcat.category.functor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Random;
import java.util.function.LongUnaryOperator;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.layoutcat.category.Gen;
import org.layoutcat.category.NestMorphism;
import org.layoutcat.category.TupleMorphism;
import org.layoutcat.category.refine.Refinement;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;

/** The realization functor Nest → FinSet (paper §2.3, §3.1). */
class RealizationProperties {

    @Provide
    Arbitrary<Random> randoms() {
        return Arbitraries.randoms();
    }

    /** |f∘g| = |f|∘|g| and |id| = id. */
    @Property(tries = 1000)
    void realizationIsFunctorial(@ForAll("randoms") Random r) {
        TupleMorphism g = Gen.morphism(r);
        TupleMorphism f = Gen.morphismFrom(r, g.codomain().leaves());
        LongUnaryOperator fg = Realization.of(f.compose(g));
        LongUnaryOperator rf = Realization.of(f);
        LongUnaryOperator rg = Realization.of(g);
        LongUnaryOperator id = Realization.of(TupleMorphism.identity(g.domain().leaves()));
        for (long x = 0; x < g.domainSize(); x++) {
            assertEquals(rf.applyAsLong(rg.applyAsLong(x)), fg.applyAsLong(x));
            assertEquals(x, id.applyAsLong(x));
        }
    }

    /** Theorem (§2.3): |f| is the layout function of L_f, into [0, size T). */
    @Property(tries = 1000)
    void realizationIsTheLayoutFunctionOfTheEncodedLayout(@ForAll("randoms") Random r) {
        TupleMorphism t = Gen.morphism(r);
        NestMorphism f = NestMorphism.of(Gen.nest(r, t.domain().leaves()), Gen.nest(r, t.codomain().leaves()), t.alpha());
        Layout l = f.encodedLayout();
        List<Long> table = Realization.table(f);
        assertEquals(l.size(), table.size());
        for (int x = 0; x < table.size(); x++) {
            assertEquals(l.apply(x), table.get(x).longValue());
            assertEquals(true, table.get(x) < Realization.object(f.codomain()));
        }
    }

    /** |f| = colex_T ∘ F(f) ∘ colex_S⁻¹, with F the coordinate functor. */
    @Property(tries = 500)
    void realizationFactorsThroughTheCoordinateFunctor(@ForAll("randoms") Random r) {
        TupleMorphism t = Gen.morphism(r);
        NestMorphism f = t.toNest();
        for (long x = 0; x < t.domainSize(); x++) {
            IntTuple c = Realization.colexInverse(f.domain(), x);
            assertEquals(x, Realization.colex(f.domain(), c));
            assertEquals(Realization.apply(f, x), Realization.colex(f.codomain(), Realization.coordinates(f, c)));
        }
    }

    /** A refinement realizes to the identity. */
    @Property(tries = 200)
    void refinementsRealizeToTheIdentity(@ForAll("randoms") Random r) {
        IntTuple x = Gen.nest(r, Gen.entries(r, 4, 1, 6));
        Refinement ref = new Refinement(Gen.refine(r, x), x);
        LongUnaryOperator id = Realization.of(ref);
        for (long i = 0; i < x.product(); i++) assertEquals(i, id.applyAsLong(i));
    }

    // seed 002, "Layout functions and the realization functor": the coordinate functor on (2,2) --(2,4)--> (5,2,5,2)
    @Test
    void coordinateFunctorOfTheSeedExample() {
        NestMorphism f = NestMorphism.parse("(2,2) --(2,4)--> (5,2,5,2)");
        assertEquals(IntTuple.parse("(0,1,0,1)"), Realization.coordinates(f, IntTuple.parse("(1,1)")));
        assertEquals(List.of(0L, 5L, 50L, 55L), Realization.table(f));
        assertThrows(IllegalArgumentException.class, () -> Realization.apply(f, 4));
        assertThrows(IllegalArgumentException.class, () -> Realization.coordinates(f, IntTuple.parse("(2,0)")));
    }
}
