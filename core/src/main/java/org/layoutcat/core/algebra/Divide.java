package org.layoutcat.core.algebra;

import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.CoordLayout;
import org.layoutcat.core.GeneralComposedLayout;
import org.layoutcat.core.InnerSwizzledLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.internal.Checked;
import org.layoutcat.core.internal.FlatModes;

/**
 * The divides of CuTe: a layout A split by a tiler B into tiles of B's shape and the rest.
 *
 * <ul>
 * <li>{@code logical_divide(A, B) = A ∘ (B, comp(B, shape(coalesce(A))))}, by mode for a tiler {@code <...>}:
 *     {@code ((TileM,RestM),(TileN,RestN),L,...)};</li>
 * <li>{@code zipped_divide}: {@code ((TileM,TileN),(RestM,RestN,L,...))};</li>
 * <li>{@code tiled_divide}: {@code ((TileM,TileN),RestM,RestN,L,...)};</li>
 * <li>{@code flat_divide}: {@code (TileM,TileN,RestM,RestN,L,...)}.</li>
 * </ul>
 * Admissibility is that of the complement and the composition; a failure names both. Every kind of layout is
 * divided: a swizzled one through its inner layout, the swizzle and offset kept (CuTe's
 * {@code layout_composed.hpp}); one with scaled-basis strides by the same definition over its coordinates.
 */
public final class Divide {
    private Divide() {}

    /** {@code A ∘ (B, comp(B, shape(coalesce(A))))} for a layout B, as CuTe C++ computes it. */
    static Layout logicalDivideLayout(Layout a, Layout b) {
        Layout comp = restOf(a, b);
        Layout tiler = Layout.concat(b, comp);
        try {
            return Composition.compose(a, tiler);
        } catch (IllegalArgumentException e) {
            throw new LayoutArgumentException(() -> "logical_divide of " + a + " by " + b + " composes A with (B, comp(B, "
                    + Coalesce.coalesce(a).shape() + ")) = " + tiler + ": " + e.getMessage(), e);
        }
    }

    /**
     * C in {@code logical_divide(A, B) = A ∘ (B, C)}: B's complement in the shape of {@code coalesce(A)}, as CuTe C++
     * takes it. With it, a caller may compose A with B and with C apart, as {@code local_tile} does where only the
     * tile is needed.
     *
     * @throws LayoutArgumentException where B has no complement there
     */
    public static Layout restOf(Layout a, Layout b) {
        return Complement.complementOfShape(b, coalescedShape(a), () -> Coalesce.coalesce(a).shape());
    }

    /**
     * CuTe's {@code evenly_divides(S, B)}: true where {@code logical_divide(make_layout(S), B)} has no partial tile.
     * A by-mode tiler {@code <B0,...,Bk>} of rank ≤ rank(S) divides mode by mode (of greater rank it does not); a
     * layout B divides a mode S when {@code size(S) = size(B)·size(comp(B, S))}, the rest of the divide being CuTe's
     * {@code ceil_div(S, B) = shape(comp(B, S))}. A plain shape reads as a tiler ({@link Tiler#ofShape}): an integer
     * n is {@code n:1}, for which the rest is {@code ceil_div(S, n)}. So {@code evenly_divides((8,32), <4:2,32>)} is
     * true (4·comp(4:2, 8) = 4·2) and {@code evenly_divides((8,32), <8:2,32>)} false (8·2 ≠ 8), as CuTe C++ answers.
     *
     * @throws LayoutArgumentException where B has a layout that is not of integer strides (CuTe's ceil_div takes a
     *         layout), or that has no complement in S (a negative stride, or modes that overlap)
     * @throws ArithmeticException on overflow of a size
     */
    public static boolean evenlyDivides(IntTuple shape, Tiler b) {
        return switch (b) {
            case Tiler.ByMode byMode -> {
                if (byMode.rank() > (shape.isLeaf() ? 1 : shape.rank())) yield false;
                for (int i = 0; i < byMode.rank(); i++) if (!evenlyDivides(shape.mode(i), byMode.mode(i))) yield false;
                yield true;
            }
            case AnyLayout l -> switch (l) {
                case Layout layout -> shape.product() == Checked.mul(layout.size(), ceilDivSize(shape, layout), "evenly_divides", shape);
                case CoordLayout _, ComposedLayout _, InnerSwizzledLayout _, GeneralComposedLayout _ -> throw AnyLayout.refuse("evenly_divides", l,
                        "CuTe's ceil_div(S, B) takes a layout of integer strides");
            };
        };
    }

    /** {@code size(ceil_div(S, B)) = size(comp(B, S))}, a refusal naming evenly_divides and S. */
    private static long ceilDivSize(IntTuple shape, Layout b) {
        for (long s : shape.leaves()) {
            if (s < 1) {
                throw new LayoutArgumentException(() -> "evenly_divides(" + shape + ", " + b + "): the shape must be positive");
            }
        }
        try {
            return Complement.complement(b, shape).size();
        } catch (LayoutArgumentException e) {
            throw new LayoutArgumentException(() -> "evenly_divides(" + shape + ", " + b + ") takes ceil_div(S, B) = shape(comp(B, S)): "
                    + e.getMessage(), e);
        }
    }

    /** The flat shape of {@code coalesce(A)}: {@code shape(coalesce(A))} read left to right ({@code 1} for none). */
    private static long[] coalescedShape(Layout a) {
        int n = Math.max(a.flatRank(), 1);
        long[] s = new long[n];
        long[] d = new long[n];
        int m = FlatModes.modesInto(a.flatModes(), s, d);
        return m == n ? s : java.util.Arrays.copyOf(s, m);
    }

