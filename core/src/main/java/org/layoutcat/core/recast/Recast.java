package org.layoutcat.core.recast;

import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.CoordLayout;
import org.layoutcat.core.GeneralComposedLayout;
import org.layoutcat.core.InnerSwizzledLayout;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.Swizzle;
import org.layoutcat.core.internal.Checked;

/**
 * A layout of elements re-read as a layout of elements n times wider ({@code upcast}) or narrower
 * ({@code downcast}), and between two element widths in bits ({@code recast_layout}): CuTe's definitions for
 * static shapes and strides ({@code layout.hpp}), leaf by leaf.
 *
 * <ul>
 * <li>{@code upcast<n>}: a stride-0 mode is kept; a mode {@code s:d} with {@code d | n} or {@code n | d}
 *     becomes {@code ⌈s / ⌈n/|d|⌉⌉ : sign(d)·⌈|d|/n⌉} (a stride-1 mode of s elements is {@code ⌈s/n⌉} vectors;
 *     the extent rounds up as CuTe's does, a partial vector counting as one); any other stride is refused (CuTe's
 *     "Divisibility condition").</li>
 * <li>{@code downcast<n>}: needs a stride-1 mode ("Downcast requires adjacent elements"); a mode of stride ±1
 *     becomes {@code n·s : d}, any other {@code s : n·d}.</li>
 * <li>{@code recast_layout(old_bits, new_bits, L)}: with {@code new/old = p/q} in lowest terms, {@code L} for
 *     {@code p = q = 1}, {@code downcast<q>(L)} for p = 1, {@code upcast<p>(L)} for q = 1, else
 *     {@code downcast<q>(upcast<p>(L))}.</li>
 * </ul>
 * The shape's nesting is kept. Overflow is an ArithmeticException. Cost: {@code O(flatRank(L))}.
 */
public final class Recast {
    private Recast() {}

    /**
     * {@code upcast<n>(L)} for a layout with integer strides or a swizzled one (swizzle, offset and L rescaled
     * together).
     *
     * @throws LayoutArgumentException as the upcast of that kind words it, or for a layout with scaled-basis strides
     * @throws ArithmeticException on overflow of a stride
     */
    public static AnyLayout upcast(AnyLayout l, long n) {
        return switch (l) {
            case Layout integer -> upcast(integer, n);
            case ComposedLayout swizzled -> upcast(swizzled, n);
            case CoordLayout basis -> throw AnyLayout.refuse("upcast", basis, "its values are coordinates, not element offsets");
            case InnerSwizzledLayout s -> throw s.refused("upcast");
            case GeneralComposedLayout g -> throw g.refused("upcast", "layoutcat recasts a layout and a swizzled layout Sw o off o L;"
                    + " CuTe's recast of each part of a general composed layout is not taken");
        };
    }

    /**
     * {@code downcast<n>(L)} for a layout with integer strides or a swizzled one.
     *
     * @throws LayoutArgumentException as the downcast of that kind words it, or for a layout with scaled-basis strides
     * @throws ArithmeticException on overflow of the offset, a size or a stride
     */
    public static AnyLayout downcast(AnyLayout l, long n) {
        return switch (l) {
            case Layout integer -> downcast(integer, n);
            case ComposedLayout swizzled -> downcast(swizzled, n);
            case CoordLayout basis -> throw AnyLayout.refuse("downcast", basis, "its values are coordinates, not element offsets");
            case InnerSwizzledLayout s -> throw s.refused("downcast");
            case GeneralComposedLayout g -> throw g.refused("downcast", "layoutcat recasts a layout and a swizzled layout Sw o off o L;"
                    + " CuTe's recast of each part of a general composed layout is not taken");
        };
    }

