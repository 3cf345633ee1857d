package org.layoutcat.core.algebra;

import java.util.ArrayList;
import java.util.List;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.CoordLayout;
import org.layoutcat.core.GeneralComposedLayout;
import org.layoutcat.core.InnerSwizzledLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.internal.Flat;
import org.layoutcat.core.internal.FlatModes;

/**
 * Coalesce and filter: simplifications that keep the layout function.
 *
 * <p>{@code coalesce(L)} walks the flattened modes, drops shape-1 modes, and merges a mode {@code s1:d1} with
 * the next {@code s2:d2} when {@code s1·d1 = d2}. Postcondition: {@code size} and Φ are unchanged; the result
 * is integral ({@code s:d}) when one mode remains, {@code 1:0} when none does.
 */
public final class Coalesce {
    private Coalesce() {}

    /**
     * CuTe's {@code coalesce(L)} for a layout of any kind: a swizzled layout's inner layout coalesced, the swizzle and
     * offset kept; scaled-basis strides merged where one is the other scaled by the shape before it.
     */
    public static AnyLayout coalesce(AnyLayout layout) {
        return switch (layout) {
            case ComposedLayout swizzled -> swizzled.withInner(coalesce(swizzled.inner()));
            case CoordLayout basis -> BasisAlgebra.canonical(BasisAlgebra.coalesce(basis));
            case Layout integer -> coalesce(integer);
            case InnerSwizzledLayout s -> throw s.refused("coalesce");
            case GeneralComposedLayout g -> g.withLayoutB(coalesce(g.layoutB()));
        };
    }

    /**
     * CuTe's {@code coalesce(L, profile)} for a layout with integer strides or a swizzled one (its inner layout
     * coalesced by the profile, the swizzle kept, as {@code layout_composed.hpp} does).
     *
     * @throws LayoutArgumentException where a tuple of the profile has more modes than the (sub-)layout it meets, or
     *         for a layout with scaled-basis strides (coalesced as a whole only)
     */
    public static AnyLayout coalesce(AnyLayout layout, IntTuple profile) {
        return switch (layout) {
            case ComposedLayout swizzled -> swizzled.withInner(coalesce(swizzled.inner(), profile));
            case CoordLayout basis -> throw AnyLayout.refuse("coalesce", basis, "layoutcat coalesces it as a whole,"
                    + " coalesce(L), not by the profile " + profile);
            case Layout integer -> coalesce(integer, profile);
            case InnerSwizzledLayout s -> throw s.refused("coalesce");
            case GeneralComposedLayout g -> g.withLayoutB(coalesce(g.layoutB(), profile));
        };
    }

    /**
     * CuTe's {@code filter(L)} for a layout with integer strides or a swizzled one (its inner layout filtered, the
     * swizzle kept).
     *
     * @throws LayoutArgumentException for a layout with scaled-basis strides
     */
    public static AnyLayout filter(AnyLayout layout) {
        return switch (layout) {
            case ComposedLayout swizzled -> swizzled.withInner(filter(swizzled.inner()));
            case CoordLayout basis -> throw filterRefused(basis);
            case Layout integer -> filter(integer);
            case InnerSwizzledLayout s -> throw s.refused("filter");
            case GeneralComposedLayout g -> g.withLayoutB(filter(g.layoutB()));
        };
    }

    /** filter's refusal of a layout with scaled-basis strides, with or without a profile. */
    private static LayoutArgumentException filterRefused(CoordLayout basis) {
        return AnyLayout.refuse("filter", basis, "filter drops the stride-0 modes of a layout"
                + " with integer strides; coalesce(L) merges basis strides");
    }

