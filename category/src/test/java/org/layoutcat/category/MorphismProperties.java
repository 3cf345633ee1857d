package org.layoutcat.category;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.algebra.Coalesce;
import org.layoutcat.core.algebra.Complement;
import org.layoutcat.core.algebra.Composition;
import org.layoutcat.core.algebra.Divide;
import org.layoutcat.core.algebra.Product;

/** The theorems of paper §2–§3 on random morphisms: each operation of Tuple/Nest agrees with the layout one. */
class MorphismProperties {

    @Provide
    Arbitrary<Random> randoms() {
        return Arbitraries.randoms();
    }

    @Property(tries = 1000)
    void morphismNotationRoundTrips(@ForAll("randoms") Random r) {
        TupleMorphism f = Gen.morphism(r);
        assertEquals(f, TupleMorphism.parse(f.toString()));
        NestMorphism n = NestMorphism.of(Gen.nest(r, f.domainArray()), Gen.nest(r, f.codomainArray()), f.alpha());
        assertEquals(n, NestMorphism.parse(n.toString()));
        assertEquals(n, NestMorphism.parse(n.toString().replace(",", " , ").replace("-->", " --> ")));
    }

    /** Theorem (correspondence, §2.2): decode(encode(L)) = L for non-degenerate tractable L. */
    @Property(tries = 1000)
    void encodingATractableLayoutAndDecodingGivesItBack(@ForAll("randoms") Random r) {
        Layout l = Gen.tractable(r);
        NestMorphism f = StandardRepresentation.of(l);
        assertTrue(f.isStandardForm() && f.isNonDegenerate(), f.toString());
        assertEquals(l, f.encodedLayout());
        assertEquals(f.flatten(), StandardRepresentation.flat(l));
    }

    /** Theorem (correspondence, §2.2): encode(decode(f)) = f for non-degenerate f of standard form. */
    @Property(tries = 1000)
    void decodingAStandardFormAndEncodingGivesItBack(@ForAll("randoms") Random r) {
        TupleMorphism f = Gen.standardForm(r);
        assertTrue(f.isStandardForm() && f.isNonDegenerate());
        assertEquals(f, StandardRepresentation.flat(f.encodedLayout()));
        NestMorphism n = NestMorphism.of(Gen.nest(r, f.domainArray()), f.codomain(), f.alpha());
        assertEquals(n, StandardRepresentation.of(n.encodedLayout()));
    }

    /** A non-degenerate morphism is of standard form exactly when the correspondence fixes it. */
    @Property(tries = 1000)
    void standardFormIsWhatTheCorrespondenceFixes(@ForAll("randoms") Random r) {
        TupleMorphism f = Gen.morphism(r);
        if (!f.isNonDegenerate()) return;
        assertEquals(f.isStandardForm(), f.equals(StandardRepresentation.flat(f.encodedLayout())), f.toString());
    }

    /** Shape-1 modes are read with stride 0: f_L encodes L with those strides set to 0. */
    @Property(tries = 500)
    void standardRepresentationOfADegenerateLayoutZeroesItsShapeOneStrides(@ForAll("randoms") Random r) {
        Layout l = Gen.tractableMaybeDegenerate(r);
        assertTrue(Tractability.isTractable(l));
        Layout back = StandardRepresentation.of(l).encodedLayout();
        assertEquals(l.shape(), back.shape());
        for (int k = 0; k < l.flatRank(); k++) {
            assertEquals(l.flatShape(k) == 1 ? 0 : l.flatStride(k), back.flatStride(k));
        }
    }

