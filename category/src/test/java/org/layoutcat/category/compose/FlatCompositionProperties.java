package org.layoutcat.category.compose;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.api.Test;
import org.layoutcat.category.FinMorphism;
import org.layoutcat.category.Gen;
import org.layoutcat.category.StandardRepresentation;
import org.layoutcat.category.Tractability;
import org.layoutcat.category.TupleMorphism;
import org.layoutcat.category.compose.CategoricalCompositionProperties.Pair;
import org.layoutcat.core.internal.Checked;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.algebra.Coalesce;

/**
 * The flat-array paths against the traced route: composition without a recorder against its traces (one walk, two
 * ways of running it), and complement, logical divide and logical product against their definitions through the
 * morphisms of Nest and Tuple built one by one, as {@link CategoricalAlgebra} states them: the same layout, or the
 * same error with the same words.
 */
class FlatCompositionProperties {

    @Provide
    Arbitrary<Pair> pairs() {
        return Arbitraries.randomValue(FlatCompositionProperties::pair);
    }

    /**
     * The pairs of {@link CategoricalCompositionProperties}, and as often one of them made wilder: shape-1 modes
     * with any stride (negative too) put into A or B, a layout that need not be tractable, a degenerate one.
     */
    static Pair pair(Random r) {
        Pair p = CategoricalCompositionProperties.pair(r);
        Layout a = p.a();
        Layout b = p.b();
        switch (r.nextInt(10)) {
            case 0 -> b = withUnitModes(r, b);
            case 1 -> a = withUnitModes(r, a);
            case 2 -> a = Gen.anyLayout(r);
            case 3 -> b = Gen.anyLayout(r);
            case 4 -> b = Gen.tractableMaybeDegenerate(r);
            default -> { }
        }
        return new Pair(a, b);
    }

    /** L with one to three modes {@code 1:d} put among its flat modes, the whole nested at random. */
    static Layout withUnitModes(Random r, Layout l) {
        List<long[]> modes = new ArrayList<>();
        for (int k = 0; k < l.flatRank(); k++) modes.add(new long[] {l.flatShape(k), l.flatStride(k)});
        int extra = 1 + r.nextInt(3);
        for (int k = 0; k < extra; k++) modes.add(r.nextInt(modes.size() + 1), new long[] {1, r.nextInt(61) - 20});
        long[] s = new long[modes.size()];
        long[] d = new long[modes.size()];
        for (int k = 0; k < s.length; k++) {
            s[k] = modes.get(k)[0];
            d[k] = modes.get(k)[1];
        }
        IntTuple shape = Gen.nest(r, s);
        return Layout.of(shape, shape.withLeaves(d));
    }

    /** A layout, or the class and words of the exception thrown instead. */
    record Outcome(Layout result, Class<?> error, String message) {
        static Outcome of(Supplier<Layout> op) {
            try {
                return new Outcome(op.get(), null, null);
            } catch (RuntimeException e) {
                return new Outcome(null, e.getClass(), e.getMessage());
            }
        }

        String kind() {
            return result != null ? "answer" : error.getSimpleName();
        }
    }

    /**
     * composeIsTheTracedWalkUnrecorded: over tractable and wild pairs, {@link CategoricalComposition#compose} answers
     * or fails exactly as the traces do (each {@code trace(A, B_i).result()}, split over the modes of B where a
     * composite is not tractable), with the same exception and words; and the walk without a recorder answers as
     * the trace records. Where the trace answers, its steps are the paper's operations
     * ({@link CategoricalCompositionProperties#assertPapersOperations}).
     */
    @Property(tries = 4000)
    void composeIsTheTracedWalkUnrecorded(@ForAll("pairs") Pair p) {
        Layout a = p.a();
        Layout b = p.b();
        Outcome traced = Outcome.of(() -> CategoricalComposition.trace(a, b).result());
        assertEquals(traced, Outcome.of(() -> CompositionWalk.compose(a, b, null)), p.toString());
        if (traced.result() != null) CategoricalCompositionProperties.assertPapersOperations(a, b, CategoricalComposition.trace(a, b));
        Outcome fast = Outcome.of(() -> CategoricalComposition.compose(a, b));
        Statistics.label("compose").collect(fast.kind());
        Statistics.label("extension").collect(traced.result() == null ? "none: " + traced.kind()
                : CategoricalComposition.trace(a, b).extension().toString());
        assertEquals(Outcome.of(() -> tracedCompose(a, b)), fast, p.toString());
    }

