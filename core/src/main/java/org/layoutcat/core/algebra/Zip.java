package org.layoutcat.core.algebra;

import java.util.ArrayList;
import java.util.List;
import org.layoutcat.core.Layout;

/** Re-groupings of rank-2 results shared by the divides and products. */
final class Zip {
    private Zip() {}

    /** {@code ((X),(y0,y1,...)) → ((X),y0,y1,...)}: CuTe's {@code result(_, repeat<R1>(_))}. */
    static Layout tiled(Layout zipped) {
        List<Layout> modes = new ArrayList<>();
        modes.add(zipped.mode(0));
        modes.addAll(zipped.mode(1).modes());
        return Layout.concat(modes);
    }

    /** {@code ((x0,x1,...),(y0,y1,...)) → (x0,x1,...,y0,y1,...)}. */
    static Layout flat(Layout zipped) {
        List<Layout> modes = new ArrayList<>(zipped.mode(0).modes());
        modes.addAll(zipped.mode(1).modes());
        return Layout.concat(modes);
    }

    /** {@code ((a0,a1,...),(b0,b1,...)) → ((a0,b0),(a1,b1),...)} for equal ranks. */
    static Layout zip(Layout first, Layout second) {
        List<Layout> modes = new ArrayList<>();
        for (int i = 0; i < first.rank(); i++) modes.add(Layout.concat(first.mode(i), second.mode(i)));
        return Layout.concat(modes);
    }

    /** L with {@code 1:0} modes appended up to rank r (CuTe's {@code append<R>}). */
    static Layout appendTo(Layout l, int r) {
        if (l.rank() == r && !l.isIntegral()) return l; // (an integer s:d becomes the tuple (s):(d))
        List<Layout> modes = new ArrayList<>(l.modes());
        while (modes.size() < r) modes.add(Layout.TRIVIAL);
        return Layout.concat(modes);
    }
}
