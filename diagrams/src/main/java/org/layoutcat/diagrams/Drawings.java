package org.layoutcat.diagrams;

import java.util.ArrayList;
import java.util.List;
import org.layoutcat.category.NestMorphism;
import org.layoutcat.category.StandardRepresentation;
import org.layoutcat.category.Tractability;
import org.layoutcat.category.compose.CategoricalComposition;
import org.layoutcat.category.compose.CompositionTrace;
import org.layoutcat.category.refine.MutualRefinement;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.CoordLayout;
import org.layoutcat.core.GeneralComposedLayout;
import org.layoutcat.core.InnerSwizzledLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.algebra.Composition;
import org.layoutcat.core.atom.TiledCopy;
import org.layoutcat.core.atom.TiledMma;
import org.layoutcat.core.tma.TmaDataType;
import org.layoutcat.core.tma.TmaDescriptor;
import org.layoutcat.diagrams.picture.AtomPicture;
import org.layoutcat.diagrams.picture.BankPicture;
import org.layoutcat.diagrams.picture.CoordinatePicture;
import org.layoutcat.diagrams.picture.LayoutPicture;
import org.layoutcat.diagrams.picture.MorphismPicture;
import org.layoutcat.diagrams.picture.Panels;
import org.layoutcat.diagrams.picture.RefinementPicture;
import org.layoutcat.diagrams.picture.TilingPicture;
import org.layoutcat.diagrams.picture.TmaPicture;
import org.layoutcat.diagrams.picture.TvPicture;
import org.layoutcat.diagrams.picture.Walkthrough;

/**
 * Every picture, drawn from values: a layout, a morphism, a pair of tuples, a tiled MMA. The command line reads
 * text into these values and calls the factory; nothing here reads text.
 *
 * <table>
 *   <caption>pictures and what they take</caption>
 *   <tr><td>{@link #layout(AnyLayout, LayoutPicture.ColourBy, int, String) layout}</td><td>the grid of a layout, or
 *       of a swizzled layout {@code Sw<B,M,S> o off o L} over L's shape; given the element's bytes, each cell's
 *       shared-memory bank shown and, by default, coloured</td></tr>
 *   <tr><td>{@link #tv(Layout, IntTuple, String) tv}</td><td>a thread–value layout over a tile (seed 003)</td></tr>
 *   <tr><td>{@link #coords(Layout, CoordinatePicture.Order, String) coords}</td><td>the coordinate table of a layout
 *       (seed 001)</td></tr>
 *   <tr><td>{@link #divide(Layout, Tiler, TilingPicture.DivideKind, String) divide}</td><td>{@code FORM_divide(A, B)}
 *       per tile</td></tr>
 *   <tr><td>{@link #product(Layout, Tiler, TilingPicture.ProductKind, String) product}</td><td>{@code
 *       FORM_product(A, B)} per copy of A</td></tr>
 *   <tr><td>{@link #morphism(NestMorphism, String) morphism}</td><td>a nest morphism (paper §2), or the standard
 *       representation f_L of a tractable layout L (paper §2.2)</td></tr>
 *   <tr><td>{@link #refinement(IntTuple, IntTuple, String) refinement}</td><td>the mutual refinement (T′, U′) of T and
 *       U, computed or given and checked (paper §4.1.2)</td></tr>
 *   <tr><td>{@link #compose(Layout, Layout, String) compose}</td><td>the walkthrough of {@code A∘B}, B applied first
 *       (paper §4.1.3)</td></tr>
 *   <tr><td>{@link #mma(TiledMma, String) mma}, {@link #copy(TiledCopy, String) copy}</td><td>a tiled MMA or tiled
 *       copy as CuTe's print_latex draws it</td></tr>
 *   <tr><td>{@link #mmaAccumulators(TiledMma, String) mmaAccumulators}</td><td>a tiled MMA's C tile alone (a wgmma
 *       atom's default)</td></tr>
 *   <tr><td>{@link #banks(AnyLayout, Layout, int, int, String) banks}</td><td>one instruction's accesses against the
 *       32 shared-memory banks</td></tr>
 * </table>
 *
 * <p>Each factory has a form with a title, null meaning the picture's own, and one without. A kind of layout a
 * picture does not take is refused by its type ({@link Layout}) or, where it takes {@link AnyLayout}, in one {@code
 * switch}. Bad input is an IllegalArgumentException whose message is one line naming the input and what is wrong;
 * one the picture itself finds starts with the picture's name ({@code "compose: no composite: ..."}). Overflow is an
 * ArithmeticException.
 */
