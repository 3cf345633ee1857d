package org.layoutcat.category.compose;

import java.util.ArrayList;
import java.util.List;
import org.layoutcat.category.Tractability;
import org.layoutcat.core.Layout;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.algebra.PerMode;

/**
 * Composition of tractable layouts through the categories Tuple and Nest (paper §4.1.3), in CuTe's order:
 * {@code compose(A, B) = A∘B}, B applied first, {@code R(c) = A(B(c))}.
 *
 * <p>The algorithm: {@code f = f_B: S → T} (nested standard representation of the layout applied first) and
 * {@code g = f_(coal A): U → V}; a mutual refinement (T', U'); {@code f' = (T' ⊂ U') ∘ pullback(f)} and
 * {@code g' = pushforward(g)}; then {@code L_(g'∘f')} has {@code Φ = Φ_A ∘ Φ_B} and a shape refining
 * shape(B), and coalescing it within each leaf of shape(B) gives the answer, shaped like B as CuTe shapes it.
 * It is defined once, as a walk on flat arrays ({@link CompositionWalk}): {@link #compose(Layout, Layout)} runs it
 * as it is, {@link #trace} runs it recording each step.
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
        return PerMode.applyToHitModes("composition", a, b, CategoricalComposition::compose);
    }

    /**
     * A∘B: {@code R(c) = A(B(c))}, shaped like B. Both layouts must be tractable. Where the whole composite is
     * not tractable, composition distributes over the modes of B (CuTe's definition:
     * {@code A∘(B_0, B_1, ...) = (A∘B_0, A∘B_1, ...)}) and each mode is composed categorically; see
     * {@link #traces(Layout, Layout)}. The answer is {@code trace(a, b).result()} where that exists, computed by the
     * same walk without recording its steps.
     */
    public static Layout compose(Layout a, Layout b) {
        return compose(a, b, b);
    }

    /** {@link #compose(Layout, Layout)} of a mode B of {@code whole}. */
    private static Layout compose(Layout a, Layout b, Layout whole) {
        try {
            return CompositionWalk.compose(a, b, null, whole);
        } catch (UnrepresentableCompositeException e) {
            if (b.isIntegral()) throw e;
            List<Layout> modes = new ArrayList<>(b.rank());
            for (int i = 0; i < b.rank(); i++) modes.add(compose(a, b.mode(i), whole));
            return Layout.concat(modes);
        }
    }

    /**
     * The traces that make up A∘B: the single trace of A∘B when its composite is tractable; otherwise, B being a
     * tuple, the traces of {@code A∘B_0, A∘B_1, ...} in order, each split the same way where needed. A mode of B
     * that is an integer and whose composite is not tractable is an {@link UnrepresentableCompositeException}.
     */
    public static List<CompositionTrace> traces(Layout a, Layout b) {
        List<CompositionTrace> out = new ArrayList<>();
        composeCollecting(a, b, b, out);
        return List.copyOf(out);
    }

    private static Layout composeCollecting(Layout a, Layout b, Layout whole, List<CompositionTrace> out) {
        try {
            TraceRecorder steps = new TraceRecorder(a, b);
            CompositionTrace t = steps.trace(CompositionWalk.compose(a, b, steps, whole));
            out.add(t);
            return t.result();
        } catch (UnrepresentableCompositeException e) {
            if (b.isIntegral()) throw e;
            List<Layout> modes = new ArrayList<>(b.rank());
            for (int i = 0; i < b.rank(); i++) modes.add(composeCollecting(a, b.mode(i), whole, out));
            return Layout.concat(modes);
        }
    }

    /** True when every pair the composition {@code A∘B} (by mode for a tiler) puts together is tractable. */
    public static boolean isTractablePair(Layout a, Tiler b) {
        return PerMode.test(a, b, (x, y) -> Tractability.isTractable(x) && Tractability.isTractable(y));
    }

    /**
     * A∘B with every intermediate of the algorithm: the walk of {@link #compose(Layout, Layout)} (without the split
     * over B's modes), each step recorded. The same refusals, in the same words.
     */
    public static CompositionTrace trace(Layout a, Layout b) {
        TraceRecorder steps = new TraceRecorder(a, b);
        return steps.trace(CompositionWalk.compose(a, b, steps));
    }
}
