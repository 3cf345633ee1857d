package org.layoutcat.core.recast;

import org.layoutcat.core.internal.Checked;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;

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
}
