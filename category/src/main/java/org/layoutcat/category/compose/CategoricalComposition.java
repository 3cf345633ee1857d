package org.layoutcat.category.compose;

import org.layoutcat.core.internal.FlatLayouts;
import org.layoutcat.core.LayoutArgumentException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.layoutcat.category.FinMorphism;
import org.layoutcat.category.NestMorphism;
import org.layoutcat.category.StandardRepresentation;
import org.layoutcat.category.Tractability;
import org.layoutcat.category.compose.CompositionTrace.Extension;
import org.layoutcat.category.refine.MutualRefinement;
import org.layoutcat.category.refine.Pullback;
import org.layoutcat.category.refine.Pushforward;
import org.layoutcat.category.refine.Refinement;
import org.layoutcat.core.internal.Checked;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.algebra.ByMode;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.algebra.Coalesce;

/**
 * Composition of tractable layouts through the categories Tuple and Nest (paper §4.1.3), in CuTe's order:
 * {@code compose(A, B) = A∘B}, B applied first, {@code R(c) = A(B(c))}.
 *
 * <p>The algorithm: {@code f = f_B: S → T} (nested standard representation of the layout applied first) and
 * {@code g = f_(coal A): U → V}; a mutual refinement (T', U'); {@code f' = (T' ⊂ U') ∘ pullback(f)} and
 * {@code g' = pushforward(g)}; then {@code L_(g'∘f')} has {@code Φ = Φ_A ∘ Φ_B} and a shape refining
 * shape(B), and coalescing it within each leaf of shape(B) gives the answer, shaped like B as CuTe shapes it.
 *
 * <p>Where coal(A) admits no mutual refinement with T but the composite exists, A is replaced by a layout
 * {@code B~} that agrees with A where B's values fall (see {@link CompositionTrace.Extension}): first by a
 * layout of size {@code size T} that agrees with A on {@code [0, cosize B)} (CuTe reads A's last mode unbounded),
 * then by A read along the entries of T hit by f. With that, every tractable pair whose composite is tractable is answered. Where the composite
 * exists but is not tractable as a whole, {@link #compose(Layout, Layout)} distributes over the modes of B, as
 * CuTe defines composition, and composes each mode categorically. A pair whose composite does not exist is an
 * IllegalArgumentException naming the mode of B and the mode of A that do not divide; a mode of B whose
 * composite exists but is not tractable (no morphism encodes it, e.g. {@code (2,3):(3,1) o 4:1 = (2,2):(3,1)})
 * is an {@link UnrepresentableCompositeException}.
 */
public final class CategoricalComposition {
    private CategoricalComposition() {}

    /** A∘B for a layout or a by-mode tiler B (by mode: {@code (A_0∘B_0, ..., A_k∘B_k, A_(k+1), ...)}). */
    public static Layout compose(Layout a, Tiler b) {
        return ByMode.applyToHitModes("composition", a, b, CategoricalComposition::compose);
    }

    /**
     * A∘B: {@code R(c) = A(B(c))}, shaped like B. Both layouts must be tractable. Where the whole composite is
     * not tractable, composition distributes over the modes of B (CuTe's definition:
     * {@code A∘(B_0, B_1, ...) = (A∘B_0, A∘B_1, ...)}) and each mode is composed categorically; see
     * {@link #traces(Layout, Layout)}. The answer is {@code trace(a, b).result()} where that exists; where no
     * extension of A is needed it is computed on flat arrays ({@link FlatComposition}), without the trace.
     */
    public static Layout compose(Layout a, Layout b) {
        Layout flat = flatOrNull(a, b);
        if (flat != null) return flat;
        try {
            return trace(a, b).result();
        } catch (UnrepresentableCompositeException e) {
            if (b.isIntegral()) throw e;
            List<Layout> modes = new ArrayList<>(b.rank());
            for (int i = 0; i < b.rank(); i++) modes.add(compose(a, b.mode(i)));
            return Layout.concat(modes);
        }
    }

    /**
     * {@code trace(a, b).result()} computed on flat arrays where the trace needs no extension of A; null where the
     * traced algorithm must answer (an extension of A, a split over the modes of B, an error and its words).
     */
    private static Layout flatOrNull(Layout a, Layout b) {
        try {
            return FlatComposition.compose(a, b);
        } catch (ArithmeticException overflow) {
            return null;
        }
    }

    /**
     * The traces that make up A∘B: the single trace of A∘B when its composite is tractable; otherwise, B being a
     * tuple, the traces of {@code A∘B_0, A∘B_1, ...} in order, each split the same way where needed. A mode of B
     * that is an integer and whose composite is not tractable is an {@link UnrepresentableCompositeException}.
     */
    public static List<CompositionTrace> traces(Layout a, Layout b) {
        List<CompositionTrace> out = new ArrayList<>();
        composeCollecting(a, b, out);
        return List.copyOf(out);
    }

