package org.layoutcat.core.partition;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.CoordLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.algebra.Composition;
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
 * Both return a {@link Sliced}: the layout and the offset, {@code L}'s value where the sliced coordinate is 0. Every
 * kind of layout is partitioned: the zipped divide and the slice choose by kind ({@link Divide}, {@link Slicing}).
 *
 * <p>Cost: that of the zipped divide (a complement and a composition) plus a slice, {@code O(flatRank)}.
 */
public final class Partition {
    private Partition() {}

    /**
     * {@code local_tile(L, tiler, coord)} of a layout of any kind; see the class comment. A swizzled layout's zipped
     * divide goes through its inner layout and its slice keeps or decays the swizzle; a layout with scaled-basis
     * strides gives the tile's coordinates, its offset a coordinate.
     *
     * @throws LayoutArgumentException where the zipped divide is refused (see {@link Divide#zippedDivide}), the
     *         coordinate has more modes than its rest modes, or the slice at it is refused (a mismatched rank, an
     *         integer outside its mode, or a swizzled slice that is not the layout's function: see {@link Slicing})
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public static Sliced<AnyLayout> localTile(AnyLayout l, Tiler tiler, SliceCoord coord) {
        if (l instanceof Layout integer) {
            Sliced<Layout> s = localTile(integer, tiler, coord);
            return new Sliced<>(s.layout(), s.offset());
        }
        AnyLayout z = Divide.zippedDivide(l, tiler);
        return widened(l, Slicing.sliceAndOffset(tileCoord(z, coord, () -> "local_tile of " + l + " by " + tiler + " at " + coord), z));
    }

    /** A slice of L's divide with its offset as a value of L ({@link CoordLayout#widen}): CuTe's tensor coordinate. */
    private static Sliced<AnyLayout> widened(AnyLayout l, Sliced<AnyLayout> s) {
        return l instanceof CoordLayout c ? new Sliced<>(s.layout(), c.widen(s.offset())) : s;
    }

    /**
     * CuTe's {@code local_tile(L, tiler, coord, proj)}: {@code local_tile(L, dice(proj, tiler), dice(proj, coord))}, the
     * projection {@code proj} ({@code Step<_1,X,_1>}, written {@code (1,_,1)}) keeping the modes of the tiler and of the
     * coordinate where it has an integer. So one CTA tiler {@code (BLK_M,BLK_N,BLK_K)} and one coordinate
     * {@code (m,n,_)} give A's tile with {@code (1,_,1)}, B's with {@code (_,1,1)} and C's with {@code (1,1,_)}.
     *
     * @throws LayoutArgumentException where the projection is not a tuple of integers and {@code _} with a mode for
     *         each mode of the tiler and of a tuple coordinate, or as {@link #localTile(AnyLayout, Tiler, SliceCoord)}
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public static Sliced<AnyLayout> localTile(AnyLayout l, Tiler tiler, SliceCoord coord, SliceCoord proj) {
        Supplier<String> what = () -> "local_tile of " + l + " by " + tiler + " at " + coord + " projected by " + proj;
        if (!proj.isTuple()) throw new LayoutArgumentException(what.get() + ": the projection is a tuple of 1 and _ (CuTe's X), one per mode of the tiler");
        for (int i = 0; i < proj.rank(); i++) {
            if (proj.mode(i).isTuple()) throw new LayoutArgumentException(what.get() + ": mode " + i + " of the projection is a tuple; each is 1 or _");
        }
        return localTile(l, dice(proj, tiler, what), dice(proj, coord, what));
    }

    /** {@code dice(proj, tiler)}: the tiler's modes where the projection has an integer. */
    private static Tiler dice(SliceCoord proj, Tiler tiler, Supplier<String> what) {
        return switch (tiler) {
            case Tiler.ByMode byMode -> {
                if (byMode.rank() != proj.rank()) {
                    throw new LayoutArgumentException(what.get() + ": the projection has " + proj.rank() + " modes, the tiler "
                            + byMode.rank());
                }
                List<Tiler> kept = new ArrayList<>();
                for (int i = 0; i < proj.rank(); i++) if (!proj.mode(i).isWildcard()) kept.add(byMode.mode(i));
                if (kept.isEmpty()) throw new LayoutArgumentException(what.get() + ": the projection keeps no mode of the tiler");
                yield new Tiler.ByMode(kept); // a tuple of one is a tiler of one mode, as CuTe's dice keeps it
            }
            case AnyLayout layout -> Slicing.dice(proj, layout);
        };
    }

