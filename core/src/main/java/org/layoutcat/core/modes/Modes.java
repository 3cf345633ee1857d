package org.layoutcat.core.modes;

import java.util.ArrayList;
import java.util.List;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.CoordLayout;
import org.layoutcat.core.GeneralComposedLayout;
import org.layoutcat.core.InnerSwizzledLayout;
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
     * {@code select<I...>(L)} for a layout with integer strides or a swizzled one (its inner layout's modes, the
     * swizzle kept, as CuTe's mode functions of a composed layout do).
     *
     * @throws LayoutArgumentException as {@link #select(Layout, int...)}, or for a layout with scaled-basis strides
     */
    public static AnyLayout select(AnyLayout l, int... indices) {
        return switch (l) {
            case Layout integer -> select(integer, indices);
            case ComposedLayout swizzled -> swizzled.withInner(select(swizzled.inner(), indices));
            case CoordLayout basis -> throw basis("select", basis);
            case InnerSwizzledLayout s -> throw s.refused("select");
            case GeneralComposedLayout g -> g.withLayoutB(select(g.layoutB(), indices));
        };
    }

    /**
     * {@code group<B,E>(L)} for a layout with integer strides or a swizzled one (its inner layout's modes grouped).
     *
     * @throws LayoutArgumentException as {@link #group(Layout, int, int)}, or for a layout with scaled-basis strides
     */
    public static AnyLayout group(AnyLayout l, int begin, int end) {
        return switch (l) {
            case Layout integer -> group(integer, begin, end);
            case ComposedLayout swizzled -> swizzled.withInner(group(swizzled.inner(), begin, end));
            case CoordLayout basis -> throw basis("group", basis);
            case InnerSwizzledLayout s -> throw s.refused("group");
            case GeneralComposedLayout g -> g.withLayoutB(group(g.layoutB(), begin, end));
        };
    }

    /**
     * {@code append(L, x)} for a layout with integer strides or a swizzled one (x appended to its inner layout).
     *
     * @throws LayoutArgumentException for a layout with scaled-basis strides
     * @throws ArithmeticException where the size of the result overflows a long
     */
    public static AnyLayout append(AnyLayout l, Layout x) {
        return switch (l) {
            case Layout integer -> append(integer, x);
            case ComposedLayout swizzled -> swizzled.withInner(append(swizzled.inner(), x));
            case CoordLayout basis -> throw basis("append", basis);
            case InnerSwizzledLayout s -> throw s.refused("append");
            case GeneralComposedLayout g -> g.withLayoutB(append(g.layoutB(), x));
        };
    }

    /**
     * {@code prepend(L, x)} for a layout with integer strides or a swizzled one (x prepended to its inner layout).
     *
     * @throws LayoutArgumentException for a layout with scaled-basis strides
     * @throws ArithmeticException where the size of the result overflows a long
     */
    public static AnyLayout prepend(AnyLayout l, Layout x) {
        return switch (l) {
            case Layout integer -> prepend(integer, x);
            case ComposedLayout swizzled -> swizzled.withInner(prepend(swizzled.inner(), x));
            case CoordLayout basis -> throw basis("prepend", basis);
            case InnerSwizzledLayout s -> throw s.refused("prepend");
            case GeneralComposedLayout g -> g.withLayoutB(prepend(g.layoutB(), x));
        };
    }

    private static LayoutArgumentException basis(String op, CoordLayout l) {
        return AnyLayout.refuse(op, l, op + " takes a layout with integer strides or a swizzled one");
    }

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
