package org.layoutcat.core.algebra;

import java.util.function.LongUnaryOperator;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.CoordLayout;
import org.layoutcat.core.GeneralComposedLayout;
import org.layoutcat.core.InnerSwizzledLayout;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.Swizzle;
import org.layoutcat.core.f2.F2View;

/**
 * Whether the round trip {@code A(B(i))} fixes every index {@code i < n}: the check of a swizzled layout's inverse and
 * of a common vector, answered from the layouts' structure where it decides, point by point where it does not.
 *
 * <p>Two structures decide it without visiting the points:
 * <ul>
 * <li><b>Swizzles alone.</b> A layout {@code Sw o 0 o L} whose L is column-major and compact, its last mode's stride
 * the product of the extents before it, is the swizzle itself at every offset ≥ 0 (a layout's last mode is unbounded,
 * so L is {@code x ↦ x} past its size too). Where A and B
 * are both such, {@code A(B(i)) = Sw_A(Sw_B(i))}, which is i for every i where the swizzles are the same map: a
 * swizzle {@code x ⊕ ((x ∧ Y) ≫ S)} with {@code |S| ≥ B} leaves its read bits Y alone, so it undoes itself.</li>
 * <li><b>Linear over F2.</b> Where A and B are linear over F2 on their index bits ({@link F2View}), n is a power of
 * two no larger than B's size and B's images of the bits below n lie below A's size (a power of two, so every XOR
 * of them does too), {@code A ∘ B} is linear on {@code [0, n)}; a linear map is the identity there exactly where it
 * fixes each bit {@code 2^j < n}.</li>
 * </ul>
 * Otherwise, and to name the first index moved where a structure shows there is one, every point is visited.
 *
 * <p>Cost: O(ranks + log n) where a structure decides, else O(n) evaluations.
 */
public final class RoundTrip {
    private RoundTrip() {}

    /**
     * The first {@code i < n} with {@code a(b(i)) ≠ i}, or −1 where there is none.
     *
     * @throws LayoutArgumentException for a layout whose values are coordinates, or where a or b refuses a point (a
     *         swizzle of a negative offset), as their {@code apply} words it
     * @throws ArithmeticException where an offset overflows a long
     */
    public static long firstMoved(AnyLayout a, AnyLayout b, long n) {
        if (n <= 0) return -1;
        Swizzle sa = swizzleAlone(a), sb = swizzleAlone(b);
        if (sa != null && sb != null && sameMap(sa, sb)) return -1;
        LongUnaryOperator fa = offsets(a), fb = offsets(b);
        if (linearRoundTrip(a, b, n)) {
            boolean fixes = true;
            for (long bit = 1; bit < n && fixes; bit <<= 1) fixes = fa.applyAsLong(fb.applyAsLong(bit)) == bit;
            if (fixes) return -1;
        }
        for (long i = 0; i < n; i++) if (fa.applyAsLong(fb.applyAsLong(i)) != i) return i;
        return -1;
    }

    /** The swizzle a layout is at every offset ≥ 0, or null where it is not one. */
    private static Swizzle swizzleAlone(AnyLayout l) {
        return switch (l) {
            case Layout x -> isIdentity(x) ? Swizzle.IDENTITY : null;
            case ComposedLayout c -> c.offset() == 0 && isIdentity(c.inner()) ? c.outer() : null;
            case CoordLayout _, InnerSwizzledLayout _, GeneralComposedLayout _ -> null;
        };
    }

    /**
     * Whether {@code l} is {@code x ↦ x} at every index ≥ 0, past its size too: each flat mode's stride is the product
     * of the extents before it (column-major and compact), an extent-1 mode's stride aside except the last one's,
     * which the layout extends past its size ({@code (2,1):(1,1)} is 0, 1 on its domain and 1 at 2).
     */
    private static boolean isIdentity(Layout l) {
        int last = l.flatRank() - 1;
        long before = 1;
        for (int k = 0; k <= last; k++) {
            long s = l.flatShape(k);
            if ((s != 1 || k == last) && l.flatStride(k) != before) return false;
            before = Math.multiplyExact(before, s);
        }
        return true;
    }

    private static boolean sameMap(Swizzle x, Swizzle y) {
        if (x.isIdentity() || y.isIdentity()) return x.isIdentity() && y.isIdentity();
        return x.yyyMask() == y.yyyMask() && x.zzzMask() == y.zzzMask();
    }

    /** Whether {@code a ∘ b} is linear over F2 on {@code [0, n)} (the class comment's condition). */
    private static boolean linearRoundTrip(AnyLayout a, AnyLayout b, long n) {
        if (Long.bitCount(n) != 1 || n > b.size() || !(a instanceof Layout || a instanceof ComposedLayout)
                || !(b instanceof Layout || b instanceof ComposedLayout)) {
            return false;
        }
        try {
            F2View.of(a); // refuses a map that is not linear
            F2View.of(b);
            if (Long.bitCount(a.size()) != 1) return false;
            LongUnaryOperator fb = offsets(b);
            for (long bit = 1; bit < n; bit <<= 1) {
                long y = fb.applyAsLong(bit);
                if (y < 0 || y >= a.size()) return false;
            }
            return true;
        } catch (LayoutArgumentException | ArithmeticException e) {
            return false;
        }
    }

    private static LongUnaryOperator offsets(AnyLayout l) {
        return switch (l) {
            case Layout x -> x::apply;
            case ComposedLayout x -> x::apply;
            case InnerSwizzledLayout x -> x::apply;
            case CoordLayout c -> throw AnyLayout.refuse("a round trip", c, "its values are coordinates, not offsets");
            case GeneralComposedLayout g when GeneralComposedLayout.valuesAreOffsets(g) -> g::apply;
            case GeneralComposedLayout g -> throw AnyLayout.refuse("a round trip", g, "its values are coordinates, not offsets");
        };
    }
}
