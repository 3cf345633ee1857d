package org.layoutcat.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.Tiler;
import org.layoutcat.diagrams.Diagram;
import org.layoutcat.diagrams.export.Exports;
import org.layoutcat.diagrams.picture.CoordinatePicture;
import org.layoutcat.diagrams.picture.LayoutPicture;
import org.layoutcat.diagrams.picture.MorphismData;
import org.layoutcat.diagrams.picture.MorphismPicture;
import org.layoutcat.diagrams.picture.RefinementPicture;
import org.layoutcat.diagrams.picture.TilingPicture;
import org.layoutcat.diagrams.picture.TvPicture;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code layoutcat draw KIND ARGS -o FILE}: a picture, its format chosen by FILE's extension. */
@Command(name = "draw", mixinStandardHelpOptions = true, description = {
    "Draws a picture; FILE's extension picks the format: .svg .tex .dot .png",
    "  layout L               layout grid, any rank, nested modes grouped",
    "  tv TV [TILE]           thread-value layout over a tile",
    "  coords L               coordinate table (--order offset|index)",
    "  divide A B             --kind logical|zipped|tiled|flat, per tile",
    "  product A B            --kind logical|zipped|tiled|flat|blocked|raked",
    "  morphism \"S --(a)--> T\"  tuple morphism, * for the basepoint",
    "  refinement T U T' U'   mutual refinement (T', U') of (T, U)",
    "  compose A B            walkthrough of A o B (B applied first)"})
final class DrawCommand implements Callable<Integer> {
    static final List<String> KINDS = List.of("morphism", "refinement", "compose", "layout", "tv", "coords", "divide", "product");

    @Parameters(index = "0", paramLabel = "KIND", description = "morphism, refinement, compose, layout, tv, coords, divide or product")
    String kind;

    @Parameters(index = "1..*", arity = "0..*", paramLabel = "ARGS", description = "the picture's arguments")
    List<String> args = new ArrayList<>();

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "FILE", description = "output file; its extension picks the format")
    Path output;

    @Option(names = "--kind", defaultValue = "logical", description = "form of divide or product (default logical)")
    String form;

    @Option(names = "--color", defaultValue = "offset", description = "layout cell colours: offset, row, column or none")
    String colour;

    @Option(names = "--order", defaultValue = "offset", description = "coords row order: offset (seed 001) or index")
    String order;

    @Option(names = "--scale", description = "PNG pixels per picture pixel (default 2, 1 for pictures over 1600 px wide)")
    Double scale;

    @Option(names = "--title", description = "a title instead of the default")
    String title;

    @Override
    public Integer call() {
        try {
            Exports.Format.of(output); // an unknown extension fails before any work
            Diagram d = picture();
            Exports.write(d, output, scale != null ? scale : d.width() > 1600 ? 1 : 2);
            System.out.println(output + ": " + Math.round(d.width()) + "x" + Math.round(d.height()) + " px");
            return 0;
        } catch (IllegalArgumentException | ArithmeticException e) {
            System.err.println("layoutcat: " + e.getMessage());
            return 1;
        }
    }

    private Diagram picture() {
        switch (kind) {
            case "layout":
                arity(1, 1, "a layout");
                return LayoutPicture.of(Layout.parse(args.get(0)), LayoutPicture.ColourBy.parse(colour), title);
            case "tv":
                arity(1, 2, "a thread-value layout and optionally a tile shape");
                return TvPicture.of(Layout.parse(args.get(0)), args.size() > 1 ? IntTuple.parse(args.get(1)) : null, title);
            case "coords":
                arity(1, 1, "a layout");
                return CoordinatePicture.of(Layout.parse(args.get(0)), CoordinatePicture.Order.parse(order), title);
            case "divide":
                arity(2, 2, "a layout A and a tiler B");
                return TilingPicture.divide(Layout.parse(args.get(0)), Tiler.parse(args.get(1)), TilingPicture.DivideKind.parse(form));
            case "product":
                arity(2, 2, "a layout A and a layout B");
                return TilingPicture.product(Layout.parse(args.get(0)), Tiler.parse(args.get(1)), TilingPicture.ProductKind.parse(form));
            case "morphism":
                arity(1, 1, "a morphism \"S --(α)--> T\"");
                if (!args.get(0).contains("-->")) {
                    throw new IllegalArgumentException("draw morphism of the layout " + args.get(0) + " needs the category module "
                            + "(its standard representation f_L), which is not wired in yet; give the morphism as \"S --(α)--> T\"");
                }
                return MorphismPicture.of(MorphismData.parse(args.get(0)), title);
            case "refinement":
                if (args.size() == 2) {
                    throw new IllegalArgumentException("draw refinement T U needs the category module to compute the mutual "
                            + "refinement, which is not wired in yet; give it as draw refinement T U T' U'");
                }
                arity(4, 4, "T, U, T' and U'");
                return RefinementPicture.of(IntTuple.parse(args.get(0)), IntTuple.parse(args.get(1)), IntTuple.parse(args.get(2)),
                        IntTuple.parse(args.get(3)), title);
            case "compose":
                arity(2, 2, "layouts A and B (A o B, B applied first)");
                throw new IllegalArgumentException("draw compose needs the category module (the composition trace), which is "
                        + "not wired in yet");
            default:
                throw new IllegalArgumentException("unknown picture kind '" + kind + "': one of " + String.join(", ", KINDS));
        }
    }

    private void arity(int min, int max, String what) {
        if (args.size() < min || args.size() > max) {
            throw new IllegalArgumentException("draw " + kind + " takes " + what + "; got " + args.size() + " argument"
                    + (args.size() == 1 ? "" : "s"));
        }
    }
}
