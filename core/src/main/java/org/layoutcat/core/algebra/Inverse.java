package org.layoutcat.core.algebra;

import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.CoordLayout;
import org.layoutcat.core.InnerSwizzledLayout;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.internal.Checked;
import org.layoutcat.core.internal.Flat;
import org.layoutcat.core.internal.FlatModes;
import org.layoutcat.core.internal.ModeOrder;

/**
 * Right and left inverses of layouts (CuTe's {@code right_inverse}, {@code left_inverse}).
 */
public final class Inverse {
    private Inverse() {}

    /**
     * The right inverse of a layout with integer strides or of a swizzled one with offset 0
     * ({@code Sw' o 0 o right_inverse(L)}, checked pointwise; see {@link SwizzledInverse}).
     *
     * @throws LayoutArgumentException for a layout with scaled-basis strides, or where a swizzled layout's inverse is
     *         refused (a nonzero offset, fields no swizzle has, a failed check)
     * @throws ArithmeticException where the extent {@code s·d} reached by a mode overflows a long
     */
    public static AnyLayout rightInverse(AnyLayout layout) {
        return switch (layout) {
            case Layout integer -> rightInverse(integer);
            case ComposedLayout swizzled -> SwizzledInverse.rightInverse(swizzled);
            case CoordLayout basis -> throw AnyLayout.refuse("right_inverse", basis, "its values are coordinates, and an"
                    + " inverse maps offsets back to indices");
            case InnerSwizzledLayout s -> throw s.refused("right_inverse");
        };
    }

    /**
     * The left inverse of an injective layout with integer strides or of a swizzled one with offset 0.
     *
     * @throws LayoutArgumentException for a layout with scaled-basis strides, a layout that is not injective, or where
     *         a swizzled layout's inverse is refused
     * @throws ArithmeticException where an extent overflows a long
     */
    public static AnyLayout leftInverse(AnyLayout layout) {
        return switch (layout) {
            case Layout integer -> leftInverse(integer);
            case ComposedLayout swizzled -> SwizzledInverse.leftInverse(swizzled);
            case CoordLayout basis -> throw AnyLayout.refuse("left_inverse", basis, "its values are coordinates, and an"
                    + " inverse maps offsets back to indices");
            case InnerSwizzledLayout s -> throw s.refused("left_inverse");
        };
    }

    /**
     * The right inverse R: {@code L(R(i)) = i} for every i in [0, size(R)), R as large as the strides allow.
     * Follows the modes of L in increasing stride order from stride 1, each next mode starting where the last
     * ended ({@code d = s_prev·d_prev}); R maps back through L's compact strides. {@code 1:0} when L never
     * reaches offset 1.
     *
     * @throws ArithmeticException where the extent {@code s·d} reached by a mode overflows a long
     */
    public static Layout rightInverse(Layout layout) {
        int n = layout.flatRank();
        long[] shape = layout.flatShapes();
        long[] stride = layout.flatStrides();
        long[] compact = new long[n]; // the compact stride of each mode, increasing with its index
        int[] order = new int[n];
        int nontrivial = 0;
        long c = 1;
        for (int k = 0; k < n; k++) {
            compact[k] = c;
            if (shape[k] != 1) order[nontrivial++] = k;
            c = Checked.mul(c, shape[k], "the size", layout);
        }
        ModeOrder.sort(order, nontrivial, ModeOrder.byStrideThenShape(shape, stride)); // ties: the compact stride
        long[] rs = new long[nontrivial];
        long[] rd = new long[nontrivial];
        int m = 0;
        long current = 1;
        for (int i = 0; i < nontrivial; i++) {
            int k = order[i];
            if (stride[k] < current) continue; // zero, negative, or a duplicate of a stride already taken
            if (stride[k] != current) break;
            rs[m] = shape[k];
            rd[m] = compact[k];
            m++;
            current = Checked.mul(shape[k], stride[k], "the right inverse", layout);
        }
        if (m == 0) return Layout.TRIVIAL;
        return Layout.of(new Flat(rs, rd, FlatModes.coalesceInPlace(rs, rd, m)));
    }

