package org.layoutcat.ops;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.layoutcat.category.NestMorphism;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.atom.Atoms;
import org.layoutcat.core.atom.TiledCopy;
import org.layoutcat.core.atom.TiledMma;
import org.layoutcat.core.tma.TmaDataType;
import org.layoutcat.diagrams.Diagram;
import org.layoutcat.diagrams.Drawings;
import org.layoutcat.diagrams.picture.CoordinatePicture;
import org.layoutcat.diagrams.picture.LayoutPicture;
import org.layoutcat.diagrams.picture.TilingPicture;

/**
 * The pictures: each kind ({@code layout}, {@code compose}, {@code mma}, ...), its arguments read into values and drawn
 * by the factory of {@link Drawings} it names. {@code layoutcat draw} and the explorer's views both draw through here,
 * with the same refusals. Its options are a {@link Options} value; the command line reads them from its flags, the
 * explorer from its request.
 *
 * <p>A refusal of the arguments' values is an IllegalArgumentException naming the kind ({@code "compose: no
 * composite: ..."}); an unknown kind, a wrong number of arguments or an option the kind does not take is a
 * {@link Usage}, which the command line reports as a usage error.
 */
public final class Pictures {
    /** The kinds, in the order error messages list them. */
    public static final List<String> KINDS = List.of("morphism", "refinement", "compose", "layout", "tv", "coords", "divide",
            "product", "mma", "copy", "banks", "tma");

    /**
     * The options of a picture, each null where not given.
     *
     * @param colour  layout: how cells are coloured
     * @param elem    layout, banks, tma: bytes per element
     * @param vector  banks: bytes each thread accesses at once
     * @param order   coords: the rows' order (never null: offset by default)
     * @param title   a title instead of the default
     * @param atoms   mma: the atom layout, e.g. 2x2x1
     * @param permute mma: the permutation <M,N,K>
     * @param only    mma: C or ABC
     * @param src     copy: the source tensor over the tile
     * @param dst     copy: the destination tensor over the tile
     * @param form    divide, product: the form (logical, zipped, ...)
     */
    public record Options(LayoutPicture.ColourBy colour, Integer elem, Integer vector, CoordinatePicture.Order order, String title,
            String atoms, String permute, String only, String src, String dst, String form) {
        /** No option given. */
        public static final Options NONE = new Options(null, null, null, CoordinatePicture.Order.BY_OFFSET, null, null, null, null, null, null, null);

        /**
         * The options named in {@code given} ({@code elem}, {@code vector}, {@code atoms}, {@code permute}, {@code only},
         * {@code kind}, {@code order}, {@code color}, {@code src}, {@code dst}; blank values left out), each read as the
         * command line reads its flag.
         *
         * @throws Usage for an option's value that its reading refuses, worded as the command line words it
         */
        public static Options read(java.util.Map<String, String> given) {
            java.util.function.Function<String, String> v = k -> {
                String t = given.get(k);
                return t == null || t.isBlank() ? null : t.trim();
            };
            return new Options(read("color", v.apply("color"), LayoutPicture.ColourBy::parse), read("elem", v.apply("elem"), Options::bytes),
                    read("vector", v.apply("vector"), Options::bytes),
                    v.apply("order") == null ? CoordinatePicture.Order.BY_OFFSET : read("order", v.apply("order"), CoordinatePicture.Order::parse),
                    null, v.apply("atoms"), v.apply("permute"), read("only", v.apply("only"), Options::operands), v.apply("src"), v.apply("dst"),
                    read("kind", v.apply("kind"), Options::form));
        }

        private static <T> T read(String option, String text, java.util.function.Function<String, T> reading) {
            if (text == null) return null;
            try {
                return reading.apply(text);
            } catch (IllegalArgumentException e) {
                throw new Usage("Invalid value for option '--" + option + "': " + e.getMessage());
            }
        }

        /** A size in bytes: 1, 2, 4, 8 or 16. */
        public static Integer bytes(String text) {
            String t = text.trim();
            if (!t.matches("[0-9]{1,2}") || !List.of(1, 2, 4, 8, 16).contains(Integer.parseInt(t))) {
                throw new IllegalArgumentException("'" + org.layoutcat.core.LayoutArgumentException.quote(text) + "' bytes are none of 1, 2, 4, 8, 16");
            }
            return Integer.parseInt(t);
        }

        /** The form of divide or product, lower case: one of either's. */
        public static String form(String text) {
            String t = text.trim().toLowerCase(Locale.ROOT);
            if (!List.of("logical", "zipped", "tiled", "flat", "blocked", "raked").contains(t)) {
                throw new IllegalArgumentException("the form '" + org.layoutcat.core.LayoutArgumentException.quote(text)
                        + "' is none of logical, zipped, tiled, flat (divide and product), blocked, raked (product)");
            }
            return t;
        }

        /** The operands an MMA picture draws: C or ABC. */
        public static String operands(String text) {
            String t = text.trim().toUpperCase(Locale.ROOT);
            if (!t.equals("C") && !t.equals("ABC")) {
                throw new IllegalArgumentException("--only takes C (the accumulators alone) or ABC (A, B and C); got \""
                        + org.layoutcat.core.LayoutArgumentException.quote(text) + "\"");
            }
            return t;
        }
    }

