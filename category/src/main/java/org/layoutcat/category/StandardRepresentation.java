package org.layoutcat.category;

import java.util.Arrays;
import org.layoutcat.core.internal.Checked;
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
        int n = codomainInto(layout.flatShapes(), layout.flatStrides(), r, t, alpha, new int[r], layout);
        return new Built(Arrays.copyOf(t, n), alpha);
    }

    /**
     * f_L on flat arrays, for the flat layout {@code (s_0..s_(n-1)):(d_0..d_(n-1))}: writes the codomain entries
     * {@code t_1..t_m} into {@code t[0..m)} (t needs room for 2n) and {@code α} into {@code alpha[0..n)} (1-based,
     * {@link FinMorphism#STAR} for {@code *}), and returns m; returns -1, with the arrays left undefined, when the
     * layout is not tractable. {@code order} is scratch room for n indices. Overflow of an extent {@code s·d} is an
     * ArithmeticException naming {@code of}.
     */
    public static int codomainInto(long[] s, long[] d, int n, long[] t, int[] alpha, int[] order, Object of) {
        for (int k = 0; k < n; k++) if (s[k] != 1 && d[k] < 0) return -1;
        int modes = Tractability.sortedModes(s, d, n, order);
        Arrays.fill(alpha, 0, n, FinMorphism.STAR);
        int m = 0;
        long reached = 1;
        for (int i = 0; i < modes; i++) {
            int k = order[i];
            long gap = d[k] == reached ? 1 : reached == 1 ? d[k] : d[k] / reached; // (a 64-bit division is slow)
            if (gap * reached != d[k]) return -1; // tractable: the extent reached so far divides the next stride
            if (gap != 1) t[m++] = gap;
            t[m++] = s[k];
            alpha[k] = m;
            if (!Checked.fits(s[k], d[k])) {
                if (i + 1 < modes) return -1; // an extent past the 64-bit range divides no stride
                Checked.mul(s[k], d[k], "the standard representation", of);
            }
            reached = s[k] * d[k];
        }
        return m;
    }
}