    /**
     * {@code recast_layout<Old, New>(L)} for a layout with integer strides or a swizzled one.
     *
     * @throws LayoutArgumentException as the recast of that kind words it, or for a layout with scaled-basis strides
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public static AnyLayout recastLayout(long oldBits, long newBits, AnyLayout l) {
        return switch (l) {
            case Layout integer -> recastLayout(oldBits, newBits, integer);
            case ComposedLayout swizzled -> recast(swizzled, oldBits, newBits);
            case CoordLayout basis -> throw AnyLayout.refuse("recast_layout", basis, "its values are coordinates, not element offsets");
            case InnerSwizzledLayout s -> throw s.refused("recast_layout");
            case GeneralComposedLayout g -> throw g.refused("recast_layout", "layoutcat recasts a layout and a swizzled layout Sw o off o L;"
                    + " CuTe's recast of each part of a general composed layout is not taken");
        };
    }

    /**
     * {@code upcast<n>(L)}; see the class comment.
     *
     * @throws LayoutArgumentException for {@code n ≤ 0}, or where a non-zero stride and n do not divide one another
     *         (CuTe's divisibility condition)
     * @throws ArithmeticException on overflow of a stride
     */
    public static Layout upcast(Layout l, long n) {
        requirePositive("upcast", n, l);
        long[] s = l.flatShapes();
        long[] d = l.flatStrides();
        for (int k = 0; k < s.length; k++) {
            if (d[k] == 0) continue;
            long ad = Math.absExact(d[k]);
            if (ad % n != 0 && n % ad != 0) {
                throw new LayoutArgumentException("upcast<" + n + "> of " + l + ": stride " + d[k] + " and " + n
                        + " do not divide one another (divisibility condition)");
            }
            s[k] = Checked.ceilDiv(s[k], Checked.ceilDiv(n, ad));
            d[k] = Long.signum(d[k]) * Checked.ceilDiv(ad, n);
        }
        return Layout.of(l.shape().withLeaves(s), l.stride().withLeaves(d));
    }

    /**
     * {@code downcast<n>(L)}; see the class comment.
     *
     * @throws LayoutArgumentException for {@code n ≤ 0}, or where no mode has stride 1 (CuTe's "downcast requires
     *         adjacent elements")
     * @throws ArithmeticException on overflow of a size or stride
     */
    public static Layout downcast(Layout l, long n) {
        requirePositive("downcast", n, l);
        long[] s = l.flatShapes();
        long[] d = l.flatStrides();
        boolean adjacent = false;
        for (long x : d) adjacent |= x == 1;
        if (!adjacent) {
            throw new LayoutArgumentException("downcast<" + n + "> of " + l + ": no mode has stride 1, so the narrower elements"
                    + " of one element are not adjacent in any mode (downcast requires adjacent elements)");
        }
        for (int k = 0; k < s.length; k++) {
            if (d[k] == 1 || d[k] == -1) s[k] = Checked.mul(s[k], n, "downcast<" + n + ">", l);
            else d[k] = Checked.mul(d[k], n, "downcast<" + n + ">", l);
        }
        return Layout.of(l.shape().withLeaves(s), l.stride().withLeaves(d));
    }

    /**
     * {@code recast_layout<Old,New>(L)} for element widths of {@code oldBits} and {@code newBits} bits.
     *
     * @throws LayoutArgumentException for a width ≤ 0, or where the upcast or downcast it takes is refused (see {@link
     *         #upcast}, {@link #downcast})
     * @throws ArithmeticException on overflow of a size or stride
     */
    public static Layout recastLayout(long oldBits, long newBits, Layout l) {
        if (oldBits <= 0 || newBits <= 0) {
            throw new LayoutArgumentException("recast_layout of " + l + " from " + oldBits + " to " + newBits
                    + " bits: element widths must be positive");
        }
        long g = gcd(oldBits, newBits);
        long p = newBits / g;
        long q = oldBits / g;
        if (p == 1 && q == 1) return l;
        if (p == 1) return downcast(l, q);
        if (q == 1) return upcast(l, p);
        return downcast(upcast(l, p), q);
    }

    private static void requirePositive(String op, long n, Layout l) {
        if (n <= 0) throw new LayoutArgumentException(op + "<" + n + "> of " + l + ": n must be positive");
    }

    private static long gcd(long a, long b) {
        while (b != 0) {
            long t = a % b;
            a = b;
            b = t;
        }
        return a;
    }

