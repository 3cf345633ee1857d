package org.layoutcat.core.modes;

import java.util.ArrayList;
import java.util.List;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;

/**
 * The modes of a layout as a tuple: CuTe's {@code select}, {@code group}, {@code append} and {@code prepend}
 * ({@code layout.hpp}). Each acts on shape and stride alike, so mode i of the result is a mode of the input, or
 * (for {@code group}) several of them nested in one; the layout function of each kept mode is unchanged.
 * A rank-1 integral layout {@code s:d} counts as the one mode {@code s:d}.
 */
public final class Modes {
    private Modes() {}

    /**
     * {@code select<I0,...,Ik>(L)}: the layout {@code (L_I0, ..., L_Ik)} (a tuple, also for one index).
     *
     * @throws LayoutArgumentException for no index or an index outside {@code [0, rank(L))}
     * @throws ArithmeticException where the size of the result overflows a long
     */
    public static Layout select(Layout l, int... indices) {
        if (indices.length == 0) throw new LayoutArgumentException("select of " + l + ": no mode index given");
        List<Layout> modes = new ArrayList<>(indices.length);
        for (int i : indices) modes.add(mode(l, i, "select"));
        return Layout.concat(modes);
    }

    /**
     * {@code group<B,E>(L)}: modes {@code [B, E)} nested into one, {@code (L_0,...,L_(B-1),(L_B,...,L_(E-1)),L_E,...)};
     * requires {@code 0 ≤ B < E ≤ rank(L)}.
     *
     * @throws LayoutArgumentException unless {@code 0 ≤ B < E ≤ rank(L)}
     */
    public static Layout group(Layout l, int begin, int end) {
        int r = l.rank();
        if (begin < 0 || begin >= end || end > r) {
            throw new LayoutArgumentException("group<" + begin + "," + end + "> of " + l + ": needs 0 ≤ B < E ≤ rank = " + r);
        }
        List<Layout> modes = new ArrayList<>();
        for (int i = 0; i < begin; i++) modes.add(l.mode(i));
        modes.add(Layout.concat(l.modes().subList(begin, end)));
        for (int i = end; i < r; i++) modes.add(l.mode(i));
        return Layout.concat(modes);
    }

    /**
     * {@code append(L, x)}: {@code (L_0, ..., L_(r-1), x)}; for an integral L, {@code (L, x)}.
     *
     * @throws ArithmeticException where the size of the result overflows a long
     */
    public static Layout append(Layout l, Layout x) {
        List<Layout> modes = new ArrayList<>(l.modes());
        modes.add(x);
        return Layout.concat(modes);
    }

    /**
     * {@code prepend(L, x)}: {@code (x, L_0, ..., L_(r-1))}; for an integral L, {@code (x, L)}.
     *
     * @throws ArithmeticException where the size of the result overflows a long
     */
    public static Layout prepend(Layout l, Layout x) {
        List<Layout> modes = new ArrayList<>();
        modes.add(x);
        modes.addAll(l.modes());
        return Layout.concat(modes);
    }

    private static Layout mode(Layout l, int i, String op) {
        if (i < 0 || i >= l.rank()) {
            throw new LayoutArgumentException(op + " of " + l + ": mode " + i + " is outside [0," + l.rank() + ")");
        }
        return l.mode(i);
    }
}
