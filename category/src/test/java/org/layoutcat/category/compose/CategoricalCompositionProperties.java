package org.layoutcat.category.compose;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import org.layoutcat.category.Gen;
import org.layoutcat.category.StandardRepresentation;
import org.layoutcat.category.Tractability;
import org.layoutcat.category.TupleMorphism;
import org.layoutcat.category.refine.MutualRefinement;
import org.layoutcat.category.refine.Pullback;
import org.layoutcat.category.refine.Pushforward;
import org.layoutcat.category.refine.Refinement;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.algebra.Coalesce;
import org.layoutcat.core.algebra.Complement;
import org.layoutcat.core.algebra.Composition;
import org.layoutcat.core.algebra.Divide;
import org.layoutcat.core.algebra.Product;

/** The categorical composition against its definition and against the core (CuTe) composition. */
class CategoricalCompositionProperties {

    /** A pair (A, B) of tractable layouts; B is often built to fit A's modes so that composites exist. */
    record Pair(Layout a, Layout b) {
        @Override
        public String toString() {
            return a + " o " + b;
        }
    }

    @Provide
    Arbitrary<Pair> pairs() {
        return Arbitraries.randomValue(CategoricalCompositionProperties::pair);
    }

    static Pair pair(Random r) {
        Layout a = Gen.tractable(r, 3);
        int kind = r.nextInt(4);
        if (kind == 0) return new Pair(a, Gen.tractable(r, 3));
        if (kind == 3) {
            // B's strides are small multiples of the mode boundaries of coal(A): gaps of f's codomain meet A's cuts
            Layout c = Coalesce.coalesce(a);
            long[] prefix = new long[c.flatRank()];
            prefix[0] = 1;
            for (int m = 1; m < prefix.length; m++) prefix[m] = prefix[m - 1] * c.flatShape(m - 1);
            int modes = 1 + r.nextInt(3);
            long[] bs = new long[modes];
            long[] bd = new long[modes];
            for (int k = 0; k < modes; k++) {
                bs[k] = 2 + r.nextInt(3);
                bd[k] = prefix[r.nextInt(prefix.length)] * (1 + r.nextInt(3));
            }
            Layout b = Layout.flat(bs, bd);
            return new Pair(a, Tractability.isTractable(b) ? b : Gen.tractable(r, 3));
        }
        // B encodes a morphism into a refinement of a prefix of coal(A)'s shape, perhaps coarsened or extended
        long[] u = Coalesce.coalesce(a).flatShapes();
        int prefix = 1 + r.nextInt(u.length);
        long[] t = Gen.refine(r, IntTuple.flat(java.util.Arrays.copyOf(u, prefix))).leaves();
        List<Long> cod = new ArrayList<>();
        for (long v : t) {
            if (kind == 2 && !cod.isEmpty() && r.nextInt(3) == 0) cod.set(cod.size() - 1, cod.get(cod.size() - 1) * v);
            else cod.add(v);
        }
        if (r.nextInt(4) == 0) cod.add(2L + r.nextInt(4));
        if (r.nextInt(4) == 0) cod.set(0, cod.get(0) + 1);
        TupleMorphism f = Gen.morphismInto(r, Gen.toArray(cod));
        if (f.domainRank() == 0) return new Pair(a, Layout.of(3, 0));
        Layout l = f.encodedLayout();
        IntTuple shape = Gen.nest(r, l.flatShapes());
        return new Pair(a, Layout.of(shape, shape.withLeaves(l.flatStrides())));
    }