    /** isTractable against the pairwise definition: d_i ⪯ d_j, both non-zero, implies s_i·d_i | d_j. */
    @Property(tries = 2000)
    void tractabilityIsThePairwiseDefinition(@ForAll("randoms") Random r) {
        Layout l = Gen.anyLayout(r);
        int n = l.flatRank();
        boolean expected = true;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                long si = l.flatShape(i), di = si == 1 ? 0 : l.flatStride(i);
                long sj = l.flatShape(j), dj = sj == 1 ? 0 : l.flatStride(j);
                boolean before = di < dj || (di == dj && (si < sj || (si == sj && i < j)));
                if (i != j && before && di != 0 && dj != 0 && dj % (si * di) != 0) expected = false;
            }
        }
        assertEquals(expected, Tractability.isTractable(l), l.toString());
    }

    /** Theorem (§2.3): L_(f∘g) = L_f ∘ L_g, pointwise, and as CuTe composes it where CuTe does. */
    @Property(tries = 1000)
    void encodedLayoutOfACompositeIsTheCompositeOfEncodedLayouts(@ForAll("randoms") Random r) {
        TupleMorphism g = Gen.morphism(r);
        TupleMorphism f = Gen.morphismFrom(r, g.codomainArray());
        TupleMorphism fg = f.compose(g);
        Layout lf = f.encodedLayout();
        Layout lg = g.encodedLayout();
        Layout lfg = fg.encodedLayout();
        for (long x = 0; x < lg.size(); x++) assertEquals(lf.apply(lg.apply(x)), lfg.apply(x));
        Layout cute;
        try {
            cute = Composition.compose(lf, lg);
        } catch (IllegalArgumentException e) {
            return;
        }
        assertTrue(Gen.sameFunction(cute, lfg, lg.size()));
    }

    @Property(tries = 500)
    void compositionIsAssociativeAndUnital(@ForAll("randoms") Random r) {
        TupleMorphism h = Gen.morphism(r);
        TupleMorphism g = Gen.morphismFrom(r, h.codomainArray());
        TupleMorphism f = Gen.morphismFrom(r, g.codomainArray());
        assertEquals(f.compose(g).compose(h), f.compose(g.compose(h)));
        assertEquals(h, TupleMorphism.identity(h.codomainArray()).compose(h));
        assertEquals(h, h.compose(TupleMorphism.identity(h.domainArray())));
    }

    /** Theorem (§2.4, §3.3): L_coal(f) = coal(L_f), exactly as CuTe prints the coalesced layout. */
    @Property(tries = 1000)
    void coalescePreservesTheEncodedLayoutAsCoalesce(@ForAll("randoms") Random r) {
        TupleMorphism f = Gen.morphism(r);
        NestMorphism n = NestMorphism.of(Gen.nest(r, f.domainArray()), Gen.nest(r, f.codomainArray()), f.alpha());
        NestMorphism c = n.coalesce();
        assertEquals(Coalesce.coalesce(n.encodedLayout()), c.encodedLayout(), n.toString());
        assertTrue(c.isCoalesced() && c.flatten().isCoalesced());
        assertEquals(Coalesce.coalesce(f.encodedLayout()), Coalesce.coalesce(f.coalesce().encodedLayout()));
    }

    /**
     * Theorem (§2.2 with §2.4): for tractable L, degenerate modes included, coalescing its standard representation
     * encodes the coalesced layout, L_(coal f_L) = coal(L): the flat modes a GPU kernel evaluates.
     */
    @Property(tries = 1000)
    void theStandardRepresentationCoalescesToTheCoalescedLayout(@ForAll("randoms") Random r) {
        Layout l = Gen.tractableMaybeDegenerate(r);
        assertEquals(Coalesce.coalesce(l), StandardRepresentation.of(l).coalesce().encodedLayout(), l.toString());
    }

    /** Theorem (§2.5): L_(f^c) = comp(L_f) for f injective of standard form; (f, f^c) is an isomorphism. */
    @Property(tries = 1000)
    void complementAgreesWithLayoutComplement(@ForAll("randoms") Random r) {
        TupleMorphism f = onImage(Gen.standardForm(r));
        TupleMorphism fc = f.complement();
        assertTrue(f.concat(fc).isIsomorphism());
        assertEquals(Complement.complement(f.encodedLayout()), Coalesce.coalesce(fc.encodedLayout()), f.toString());
    }

    /** Theorem (§3.4): coal(L_(f⊘g)) = coal(L_f ⊘ L_g) where g divides f. */
    @Property(tries = 1000)
    void divideAgreesWithLayoutDivideAfterCoalescing(@ForAll("randoms") Random r) {
        TupleMorphism f = Gen.standardForm(r);
        TupleMorphism g = onImage(Gen.morphismInto(r, f.domainArray()));
        NestMorphism q = f.divide(g);
        Layout expected = Divide.logicalDivide(f.encodedLayout(), g.encodedLayout());
        assertEquals(Coalesce.coalesce(expected), Coalesce.coalesce(q.encodedLayout()), f + " ⊘ " + g);
    }

    /** Theorem (§3.5): L_(f⊗g) = L_f ⊗ L_g (same mode sizes, same function). */
    @Property(tries = 1000)
    void productAgreesWithLayoutProduct(@ForAll("randoms") Random r) {
        TupleMorphism f = onImage(Gen.standardForm(r, 3));
        TupleMorphism g = Gen.morphismInto(r, f.complement().domainArray());
        NestMorphism p = f.product(g);
        Layout expected = Product.logicalProduct(f.encodedLayout(), g.encodedLayout());
        Layout actual = p.encodedLayout();
        assertEquals(Gen.modeSizes(expected), Gen.modeSizes(actual), f + " ⊗ " + g);
        assertTrue(Gen.sameFunction(expected, actual, actual.size()), f + " ⊗ " + g + ": " + expected + " vs " + actual);
    }

    /** L_sort(f) = sort(L_f): the stable sort of the modes by (stride, shape). */
    @Property(tries = 1000)
    void sortAgreesWithLayoutSort(@ForAll("randoms") Random r) {
        TupleMorphism f = Gen.morphism(r);
        Layout l = f.encodedLayout();
        Integer[] order = new Integer[l.flatRank()];
        for (int i = 0; i < order.length; i++) order[i] = i;
        Arrays.sort(order, Comparator.<Integer>comparingLong(l::flatStride).thenComparingLong(l::flatShape));
        long[] s = new long[order.length];
        long[] d = new long[order.length];
        for (int k = 0; k < order.length; k++) {
            s[k] = l.flatShape(order[k]);
            d[k] = l.flatStride(order[k]);
        }
        assertEquals(Layout.of(IntTuple.flat(s), IntTuple.flat(d)), f.sort().encodedLayout());
        assertTrue(f.sort().isSorted());
    }

    /** squeeze drops exactly the shape-1 modes of L_f and keeps the others' strides. */
    @Property(tries = 500)
    void squeezeDropsTheShapeOneModes(@ForAll("randoms") Random r) {
        TupleMorphism f = Gen.morphism(r);
        Layout l = f.encodedLayout();
        List<Long> s = new ArrayList<>();
        List<Long> d = new ArrayList<>();
        for (int k = 0; k < l.flatRank(); k++) {
            if (l.flatShape(k) == 1) continue;
            s.add(l.flatShape(k));
            d.add(l.flatStride(k));
        }
        Layout sq = f.squeeze().encodedLayout();
        assertEquals(Layout.of(IntTuple.flat(Gen.toArray(s)), IntTuple.flat(Gen.toArray(d))), sq);
    }

    @Property(tries = 500)
    void imageFactorizationComposesBackToTheMorphism(@ForAll("randoms") Random r) {
        TupleMorphism f = Gen.morphism(r);
        TupleMorphism.Factorization fa = f.imageFactorization();
        assertEquals(f, fa.inclusion().compose(fa.onto()));
        for (int j = 1; j <= fa.onto().codomainRank(); j++) assertTrue(fa.onto().alpha().hits(j));
    }

    /** The encoded layout of a concatenation and of a sum. */
    @Property(tries = 500)
    void concatenationAndSumEncodeConcatenatedLayouts(@ForAll("randoms") Random r) {
        TupleMorphism f = Gen.morphism(r);
        TupleMorphism fc = onImage(f).complement();
        TupleMorphism both = onImage(f).concat(fc);
        Layout a = onImage(f).encodedLayout();
        Layout b = fc.encodedLayout();
        long[] d = both.encodedLayout().flatStrides();
        long[] expected = TupleMorphism.concat(a.flatStrides(), b.flatStrides());
        assertTrue(Arrays.equals(expected, d));
        TupleMorphism g = Gen.morphism(r);
        Layout sum = f.sum(g).encodedLayout();
        for (int i = 0; i < f.domainRank(); i++) assertEquals(f.encodedLayout().flatStride(i), sum.flatStride(i));
        for (int i = 0; i < g.domainRank(); i++) {
            long gd = g.encodedLayout().flatStride(i);
            assertEquals(gd == 0 ? 0 : gd * f.codomainSize(), sum.flatStride(f.domainRank() + i));
        }
    }

    /** f restricted to its entries off the basepoint. */
    static TupleMorphism onImage(TupleMorphism f) {
        List<Integer> hit = new ArrayList<>();
        for (int i = 1; i <= f.domainRank(); i++) if (f.map(i) != FinMorphism.STAR) hit.add(i);
        return f.restrict(hit.stream().mapToInt(Integer::intValue).toArray());
    }
}
