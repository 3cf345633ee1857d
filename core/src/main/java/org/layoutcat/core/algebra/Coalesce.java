package org.layoutcat.core.algebra;

import java.util.ArrayList;
import java.util.List;
import org.layoutcat.core.LayoutArgumentException;
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
        int m = coalesceInto(layout, s, d);
        if (m == 0) return Layout.TRIVIAL;
        if (m == 1) return Layout.of(s[0], d[0]);
        return Layout.flat(java.util.Arrays.copyOf(s, m), java.util.Arrays.copyOf(d, m));
    }

    /**
     * The flat modes of {@code coalesce(L)} written into {@code s} and {@code d} (each at least
     * {@code flatRank(L)} long); returns their number, 0 for the trivial layout {@code 1:0}.
     */
    static int coalesceInto(Layout layout, long[] s, long[] d) {
        int n = layout.flatRank();
        int m = 0;
        for (int k = 0; k < n; k++) {
            long sk = layout.flatShape(k);
            long dk = layout.flatStride(k);
            if (sk == 1) continue;
            if (m > 0 && mulFits(s[m - 1], d[m - 1]) && s[m - 1] * d[m - 1] == dk) {
                s[m - 1] = s[m - 1] * sk; // cannot overflow: bounded by size(layout)
            } else {
                s[m] = sk;
                d[m] = dk;
                m++;
            }
        }
        return m;
    }

    private static boolean mulFits(long a, long b) {
        long hi = Math.multiplyHigh(a, b);
        long lo = a * b;
        return (hi == 0 && lo >= 0) || (hi == -1 && lo < 0);
    }

    /**
     * CuTe's {@code coalesce(L, profile)}: where the profile is a tuple, mode {@code i} is coalesced by
     * {@code profile_i} and the modes past the profile's rank are kept as they are; where it is an integer, the
     * whole layout is coalesced. The rank of a tuple profile is kept.
     */
    public static Layout coalesce(Layout layout, IntTuple profile) {
        if (profile.isLeaf()) return coalesce(layout);
        if (layout.rank() < profile.rank() || (layout.shape().isLeaf() && profile.rank() > 1)) {
            throw new LayoutArgumentException("coalesce of " + layout + " by profile " + profile
                    + ": the profile has rank " + profile.rank() + " > the layout's rank " + layout.rank());
        }
        List<Layout> modes = new ArrayList<>();
        for (int i = 0; i < layout.rank(); i++) {
            modes.add(i < profile.rank() ? coalesce(layout.mode(i), profile.mode(i)) : layout.mode(i));
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
        if (m == 0) return Layout.TRIVIAL;
        return coalesce(Layout.flat(java.util.Arrays.copyOf(s, m), java.util.Arrays.copyOf(d, m)));
    }
}