    private static Layout composeCollecting(Layout a, Layout b, List<CompositionTrace> out) {
        try {
            CompositionTrace t = trace(a, b);
            out.add(t);
            return t.result();
        } catch (UnrepresentableCompositeException e) {
            if (b.isIntegral()) throw e;
            List<Layout> modes = new ArrayList<>(b.rank());
            for (int i = 0; i < b.rank(); i++) modes.add(composeCollecting(a, b.mode(i), out));
            return Layout.concat(modes);
        }
    }

    /** True when every pair the composition {@code A∘B} (by mode for a tiler) puts together is tractable. */
    public static boolean isTractablePair(Layout a, Tiler b) {
        return ByMode.test(a, b, (x, y) -> Tractability.isTractable(x) && Tractability.isTractable(y));
    }

    /** A∘B with every intermediate of the algorithm. */
    public static CompositionTrace trace(Layout a, Layout b) {
        What what = new What(a, b);
        if (!Tractability.isTractable(b)) Tractability.require(b, what + ": the layout applied first, B =");
        if (!Tractability.isTractable(a)) Tractability.require(a, what + ": the layout applied second, A =");
        NestMorphism f = StandardRepresentation.of(b);
        IntTuple t = f.codomain();
        long sizeT = t.product();
        Layout coalA = Coalesce.coalesceExtended(a); // CuTe's coalesce_x: A past its size as CuTe reads it
        if (!Tractability.isTractable(coalA)) {
            throw new UnrepresentableCompositeException(() -> what + ": A read past its size as CuTe C++ reads it (its"
                    + " last flat mode unbounded) is coalesce_x(A) = " + coalA + ", which is not tractable, so no tuple"
                    + " morphism encodes it");
        }

        Layout used = coalA;
        Extension extension = Extension.NONE;
        NestMorphism g = StandardRepresentation.of(coalA);
        Optional<MutualRefinement> mr = MutualRefinement.of(t, g.domain());
        if (mr.isEmpty()) {
            Optional<Layout> prefix = agreeOnPrefix(coalA, b.cosize(), sizeT);
            if (prefix.isPresent() && Tractability.isTractable(prefix.get())) {
                Layout c = Coalesce.coalesce(prefix.get());
                NestMorphism gc = StandardRepresentation.of(c);
                mr = MutualRefinement.of(t, gc.domain());
                if (mr.isPresent()) {
                    used = c;
                    g = gc;
                    extension = Extension.AGREES_ON_PREFIX;
                }
            }
        }
        if (mr.isEmpty()) {
            Layout restricted = restrictToImage(what, coalA, b, f);
            Layout c = Coalesce.coalesce(restricted);
            Optional<String> bad = Tractability.isTractable(c) ? Optional.empty() : Tractability.violation(c);
            if (bad.isPresent()) {
                String why = bad.get();
                throw new UnrepresentableCompositeException(() -> what + ": the composite exists but is not tractable, so no"
                        + " tuple morphism encodes it: A read along the values of B is " + restricted + ", whose modes"
                        + " break tractability (" + why + ")");
            }
            g = StandardRepresentation.of(c);
            mr = Optional.of(MutualRefinement.require(t, g.domain()));
            used = c;
            extension = Extension.RESTRICTED_TO_IMAGE;
        }
        MutualRefinement m = mr.get();
        NestMorphism pulled = Pullback.along(f, m.tPrime());
        NestMorphism fPrime = m.inclusion().compose(pulled);
        NestMorphism gPrime = Pushforward.along(g, m.uPrime());
        NestMorphism composite = gPrime.compose(fPrime);
        Layout encoded = composite.encodedLayout();
        Layout result = coalesceWithin(encoded, b, coalA);
        return new CompositionTrace(a, b, f, used, extension, g, m.tPrime(), m.uPrime(), pulled, fPrime, gPrime,
                composite, encoded, result);
    }

    /**
     * The layout L, whose shape refines shape(B), coalesced within each leaf of shape(B): each leaf becomes an
     * integral mode or a flat tuple, the nesting above kept — CuTe's shape of a composition. A leaf {@code 1:d}
     * of B, which never moves the layout function, gets the stride CuTe prints for it rather than the 0 of the
     * standard representation, so that the answer is CuTe's text exactly: {@link FlatComposition#cuteUnitStride}.
     */
    static Layout coalesceWithin(Layout layout, Layout b, Layout coalA) {
        int[] off = new Refinement(layout.shape(), b.shape()).flatOffsets();
        return FlatComposition.coalesceWithin(b, layout.flatShapes(), layout.flatStrides(), off, coalA.flatShapes(),
                coalA.flatStrides(), coalA.flatRank());
    }