    /** A usage error of a picture: an unknown kind, a wrong number of arguments, an option the kind does not take. */
    public static final class Usage extends IllegalArgumentException {
        Usage(String message) {
            super(message);
        }
    }

    private final String kind;
    private final List<String> args;
    private final LayoutPicture.ColourBy colour;
    private final Integer elem;
    private final Integer vector;
    private final CoordinatePicture.Order order;
    private final String title;
    private final String atoms;
    private final String permute;
    private final String only;
    private final String src;
    private final String dst;
    private final String form;

    private Pictures(String kind, List<String> args, Options o) {
        this.kind = kind;
        this.args = List.copyOf(args);
        this.colour = o.colour();
        this.elem = o.elem();
        this.vector = o.vector();
        this.order = o.order() != null ? o.order() : CoordinatePicture.Order.BY_OFFSET;
        this.title = o.title();
        this.atoms = o.atoms();
        this.permute = o.permute();
        this.only = o.only();
        this.src = o.src();
        this.dst = o.dst();
        this.form = o.form();
    }

    /**
     * The picture {@code kind} names of {@code args}, with options.
     *
     * @throws Usage for an unknown kind, a wrong number of arguments or an option the kind does not take
     * @throws IllegalArgumentException where the picture is refused
     */
    public static Diagram draw(String kind, List<String> args, Options options) {
        return new Pictures(kind, args, options).picture();
    }

    private static Usage usage(String message) {
        return new Usage(message);
    }

