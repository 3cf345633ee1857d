package org.layoutcat.core.algebra;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.CoordLayout;
import org.layoutcat.core.GeneralComposedLayout;
import org.layoutcat.core.InnerSwizzledLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.ScaledBasis;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.internal.Checked;

/**
 * CuTe's algebra on layouts with {@link ScaledBasis} strides ({@link CoordLayout}): coalesce, composition and the
 * divides, which the operations of this package choose for that kind. Slicing and the partitions are in
 * {@code modes.Slicing} and {@code partition.Partition}.
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
 *     {@code zipped_divide} gathers the tiles and the rests, {@code tiled_divide} and {@code flat_divide} regroup
 *     them as for integer layouts.</li>
 * </ul>
 * A composition the engine refuses for some component is refused, naming it: the vector answer is right exactly
 * where every component's is.
 *
 * <p>Cost: a composition costs {@code k} integer compositions ({@link Composition#composeModes}) for the k basis
 * elements of coalesce_x(A), or one per flat mode of B where B's strides are basis elements.
 */
final class BasisAlgebra {
    private BasisAlgebra() {}

    /** {@code coalesce(A)}: the fewest flat modes with A's values on [0, size). */
    static CoordLayout coalesce(CoordLayout a) {
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
    static CoordLayout compose(CoordLayout a, Tiler b) {
        return switch (b) {
            case Layout l -> compose(a, CoordLayout.of(l));
            case CoordLayout l -> compose(a, l);
            case ComposedLayout l -> throw AnyLayout.refuse("composition", l, "a layout with scaled-basis strides composes"
                    + " with layouts of integer or scaled-basis strides: " + a + " o " + l + " has no CuTe counterpart");
            case InnerSwizzledLayout l -> throw l.refused("composition");
            case GeneralComposedLayout l -> throw AnyLayout.refuse("composition", l, "a layout with scaled-basis strides composes"
                    + " with layouts of integer or scaled-basis strides: " + a + " o " + l + " has no CuTe counterpart");
            case Tiler.ByMode t -> {
                requireRank("composition", a, t);
                List<CoordLayout> modes = new ArrayList<>();
                for (int i = 0; i < t.rank(); i++) modes.add(compose(a.mode(i), t.mode(i)));
                yield CoordLayout.concat(modes);
            }
        };
    }

    /**
     * {@code A ∘ B}: R shaped like B, {@code R(c) = A(B(c))}; see the class comment.
     *
     * @throws LayoutArgumentException where B mixes non-zero integer and basis strides, a basis stride of B names a
     *         mode that A lacks, the composition of a component of A with B is refused (see {@link
     *         Composition#compose(Layout, Layout)}), or a stride of the result would be a sum of basis elements
     * @throws ArithmeticException on overflow of a size, stride or coordinate
     */
    static CoordLayout compose(CoordLayout a, CoordLayout b) {
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
    static CoordLayout logicalDivide(CoordLayout a, Tiler b) {
        if (!(b instanceof Tiler.ByMode t)) {
            Layout l = integerTiler("logical_divide", a, b);
            Layout comp = Complement.complement(l, coalesce(a).shape());
            return compose(a, CoordLayout.of(Layout.concat(l, comp)));
        }
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
    static CoordLayout zippedDivide(CoordLayout a, Tiler b) {
        if (!(b instanceof Tiler.ByMode t)) return logicalDivide(a, b);
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

    private static void requireRank(String name, CoordLayout a, Tiler.ByMode t) {
        if (t.rank() > a.rank()) {
            throw new LayoutArgumentException(name + " of " + a + " by " + t + ": the tiler has " + t.rank() + " modes but the layout only " + a.rank());
        }
    }

    /**
     * A layout tiler of a divide of a basis-stride layout: CuTe divides by a layout with integer strides (one with
     * basis strides or a swizzle has no complement).
     */
    private static Layout integerTiler(String name, CoordLayout a, Tiler b) {
        return switch (b) {
            case AnyLayout x -> switch (x) {
                case Layout l -> l;
                case CoordLayout _, ComposedLayout _, InnerSwizzledLayout _, GeneralComposedLayout _ -> throw AnyLayout.refuse(name, x, name + " of " + a
                        + " divides by a layout with integer strides (the tiler's complement is taken)");
            };
            case Tiler.ByMode t -> throw new IllegalStateException("a by-mode tiler is divided mode by mode");
        };
    }

    /** {@code ((X),(y0,y1,...)) → ((X),y0,y1,...)}: a zipped divide's rest modes brought up, as {@link Zip#tiled}. */
    static CoordLayout tiled(CoordLayout zipped) {
        List<CoordLayout> modes = new ArrayList<>();
        modes.add(zipped.mode(0));
        modes.addAll(zipped.mode(1).modes());
        return CoordLayout.concat(modes);
    }

    /** {@code ((x0,x1,...),(y0,y1,...)) → (x0,x1,...,y0,y1,...)}, as {@link Zip#flat}. */
    static CoordLayout flat(CoordLayout zipped) {
        List<CoordLayout> modes = new ArrayList<>(zipped.mode(0).modes());
        modes.addAll(zipped.mode(1).modes());
        return CoordLayout.concat(modes);
    }

    /** The layout of a result: a {@link Layout} where every stride is an integer, else the layout of basis strides. */
    static AnyLayout canonical(CoordLayout c) {
        return c.isIntegerValued() ? c.toLayout() : c;
    }

    /** True where the tiler is, or holds, a layout with scaled-basis strides. */
    static boolean hasBasisStrides(Tiler b) {
        return switch (b) {
            case CoordLayout c -> true;
            case Tiler.ByMode t -> t.modes().stream().anyMatch(BasisAlgebra::hasBasisStrides);
            case Layout _, ComposedLayout _, InnerSwizzledLayout _, GeneralComposedLayout _ -> false;
        };
    }
}
