package org.layoutcat.core.algebra;

import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.InnerSwizzledLayout;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.Swizzle;

/**
 * The inverses of a swizzled layout {@code Sw o off o L} (CuTe's {@code swizzle_layout.hpp}, {@code layout_composed.hpp}):
 * with offset 0, L's inverse with the swizzle passed to the other side, its fields moved through that inverse
 * ({@code Sw' o 0 o L'}); with an offset, CuTe's {@code L' o −off o Sw}, the swizzle first (an
 * {@link InnerSwizzledLayout}). Every answer is checked at every point, from the structure where it decides
 * ({@link RoundTrip}: a swizzle undoing itself, or a round trip linear over F2), else point by point.
 */
final class SwizzledInverse {
    private SwizzledInverse() {}

    /**
     * CuTe's {@code right_inverse} of a swizzled layout with offset 0: {@code right_inverse(L) ∘ Sw}, written with
     * the swizzle outside as {@code Sw' o 0 o R} where R = {@code right_inverse(L)} and Sw' is the swizzle whose
     * fields are R's images of Sw's ({@code make_swizzle<R(Y), R(Z)>}). That holds where R moves Sw's bits as whole
     * bits; the result is checked, {@code this(result(i)) = i} at each of its points.
     *
     * @throws LayoutArgumentException where R's images of the fields are no swizzle's fields, where the result has more
     *         than {@value ComposedLayout#COSIZE_POINTS} points to check, or where it is not a right inverse (with an
     *         offset, CuTe's {@code R o −off o Sw} rarely is: {@code Sw(i) − off} leaves R's domain)
     * @throws ArithmeticException where the extent {@code s·d} reached by a mode of L overflows a long
     */
    static AnyLayout rightInverse(ComposedLayout l) {
        Layout inverse = Inverse.rightInverse(l.inner());
        if (l.offset() != 0) { // CuTe: right_inverse(L) o -off o Sw, checked on right_inverse(L)'s domain
            InnerSwizzledLayout r = new InnerSwizzledLayout(inverse, -l.offset(), l.outer());
            checkInverse(l, "right_inverse", r, inverse.size(), l, r);
            return r;
        }
        ComposedLayout r = passSwizzle(l, "right_inverse", inverse);
        checkInverse(l, "right_inverse", r, r.size(), l, r);
        return plain(r);
    }

    /**
     * CuTe's {@code left_inverse} of a swizzled layout with offset 0, {@code left_inverse(L) ∘ Sw} written as
     * {@code Sw' o 0 o left_inverse(L)} like {@link #rightInverse}; checked, {@code result(this(i)) = i} for every
     * index of this layout.
     *
     * @throws LayoutArgumentException as {@link #rightInverse} does, and where L is not injective
     */
    static AnyLayout leftInverse(ComposedLayout l) {
        Layout inverse = Inverse.injectiveLeftInverse(l.inner());
        if (l.offset() != 0) { // CuTe: left_inverse(L) o -off o Sw, which undoes Sw, then the offset, then L
            InnerSwizzledLayout r = new InnerSwizzledLayout(inverse, -l.offset(), l.outer());
            checkInverse(l, "left_inverse", r, l.size(), r, l);
            return r;
        }
        ComposedLayout r = passSwizzle(l, "left_inverse", inverse);
        checkInverse(l, "left_inverse", r, l.size(), r, l);
        return plain(r);
    }

    /** The inverse as CuTe gives it: {@code composition} with the identity swizzle is the layout itself. */
    private static AnyLayout plain(ComposedLayout r) {
        return r.outer().isIdentity() ? r.inner() : r;
    }

    private static ComposedLayout passSwizzle(ComposedLayout l, String op, Layout r) {
        Swizzle outer = l.outer();
        if (outer.isIdentity()) return new ComposedLayout(outer, 0, r);
        long y, z;
        try {
            y = r.apply(outer.yyyMask());
            z = r.apply(outer.zzzMask());
        } catch (RuntimeException e) {
            throw new LayoutArgumentException(op + " of " + l + ": " + r + " cannot take the swizzle's fields "
                    + outer.yyyMask() + " and " + outer.zzzMask() + " (" + e.getMessage() + ")");
        }
        return new ComposedLayout(Swizzle.fromMasks(y, z, () -> op + " of " + l + " moves the fields of " + outer
                + " through " + r), 0, r);
    }

    /** Checks that {@code outer(inner(i)) = i} for {@code i < points} ({@link RoundTrip}: from the structure where it decides). */
    private static void checkInverse(ComposedLayout l, String op, AnyLayout r, long points, AnyLayout outer, AnyLayout inner) {
        if (points > ComposedLayout.COSIZE_POINTS) {
            throw new LayoutArgumentException(op + " of " + l + " is checked at each of its " + points + " points; more than "
                    + ComposedLayout.COSIZE_POINTS + " are not checked");
        }
        long i;
        try {
            i = RoundTrip.firstMoved(outer, inner, points);
        } catch (LayoutArgumentException outside) { // CuTe's answer is not defined at a point it must take
            throw new LayoutArgumentException(op + " of " + l + ": CuTe's answer " + r + " is not one: " + outside.getMessage(), outside);
        }
        if (i >= 0) {
            throw new LayoutArgumentException(op + " of " + l + ": CuTe's answer " + r + " is not one: the round trip"
                    + " takes " + i + " to " + outer.value(inner.value(org.layoutcat.core.IntTuple.of(i))).value());
        }
    }

}
