package org.layoutcat.core.algebra;

import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.Checked;
import org.layoutcat.core.Layout;

/**
 * CuTe's complement {@code comp(L, N)}: the layout of the offsets in [0, N) that L does not reach, ordered.
 *
 * <p>Sort L's non-trivial modes (shape ≠ 1, stride ≠ 0) by stride, {@code (s_i:d_i)}; admissible when each
 * {@code d_(i+1)} is a multiple of {@code s_i·d_i} (so the modes nest without overlap). Then
 * {@code comp(L, N) = coalesce((d_1, d_2/(s_1·d_1), ..., ⌈N/(s_m·d_m)⌉) : (1, s_1·d_1, ..., s_m·d_m))}.
 * Postcondition: {@code (L, comp)} is injective and {@code comp} is ordered (increasing on [0, size)); like
 * CuTe, the last mode rounds N up to a multiple of {@code s_m·d_m}.
 */
public final class Complement {
    private Complement() {}

    /** {@code comp(L, cosize(L))}, CuTe's one-argument complement. */
    public static Layout complement(Layout layout) {
        return complement(layout, layout.cosize());
    }

    /** {@code comp(L, N)} for a cotarget {@code N ≥ 1}. */
    public static Layout complement(Layout layout, long cotarget) {
        if (cotarget < 1) {
            throw new LayoutArgumentException("complement of " + layout + " with respect to " + cotarget + ": the cotarget must be positive");
        }
        int n = layout.flatRank();
        long[] ds = new long[n]; // the non-trivial modes (stride, shape), sorted by stride, then by shape
        long[] ss = new long[n];
        int m = 0;
        for (int k = 0; k < n; k++) {
            long s = layout.flatShape(k);
            long d = layout.flatStride(k);
            if (s == 1 || d == 0) continue;
            if (d < 0) {
                throw new LayoutArgumentException(() -> "complement of " + layout + ": stride " + d
                        + " is negative; complement needs non-negative strides");
            }
            int i = m++;
            for (; i > 0 && (ds[i - 1] > d || (ds[i - 1] == d && ss[i - 1] > s)); i--) { // insertion sort: ranks are small
                ds[i] = ds[i - 1];
                ss[i] = ss[i - 1];
            }
            ds[i] = d;
            ss[i] = s;
        }
        long[] rs = new long[m + 1];
        long[] rd = new long[m + 1];
        long current = 1;
        for (int i = 0; i < m; i++) {
            long d = ds[i];
            long s = ss[i];
            if (d % current != 0) {
                long reached = current;
                throw new LayoutArgumentException(() -> "complement of " + layout + ": after sorting by stride, stride " + d
                        + " is not a multiple of " + reached + " (the extent reached by the smaller modes)"
                        + (d < reached ? (knownNonInjective(layout) ? ", so the modes overlap and the layout is not injective"
                                : ", so the modes interleave instead of nesting") : ""));
            }
            rs[i] = d / current;
            rd[i] = current;
            current = Checked.mul(s, d, "the complement", layout);
        }
        rs[m] = Checked.ceilDiv(cotarget, current);
        rd[m] = current;
        return Coalesce.layoutOf(rs, rd, Coalesce.coalesceInPlace(rs, rd, m + 1));
    }

    /** True when L is known not to be injective (asked only to word an error; a search too large answers false). */
    private static boolean knownNonInjective(Layout layout) {
        try {
            return !layout.isInjective();
        } catch (IllegalArgumentException | ArithmeticException e) {
            return false;
        }
    }
}
