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
import org.layoutcat.core.internal.Checked;

/**
 * CuTe's {@code slice}, {@code dice} and {@code slice_and_offset} of a layout at a coordinate with {@code _}
 * wildcards ({@code underscore.hpp}, {@code layout.hpp}).
 *
 * <ul>
 * <li>{@code slice(c, L)} keeps the modes of L that c pairs with a {@code _}. At the top, {@code slice(_, L) = L};
 *     inside a tuple coordinate the kept modes are gathered into one flat tuple (the nesting above a {@code _}
 *     is dropped, the mode under it kept whole): {@code slice((_,(1,_)), (2,(3,4)):(1,(2,6))) = (2,4):(1,6)}.</li>
 * <li>{@code dice(c, L)} keeps the modes that c pairs with an integer, gathered the same way; {@code dice(1, L) = L}.</li>
 * <li>The offset is {@code L(c)} with each {@code _} read as 0; an integer at a sub-shape S indexes S
 *     colexicographically, as {@link Layout#apply(IntTuple)} does.</li>
 * </ul>
 * A tuple coordinate must have the rank of the mode it meets (CuTe's "Mismatched Ranks") and every integer must
 * lie inside its mode; otherwise an IllegalArgumentException names the coordinate and the mode.
 *
 * <p>Every kind of layout is sliced: a layout with scaled-basis strides the same way, its offset a coordinate; a
 * swizzled one as CuTe's {@code swizzle_layout.hpp} slices it ({@link SwizzledSlicing}), its swizzle kept or decayed.
 * {@code dice} of a swizzled layout is refused: CuTe defines it on a layout's strides.
 *
 * <p>Cost: {@code O(flatRank(L) + size of c)} time and memory.
 */
public final class Slicing {
    private Slicing() {}

    /**
     * {@code slice(c, L)}: the modes of L under the wildcards.
     *
     * @throws LayoutArgumentException where a tuple of c meets an integer or a mode of another rank (mismatched ranks),
     *         or an integer of c lies outside its mode
     * @throws ArithmeticException where the offset overflows a long
     */
    public static Layout slice(SliceCoord c, Layout l) {
        return sliceAndOffset(c, l).layout();
    }

    /**
     * {@code slice_and_offset(c, L)} of a layout of any kind: the sub-layout and {@code L(c)} with each {@code _} read
     * as 0, a coordinate where L's strides are scaled basis elements.
     *
     * @throws LayoutArgumentException where a tuple of c meets an integer or a mode of another rank (mismatched ranks),
     *         or an integer of c lies outside its mode; for a swizzled layout, also where the slice has more than
     *         2^20 points or CuTe's slice is not the layout's function on it ({@link SwizzledSlicing})
     * @throws ArithmeticException where the offset overflows a long
     */
    public static Sliced<AnyLayout> sliceAndOffset(SliceCoord c, AnyLayout l) {
        return switch (l) {
            case Layout plain -> widen(sliceAndOffset(c, plain));
            case CoordLayout coord -> widen(sliceAndOffset(c, coord));
            case ComposedLayout swizzled -> SwizzledSlicing.sliceAndOffset(c, swizzled);
            case InnerSwizzledLayout s -> throw s.refused("slice");
            case GeneralComposedLayout g -> sliceAndOffset(c, g);
        };
    }

    /**
     * CuTe's {@code slice_and_offset(c, A o off o B)}: B sliced, {@code (B', k) = slice_and_offset(c, B)}, and the
     * composed layout {@code A o (off + k) o B'} at offset 0 ({@code layout_composed.hpp}); its function at the kept
     * coordinates is the layout's at c.
     *
     * @throws LayoutArgumentException as the slice of B, or where B's values are coordinates with a nonzero offset k
     *         (no offset of A adds a coordinate)
     * @throws ArithmeticException where {@code off + k} overflows a long
     */
    private static Sliced<AnyLayout> sliceAndOffset(SliceCoord c, GeneralComposedLayout g) {
        Sliced<AnyLayout> b = sliceAndOffset(c, g.layoutB());
        IntTuple k = b.offset();
        if (!k.isLeaf()) {
            if (java.util.Arrays.stream(k.leaves()).anyMatch(x -> x != 0)) {
                throw AnyLayout.refuse("slice", g, "its B " + g.layoutB() + " has coordinates for values, and at " + c + " its slice starts at "
                        + k + ", which no offset between A and B adds");
            }
            return Sliced.of(g.withLayoutB(b.layout()), 0);
        }
        return Sliced.of(GeneralComposedLayout.of(g.layoutA(), Checked.add(g.offset(), k.value(), "slice", g), b.layout()), 0);
    }

