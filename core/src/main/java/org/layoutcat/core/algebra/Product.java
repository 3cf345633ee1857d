package org.layoutcat.core.algebra;

import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.CoordLayout;
import org.layoutcat.core.GeneralComposedLayout;
import org.layoutcat.core.InnerSwizzledLayout;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.internal.Checked;

/**
 * The products of CuTe: a layout A repeated according to a layout B.
 *
 * <ul>
 * <li>{@code logical_product(A, B) = (A, comp(A, size(A)·cosize(B)) ∘ B)}, by mode for a tiler:
 *     {@code ((M,TileM),(N,TileN),L,...)};</li>
 * <li>{@code zipped_product}: {@code ((M,N),(TileM,TileN,L,...))}; {@code tiled_product}:
 *     {@code ((M,N),TileM,TileN,L,...)}; {@code flat_product}: {@code (M,N,TileM,TileN,L,...)};</li>
 * <li>{@code blocked_product(A, B)}: with both padded to rank R = max(rank A, rank B),
 *     {@code zip(logical_product(A, B))} = {@code ((a0,b0),(a1,b1),...)};</li>
 * <li>{@code raked_product(A, B)}: {@code ((b0,a0),(b1,a1),...)}.</li>
 * </ul>
 * A swizzled layout is repeated through its inner layout, the swizzle and offset kept.
 */
public final class Product {
    private Product() {}

    /**
     * {@code logical_product(A, B)} for a layout with integer strides or a swizzled one, whose inner layout is repeated, the
     * swizzle and offset kept (CuTe's {@code layout_composed.hpp}).
     *
     * @throws LayoutArgumentException as {@link #logicalProduct(Layout, Tiler)}, or for a layout with scaled-basis strides
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public static AnyLayout logicalProduct(AnyLayout a, Tiler b) {
        return switch (a) {
            case ComposedLayout swizzled -> swizzled.withInner(logicalProduct(swizzled.inner(), b));
            case CoordLayout basis -> throw AnyLayout.refuse("logical_product", basis, "CuTe's products repeat a layout of offsets");
            case Layout integer -> logicalProduct(integer, b);
            case InnerSwizzledLayout s -> throw s.refused("logical_product");
            case GeneralComposedLayout g -> g.withLayoutB(logicalProduct(g.layoutB(), b));
        };
    }

    /**
     * {@code zipped_product(A, B)} for a layout with integer strides or a swizzled one, whose inner layout is repeated, the
     * swizzle and offset kept (CuTe's {@code layout_composed.hpp}).
     *
     * @throws LayoutArgumentException as {@link #zippedProduct(Layout, Tiler)}, or for a layout with scaled-basis strides
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public static AnyLayout zippedProduct(AnyLayout a, Tiler b) {
        return switch (a) {
            case ComposedLayout swizzled -> swizzled.withInner(zippedProduct(swizzled.inner(), b));
            case CoordLayout basis -> throw AnyLayout.refuse("zipped_product", basis, "CuTe's products repeat a layout of offsets");
            case Layout integer -> zippedProduct(integer, b);
            case InnerSwizzledLayout s -> throw s.refused("zipped_product");
            case GeneralComposedLayout g -> g.withLayoutB(zippedProduct(g.layoutB(), b));
        };
    }

    /**
     * {@code tiled_product(A, B)} for a layout with integer strides or a swizzled one, whose inner layout is repeated, the
     * swizzle and offset kept (CuTe's {@code layout_composed.hpp}).
     *
     * @throws LayoutArgumentException as {@link #tiledProduct(Layout, Tiler)}, or for a layout with scaled-basis strides
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public static AnyLayout tiledProduct(AnyLayout a, Tiler b) {
        return switch (a) {
            case ComposedLayout swizzled -> swizzled.withInner(tiledProduct(swizzled.inner(), b));
            case CoordLayout basis -> throw AnyLayout.refuse("tiled_product", basis, "CuTe's products repeat a layout of offsets");
            case Layout integer -> tiledProduct(integer, b);
            case InnerSwizzledLayout s -> throw s.refused("tiled_product");
            case GeneralComposedLayout g -> g.withLayoutB(tiledProduct(g.layoutB(), b));
        };
    }

    /**
     * {@code flat_product(A, B)} for a layout with integer strides or a swizzled one, whose inner layout is repeated, the
     * swizzle and offset kept (CuTe's {@code layout_composed.hpp}).
     *
     * @throws LayoutArgumentException as {@link #flatProduct(Layout, Tiler)}, or for a layout with scaled-basis strides
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public static AnyLayout flatProduct(AnyLayout a, Tiler b) {
        return switch (a) {
            case ComposedLayout swizzled -> swizzled.withInner(flatProduct(swizzled.inner(), b));
            case CoordLayout basis -> throw AnyLayout.refuse("flat_product", basis, "CuTe's products repeat a layout of offsets");
            case Layout integer -> flatProduct(integer, b);
            case InnerSwizzledLayout s -> throw s.refused("flat_product");
            case GeneralComposedLayout g -> g.withLayoutB(flatProduct(g.layoutB(), b));
        };
    }

    /**
     * {@code blocked_product(A, B)} for a layout with integer strides or a swizzled one, whose inner layout is repeated, the
     * swizzle and offset kept (CuTe's {@code layout_composed.hpp}).
     *
     * @throws LayoutArgumentException as {@link #blockedProduct(Layout, Layout)}, or for a layout with scaled-basis strides
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public static AnyLayout blockedProduct(AnyLayout a, Layout b) {
        return switch (a) {
            case ComposedLayout swizzled -> swizzled.withInner(blockedProduct(swizzled.inner(), b));
            case CoordLayout basis -> throw AnyLayout.refuse("blocked_product", basis, "CuTe's products repeat a layout of offsets");
            case Layout integer -> blockedProduct(integer, b);
            case InnerSwizzledLayout s -> throw s.refused("blocked_product");
            case GeneralComposedLayout g -> g.withLayoutB(blockedProduct(g.layoutB(), b));
        };
    }

    /**
     * {@code raked_product(A, B)} for a layout with integer strides or a swizzled one, whose inner layout is repeated, the
     * swizzle and offset kept (CuTe's {@code layout_composed.hpp}).
     *
     * @throws LayoutArgumentException as {@link #rakedProduct(Layout, Layout)}, or for a layout with scaled-basis strides
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public static AnyLayout rakedProduct(AnyLayout a, Layout b) {
        return switch (a) {
            case ComposedLayout swizzled -> swizzled.withInner(rakedProduct(swizzled.inner(), b));
            case CoordLayout basis -> throw AnyLayout.refuse("raked_product", basis, "CuTe's products repeat a layout of offsets");
            case Layout integer -> rakedProduct(integer, b);
            case InnerSwizzledLayout s -> throw s.refused("raked_product");
            case GeneralComposedLayout g -> g.withLayoutB(rakedProduct(g.layoutB(), b));
        };
    }

    /** {@code (A, comp(A, size(A)·cosize(B)) ∘ B)} for a layout B. */
    static Layout logicalProductLayout(Layout a, Layout b) {
        long cotarget = Checked.mul(a.size(), b.cosize(), "size(A)·cosize(B) in the product", a);
        Layout comp = Complement.complement(a, cotarget);
        try {
            return Layout.concat(a, Composition.compose(comp, b));
        } catch (IllegalArgumentException e) {
            throw new LayoutArgumentException(() -> "logical_product of " + a + " and " + b + " composes comp(A, "
                    + cotarget + ") = " + comp + " with B: " + e.getMessage(), e);
        }
    }