public final class Drawings {
    private Drawings() {}

    /**
     * The grid of a layout, cells coloured by offset, titled with the layout.
     *
     * @throws IllegalArgumentException as {@link #layout(AnyLayout, LayoutPicture.ColourBy, int, String)}
     * @throws ArithmeticException where an offset overflows a long
     */
    public static Diagram layout(AnyLayout l) {
        return layout(l, null, 0, null);
    }

    /**
     * The grid of a layout with integer strides (any rank, nested modes grouped) or of a swizzled layout {@code
     * Sw<B,M,S> o offset o L} (L's shape, each cell holding the swizzled offset). Refuses a layout with scaled-basis
     * strides (its values are coordinates, and the grid shows offsets) and a layout after a swizzle (it has no shape).
     *
     * @param colour how cells are coloured; null: by bank where {@code elementBytes > 0}, else by offset
     * @param elementBytes the element's size in bytes (1, 2, 4, 8 or 16), each cell's bank shown; 0: no banks; where
     *        the layout carries its width (CuTe's smem_ptr[Nb]), that width or 0
     * @param title null: the layout in CuTe notation
     * @throws IllegalArgumentException for a layout with scaled-basis strides, a grid of more than 65,536 cells, an
     *         element size other than 0, 1, 2, 4, 8 or 16, or colouring by bank without an element size
     * @throws ArithmeticException where an offset overflows a long
     */
    public static Diagram layout(AnyLayout l, LayoutPicture.ColourBy colour, int elementBytes, String title) {
        if (elementBytes != 0 && (l instanceof Layout || l instanceof ComposedLayout)) {
            elementBytes = org.layoutcat.core.swizzle.BankConflicts.elementBytes(l, elementBytes); // one width: the pointer's, where it has one
        }
        return switch (l) {
            case Layout plain -> LayoutPicture.of(plain, colour, title, elementBytes);
            case ComposedLayout swizzled -> LayoutPicture.of(swizzled, colour, title, elementBytes);
            case CoordLayout basis -> throw AnyLayout.refuse("layout", basis,
                    "its values are coordinates, and the grid shows an offset in each cell");
            case InnerSwizzledLayout afterSwizzle -> throw afterSwizzle.refused("layout");
            case GeneralComposedLayout composed -> LayoutPicture.of(composed, colour, title, elementBytes);
        };
    }

    /**
     * The thread–value layout {@code tv} over {@code tile} (seed 003), as {@link TvPicture#of}.
     *
     * @param tile the tile's shape, or null for a strip of cosize(tv) elements
     * @throws IllegalArgumentException as {@link TvPicture#of}: tv not of rank 2, a bad tile, or an offset outside it
     */
    public static Diagram tv(Layout tv, IntTuple tile) {
        return tv(tv, tile, null);
    }

    /**
     * {@link #tv(Layout, IntTuple)} under a title (null: the picture's own).
     *
     * @throws IllegalArgumentException as {@link TvPicture#of}: tv not of rank 2, a bad tile, or an offset outside it
     */
    public static Diagram tv(Layout tv, IntTuple tile, String title) {
        return TvPicture.of(tv, tile, title);
    }

    /**
     * The coordinate table of a layout, rows by offset as seed 001 prints them.
     *
     * @throws IllegalArgumentException where the table has more than {@value CoordinatePicture#MAX_ROWS} rows
     * @throws ArithmeticException where an offset overflows a long
     */
    public static Diagram coords(Layout l) {
        return coords(l, CoordinatePicture.Order.BY_OFFSET, null);
    }

    /**
     * The coordinate table of a layout, rows in the given order, under a title (null: the picture's own).
     *
     * @throws IllegalArgumentException where the table has more than {@value CoordinatePicture#MAX_ROWS} rows
     * @throws ArithmeticException where an offset overflows a long
     */
    public static Diagram coords(Layout l, CoordinatePicture.Order order, String title) {
        return CoordinatePicture.of(l, order, title);
    }