    private static Sliced<AnyLayout> widen(Sliced<? extends AnyLayout> s) {
        return new Sliced<>(s.layout(), s.offset());
    }

    /**
     * {@code slice_and_offset(c, L)} of a layout with scaled-basis strides: the kept modes, and the value at c with
     * each {@code _} read as 0, the coordinate where the sub-layout starts.
     *
     * @throws LayoutArgumentException where a tuple of c meets an integral mode or a mode of another rank (mismatched
     *         ranks), an integer of c lies outside its mode, or where the value adds a non-zero integer to basis
     *         elements or has a basis element at a position that holds a tuple of others
     * @throws ArithmeticException where a coordinate of the offset overflows a long
     */
    public static Sliced<CoordLayout> sliceAndOffset(SliceCoord c, CoordLayout l) {
        if (c.isWildcard()) return new Sliced<>(l, l.apply(0));
        List<CoordLayout> kept = new ArrayList<>();
        long[] index = {0, 1}; // the index of c with each _ read as 0, and the size of the modes walked so far
        walk(c, l, l, c, kept, index);
        CoordLayout sub = c.isInteger() ? CoordLayout.of(IntTuple.EMPTY, List.of()) : CoordLayout.concat(kept);
        return new Sliced<>(sub, l.apply(index[0]));
    }

    /**
     * Walks c against the mode m of a basis-stride layout: a {@code _} keeps m, an integer adds its index (m's size
     * times the sizes before it) to {@code index[0]}, a tuple recurses mode by mode; {@code index[1]} is the size of
     * the modes walked so far.
     */
    private static void walk(SliceCoord c, CoordLayout m, CoordLayout whole, SliceCoord all, List<CoordLayout> kept, long[] index) {
        if (c.isTuple()) {
            if (m.isIntegral() || m.rank() != c.rank()) {
                throw new LayoutArgumentException("coordinate " + all + " does not fit " + whole + ": " + c + " has rank " + c.rank()
                        + " but meets " + m.shape() + " of rank " + (m.isIntegral() ? "1 (an integer)" : m.rank()) + " (mismatched ranks)");
            }
            for (int i = 0; i < c.rank(); i++) walk(c.mode(i), m.mode(i), whole, all, kept, index);
            return;
        }
        if (c.isWildcard()) {
            kept.add(m);
        } else if (c.value() >= m.size()) {
            throw new LayoutArgumentException("coordinate " + all + " does not fit " + whole + ": " + c.value() + " is outside [0,"
                    + m.size() + ") of mode " + m);
        } else {
            index[0] += c.value() * index[1]; // < size(whole), which fits in a long
        }
        index[1] *= m.size();
    }

    /**
     * {@code slice_and_offset(c, L)}: the sub-layout and {@code L(c)} with each {@code _} read as 0.
     *
     * @throws LayoutArgumentException where a tuple of c meets an integer or a mode of another rank (mismatched ranks),
     *         or an integer of c lies outside its mode
     * @throws ArithmeticException where the offset overflows a long
     */
    public static Sliced<Layout> sliceAndOffset(SliceCoord c, Layout l) {
        if (c.isWildcard()) return Sliced.of(l, 0);
        Gather g = new Gather();
        walk(c, l.shape(), l.stride(), l, c, g, true);
        if (c.isInteger()) return Sliced.of(Layout.of(IntTuple.EMPTY, IntTuple.EMPTY), g.offset);
        return Sliced.of(g.layout(), g.offset);
    }

    /**
     * {@code dice(c, L)} of a layout of any kind: the modes of L at the integers of c; a swizzled layout is refused.
     *
     * @throws LayoutArgumentException where a tuple of c meets an integer or a mode of another rank (mismatched ranks),
     *         or for a swizzled layout
     */
    public static AnyLayout dice(SliceCoord c, AnyLayout l) {
        return switch (l) {
            case Layout plain -> dice(c, plain);
            case CoordLayout coord -> dice(c, coord);
            case ComposedLayout swizzled -> throw AnyLayout.refuse("dice", swizzled, "CuTe defines dice on a layout's strides,"
                    + " which a swizzled function does not have; dice its inner layout " + swizzled.inner());
            case InnerSwizzledLayout s -> throw s.refused("dice");
            case GeneralComposedLayout g -> throw AnyLayout.refuse("dice", g, "CuTe defines dice on a layout's strides, which a"
                    + " composed function does not have; dice its B " + g.layoutB());
        };
    }

