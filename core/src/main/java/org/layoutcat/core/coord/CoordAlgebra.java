package org.layoutcat.core.coord;

import org.layoutcat.core.internal.Checked;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.algebra.Complement;
import org.layoutcat.core.algebra.Composition;
import org.layoutcat.core.construct.TvLayout;
import org.layoutcat.core.modes.SliceCoord;

/**
 * CuTe's algebra on layouts with {@link ScaledBasis} strides: coalesce, composition, the divides, slicing and the
 * partitions kernels apply to coordinate (identity) layouts.
 *
 * <ul>
 * <li>{@code coalesce(A)}: CuTe's rule with vector equality, a mode {@code s:d} merged into the next {@code s':d'}
 *     when {@code d' = s·d} (the same basis element, scaled); different basis elements never merge.</li>
 * <li>{@code A ∘ B} for B with basis strides (CuTe's {@code composition_impl}, basis case): each flat mode
 *     {@code s : v@p} of B composes mode p of A with {@code s:v}, a stride-0 mode gives {@code s:0}, and the results
 *     nest as B's shape. So {@code (4,4):(4,1) ∘ (4,4):(1@1,1@0) = (4,4):(1,4)} (CuTe's test).</li>
 * <li>{@code A ∘ B} for A with basis strides and B an integer layout: A's flat modes coalesced with vector equality
 *     as CuTe's {@code coalesce_x} does, then each component (the integer layout of the coefficients of one basis
 *     element over that shape) composed with B by {@link Composition#composeModes}, the results (congruent: their
 *     shape depends only on the flat shape) zipped back into vector strides.</li>
 * <li>{@code logical_divide(A, B) = A ∘ (B, complement(B, shape(coalesce(A))))}, by mode for a tiler {@code <...>};
 *     {@code zipped_divide} gathers the tiles and the rests; {@code local_tile} and {@code local_partition} slice them
 *     as for integer layouts ({@link org.layoutcat.core.partition.Partition}), the offset being a coordinate.</li>
 * </ul>
 * A composition the engine refuses for some component is refused, naming it: the vector answer is right exactly
 * where every component's is.
 *
 * <p>Cost: a composition costs {@code k} integer compositions ({@link Composition#composeModes}) for the k basis
 * elements of coalesce_x(A), or one per flat mode of B where B's strides are basis elements.
 */
public final class CoordAlgebra {
    private CoordAlgebra() {}

    /** {@code coalesce(A)}: the fewest flat modes with A's values on [0, size). */
    public static CoordLayout coalesce(CoordLayout a) {
        return coalesce(a, false);
    }

    /** CuTe's {@code coalesce_x(A)}: as coalesce, a last mode of extent 1 kept (as extent 2) for A's values past its size. */
    static CoordLayout coalesceExtended(CoordLayout a) {
        return coalesce(a, true);
    }

    private static CoordLayout coalesce(CoordLayout a, boolean extended) {
        long[] s = a.shape().leaves();
        List<Long> rs = new ArrayList<>();
        List<ScaledBasis> rd = new ArrayList<>();
        for (int k = 0; k < s.length; k++) {
            long sk = extended && k == s.length - 1 && s[k] == 1 ? 2 : s[k];
            ScaledBasis dk = a.flatStride(k);
            if (sk == 1) continue;
            int last = rs.size() - 1;
            if (last >= 0 && fitsTimes(rd.get(last), rs.get(last)) && rd.get(last).times(rs.get(last)).equals(dk)) {
                rs.set(last, rs.get(last) * sk);
                continue;
            }
            rs.add(sk);
            rd.add(dk);
        }
        if (rs.isEmpty()) return CoordLayout.of(Layout.TRIVIAL);
        long[] shape = rs.stream().mapToLong(Long::longValue).toArray();
        return CoordLayout.of(shape.length == 1 ? IntTuple.of(shape[0]) : IntTuple.flat(shape), rd);
    }

    private static boolean fitsTimes(ScaledBasis d, long s) {
        return Checked.fits(d.value(), s);
    }

