package org.layoutcat.core.algebra;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.BiPredicate;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.CoordLayout;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.Tiler;

/**
 * The one by-mode dispatcher of the algebra: a layout tiler goes to the operation as it is; a by-mode tiler
 * {@code <T0,...,Tk>} applies the operation to the first k+1 modes of the left operand, one by one, and either
 * keeps the remaining modes unchanged (the divides and products, {@link #apply}) or drops them (composition,
 * {@link #applyToHitModes}: CuTe C++ drops "any modes of lhs that aren't hit by rhs").
 */
public final class PerMode {
    private PerMode() {}

    /**
     * The kinds of right operand an operation on a left operand with integer strides takes: integer strides (the
     * divides and products), or scaled-basis strides too (composition, the one that drops the modes its tiler does
     * not hit: A∘B for B with strides 1@i is CuTe's, {@link BasisAlgebra}).
     */
    enum RightKinds { INTEGER, INTEGER_OR_BASIS }

    /**
     * {@code op(a, b)} for a layout b; {@code (op(a0,T0), ..., op(ak,Tk), a(k+1), ...)} for {@code b = <T0..Tk>}.
     *
     * @throws LayoutArgumentException where a by-mode tiler has more modes than the layout it meets; what {@code op}
     *         throws passes through
     */
    public static Layout apply(String name, Layout a, Tiler b, BiFunction<Layout, Layout, Layout> op) {
        return apply(name, a, b, op, true);
    }

    /**
     * {@code op(a, b)} for a layout b; {@code (op(a0,T0), ..., op(ak,Tk))} for {@code b = <T0..Tk>}, A's later modes
     * dropped.
     *
     * @throws LayoutArgumentException where a by-mode tiler has more modes than the layout it meets; what {@code op}
     *         throws passes through
     */
    public static Layout applyToHitModes(String name, Layout a, Tiler b, BiFunction<Layout, Layout, Layout> op) {
        return apply(name, a, b, op, false);
    }

    private static Layout apply(String name, Layout a, Tiler b, BiFunction<Layout, Layout, Layout> op, boolean keepRest) {
        if (!(b instanceof Tiler.ByMode t)) return op.apply(a, layoutOf(name, a, b, keepRest ? RightKinds.INTEGER : RightKinds.INTEGER_OR_BASIS));
        requireRank(name, a, t);
        int rank = keepRest ? a.rank() : t.rank();
        List<Layout> modes = new ArrayList<>(rank);
        for (int i = 0; i < rank; i++) {
            modes.add(i < t.rank() ? apply(name, a.mode(i), t.mode(i), op, keepRest) : a.mode(i));
        }
        return Layout.concat(modes);
    }

    /**
     * CuTe's {@code hier_unzip}: a layout tiler gives {@code op(a, b)} (a rank-2 layout); a by-mode tiler
     * gathers the first modes and the second modes of each per-mode result:
     * {@code ((x0,x1,...),(y0,y1,...,a(k+1),...))}.
     */
    static Layout unzip(String name, Layout a, Tiler b, BiFunction<Layout, Layout, Layout> op) {
        if (!(b instanceof Tiler.ByMode t)) return op.apply(a, layoutOf(name, a, b, RightKinds.INTEGER));
        requireRank(name, a, t);
        List<Layout> tiles = new ArrayList<>();
        List<Layout> rests = new ArrayList<>();
        for (int i = 0; i < t.rank(); i++) {
            Layout split = unzip(name, a.mode(i), t.mode(i), op);
            tiles.add(split.mode(0));
            rests.add(split.mode(1));
        }
        for (int i = t.rank(); i < a.rank(); i++) rests.add(a.mode(i));
        return Layout.concat(Layout.concat(tiles), Layout.concat(rests));
    }

    /** {@code p(a, b)} for a layout b; for {@code <T0..Tk>}, k+1 ≤ rank(a) and {@code p} holds mode by mode. */
    public static boolean test(Layout a, Tiler b, BiPredicate<Layout, Layout> p) {
        if (!(b instanceof Tiler.ByMode t)) return b instanceof Layout l && p.test(a, l);
        if (t.rank() > a.rank()) return false;
        for (int i = 0; i < t.rank(); i++) if (!test(a.mode(i), t.mode(i), p)) return false;
        return true;
    }

    /**
     * The layout tiler b of an operation on layouts with integer strides; another kind of layout there is refused:
     * the operations of A's kind say which kinds of B they take.
     */
    static Layout layoutOf(String name, Layout a, Tiler b, RightKinds takes) {
        if (b instanceof Layout l) return l;
        if (b instanceof AnyLayout l) {
            throw AnyLayout.refuse(name, l, "as the right operand of " + name + " of " + a
                    + ", which has integer strides, " + name + " takes a layout with integer strides"
                    + (l instanceof CoordLayout && takes == RightKinds.INTEGER_OR_BASIS ? " or scaled-basis strides" : ""));
        }
        throw new IllegalStateException(name + ": a by-mode tiler is applied mode by mode");
    }

    private static void requireRank(String name, Layout a, Tiler.ByMode t) {
        if (t.rank() > a.rank()) {
            throw new LayoutArgumentException(name + " of " + a + " by " + t + ": the tiler has " + t.rank()
                    + " modes but the layout only " + a.rank());
        }
    }
}
