package org.layoutcat.core.algebra;

import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.Checked;
import org.layoutcat.core.Layout;
import org.layoutcat.core.Tiler;

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
 */
public final class Product {
    private Product() {}

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

    public static Layout logicalProduct(Layout a, Tiler b) {
        return ByMode.apply("logical_product", a, b, Product::logicalProductLayout);
    }

    public static Layout zippedProduct(Layout a, Tiler b) {
        return ByMode.unzip("zipped_product", a, b, Product::logicalProductLayout);
    }

    public static Layout tiledProduct(Layout a, Tiler b) {
        return Zip.tiled(zippedProduct(a, b));
    }

    public static Layout flatProduct(Layout a, Tiler b) {
        return Zip.flat(zippedProduct(a, b));
    }

    /** {@code ((a0,b0),(a1,b1),...)}: each tile of A kept contiguous, the tiles placed by B. */
    public static Layout blockedProduct(Layout a, Layout b) {
        int r = Math.max(a.rank(), b.rank());
        Layout p = logicalProductLayout(Zip.appendTo(a, r), Zip.appendTo(b, r));
        return Zip.zip(p.mode(0), p.mode(1));
    }

    /** {@code ((b0,a0),(b1,a1),...)}: the elements of each A interleaved across the tiles of B. */
    public static Layout rakedProduct(Layout a, Layout b) {
        int r = Math.max(a.rank(), b.rank());
        Layout p = logicalProductLayout(Zip.appendTo(a, r), Zip.appendTo(b, r));
        return Zip.zip(p.mode(1), p.mode(0));
    }
}
