package org.layoutcat.core.algebra;

import org.layoutcat.core.internal.FlatModes;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.Layout;
import org.layoutcat.core.Tiler;

/**
 * The divides of CuTe: a layout A split by a tiler B into tiles of B's shape and the rest.
 *
 * <ul>
 * <li>{@code logical_divide(A, B) = A ∘ (B, comp(B, shape(coalesce(A))))}, by mode for a tiler {@code <...>}:
 *     {@code ((TileM,RestM),(TileN,RestN),L,...)};</li>
 * <li>{@code zipped_divide}: {@code ((TileM,TileN),(RestM,RestN,L,...))};</li>
 * <li>{@code tiled_divide}: {@code ((TileM,TileN),RestM,RestN,L,...)};</li>
 * <li>{@code flat_divide}: {@code (TileM,TileN,RestM,RestN,L,...)}.</li>
 * </ul>
 * Admissibility is that of the complement and the composition; a failure names both.
 */
public final class Divide {
    private Divide() {}

    /** {@code A ∘ (B, comp(B, shape(coalesce(A))))} for a layout B, as CuTe C++ computes it. */
    static Layout logicalDivideLayout(Layout a, Layout b) {
        long[] target = coalescedShape(a);
        Layout comp = Complement.complementOfShape(b, target, () -> Coalesce.coalesce(a).shape());
        Layout tiler = Layout.concat(b, comp);
        try {
            return Composition.compose(a, tiler);
        } catch (IllegalArgumentException e) {
            throw new LayoutArgumentException(() -> "logical_divide of " + a + " by " + b + " composes A with (B, comp(B, "
                    + Coalesce.coalesce(a).shape() + ")) = " + tiler + ": " + e.getMessage(), e);
        }
    }

    /** The flat shape of {@code coalesce(A)}: {@code shape(coalesce(A))} read left to right ({@code 1} for none). */
    private static long[] coalescedShape(Layout a) {
        int n = Math.max(a.flatRank(), 1);
        long[] s = new long[n];
        long[] d = new long[n];
        int m = FlatModes.modesInto(a, s, d);
        return m == n ? s : java.util.Arrays.copyOf(s, m);
    }

    /**
     * CuTe's {@code logical_divide(A, B)}, by mode for a tiler {@code <...>}: {@code
     * ((TileM,RestM),(TileN,RestN),L,...)}.
     *
     * @throws LayoutArgumentException where a by-mode tiler has more modes than the layout it meets, where B (or a mode
     *         of it) has a negative stride or modes that overlap (no complement), or where the composition of A with
     *         {@code (B, complement)} is refused (see {@link Composition#compose(Layout, Layout)}); the message names
     *         both
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public static Layout logicalDivide(Layout a, Tiler b) {
        return ByMode.apply("logical_divide", a, b, Divide::logicalDivideLayout);
    }

    /**
     * CuTe's {@code zipped_divide(A, B)}: {@code ((TileM,TileN),(RestM,RestN,L,...))}.
     *
     * @throws LayoutArgumentException where a by-mode tiler has more modes than the layout it meets, where B (or a mode
     *         of it) has a negative stride or modes that overlap (no complement), or where the composition of A with
     *         {@code (B, complement)} is refused (see {@link Composition#compose(Layout, Layout)}); the message names
     *         both
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public static Layout zippedDivide(Layout a, Tiler b) {
        return ByMode.unzip("zipped_divide", a, b, Divide::logicalDivideLayout);
    }

    /**
     * CuTe's {@code tiled_divide(A, B)}: {@code ((TileM,TileN),RestM,RestN,L,...)}.
     *
     * @throws LayoutArgumentException where a by-mode tiler has more modes than the layout it meets, where B (or a mode
     *         of it) has a negative stride or modes that overlap (no complement), or where the composition of A with
     *         {@code (B, complement)} is refused (see {@link Composition#compose(Layout, Layout)}); the message names
     *         both
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public static Layout tiledDivide(Layout a, Tiler b) {
        return Zip.tiled(zippedDivide(a, b));
    }

    /**
     * CuTe's {@code flat_divide(A, B)}: {@code (TileM,TileN,RestM,RestN,L,...)}.
     *
     * @throws LayoutArgumentException where a by-mode tiler has more modes than the layout it meets, where B (or a mode
     *         of it) has a negative stride or modes that overlap (no complement), or where the composition of A with
     *         {@code (B, complement)} is refused (see {@link Composition#compose(Layout, Layout)}); the message names
     *         both
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public static Layout flatDivide(Layout a, Tiler b) {
        return Zip.flat(zippedDivide(a, b));
    }
}