    /**
     * {@code logical_divide(A, B)} for a layout A of any kind; see the class comment.
     *
     * @throws LayoutArgumentException as {@link #logicalDivide(Layout, Tiler)} words it, or where B is not a layout of
     *         integer strides (or a by-mode tiler of them)
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public static AnyLayout logicalDivide(AnyLayout a, Tiler b) {
        return switch (a) {
            case ComposedLayout swizzled -> swizzled.withInner(logicalDivide(swizzled.inner(), b));
            case CoordLayout basis -> BasisAlgebra.canonical(BasisAlgebra.logicalDivide(basis, b));
            case Layout integer -> logicalDivide(integer, b);
            case InnerSwizzledLayout s -> throw s.refused("logical_divide");
            case GeneralComposedLayout g -> g.withLayoutB(logicalDivide(g.layoutB(), b));
        };
    }

    /**
     * {@code zipped_divide(A, B)} for a layout A of any kind; see the class comment.
     *
     * @throws LayoutArgumentException as {@link #zippedDivide(Layout, Tiler)} words it, or where B is not a layout of
     *         integer strides (or a by-mode tiler of them)
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public static AnyLayout zippedDivide(AnyLayout a, Tiler b) {
        return switch (a) {
            case ComposedLayout swizzled -> swizzled.withInner(zippedDivide(swizzled.inner(), b));
            case CoordLayout basis -> BasisAlgebra.canonical(BasisAlgebra.zippedDivide(basis, b));
            case Layout integer -> zippedDivide(integer, b);
            case InnerSwizzledLayout s -> throw s.refused("zipped_divide");
            case GeneralComposedLayout g -> g.withLayoutB(zippedDivide(g.layoutB(), b));
        };
    }

    /**
     * {@code tiled_divide(A, B)} for a layout A of any kind: the zipped divide with its rest modes brought up.
     *
     * @throws LayoutArgumentException as {@link #zippedDivide(AnyLayout, Tiler)}
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public static AnyLayout tiledDivide(AnyLayout a, Tiler b) {
        return switch (a) {
            case ComposedLayout swizzled -> swizzled.withInner(tiledDivide(swizzled.inner(), b));
            case CoordLayout basis -> BasisAlgebra.canonical(BasisAlgebra.tiled(BasisAlgebra.zippedDivide(basis, b)));
            case Layout integer -> tiledDivide(integer, b);
            case InnerSwizzledLayout s -> throw s.refused("tiled_divide");
            case GeneralComposedLayout g -> g.withLayoutB(tiledDivide(g.layoutB(), b));
        };
    }

    /**
     * {@code flat_divide(A, B)} for a layout A of any kind: the zipped divide with its tile and rest modes brought up.
     *
     * @throws LayoutArgumentException as {@link #zippedDivide(AnyLayout, Tiler)}
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public static AnyLayout flatDivide(AnyLayout a, Tiler b) {
        return switch (a) {
            case ComposedLayout swizzled -> swizzled.withInner(flatDivide(swizzled.inner(), b));
            case CoordLayout basis -> BasisAlgebra.canonical(BasisAlgebra.flat(BasisAlgebra.zippedDivide(basis, b)));
            case Layout integer -> flatDivide(integer, b);
            case InnerSwizzledLayout s -> throw s.refused("flat_divide");
            case GeneralComposedLayout g -> g.withLayoutB(flatDivide(g.layoutB(), b));
        };
    }

    /**
     * CuTe's {@code logical_divide(A, B)}, by mode for a tiler {@code <...>}: {@code
     * ((TileM,RestM),(TileN,RestN),L,...)}.
     *
     * @throws LayoutArgumentException where a by-mode tiler has more modes than the layout it meets, where B (or a mode
     *         of it) has a negative stride or modes that overlap (no complement), or where the composition of A with
     *         {@code (B, complement)} is refused (see {@link Composition#compose(Layout, Layout)}); the message names
     *         both
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public static Layout logicalDivide(Layout a, Tiler b) {
        return PerMode.apply("logical_divide", a, b, Divide::logicalDivideLayout);
    }

    /**
     * CuTe's {@code zipped_divide(A, B)}: {@code ((TileM,TileN),(RestM,RestN,L,...))}.
     *
     * @throws LayoutArgumentException where a by-mode tiler has more modes than the layout it meets, where B (or a mode
     *         of it) has a negative stride or modes that overlap (no complement), or where the composition of A with
     *         {@code (B, complement)} is refused (see {@link Composition#compose(Layout, Layout)}); the message names
     *         both
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public static Layout zippedDivide(Layout a, Tiler b) {
        return PerMode.unzip("zipped_divide", a, b, Divide::logicalDivideLayout);
    }

    /**
     * CuTe's {@code tiled_divide(A, B)}: {@code ((TileM,TileN),RestM,RestN,L,...)}.
     *
     * @throws LayoutArgumentException where a by-mode tiler has more modes than the layout it meets, where B (or a mode
     *         of it) has a negative stride or modes that overlap (no complement), or where the composition of A with
     *         {@code (B, complement)} is refused (see {@link Composition#compose(Layout, Layout)}); the message names
     *         both
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public static Layout tiledDivide(Layout a, Tiler b) {
        return Zip.tiled(zippedDivide(a, b));
    }

    /**
     * CuTe's {@code flat_divide(A, B)}: {@code (TileM,TileN,RestM,RestN,L,...)}.
     *
     * @throws LayoutArgumentException where a by-mode tiler has more modes than the layout it meets, where B (or a mode
     *         of it) has a negative stride or modes that overlap (no complement), or where the composition of A with
     *         {@code (B, complement)} is refused (see {@link Composition#compose(Layout, Layout)}); the message names
     *         both
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public static Layout flatDivide(Layout a, Tiler b) {
        return Zip.flat(zippedDivide(a, b));
    }
}
