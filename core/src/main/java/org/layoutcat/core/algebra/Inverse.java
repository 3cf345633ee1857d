package org.layoutcat.core.algebra;

import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.CoordLayout;
import org.layoutcat.core.GeneralComposedLayout;
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
            case GeneralComposedLayout g -> throw g.refused("right_inverse", "layoutcat inverts a layout and a swizzled layout Sw o off o L;"
                    + " CuTe's inverse of a general composed layout, composition(right_inverse(B), -offset, right_inverse(A)), is not taken");
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
            case GeneralComposedLayout g -> throw g.refused("left_inverse", "layoutcat inverts a layout and a swizzled layout Sw o off o L;"
                    + " CuTe's inverse of a general composed layout, composition(left_inverse(B), -offset, left_inverse(A)), is not taken");
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
     * The most offsets (L's cosize) at which the quasi-inverse of a layout that is not injective is checked, 2^20: the
     * check walks L's image, a bit per offset, and takes a few milliseconds there.
     */
    public static final long QUASI_INVERSE_COSIZE = 1L << 20;

    /**
     * CuTe C++'s {@code left_inverse(L)}: the left inverse R, {@code R(L(i)) = i} for every i in [0, size(L)), where L
     * is injective; where it is not, CuTe's quasi-inverse, {@code L(R(L(i))) = L(i)} for every i in [0, size(L))
     * (CuTe's documented post-condition; layouts read past their size along their last mode, as CuTe evaluates them).
     * CuTe's algorithm: coalesce L to {@code (s_k):(d_k)} with prefix products {@code p_k}, visit its modes by
     * increasing stride, and for each non-zero stride d append the mode {@code (d / Π shapes so far) : p_k} (d must be
     * a multiple of that product: CuTe's left-inverse divisibility condition), after a first mode of stride 0; the last
     * mode visited adds its shape. So {@code left_inverse((4,2):(1,5)) = (5,2):(1,4)}, and for layouts that are not
     * injective {@code left_inverse(4:0) = 4:0}, {@code left_inverse((4,4,3):(4,8,8)) = (4,2,3):(0,1,16)} (CuTe C++'s
     * printouts). CuTe returns its layout also where it is not even a quasi-inverse
     * ({@code left_inverse((3,3):(8,4)) = (4,2,3):(0,3,1)}, whose round trip takes L's offset 24 to 4): refused
     * here, naming the offset. The quasi-inverse is checked on L's image where L is not injective (with the
     * divisibility condition, L is injective exactly when each visited mode ends at or below the next stride,
     * {@code s·d ≤ d_next}, and no mode of size above 1 has stride 0).
     *
     * <p>Cost: {@code O(r²)} for r flat modes where L is injective; otherwise also {@code O(cosize(L)·r)} time and
     * {@code cosize(L)} bits, for a cosize up to {@link #QUASI_INVERSE_COSIZE}, refused beyond it.
     *
     * @throws LayoutArgumentException where L has a negative stride, or a stride that is not a multiple of the product of
     *         the inverse's modes so far (CuTe's left-inverse divisibility condition, a static_assert in CuTe C++), or
     *         where L is not injective and CuTe's answer is not a quasi-inverse or L's cosize is past
     *         {@link #QUASI_INVERSE_COSIZE}
     * @throws ArithmeticException where the extent {@code s·d} reached by a mode overflows a long
     */
    public static Layout leftInverse(Layout layout) {
        CuTeLeftInverse walk = cuteLeftInverse(layout);
        if (walk.notInjective() != null) checkQuasiInverse(layout, walk.result(), walk.notInjective());
        return walk.result();
    }

    /**
     * The left inverse in the strict sense: {@link #leftInverse(Layout)} where L is injective, so that
     * {@code R(L(i)) = i} for every i in [0, size(L)); refused where L is not injective.
     *
     * @throws LayoutArgumentException where L is not injective (a mode of size above 1 with stride 0, or a stride below
     *         where the smaller modes end), and as {@link #leftInverse(Layout)}
     * @throws ArithmeticException where the extent {@code s·d} reached by a mode overflows a long
     */
    public static Layout injectiveLeftInverse(Layout layout) {
        CuTeLeftInverse walk = cuteLeftInverse(layout);
        if (walk.notInjective() != null) throw notInjective(layout, walk.notInjective());
        return walk.result();
    }

    /** CuTe's layout for left_inverse(L), and why L is not injective (null where it is). */
    private record CuTeLeftInverse(Layout result, String notInjective) {}

    private static CuTeLeftInverse cuteLeftInverse(Layout layout) {
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
        String notInjective = null;
        for (int i = 0; i < m; i++) {
            int k = order[i];
            long dk = d[k];
            if (dk == 0) {
                if (s[k] != 1 && notInjective == null) notInjective = "mode " + s[k] + ":0 repeats every value " + s[k] + " times";
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
            if (dk < span && notInjective == null) {
                notInjective = "after sorting by stride, stride " + dk + " is below " + span
                        + ", where the smaller modes end, so two coordinates reach the same offset";
            }
            rs[r] = dk / product;
            product = dk;
            rd[++r] = prefix[k];
            span = Checked.mul(s[k], dk, "the left inverse", layout);
        }
        rs[r] = s[order[m - 1]];
        return new CuTeLeftInverse(Layout.of(new Flat(rs, rd, FlatModes.coalesceInPlace(rs, rd, r + 1))), notInjective);
    }

    /**
     * Checks CuTe's post-condition {@code L(R(x)) = x} at every offset x that L reaches (its image, enumerated as a
     * set of bits over [0, cosize(L)) from L's modes, each mode's arithmetic progression added by doubling).
     */
    private static void checkQuasiInverse(Layout layout, Layout r, String why) {
        long cosize = layout.cosize();
        if (cosize > QUASI_INVERSE_COSIZE) {
            throw new LayoutArgumentException(() -> "left inverse of " + layout + ": the layout is not injective (" + why
                    + "), so CuTe's answer " + r + " is a quasi-inverse at best, L(R(L(i))) = L(i), which is checked"
                    + " over L's offsets up to a cosize of " + QUASI_INVERSE_COSIZE + "; this cosize is " + cosize);
        }
        long[] image = image(layout, (int) cosize);
        for (int w = 0; w < image.length; w++) {
            for (long bits = image[w]; bits != 0; bits &= bits - 1) {
                long x = 64L * w + Long.numberOfTrailingZeros(bits);
                long back;
                try {
                    back = layout.apply(r.apply(x));
                } catch (ArithmeticException e) {
                    back = -1; // past the 64-bit range: not x
                }
                if (back != x) {
                    long y = back;
                    throw new LayoutArgumentException(() -> "left inverse of " + layout + ": the layout is not injective ("
                            + why + "), and CuTe's answer " + r + " is not even a quasi-inverse: L(R(x)) = x fails at"
                            + " the offset x = " + x + " that L reaches (R(x) = " + r.apply(x) + ", L(R(x)) = "
                            + (y < 0 ? "past 2^63 - 1" : y) + "), so no layout is returned");
                }
            }
        }
    }

    /** The offsets L reaches, as bits over [0, cosize): L's non-negative strides assumed. */
    private static long[] image(Layout layout, int cosize) {
        long[] set = new long[(cosize + 63) >>> 6];
        set[0] = 1; // offset 0
        long[] acc = new long[set.length];
        for (int k = 0; k < layout.flatRank(); k++) {
            long s = layout.flatShape(k);
            long d = layout.flatStride(k);
            if (s <= 1 || d == 0) continue;
            // set ← set + {0, d, ..., (s−1)·d}: T(a+b) = T(a) ∪ (T(b) << a·d), with T(2^j) built by doubling
            long[] power = set.clone(); // T(len)
            long len = 1;
            java.util.Arrays.fill(acc, 0);
            long done = 0; // acc = T(done)
            for (long rest = s; rest != 0; rest >>>= 1) {
                if ((rest & 1) != 0) {
                    orShifted(acc, power, done * d);
                    done += len;
                }
                if (rest > 1) {
                    orShifted(power, power.clone(), len * d);
                    len *= 2;
                }
            }
            System.arraycopy(acc, 0, set, 0, set.length);
        }
        return set;
    }

    /** {@code dst ← dst ∪ (src << shift)} over the bits below 64·dst.length. */
    private static void orShifted(long[] dst, long[] src, long shift) {
        int n = dst.length;
        if (shift >= 64L * n) return;
        int words = (int) (shift >>> 6);
        int bits = (int) (shift & 63);
        for (int w = n - 1; w >= words; w--) {
            long v = src[w - words] << bits;
            if (bits != 0 && w - words - 1 >= 0) v |= src[w - words - 1] >>> (64 - bits);
            dst[w] |= v;
        }
    }

    private static LayoutArgumentException notInjective(Layout layout, String why) {
        return new LayoutArgumentException(() -> "left inverse of " + layout + ": the layout is not injective (" + why
                + "), so no R has R(L(i)) = i");
    }
}