    /** The complement, logical divide and logical product on flat arrays against their traced definitions. */
    @Property(tries = 2000)
    void flatDivideAndProductAgreeWithTracedRoute(@ForAll("pairs") Pair p) {
        Layout a = p.a();
        Layout b = p.b();
        long n = 1 + new Random(b.hashCode()).nextInt(4 * (int) Math.min(Math.max(b.cosize(), 1), 1 << 20));
        assertEquals(Outcome.of(() -> tracedComplement(b, n)), Outcome.of(() -> CategoricalAlgebra.complement(b, n)), b + " w.r.t. " + n);
        Outcome divide = Outcome.of(() -> CategoricalAlgebra.logicalDivide(a, b));
        Outcome product = Outcome.of(() -> CategoricalAlgebra.logicalProduct(a, b));
        Statistics.label("divide").collect(divide.kind());
        Statistics.label("product").collect(product.kind());
        assertEquals(Outcome.of(() -> tracedDivide(a, b)), divide, "logical_divide " + p);
        assertEquals(Outcome.of(() -> tracedProduct(a, b)), product, "logical_product " + p);
    }

    /**
     * The thread's scratch arrays, reused from call to call, change no answer: runs of compositions that share A,
     * share B, alternate, or repeat a pair give the answers and errors that each pair gets on a thread of its own
     * (fresh scratch), also right after a call that failed midway, with and without a recorder. 50 runs of 24 calls:
     * each call's thread of its own allocates its scratch afresh, which took 10.7 s of the module's tests at 200 runs;
     * 1,200 calls over 300 drawn pairs still meet every interleaving the run draws (shared A, shared B, repeat, equal B).
     */
    @Property(tries = 50)
    void reusedScratchChangesNoAnswer(@ForAll long seed) throws InterruptedException {
        Random r = new Random(seed);
        List<Pair> pairs = new ArrayList<>();
        for (int i = 0; i < 6; i++) pairs.add(pair(r));
        List<Pair> run = new ArrayList<>();
        for (int step = 0; step < 24; step++) {
            Pair x = pairs.get(r.nextInt(pairs.size()));
            Pair y = pairs.get(r.nextInt(pairs.size()));
            switch (r.nextInt(4)) {
                case 0 -> run.add(new Pair(x.a(), y.b())); // A of one pair, B of another
                case 1 -> run.add(new Pair(y.a(), x.b()));
                case 2 -> run.add(x); // a repeat
                default -> run.add(new Pair(x.a(), Layout.parse(y.b().toString()))); // an equal B, not the same object
            }
        }
        for (Pair p : run) {
            Outcome[] alone = new Outcome[1];
            Thread fresh = new Thread(() -> alone[0] = Outcome.of(() -> CategoricalComposition.compose(p.a(), p.b())));
            fresh.start();
            fresh.join();
            assertEquals(alone[0], Outcome.of(() -> CategoricalComposition.compose(p.a(), p.b())), p.toString());
            assertEquals(alone[0], Outcome.of(() -> tracedCompose(p.a(), p.b())), "traced: " + p);
            assertEquals(alone[0], Outcome.of(() -> CategoricalComposition.compose(p.a(), p.b())), "again: " + p);
        }
    }

    // issue 7's benchmark pair, and PAPER-NOTES example 13 as the blog states it
    @Test
    void theWalkAnswersTheWorkedExample() {
        Layout a = Layout.parse("(12,3,6):(1,72,12)");
        Layout b = Layout.parse("(6,6):(1,6)");
        assertEquals(Layout.parse("(6,(2,3)):(1,(6,72))"), CompositionWalk.compose(a, b, null));
        assertEquals(CategoricalComposition.trace(a, b).result(), CompositionWalk.compose(a, b, null));
    }

    // overflow is an ArithmeticException naming the layout whose arithmetic overflowed, never a wrong number; a
    // refusal of the operands comes first
    @Test
    void overflowIsAnErrorWithWords() {
        // its values fit (the largest, 1 + 2·(2^62−2), is 2^63−3: a layout is built only then), its span 3·(2^62−2) does
        // not; 2^62−2 is even, so the pair is tractable and the overflow is what refuses it
        Layout wide = Layout.parse("(2,3):(1,4611686018427387902)");
        assertEquals(new Outcome(null, ArithmeticException.class, "overflow computing the standard representation of"
                + " (2,3):(1,4611686018427387902): 3 * 4611686018427387902 exceeds the 64-bit range"),
                Outcome.of(() -> CategoricalComposition.compose(wide, Layout.parse("4:1"))));
        assertEquals(Outcome.of(() -> CategoricalComposition.compose(Layout.parse("4:1"), wide)),
                Outcome.of(() -> CategoricalComposition.compose(wide, Layout.parse("4:1"))));
        // coalesce_x(A) = (4,3):(1,2^62−4) overflows (A's largest value, 3 + 2·(2^62−4), is 2^63−5), and the words name it
        assertEquals(new Outcome(null, ArithmeticException.class, "overflow computing the standard representation of"
                + " (4,3):(1,4611686018427387900): 3 * 4611686018427387900 exceeds the 64-bit range"),
                Outcome.of(() -> CategoricalComposition.compose(Layout.parse("(2,2,3):(1,2,4611686018427387900)"), Layout.parse("4:1"))));
        // B's overflow comes after A's refusal
        Outcome refused = Outcome.of(() -> CategoricalComposition.trace(Layout.parse("(2,2):(1,3)"), wide).result());
        assertEquals(LayoutArgumentException.class, refused.error());
        assertTrue(refused.message().startsWith("categorical composition (2,2):(1,3) o (2,3):(1,4611686018427387902): the"
                + " layout applied second, A = (2,2):(1,3) is not tractable"), refused.message());
        assertEquals(refused, Outcome.of(() -> CategoricalComposition.compose(Layout.parse("(2,2):(1,3)"), wide)));
    }

