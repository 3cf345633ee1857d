package org.layoutcat.diagrams;

import java.util.List;
import java.util.Locale;
import org.layoutcat.category.NestMorphism;
import org.layoutcat.category.StandardRepresentation;
import org.layoutcat.category.Tractability;
import org.layoutcat.category.compose.CategoricalComposition;
import org.layoutcat.category.compose.CompositionTrace;
import org.layoutcat.category.refine.MutualRefinement;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.algebra.Composition;
import org.layoutcat.core.atom.Atoms;
import org.layoutcat.core.atom.TiledCopy;
import org.layoutcat.core.atom.TiledMma;
import org.layoutcat.diagrams.picture.AtomPicture;
import org.layoutcat.diagrams.picture.BankPicture;
import org.layoutcat.diagrams.picture.CoordinatePicture;
import org.layoutcat.diagrams.picture.LayoutPicture;
import org.layoutcat.diagrams.picture.MorphismPicture;
import org.layoutcat.diagrams.picture.RefinementPicture;
import org.layoutcat.diagrams.picture.TilingPicture;
import org.layoutcat.diagrams.picture.TvPicture;
import org.layoutcat.diagrams.picture.Walkthrough;
import org.layoutcat.diagrams.svg.SvgWriter;

/**
 * Every picture by name: a kind and its arguments in CuTe notation, as {@code layoutcat draw KIND ARGS} and the
 * gallery's figures name them.
 *
 * <table>
 *   <caption>kinds and arguments</caption>
 *   <tr><td>{@code layout L [ELEM]}</td><td>the grid of L, a layout or a composed layout {@code Sw<B,M,S> o off o L};
 *       with ELEM, the element's bytes, each cell's shared-memory bank shown and, by default, coloured</td></tr>
 *   <tr><td>{@code tv TV [TILE]}</td><td>a thread–value layout over a tile (seed 003)</td></tr>
 *   <tr><td>{@code coords L}</td><td>the coordinate table of L (seed 001)</td></tr>
 *   <tr><td>{@code divide A B [FORM]}</td><td>{@code FORM_divide(A, B)}, FORM logical (default), zipped, tiled, flat</td></tr>
 *   <tr><td>{@code product A B [FORM]}</td><td>{@code FORM_product(A, B)}, FORM also blocked or raked</td></tr>
 *   <tr><td>{@code morphism "S --(α)--> T"}</td><td>a nest morphism, read by {@link NestMorphism#parse} (paper §2)</td></tr>
 *   <tr><td>{@code morphism L}</td><td>the standard representation f_L of a tractable layout (paper §2.2)</td></tr>
 *   <tr><td>{@code refinement T U}</td><td>the mutual refinement (T′, U′) of T and U (paper §4.1.2)</td></tr>
 *   <tr><td>{@code refinement T U T′ U′}</td><td>a given mutual refinement, checked</td></tr>
 *   <tr><td>{@code compose A B}</td><td>the walkthrough of {@code A∘B}, B applied first (paper §4.1.3)</td></tr>
 *   <tr><td>{@code banks SMEM ACCESS ELEM [VECTOR]}</td><td>one instruction's accesses against the 32 banks: ACCESS maps
 *       (thread, value) to an index of SMEM (a layout or composed layout) of ELEM-byte elements; VECTOR widens one
 *       value per thread to that many bytes</td></tr>
 * </table>
 *
 * <p>Bad input is an IllegalArgumentException whose message is one line naming the input and what is wrong;
 * overflow is an ArithmeticException.
 */
public final class Drawings {
    private Drawings() {}

    /** The kinds, in the order error messages list them. */
    public static final List<String> KINDS = List.of("morphism", "refinement", "compose", "layout", "tv", "coords", "divide", "product", "mma", "copy", "banks");

    /**
     * How a picture is drawn. Immutable.
     *
     * @param form the form of divide or product ({@code logical}, {@code zipped}, ...), or null: the picture's
     *     trailing form argument, else {@code logical}
     * @param colour how layout cells are coloured ({@code layout}); null: by offset, or by bank where the element's
     *     size is given
     * @param order the row order of a coordinate table ({@code coords})
     * @param title a title instead of the picture's own, or null
     */
    public record Options(String form, LayoutPicture.ColourBy colour, CoordinatePicture.Order order, String title) {
        /** No form, cells coloured by offset (by bank where the element's size is given), coordinate rows by offset, the picture's own title. */
        public static final Options DEFAULT = new Options(null, null, CoordinatePicture.Order.BY_OFFSET, null);

        /**
         * The options; see the components.
         *
         * @throws IllegalArgumentException for a null row order
         */
        public Options {
            if (order == null) throw new IllegalArgumentException("drawing options need a row order");
        }

        public Options withForm(String f) {
            return new Options(f, colour, order, title);
        }

        public Options withColour(LayoutPicture.ColourBy c) {
            return new Options(form, c, order, title);
        }

        public Options withOrder(CoordinatePicture.Order o) {
            return new Options(form, colour, o, title);
        }

        public Options withTitle(String t) {
            return new Options(form, colour, order, t);
        }
    }

