package org.layoutcat.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.layoutcat.category.NestMorphism;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.tma.TmaDataType;
import org.layoutcat.core.Layout;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.atom.Atoms;
import org.layoutcat.core.atom.TiledCopy;
import org.layoutcat.core.atom.TiledMma;
import org.layoutcat.diagrams.Diagram;
import org.layoutcat.diagrams.Drawings;
import org.layoutcat.diagrams.export.Exports;
import org.layoutcat.diagrams.picture.CoordinatePicture;
import org.layoutcat.diagrams.picture.LayoutPicture;
import org.layoutcat.diagrams.picture.TilingPicture;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code layoutcat draw KIND ARGS -o FILE}: reads the arguments as CuTe notation into values and draws them with the
 * factory of {@link Drawings} that KIND names, in the format FILE's extension picks. The text of the command line
 * ends here: the kinds, the arity of each, the trailing FORM and byte arguments and their options.
 *
 * <p>A refusal is an IllegalArgumentException (ArithmeticException for overflow) whose message starts with the
 * kind ({@code "compose: no composite: ..."}), or a parse error naming the text; Main prints it as {@code
 * layoutcat draw: REASON} with exit code 1. An unknown KIND, a wrong number of its arguments, an option's bad value
 * (read by its type or converter as the line is parsed) and an option the KIND does not take are usage errors
 * (exit code 2).
 */
@Command(name = "draw", mixinStandardHelpOptions = true, description = {
    "Draws a picture; FILE's extension picks the format (.svg .tex .dot .png).",
    "  layout L               layout grid, any rank, nested modes grouped",
    "  layout L --elem BYTES  each cell's shared-memory bank, coloured by bank",
    "  layout \"Sw<B,M,S> o 0 o L\"  a swizzled (composed) layout, as CuTe prints it",
    "  tv TV [TILE]           thread-value layout over a tile",
    "  coords L               coordinate table (--order offset|index)",
    "  divide A B [FORM]      FORM (or --kind) logical|zipped|tiled|flat, per tile",
    "  product A B [FORM]     FORM (or --kind) as for divide, or blocked|raked",
    "  morphism \"S --(a)--> T\"  tuple morphism, * for the basepoint",
    "  morphism L             standard representation f_L of a tractable layout",
    "  refinement T U         mutual refinement (T', U') of (T, U), computed",
    "  refinement T U T' U'   a given mutual refinement, checked",
    "  compose A B            walkthrough of A o B (B applied first)",
    "  mma NAME               tiled MMA as print_latex draws it",
    "                         (--atoms 2x2x1, --permute <M,N,K>; --only C:",
    "                         the accumulators alone, wgmma's default)",
    "  copy NAME BITS THR VAL tiled copy (make_tiled_copy): source and destination",
    "                         (--src L, --dst L: each cell's offsets in the tensors)",
    "  banks SMEM ACCESS [--elem BYTES] [--vector BYTES]  (--elem: none where",
    "                         SMEM is CuTe's smem_ptr[Nb] form, which gives it)",
    "                         one instruction's threads against the 32 banks:",
    "                         a row per wavefront, bank conflicts outlined red",
    "  tma GMEM SMEM ELEM [TILE]  a TMA copy (make_tma_copy): the tile by copy,",
    "                         the box, and its swizzled landing in shared memory"})