    // ---------------------------------------------------------------- the traced route, as defined

    /** A∘B from the traces alone: trace(A, B), split over the modes of B where its composite is not tractable. */
    static Layout tracedCompose(Layout a, Layout b) {
        return tracedCompose(a, b, b);
    }

    /** The traced A∘B of a mode B of {@code whole}, A read inside its domain only where all of the whole is. */
    private static Layout tracedCompose(Layout a, Layout b, Layout whole) {
        try {
            TraceRecorder steps = new TraceRecorder(a, b);
            return steps.trace(CompositionWalk.compose(a, b, steps, whole)).result();
        } catch (UnrepresentableCompositeException e) {
            if (b.shape().isLeaf()) throw e;
            List<Layout> modes = new ArrayList<>();
            for (int i = 0; i < b.rank(); i++) modes.add(tracedCompose(a, b.mode(i), whole));
            return Layout.concat(modes);
        }
    }

    /** {@code comp(B, N) = coal(L_(f^c))}, f the standard representation of B restricted to its hit entries, T extended by ⌈N / size T⌉. */
    static Layout tracedComplement(Layout b, long cotarget) {
        if (cotarget < 1) {
            throw new LayoutArgumentException("complement of " + b + " with respect to " + cotarget + ": the cotarget must be positive");
        }
        Tractability.require(b, "complement: the layout");
        TupleMorphism f = StandardRepresentation.flat(b);
        List<Integer> hit = new ArrayList<>();
        for (int i = 1; i <= f.domainRank(); i++) if (f.map(i) != FinMorphism.STAR) hit.add(i);
        TupleMorphism onImage = f.restrict(hit.stream().mapToInt(Integer::intValue).toArray());
        long more = Checked.ceilDiv(cotarget, onImage.codomainSize());
        if (more > 1) {
            long[] s = new long[onImage.domainRank()];
            int[] alpha = new int[s.length];
            for (int i = 1; i <= s.length; i++) {
                s[i - 1] = onImage.domainEntry(i);
                alpha[i - 1] = onImage.map(i);
            }
            long[] t = new long[onImage.codomainRank() + 1];
            for (int j = 1; j <= onImage.codomainRank(); j++) t[j - 1] = onImage.codomainEntry(j);
            t[t.length - 1] = more;
            onImage = TupleMorphism.of(s, t, alpha);
        }
        return Coalesce.coalesce(onImage.complement().encodedLayout());
    }

    /** {@code logical_divide(A, B) = A ∘ (B, comp(B, size A))}, traced, with the same words on failure. */
    static Layout tracedDivide(Layout a, Layout b) {
        Tractability.require(a, "logical_divide: the dividend");
        Tractability.require(b, "logical_divide: the divisor");
        Layout tiler = Layout.concat(b, tracedComplement(b, a.size()));
        try {
            return tracedCompose(a, tiler);
        } catch (UnrepresentableCompositeException e) {
            throw new UnrepresentableCompositeException("logical_divide of " + a + " by " + b + " composes A with (B, comp(B, "
                    + a.size() + ")) = " + tiler + ": " + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new LayoutArgumentException("logical_divide of " + a + " by " + b + " composes A with (B, comp(B, "
                    + a.size() + ")) = " + tiler + ": " + e.getMessage(), e);
        }
    }

    /** {@code logical_product(A, B) = (A, comp(A, size A·cosize B) ∘ B)}, traced, with the same words on failure. */
    static Layout tracedProduct(Layout a, Layout b) {
        Tractability.require(a, "logical_product: the first layout");
        Tractability.require(b, "logical_product: the second layout");
        long cotarget = Checked.mul(a.size(), b.cosize(), "size(A)·cosize(B) in the product with B = " + b, a);
        Layout comp = tracedComplement(a, cotarget);
        try {
            return Layout.concat(a, tracedCompose(comp, b));
        } catch (UnrepresentableCompositeException e) {
            throw new UnrepresentableCompositeException("logical_product of " + a + " and " + b + " composes comp(A, " + cotarget
                    + ") = " + comp + " with B: " + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new LayoutArgumentException("logical_product of " + a + " and " + b + " composes comp(A, " + cotarget
                    + ") = " + comp + " with B: " + e.getMessage(), e);
        }
    }
}
