package org.layoutcat.core.recast;

import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.CoordLayout;
import org.layoutcat.core.GeneralComposedLayout;
import org.layoutcat.core.InnerSwizzledLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.algebra.Coalesce;
import org.layoutcat.core.algebra.Composition;
import org.layoutcat.core.algebra.Inverse;
import org.layoutcat.core.algebra.RoundTrip;

/**
 * How many elements of two layouts correspond contiguously: CuTe's {@code max_common_vector(A, B)} and
 * {@code max_common_layout(A, B)}, the vector width a copy from a tensor of layout A to one of layout B can use
 * (alignment of the pointers aside).
 *
 * <p>With {@code C = coalesce(A ∘ right_inverse(B))}: where C's first mode has stride 1, its extent n is the
 * answer, else 1 (CuTe's "keep only the identity component"). Postconditions (CuTe's): for {@code i < n},
 * {@code A(right_inverse(B)(i)) = i}; and {@code R = max_common_layout(A, B) = right_inverse(B) ∘ C_0} satisfies
 * {@code A(R(i)) = i} and {@code B(R(i)) = i} for {@code i < size(R)}; where C's first stride is not 1, CuTe
 * answers {@code 1:0}. A composition the engine refuses is refused here, with its reason.
 *
 * <p>Cost: a right inverse, a composition and a coalesce (see {@link Composition}).
 */
public final class Vectorization {
    private Vectorization() {}

    /**
     * CuTe's {@code max_common_vector(a, b)} where either is a layout with integer strides or a swizzled one (it is
     * symmetric): no wider than a swizzle's untouched bits, and checked pointwise where a swizzle takes part.
     *
     * @throws LayoutArgumentException as the kinds' own {@code max_common_vector} words it, or for a layout with
     *         scaled-basis strides
     */
    public static long maxCommonVector(AnyLayout a, AnyLayout b) {
        return switch (a) {
            case Layout la -> switch (b) {
                case Layout lb -> maxCommonVector(la, lb);
                case ComposedLayout cb -> maxCommonVector(cb, la);
                case CoordLayout basis -> throw basis(basis, "max_common_vector");
                case InnerSwizzledLayout s -> throw s.refused("max_common_vector");
                case GeneralComposedLayout g -> throw general(g, "max_common_vector");
            };
            case ComposedLayout ca -> switch (b) {
                case Layout lb -> maxCommonVector(ca, lb);
                case ComposedLayout cb -> maxCommonVector(ca, cb);
                case CoordLayout basis -> throw basis(basis, "max_common_vector");
                case InnerSwizzledLayout s -> throw s.refused("max_common_vector");
                case GeneralComposedLayout g -> throw general(g, "max_common_vector");
            };
            case CoordLayout basis -> throw basis(basis, "max_common_vector");
            case InnerSwizzledLayout s -> throw s.refused("max_common_vector");
            case GeneralComposedLayout g -> throw general(g, "max_common_vector");
        };
    }

    /**
     * CuTe's {@code max_common_layout(a, b)} where one side may be swizzled (CuTe's is taken with the swizzled layout
     * first), truncated to the swizzle's untouched bits and checked pointwise.
     *
     * @throws LayoutArgumentException as the kinds' own {@code max_common_layout} words it, where both are swizzled,
     *         or for a layout with scaled-basis strides
     */
    public static Layout maxCommonLayout(AnyLayout a, AnyLayout b) {
        return switch (a) {
            case Layout la -> switch (b) {
                case Layout lb -> maxCommonLayout(la, lb);
                case ComposedLayout cb -> maxCommonLayout(cb, la);
                case CoordLayout basis -> throw basis(basis, "max_common_layout");
                case InnerSwizzledLayout s -> throw s.refused("max_common_layout");
                case GeneralComposedLayout g -> throw general(g, "max_common_layout");
            };
            case ComposedLayout ca -> switch (b) {
                case Layout lb -> maxCommonLayout(ca, lb);
                case ComposedLayout cb -> throw AnyLayout.refuse("max_common_layout", cb, "the common layout of two"
                        + " swizzled layouts is not taken here; give one of them as its inner layout");
                case CoordLayout basis -> throw basis(basis, "max_common_layout");
                case InnerSwizzledLayout s -> throw s.refused("max_common_layout");
                case GeneralComposedLayout g -> throw general(g, "max_common_layout");
            };
            case CoordLayout basis -> throw basis(basis, "max_common_layout");
            case InnerSwizzledLayout s -> throw s.refused("max_common_layout");
            case GeneralComposedLayout g -> throw general(g, "max_common_layout");
        };
    }

    private static LayoutArgumentException general(GeneralComposedLayout g, String op) {
        return g.refused(op, "CuTe's " + op + " takes a layout or a swizzled layout Sw o off o L (a general composed layout's is"
                + " CuTe's max_alignment 1: \"Do not attempt for general ComposedLayouts\")");
    }

    private static LayoutArgumentException basis(CoordLayout l, String op) {
        return AnyLayout.refuse(op, l, "its values are coordinates, not offsets a vector moves through");
    }

