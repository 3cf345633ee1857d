package org.layoutcat.core.algebra;

import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.CoordLayout;
import org.layoutcat.core.GeneralComposedLayout;
import org.layoutcat.core.InnerSwizzledLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.internal.Checked;
import org.layoutcat.core.internal.Flat;
import org.layoutcat.core.internal.FlatModes;
import org.layoutcat.core.internal.ModeOrder;

/**
 * CuTe C++'s complement {@code complement(L, N)}: a layout of the offsets in [0, N) that L does not reach, ordered.
 *
 * <p>Algorithm (CuTe's): take {@code filter(L)} (shape-1 and stride-0 modes dropped, then coalesced), sort its
 * modes by stride, {@code (s_1:d_1), ..., (s_m:d_m)}, and with {@code c_0 = 1, c_i = s_i·d_i} build
 * {@code coalesce((⌊d_1/c_0⌋, ⌊d_2/c_1⌋, ..., ⌊d_m/c_(m−1)⌋, ⌈N/c_m⌉) : (c_0, c_1, ..., c_m))}. A zero extent
 * {@code ⌊d_i/c_(i−1)⌋ = 0} means L's modes overlap or interleave and is refused, as CuTe refuses it.
 *
 * <p>Postconditions (CuTe's, stated in its layout.hpp, which hold also where the strides do not nest and the
 * paper's complement does not exist, e.g. {@code complement((4,6):(1,6), 34) = 1:0}): R is ordered (increasing)
 * and its values are disjoint from L's but 0. Where the strides nest ({@code d_i} a multiple of {@code c_(i−1)})
 * it is the paper's complement: {@code (L, R)} is a bijection onto {@code [0, size(L)·size(R))} and
 * {@code cosize((L,R)) ≥ N}; elsewhere neither is promised (nor is the bound {@code size(R) ≥ N / size(filter L)}
 * of CuTe's comment: {@code complement((2,1,3,4):(2,8,9,0), 27) = (2,2):(1,4)} has cosize((L,R)) = 26).
 *
 * <p>Cost: {@code O(r²)} for r flat modes (the sort), memory {@code O(r)}.
 */
public final class Complement {
    private Complement() {}

    /**
     * CuTe's {@code complement(L)} for a layout with integer strides or a swizzled one, whose complement is its inner
     * layout's (the swizzle does not take part, as in CuTe).
     *
     * @throws LayoutArgumentException as {@link #complement(Layout)}, or for a layout with scaled-basis strides (whose
     *         values are coordinates, not offsets to complement)
     */
    public static Layout complement(AnyLayout layout) {
        return complement(integerPart("complement", layout));
    }

    /**
     * CuTe's {@code complement(L, cotarget)} for a layout with integer strides or a swizzled one (its inner layout's).
     *
     * @throws LayoutArgumentException as {@link #complement(Layout, IntTuple)}, or for a layout with scaled-basis
     *         strides
     * @throws ArithmeticException on overflow of an extent
     */
    public static Layout complement(AnyLayout layout, IntTuple cotarget) {
        return complement(integerPart("complement", layout), cotarget);
    }

    /** The layout of integer strides a complement reads: L, or a composed layout's inner layout B (CuTe's). */
    private static Layout integerPart(String op, AnyLayout layout) {
        return switch (layout) {
            case Layout integer -> integer;
            case ComposedLayout swizzled -> swizzled.inner();
            case CoordLayout basis -> throw AnyLayout.refuse(op, basis, "its values are coordinates, and a complement"
                    + " is taken of offsets; complement its integer layout instead");
            case InnerSwizzledLayout s -> throw s.refused("complement");
            case GeneralComposedLayout g -> integerPart(op, g.layoutB()); // CuTe: complement(layout.layout_b(), cotarget)
        };
    }

    /**
     * CuTe's one-argument complement {@code complement(L) = complement(L, cosize(L))}, with the post-conditions of
     * {@link #complement(Layout, long)}: R is ordered, its values but 0 are not L's, and where L's strides nest
     * (see {@link #bijectiveComplement}) {@code (L, R)} is a bijection onto {@code [0, size(L)·size(R))}. Where they do not nest it is
     * CuTe's layout all the same: CuTe C++ prints {@code complement((4,2):(1,10)) = _2:_4} and
     * {@code complement((2,2,2):(1,47,8)) = (_4,_2):(_2,_16)}, with which {@code (L, R)} leaves gaps;
     * {@link #bijectiveComplement} refuses those.
     *
     * @throws LayoutArgumentException where L has a negative stride, or where its modes overlap or interleave (a zero
     *         extent, refused by CuTe C++ too)
     * @throws ArithmeticException on overflow of the cosize or an extent
     */
    public static Layout complement(Layout layout) {
        long cosize = layout.cosize();
        return complementOfShape(layout, new long[] {cosize}, () -> cosize);
    }

    /**
     * The first stride that does not nest, with the extent reached below it, or null where L's strides nest: after
     * {@code filter} and sorting by stride, each stride is a multiple of {@code c_(i−1)}, the extent reached by the
     * smaller modes. Exactly then {@code (L, complement(L))} is a bijection onto an interval (the paper's complement).
     */
    private static long[] notNesting(Layout layout) {
        Layout filtered = Coalesce.filter(layout);
        long[] s = filtered.flatShapes();
        long[] d = filtered.flatStrides();
        ModeOrder.sortByStride(s, d, s.length);
        long current = 1;
        for (int i = 0; i < s.length; i++) {
            if (d[i] == 0) continue; // the filtered trivial layout 1:0
            if (d[i] % current != 0) return new long[] {d[i], current};
            current = Checked.mul(s[i], d[i], "the complement", layout);
        }
        return null;
    }