    /**
     * {@code A ∘ B} for a layout or a by-mode tiler B; a by-mode tiler drops the modes of A it does not reach, as CuTe
     * C++.
     *
     * @throws LayoutArgumentException where a by-mode tiler has more modes than the layout it meets, or a composition
     *         of modes is refused, as by {@link #compose(CoordLayout, CoordLayout)}
     * @throws ArithmeticException on overflow of a size, stride or coordinate
     */
    public static CoordLayout compose(CoordLayout a, Tiler b) {
        if (b instanceof Layout l) return compose(a, CoordLayout.of(l));
        Tiler.ByMode t = (Tiler.ByMode) b;
        requireRank("composition", a, t);
        List<CoordLayout> modes = new ArrayList<>();
        for (int i = 0; i < t.rank(); i++) modes.add(compose(a.mode(i), t.mode(i)));
        return CoordLayout.concat(modes);
    }

    /**
     * {@code A ∘ B}: R shaped like B, {@code R(c) = A(B(c))}; see the class comment.
     *
     * @throws LayoutArgumentException where B mixes non-zero integer and basis strides, a basis stride of B names a
     *         mode that A lacks, the composition of a component of A with B is refused (see {@link
     *         Composition#compose(Layout, Layout)}), or a stride of the result would be a sum of basis elements
     * @throws ArithmeticException on overflow of a size, stride or coordinate
     */
    public static CoordLayout compose(CoordLayout a, CoordLayout b) {
        boolean basis = false;
        boolean integer = false;
        for (ScaledBasis d : b.flatStrides()) {
            if (!d.isInteger()) basis = true;
            else if (d.value() != 0) integer = true;
        }
        if (!basis) return composeInteger(a, b.toLayout());
        if (integer) {
            throw new LayoutArgumentException(a + " o " + b + ": B mixes integer and basis strides; CuTe composes a basis stride"
                    + " with one mode of A and an integer stride with all of A, and cannot add the two");
        }
        List<CoordLayout> parts = new ArrayList<>();
        long[] s = b.shape().leaves();
        for (int k = 0; k < s.length; k++) {
            ScaledBasis d = b.flatStride(k);
            if (d.value() == 0) {
                parts.add(CoordLayout.of(Layout.of(s[k], 0)));
                continue;
            }
            CoordLayout sub = a.at(d.path());
            parts.add(composeInteger(sub, Layout.of(s[k], d.value())));
        }
        if (b.isIntegral()) return parts.get(0);
        int[] at = {0};
        return nest(b.shape(), parts, at);
    }

    private static CoordLayout nest(IntTuple shape, List<CoordLayout> parts, int[] at) {
        if (shape.isLeaf()) return parts.get(at[0]++);
        List<CoordLayout> m = new ArrayList<>();
        for (int i = 0; i < shape.rank(); i++) m.add(nest(shape.mode(i), parts, at));
        return CoordLayout.concat(m);
    }

    /** A ∘ B for an integer layout B: CuTe's composition of coalesce_x(A) with B, component by component. */
    private static CoordLayout composeInteger(CoordLayout a, Layout b) {
        if (a.isIntegerValued()) return CoordLayout.of(Composition.compose(a.toLayout(), b));
        CoordLayout flat = coalesceExtended(a);
        long[] s = flat.shape().leaves();
        Map<String, int[]> components = new LinkedHashMap<>();
        for (ScaledBasis d : flat.flatStrides()) if (d.value() != 0) components.putIfAbsent(Arrays.toString(d.path()), d.path());
        Layout shape = null;
        List<long[]> strides = new ArrayList<>();
        List<int[]> paths = new ArrayList<>(components.values());
        for (int[] p : paths) {
            long[] dp = new long[s.length];
            for (int k = 0; k < s.length; k++) {
                ScaledBasis d = flat.flatStride(k);
                dp[k] = d.value() != 0 && Arrays.equals(d.path(), p) ? d.value() : 0;
            }
            Layout ap = s.length == 1 ? Layout.of(s[0], dp[0]) : Layout.flat(s, dp);
            Layout r;
            try {
                r = Composition.composeModes(ap, b);
            } catch (IllegalArgumentException e) {
                String name = ScaledBasis.of(1, p).toString();
                throw new LayoutArgumentException(() -> a + " o " + b + ": composing the " + name + " component of coalesce_x(A) = "
                        + flat + ", " + ap + ", with B: " + e.getMessage(), e);
            }
            if (shape == null) shape = r;
            else if (!shape.shape().equals(r.shape())) {
                throw new IllegalStateException("components of " + a + " o " + b + " composed to different shapes: " + shape + " and " + r);
            }
            strides.add(r.flatStrides());
        }
        if (shape == null) return CoordLayout.of(Composition.composeModes(Layout.flat(s, new long[s.length]), b)); // A ≡ 0
        List<ScaledBasis> d = new ArrayList<>();
        for (int k = 0; k < shape.flatRank(); k++) {
            ScaledBasis v = ScaledBasis.ZERO;
            for (int c = 0; c < paths.size(); c++) {
                long x = strides.get(c)[k];
                if (x == 0) continue;
                if (v.value() != 0) {
                    Layout sh = shape;
                    int kk = k;
                    throw new LayoutArgumentException(() -> a + " o " + b + ": stride " + kk + " of the composite " + sh.shape()
                            + " would be a sum of basis elements, which a layout stride cannot hold");
                }
                v = ScaledBasis.of(x, paths.get(c));
            }
            d.add(v);
        }
        return CoordLayout.of(shape.shape(), d);
    }

