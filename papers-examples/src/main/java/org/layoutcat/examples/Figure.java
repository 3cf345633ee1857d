package org.layoutcat.examples;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Supplier;
import org.layoutcat.category.NestMorphism;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.atom.CopyAtom;
import org.layoutcat.core.atom.MmaAtom;
import org.layoutcat.core.atom.TiledCopy;
import org.layoutcat.core.atom.TiledMma;
import org.layoutcat.diagrams.Diagram;
import org.layoutcat.diagrams.Drawings;
import org.layoutcat.diagrams.picture.TilingPicture.DivideKind;
import org.layoutcat.diagrams.picture.TilingPicture.ProductKind;

/**
 * The picture that fits an example, made from the example's values by a factory of {@link Drawings}, and the
 * {@code layoutcat draw KIND ARGS} command line that draws the same picture, which the gallery shows beside it.
 * Immutable; the picture is drawn when asked.
 *
 * @param kind    the picture's kind as the command line names it, {@code layout, tv, coords, divide, product,
 *                morphism, refinement, compose, mma, copy, banks}; the gallery names the file after it
 * @param args    the command line's arguments, the values printed in CuTe notation (shown, never read back)
 * @param drawing draws the picture from the values
 */
public record Figure(String kind, List<String> args, Supplier<Diagram> drawing) {
    /** The figure; args copied. */
    public Figure {
        Objects.requireNonNull(kind, "kind");
        args = List.copyOf(args);
        Objects.requireNonNull(drawing, "drawing");
    }

    /**
     * The picture.
     *
     * @throws IllegalArgumentException where the values cannot be drawn, as the factory of {@link Drawings} says
     */
    public Diagram draw() {
        return drawing.get();
    }

    private static Figure of(String kind, Supplier<Diagram> drawing, Object... args) {
        return new Figure(kind, Arrays.stream(args).map(String::valueOf).toList(), drawing);
    }

    /** The grid of a layout ({@link Drawings#layout(AnyLayout)}). */
    public static Figure layout(AnyLayout l) {
        return of("layout", () -> Drawings.layout(l), l);
    }

    /** The grid of a layout of {@code elementBytes}-byte elements, each cell's bank shown and coloured. */
    public static Figure layout(AnyLayout l, int elementBytes) {
        return of("layout", () -> Drawings.layout(l, null, elementBytes, null), l, elementBytes);
    }

    /** The coordinate table of a layout, by offset (seed 001). */
    public static Figure coords(Layout l) {
        return of("coords", () -> Drawings.coords(l), l);
    }

    /** A thread–value layout over a tile (seed 003). */
    public static Figure tv(Layout tv, IntTuple tile) {
        return of("tv", () -> Drawings.tv(tv, tile), tv, tile);
    }

    /** {@code logical_divide(A, B)} per tile. */
    public static Figure divide(Layout a, Tiler b) {
        return of("divide", () -> Drawings.divide(a, b, DivideKind.LOGICAL), a, b);
    }

    /** {@code logical_product(A, B)} per copy of A. */
    public static Figure product(Layout a, Tiler b) {
        return of("product", () -> Drawings.product(a, b, ProductKind.LOGICAL), a, b);
    }

    /** {@code form_product(A, B)} per copy of A; the command line names the form after A and B. */
    public static Figure product(Layout a, Tiler b, ProductKind form) {
        return of("product", () -> Drawings.product(a, b, form), a, b, form.name().toLowerCase(Locale.ROOT));
    }

    /** A nest morphism in the paper's style (paper §2). */
    public static Figure morphism(NestMorphism f) {
        return of("morphism", () -> Drawings.morphism(f), f);
    }

    /** The standard representation f_L of a tractable layout (paper §2.2). */
    public static Figure morphism(Layout l) {
        return of("morphism", () -> Drawings.morphism(l), l);
    }

    /** The mutual refinement of T and U, computed (paper §4.1.2). */
    public static Figure refinement(IntTuple t, IntTuple u) {
        return of("refinement", () -> Drawings.refinement(t, u), t, u);
    }

    /** The walkthrough of {@code A∘B}, B applied first (paper §4.1.3). */
    public static Figure compose(Layout a, Layout b) {
        return of("compose", () -> Drawings.compose(a, b), a, b);
    }

    /** One MMA atom, {@code make_tiled_mma(atom)}, as print_latex draws it. */
    public static Figure mma(MmaAtom atom) {
        return of("mma", () -> Drawings.mma(TiledMma.of(atom, IntTuple.flat(1, 1, 1))), atom.name());
    }

    /** {@code make_tiled_mma(atom, atom layout)} over the column-major atom layout of a shape (M,N,K). */
    public static Figure mma(MmaAtom atom, IntTuple atomShape) {
        StringBuilder mnk = new StringBuilder(); // the command line's 2x2x1
        for (long n : atomShape.leaves()) mnk.append(mnk.isEmpty() ? "" : "x").append(n);
        return of("mma", () -> Drawings.mma(TiledMma.of(atom, atomShape)), atom.name(), mnk);
    }

    /** {@code make_tiled_copy(atom, thread layout, value layout)} of {@code valueBits}-bit values. */
    public static Figure copy(CopyAtom atom, int valueBits, Layout threads, Layout values) {
        return of("copy", () -> Drawings.copy(TiledCopy.of(atom, valueBits, threads, values)), atom.name(), valueBits, threads, values);
    }

    /** One instruction's accesses to {@code smem} of {@code elementBytes}-byte elements against the 32 banks. */
    public static Figure banks(AnyLayout smem, Layout access, int elementBytes) {
        return of("banks", () -> Drawings.banks(smem, access, elementBytes, 0), smem, access, elementBytes);
    }
}