    /**
     * CuTe's {@code upcast<n>} of a composed layout (n elements become one): {@code upcast<n>(Sw<B,M,S>) = Sw<B,M−log2 n,S>},
     * the offset divided by n, {@code upcast<n>(L)}.
     *
     * @throws LayoutArgumentException unless n is a power of two with {@code log2 n ≤ M} (else the swizzle moves bits
     *         inside the new element: CuTe C++ then drops swizzle bits and returns a different function) and n divides
     *         the offset, or where {@code upcast<n>(L)} is refused (see {@link #upcast(Layout, long)})
     * @throws ArithmeticException on overflow of a stride
     */
    static ComposedLayout upcast(ComposedLayout l, long n) {
        Swizzle outer = l.outer();
        long offset = l.offset();
        int log2 = log2(l, "upcast", n);
        if (log2 > outer.base() && !outer.isIdentity()) {
            throw new LayoutArgumentException("upcast<" + n + "> of " + l + ": " + outer + " moves bits below " + n
                    + " elements (M = " + outer.base() + " < log2 " + n + "), so no swizzle of the wider elements equals it");
        }
        if (offset % n != 0) {
            throw new LayoutArgumentException("upcast<" + n + "> of " + l + ": the offset " + offset + " is not a multiple of " + n);
        }
        Swizzle s = outer.isIdentity() ? outer : new Swizzle(outer.bits(), outer.base() - log2, outer.shift());
        // the pointer form's elements widen with the swizzle of byte addresses unchanged (past the widest element the
        // pointer form holds, the same function in the offset form)
        if (l.pointerBits() != 0 && n <= ComposedLayout.MAX_POINTER_BITS / l.pointerBits()) {
            return ComposedLayout.pointer(s, upcast(l.inner(), n), (int) (l.pointerBits() * n));
        }
        return new ComposedLayout(s, offset / n, upcast(l.inner(), n));
    }

    /**
     * CuTe's {@code downcast<n>}: {@code Sw<B,M+log2 n,S>}, the offset times n, {@code downcast<n>(L)}.
     *
     * @throws LayoutArgumentException unless n is a power of two, where no mode of L has stride 1 (see {@link
     *         #downcast(Layout, long)}), or where the rescaled swizzle leaves the 62 bits of an offset
     * @throws ArithmeticException on overflow of the offset, a size or a stride
     */
    static ComposedLayout downcast(ComposedLayout l, long n) {
        Swizzle outer = l.outer();
        long offset = l.offset();
        int log2 = log2(l, "downcast", n);
        Swizzle s = outer.isIdentity() ? outer : new Swizzle(outer.bits(), outer.base() + log2, outer.shift());
        if (l.pointerBits() != 0 && l.pointerBits() / n >= 8) return ComposedLayout.pointer(s, downcast(l.inner(), n), (int) (l.pointerBits() / n));
        return new ComposedLayout(s, Math.multiplyExact(offset, n), downcast(l.inner(), n));
    }

    /**
     * CuTe's {@code recast_layout} of a composed layout from {@code oldBits}- to {@code newBits}-bit elements.
     *
     * @throws LayoutArgumentException for a width ≤ 0, or where the upcast or downcast it takes is refused (see {@link
     *         #upcast}, {@link #downcast(ComposedLayout, long)})
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    static ComposedLayout recast(ComposedLayout l, long oldBits, long newBits) {
        if (oldBits <= 0 || newBits <= 0) {
            throw new LayoutArgumentException("recast_layout of " + l + " from " + oldBits + " to " + newBits
                    + " bits: element widths must be positive");
        }
        long g = java.math.BigInteger.valueOf(oldBits).gcd(java.math.BigInteger.valueOf(newBits)).longValueExact();
        long num = newBits / g, den = oldBits / g;
        ComposedLayout r = l;
        if (num != 1) r = upcast(r, num);
        if (den != 1) r = downcast(r, den);
        return r;
    }

    private static int log2(ComposedLayout l, String op, long n) {
        if (n < 1 || Long.bitCount(n) != 1) {
            throw new LayoutArgumentException(op + "<" + n + "> of " + l + ": a swizzle rescales by a power of two");
        }
        return Long.numberOfTrailingZeros(n);
    }
}
