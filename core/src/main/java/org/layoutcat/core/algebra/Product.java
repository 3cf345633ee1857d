package org.layoutcat.core.algebra;

import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.internal.Checked;
import org.layoutcat.core.IntTuple;
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
        return ByMode.apply("logical_product", a, b, Product::logicalProductLayout);
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
        return ByMode.unzip("zipped_product", a, b, Product::logicalProductLayout);
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
        Layout p = logicalProductLayout(Zip.appendTo(a, r), Zip.appendTo(b, r));
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
        Layout p = logicalProductLayout(Zip.appendTo(a, r), Zip.appendTo(b, r));
        return Zip.zip(p.mode(1), p.mode(0));
    }

    /**
     * CuTe's {@code tile_to_shape(block, target, order)}: copies of the block laid out to cover the target shape,
     * {@code blocked_product(append<R>(block), make_ordered_layout(target ⊘ block, order))} with R = rank(target) and
     * {@code target ⊘ block} the mode-by-mode quotient of their sizes, which must be exact. A null order is
     * column-major (CuTe's default {@code LayoutLeft}); an order ranks the modes of the copies, as
     * {@code make_ordered_layout} reads it. CuTe C++: {@code tile_to_shape((8,64):(64,1), (128,128))} =
     * {@code ((8,16),(64,2)):((64,512),(1,8192))}.
     *
     * @throws LayoutArgumentException where the block's rank exceeds the target's, the size of a mode of the block does
     *         not divide the target's, the order is not weakly congruent to the quotient's shape or repeats a value, or
     *         the blocked product is refused (see {@link #blockedProduct})
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public static Layout tileToShape(Layout block, IntTuple target, IntTuple order) {
        int r = target.isLeaf() ? 1 : target.rank();
        if (block.rank() > r) {
            throw new LayoutArgumentException(() -> "tile_to_shape of " + block + " to " + target + ": the block has rank "
                    + block.rank() + " > the target's " + r);
        }
        Layout padded = Zip.appendTo(block, r);
        long[] counts = new long[r];
        for (int i = 0; i < r; i++) {
            long want = target.isLeaf() ? target.value() : target.mode(i).product();
            long have = padded.mode(i).size();
            if (want % have != 0) {
                int mode = i;
                throw new LayoutArgumentException(() -> "tile_to_shape of " + block + " to " + target + ": mode " + mode
                        + " of the block (size " + have + ") does not divide the target's (size " + want + ")");
            }
            counts[i] = want / have;
        }
        IntTuple productShape = r == 1 ? IntTuple.of(counts[0]) : IntTuple.of(java.util.Arrays.stream(counts).mapToObj(IntTuple::of).toList());
        Layout copies = order == null ? org.layoutcat.core.construct.Compact.colMajorLayout(productShape) // stride 0 at extent 1, as CuTe
                : org.layoutcat.core.construct.Compact.orderedLayout(productShape, order);
        return blockedProduct(padded, copies);
    }
}