    /**
     * categoricalCompositionAgreesWithCuTe: on tractable pairs, where CuTe composes so does the category (the
     * same layout, as CuTe prints it), except where a mode's composite is not tractable; every categorical answer
     * satisfies R(c) = A(B(c)) with B's shape, CuTe's included where only CuTe answers; where the category refuses
     * other than for want of tractability, its refusal is its "no composite" one, naming a flat mode of B that crosses
     * a mode of coalesce(A).
     */
    @Property(tries = 3000)
    void categoricalCompositionAgreesWithCuTe(@ForAll("pairs") Pair p) {
        Layout core = null;
        try {
            core = Composition.compose(p.a(), p.b());
        } catch (IllegalArgumentException e) {
            // no composite for CuTe
        }
        Layout cat = null;
        IllegalArgumentException refused = null;
        try {
            cat = CategoricalComposition.compose(p.a(), p.b());
        } catch (IllegalArgumentException e) {
            refused = e;
        }
        String outcome = cat != null ? (core != null ? "both" : "category only")
                : refused instanceof UnrepresentableCompositeException ? "not tractable" : (core != null ? "cute only" : "neither");
        Statistics.label("outcome").collect(outcome);
        Statistics.label("outcome").coverage(c -> c.check("both").percentage(pct -> pct > 30));
        if (cat != null) {
            assertComposite(p.a(), p.b(), cat);
            if (core != null) assertEquals(core, cat, p.toString());
        } else if (refused instanceof UnrepresentableCompositeException) {
            if (core == null) {
                // CuTe refuses a mode of B that the category composes (as "category only" above), and another mode's
                // composite is not tractable
                assertTrue(someModeCategoryOnly(p.a(), p.b()), p + ": CuTe refuses, and " + refused.getMessage());
            } else {
                assertTrue(someLeafNotTractable(core, p.b().shape()), p + ": CuTe gives " + core + " but " + refused.getMessage());
            }
        } else if (core != null) {
            // CuTe's algorithm answers only what it proves (an exact walk, or every point checked): a composite that
            // no mutual refinement reaches, e.g. through a stride-0 mode of A; the category says which mode of B it
            // cannot take
            assertComposite(p.a(), p.b(), core);
            assertNoComposite(p.a(), p.b(), refused);
        } else {
            assertNoComposite(p.a(), p.b(), refused);
        }
    }

    /**
     * The walk's refusal for want of a composite: a LayoutArgumentException (not a refusal of tractability, nor an
     * unrepresentable composite, nor an internal error) in the words {@code categorical composition A o B: no
     * composite (as in CuTe) — B's mode s:d ...}, where {@code s:d} is a flat mode of B.
     */
    static void assertNoComposite(Layout a, Layout b, IllegalArgumentException refused) {
        String message = refused.getMessage();
        assertEquals(LayoutArgumentException.class, refused.getClass(), message);
        String words = "categorical composition " + a + " o " + b + ": no composite (as in CuTe) — B's mode ";
        assertTrue(message.startsWith(words), message);
        String mode = message.substring(words.length(), message.indexOf(' ', words.length()));
        boolean named = false;
        for (int k = 0; k < b.flatRank(); k++) named |= mode.equals(b.flatShape(k) + ":" + b.flatStride(k));
        assertTrue(named, mode + " is not a flat mode of " + b + ": " + message);
    }

    /**
     * Issue 24 #7: coalesce_x(A) = (2,4,4,2):(16,4,1,1) is not tractable (its place-holder last mode, A's 1:1 read
     * past A's size, collides with 4:1), but B = 4:1 reads A only inside its domain, where A is tractable: the category
     * composes with coalesce(A) there, as CuTe C++ does; B reaching past size(A) is still refused.
     */
    @Example
    void aCompositeInsideADomainNeedsNoExtensionOfA() {
        Layout a = Layout.parse("(2,(1,4,4),1):(16,(16,4,1),1)");
        assertEquals(Layout.parse("(2,2):(16,4)"), CategoricalComposition.compose(a, Layout.parse("4:1")));
        assertEquals(Composition.compose(a, Layout.parse("(2,8):(1,4)")), CategoricalComposition.compose(a, Layout.parse("(2,8):(1,4)")));
        assertEquals(Layout.parse("(2,4,4):(16,4,1)"), CategoricalComposition.compose(a, Layout.parse("32:1")));
        assertThrows(UnrepresentableCompositeException.class, () -> CategoricalComposition.compose(a, Layout.parse("64:1")));
        // each mode of B lies in A's domain, the whole does not: (2,2):(12,24) would give 36 at c = 3, where
        // A(B(3)) = A(9) = 11 (cute-cases-dev-cpp dev-1-1716: CuTe's answer breaks the definition)
        Layout a2 = Layout.parse("(2,4,1):(4,8,7)");
        assertThrows(UnrepresentableCompositeException.class, () -> CategoricalComposition.compose(a2, Layout.parse("(2,2):(3,6)")));
    }

