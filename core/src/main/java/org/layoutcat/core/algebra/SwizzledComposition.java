package org.layoutcat.core.algebra;

import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.CoordLayout;
import org.layoutcat.core.InnerSwizzledLayout;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.Swizzle;

/**
 * Composition with a swizzled layout on the right (CuTe's {@code layout_composed.hpp} and {@code swizzle_layout.hpp}),
 * B applied first:
 * <ul>
 * <li>{@code A ∘ (Sw o 0 o L) = (A ∘ Sw) ∘ L = Sw' o 0 o (A ∘ L)}, where {@code A ∘ Sw = Sw' ∘ A} moves the swizzle
 *     through A: {@code Sw' = make_swizzle<A(Y), A(Z)>}, the swizzle whose fields are A's images of Sw's fields Y
 *     and Z. That holds where A carries Sw's bits as whole bits ("works in simple cases", CuTe's comment says);
 *     here the answer is checked, {@code R(i) = A(B(i))} at every point of B, and refused where it is wrong. A
 *     nonzero offset of B is refused, as CuTe's {@code static_assert} refuses it.</li>
 * <li>{@code (Sw_A o off o L_A) ∘ B = Sw_A o off o (L_A ∘ B)}: CuTe's answer holds two swizzles,
 *     {@code Sw_A o off o Sw' o 0 o M}, which one swizzled layout holds where they make one function: Sw' is the
 *     identity, or {@code off = 0} and the shifts are equal, where CuTe's {@code composition(Swizzle, Swizzle)}
 *     merges them into {@code make_swizzle<Y ^ Y', Z ^ Z'>} (checked pointwise); equal swizzles cancel, leaving
 *     {@code M}. CuTe C++'s own test composes {@code (Sw<2,0,3> o (8,8):(8,1)) ∘ (Sw<2,0,-3> o (8,8):(8,1))} and
 *     prints {@code Sw<2,0,3> o _0 o Sw<2,0,3> o _0 o (_8,_8):(_1,_8)}, which is {@code (8,8):(1,8)}.</li>
 * </ul>
 * Cost: {@code O(rank(A)·rank(L))} for the composition and {@code O(size(B))} for the check.
 */
final class SwizzledComposition {
    private SwizzledComposition() {}

    /**
     * {@code A ∘ (Sw o 0 o L)}; see the class comment.
     *
     * @throws LayoutArgumentException for a nonzero offset of B, where A ∘ L is refused, where A's images of the
     *         swizzle's fields are no swizzle's fields, where B has more than {@link ComposedLayout#COSIZE_POINTS}
     *         points to check, or where CuTe's answer is not {@code A(B(i))} at a point
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    static AnyLayout compose(Layout a, ComposedLayout b) {
        if (b.offset() != 0) {
            throw new LayoutArgumentException(a + " o " + b + ": CuTe composes a layout with a swizzled layout of offset 0 only"
                    + " (\"Require offset == 0.\"), moving the swizzle through the layout; the offset " + b.offset() + " would sit between them");
        }
        Layout m = Composition.compose(a, b.inner());
        Swizzle moved = moved(a, b.outer(), () -> a + " o " + b);
        AnyLayout r = moved.isIdentity() ? m : new ComposedLayout(moved, 0, m);
        check(a + " o " + b, r, b.size(), i -> a.apply(b.apply(i)));
        return r;
    }

    /**
     * {@code (Sw_A o off o L_A) ∘ B} for a swizzled B; see the class comment.
     *
     * @throws LayoutArgumentException as {@link #compose(Layout, ComposedLayout)}, or where CuTe's answer holds two
     *         swizzles that make no one swizzled layout
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    static AnyLayout compose(ComposedLayout a, ComposedLayout b) {
        AnyLayout inner = compose(a.inner(), b);
        return switch (inner) {
            case Layout m -> a.withInner(m);
            case ComposedLayout c when a.offset() == 0 && c.outer().shift() == a.outer().shift() -> {
                // CuTe's composition(Swizzle, Swizzle) of one shift: Sw(Y ^ Y', Z ^ Z'), so equal swizzles cancel
                Swizzle merged = Swizzle.fromMasks(a.outer().yyyMask() ^ c.outer().yyyMask(), a.outer().zzzMask() ^ c.outer().zzzMask(),
                        () -> a + " o " + b + ": CuTe's answer " + a.outer() + " o 0 o " + c + " merges its two swizzles");
                AnyLayout r = merged.isIdentity() ? c.inner() : new ComposedLayout(merged, 0, c.inner());
                check(a + " o " + b, r, b.size(), i -> a.apply(b.apply(i)));
                yield r;
            }
            case ComposedLayout c -> throw new LayoutArgumentException(a + " o " + b + ": CuTe's answer " + a.outer() + " o "
                    + a.offset() + " o " + c + " holds two swizzles, which make no one swizzled layout here (they merge into one"
                    + " where the offset is 0 and the shifts are equal)");
            case CoordLayout _, InnerSwizzledLayout _ -> throw new IllegalStateException("a composition with a swizzled layout of kind " + inner.kindInWords());
        };
    }

    /** {@code make_swizzle<A(Y), A(Z)>}: the swizzle whose fields are A's images of sw's. */
    private static Swizzle moved(Layout a, Swizzle sw, java.util.function.Supplier<String> what) {
        if (sw.isIdentity()) return sw;
        long y, z;
        try {
            y = a.apply(sw.yyyMask());
            z = a.apply(sw.zzzMask());
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw new LayoutArgumentException(what.get() + ": the layout cannot take the swizzle's fields " + sw.yyyMask() + " and "
                    + sw.zzzMask() + " (" + e.getMessage() + ")");
        }
        return Swizzle.fromMasks(y, z, () -> what.get() + " moves the fields of " + sw + " through the layout");
    }

    /** Refuses CuTe's answer r where it differs from {@code want} at a point of B's domain. */
    private static void check(String what, AnyLayout r, long points, java.util.function.LongUnaryOperator want) {
        if (points > ComposedLayout.COSIZE_POINTS) {
            throw new LayoutArgumentException(what + ": CuTe's answer " + r + " is checked at each of its " + points
                    + " points; more than " + ComposedLayout.COSIZE_POINTS + " are not checked");
        }
        for (long i = 0; i < points; i++) {
            long got = r.value(org.layoutcat.core.IntTuple.of(i)).value();
            long w = want.applyAsLong(i);
            if (got != w) {
                throw new LayoutArgumentException(what + ": CuTe C++ would answer " + r + ", but at index " + i + " it gives " + got
                        + " where A(B(" + i + ")) = " + w + " (the layout does not carry the swizzle's bits as whole bits)");
            }
        }
    }
}