    /**
     * {@code form_divide(A, B)}, each cell coloured by its tile.
     *
     * @throws IllegalArgumentException where the divide is refused or A has too many elements to draw
     */
    public static Diagram divide(Layout a, Tiler b, TilingPicture.DivideKind form) {
        return divide(a, b, form, null);
    }

    /**
     * {@link #divide(Layout, Tiler, TilingPicture.DivideKind)} under a title (null: the picture's own).
     *
     * @throws IllegalArgumentException where the divide is refused or A has too many elements to draw
     */
    public static Diagram divide(Layout a, Tiler b, TilingPicture.DivideKind form, String title) {
        return TilingPicture.divide(a, b, form, title);
    }

    /**
     * {@code form_product(A, B)}, each cell coloured by its copy of A; B is a layout.
     *
     * @throws IllegalArgumentException for a by-mode B, where the product is refused, or it has too many elements
     */
    public static Diagram product(Layout a, Tiler b, TilingPicture.ProductKind form) {
        return product(a, b, form, null);
    }

    /**
     * {@link #product(Layout, Tiler, TilingPicture.ProductKind)} under a title (null: the picture's own).
     *
     * @throws IllegalArgumentException for a by-mode B, where the product is refused, or it has too many elements
     */
    public static Diagram product(Layout a, Tiler b, TilingPicture.ProductKind form, String title) {
        return TilingPicture.product(a, b, form, title);
    }

    /** The nest morphism f (paper §2), titled with f in the paper's notation. */
    public static Diagram morphism(NestMorphism f) {
        return morphism(f, null);
    }

    /** The nest morphism f (paper §2) under a title, f's notation below it (null: f's notation is the title). */
    public static Diagram morphism(NestMorphism f, String title) {
        return MorphismPicture.of(f, title);
    }

    /**
     * The standard representation f_L of a tractable layout L (paper §2.2), the morphism whose encoded layout is L
     * where L is non-degenerate.
     *
     * @throws IllegalArgumentException where L is not tractable, naming the modes that break it
     */
    public static Diagram morphism(Layout l) {
        return morphism(l, null);
    }

    /**
     * {@link #morphism(Layout)} under a title (null: {@code f_L, the standard representation of L = ...}).
     *
     * @throws IllegalArgumentException where L is not tractable, naming the modes that break it
     */
    public static Diagram morphism(Layout l, String title) {
        Tractability.require(l, "morphism: f_L needs a tractable layout L, but L =");
        NestMorphism f = StandardRepresentation.of(l);
        return MorphismPicture.of(f, title != null ? title : "f_L, the standard representation of L = " + l);
    }

    /**
     * The mutual refinement (T′, U′) of T and U (paper §4.1.2), computed by the category module.
     *
     * @throws IllegalArgumentException where T and U have no mutual refinement, saying where it fails
     */
    public static Diagram refinement(IntTuple t, IntTuple u) {
        return refinement(t, u, null);
    }

    /**
     * {@link #refinement(IntTuple, IntTuple)} under a title (null: the picture's own).
     *
     * @throws IllegalArgumentException where T and U have no mutual refinement, saying where it fails
     */
    public static Diagram refinement(IntTuple t, IntTuple u, String title) {
        MutualRefinement m;
        try {
            m = MutualRefinement.require(t, u);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("refinement: " + e.getMessage(), e);
        }
        return RefinementPicture.of(t, u, m.tPrime(), m.uPrime(), title);
    }

    /**
     * A given mutual refinement (T′, U′) of T and U, checked.
     *
     * @throws IllegalArgumentException where T′ does not refine T, U′ does not refine U, or T′♭ is not a prefix of U′♭
     */
    public static Diagram refinement(IntTuple t, IntTuple u, IntTuple tPrime, IntTuple uPrime) {
        return refinement(t, u, tPrime, uPrime, null);
    }

    /**
     * {@link #refinement(IntTuple, IntTuple, IntTuple, IntTuple)} under a title (null: the picture's own).
     *
     * @throws IllegalArgumentException where T′ does not refine T, U′ does not refine U, or T′♭ is not a prefix of U′♭
     */
    public static Diagram refinement(IntTuple t, IntTuple u, IntTuple tPrime, IntTuple uPrime, String title) {
        return RefinementPicture.of(t, u, tPrime, uPrime, title);
    }

