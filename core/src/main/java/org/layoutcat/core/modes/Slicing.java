package org.layoutcat.core.modes;

import java.util.ArrayList;
import java.util.List;
import org.layoutcat.core.internal.Checked;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;

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
     * {@code slice_and_offset(c, L)}: the sub-layout and {@code L(c)} with each {@code _} read as 0.
     *
     * @throws LayoutArgumentException where a tuple of c meets an integer or a mode of another rank (mismatched ranks),
     *         or an integer of c lies outside its mode
     * @throws ArithmeticException where the offset overflows a long
     */
    public static Sliced sliceAndOffset(SliceCoord c, Layout l) {
        if (c.isWildcard()) return new Sliced(l, 0);
        Gather g = new Gather();
        walk(c, l.shape(), l.stride(), l, c, g, true);
        if (c.isInteger()) return new Sliced(Layout.of(IntTuple.EMPTY, IntTuple.EMPTY), g.offset);
        return new Sliced(g.layout(), g.offset);
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
