package org.layoutcat.core.algebra;

import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.CoordLayout;
import org.layoutcat.core.GeneralComposedLayout;
import org.layoutcat.core.InnerSwizzledLayout;
import org.layoutcat.core.IntTuple;
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
 *     here the answer is checked, {@code R(i) = A(B(i))} at every point of B. Where it is wrong, or A's images are
 *     no swizzle's fields (CuTe's {@code static_assert}), the answer is CuTe's composed layout {@code A o 0 o B}
 *     ({@link GeneralComposedLayout}), which is A(B(i)) by definition. A nonzero offset of B is refused, as CuTe's
 *     {@code static_assert} refuses it.</li>
 * <li>{@code (Sw_A o off o L_A) ∘ B = Sw_A o off o (L_A ∘ B)}: CuTe's answer holds two swizzles,
 *     {@code Sw_A o off o Sw' o 0 o M}, which one swizzled layout holds where they make one function: Sw' is the
 *     identity, or {@code off = 0} and the shifts are equal, where CuTe's {@code composition(Swizzle, Swizzle)}
 *     merges them into {@code make_swizzle<Y ^ Y', Z ^ Z'>} (checked pointwise); equal swizzles cancel, leaving
 *     {@code M}. CuTe C++'s own test composes {@code (Sw<2,0,3> o (8,8):(8,1)) ∘ (Sw<2,0,-3> o (8,8):(8,1))} and
 *     prints {@code Sw<2,0,3> o _0 o Sw<2,0,3> o _0 o (_8,_8):(_1,_8)}, which is {@code (8,8):(1,8)}. Where the two
 *     make no one swizzle, CuTe's answer is the composed layout it prints ({@link GeneralComposedLayout}).</li>
 * <li>{@code A ∘ (X o 0 o Y)} for a general composed B: CuTe's {@code composition(composition(A, X), Y)}, the same
 *     moving of a swizzle X through A.</li>
 * </ul>
 * Cost: {@code O(rank(A)·rank(L))} for the composition and {@code O(size(B))} for the check.
 */
final class SwizzledComposition {
    private SwizzledComposition() {}

    /**
     * {@code A ∘ (Sw o 0 o L)}; see the class comment.
     *
     * @throws LayoutArgumentException for a nonzero offset of B, or where A ∘ L is refused
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    static AnyLayout compose(Layout a, ComposedLayout b) {
        if (b.offset() != 0) {
            throw new LayoutArgumentException(a + " o " + b + ": CuTe composes a layout with a swizzled layout of offset 0 only"
                    + " (\"Require offset == 0.\"), moving the swizzle through the layout; the offset " + b.offset() + " would sit between them");
        }
        Layout m = Composition.compose(a, b.inner());
        Swizzle moved = movedOrNull(a, b.outer());
        if (moved == null) return GeneralComposedLayout.of(a, 0, b);
        AnyLayout r = moved.isIdentity() ? m : new ComposedLayout(moved, 0, m);
        return agrees(r, b.size(), i -> a.apply(b.apply(i))) ? r : GeneralComposedLayout.of(a, 0, b);
    }

    /**
     * {@code A ∘ (X o 0 o Y)} for a layout A (of integer or scaled-basis strides) and a general composed B, as CuTe's
     * {@code composition(Layout, ComposedLayout) = composition(composition(A, X), Y)}: a layout X is composed into A,
     * a swizzle X moved through A, where that gives A(B(i)) at every point of B (checked: {@code A ∘ X} is A(X(c)) on
     * X's domain only, and Y's values may pass it), and otherwise the answer is the composed layout {@code A o 0 o B},
     * which is A(B(i)) by definition (B without a shape, or with coordinates for values, too).
     *
     * @throws LayoutArgumentException for a nonzero offset of B (CuTe's {@code static_assert}), or a swizzle X under a
     *         layout of scaled-basis strides (its fields' images are coordinates, no swizzle's)
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    static AnyLayout compose(AnyLayout a, GeneralComposedLayout b) {
        if (b.offset() != 0) {
            throw new LayoutArgumentException(a + " o " + b + ": CuTe composes a layout with a composed layout of offset 0 only"
                    + " (\"Require offset == 0.\"), composing the layout with the composed layout's outer function; the offset " + b.offset()
                    + " would sit between them");
        }
        AnyLayout lazy = GeneralComposedLayout.of(a, 0, b);
        if (!b.hasShape() || !GeneralComposedLayout.valuesAreOffsets(b)) return lazy;
        return switch (b.layoutA()) {
            case AnyLayout x -> {
                // A ∘ X agrees with A(X(c)) on X's domain only, and B's values may pass it: checked
                AnyLayout r;
                try {
                    r = Composition.compose(Composition.compose(a, x), b.layoutB());
                } catch (LayoutArgumentException refused) {
                    yield lazy;
                }
                yield a instanceof Layout l && agrees(r, b.size(), i -> l.apply(b.apply(i))) ? r : lazy;
            }
            case Swizzle sw -> switch (a) {
                case Layout l -> {
                    Swizzle moved = movedOrNull(l, sw);
                    if (moved == null) yield lazy;
                    AnyLayout m;
                    try {
                        m = Composition.compose(l, b.layoutB());
                    } catch (LayoutArgumentException refused) {
                        yield lazy;
                    }
                    AnyLayout r = moved.isIdentity() ? m : GeneralComposedLayout.of(moved, 0, m);
                    yield agrees(r, b.size(), i -> l.apply(b.apply(i))) ? r : lazy;
                }
                case CoordLayout _, ComposedLayout _, InnerSwizzledLayout _, GeneralComposedLayout _ -> throw AnyLayout.refuse("composition", a,
                        "the composed layout " + b + " it meets has a swizzle outside, whose fields a layout with scaled-basis strides maps to"
                        + " coordinates, no swizzle's fields");
            };
        };
    }

    /**
     * {@code Sw o off o L} after a composition {@code L ∘ B} already made: the swizzled layout with that inner layout
     * where it is one (its pointer form kept), else the composed layout {@code Sw o off o (L ∘ B)}, as CuTe's
     * {@code composition(a.layout_a(), a.offset(), composition(a.layout_b(), b))} holds it.
     */
    static AnyLayout after(ComposedLayout a, AnyLayout innerComposed) {
        return innerComposed instanceof Layout m ? a.withInner(m) : GeneralComposedLayout.of(a.outer(), a.offset(), innerComposed);
    }

    /**
     * {@code (Sw_A o off o L_A) ∘ B} for a swizzled B; see the class comment.
     *
     * @throws LayoutArgumentException as {@link #compose(Layout, ComposedLayout)}
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
                yield agrees(r, b.size(), i -> a.apply(b.apply(i))) ? r : after(a, c);
            }
            // CuTe's answer Sw_A o off o Sw' o 0 o M: two swizzles that make no one, held as a composed layout
            case ComposedLayout c -> after(a, c);
            case GeneralComposedLayout g -> after(a, g);
            case CoordLayout _, InnerSwizzledLayout _ -> throw new IllegalStateException("a composition with a swizzled layout of kind " + inner.kindInWords());
        };
    }

    /**
     * {@code make_swizzle<A(Y), A(Z)>}: the swizzle whose fields are A's images of sw's, or null where A cannot take
     * the fields or their images are no swizzle's fields (CuTe's {@code static_assert} there).
     */
    private static Swizzle movedOrNull(Layout a, Swizzle sw) {
        if (sw.isIdentity()) return sw;
        try {
            long y = a.apply(sw.yyyMask());
            long z = a.apply(sw.zzzMask());
            return Swizzle.fromMasks(y, z, () -> a + " moves the fields of " + sw);
        } catch (IllegalArgumentException | ArithmeticException e) {
            return null;
        }
    }

    /**
     * Whether CuTe's answer r equals {@code want} at every point of B's domain (at most
     * {@link ComposedLayout#COSIZE_POINTS} points; false past that, where it is not checked).
     */
    private static boolean agrees(AnyLayout r, long points, java.util.function.LongUnaryOperator want) {
        if (points > ComposedLayout.COSIZE_POINTS) return false;
        for (long i = 0; i < points; i++) {
            if (r.value(IntTuple.of(i)).value() != want.applyAsLong(i)) return false;
        }
        return true;
    }
}
