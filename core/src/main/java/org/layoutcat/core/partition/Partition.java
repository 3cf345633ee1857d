package org.layoutcat.core.partition;

import java.util.ArrayList;
import java.util.List;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.algebra.Divide;
import org.layoutcat.core.construct.TvLayout;
import org.layoutcat.core.modes.SliceCoord;
import org.layoutcat.core.modes.Sliced;
import org.layoutcat.core.modes.Slicing;

/**
 * CuTe's partitioning of a layout (of a tensor): {@code Z = zipped_divide(L, tiler) = ((tile modes),(rest modes))},
 * then a slice.
 *
 * <ul>
 * <li>{@code local_tile(L, tiler, c)} ({@code inner_partition}): keeps the tile and slices the rest modes at c,
 *     {@code Z((_,...,_), c)}, c padded with {@code _} to the rank of the rest (an integer c indexes the rest as a
 *     whole). The result is the tile with block c's offset: the tile a thread block works on.</li>
 * <li>{@code local_partition(L, T, t)} ({@code outer_partition}): tiles L by {@code product_each(shape(T))} and
 *     slices the tile modes at thread t's coordinate in T, {@code Z(T.get_flat_coord(t), (_,...,_))}: the elements
 *     of every tile that thread t owns, and the offset of its first.</li>
 * </ul>
 * Both return a {@link Sliced}: the layout and the offset, {@code L}'s value where the sliced coordinate is 0.
 *
 * <p>Cost: that of the zipped divide (a complement and a composition) plus a slice, {@code O(flatRank)}.
 */
public final class Partition {
    private Partition() {}

    /** {@code local_tile(L, tiler, coord)}; see the class comment. */
    public static Sliced localTile(Layout l, Tiler tiler, SliceCoord coord) {
        Layout z = Divide.zippedDivide(l, tiler);
        Layout tile = z.mode(0);
        Layout rest = z.mode(1);
        SliceCoord restCoord = coord;
        if (coord.isTuple()) {
            int r1 = rest.isIntegral() ? 1 : rest.rank();
            if (coord.rank() > r1) {
                throw new LayoutArgumentException("local_tile of " + l + " by " + tiler + " at " + coord + ": the coordinate has rank "
                        + coord.rank() + " but zipped_divide = " + z + " has " + r1 + " rest modes");
            }
            restCoord = coord.paddedTo(r1);
        }
        return Slicing.sliceAndOffset(SliceCoord.of(SliceCoord.wildcards(tile.rank()), restCoord), z);
    }

    /** {@code local_partition(L, thr_layout, thr_idx)}; see the class comment. */
    public static Sliced localPartition(Layout l, Layout threads, long index) {
        if (index < 0 || index >= threads.size()) {
            throw new LayoutArgumentException("local_partition of " + l + " among " + threads + ": thread " + index
                    + " is outside [0," + threads.size() + ")");
        }
        IntTuple hier = threads.hierCoord(index);
        if (threads.apply(hier) != index) {
            throw new LayoutArgumentException("local_partition of " + l + " among " + threads + ": " + index + " is not a value"
                    + " of the thread layout (get_hier_coord gives " + hier + ", where it takes " + threads.apply(hier) + ")");
        }
        SliceCoord c = flatCoord(threads, hier);
        Layout z = Divide.zippedDivide(l, Tiler.ofShape(TvLayout.productEach(threads.shape())));
        Layout tile = z.mode(0);
        Layout rest = z.mode(1);
        SliceCoord tileCoord = c;
        if (c.isTuple()) {
            int r0 = tile.isIntegral() ? 1 : tile.rank();
            if (c.rank() > r0) {
                throw new LayoutArgumentException("local_partition of " + l + " among " + threads + ": the thread layout has rank "
                        + c.rank() + " but zipped_divide = " + z + " has " + r0 + " tile modes");
            }
            tileCoord = c.paddedTo(r0);
        }
        return Slicing.sliceAndOffset(SliceCoord.of(tileCoord, SliceCoord.wildcards(rest.rank())), z);
    }

    /** CuTe's {@code get_flat_coord}: each top mode's part of the hierarchical coordinate as one index in that mode. */
    private static SliceCoord flatCoord(Layout threads, IntTuple hier) {
        if (threads.isIntegral()) return SliceCoord.of(hier.value());
        SliceCoord[] m = new SliceCoord[threads.rank()];
        for (int i = 0; i < m.length; i++) m[i] = SliceCoord.of(threads.mode(i).crd2idx(hier.mode(i)));
        return SliceCoord.of(m);
    }


}
