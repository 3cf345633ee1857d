package org.layoutcat.core.internal;

/**
 * Coalesce on flat modes held as parallel arrays of shapes and strides: the kernels behind
 * {@code algebra.Coalesce}, composition, complement, the inverses and the categorical flat path.
 * A mode {@code s_k:d_k} is dropped where {@code s_k = 1} and merged into the previous one where
 * {@code s_prev·d_prev = d_k}. Not public API.
 */
public final class FlatModes {
    private FlatModes() {}

    /**
     * The flat modes of {@code coalesce(L)} written into {@code s} and {@code d} (each at least
     * {@code flatRank(L)} long); returns their number, 0 for the trivial layout {@code 1:0}.
     */
    public static int coalesceInto(Flat layout, long[] s, long[] d) {
        long[] ls = layout.shape();
        long[] ld = layout.stride();
        int m = 0;
        for (int k = 0; k < layout.n(); k++) m = append(s, d, m, ls[k], ld[k]);
        return m;
    }

    /** {@code coalesce((s_0..s_(n−1)):(d_0..d_(n−1)))} computed in place; returns the number of modes left. */
    public static int coalesceInPlace(long[] s, long[] d, int n) {
        return coalesce(s, d, 0, n, 0);
    }

    /**
     * {@link #coalesceInto} with the trivial layout read as its one mode {@code 1:0} (Φ ≡ 0), as the algorithms
     * that walk the modes of coalesce(A) need; returns their number, at least 1.
     */
    public static int modesInto(Flat layout, long[] s, long[] d) {
        return orUnit(s, d, coalesceInto(layout, s, d));
    }

    /**
     * CuTe's {@code coalesce_x(L)}: the fewest flat modes with L's function on <em>every</em> index, past
     * {@code size(L)} too, where L's last flat mode is read unbounded. It is {@link #coalesceInto} except that a
     * last flat mode of shape 1 counts as shape 2, so that its stride, which carries L past its size, is kept:
     * {@code coalesce_x((4,3,1):(3,1,0)) = (4,3,2):(3,1,0)} (coalesce gives {@code (4,3):(3,1)}, which extends by
     * stride 1) and {@code coalesce_x(1:1) = 2:1}. The last mode's shape is only a place holder: readers take it
     * as unbounded. Written into {@code s} and {@code d} (each at least {@code max(flatRank(L), 1)} long); returns
     * their number, at least 1.
     */
    public static int extendedModesInto(Flat layout, long[] s, long[] d) {
        long[] ls = layout.shape();
        long[] ld = layout.stride();
        int n = layout.n();
        int m = 0;
        for (int k = 0; k < n; k++) {
            long sk = ls[k];
            m = append(s, d, m, k == n - 1 && sk == 1 ? 2 : sk, ld[k]);
        }
        return orUnit(s, d, m);
    }

    /** {@link #coalesceInPlace} with the trivial layout read as its one mode {@code 1:0}; returns at least 1. */
    public static int modesInPlace(long[] s, long[] d, int n) {
        return orUnit(s, d, coalesceInPlace(s, d, n));
    }

    private static int orUnit(long[] s, long[] d, int m) {
        if (m > 0) return m;
        s[0] = 1;
        d[0] = 0;
        return 1;
    }

    /**
     * CuTe's coalesce of the flat modes {@code [from, to)} of {@code (s):(d)}, written back from {@code out ≤ from}
     * on: shape-1 modes dropped, a mode merged into the previous one where {@code s_prev·d_prev = d_k}. Returns the
     * number of modes written, 0 for the trivial layout {@code 1:0}.
     */
    public static int coalesce(long[] s, long[] d, int from, int to, int out) {
        int m = out;
        for (int k = from; k < to; k++) m = out + append(s, d, m - out, s[k], d[k], out); // writes at most position k
        return m - out;
    }

    /** Appends the mode {@code sk:dk} to the m coalesced modes in s, d: dropped, merged, or added; the new count. */
    private static int append(long[] s, long[] d, int m, long sk, long dk) {
        return append(s, d, m, sk, dk, 0);
    }

    /** {@link #append} for modes stored from {@code base} on. */
    private static int append(long[] s, long[] d, int m, long sk, long dk, int base) {
        if (sk == 1) return m;
        int last = base + m - 1;
        if (m > 0 && Checked.fits(s[last], d[last]) && s[last] * d[last] == dk) {
            s[last] = s[last] * sk; // cannot overflow: bounded by the size
            return m;
        }
        s[last + 1] = sk;
        d[last + 1] = dk;
        return m + 1;
    }
}
