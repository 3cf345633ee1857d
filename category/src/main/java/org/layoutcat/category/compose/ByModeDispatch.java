package org.layoutcat.category.compose;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.BiPredicate;
import org.layoutcat.core.Layout;
import org.layoutcat.core.Tiler;

/**
 * The one by-mode dispatcher of the categorical operations, with CuTe's convention: a layout tiler goes to the
 * operation as it is; {@code <T0,...,Tk>} applies it to the first k+1 modes of the left operand and keeps the
 * rest.
 */
final class ByModeDispatch {
    private ByModeDispatch() {}

    static Layout apply(String name, Layout a, Tiler b, BiFunction<Layout, Layout, Layout> op) {
        if (b instanceof Layout l) return op.apply(a, l);
        Tiler.ByMode t = (Tiler.ByMode) b;
        requireRank(name, a, t);
        List<Layout> modes = new ArrayList<>(a.rank());
        for (int i = 0; i < a.rank(); i++) modes.add(i < t.rank() ? apply(name, a.mode(i), t.mode(i), op) : a.mode(i));
        return Layout.concat(modes);
    }

    static boolean test(Layout a, Tiler b, BiPredicate<Layout, Layout> p) {
        if (b instanceof Layout l) return p.test(a, l);
        Tiler.ByMode t = (Tiler.ByMode) b;
        if (t.rank() > a.rank()) return false;
        for (int i = 0; i < t.rank(); i++) if (!test(a.mode(i), t.mode(i), p)) return false;
        return true;
    }

    private static void requireRank(String name, Layout a, Tiler.ByMode t) {
        if (t.rank() > a.rank()) {
            throw new IllegalArgumentException(name + " of " + a + " by " + t + ": the tiler has " + t.rank()
                    + " modes but the layout only " + a.rank());
        }
    }
}