    /**
     * CuTe's {@code logical_product(A, B)}, by mode for a tiler: {@code ((M,TileM),(N,TileN),L,...)}.
     *
     * @throws LayoutArgumentException where a by-mode tiler has more modes than the layout it meets, where A (or a mode
     *         of it) has a negative stride or modes that overlap (no complement), or where the composition of {@code
     *         comp(A, size(A)·cosize(B))} with B is refused (see {@link Composition#compose(Layout, Layout)}); the
     *         message names both
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public static Layout logicalProduct(Layout a, Tiler b) {
        return PerMode.apply("logical_product", a, b, Product::logicalProductLayout);
    }

    /**
     * CuTe's {@code zipped_product(A, B)}: {@code ((M,N),(TileM,TileN,L,...))}.
     *
     * @throws LayoutArgumentException where a by-mode tiler has more modes than the layout it meets, where A (or a mode
     *         of it) has a negative stride or modes that overlap (no complement), or where the composition of {@code
     *         comp(A, size(A)·cosize(B))} with B is refused (see {@link Composition#compose(Layout, Layout)}); the
     *         message names both
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public static Layout zippedProduct(Layout a, Tiler b) {
        return PerMode.unzip("zipped_product", a, b, Product::logicalProductLayout);
    }

    /**
     * CuTe's {@code tiled_product(A, B)}: {@code ((M,N),TileM,TileN,L,...)}.
     *
     * @throws LayoutArgumentException where a by-mode tiler has more modes than the layout it meets, where A (or a mode
     *         of it) has a negative stride or modes that overlap (no complement), or where the composition of {@code
     *         comp(A, size(A)·cosize(B))} with B is refused (see {@link Composition#compose(Layout, Layout)}); the
     *         message names both
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public static Layout tiledProduct(Layout a, Tiler b) {
        return Zip.tiled(zippedProduct(a, b));
    }

    /**
     * CuTe's {@code flat_product(A, B)}: {@code (M,N,TileM,TileN,L,...)}.
     *
     * @throws LayoutArgumentException where a by-mode tiler has more modes than the layout it meets, where A (or a mode
     *         of it) has a negative stride or modes that overlap (no complement), or where the composition of {@code
     *         comp(A, size(A)·cosize(B))} with B is refused (see {@link Composition#compose(Layout, Layout)}); the
     *         message names both
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public static Layout flatProduct(Layout a, Tiler b) {
        return Zip.flat(zippedProduct(a, b));
    }

    /**
     * {@code ((a0,b0),(a1,b1),...)}: each tile of A kept contiguous, the tiles placed by B.
     *
     * @throws LayoutArgumentException where A has a negative stride or modes that overlap (no complement), or where the
     *         composition of {@code comp(A, size(A)·cosize(B))} with B is refused; the message names both
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public static Layout blockedProduct(Layout a, Layout b) {
        int r = Math.max(a.rank(), b.rank());
        Layout p = logicalProductLayout(a.appendTo(r), b.appendTo(r));
        return Zip.zip(p.mode(0), p.mode(1));
    }

    /**
     * {@code ((b0,a0),(b1,a1),...)}: the elements of each A interleaved across the tiles of B.
     *
     * @throws LayoutArgumentException where A has a negative stride or modes that overlap (no complement), or where the
     *         composition of {@code comp(A, size(A)·cosize(B))} with B is refused; the message names both
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public static Layout rakedProduct(Layout a, Layout b) {
        int r = Math.max(a.rank(), b.rank());
        Layout p = logicalProductLayout(a.appendTo(r), b.appendTo(r));
        return Zip.zip(p.mode(1), p.mode(0));
    }
}
