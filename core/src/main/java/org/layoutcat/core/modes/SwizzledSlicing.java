package org.layoutcat.core.modes;

import java.util.ArrayList;
import java.util.List;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.CoordLayout;
import org.layoutcat.core.GeneralComposedLayout;
import org.layoutcat.core.InnerSwizzledLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.Swizzle;
import org.layoutcat.core.algebra.Composition;

/**
 * CuTe's {@code slice_and_offset(c, Sw o off o L)} ({@code swizzle_layout.hpp}): the slice of a swizzled layout at a
 * coordinate with {@code _} wildcards, as a function {@code c' ↦ offset + R(c')} equal to {@code Sw(off + L(c))}
 * where c is the coordinate with c' in its wildcards.
 *
 * <p>With S = {@code slice(c, L)} and d = L(c) with each {@code _} read as 0, so that {@code L(c) = d + S(c')}:
 * <ul>
 * <li>only wildcards: {@code (Sw o off o S, 0)};</li>
 * <li>d's bits split into those in the swizzle's two fields (Y read, Z written), which join the inner offset
 *     {@code off' = off ⊕ zy(d)}, and the rest {@code a = d − zy(d)}, which pass through: the slice is
 *     {@code Sw o off' o S} plus a;</li>
 * <li>where S reaches at most one bit of each Y–Z pair, the swizzle acts on S's image as a fixed sign flip per bit,
 *     so it decays to a plain layout: {@code R = P ∘ S} with P the swizzle read as a layout of shape
 *     {@code (2^M,(2,…,2),2^(|S|−B),(2,…,2),1)} whose field strides are {@code ±2^i·Z} and {@code (Y ± Z)·2^i} by
 *     off' (CuTe's {@code make_swizzle_strides}), and the offset {@code Sw(off') + a}.</li>
 * </ul>
 * CuTe takes for granted that adding a passes through the swizzle and that S's bits reach the fields the way its
 * last point does; where either fails CuTe's slice is a different function. Here every slice is compared with
 * {@code Sw(off + d + S(i))} at each of its points (at most {@value #CHECKED_POINTS}), and where CuTe's differs the
 * answer is the form that is always right, the composed layout {@code (Sw o (off + d) o S, 0)} (or, where S has one
 * point, S with the offset {@code L(c)}): so
 * {@code Sw<3,0,3> o 100 o (8,8):(8,1)} at {@code (0,_)} is {@code Sw<3,0,3> o 100 o (8):(1)}, where CuTe C++ answers
 * {@code ((2,2,2)):((1,2,-4))} plus 96, which takes 92 at index 4 where the layout takes 109.
 *
 * <p>Cost: {@code O(flatRank(L))} for the slice and {@code O(size(S))} for the check.
 */
final class SwizzledSlicing {
    private SwizzledSlicing() {}

    /** The most points of a slice compared with the composed layout. */
    static final long CHECKED_POINTS = 1L << 20;

    /**
     * {@code slice_and_offset(c, Sw o off o L)}; see the class comment.
     *
     * @throws LayoutArgumentException if c does not fit L, or if the slice has more than {@value #CHECKED_POINTS}
     *         points
     */
    static Sliced<AnyLayout> sliceAndOffset(SliceCoord c, ComposedLayout l) {
        Swizzle sw = l.outer();
        Sliced<Layout> sliced = Slicing.sliceAndOffset(c, l.inner());
        Layout s = sliced.layout();
        if (!hasInteger(c)) return slice(new ComposedLayout(sw, l.offset(), s), 0);
        long d = sliced.offset().value();
        long fields = sw.yyyMask() | sw.zzzMask();
        long zy = d & fields;
        long innerOffset = l.offset() ^ zy;
        long passThrough = d & ~fields;
        Sliced<AnyLayout> cute;
        long active = reachedBits(s) & fields;
        if ((active & ~sw.apply(active)) != 0) { // S reaches both bits of a Y–Z pair: the swizzle stays
            cute = slice(new ComposedLayout(sw, innerOffset, s), passThrough);
        } else {
            cute = decayed(sw, innerOffset, s, passThrough);
        }
        if (agrees(c, l, s, d, cute)) return cute;
        long base = Math.addExact(l.offset(), d); // CuTe's is another function: Sw o (off + d) o S
        if (s.size() == 1) return Sliced.of(s, sw.apply(Math.addExact(base, s.apply(0)))); // one point: L(c), plain
        return Sliced.of(new ComposedLayout(sw, base, s), 0);
    }

    /**
     * The slice with the swizzle decayed to {@code P ∘ S}; where P and S do not compose (S's strides split P's bit
     * modes, which CuTe C++ refuses at compile time) the slice keeps the swizzle.
     */
    private static Sliced<AnyLayout> decayed(Swizzle sw, long innerOffset, Layout s, long passThrough) {
        Layout p;
        try {
            p = Composition.compose(swizzleAsLayout(sw, innerOffset), s);
        } catch (LayoutArgumentException e) {
            return slice(new ComposedLayout(sw, innerOffset, s), passThrough);
        }
        return Sliced.of(p, Math.addExact(sw.apply(innerOffset), passThrough));
    }

