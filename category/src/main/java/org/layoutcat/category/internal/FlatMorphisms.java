package org.layoutcat.category.internal;

import java.util.Arrays;
import org.layoutcat.category.FinMorphism;
import org.layoutcat.core.internal.Checked;
import org.layoutcat.core.internal.ModeOrder;

/**
 * The category's kernels on flat arrays of shapes and strides, shared by {@link org.layoutcat.category.Tractability},
 * {@link org.layoutcat.category.StandardRepresentation}, {@link org.layoutcat.category.refine.MutualRefinement} and
 * the categorical composition: tractability, the standard representation's codomain and map, and the mutual
 * refinement walk. They allocate nothing but what their javadoc says. Not public API.
 */
public final class FlatMorphisms {
    private FlatMorphisms() {}

    /**
     * True when the flat layout {@code (s_0..s_(n-1)):(d_0..d_(n-1))} is tractable: no mode with {@code s ≠ 1}
     * has a negative stride, and along {@link #sortedModes} each {@code s_i·d_i} divides the next stride (an
     * overflowing product divides nothing). Reads the first n entries; writes nothing.
     */
    public static boolean isTractable(long[] s, long[] d, int n) {
        for (int k = 0; k < n; k++) if (s[k] != 1 && d[k] < 0) return false;
        int[] order = new int[n];
        int m = sortedModes(s, d, n, order);
        for (int i = 0; i + 1 < m; i++) if (reach(s, d, order[i], order[i + 1]) < 0) return false;
        return true;
    }

    /**
     * Writes into {@code order} the indices k of the modes with {@code s_k ≠ 1} and {@code d_k > 0}, in increasing
     * (stride, shape, index) order — a stable sort by (stride, shape) — and returns their number. Insertion sort over
     * shrinking gaps (layoutcat's one sort of modes, {@link ModeOrder}).
     */
    public static int sortedModes(long[] s, long[] d, int n, int[] order) {
        int m = 0;
        for (int k = 0; k < n; k++) if (s[k] != 1 && d[k] > 0) order[m++] = k;
        ModeOrder.sort(order, m, ModeOrder.byStrideThenShape(s, d));
        return m;
    }

    /** {@code s_a·d_a} when it fits in a long and divides {@code d_b}; -1 otherwise. */
    public static long reach(long[] s, long[] d, int a, int b) {
        long hi = Math.multiplyHigh(d[a], s[a]);
        long r = d[a] * s[a];
        return hi == 0 && r >= 0 && (d[b] == r || d[b] % r == 0) ? r : -1;
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
        int modes = sortedModes(s, d, n, order);
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

    /**
     * The greedy walk of {@link org.layoutcat.category.refine.MutualRefinement}, on positive flat entries: {@code x[0..xn)}, the flattening of T, and
     * {@code y[0..yn)}, that of U. Writes the pieces of U'♭ into {@code pieces} (room for {@code xn + yn}) and
     * returns their number; T'♭ is their prefix. The pieces of {@code x_i} (the relative mode
     * {@code mode_(i+1)(T', T)}) are {@code pieces[xOff[i] .. xOff[i+1])}, those of {@code y_j} are
     * {@code pieces[yOff[j] .. yOff[j+1])}; the offset arrays need room for {@code xn + 1} and {@code yn + 1}
     * entries. Returns -1 when no mutual refinement exists, and then appends the reason to {@code why} unless it is
     * null. Allocates nothing.
     */
    public static int mutualRefinement(long[] x, int xn, long[] y, int yn, long[] pieces, int[] xOff, int[] yOff, StringBuilder why) {
        xOff[0] = 0;
        yOff[0] = 0;
        int n = 0;
        int i = 0;
        int j = 0;
        long xi = xn > 0 ? x[0] : 0;
        long yj = yn > 0 ? y[0] : 0;
        while (i < xn && j < yn) {
            if (xi == yj) {
                pieces[n++] = xi;
                xOff[++i] = n;
                yOff[++j] = n;
                if (i < xn) xi = x[i];
                if (j < yn) yj = y[j];
            } else if (yj > xi && yj / xi * xi == yj) { // of two positive entries only the larger can be a multiple
                pieces[n++] = xi;
                xOff[++i] = n;
                yj /= xi;
                if (i < xn) xi = x[i];
            } else if (xi > yj && xi / yj * yj == xi) {
                pieces[n++] = yj;
                yOff[++j] = n;
                xi /= yj;
                if (j < yn) yj = y[j];
            } else {
                if (why != null) {
                    why.append("at leaf ").append(i + 1).append(" of T and leaf ").append(j + 1)
                            .append(" of U the parts left, ").append(xi).append(" and ").append(yj)
                            .append(", do not divide one another");
                }
                return -1;
            }
        }
        // entries 1 left in x ride along with the last piece of y used so far
        while (i < xn && xi == 1 && (j < yn || j > 0)) {
            pieces[n++] = 1;
            xOff[++i] = n;
            if (j == yn) yOff[j] = n;
            if (i < xn) xi = x[i];
        }
        if (i < xn) {
            if (why != null) {
                why.append("U is used up before T (at leaf ").append(i + 1).append(" of T, ").append(xi).append(" is left)");
            }
            return -1;
        }
        // y's open group is closed by its remainder (y_j itself where the group is empty); the rest of y is kept
        if (j < yn) {
            pieces[n++] = yj;
            yOff[++j] = n;
        }
        for (; j < yn; j++) {
            pieces[n++] = y[j];
            yOff[j + 1] = n;
        }
        return n;
    }
}