    /** {@code dice(proj, coord)}: the coordinate's modes where the projection has an integer (an integer: itself). */
    private static SliceCoord dice(SliceCoord proj, SliceCoord coord, Supplier<String> what) {
        if (!coord.isTuple()) return coord;
        if (coord.rank() != proj.rank()) {
            throw new LayoutArgumentException(what.get() + ": the projection has " + proj.rank() + " modes, the coordinate " + coord.rank());
        }
        List<SliceCoord> kept = new ArrayList<>();
        for (int i = 0; i < proj.rank(); i++) if (!proj.mode(i).isWildcard()) kept.add(coord.mode(i));
        return SliceCoord.of(kept.toArray(SliceCoord[]::new));
    }

    /**
     * {@code local_tile(L, tiler, coord)} of a layout with integer strides.
     *
     * @throws LayoutArgumentException as {@link #localTile(AnyLayout, Tiler, SliceCoord)}
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public static Sliced<Layout> localTile(Layout l, Tiler tiler, SliceCoord coord) {
        Supplier<String> what = () -> "local_tile of " + l + " by " + tiler + " at " + coord;
        Layout z;
        try {
            z = Divide.zippedDivide(l, tiler);
        } catch (LayoutArgumentException refused) {
            return tileOfRefusedRest(l, tiler, coord, what, refused);
        }
        return Slicing.sliceAndOffset(tileCoord(z, coord, what), z);
    }

    /**
     * local_tile where the zipped divide is refused only for rest modes ({@code A_i ∘ C_i}, C_i the tile's
     * complement, not A_i's function) that the coordinate fixes at block 0: CuTe C++ then keeps the tile
     * ({@code A_i ∘ B_i}, right) and its offset there is {@code A_i(C_i(0)) = 0}, right too, so its answer is taken.
     * A rest mode whose composite is refused, kept by a wildcard or addressed at another block, is where CuTe's
     * offset or layout is not A's: refused with the divide's reason. Tilers of layouts (by mode, one level) only.
     *
     * @throws LayoutArgumentException the divide's refusal, where the answer would rest on a refused composite
     */
    private static Sliced<Layout> tileOfRefusedRest(Layout l, Tiler tiler, SliceCoord coord, Supplier<String> what,
            LayoutArgumentException refused) {
        List<Layout> as = new ArrayList<>();
        List<Layout> bs = new ArrayList<>();
        if (tiler instanceof Layout b) {
            as.add(l);
            bs.add(b);
        } else if (tiler instanceof Tiler.ByMode t && t.rank() <= l.rank()) {
            for (int i = 0; i < t.rank(); i++) {
                if (!(t.mode(i) instanceof Layout b)) throw refused;
                as.add(l.mode(i));
                bs.add(b);
            }
        } else {
            throw refused;
        }
        boolean byMode = tiler instanceof Tiler.ByMode;
        int restRank = byMode ? l.rank() : 1;
        SliceCoord c = coord;
        if (coord.isTuple() && byMode) {
            if (coord.rank() > restRank) throw refused;
            c = coord.paddedTo(restRank);
        }
        List<Layout> tiles = new ArrayList<>();
        List<Layout> rests = new ArrayList<>();
        for (int j = 0; j < restRank; j++) {
            if (j >= as.size()) { // A's own modes past the tiler are rests as they are
                rests.add(l.mode(j));
                continue;
            }
            Layout comp;
            try {
                tiles.add(Composition.compose(as.get(j), bs.get(j)));
                comp = Divide.restOf(as.get(j), bs.get(j));
            } catch (IllegalArgumentException e) {
                throw refused; // the tile itself is not A's function
            }
            try {
                rests.add(Composition.compose(as.get(j), comp));
            } catch (IllegalArgumentException e) {
                SliceCoord cj = byMode && c.isTuple() ? c.mode(j) : c;
                if (!cj.isInteger() || cj.value() != 0) throw refused;
                rests.add(Layout.of(IntTuple.of(comp.size()), IntTuple.of(0))); // block 0 of it: offset 0, as in CuTe
            }
        }
        Layout z = Layout.concat(byMode ? Layout.concat(tiles) : tiles.get(0), byMode ? Layout.concat(rests) : rests.get(0));
        return Slicing.sliceAndOffset(tileCoord(z, coord, what), z);
    }

