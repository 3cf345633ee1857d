package org.layoutcat.core.algebra;

import java.util.ArrayList;
import java.util.List;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.Checked;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;

/**
 * Coalesce and filter: simplifications that keep the layout function.
 *
 * <p>{@code coalesce(L)} walks the flattened modes, drops shape-1 modes, and merges a mode {@code s1:d1} with
 * the next {@code s2:d2} when {@code s1·d1 = d2}. Postcondition: {@code size} and Φ are unchanged; the result
 * is integral ({@code s:d}) when one mode remains, {@code 1:0} when none does.
 */
public final class Coalesce {
    private Coalesce() {}

    /** CuTe's {@code coalesce(L)}: Φ and size kept, the fewest flat modes. */
    public static Layout coalesce(Layout layout) {
        int n = layout.flatRank();
        long[] s = new long[n];
        long[] d = new long[n];
        return layoutOf(s, d, coalesceInto(layout, s, d));
    }

    /**
     * The flat modes of {@code coalesce(L)} written into {@code s} and {@code d} (each at least
     * {@code flatRank(L)} long); returns their number, 0 for the trivial layout {@code 1:0}.
     */
    static int coalesceInto(Layout layout, long[] s, long[] d) {
        int n = layout.flatRank();
        int m = 0;
        for (int k = 0; k < n; k++) m = append(s, d, m, layout.flatShape(k), layout.flatStride(k));
        return m;
    }

    /** {@code coalesce((s_0..s_(n−1)):(d_0..d_(n−1)))} computed in place; returns the number of modes left. */
    static int coalesceInPlace(long[] s, long[] d, int n) {
        return coalesce(s, d, 0, n, 0);
    }

    /**
     * {@link #coalesceInto} with the trivial layout read as its one mode {@code 1:0} (Φ ≡ 0), as the algorithms
     * that walk the modes of coalesce(A) need; returns their number, at least 1.
     */
    public static int modesInto(Layout layout, long[] s, long[] d) {
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
    public static int extendedModesInto(Layout layout, long[] s, long[] d) {
        int n = layout.flatRank();
        int m = 0;
        for (int k = 0; k < n; k++) {
            long sk = layout.flatShape(k);
            m = append(s, d, m, k == n - 1 && sk == 1 ? 2 : sk, layout.flatStride(k));
        }
        return orUnit(s, d, m);
    }

    /**
     * CuTe's {@code coalesce_x(L)} as a layout ({@link #extendedModesInto}): equal to L at every index ≥ 0, L's
     * last flat mode read unbounded; its own last mode is read unbounded too, and its shape is a place holder
     * where L's last flat shape is 1.
     */
    public static Layout coalesceExtended(Layout layout) {
        long[] s = new long[Math.max(layout.flatRank(), 1)];
        long[] d = new long[s.length];
        return layoutOf(s, d, extendedModesInto(layout, s, d));
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

    /** The layout of the first m modes of s, d: {@code 1:0} for none, {@code s:d} for one, flat otherwise. */
    public static Layout layoutOf(long[] s, long[] d, int m) {
        if (m == 0) return Layout.TRIVIAL;
        if (m == 1) return Layout.of(s[0], d[0]);
        return Layout.flat(s, d, m);
    }

    /**
     * CuTe's {@code coalesce(L, profile)}: where the profile is a tuple, mode {@code i} is coalesced by
     * {@code profile_i} and the modes past the profile's rank are kept as they are; where it is an integer, the
     * whole layout is coalesced. The rank of a tuple profile is kept.
     */
    public static Layout coalesce(Layout layout, IntTuple profile) {
        return byProfile("coalesce", layout, profile, Coalesce::coalesce);
    }

    /**
     * CuTe's {@code filter(L, profile)}: where the profile is a tuple, mode {@code i} is filtered by
     * {@code profile_i} and the modes past the profile's rank are kept; where it is an integer, {@link #filter(Layout)}.
     */
    public static Layout filter(Layout layout, IntTuple profile) {
        return byProfile("filter", layout, profile, Coalesce::filter);
    }

    /** The by-profile recursion CuTe's coalesce and filter share: {@code whole} at an integer of the profile. */
    private static Layout byProfile(String op, Layout layout, IntTuple profile, java.util.function.UnaryOperator<Layout> whole) {
        if (profile.isLeaf()) return whole.apply(layout);
        if (layout.rank() < profile.rank() || (layout.isIntegral() && profile.rank() > 1)) {
            throw new LayoutArgumentException(op + " of " + layout + " by profile " + profile
                    + ": the profile has rank " + profile.rank() + " > the layout's rank " + layout.rank());
        }
        List<Layout> modes = new ArrayList<>();
        for (int i = 0; i < layout.rank(); i++) {
            modes.add(i < profile.rank() ? byProfile(op, layout.mode(i), profile.mode(i), whole) : layout.mode(i));
        }
        return Layout.concat(modes);
    }

    /**
     * CuTe's {@code filter(L)}: drops the shape-1 and stride-0 modes, then coalesces. The result's image is
     * that of L, and it is injective when L's non-zero-stride modes are.
     */
    public static Layout filter(Layout layout) {
        int n = layout.flatRank();
        long[] s = new long[n];
        long[] d = new long[n];
        int m = 0;
        for (int k = 0; k < n; k++) {
            if (layout.flatShape(k) == 1 || layout.flatStride(k) == 0) continue;
            s[m] = layout.flatShape(k);
            d[m] = layout.flatStride(k);
            m++;
        }
        return layoutOf(s, d, coalesceInPlace(s, d, m));
    }
}