    /** The picture KIND names, its arguments read into values. */
    private Diagram picture() {
        if (!KINDS.contains(kind)) {
            throw usage("unknown picture kind '" + org.layoutcat.core.LayoutArgumentException.quote(kind) + "': one of " + String.join(", ", KINDS));
        }
        LayoutPicture.ColourBy colourBy = colour;
        CoordinatePicture.Order rows = order;
        List<String> a = new ArrayList<>(args);
        if (elem != null || vector != null) { // the element's and the vector's bytes are the pictures' trailing arguments
            if (!kind.equals("layout") && !kind.equals("banks") && !kind.equals("tma")) {
                throw usage(kind + ": --elem and --vector are for the layout, banks and tma pictures");
            }
            if (kind.equals("tma") && vector != null) throw usage("tma: --vector is for the banks picture");
            if (kind.equals("layout") && vector != null) throw usage("layout: --vector is for the banks picture");
            // banks: --vector without --elem takes the element's bytes from SMEM's smem_ptr[Nb] (0: the pointer's)
            if (elem != null || kind.equals("banks")) a.add(Integer.toString(elem != null ? elem : 0));
            if (vector != null) a.add(Integer.toString(vector));
        }
        if (only != null && !kind.equals("mma")) throw usage(kind + ": --only is for the mma picture");
        if ((src != null || dst != null) && !kind.equals("copy")) throw usage(kind + ": --src and --dst are for the copy picture");
        if (kind.equals("mma") && (atoms != null || permute != null)) {
            if (a.size() == 1) a.add(atoms != null ? atoms : "1x1x1");
            if (permute != null && a.size() == 2) a.add(permute);
        }
        switch (kind) {
            case "layout": {
                arity(a, 1, 2, "a layout or composed layout and optionally the element's bytes");
                int elementBytes = a.size() > 1 ? bytes("element", a.get(1)) : 0;
                return Drawings.layout(AnyLayout.parse(a.get(0)), colourBy, elementBytes, title);
            }
            case "banks": {
                arity(a, 2, 4, "a shared-memory layout, an access layout (thread, value) -> index, the element's bytes"
                        + " (none where the layout is CuTe's smem_ptr[Nb] form, which gives them) and optionally the vector's bytes");
                int elementBytes = a.size() > 2 && !a.get(2).trim().equals("0") ? bytes("element", a.get(2)) : 0; // 0: the pointer's
                int vectorBytes = a.size() > 3 ? bytes("vector", a.get(3)) : 0;
                Layout access = Layout.parse(a.get(1));
                AnyLayout smem = AnyLayout.parse(a.get(0));
                if (elementBytes == 0 && org.layoutcat.core.swizzle.BankConflicts.pointerBytes(smem) == 0) {
                    throw usage("banks: --elem is required: the element's bytes, which SMEM gives only in CuTe's pointer form"
                            + " Sw<B,M,S> o smem_ptr[Nb](unset) o L");
                }
                return Drawings.banks(smem, access, elementBytes, vectorBytes, title);
            }
            case "tma":
                arity(a, 3, 4, "the global tensor's layout, the tile's shared-memory layout, the element (f16, ... or its bytes)"
                        + " and optionally the CTA tile");
                return Drawings.tma(Layout.parse(a.get(0)), AnyLayout.parse(a.get(1)), TmaDataType.parse(a.get(2)),
                        a.size() > 3 ? IntTuple.parse(a.get(3)) : null, title);
            case "tv":
                arity(a, 1, 2, "a thread-value layout and optionally a tile shape");
                return Drawings.tv(Layout.parse(a.get(0)), a.size() > 1 ? IntTuple.parse(a.get(1)) : null, title);
            case "coords":
                arity(a, 1, 1, "a layout");
                return Drawings.coords(Layout.parse(a.get(0)), rows, title);
            case "divide": {
                arity(a, 2, 3, "a layout A, a tiler B and optionally a form (logical, zipped, tiled, flat)");
                Layout l = Layout.parse(a.get(0));
                Tiler b = Tiler.parse(a.get(1));
                return Drawings.divide(l, b, TilingPicture.DivideKind.parse(form(a)), title);
            }
            case "product": {
                arity(a, 2, 3, "a layout A, a layout B and optionally a form (logical, zipped, tiled, flat, blocked, raked)");
                Layout l = Layout.parse(a.get(0));
                Tiler b = Tiler.parse(a.get(1));
                return Drawings.product(l, b, TilingPicture.ProductKind.parse(form(a)), title);
            }
            case "morphism": {
                arity(a, 1, 1, "a morphism \"S --(α)--> T\" or a tractable layout L");
                String text = a.get(0); // morphism notation is drawn as it is; a layout as its standard representation f_L
                if (NestMorphism.isMorphismText(text)) return Drawings.morphism(NestMorphism.parse(text), title);
                return Drawings.morphism(Layout.parse(text), title);
            }
            case "refinement": {
                if (a.size() != 2) arity(a, 4, 4, "T and U, or T, U, T′ and U′");
                IntTuple t = IntTuple.parse(a.get(0));
                IntTuple u = IntTuple.parse(a.get(1));
                if (a.size() == 4) return Drawings.refinement(t, u, IntTuple.parse(a.get(2)), IntTuple.parse(a.get(3)), title);
                return Drawings.refinement(t, u, title);
            }
            case "compose":
                arity(a, 2, 2, "layouts A and B (A o B, B applied first)");
                return Drawings.compose(Layout.parse(a.get(0)), Layout.parse(a.get(1)), title);
            case "mma": {
                arity(a, 1, 3, "an MMA atom's name, optionally an atom layout (2x2x1) and a permutation <M,N,K>");
                TiledMma mma = TiledMma.of(Atoms.mma(a.get(0)), TiledMma.parseAtomLayout(a.size() > 1 ? a.get(1) : "1x1x1"),
                        a.size() > 2 ? Tiler.parse(a.get(2)) : null);
                return accumulatorsOnly(mma) ? Drawings.mmaAccumulators(mma, title) : Drawings.mma(mma, title);
            }
            case "copy":
                arity(a, 4, 4, "a copy atom's name, the value width in bits, a thread layout and a value layout");
                return Drawings.copy(TiledCopy.of(Atoms.copy(a.get(0)), bits(a.get(1)), Layout.parse(a.get(2)), Layout.parse(a.get(3))),
                        src != null ? AnyLayout.parse(src) : null, dst != null ? AnyLayout.parse(dst) : null, title);
            default:
                throw usage("unknown picture kind '" + org.layoutcat.core.LayoutArgumentException.quote(kind) + "': one of " + String.join(", ", KINDS));
        }
    }