    /**
     * The walkthrough of {@code A∘B}, B applied first (paper §4.1.3), titled {@code A∘B = ... (B applied first)}.
     *
     * @throws IllegalArgumentException where no composite exists, with CuTe's reason
     */
    public static Diagram compose(Layout a, Layout b) {
        return compose(a, b, null);
    }

    /**
     * The walkthrough of the categorical composition {@code A∘B}, B applied first, under a title (null: the
     * picture's own). Where the category module cannot compose (a non-tractable layout, or a composite no morphism
     * encodes) but CuTe's algorithm does, the steps of CuTe's algorithm and the composite's grid; where neither does,
     * the reason no composite exists.
     *
     * @throws IllegalArgumentException where no composite exists: {@code "compose: no composite: ..."} with CuTe's
     *         reason
     */
    public static Diagram compose(Layout a, Layout b, String title) {
        return composeSteps(a, b).diagram(title);
    }

    /**
     * The steps of {@link #compose}'s walkthrough: the categorical walkthrough's panels, or where the category module
     * cannot compose, the steps of CuTe's algorithm as notes and the composite's grid.
     *
     * @throws IllegalArgumentException where no composite exists: {@code "compose: no composite: ..."} with CuTe's
     *         reason
     */
    public static Walkthrough.Steps composeSteps(Layout a, Layout b) {
        List<CompositionTrace> parts;
        try {
            parts = CategoricalComposition.traces(a, b);
        } catch (IllegalArgumentException refused) {
            Layout cute;
            try {
                cute = Composition.compose(a, b);
            } catch (IllegalArgumentException none) {
                throw new IllegalArgumentException("compose: no composite: " + none.getMessage(), none);
            }
            // only the categorical walkthrough is unavailable: CuTe's algorithm's steps, and the composite's grid
            List<String> steps = new ArrayList<>();
            steps.add("The categorical walkthrough is not available here: " + refused.getMessage());
            Composition.explain(a, b).steps().lines().skip(1).forEach(steps::add);
            return new Walkthrough.Steps("A∘B = " + cute + " (B applied first), by CuTe's algorithm", steps,
                    List.of(List.of(new Panels.Panel("A∘B = " + cute, LayoutPicture.of(cute)))));
        }
        Layout result = parts.size() == 1 ? parts.get(0).result() : CategoricalComposition.compose(a, b);
        return Walkthrough.steps(a, b, parts, result);
    }

    /**
     * A tiled MMA as CuTe's print_latex draws it: A left, B on top, C in the middle.
     *
     * @throws IllegalArgumentException where a tile has more cells than a picture draws
     */
    public static Diagram mma(TiledMma mma) {
        return mma(mma, null);
    }

    /**
     * {@link #mma(TiledMma)} under a title (null: the atom, its layout and the tile).
     *
     * @throws IllegalArgumentException where a tile has more cells than a picture draws
     */
    public static Diagram mma(TiledMma mma, String title) {
        return AtomPicture.mma(mma, title);
    }

    /**
     * The accumulators of a tiled MMA alone: its C tile ({@code M×N}) as {@link #mma(TiledMma)} draws it, each cell
     * labelled with the thread and value that hold it. For a {@code wgmma} atom, whose A and B come from shared memory
     * and whose panels would show every element held by every thread, this is the picture worth drawing.
     *
     * @throws IllegalArgumentException where the tile has more cells than a picture draws
     */
    public static Diagram mmaAccumulators(TiledMma mma, String title) {
        return AtomPicture.mmaAccumulators(mma, title);
    }

    /**
     * A tiled copy as CuTe's print_latex draws it: the source tile left, the destination tile right.
     *
     * @throws IllegalArgumentException where a tile has more cells than a picture draws
     */
    public static Diagram copy(TiledCopy copy) {
        return copy(copy, null);
    }

    /**
     * {@link #copy(TiledCopy)} under a title (null: the atom, the value width and the tile).
     *
     * @throws IllegalArgumentException where a tile has more cells than a picture draws
     */
    public static Diagram copy(TiledCopy copy, String title) {
        return AtomPicture.copy(copy, null, null, title);
    }