    /**
     * Found by CI: B's nested leaf 2:4 meets A's mode 5 at stride 2, and B's leaf 4:1 has the composite
     * (2,2):(20,4), which is not tractable. CuTe C++ composes 2:4 too (2 elements fit inside the mode 5:4), as the
     * category does; the whole composite is CuTe's only, since no tuple morphism encodes it.
     */
    @Example
    void aNestedModeThatFitsInsideAModeOfAComposesInBothEngines() {
        Layout a = Layout.parse("(2,5,3,5,3):(20,4,0,40,0)");
        Layout b = Layout.parse("((2,(1,4),4)):((4,(0,1),0))");
        assertComposite(a, b, Composition.compose(a, b));
        assertThrows(UnrepresentableCompositeException.class, () -> CategoricalComposition.compose(a, b));
        assertEquals(Layout.parse("2:8"), CategoricalComposition.compose(a, Layout.parse("2:4")));
        assertEquals(Layout.parse("2:8"), Composition.compose(a, Layout.parse("2:4")));
    }

    /** The trace's intermediates fit together: refinements, composability, Φ of the encoded composite. */
    @Property(tries = 1000)
    void traceIntermediatesFitTogether(@ForAll("pairs") Pair p) {
        CompositionTrace t;
        try {
            t = CategoricalComposition.trace(p.a(), p.b());
        } catch (IllegalArgumentException e) {
            return;
        }
        Statistics.label("extension").collect(t.extension());
        assertEquals(p.b().shape(), t.f().domain());
        assertTrue(t.f().isStandardForm() && t.g().isStandardForm());
        assertTrue(Refinement.refines(t.tPrime(), t.t()) && Refinement.refines(t.uPrime(), t.u()));
        assertEquals(t.uPrime(), t.fPrime().codomain());
        assertEquals(t.uPrime(), t.gPrime().domain());
        assertEquals(t.gPrime().compose(t.fPrime()), t.composite());
        assertEquals(t.composite().encodedLayout(), t.encoded());
        assertTrue(Refinement.refines(t.encoded().shape(), p.b().shape()));
        assertTrue(Gen.sameFunction(t.encoded(), t.result(), p.b().size()));
        Layout a = p.a(); // read past its size through its last flat mode, as CuTe C++ reads it
        for (long c = 0; c < p.b().size(); c++) {
            assertEquals(a.apply(p.b().apply(c)), t.encoded().apply(c));
            assertEquals(a.apply(p.b().apply(c)), t.bTilde().apply(p.b().apply(c)), "B~ agrees with A on B's values");
        }
        assertEquals(t.extension() != CompositionTrace.Extension.NONE, t.extended());
    }

    /**
     * traceRecordsThePapersOperations: the steps the walk records are the paper's operations (§4.1.2–§4.1.3) applied
     * to the recorded values, and its result is compose(A, B) — over tractable pairs, each extension of A covered.
     */
    @Property(tries = 3000)
    void traceRecordsThePapersOperations(@ForAll("pairs") Pair p) {
        CompositionTrace t;
        try {
            t = CategoricalComposition.trace(p.a(), p.b());
        } catch (IllegalArgumentException e) {
            Statistics.label("extension").collect("refused");
            return;
        }
        Statistics.label("extension").collect(t.extension().toString());
        Statistics.label("extension").coverage(c -> {
            for (CompositionTrace.Extension x : CompositionTrace.Extension.values()) c.check(x.toString()).count(n -> n >= 20);
        });
        assertPapersOperations(p.a(), p.b(), t);
    }

    // one pair for each way of reading A: as it is, cut at cosize B, read along B's values
    @Example
    void eachExtensionRecordsThePapersOperations() {
        String[][] pairs = {{"(12,3,6):(1,72,12)", "(6,6):(1,6)", "NONE", "(6,(2,3)):(1,(6,72))"},
            {"7:1", "4:2", "AGREES_ON_PREFIX", "4:2"},
            {"(2,3):(6,1)", "4:2", "RESTRICTED_TO_IMAGE", "4:1"},
            {"(2,3,2,3,2,3):(27,1,54,3,108,9)", "(3,3,4):(2,12,72)", "RESTRICTED_TO_IMAGE", "(3,3,4):(1,3,9)"}};
        for (String[] x : pairs) {
            Layout a = Layout.parse(x[0]);
            Layout b = Layout.parse(x[1]);
            CompositionTrace t = CategoricalComposition.trace(a, b);
            assertEquals(CompositionTrace.Extension.valueOf(x[2]), t.extension(), x[0] + " o " + x[1]);
            assertEquals(Layout.parse(x[3]), t.result());
            assertPapersOperations(a, b, t);
        }
    }

