package org.layoutcat.core.algebra;

import java.util.ArrayList;
import java.util.List;
import org.layoutcat.core.Layout;
import org.layoutcat.core.internal.FlatLayouts;

/** Re-groupings of rank-2 results shared by the divides and products. */
final class Zip {
    private Zip() {}

    /**
     * {@code ((X),(y0,y1,...)) → ((X),y0,y1,...)}: CuTe's {@code result(_, repeat<R1>(_))}. Only the nesting changes
     * (the leaves keep their order), so no mode is copied.
     */
    static Layout tiled(Layout zipped) {
        return FlatLayouts.spliceModes(zipped, 0b10);
    }

    /** {@code ((x0,x1,...),(y0,y1,...)) → (x0,x1,...,y0,y1,...)}, the nesting alone changed. */
    static Layout flat(Layout zipped) {
        return FlatLayouts.spliceModes(zipped, 0b11);
    }

    /** {@code ((a0,a1,...),(b0,b1,...)) → ((a0,b0),(a1,b1),...)} for equal ranks. */
    static Layout zip(Layout first, Layout second) {
        List<Layout> modes = new ArrayList<>();
        for (int i = 0; i < first.rank(); i++) modes.add(Layout.concat(first.mode(i), second.mode(i)));
        return Layout.concat(modes);
    }

}
