package org.layoutcat.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.layoutcat.diagrams.Diagram;
import org.layoutcat.diagrams.Drawings;
import org.layoutcat.diagrams.export.Exports;
import org.layoutcat.diagrams.picture.CoordinatePicture;
import org.layoutcat.diagrams.picture.LayoutPicture;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code layoutcat draw KIND ARGS -o FILE}: the picture {@link Drawings#draw} names, its format chosen by FILE's
 * extension.
 */
@Command(name = "draw", mixinStandardHelpOptions = true, description = {
    "Draws a picture; FILE's extension picks the format: .svg .tex .dot .png",
    "  layout L               layout grid, any rank, nested modes grouped",
    "  layout L --elem BYTES  each cell's shared-memory bank, coloured by bank",
    "  layout \"Sw<B,M,S> o 0 o L\"  a swizzled (composed) layout, as CuTe prints it",
    "  tv TV [TILE]           thread-value layout over a tile",
    "  coords L               coordinate table (--order offset|index)",
    "  divide A B [FORM]      FORM (or --kind) logical|zipped|tiled|flat, per tile",
    "  product A B [FORM]     FORM (or --kind) logical|zipped|tiled|flat|blocked|raked",
    "  morphism \"S --(a)--> T\"  tuple morphism, * for the basepoint",
    "  morphism L             standard representation f_L of a tractable layout",
    "  refinement T U         mutual refinement (T', U') of (T, U), computed",
    "  refinement T U T' U'   a given mutual refinement, checked",
    "  compose A B            walkthrough of A o B (B applied first)",
    "  mma NAME               tiled MMA as print_latex draws it (--atoms 2x2x1, --permute <M,N,K>)",
    "  copy NAME BITS THR VAL tiled copy (make_tiled_copy): source and destination",
    "  banks SMEM ACCESS --elem BYTES [--vector BYTES]",
    "                         one instruction's threads against the 32 banks:",
    "                         a row per wavefront, bank conflicts outlined red"})
final class DrawCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "KIND", description = "morphism, refinement, compose, layout, tv, coords, divide, product, mma, copy or banks")
    String kind;

    @Parameters(index = "1..*", arity = "0..*", paramLabel = "ARGS", description = "the picture's arguments")
    List<String> args = new ArrayList<>();

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "FILE", description = "output file; its extension picks the format")
    Path output;

    @Option(names = "--kind", description = "form of divide or product (default logical; or a trailing FORM argument)")
    String form;

    @Option(names = "--color", description = "layout cell colours: offset, row, column, none or banks (default offset; banks with --elem)")
    String colour;

    @Option(names = "--elem", paramLabel = "BYTES", description = "layout, banks: bytes per element (2 for half); a layout's cells show their bank")
    Integer elem;

    @Option(names = "--vector", paramLabel = "BYTES", description = "banks: bytes each thread accesses at once (default: its values' bytes)")
    Integer vector;

    @Option(names = "--order", defaultValue = "offset", description = "row order of draw coords: offset (by the value L(i), as the hierarchical-layouts post orders it) or index")
    String order;

    @Option(names = "--scale", description = "PNG pixels per picture pixel (default 2, 1 for pictures over 1600 px wide)")
    Double scale;

    @Option(names = "--title", description = "a title instead of the default")
    String title;

    @Option(names = "--atoms", paramLabel = "MxNxK", description = "mma: the atom layout, e.g. 2x2x1 (default 1x1x1)")
    String atoms;

    @Option(names = "--permute", paramLabel = "P", description = "mma: the permutation <M,N,K>, e.g. <32,32,16>")
    String permute;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        try {
            if (scale != null && !(scale > 0 && scale <= 16)) {
                throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--scale must be in (0, 16], got " + scale);
            }
            Exports.Format format = Exports.Format.of(output); // an unknown extension fails before any work
            if (format == Exports.Format.DOT && !List.of("morphism", "refinement").contains(kind)) {
                throw new IllegalArgumentException("draw " + kind + ": .dot is for the graphs of the morphism and"
                        + " refinement pictures; a " + kind + " picture is a grid or a walkthrough, which a graph layout"
                        + " would only tangle: write .svg, .png or .tex");
            }
            Diagram d = picture();
            double s = scale != null ? scale : d.width() > 1600 ? 1 : 2;
            Exports.write(d, output, s);
            long bytes = java.nio.file.Files.size(output);
            String size = switch (format) { // what the file holds: pixels for images, text for TikZ and DOT
                case PNG -> Math.round(d.width() * s) + "x" + Math.round(d.height() * s) + " pixels";
                case SVG -> Math.round(d.width()) + "x" + Math.round(d.height()) + " px canvas";
                default -> "text";
            };
            System.out.println(output + ": " + format.name().toLowerCase(java.util.Locale.ROOT) + ", " + size + ", " + bytes + " bytes");
            return 0;
        } catch (java.io.IOException e) {
            System.err.println("layoutcat draw: " + Main.describe(e));
            return Main.REFUSED;
        } catch (IllegalArgumentException | ArithmeticException e) {
            String m = String.valueOf(e.getMessage()); // the pictures' messages name their kind: "draw compose: ..."
            System.err.println(m.startsWith("draw ") ? "layoutcat " + m : "layoutcat draw: " + m);
            return Main.REFUSED;
        }
    }

    private Diagram picture() {
        Drawings.Options options = new Drawings.Options(form, colour != null ? LayoutPicture.ColourBy.parse(colour) : null,
                CoordinatePicture.Order.parse(order), title);
        List<String> a = new ArrayList<>(args);
        if (elem != null || vector != null) { // the element's and the vector's bytes are the pictures' trailing arguments
            if (!kind.equals("layout") && !kind.equals("banks")) {
                throw new IllegalArgumentException("draw " + kind + ": --elem and --vector are for the layout and banks pictures");
            }
            if (kind.equals("layout") && vector != null) throw new IllegalArgumentException("draw layout: --vector is for the banks picture");
            if (kind.equals("banks") && elem == null) throw new IllegalArgumentException("draw banks: --vector needs --elem, the element's bytes");
            if (elem != null) a.add(Integer.toString(elem));
            if (vector != null) a.add(Integer.toString(vector));
        }
        if (kind.equals("mma") && (atoms != null || permute != null)) {
            if (a.size() == 1) a.add(atoms != null ? atoms : "1x1x1");
            if (permute != null && a.size() == 2) a.add(permute);
        }
        return Drawings.draw(kind, a, options);
    }
}