    private static boolean hasInteger(SliceCoord c) {
        if (c.isInteger()) return true;
        if (c.isWildcard()) return false;
        for (SliceCoord m : c.modes()) if (hasInteger(m)) return true;
        return false;
    }

    /**
     * The bits S's values can set: for each flat mode of shape n and stride d ≥ 0, those from d's lowest bit to the
     * highest bit of {@code d·(n−1)} (exactly the reached bits for the powers of two of shared-memory layouts).
     */
    static long reachedBits(Layout s) {
        long bits = 0;
        for (int i = 0; i < s.flatRank(); i++) {
            long n = s.flatShape(i), d = s.flatStride(i);
            if (n == 1 || d == 0) continue;
            if (d < 0) return -1L; // a negative stride may borrow through any bit
            long top = Math.multiplyHigh(d, n - 1) != 0 ? Long.MAX_VALUE : d * (n - 1);
            long high = Long.highestOneBit(top) << 1;
            bits |= (high == 0 ? -1L : high - 1) & -Long.lowestOneBit(d);
        }
        return bits;
    }

    /**
     * The swizzle on offsets with the bits of {@code off'} fixed, read as a layout of the offset's bits
     * ({@code make_swizzle_strides}): a written bit (Z) flips sign where its partner Y bit of off' is set, a read bit
     * (Y) moves by {@code Y + Z} or {@code Y − Z} as its partner Z bit of off' is clear or set.
     */
    static Layout swizzleAsLayout(Swizzle sw, long innerOffset) {
        int b = sw.bits(), m = sw.base(), a = Math.abs(sw.shift());
        long z = Long.lowestOneBit(sw.zzzMask()), y = Long.lowestOneBit(sw.yyyMask());
        List<IntTuple> shape = new ArrayList<>();
        List<IntTuple> stride = new ArrayList<>();
        shape.add(IntTuple.of(1L << m));
        stride.add(IntTuple.of(1));
        boolean zLow = z < y;
        for (int field = 0; field < 2; field++) {
            boolean zField = (field == 0) == zLow;
            IntTuple[] fs = new IntTuple[b], fd = new IntTuple[b];
            for (int i = 0; i < b; i++) {
                fs[i] = IntTuple.of(2);
                fd[i] = IntTuple.of(zField
                        ? ((innerOffset & (y << i)) == 0 ? z << i : -(z << i))
                        : ((innerOffset & (z << i)) == 0 ? (y + z) << i : (y - z) << i));
            }
            shape.add(IntTuple.of(fs));
            stride.add(IntTuple.of(fd));
            if (field == 0) {
                shape.add(IntTuple.of(1L << (a - b)));
                stride.add(IntTuple.of(1L << (m + b)));
            }
        }
        shape.add(IntTuple.of(1));
        stride.add(IntTuple.of(1L << (m + b + a)));
        return Layout.of(IntTuple.of(shape.toArray(IntTuple[]::new)), IntTuple.of(stride.toArray(IntTuple[]::new)));
    }

    /** Whether CuTe's slice takes {@code Sw(off + d + S(i))} at each index i of S, the composed layout's values. */
    private static boolean agrees(SliceCoord c, ComposedLayout l, Layout s, long d, Sliced<AnyLayout> cute) {
        long n = s.size();
        if (n > CHECKED_POINTS) {
            throw new LayoutArgumentException("slice of " + l + " at " + c + " has " + n + " points; layoutcat compares a"
                    + " swizzled slice with the composed layout at each point and stops at " + CHECKED_POINTS);
        }
        long base = Math.addExact(l.offset(), d);
        for (long i = 0; i < n; i++) {
            if (valueOf(cute, i) != l.outer().apply(Math.addExact(base, s.apply(i)))) return false;
        }
        return true;
    }

    /** The slice {@code offset + f}: f as it is, or its layout where the swizzle is the identity with offset 0. */
    private static Sliced<AnyLayout> slice(ComposedLayout f, long offset) {
        return Sliced.of(f.outer().isIdentity() && f.offset() == 0 ? f.inner() : f, offset);
    }

    /** {@code offset + layout(i)} of a swizzled slice, its layout swizzled or plain. */
    private static long valueOf(Sliced<AnyLayout> slice, long i) {
        long v = switch (slice.layout()) {
            case Layout plain -> plain.apply(i);
            case ComposedLayout composed -> composed.outer().isIdentity() // no swizzle to refuse a negative offset
                    ? Math.addExact(composed.offset(), composed.inner().apply(i)) : composed.apply(i);
            case CoordLayout _, InnerSwizzledLayout _, GeneralComposedLayout _ -> throw new IllegalStateException("a swizzled slice of kind " + slice.layout().kindInWords());
        };
        return Math.addExact(slice.offset().value(), v);
    }
}