    /**
     * CuTe's {@code filter(L, profile)} for a layout with integer strides or a swizzled one (its inner layout
     * filtered by the profile, the swizzle kept).
     *
     * @throws LayoutArgumentException where a tuple of the profile has more modes than the (sub-)layout it meets, or
     *         for a layout with scaled-basis strides
     */
    public static AnyLayout filter(AnyLayout layout, IntTuple profile) {
        return switch (layout) {
            case ComposedLayout swizzled -> swizzled.withInner(filter(swizzled.inner(), profile));
            case CoordLayout basis -> throw filterRefused(basis);
            case Layout integer -> filter(integer, profile);
            case InnerSwizzledLayout s -> throw s.refused("filter");
            case GeneralComposedLayout g -> g.withLayoutB(filter(g.layoutB(), profile));
        };
    }

    /** CuTe's {@code coalesce(L)}: Φ and size kept, the fewest flat modes. */
    public static Layout coalesce(Layout layout) {
        int n = layout.flatRank();
        long[] s = new long[n];
        long[] d = new long[n];
        return Layout.of(new Flat(s, d, FlatModes.coalesceInto(layout.flatModes(), s, d)));
    }

    /**
     * CuTe's {@code coalesce_x(L)} as a layout ({@link FlatModes#extendedModesInto}): equal to L at every index ≥ 0, L's
     * last flat mode read unbounded; its own last mode is read unbounded too, and its shape is a place holder
     * where L's last flat shape is 1.
     */
    public static Layout coalesceExtended(Layout layout) {
        long[] s = new long[Math.max(layout.flatRank(), 1)];
        long[] d = new long[s.length];
        return Layout.of(new Flat(s, d, FlatModes.extendedModesInto(layout.flatModes(), s, d)));
    }

    /**
     * CuTe's {@code coalesce(L, profile)}: where the profile is a tuple, mode {@code i} is coalesced by
     * {@code profile_i} and the modes past the profile's rank are kept as they are; where it is an integer, the
     * whole layout is coalesced. The rank of a tuple profile is kept.
     *
     * @throws LayoutArgumentException where a tuple of the profile has more modes than the (sub-)layout it meets
     */
    public static Layout coalesce(Layout layout, IntTuple profile) {
        return byProfile("coalesce", layout, profile, Coalesce::coalesce);
    }

    /**
     * CuTe's {@code filter(L, profile)}: where the profile is a tuple, mode {@code i} is filtered by
     * {@code profile_i} and the modes past the profile's rank are kept; where it is an integer, {@link #filter(Layout)}.
     *
     * @throws LayoutArgumentException where a tuple of the profile has more modes than the (sub-)layout it meets
     */
    public static Layout filter(Layout layout, IntTuple profile) {
        return byProfile("filter", layout, profile, Coalesce::filter);
    }

    /** The by-profile recursion CuTe's coalesce and filter share: {@code whole} at an integer of the profile. */
    private static Layout byProfile(String op, Layout layout, IntTuple profile, java.util.function.UnaryOperator<Layout> whole) {
        if (profile.isLeaf()) return whole.apply(layout);
        if (layout.rank() < profile.rank() || (layout.isIntegral() && profile.rank() > 1)) {
            throw new LayoutArgumentException(op + " of " + layout + " by profile " + profile
                    + ": the profile has rank " + profile.rank() + " > the layout's rank " + layout.rank());
        }
        List<Layout> modes = new ArrayList<>();
        for (int i = 0; i < layout.rank(); i++) {
            modes.add(i < profile.rank() ? byProfile(op, layout.mode(i), profile.mode(i), whole) : layout.mode(i));
        }
        return Layout.concat(modes);
    }

    /**
     * CuTe's {@code filter(L)}: drops the shape-1 and stride-0 modes, then coalesces. The result's image is
     * that of L, and it is injective when L's non-zero-stride modes are.
     */
    public static Layout filter(Layout layout) {
        int n = layout.flatRank();
        long[] s = new long[n];
        long[] d = new long[n];
        int m = 0;
        for (int k = 0; k < n; k++) {
            if (layout.flatShape(k) == 1 || layout.flatStride(k) == 0) continue;
            s[m] = layout.flatShape(k);
            d[m] = layout.flatStride(k);
            m++;
        }
        return Layout.of(new Flat(s, d, FlatModes.coalesceInPlace(s, d, m)));
    }
}