    /**
     * {@code max_common_vector(A, B)}: the n of the class comment, at least 1.
     *
     * @throws LayoutArgumentException where the composition of A with {@code right_inverse(B)} is refused (see {@link
     *         Composition#compose(Layout, Layout)}), with the reason
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public static long maxCommonVector(Layout a, Layout b) {
        Layout c = common(a, b, "max_common_vector");
        Layout first = c.isIntegral() ? c : c.mode(0);
        return first.flatStride(0) == 1 && first.flatRank() == 1 ? first.size() : 1;
    }

    /**
     * {@code max_common_layout(A, B)}: {@code right_inverse(B) ∘ C_0} where C's first stride is 1, else {@code 1:0}.
     *
     * @throws LayoutArgumentException where the composition of A with {@code right_inverse(B)} is refused (see {@link
     *         Composition#compose(Layout, Layout)}), with the reason
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public static Layout maxCommonLayout(Layout a, Layout b) {
        Layout inv = Inverse.rightInverse(b);
        Layout c = common(a, inv, b, "max_common_layout");
        Layout first = c.isIntegral() ? c : c.mode(0);
        if (first.flatRank() == 1 && first.flatStride(0) == 1) return Composition.compose(inv, first);
        return Layout.TRIVIAL;
    }

    private static Layout common(Layout a, Layout b, String op) {
        return common(a, Inverse.rightInverse(b), b, op);
    }

    private static Layout common(Layout a, Layout inv, Layout b, String op) {
        try {
            return Coalesce.coalesce(Composition.compose(a, inv));
        } catch (IllegalArgumentException e) {
            throw new LayoutArgumentException(() -> op + " of " + a + " and " + b + " composes A with right_inverse(B) = " + inv
                    + ": " + e.getMessage(), e);
        }
    }

    /**
     * CuTe's {@code max_common_vector(this, b)}: {@code min(max_common_vector(L, b), 2^M)}, the elements a vector
     * copy may move at once, no wider than the swizzle's untouched bits. CuTe assumes the offset leaves those bits
     * alone; here the answer is checked, {@code this(right_inverse(b)(i)) = i} for {@code i < n}.
     *
     * @throws LayoutArgumentException where that check fails (the offset breaks the vector), with the index, or
     *         where the composition of L with {@code right_inverse(b)} is refused (see {@link #maxCommonVector(Layout, Layout)})
     */
    static long maxCommonVector(ComposedLayout a, Layout b) {
        long n = Math.min(maxCommonVector(a.inner(), b), 1L << a.outer().base());
        checkCommon(a, "max_common_vector", b, n);
        return n;
    }

    /**
     * CuTe's {@code max_common_vector} of two composed layouts: L's and b's inner layouts' common vector, no wider
     * than either swizzle's untouched bits unless the swizzles are equal; checked,
     * {@code this(b.right_inverse(i)) = i} for {@code i < n} where b has a right inverse here.
     *
     * @throws LayoutArgumentException where the composition of the inner layouts is refused (see {@link
     *         #maxCommonVector(Layout, Layout)}), b has no right inverse here (see {@link Inverse#rightInverse(AnyLayout)}), or the check
     *         fails, with the index
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    static long maxCommonVector(ComposedLayout a, ComposedLayout b) {
        long n = maxCommonVector(a.inner(), b.inner());
        if (!a.outer().equals(b.outer())) n = Math.min(n, Math.min(1L << a.outer().base(), 1L << b.outer().base()));
        if (a.offset() != b.offset()) n = Math.min(n, 1L << Math.min(a.outer().base(), b.outer().base()));
        AnyLayout r = Inverse.rightInverse(b);
        long i = RoundTrip.firstMoved(a, r, n);
        if (i >= 0) {
            throw new LayoutArgumentException("max_common_vector of " + a + " and " + b + ": CuTe's " + n
                    + " elements are not common: at " + i + " the first takes " + a.apply(r.value(IntTuple.of(i)).value()));
        }
        return n;
    }

    /**
     * CuTe's {@code max_common_layout(this, b)}: L's common layout with b, truncated to {@code 2^M} elements;
     * checked like {@link #maxCommonVector(ComposedLayout, Layout)}.
     *
     * @throws LayoutArgumentException where the composition is refused (see {@link #maxCommonLayout(Layout, Layout)}) or
     *         the check fails, with the index
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    static Layout maxCommonLayout(ComposedLayout a, Layout b) {
        Layout common = maxCommonLayout(a.inner(), b);
        long base = 1L << a.outer().base();
        Layout r = base < common.size() ? Composition.compose(common, Layout.of(base, 1)) : common;
        long i = common.size() > 1 ? RoundTrip.firstMoved(a, r, r.size()) : -1; // CuTe's 1:0 means "none"
        if (i >= 0) {
            throw new LayoutArgumentException("max_common_layout of " + a + " and " + b + ": CuTe's " + r
                    + " is not common: this layout takes " + a.apply(r.apply(i)) + " at its index " + i);
        }
        return r;
    }

    private static void checkCommon(ComposedLayout a, String op, Layout b, long n) {
        Layout r = Inverse.rightInverse(b);
        long i = RoundTrip.firstMoved(a, r, n);
        if (i >= 0) {
            throw new LayoutArgumentException(op + " of " + a + " and " + b + ": CuTe's " + n + " elements are not"
                    + " common: at " + i + " this layout takes " + a.apply(r.apply(i)) + " (the offset " + a.offset()
                    + " moves the swizzle's bits)");
        }
    }

}