    /**
     * {@code logical_divide(A, B)}: {@code A ∘ (B, complement(B, shape(coalesce(A))))}, by mode for {@code <...>}.
     *
     * @throws LayoutArgumentException where a by-mode tiler has more modes than the layout it meets, where B has a
     *         negative stride or modes that overlap (no complement), or where the composition of A with {@code (B,
     *         complement)} is refused
     * @throws ArithmeticException on overflow of a size, stride or coordinate
     */
    public static CoordLayout logicalDivide(CoordLayout a, Tiler b) {
        if (b instanceof Layout l) {
            Layout comp = Complement.complement(l, coalesce(a).shape());
            return compose(a, CoordLayout.of(Layout.concat(l, comp)));
        }
        Tiler.ByMode t = (Tiler.ByMode) b;
        requireRank("logical_divide", a, t);
        List<CoordLayout> modes = new ArrayList<>();
        for (int i = 0; i < a.rank(); i++) modes.add(i < t.rank() ? logicalDivide(a.mode(i), t.mode(i)) : a.mode(i));
        return CoordLayout.concat(modes);
    }

    /**
     * {@code zipped_divide(A, B)}: {@code ((tiles...),(rests..., other modes))}.
     *
     * @throws LayoutArgumentException where a by-mode tiler has more modes than the layout it meets, where B has a
     *         negative stride or modes that overlap (no complement), or where the composition of A with {@code (B,
     *         complement)} is refused
     * @throws ArithmeticException on overflow of a size, stride or coordinate
     */
    public static CoordLayout zippedDivide(CoordLayout a, Tiler b) {
        if (b instanceof Layout) return logicalDivide(a, b);
        Tiler.ByMode t = (Tiler.ByMode) b;
        requireRank("zipped_divide", a, t);
        List<CoordLayout> tiles = new ArrayList<>();
        List<CoordLayout> rests = new ArrayList<>();
        for (int i = 0; i < t.rank(); i++) {
            CoordLayout split = zippedDivide(a.mode(i), t.mode(i));
            tiles.add(split.mode(0));
            rests.add(split.mode(1));
        }
        for (int i = t.rank(); i < a.rank(); i++) rests.add(a.mode(i));
        return CoordLayout.concat(List.of(CoordLayout.concat(tiles), CoordLayout.concat(rests)));
    }

    /**
     * {@code slice_and_offset(c, A)} as {@link org.layoutcat.core.modes.Slicing} defines it, the offset a coordinate.
     *
     * @throws LayoutArgumentException where a tuple of c meets an integral mode or a mode of another rank (mismatched
     *         ranks), an integer of c lies outside its mode, or where the value adds a non-zero integer to basis
     *         elements or has a basis element at a position that holds a tuple of others
     * @throws ArithmeticException where a coordinate of the offset overflows a long
     */
    public static CoordSliced sliceAndOffset(SliceCoord c, CoordLayout a) {
        CoordLayout.Point offset = CoordLayout.Point.of(a);
        if (c.isWildcard()) return new CoordSliced(a, offset.toTuple());
        List<CoordLayout> kept = new ArrayList<>();
        walk(c, a, a, c, kept, offset);
        CoordLayout l = c.isInteger() ? CoordLayout.of(IntTuple.EMPTY, List.of()) : CoordLayout.concat(kept);
        return new CoordSliced(l, offset.toTuple());
    }

