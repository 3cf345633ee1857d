package org.layoutcat.diagrams.picture;

import java.util.ArrayList;
import java.util.List;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.diagrams.Box;
import org.layoutcat.diagrams.Diagram;
import org.layoutcat.diagrams.Scene;
import org.layoutcat.diagrams.Style;

/**
 * The layout grid, like CuTe's print_layout / print_latex but for any rank and nesting: each cell holds the
 * offset Φ(i) of its index. Rank 1 is a column (CuTe pads it to {@code (N,1)}); rank 2 an M×N grid, rows = mode 0,
 * columns = mode 1; rank r ≥ 3 is a set of such grids, one panel per coordinate of modes 2..r−1, wrapped in rows so
 * that the picture fits a page ({@link #PAGE_WIDTH}). Nested modes get grouped headers (one track per entry, see
 * {@link Grid}) instead of being flattened. Cell (r, c) of panel p is index {@code r + rows·c + rows·cols·p},
 * colexicographic as in CuTe. Colouring by offset uses 8 colours, offset mod 8, so that power-of-two structure
 * shows (CuTe's print_latex colours with 8 as well); a legend under the title says what the colour means.
 */
public final class LayoutPicture {
    private LayoutPicture() {}

    /** How cells are coloured. */
    public enum ColourBy {
        /** by offset Φ(i) mod 8 (CuTe's print_latex colours with 8 colours too) */
        OFFSET,
        /** by row index */
        ROW,
        /** by column index */
        COLUMN,
        /** all white */
        NONE;

        /** Parses {@code offset}, {@code row}, {@code column} (or {@code col}), {@code none}. */
        public static ColourBy parse(String s) {
            switch (s.toLowerCase(java.util.Locale.ROOT)) {
                case "offset": return OFFSET;
                case "row": return ROW;
                case "column": case "col": return COLUMN;
                case "none": return NONE;
                default: throw new IllegalArgumentException("colour '" + s + "' is none of offset, row, column, none");
            }
        }
    }

    /** A colour for the cell of index i, at row r and column c, holding offset o; negative for none. */
    @FunctionalInterface
    public interface Colouring {
        long colour(long index, long row, long col, long offset);

        static Colouring of(ColourBy by) {
            return switch (by) {
                case OFFSET -> (i, r, c, o) -> Math.floorMod(o, OFFSET_COLOURS);
                case ROW -> (i, r, c, o) -> r;
                case COLUMN -> (i, r, c, o) -> c;
                case NONE -> (i, r, c, o) -> -1;
            };
        }
    }

    /** The grid of L coloured by offset, titled with L. */
    public static Diagram of(Layout layout) {
        return of(layout, ColourBy.OFFSET, null);
    }

    /** The grid of L coloured as asked; title null means L in CuTe notation. */
    public static Diagram of(Layout layout, ColourBy by, String title) {
        return of(layout, Colouring.of(by), title);
    }

    /** The colours of {@link ColourBy#OFFSET}: offset mod 8. */
    public static final int OFFSET_COLOURS = 8;

    /** The widest picture drawn, in pixels: panels of rank ≥ 3 wrap into rows below it (a grid alone may not). */
    public static final double PAGE_WIDTH = 1600;

    /** The grid of L with a colouring of the caller's choice; title null means L in CuTe notation. */
    public static Diagram of(Layout layout, Colouring colouring, String title) {
        return of(layout, colouring, title, null);
    }

    /** {@link #of(Layout, Colouring, String)} with a legend line under the title (null: none). */
    public static Diagram of(Layout layout, ColourBy by, String title, String legend) {
        return of(layout, Colouring.of(by), title, legend != null ? legend : legend(by));
    }

    private static String legend(ColourBy by) {
        return switch (by) {
            case OFFSET -> "colour: the offset mod " + OFFSET_COLOURS;
            case ROW -> "colour: the row";
            case COLUMN -> "colour: the column";
            case NONE -> null;
        };
    }

