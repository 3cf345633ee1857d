package org.layoutcat.category;

import org.layoutcat.category.internal.FlatMorphisms;
import java.util.Arrays;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;

/**
 * The standard representation {@code f_L} of a tractable layout (paper §2.2, §3.2): walk the modes with non-zero
 * stride and shape ≠ 1 in increasing stride order; for a mode {@code s:d}, when the extent reached so far
 * (the previous {@code s·d}, initially 1) equals d append {@code (s)} to the codomain, else append
 * {@code (d / reached, s)}; map the mode to the appended s. Every other mode maps to {@code *}.
 *
 * <p>Postconditions: f_L is non-degenerate and of standard form; {@code L_(f_L)} equals L with the strides of
 * its shape-1 modes set to 0 (so {@code L_(f_L) = L} for non-degenerate L), and {@code f_(L_f) = f} for every
 * non-degenerate f of standard form.
 */
public final class StandardRepresentation {
    private StandardRepresentation() {}

    /** f_L with nested domain {@code shape(L)} and flat codomain; L must be tractable. */
    public static NestMorphism of(Layout layout) {
        Built b = build(layout);
        return NestMorphism.of(layout.shape(), IntTuple.flat(b.codomain), FinMorphism.of(b.codomain.length, b.alpha));
    }

    /** f_L with the flattened shape of L as a flat domain; L must be tractable. */
    public static TupleMorphism flat(Layout layout) {
        Built b = build(layout);
        return TupleMorphism.of(layout.flatShapes(), b.codomain, b.alpha);
    }

    /** The layout {@code L_f} encoded by f (the inverse correspondence). */
    public static Layout encodedLayout(NestMorphism f) {
        return f.encodedLayout();
    }

    private record Built(long[] codomain, int[] alpha) {}

    private static Built build(Layout layout) {
        Tractability.require(layout, "the layout");
        int r = layout.flatRank();
        long[] t = new long[2 * r];
        int[] alpha = new int[r];
        int n = FlatMorphisms.codomainInto(layout.flatShapes(), layout.flatStrides(), r, t, alpha, new int[r], layout);
        return new Built(Arrays.copyOf(t, n), alpha);
    }
}
