package org.layoutcat.core.construct;

import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.CoordLayout;
import org.layoutcat.core.GeneralComposedLayout;
import org.layoutcat.core.InnerSwizzledLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.algebra.Product;

/**
 * CuTe's {@code tile_to_shape}: a shared-memory layout built from an atom, copies of the atom laid out to cover a
 * target shape. A swizzled atom keeps its swizzle and offset outside the tiled layout, as a whole swizzled tile is
 * built from a GMMA atom.
 */
public final class TileToShape {
    private TileToShape() {}

    /**
     * {@code tile_to_shape(block, target, order)} for a block with integer strides or a swizzled one (its inner layout
     * tiled, the swizzle and offset kept).
     *
     * @throws LayoutArgumentException as {@link #tileToShape(Layout, IntTuple, IntTuple)}, or for a block with
     *         scaled-basis strides
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public static AnyLayout tileToShape(AnyLayout block, IntTuple target, IntTuple order) {
        return switch (block) {
            case ComposedLayout swizzled -> swizzled.withInner(tileToShape(swizzled.inner(), target, order));
            case CoordLayout basis -> throw AnyLayout.refuse("tile_to_shape", basis, "CuTe tiles a layout of offsets");
            case Layout integer -> tileToShape(integer, target, order);
            case InnerSwizzledLayout s -> throw s.refused("tile_to_shape");
            case GeneralComposedLayout g -> g.withLayoutB(tileToShape(g.layoutB(), target, order));
        };
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
     *         the blocked product is refused (see {@link Product#blockedProduct})
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public static Layout tileToShape(Layout block, IntTuple target, IntTuple order) {
        int r = target.isLeaf() ? 1 : target.rank();
        if (block.rank() > r) {
            throw new LayoutArgumentException(() -> "tile_to_shape of " + block + " to " + target + ": the block has rank "
                    + block.rank() + " > the target's " + r);
        }
        Layout padded = block.appendTo(r);
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
        Layout copies = order == null ? Compact.colMajorLayout(productShape) // stride 0 at extent 1, as CuTe
                : Compact.orderedLayout(productShape, order);
        return Product.blockedProduct(padded, copies);
    }
}
