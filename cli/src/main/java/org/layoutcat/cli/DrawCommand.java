package org.layoutcat.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.layoutcat.diagrams.Diagram;
import org.layoutcat.ops.Pictures;
import org.layoutcat.diagrams.export.Exports;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code layoutcat draw KIND ARGS -o FILE}: reads the arguments as CuTe notation into values and draws them with the
 * factory of {@link Pictures} that KIND names, in the format FILE's extension picks. The text of the command line
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
    "                         the box, and its swizzled landing in shared memory",
    "  swizzle-search TILE ELEM MAJOR WRITE READ [RANK]  swizzle_search's ranking",
    "                         against the bound and CUTLASS's choice, and candidate",
    "                         RANK's (default 1, the best) worst write and read",
    "                         instructions against the 32 banks",
    "  tmem TILE SM TYPE [MODE]  an accumulator in tensor memory (tmem_frg):",
    "                         lanes x columns, each cell its (m,n), by warp quarter",
    "  tmem-copy COPY TYPE TMEM THREAD  a TMEM load or store (make_tmem_copy):",
    "                         each (m,n) by the thread and register that hold it"})
public final class DrawCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "KIND", description = "morphism, refinement, compose, layout, tv, coords, divide, product, mma, copy, banks or tma")
    String kind;

    @Parameters(index = "1..*", arity = "0..*", paramLabel = "ARGS", description = "the picture's arguments")
    List<String> args = new ArrayList<>();

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "FILE", converter = OutputFile.class,
            description = "output file; its extension picks the format")
    Path output;

    @Option(names = "--kind", description = "form of divide or product (default logical; or a trailing FORM argument)")
    String form;

    @Option(names = "--color", description = "layout cell colours: offset, row, column, none or banks (default offset; banks with --elem)")
    String colour;

    @Option(names = "--elem", paramLabel = "BYTES", description = "layout, banks: bytes per element (2 for"
            + " half); a layout's cells show their bank; none for banks where SMEM is CuTe's smem_ptr[Nb] form, which gives them")
    String elem;

    @Option(names = "--vector", paramLabel = "BYTES", description = "banks: bytes each thread accesses at once (default: its values' bytes)")
    String vector;

    @Option(names = "--order", description = "row order of draw coords: offset (by the value L(i), as the hierarchical-layouts post orders it, the default) or index")
    String order;

    @Option(names = "--scale", description = "PNG pixels per picture pixel (default 2, 1 for pictures over 1600 px wide,"
            + " less where that would pass 36 megapixels)")
    Double scale;

    @Option(names = "--title", description = "a title instead of the default")
    String title;

    @Option(names = "--atoms", paramLabel = "MxNxK", description = "mma: the atom layout, e.g. 2x2x1 (default 1x1x1)")
    String atoms;

    @Option(names = "--permute", paramLabel = "P", description = "mma: the permutation <M,N,K>, e.g. <32,32,16>")
    String permute;

    @Option(names = "--only", paramLabel = "OPERANDS", description = "mma: C draws the accumulators alone, ABC all three"
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

    /** A size in bytes: 1, 2, 4, 8 or 16 ({@link org.layoutcat.ops.Picture#bytes}), for gpu banks --elem. */
    static final class Bytes extends Main.Reading<Integer> {
        Bytes() {
            super(org.layoutcat.ops.Picture::bytes);
        }
    }

    /** A usage error of this command (exit code 2): a wrong KIND, its arguments' count, an option it does not take. */
    private picocli.CommandLine.ParameterException usage(String message) {
        return new picocli.CommandLine.ParameterException(spec.commandLine(), message);
    }

    @Override
    public Integer call() throws IOException {
        if (scale != null && !(scale > 0 && scale <= 16)) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--scale must be in (0, 16], got " + scale);
        }
        Exports.Format format = Exports.Format.of(output); // an unknown extension fails before any work
        Pictures.Drawn drawn = Pictures.find(kind);
        if (format == Exports.Format.DOT && drawn != null && !List.of("morphism", "refinement").contains(drawn.picture().name())) {
            throw usage(kind + ": .dot is for the graphs of the morphism and refinement pictures; a "
                    + kind + " picture is a grid or a walkthrough, which a graph layout would only tangle: write .svg, .png or .tex");
        }
        Diagram d = picture();
        double s = scale != null ? scale : org.layoutcat.diagrams.export.PngWriter.defaultScale(d.width(), d.height());
        Exports.write(d, output, s);
        long bytes = Files.size(output);
        String size = switch (format) { // what the file holds: pixels for images, text for TikZ and DOT
            case PNG -> Math.round(d.width() * s) + "x" + Math.round(d.height() * s) + " pixels"
                    + (scale == null && s < org.layoutcat.diagrams.export.PngWriter.usualScale(d.width()) ? " (scale " + s + ", the largest within the PNG's limit of 36 megapixels)" : "");
            case SVG -> Math.round(d.width()) + "x" + Math.round(d.height()) + " px canvas";
            default -> "text";
        };
        System.out.println(output + ": " + format.name().toLowerCase(Locale.ROOT) + ", " + size + ", " + bytes + " bytes");
        return 0;
    }

    /** The picture KIND names, drawn by the table of pictures; its usage errors are this command's (exit code 2). */
    private Diagram picture() {
        try {
            Map<String, String> options = new LinkedHashMap<>(); // read by the picture's declarations of them, once
            options.put("kind", form);
            options.put("color", colour);
            options.put("elem", elem);
            options.put("vector", vector);
            options.put("order", order);
            options.put("title", title);
            options.put("atoms", atoms);
            options.put("permute", permute);
            options.put("only", only);
            options.put("src", src);
            options.put("dst", dst);
            options.values().removeIf(java.util.Objects::isNull);
            return Pictures.draw(kind, args, options);
        } catch (Pictures.Usage e) {
            throw usage(e.getMessage());
        }
    }
}
