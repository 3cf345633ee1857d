package org.layoutcat.core.algebra;

import java.util.ArrayList;
import java.util.List;
import org.layoutcat.core.Layout;

/** Re-groupings of rank-2 results shared by the divides and products. */
final class Zip {
    private Zip() {}

    /**
     * {@code ((X),(y0,y1,...)) → ((X),y0,y1,...)}: CuTe's {@code result(_, repeat<R1>(_))}. Only the nesting changes
     * (the leaves keep their order), so no mode is copied. A second mode of rank 1 stays whole, as in CuTe, whose
     * {@code repeat<1>(_)} is {@code _} itself: {@code (6,((2,4)))} stays {@code (6,((2,4)))}.
     */
    static Layout tiled(Layout zipped) {
        return zipped.spliceModes(unpacked(zipped, 0b10));
    }

    /**
     * {@code ((x0,x1,...),(y0,y1,...)) → (x0,x1,...,y0,y1,...)}, the nesting alone changed; a mode of rank 1 stays
     * whole, as in CuTe's {@code result(repeat<R0>(_), repeat<R1>(_))}: {@code ((6),(2,4))} gives {@code ((6),2,4)}.
     */
    static Layout flat(Layout zipped) {
        return zipped.spliceModes(unpacked(zipped, 0b11));
    }

    /** The modes of {@code mask} that CuTe's {@code repeat<R>(_)} unpacks: those of rank R > 1. */
    private static int unpacked(Layout zipped, int mask) {
        int m = 0;
        for (int i = 0; i < Math.min(2, zipped.rank()); i++) if ((mask & 1 << i) != 0 && zipped.mode(i).rank() > 1) m |= 1 << i;
        return m;
    }

    /**
     * CuTe's {@code zip(first, second)}: {@code ((a0,a1,...),(b0,b1,...)) → ((a0,b0),(a1,b1),...)} for equal ranks;
     * where {@code first} is integral (no tuple), CuTe's {@code zip} pairs it with the whole of {@code second}:
     * {@code zip(6, ((2,4)))} is {@code ((6,((2,4))))}. Where the ranks differ (a product of
     * rank 1 whose {@code comp ∘ B} has several modes: {@code raked_product(4:2, 6:1)}), CuTe C++ does not compile
     * ({@code get<1>} of a part of rank 1); layoutcat pairs the two whole, the same rule, so the result keeps rank 1
     * and the product's function: {@code (((2,3),4)):(((1,8),2))}.
     */
    static Layout zip(Layout first, Layout second) {
        if (first.shape().isLeaf() || first.rank() != second.rank()) {
            return Layout.concat(List.of(Layout.concat(first, second)));
        }
        List<Layout> modes = new ArrayList<>();
        for (int i = 0; i < first.rank(); i++) modes.add(Layout.concat(first.mode(i), second.mode(i)));
        return Layout.concat(modes);
    }

}