    /**
     * {@link #copy(TiledCopy, String)} with the tensors copied from and to: each cell also shows its element's offset in
     * {@code src} (source panel) and {@code dst} (destination panel); where the source and destination TV layouts agree
     * ({@code cp.async}, a universal copy) the one tile, each cell with both offsets. Either tensor may be null.
     *
     * @throws IllegalArgumentException where the tile has more cells than a picture draws, a tensor is neither a layout
     *         nor a swizzled layout, or its size is not the tile's
     */
    public static Diagram copy(TiledCopy copy, AnyLayout src, AnyLayout dst, String title) {
        return AtomPicture.copy(copy, src, dst, title);
    }

    /**
     * One instruction's accesses against the 32 banks: {@code access} maps (thread, value) to an index of {@code
     * smem}, a layout with integer strides or a swizzled layout, of {@code elementBytes}-byte elements.
     *
     * @param vectorBytes 0: each thread's values are one vector; else one value per thread widened to that many bytes
     * @throws IllegalArgumentException as {@link #banks(AnyLayout, Layout, int, int, String)}
     */
    public static Diagram banks(AnyLayout smem, Layout access, int elementBytes, int vectorBytes) {
        return banks(smem, access, elementBytes, vectorBytes, null);
    }

    /**
     * {@link #banks(AnyLayout, Layout, int, int)} under a title (null: the picture's own). Refuses a layout with
     * scaled-basis strides: its values are coordinates, not the offsets of elements in shared memory.
     *
     * An access of a whole stage (more than 32 threads, or instructions as modes 2, 3, …) draws its worst warp instruction.
     *
     * @param elementBytes the element's bytes; 0 where smem carries them (CuTe's smem_ptr[Nb]), whose width is the one
     *        ({@link org.layoutcat.core.swizzle.BankConflicts#elementBytes(AnyLayout, int)})
     * @throws IllegalArgumentException for a layout with scaled-basis strides, an element size other than 1, 2, 4, 8
     *         or 16 or other than the pointer's, a vector other than 0 or one of those, or accesses the bank count
     *         refuses (see {@link BankPicture})
     */
    public static Diagram banks(AnyLayout smem, Layout access, int elementBytes, int vectorBytes, String title) {
        if (smem instanceof Layout || smem instanceof ComposedLayout) {
            elementBytes = org.layoutcat.core.swizzle.BankConflicts.elementBytes(smem, elementBytes); // one width: the pointer's, where it has one
        }
        boolean stage = access.rank() > 2 || (access.rank() >= 2 ? access.mode(0).size() : access.size()) > 32;
        if (stage && !(smem instanceof CoordLayout) && !(smem instanceof InnerSwizzledLayout)) {
            if (vectorBytes != 0) {
                throw new IllegalArgumentException("a stage's accesses take their vectors from the access's mode 1 (one instruction's"
                        + " values); leave --vector out");
            }
            return BankPicture.worstOfStage(smem.toString(), org.layoutcat.core.swizzle.BankConflicts.offsets(smem), elementBytes, access, title);
        }
        return switch (smem) {
            case Layout plain -> BankPicture.of(plain, elementBytes, access, vectorBytes, title);
            case ComposedLayout swizzled -> BankPicture.of(swizzled, elementBytes, access, vectorBytes, title);
            case CoordLayout basis -> throw AnyLayout.refuse("banks", basis,
                    "its values are coordinates, not the offsets of elements in shared memory");
            case InnerSwizzledLayout afterSwizzle -> throw afterSwizzle.refused("banks");
            case GeneralComposedLayout composed -> throw composed.refused("banks", "the bank conflicts are counted of a layout and of a"
                    + " swizzled layout Sw o off o L in shared memory");
        };
    }

    /**
     * A TMA copy of a tile ({@link TmaPicture}): the tensor map CuTe's {@code make_tma_copy} derives from the global
     * tensor's layout and the tile's shared-memory layout, the tile by copy, one copy's box, and the box's swizzled
     * landing in shared memory; title null: the driver call.
     *
     * @throws IllegalArgumentException where the derivation is refused (see {@link TmaDescriptor#derive}) or a panel
     *         would be too large to draw
     */
    public static Diagram tma(Layout gmem, AnyLayout smem, TmaDataType type, IntTuple ctaTile, String title) {
        TmaDescriptor d = ctaTile == null ? TmaDescriptor.derive(gmem, smem, type, 1, TmaDescriptor.Extents.RUNTIME)
                : TmaDescriptor.derive(gmem, smem, type, ctaTile, 1, TmaDescriptor.Extents.RUNTIME);
        return TmaPicture.of(d, title);
    }
}