    /** {@code categorical composition A o B}, the start of every message of the traced algorithm, built when printed. */
    private record What(Layout a, Layout b) {
        @Override
        public String toString() {
            return "categorical composition " + a + " o " + b;
        }
    }

    /**
     * A layout of size n that agrees with the coalesced A on {@code [0, reach)}, A's last mode read unbounded as
     * in CuTe: the modes of A below the one holding {@code reach − 1}, and that mode cut or extended so that the
     * size is n. Empty when the modes below do not divide n.
     */
    static Optional<Layout> agreeOnPrefix(Layout coalA, long reach, long n) {
        long[] s = new long[coalA.flatRank()];
        long[] d = new long[s.length];
        int m = FlatComposition.agreeOnPrefix(coalA.flatShapes(), coalA.flatStrides(), s.length, reach, n, s, d, coalA);
        return m < 0 ? Optional.empty() : Optional.of(FlatLayouts.flat(s, d, m));
    }

    /**
     * A read along the entries of T hit by f, stride 0 on the others: for each entry {@code t_j} with
     * {@code α(i) = j}, the values {@code A(y·Q)} for {@code y < t_j} and {@code Q = t_1⋯t_(j−1)}, cut at the mode
     * boundaries of A into pieces {@code (end/start):(e·start/P)}. Agrees with A on the image of B. Where a
     * boundary of A neither divides nor is divided as it must be, the composite does not exist: an
     * IllegalArgumentException names the mode of B and the mode of A.
     */
    static Layout restrictToImage(Object what, Layout coalA, Layout b, NestMorphism f) {
        long[] t = f.codomain().leaves();
        long[] s = new long[t.length * (coalA.flatRank() + 1)];
        long[] d = new long[s.length];
        int n = 0;
        long q = 1;
        for (int j = 1; j <= t.length; j++) {
            int i = f.alpha().preimage(j);
            if (i == FinMorphism.STAR) {
                s[n] = t[j - 1];
                d[n++] = 0;
            } else {
                n = slice(what, coalA, q, t[j - 1], b, i - 1, s, d, n);
            }
            q = Checked.mul(q, t[j - 1], "the size", f.codomain());
        }
        if (n == 0) return Layout.TRIVIAL;
        return FlatLayouts.flat(s, d, n);
    }

    /** The start of the traced algorithm's messages, {@code categorical composition A o B}, printed when read. */
    static Object what(Layout a, Layout b) {
        return new What(a, b);
    }

    /** Flat mode {@code leaf} of B as {@code s:d}, as errors name it. */
    private static String modeOf(Layout b, int leaf) {
        return b.flatShape(leaf) + ":" + b.flatStride(leaf);
    }

    /**
     * The pieces of {@code y ↦ A(y·offset)}, {@code y < length}, written to {@code (s):(d)} from {@code at}; returns
     * the next free position. A piece that crosses a mode of coal(A) unevenly is a LayoutArgumentException.
     */
    static int slice(Object what, Layout coalA, long offset, long length, Layout b, int leaf, long[] s, long[] d, int at) {
        long top = Checked.fits(offset, length) ? offset * length
                : Checked.mul(offset, length, "the extent of a mode", modeOf(b, leaf));
        int k = coalA.flatRank();
        long lo = 1;
        for (int m = 0; m < k; m++) {
            long a = coalA.flatShape(m);
            long e = coalA.flatStride(m);
            boolean last = m == k - 1;
            long hi = last ? Long.MAX_VALUE : Checked.mul(lo, a, "the size", coalA);
            long start = Math.max(lo, offset);
            long end = Math.min(hi, top);
            if (start < end) {
                if (start % lo != 0) {
                    long begins = lo;
                    throw new LayoutArgumentException(() -> what + ": no composite (as in CuTe) — B's mode " + modeOf(b, leaf)
                            + " starts at " + offset + " inside mode " + a + ":" + e + " of coalesce(A) = " + coalA
                            + ", which begins at " + begins + ", and " + begins + " does not divide " + offset
                            + " (stride divisibility)");
                }
                if (end % start != 0) {
                    long boundary = end == hi ? hi : lo;
                    throw new LayoutArgumentException(() -> what + ": no composite (as in CuTe) — B's mode " + modeOf(b, leaf)
                            + " spans [" + offset + ", " + top + ") and crosses the boundary " + boundary + " of mode " + a
                            + ":" + e + " of coalesce(A) = " + coalA + ", but " + start + " does not divide " + end
                            + " (shape divisibility)");
                }
                s[at] = end / start;
                d[at++] = Checked.mul(e, start / lo, "a stride", what);
            }
            if (!last) lo = hi;
        }
        return at;
    }
}