    /**
     * The left inverse R: {@code R(L(i)) = i} for every i in [0, size(L)); defined for injective L. CuTe C++'s
     * algorithm: coalesce L to {@code (s_k):(d_k)} with prefix products {@code p_k}, visit its modes by increasing
     * stride, and for each non-zero stride d append the mode {@code (d / Π shapes so far) : p_k} (d must be a
     * multiple of that product: CuTe's left-inverse divisibility condition), after a first mode of stride 0; the
     * last mode visited adds its shape. So {@code left_inverse((4,2):(1,5)) = (5,2):(1,4)}: modes that do not nest
     * are fine as long as L is injective. With the divisibility condition, L is injective exactly when each
     * visited mode ends at or below the next stride ({@code s·d ≤ d_next}) and no mode of size above 1 has
     * stride 0; CuTe returns a quasi-inverse for the others, refused here since no R has R(L(i)) = i.
     *
     * @throws LayoutArgumentException where L is not injective (a mode of size above 1 with stride 0, or a stride below
     *         where the smaller modes end), has a negative stride, or a stride that is not a multiple of the product of
     *         the inverse's modes so far (CuTe's left-inverse divisibility condition)
     * @throws ArithmeticException where the extent {@code s·d} reached by a mode overflows a long
     */
    public static Layout leftInverse(Layout layout) {
        int n = layout.flatRank();
        long[] s = new long[Math.max(n, 1)];
        long[] d = new long[s.length];
        int m = FlatModes.modesInto(layout.flatModes(), s, d);
        long[] prefix = new long[m];
        long p = 1;
        for (int k = 0; k < m; k++) {
            prefix[k] = p;
            p = Checked.mul(p, s[k], "the size", layout);
        }
        int[] order = ModeOrder.identity(m);
        ModeOrder.sort(order, m, ModeOrder.byStride(d)); // stable, as CuTe's sort by key
        long[] rs = new long[m + 1];
        long[] rd = new long[m + 1];
        int r = 0;
        rd[0] = 0;
        long product = 1; // Π rs so far
        long span = 0; // s·d of the last mode visited with a non-zero stride
        for (int i = 0; i < m; i++) {
            int k = order[i];
            long dk = d[k];
            if (dk == 0) {
                if (s[k] != 1) throw notInjective(layout, "mode " + s[k] + ":0 repeats every value " + s[k] + " times");
                continue;
            }
            if (dk < 0) {
                throw new LayoutArgumentException(() -> "left inverse of " + layout + ": stride " + dk + " makes L take"
                        + " negative values, which no layout's domain holds");
            }
            if (dk % product != 0) {
                long q = product;
                throw new LayoutArgumentException(() -> "left inverse of " + layout + ": stride " + dk + " is not a"
                        + " multiple of " + q + ", the product of the inverse's modes so far (CuTe's left-inverse"
                        + " divisibility condition), so no layout R has R(L(i)) = i");
            }
            if (dk < span) {
                long before = span;
                throw notInjective(layout, "after sorting by stride, stride " + dk + " is below " + before
                        + ", where the smaller modes end, so two coordinates reach the same offset");
            }
            rs[r] = dk / product;
            product = dk;
            rd[++r] = prefix[k];
            span = Checked.mul(s[k], dk, "the left inverse", layout);
        }
        rs[r] = s[order[m - 1]];
        return Layout.of(new Flat(rs, rd, FlatModes.coalesceInPlace(rs, rd, r + 1)));
    }

    private static LayoutArgumentException notInjective(Layout layout, String why) {
        return new LayoutArgumentException(() -> "left inverse of " + layout + ": the layout is not injective (" + why
                + "), so no R has R(L(i)) = i");
    }
}
