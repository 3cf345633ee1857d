package org.layoutcat.core.algebra;

import org.layoutcat.core.Layout;
import org.layoutcat.core.internal.Flat;

/**
 * CuTe's {@code nullspace(L)}, the kernel of a layout: the layout of the indices of L whose coordinates move only
 * in L's stride-0 modes.
 *
 * <p>Definition: with L's flat modes {@code s_k:d_k} and {@code c_k} the compact column-major strides of the flat
 * shape (0 where {@code s_k = 1}, as CuTe's {@code compact_col_major}), the result is the flat layout of the modes
 * {@code s_k:c_k} with {@code d_k = 0}, one mode unwrapped to {@code s:c}, none giving {@code 1:0}.
 * Postconditions (CuTe's): {@code L(result(i)) = 0} for {@code i < size(result)};
 * {@code size(result) = size(L) / size(filter(L))}; and {@code nullspace(result)} has size 1 (CuTe states
 * {@code = 1:0}, which holds but for the extent-1 stride-0 modes it keeps, as CuTe does:
 * {@code nullspace((1,1):(0,0)) = (1,1):(0,0)}).
 * Cost: {@code O(flatRank(L))}.
 */
public final class Nullspace {
    private Nullspace() {}

    /** {@code nullspace(L)}; see the class comment. */
    public static Layout nullspace(Layout l) {
        int n = l.flatRank();
        long[] s = new long[n];
        long[] d = new long[n];
        int m = 0;
        long current = 1;
        for (int k = 0; k < n; k++) {
            long sk = l.flatShape(k);
            if (l.flatStride(k) == 0) {
                s[m] = sk;
                d[m] = sk == 1 ? 0 : current;
                m++;
            }
            if (sk != 1) current *= sk; // cannot overflow: bounded by size(L)
        }
        if (m == 0) return Layout.TRIVIAL;
        return Layout.of(new Flat(s, d, m));
    }
}