    private static Diagram of(Layout layout, Colouring colouring, String title, String legend) {
        IntTuple shape = layout.shape();
        Grid.Axis[] axes = axes(shape, "");
        long rows = axes[0].count();
        long cols = axes[1].count();
        long panels = panels(shape);
        if (Math.multiplyExact(Math.multiplyExact(rows, cols), panels) > Grid.MAX_CELLS) {
            throw new IllegalArgumentException("a layout of " + layout.size() + " cells is too large to draw (limit "
                    + Grid.MAX_CELLS + " cells)");
        }
        Sketch g = new Sketch();
        double x = Style.MARGIN, y = 0, rowBottom = 0, right = 0;
        for (long p = 0; p < panels; p++) {
            long base = rows * cols * p;
            double labelH = panels > 1 ? 18 : 0;
            Sketch panel = new Sketch();
            Box b = Grid.draw(panel, panels > 1 ? "p" + p + "." : "", 0, labelH, axes[0], axes[1], new Grid.Cells() {
                @Override
                public List<String> lines(long r, long c) {
                    return List.of(Long.toString(layout.apply(base + r + rows * c)));
                }

                @Override
                public long colour(long r, long c) {
                    long i = base + r + rows * c;
                    return colouring.colour(i, r, c, layout.apply(i));
                }
            });
            if (panels > 1) {
                panel.scene.add(new Scene.Text(b.x() + 2, 12, panelLabel(shape, p), Style.SMALL, Scene.Anchor.START,
                        Style.MUTED, false));
            }
            double w = b.right(), h = b.bottom();
            if (p > 0 && x + w > PAGE_WIDTH - Style.MARGIN) { // wrap to the next row of panels
                x = Style.MARGIN;
                y = rowBottom + 16;
            }
            g.include(panel, x, y);
            right = Math.max(right, x + w);
            rowBottom = Math.max(rowBottom, y + h);
            x += w + 24;
        }
        double contentW = right + Style.MARGIN;
        List<String> heading = new ArrayList<>();
        heading.add(title != null ? title : layout.toString());
        if (legend != null) heading.add(legend);
        List<Sketch.TitleLine> titles = Sketch.wrap(heading, Math.min(Math.max(contentW, Sketch.MIN_TITLE_WIDTH), PAGE_WIDTH));
        Sketch k = new Sketch();
        double top = k.titles(titles, Style.MARGIN) + 6;
        k.include(g, 0, top);
        double width = Math.max(contentW, Sketch.titlesWidth(titles));
        return k.build(title != null ? title : layout.toString(), width, top + rowBottom + Style.MARGIN);
    }

    /** The number of panels: the product of the sizes of modes 2..r−1 (1 below rank 3). */
    private static long panels(IntTuple shape) {
        if (shape.isLeaf() || shape.rank() < 3) return 1;
        long n = 1;
        for (int i = 2; i < shape.rank(); i++) n = Math.multiplyExact(n, shape.mode(i).product());
        return n;
    }

    /** "mode 2 = 1, mode 3 = 0": the coordinates of modes 2..r−1 of panel p, each mode's index colexicographic. */
    private static String panelLabel(IntTuple shape, long p) {
        StringBuilder sb = new StringBuilder();
        for (int i = 2; i < shape.rank(); i++) {
            long n = shape.mode(i).product();
            if (sb.length() > 0) sb.append(", ");
            sb.append("mode ").append(i).append(" = ").append(p % n);
            p /= n;
        }
        return sb.toString();
    }

    /**
     * Rows and columns of a shape: rank 1 → (the shape, none), a column as CuTe pads a vector to {@code (N,1)};
     * rank ≥ 2 → (mode 0, mode 1), the higher modes drawn as panels. {@code names} prefixes the mode names.
     */
    static Grid.Axis[] axes(IntTuple shape, String names) {
        if (shape.isLeaf() || shape.rank() == 1) {
            return new Grid.Axis[] {Grid.Axis.of(shape.isLeaf() ? shape : shape.mode(0), names + "mode 0"), Grid.Axis.none()};
        }
        return new Grid.Axis[] {Grid.Axis.of(shape.mode(0), names + "mode 0"), Grid.Axis.of(shape.mode(1), names + "mode 1")};
    }

    /**
     * Rows and columns of a tile in one grid: {@link #axes} below rank 3; for rank r ≥ 3, mode 0 against the
     * columns of modes 1..r−1 (a thread–value picture shows its tile in one grid).
     */
    static Grid.Axis[] foldedAxes(IntTuple shape) {
        if (shape.isLeaf() || shape.rank() < 3) return axes(shape, "");
        List<IntTuple> modes = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        for (int i = 1; i < shape.rank(); i++) {
            modes.add(shape.mode(i));
            labels.add("mode " + i);
        }
        return new Grid.Axis[] {Grid.Axis.of(shape.mode(0), "mode 0"), new Grid.Axis(modes, labels)};
    }
}