    /**
     * Whether {@code draw mma} draws C alone: {@code --only C}, or by default for a {@code wgmma} atom, whose A and B
     * come from shared memory through descriptors (CuTe's TV layouts give every thread every element of them).
     */
    private boolean accumulatorsOnly(TiledMma mma) {
        try {
            return operands(mma, only).equals("C");
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
    }

    /**
     * The operands an MMA picture draws: {@code only} (C or ABC, case aside), or where it is null, C alone for a
     * {@code wgmma} atom (its A and B are read from shared memory by descriptors) and ABC otherwise. The explorer's
     * MMA view draws the same.
     *
     * @throws IllegalArgumentException for operands other than C and ABC
     */
    public static String operands(TiledMma mma, String only) {
        if (only == null || only.isBlank()) {
            return switch (mma.atom().family()) {
                case MMA_SYNC -> "ABC";
                case WGMMA_SS, WGMMA_RS -> "C";
            };
        }
        return switch (only.trim().toUpperCase(Locale.ROOT)) {
            case "C" -> "C";
            case "ABC" -> "ABC";
            default -> throw new IllegalArgumentException("--only takes C (the accumulators alone) or ABC (A, B and C); got \"" + only + "\"");
        };
    }

    /** The form of divide or product: the trailing argument or --kind (they must agree), else logical. */
    private String form(List<String> a) {
        String trailing = a.size() > 2 ? a.get(2) : null;
        if (trailing != null && form != null && !trailing.toLowerCase(Locale.ROOT).equals(form.toLowerCase(Locale.ROOT))) {
            throw usage(kind + ": the form is given twice, as '" + trailing + "' and as '" + form + "'");
        }
        return trailing != null ? trailing : form != null ? form : "logical";
    }

    /** A size in bytes: 1, 2, 4, 8 or 16. */
    private int bytes(String what, String text) {
        String t = text.trim();
        if (!t.matches("[0-9]{1,2}") || !List.of(1, 2, 4, 8, 16).contains(Integer.parseInt(t))) {
            throw new IllegalArgumentException(kind + ": the " + what + "'s bytes '" + text + "' are none of 1, 2, 4, 8, 16");
        }
        return Integer.parseInt(t);
    }

    /** The value width of a copy, in bits: a whole number of int range (the atom says which widths it takes). */
    private int bits(String text) {
        String t = text.trim();
        try {
            return Integer.parseInt(t);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(kind + ": the value width '" + text + "' is " + (t.matches("[+-]?[0-9]+")
                    ? "past the range of an int" : "not a whole number of bits"), e);
        }
    }

    private void arity(List<String> a, int min, int max, String what) {
        if (a.size() < min || a.size() > max) { // a usage error (exit 2), as picocli's for a command's own arguments
            throw usage(kind + " takes " + what + "; got " + a.size()
                    + " argument" + (a.size() == 1 ? "" : "s"));
        }
    }
}