    /**
     * The picture of {@code kind} over {@code args} with default options, as SVG text.
     *
     * @throws IllegalArgumentException as {@link #draw(String, List, Options)} does: an unknown kind, a wrong number of
     *         arguments, an argument that does not parse, or arguments the picture cannot be drawn from
     */
    public static String svg(String kind, List<String> args) {
        return svg(kind, args, Options.DEFAULT);
    }

    /**
     * The picture of {@code kind} over {@code args}, as SVG text.
     *
     * @throws IllegalArgumentException as {@link #draw(String, List, Options)} does: an unknown kind, a wrong number of
     *         arguments, an argument that does not parse, or arguments the picture cannot be drawn from
     */
    public static String svg(String kind, List<String> args, Options options) {
        return SvgWriter.write(draw(kind, args, options));
    }

    /**
     * The picture of {@code kind} over {@code args} with default options.
     *
     * @throws IllegalArgumentException as {@link #draw(String, List, Options)} does: an unknown kind, a wrong number of
     *         arguments, an argument that does not parse, or arguments the picture cannot be drawn from
     */
    public static Diagram draw(String kind, List<String> args) {
        return draw(kind, args, Options.DEFAULT);
    }

    /**
     * The picture of {@code kind} (one of {@link #KINDS}) over {@code args}, drawn with {@code options}.
     *
     * @throws IllegalArgumentException for an unknown kind, a wrong number of arguments, an argument that does
     *     not parse, or arguments the picture cannot be drawn from (a non-tractable layout for {@code morphism},
     *     tuples without a mutual refinement, layouts without a composite)
     */
    public static Diagram draw(String kind, List<String> args, Options options) {
        if (kind == null) throw new IllegalArgumentException("no picture kind: one of " + String.join(", ", KINDS));
        if (args == null) throw new IllegalArgumentException("draw " + kind + ": no argument list (null)");
        for (String x : args) if (x == null) throw new IllegalArgumentException("draw " + kind + ": an argument is null in " + args);
        List<String> a = List.copyOf(args);
        Options o = options != null ? options : Options.DEFAULT;
        switch (kind) {
            case "layout": {
                arity(kind, a, 1, 2, "a layout or composed layout and optionally the element's bytes");
                int elem = a.size() > 1 ? bytes(kind, "element", a.get(1)) : 0;
                return switch (AnyLayout.parse(a.get(0))) {
                    case ComposedLayout c -> LayoutPicture.of(c, o.colour(), o.title(), elem);
                    case AnyLayout l -> LayoutPicture.of(Layout.parse(a.get(0)), o.colour(), o.title(), elem);
                };
            }
            case "banks": {
                arity(kind, a, 3, 4, "a shared-memory layout, an access layout (thread, value) -> index, the element's bytes"
                        + " and optionally the vector's bytes");
                int elem = bytes(kind, "element", a.get(2));
                int vector = a.size() > 3 ? bytes(kind, "vector", a.get(3)) : 0;
                Layout access = Layout.parse(a.get(1));
                return switch (AnyLayout.parse(a.get(0))) {
                    case ComposedLayout c -> BankPicture.of(c, elem, access, vector, o.title());
                    case AnyLayout l -> BankPicture.of(Layout.parse(a.get(0)), elem, access, vector, o.title());
                };
            }
            case "tv":
                arity(kind, a, 1, 2, "a thread-value layout and optionally a tile shape");
                return TvPicture.of(Layout.parse(a.get(0)), a.size() > 1 ? IntTuple.parse(a.get(1)) : null, o.title());
            case "coords":
                arity(kind, a, 1, 1, "a layout");
                return CoordinatePicture.of(Layout.parse(a.get(0)), o.order(), o.title());
            case "divide":
                arity(kind, a, 2, 3, "a layout A, a tiler B and optionally a form (logical, zipped, tiled, flat)");
                return TilingPicture.divide(Layout.parse(a.get(0)), Tiler.parse(a.get(1)),
                        TilingPicture.DivideKind.parse(form(kind, a, o)), o.title());
            case "product":
                arity(kind, a, 2, 3, "a layout A, a layout B and optionally a form (logical, zipped, tiled, flat, blocked, raked)");
                return TilingPicture.product(Layout.parse(a.get(0)), Tiler.parse(a.get(1)),
                        TilingPicture.ProductKind.parse(form(kind, a, o)), o.title());
            case "morphism":
                arity(kind, a, 1, 1, "a morphism \"S --(α)--> T\" or a tractable layout L");
                return morphism(a.get(0), o.title());
            case "refinement":
                if (a.size() != 2) arity(kind, a, 4, 4, "T and U, or T, U, T′ and U′");
                return refinement(a, o.title());
            case "compose":
                arity(kind, a, 2, 2, "layouts A and B (A o B, B applied first)");
                return compose(Layout.parse(a.get(0)), Layout.parse(a.get(1)), o.title());
            case "mma": {
                arity(kind, a, 1, 3, "an MMA atom's name, optionally an atom layout (2x2x1) and a permutation <M,N,K>");
                TiledMma mma = TiledMma.of(Atoms.mma(a.get(0)), TiledMma.parseAtomLayout(a.size() > 1 ? a.get(1) : "1x1x1"),
                        a.size() > 2 ? Tiler.parse(a.get(2)) : null);
                return AtomPicture.mma(mma, o.title());
            }
            case "copy":
                arity(kind, a, 4, 4, "a copy atom's name, the value width in bits, a thread layout and a value layout");
                return AtomPicture.copy(TiledCopy.of(Atoms.copy(a.get(0)), Math.toIntExact(Long.parseLong(a.get(1).trim())),
                        Layout.parse(a.get(2)), Layout.parse(a.get(3))), o.title());
            default:
                throw new IllegalArgumentException("unknown picture kind '" + kind + "': one of " + String.join(", ", KINDS));
        }
    }