    /**
     * {@code dice(c, L)} of a layout with scaled-basis strides: the modes at the integers of c, as for integer strides.
     *
     * @throws LayoutArgumentException where a tuple of c meets an integer or a mode of another rank (mismatched ranks)
     */
    public static CoordLayout dice(SliceCoord c, CoordLayout l) {
        dice(c, l.shape()); // the shape's dice words a coordinate that does not fit
        List<CoordLayout> kept = new ArrayList<>();
        if (c.isInteger()) return l;
        if (!c.isWildcard()) diceModes(c, l, kept);
        return c.isWildcard() ? CoordLayout.of(IntTuple.EMPTY, List.of()) : CoordLayout.concat(kept);
    }

    private static void diceModes(SliceCoord c, CoordLayout m, List<CoordLayout> kept) {
        if (c.isTuple()) {
            for (int i = 0; i < c.rank(); i++) diceModes(c.mode(i), m.mode(i), kept);
        } else if (c.isInteger()) {
            kept.add(m);
        }
    }

    /**
     * {@code dice(c, L)}: the modes of L at the integers of c; {@code dice(n, L) = L} for an integer n.
     *
     * @throws LayoutArgumentException where a tuple of c meets an integer or a mode of another rank (mismatched ranks),
     *         or an integer of c lies outside its mode
     * @throws ArithmeticException where the offset overflows a long
     */
    public static Layout dice(SliceCoord c, Layout l) {
        if (c.isInteger()) return l;
        if (c.isWildcard()) return Layout.of(IntTuple.EMPTY, IntTuple.EMPTY);
        Gather g = new Gather();
        walk(c, l.shape(), l.stride(), l, c, g, false);
        return g.layout();
    }

    /**
     * {@code dice(c, t)} of an integer tuple (CuTe's dice of a tiler or a coordinate), gathered the same way.
     *
     * @throws LayoutArgumentException where a tuple of c meets an integer or a tuple of another rank (mismatched ranks)
     */
    public static IntTuple dice(SliceCoord c, IntTuple t) {
        if (c.isInteger()) return t;
        if (c.isWildcard()) return IntTuple.EMPTY;
        Gather g = new Gather();
        walk(c, t, t, null, c, g, false);
        return IntTuple.of(g.shapes);
    }

    /** The kept modes and the offset of a walk. */
    private static final class Gather {
        final List<IntTuple> shapes = new ArrayList<>();
        final List<IntTuple> strides = new ArrayList<>();
        long offset;

        Layout layout() {
            return Layout.of(IntTuple.of(shapes), IntTuple.of(strides));
        }
    }

    /**
     * Walks c against the mode {@code s:d}: a {@code _} keeps it when slicing (drops it when dicing), an integer
     * adds its offset and drops it when slicing (keeps it when dicing), a tuple recurses mode by mode.
     */
    private static void walk(SliceCoord c, IntTuple s, IntTuple d, Layout whole, SliceCoord all, Gather g, boolean slicing) {
        if (c.isTuple()) {
            if (s.isLeaf() || s.rank() != c.rank()) {
                throw new LayoutArgumentException("coordinate " + all + " does not fit " + (whole == null ? s : whole) + ": "
                        + c + " has rank " + c.rank() + " but meets " + s + " of rank " + (s.isLeaf() ? "1 (an integer)" : s.rank())
                        + " (mismatched ranks)");
            }
            for (int i = 0; i < c.rank(); i++) walk(c.mode(i), s.mode(i), d.mode(i), whole, all, g, slicing);
            return;
        }
        boolean keep = c.isWildcard() == slicing;
        if (keep) {
            g.shapes.add(s);
            g.strides.add(d);
        }
        if (c.isInteger() && whole != null) {
            long n = s.product();
            if (c.value() >= n) {
                throw new LayoutArgumentException("coordinate " + all + " does not fit " + whole + ": " + c.value()
                        + " is outside [0," + n + ") of mode " + s + ":" + d);
            }
            g.offset = Checked.add(g.offset, Layout.of(s, d).apply(c.value()), "the offset of " + all, whole);
        }
    }
}