    /**
     * The trace of A∘B against the paper's operations: f = f_B; g = f_B~, with B~ = coalesce_x(A) where A is not
     * extended (coalesce(A) where only that is tractable and B's values lie in A's domain), else coalesced, of size |T|, and agreeing with A on B's values; (T', U') the mutual refinement of T
     * and U; the pullback of f along T' → T; f' = (T' ⊂ U') ∘ pullback; g' the pushforward of g along U' → U;
     * g'∘f'; L_(g'∘f'); the result that layout coalesced within each leaf of shape(B), and compose(A, B).
     */
    static void assertPapersOperations(Layout a, Layout b, CompositionTrace t) {
        String what = a + " o " + b;
        assertEquals(a, t.outer());
        assertEquals(b, t.inner());
        assertEquals(StandardRepresentation.of(b), t.f(), what);
        assertEquals(StandardRepresentation.of(t.bTilde()), t.g(), what);
        if (t.extension() == CompositionTrace.Extension.NONE) {
            Layout coalX = Coalesce.coalesceExtended(a);
            boolean inside = !Tractability.isTractable(coalX) && b.cosize() <= a.size();
            assertEquals(inside ? Coalesce.coalesce(a) : coalX, t.bTilde(), what);
        } else {
            assertEquals(Coalesce.coalesce(t.bTilde()), t.bTilde(), what);
            assertEquals(t.t().product(), t.bTilde().size(), what);
            for (long c = 0; c < Math.min(b.size(), 1 << 12); c++) assertEquals(a.apply(b.apply(c)), t.bTilde().apply(b.apply(c)), what);
        }
        MutualRefinement m = MutualRefinement.of(t.t(), t.u()).orElseThrow();
        assertEquals(m.tPrime(), t.tPrime(), what);
        assertEquals(m.uPrime(), t.uPrime(), what);
        assertEquals(Pullback.along(t.f(), t.tPrime()), t.pullback(), what);
        assertEquals(m.inclusion().compose(t.pullback()), t.fPrime(), what);
        assertEquals(Pushforward.along(t.g(), t.uPrime()), t.gPrime(), what);
        assertEquals(t.gPrime().compose(t.fPrime()), t.composite(), what);
        assertEquals(t.composite().encodedLayout(), t.encoded(), what);
        assertTrue(Refinement.refines(t.encoded().shape(), b.shape()), what);
        assertTrue(Gen.sameFunction(t.encoded(), t.result(), Math.min(b.size(), 1 << 12)), what);
        assertEquals(CategoricalComposition.compose(a, b), t.result(), what);
    }

    /**
     * coalesceExtendedIsTractableOnlyForTractableLayouts: coalesce_x(A) tractable means A tractable, so the walk,
     * which reads A only through coalesce_x(A), checks A itself only where coalesce_x(A) is not tractable.
     */
    @Property(tries = 3000)
    void coalesceExtendedIsTractableOnlyForTractableLayouts(@ForAll("wild") Layout a) {
        boolean coalTractable = Tractability.isTractable(Coalesce.coalesceExtended(a));
        Statistics.label("coalesce_x(A) tractable").collect(coalTractable);
        if (coalTractable) assertTrue(Tractability.isTractable(a), a.toString());
    }

    @Provide
    Arbitrary<Layout> wild() {
        return Arbitraries.randomValue(r -> switch (r.nextInt(3)) {
            case 0 -> Gen.anyLayout(r);
            case 1 -> FlatCompositionProperties.withUnitModes(r, Gen.anyLayout(r));
            default -> FlatCompositionProperties.withUnitModes(r, Gen.tractable(r, 3));
        });
    }

    /** By-mode tilers compose mode by mode, as CuTe does. */
    @Property(tries = 500)
    void compositionWithATilerGoesModeByMode(@ForAll("pairs") Pair p, @ForAll("pairs") Pair q) {
        Layout a = Layout.concat(p.a(), q.a());
        Tiler t = Tiler.ByMode.of(p.b(), q.b());
        Layout expected;
        try {
            expected = Layout.concat(CategoricalComposition.compose(p.a(), p.b()), CategoricalComposition.compose(q.a(), q.b()));
        } catch (IllegalArgumentException e) {
            return;
        }
        assertEquals(expected, CategoricalComposition.compose(a, t));
        assertTrue(CategoricalComposition.isTractablePair(a, t));
    }

    /** comp(B, N) through the complement of a morphism is CuTe's complement, exactly. */
    @Property(tries = 1000)
    void complementThroughMorphismsIsCuTesComplement(@ForAll("pairs") Pair p) {
        Layout b = p.b();
        long n = 1 + new Random(b.hashCode()).nextInt(4 * (int) Math.min(b.cosize(), 1 << 20));
        assertEquals(Complement.complement(b, n), CategoricalAlgebra.complement(b, n), b + " w.r.t. " + n);
        assertEquals(Complement.complement(b), CategoricalAlgebra.complement(b));
    }