    /**
     * {@code morphism X}: X in morphism notation is drawn as it is; otherwise X is a layout, drawn as its
     * standard representation f_L, which needs L tractable.
     */
    private static Diagram morphism(String text, String title) {
        if (text.contains("--") || text.contains("->")) return MorphismPicture.of(NestMorphism.parse(text), title);
        Layout l = Layout.parse(text);
        Tractability.require(l, "draw morphism: f_L needs a tractable layout L, but L =");
        NestMorphism f = StandardRepresentation.of(l);
        return MorphismPicture.of(f, title != null ? title : "f_L, the standard representation of L = " + l);
    }

    /** {@code refinement T U}: the mutual refinement computed; {@code refinement T U T′ U′}: the given one, checked. */
    private static Diagram refinement(List<String> a, String title) {
        IntTuple t = IntTuple.parse(a.get(0));
        IntTuple u = IntTuple.parse(a.get(1));
        if (a.size() == 4) return RefinementPicture.of(t, u, IntTuple.parse(a.get(2)), IntTuple.parse(a.get(3)), title);
        MutualRefinement m;
        try {
            m = MutualRefinement.require(t, u);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("draw refinement: " + e.getMessage(), e);
        }
        return RefinementPicture.of(t, u, m.tPrime(), m.uPrime(), title);
    }

    /**
     * {@code compose A B}: the walkthrough of the categorical composition A∘B. Where the category module cannot
     * compose (a non-tractable layout, or a composite no morphism encodes) but CuTe's algorithm does, the steps of
     * CuTe's algorithm and the composite's grid; where neither does, the reason no composite exists.
     */
    private static Diagram compose(Layout a, Layout b, String title) {
        List<CompositionTrace> parts;
        try {
            parts = CategoricalComposition.traces(a, b);
        } catch (IllegalArgumentException refused) {
            Layout cute;
            try {
                cute = Composition.compose(a, b);
            } catch (IllegalArgumentException none) {
                throw new IllegalArgumentException("draw compose: no composite: " + none.getMessage(), none);
            }
            // only the categorical walkthrough is unavailable: CuTe's algorithm's steps, and the composite's grid
            List<String> steps = new java.util.ArrayList<>();
            steps.add("The categorical walkthrough is not available here: " + refused.getMessage());
            Composition.explain(a, b).steps().lines().skip(1).forEach(steps::add);
            return org.layoutcat.diagrams.picture.Panels.arrange(title != null ? title
                    : "A∘B = " + cute + " (B applied first), by CuTe's algorithm", steps,
                    List.of(List.of(new org.layoutcat.diagrams.picture.Panels.Panel("A∘B = " + cute, LayoutPicture.of(cute)))));
        }
        Layout result = parts.size() == 1 ? parts.get(0).result() : CategoricalComposition.compose(a, b);
        return Walkthrough.of(a, b, parts, result, title);
    }

    /** The form of divide or product: the trailing argument or the option (they must agree), else logical. */
    private static String form(String kind, List<String> a, Options o) {
        String trailing = a.size() > 2 ? a.get(2) : null;
        if (trailing != null && o.form() != null && !trailing.toLowerCase(Locale.ROOT).equals(o.form().toLowerCase(Locale.ROOT))) {
            throw new IllegalArgumentException("draw " + kind + ": the form is given twice, as '" + trailing + "' and as '"
                    + o.form() + "'");
        }
        return trailing != null ? trailing : o.form() != null ? o.form() : "logical";
    }

    /** A size in bytes: 1, 2, 4, 8 or 16. */
    private static int bytes(String kind, String what, String text) {
        String t = text.trim();
        if (!t.matches("[0-9]{1,2}") || !List.of(1, 2, 4, 8, 16).contains(Integer.parseInt(t))) {
            throw new IllegalArgumentException("draw " + kind + ": the " + what + "'s bytes '" + text + "' are none of 1, 2, 4, 8, 16");
        }
        return Integer.parseInt(t);
    }

    private static void arity(String kind, List<String> a, int min, int max, String what) {
        if (a.size() < min || a.size() > max) {
            throw new IllegalArgumentException("draw " + kind + " takes " + what + "; got " + a.size() + " argument"
                    + (a.size() == 1 ? "" : "s"));
        }
    }
}