public final class DrawCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "KIND", description = "morphism, refinement, compose, layout, tv, coords, divide, product, mma, copy, banks or tma")
    String kind;

    @Parameters(index = "1..*", arity = "0..*", paramLabel = "ARGS", description = "the picture's arguments")
    List<String> args = new ArrayList<>();

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "FILE", converter = OutputFile.class,
            description = "output file; its extension picks the format")
    Path output;

    @Option(names = "--kind", converter = Form.class, description = "form of divide or product (default logical; or a trailing FORM argument)")
    String form;

    @Option(names = "--color", converter = Colours.class, description = "layout cell colours: offset, row, column, none or banks (default offset; banks with --elem)")
    LayoutPicture.ColourBy colour;

    @Option(names = "--elem", paramLabel = "BYTES", converter = Bytes.class, description = "layout, banks: bytes per element (2 for"
            + " half); a layout's cells show their bank; none for banks where SMEM is CuTe's smem_ptr[Nb] form, which gives them")
    Integer elem;

    @Option(names = "--vector", paramLabel = "BYTES", converter = Bytes.class, description = "banks: bytes each thread accesses at once (default: its values' bytes)")
    Integer vector;

    @Option(names = "--order", defaultValue = "offset", converter = Orders.class, description = "row order of draw coords: offset (by the value L(i), as the hierarchical-layouts post orders it) or index")
    CoordinatePicture.Order order;

    @Option(names = "--scale", description = "PNG pixels per picture pixel (default 2, 1 for pictures over 1600 px wide)")
    Double scale;

    @Option(names = "--title", description = "a title instead of the default")
    String title;

    @Option(names = "--atoms", paramLabel = "MxNxK", description = "mma: the atom layout, e.g. 2x2x1 (default 1x1x1)")
    String atoms;

    @Option(names = "--permute", paramLabel = "P", description = "mma: the permutation <M,N,K>, e.g. <32,32,16>")
    String permute;

    @Option(names = "--only", paramLabel = "OPERANDS", converter = Operands.class, description = "mma: C draws the accumulators alone, ABC all three"
            + " (default C for wgmma atoms, whose A and B panels show every element held by every thread; ABC otherwise)")
    String only;

    @Option(names = "--src", paramLabel = "L", description = "copy: the source tensor over the tile (e.g. gmem \"(16,64):(64,1)\"); each cell shows its offset")
    String src;

    @Option(names = "--dst", paramLabel = "L", description = "copy: the destination tensor over the tile (e.g. \"Sw<3,3,3> o 0 o (16,64):(64,1)\"); each cell shows its offset")
    String dst;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    /** The output file: its extension must name a format ({@link Exports.Format#of}). */
    static final class OutputFile extends Main.Reading<Path> {
        OutputFile() {
            super(text -> {
                Path p = Path.of(text);
                Exports.Format.of(p);
                return p;
            });
        }
    }

    /** The form of divide or product, lower case: one of either's. */
    static final class Form extends Main.Reading<String> {
        Form() {
            super(text -> {
                String t = text.trim().toLowerCase(Locale.ROOT);
                if (!List.of("logical", "zipped", "tiled", "flat", "blocked", "raked").contains(t)) {
                    throw new IllegalArgumentException("the form '" + org.layoutcat.core.LayoutArgumentException.quote(text)
                            + "' is none of logical, zipped, tiled, flat (divide and product), blocked, raked (product)");
                }
                return t;
            });
        }
    }

    /** How a layout's cells are coloured ({@link LayoutPicture.ColourBy#parse}). */
    static final class Colours extends Main.Reading<LayoutPicture.ColourBy> {
        Colours() {
            super(LayoutPicture.ColourBy::parse);
        }
    }

    /** The row order of draw coords ({@link CoordinatePicture.Order#parse}). */
    static final class Orders extends Main.Reading<CoordinatePicture.Order> {
        Orders() {
            super(CoordinatePicture.Order::parse);
        }
    }

    /** A size in bytes: 1, 2, 4, 8 or 16. */
    static final class Bytes extends Main.Reading<Integer> {
        Bytes() {
            super(text -> {
                String t = text.trim();
                if (!t.matches("[0-9]{1,2}") || !List.of(1, 2, 4, 8, 16).contains(Integer.parseInt(t))) {
                    throw new IllegalArgumentException("'" + org.layoutcat.core.LayoutArgumentException.quote(text) + "' bytes are none of 1, 2, 4, 8, 16");
                }
                return Integer.parseInt(t);
            });
        }
    }

    /** The operands an MMA picture draws: C or ABC ({@link #operands}). */
    static final class Operands extends Main.Reading<String> {
        Operands() {
            super(text -> {
                String t = text.trim().toUpperCase(Locale.ROOT);
                if (!t.equals("C") && !t.equals("ABC")) {
                    throw new IllegalArgumentException("--only takes C (the accumulators alone) or ABC (A, B and C); got \""
                            + org.layoutcat.core.LayoutArgumentException.quote(text) + "\"");
                }
                return t;
            });
        }
    }

    /** A usage error of this command (exit code 2): a wrong KIND, its arguments' count, an option it does not take. */
    private picocli.CommandLine.ParameterException usage(String message) {
        return new picocli.CommandLine.ParameterException(spec.commandLine(), message);
    }

    /** The kinds, in the order error messages list them. */
    static final List<String> KINDS = List.of("morphism", "refinement", "compose", "layout", "tv", "coords", "divide", "product",
            "mma", "copy", "banks", "tma");

    @Override
    public Integer call() throws IOException {
        if (scale != null && !(scale > 0 && scale <= 16)) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--scale must be in (0, 16], got " + scale);
        }
        Exports.Format format = Exports.Format.of(output); // an unknown extension fails before any work
        if (format == Exports.Format.DOT && !List.of("morphism", "refinement").contains(kind)) {
            throw usage(kind + ": .dot is for the graphs of the morphism and refinement pictures; a "
                    + kind + " picture is a grid or a walkthrough, which a graph layout would only tangle: write .svg, .png or .tex");
        }
        Diagram d = picture();
        double s = scale != null ? scale : d.width() > 1600 ? 1 : 2;
        Exports.write(d, output, s);
        long bytes = Files.size(output);
        String size = switch (format) { // what the file holds: pixels for images, text for TikZ and DOT
            case PNG -> Math.round(d.width() * s) + "x" + Math.round(d.height() * s) + " pixels";
            case SVG -> Math.round(d.width()) + "x" + Math.round(d.height()) + " px canvas";
            default -> "text";
        };
        System.out.println(output + ": " + format.name().toLowerCase(Locale.ROOT) + ", " + size + ", " + bytes + " bytes");
        return 0;
    }

    /**
     * The picture a {@code draw} command line names, read as the command reads it: {@code options} are its options
     * ({@code --elem 2}), {@code kind} and {@code args} its positional arguments, taken whole (an argument that starts
     * with {@code -} is an argument). The explorer's pictures and downloads come from here, with the command's refusals.
     *
     * @throws picocli.CommandLine.ParameterException for an unknown option or a wrong value of one
     * @throws IllegalArgumentException where the picture is refused, as the command refuses it
     */
    public static Diagram picture(List<String> options, String kind, List<String> args) {
        DrawCommand c = new DrawCommand();
        List<String> line = new ArrayList<>(options);
        line.addAll(List.of("-o", "explorer.svg", "--", kind));
        line.addAll(args);
        new picocli.CommandLine(c).parseArgs(line.toArray(String[]::new));
        return c.picture();
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