    /**
     * logical_divide and logical_product through morphisms agree with CuTe's where both answer, and every answer of
     * the category is its definition, pointwise: {@code logical_divide(A, B) = A ∘ (B, comp(B, size A))} and
     * {@code logical_product(A, B) = (A, comp(A, size A·cosize B) ∘ B)}, comp CuTe's complement.
     */
    @Property(tries = 1000)
    void divideAndProductThroughMorphismsAgreeWithCuTe(@ForAll("pairs") Pair p) {
        Layout a = p.a();
        Layout b = p.b();
        compare("divide", () -> Divide.logicalDivide(a, b), () -> CategoricalAlgebra.logicalDivide(a, b),
                r -> assertComposite(a, Layout.concat(b, Complement.complement(b, a.size())), r));
        compare("product", () -> Product.logicalProduct(a, b), () -> CategoricalAlgebra.logicalProduct(a, b), r -> {
            assertEquals(2, r.rank(), "logical_product " + p + " = " + r);
            assertEquals(a, r.mode(0), "logical_product " + p + " = " + r);
            assertComposite(Complement.complement(a, a.size() * b.cosize()), b, r.mode(1));
        });
    }

    private static void compare(String what, java.util.function.Supplier<Layout> cute, java.util.function.Supplier<Layout> category,
            java.util.function.Consumer<Layout> definition) {
        Layout core = null;
        try {
            core = cute.get();
        } catch (IllegalArgumentException e) {
            // CuTe refuses
        }
        Layout cat = null;
        IllegalArgumentException refused = null;
        try {
            cat = category.get();
        } catch (IllegalArgumentException e) {
            refused = e;
        }
        Statistics.label(what).collect(cat != null ? (core != null ? "both" : "category only") : core != null ? "cute only" : "neither");
        if (cat != null) definition.accept(cat);
        if (core != null && cat != null) {
            assertEquals(core, cat, what);
        } else if (core != null) {
            // CuTe's algorithm answers more (modes of B that fit inside a mode of A without dividing it, points checked
            // one by one), each answer proven by core's composition; the category refuses, and auto answers with CuTe's
            Statistics.label(what + " refused by the category").collect(
                    refused instanceof UnrepresentableCompositeException ? "not tractable" : "no mutual refinement");
            assertTrue(refused.getMessage().startsWith(what.equals("divide") ? "logical_divide of" : "logical_product of")
                    || refused instanceof UnrepresentableCompositeException, refused.getMessage());
        }
    }

    /**
     * R has B's leaf sizes and R(c) = A(B(c)) for every c < size B, A read as CuTe reads it: coalesced, its last
     * mode unbounded.
     */
    static void assertComposite(Layout a, Layout b, Layout r) {
        assertTrue(sameLeafSizes(b.shape(), r.shape()), a + " o " + b + " = " + r + ": shape");
        for (long c = 0; c < b.size(); c++) assertEquals(a.apply(b.apply(c)), r.apply(c), a + " o " + b + " = " + r + " at " + c);
    }

    static boolean sameLeafSizes(IntTuple b, IntTuple r) {
        if (b.isLeaf()) return r.product() == b.value();
        if (r.isLeaf() || r.rank() != b.rank()) return false;
        for (int i = 0; i < b.rank(); i++) if (!sameLeafSizes(b.mode(i), r.mode(i))) return false;
        return true;
    }

    /**
     * Some mode of B, at any depth, that CuTe refuses and the category composes, checked pointwise (CuTe composes B
     * mode by mode).
     */
    static boolean someModeCategoryOnly(Layout a, Layout b) {
        if (b.shape().isLeaf()) return false;
        for (Layout m : b.modes()) {
            try {
                Composition.compose(a, m);
            } catch (IllegalArgumentException cuteRefuses) {
                try {
                    assertComposite(a, m, CategoricalComposition.compose(a, m));
                    return true;
                } catch (IllegalArgumentException categoryRefuses) {
                    if (someModeCategoryOnly(a, m)) return true;
                }
            }
        }
        return false;
    }

    static boolean someLeafNotTractable(Layout r, IntTuple b) {
        if (b.isLeaf()) return !Tractability.isTractable(r);
        for (int i = 0; i < b.rank(); i++) if (someLeafNotTractable(r.mode(i), b.mode(i))) return true;
        return false;
    }
}
