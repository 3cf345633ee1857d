package org.layoutcat.core.algebra;

import java.util.ArrayList;
import java.util.List;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.Checked;
import org.layoutcat.core.Layout;

/**
 * Right and left inverses of layouts (CuTe's {@code right_inverse}, {@code left_inverse}).
 */
public final class Inverse {
    private Inverse() {}

    /**
     * The right inverse R: {@code L(R(i)) = i} for every i in [0, size(R)), R as large as the strides allow.
     * Follows the modes of L in increasing stride order from stride 1, each next mode starting where the last
     * ended ({@code d = s_prev·d_prev}); R maps back through L's compact strides. {@code 1:0} when L never
     * reaches offset 1.
     */
    public static Layout rightInverse(Layout layout) {
        int n = layout.flatRank();
        List<long[]> modes = new ArrayList<>(); // (stride, shape, compact stride of the mode)
        long compact = 1;
        for (int k = 0; k < n; k++) {
            long s = layout.flatShape(k);
            if (s != 1) modes.add(new long[] {layout.flatStride(k), s, compact});
            compact = Checked.mul(compact, s, "the size", layout);
        }
        modes.sort((x, y) -> {
            for (int i = 0; i < 3; i++) if (x[i] != y[i]) return Long.compare(x[i], y[i]);
            return 0;
        });
        long[] rs = new long[modes.size()];
        long[] rd = new long[modes.size()];
        int m = 0;
        long current = 1;
        for (long[] mode : modes) {
            if (mode[0] < current) continue; // zero, negative, or a duplicate of a stride already taken
            if (mode[0] != current) break;
            rs[m] = mode[1];
            rd[m] = mode[2];
            m++;
            current = Checked.mul(mode[1], mode[0], "the right inverse", layout);
        }
        if (m == 0) return Layout.TRIVIAL;
        return Coalesce.layoutOf(rs, rd, Coalesce.coalesceInPlace(rs, rd, m));
    }

    /**
     * The left inverse R: {@code R(L(i)) = i} for every i in [0, size(L)). Defined for injective L whose modes
     * nest (the complement exists): {@code R = rightInverse((L, comp(L)))}, as CuTe computes it. Otherwise an
     * IllegalArgumentException saying which condition fails. (An injective L whose modes do not nest may still
     * have a layout left inverse, e.g. (4,4):(16,7) has (2,7,5):(25,-7,8); it is not computed.)
     */
    public static Layout leftInverse(Layout layout) {
        if (!layout.isInjective()) {
            throw new LayoutArgumentException(() -> "left inverse of " + layout + ": the layout is not injective, so no R has"
                    + " R(L(i)) = i");
        }
        Layout comp;
        try {
            comp = Complement.complement(layout, 1);
        } catch (IllegalArgumentException e) {
            throw new LayoutArgumentException(() -> "left inverse of " + layout + ": it is injective but its modes do not"
                    + " nest, so the left inverse rightInverse((L, comp(L))) does not exist — " + e.getMessage(), e);
        }
        return rightInverse(Layout.concat(layout, comp));
    }
}