    /**
     * The complement in the strict sense (the paper's): {@link #complement(Layout)} where L's strides nest, so that
     * {@code (L, R)} is a bijection onto {@code [0, size(L)·size(R))}, as CuTe's {@code right_inverse((L, R))} in a
     * tiled MMA's thread index needs; refused elsewhere with the reason and CuTe's layout.
     *
     * @throws LayoutArgumentException as {@link #complement(Layout)}, or where L's strides do not nest
     * @throws ArithmeticException on overflow of the cosize or an extent
     */
    public static Layout bijectiveComplement(Layout layout) {
        Layout r = complement(layout);
        long[] bad = notNesting(layout);
        if (bad != null) {
            throw new LayoutArgumentException(() -> "complement of " + layout + ": after sorting by stride, stride "
                    + bad[0] + " is not a multiple of " + bad[1] + ", the extent reached by the smaller modes, so the"
                    + " modes do not nest and (L, complement(L)) is not a bijection onto an interval (CuTe C++"
                    + " answers " + r + ", which leaves gaps)");
        }
        return r;
    }

    /**
     * {@code comp(L, N)} for a cotarget {@code N ≥ 1}: the last extent is {@code ⌈N / c_m⌉}.
     *
     * @throws LayoutArgumentException for a cotarget below 1, or where L has a negative stride or modes that overlap or
     *         interleave (a zero extent, refused by CuTe C++ too)
     * @throws ArithmeticException on overflow of an extent
     */
    public static Layout complement(Layout layout, long cotarget) {
        if (cotarget < 1) {
            throw new LayoutArgumentException("complement of " + layout + " with respect to " + cotarget + ": the cotarget must be positive");
        }
        return complement(layout, IntTuple.of(cotarget));
    }

    /**
     * {@code comp(L, S)} for a cotarget shape S, as {@code logical_divide} calls it with {@code shape(coalesce(A))}:
     * the last extent is the size of CuTe's {@code ceil_div(S, c_m)}, which divides the modes of S left to right
     * ({@code S_i ← ⌈S_i / q⌉, q ← ⌈q / S_i⌉}), so it can exceed {@code ⌈size(S) / c_m⌉}: {@code ceil_div((3,5), 2)}
     * is {@code (2,5)}, of size 10, not 8.
     *
     * @throws LayoutArgumentException where the cotarget has an entry below 1, or where L has a negative stride or
     *         modes that overlap or interleave (a zero extent, refused by CuTe C++ too)
     * @throws ArithmeticException on overflow of an extent
     */
    public static Layout complement(Layout layout, IntTuple cotarget) {
        long[] target = cotarget.leaves();
        for (long t : target) {
            if (t < 1) {
                throw new LayoutArgumentException(() -> "complement of " + layout + " with respect to " + cotarget
                        + ": the cotarget must be positive");
            }
        }
        return complementOfShape(layout, target, () -> cotarget);
    }

    /**
     * {@link #complement(Layout, IntTuple)} for the flat cotarget shape {@code target}, each entry positive;
     * {@code cotarget} gives the shape as an overflow's message names it.
     */
    static Layout complementOfShape(Layout layout, long[] target, java.util.function.Supplier<Object> cotarget) {
        int n = layout.flatRank();
        long[] ss = new long[n + 1];
        long[] ds = new long[n + 1];
        int m = 0;
        for (int k = 0; k < n; k++) { // filter: the modes that move
            long s = layout.flatShape(k);
            long d = layout.flatStride(k);
            if (s == 1 || d == 0) continue;
            if (d < 0) {
                throw new LayoutArgumentException(() -> "complement of " + layout + ": stride " + d
                        + " is negative; complement needs non-negative strides");
            }
            ss[m] = s;
            ds[m] = d;
            m++;
        }
        m = FlatModes.coalesceInPlace(ss, ds, m);
        ModeOrder.sortByStride(ss, ds, m);
        long[] rs = new long[m + 1];
        long[] rd = new long[m + 1];
        long current = 1;
        for (int i = 0; i < m; i++) {
            long extent = ds[i] / current;
            if (extent == 0) {
                long d = ds[i], reached = current;
                throw new LayoutArgumentException(() -> "complement of " + layout + ": after sorting by stride, stride "
                        + d + " is below " + reached + ", the extent reached by the smaller modes, so the modes overlap"
                        + " or interleave and no ordered complement exists (a zero extent; CuTe C++ refuses it too,"
                        + " as a non-injective layout)");
            }
            rs[i] = extent;
            rd[i] = current;
            current = Checked.mul(ss[i], ds[i], "the complement", layout);
        }
        try {
            rs[m] = ceilDivSize(target, current);
        } catch (ArithmeticException e) {
            throw new ArithmeticException("overflow computing the complement's last extent of " + cotarget.get()
                    + ": it exceeds the 64-bit range");
        }
        rd[m] = current;
        return Layout.of(new Flat(rs, rd, FlatModes.coalesceInPlace(rs, rd, m + 1)));
    }

    /** {@code size(ceil_div(S, q))} for the flat shape S: {@code Π ⌈S_i / q_i⌉} with {@code q_0 = q, q_(i+1) = ⌈q_i / S_i⌉}. */
    private static long ceilDivSize(long[] shape, long q) {
        long size = 1;
        for (long si : shape) {
            size = Math.multiplyExact(size, Checked.ceilDiv(si, q));
            q = Checked.ceilDiv(q, si);
        }
        return size;
    }
}