    /**
     * {@code local_partition(L, thr_layout, thr_idx)} of a layout of any kind; see the class comment and
     * {@link #localTile(AnyLayout, Tiler, SliceCoord)}.
     *
     * @throws LayoutArgumentException where the index is outside {@code [0, size(threads))} or is not a value of the
     *         thread layout (or {@code get_hier_coord} is undefined for it: a mode with stride ≤ 0), the thread layout
     *         has more modes than the tile, or the zipped divide or the slice is refused
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public static Sliced<AnyLayout> localPartition(AnyLayout l, Layout threads, long index) {
        Supplier<String> what = () -> "local_partition of " + l + " among " + threads;
        AnyLayout z = Divide.zippedDivide(l, Tiler.ofShape(TvLayout.productEach(threads.shape())));
        return widened(l, Slicing.sliceAndOffset(partitionCoord(z, threads, index, what), z));
    }

    /**
     * {@code local_partition(L, thr_layout, thr_idx)} of a layout with integer strides.
     *
     * @throws LayoutArgumentException as {@link #localPartition(AnyLayout, Layout, long)}
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public static Sliced<Layout> localPartition(Layout l, Layout threads, long index) {
        Supplier<String> what = () -> "local_partition of " + l + " among " + threads;
        Layout z = Divide.zippedDivide(l, Tiler.ofShape(TvLayout.productEach(threads.shape())));
        return Slicing.sliceAndOffset(partitionCoord(z, threads, index, what), z);
    }

    /** {@code (_,…,_, coord)}: the tile modes of the zipped divide z kept, its rest modes at coord. */
    private static SliceCoord tileCoord(AnyLayout z, SliceCoord coord, Supplier<String> what) {
        IntTuple tile = z.shape().mode(0);
        IntTuple rest = z.shape().mode(1);
        SliceCoord restCoord = coord;
        if (coord.isTuple()) {
            int r1 = rest.rank();
            if (coord.rank() > r1) {
                throw new LayoutArgumentException(what.get() + ": the coordinate has rank " + coord.rank()
                        + " but zipped_divide = " + z + " has " + r1 + " rest modes");
            }
            restCoord = coord.paddedTo(r1);
        }
        return SliceCoord.of(SliceCoord.wildcards(tile.rank()), restCoord);
    }

    /** {@code (thread's flat coordinate, _,…,_)} in the zipped divide z by the thread layout's shape. */
    private static SliceCoord partitionCoord(AnyLayout z, Layout threads, long index, Supplier<String> what) {
        if (index < 0 || index >= threads.size()) {
            throw new LayoutArgumentException(what.get() + ": thread " + index + " is outside [0," + threads.size() + ")");
        }
        IntTuple hier = threads.hierCoord(index);
        if (threads.apply(hier) != index) {
            throw new LayoutArgumentException(what.get() + ": " + index + " is not a value"
                    + " of the thread layout (get_hier_coord gives " + hier + ", where it takes " + threads.apply(hier) + ")");
        }
        SliceCoord c = flatCoord(threads, hier);
        IntTuple tile = z.shape().mode(0);
        IntTuple rest = z.shape().mode(1);
        SliceCoord tileCoord = c;
        if (c.isTuple()) {
            int r0 = tile.rank();
            if (c.rank() > r0) {
                throw new LayoutArgumentException(what.get() + ": the thread layout has rank "
                        + c.rank() + " but zipped_divide = " + z + " has " + r0 + " tile modes");
            }
            tileCoord = c.paddedTo(r0);
        }
        return SliceCoord.of(tileCoord, SliceCoord.wildcards(rest.rank()));
    }

    /** CuTe's {@code get_flat_coord}: each top mode's part of the hierarchical coordinate as one index in that mode. */
    private static SliceCoord flatCoord(Layout threads, IntTuple hier) {
        if (threads.isIntegral()) return SliceCoord.of(hier.value());
        SliceCoord[] m = new SliceCoord[threads.rank()];
        for (int i = 0; i < m.length; i++) m[i] = SliceCoord.of(threads.mode(i).crd2idx(hier.mode(i)));
        return SliceCoord.of(m);
    }


}