    private static void walk(SliceCoord c, CoordLayout m, CoordLayout whole, SliceCoord all, List<CoordLayout> kept, CoordLayout.Point offset) {
        if (c.isTuple()) {
            if (m.isIntegral() || m.rank() != c.rank()) {
                throw new LayoutArgumentException("coordinate " + all + " does not fit " + whole + ": " + c + " has rank " + c.rank()
                        + " but meets " + m.shape() + " of rank " + (m.isIntegral() ? "1 (an integer)" : m.rank()) + " (mismatched ranks)");
            }
            for (int i = 0; i < c.rank(); i++) walk(c.mode(i), m.mode(i), whole, all, kept, offset);
            return;
        }
        if (c.isWildcard()) {
            kept.add(m);
            return;
        }
        if (c.value() >= m.size()) {
            throw new LayoutArgumentException("coordinate " + all + " does not fit " + whole + ": " + c.value() + " is outside [0,"
                    + m.size() + ") of mode " + m);
        }
        long[] s = m.shape().leaves();
        long i = c.value();
        for (int k = 0; k < s.length; k++) {
            offset.add(m.flatStride(k), i % s[k]);
            i /= s[k];
        }
    }

    /**
     * {@code local_tile(A, tiler, coord)} of a coordinate layout; see {@link org.layoutcat.core.partition.Partition}.
     *
     * @throws LayoutArgumentException where the zipped divide is refused (see {@link #zippedDivide}), the coordinate
     *         has more modes than its rest modes, or the slice at it is refused (see {@link #sliceAndOffset})
     * @throws ArithmeticException on overflow of a size, stride or coordinate
     */
    public static CoordSliced localTile(CoordLayout a, Tiler tiler, SliceCoord coord) {
        CoordLayout z = zippedDivide(a, tiler);
        SliceCoord rest = coord;
        if (coord.isTuple()) {
            int r1 = z.mode(1).rank();
            if (coord.rank() > r1) {
                throw new LayoutArgumentException("local_tile of " + a + " by " + tiler + " at " + coord + ": the coordinate has rank "
                        + coord.rank() + " but zipped_divide = " + z + " has " + r1 + " rest modes");
            }
            rest = coord.paddedTo(r1);
        }
        return sliceAndOffset(SliceCoord.of(SliceCoord.wildcards(z.mode(0).rank()), rest), z);
    }

    /**
     * {@code local_partition(A, thr_layout, thr_idx)} of a coordinate layout; see {@link
     * org.layoutcat.core.partition.Partition}.
     *
     * @throws LayoutArgumentException where the index is outside {@code [0, size(threads))} or is not a value of the
     *         thread layout (or {@code get_hier_coord} is undefined for it: a mode with stride ≤ 0), the thread layout
     *         has more modes than the tile, or the zipped divide or the slice is refused
     * @throws ArithmeticException on overflow of a size, stride or coordinate
     */
    public static CoordSliced localPartition(CoordLayout a, Layout threads, long index) {
        if (index < 0 || index >= threads.size()) {
            throw new LayoutArgumentException("local_partition of " + a + " among " + threads + ": thread " + index + " is outside [0,"
                    + threads.size() + ")");
        }
        IntTuple hier = threads.hierCoord(index);
        if (threads.apply(hier) != index) {
            throw new LayoutArgumentException("local_partition of " + a + " among " + threads + ": " + index + " is not a value of the"
                    + " thread layout (get_hier_coord gives " + hier + ", where it takes " + threads.apply(hier) + ")");
        }
        SliceCoord c;
        if (threads.isIntegral()) {
            c = SliceCoord.of(hier.value());
        } else {
            SliceCoord[] m = new SliceCoord[threads.rank()];
            for (int i = 0; i < m.length; i++) m[i] = SliceCoord.of(threads.mode(i).crd2idx(hier.mode(i)));
            c = SliceCoord.of(m);
        }
        CoordLayout z = zippedDivide(a, Tiler.ofShape(TvLayout.productEach(threads.shape())));
        SliceCoord tile = c;
        if (c.isTuple()) {
            int r0 = z.mode(0).rank();
            if (c.rank() > r0) {
                throw new LayoutArgumentException("local_partition of " + a + " among " + threads + ": the thread layout has rank "
                        + c.rank() + " but zipped_divide = " + z + " has " + r0 + " tile modes");
            }
            tile = c.paddedTo(r0);
        }
        return sliceAndOffset(SliceCoord.of(tile, SliceCoord.wildcards(z.mode(1).rank())), z);
    }



    private static void requireRank(String name, CoordLayout a, Tiler.ByMode t) {
        if (t.rank() > a.rank()) {
            throw new LayoutArgumentException(name + " of " + a + " by " + t + ": the tiler has " + t.rank() + " modes but the layout only " + a.rank());
        }
    }
}
