package org.layoutcat.diagrams.picture;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongUnaryOperator;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.GeneralComposedLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.diagrams.Box;
import org.layoutcat.diagrams.Diagram;
import org.layoutcat.diagrams.Point;
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
 *
 * <p>A composed layout {@code Sw<B,M,S> o offset o L} is drawn over L's shape, each cell holding the swizzled
 * offset {@code sw(offset + L(i))}. Given the element's size in bytes, each cell also shows the shared-memory bank
 * of its element, {@code ⌊offset·bytes / 4⌋ mod 32}, and colouring by bank fills the four banks of each 16-byte
 * chunk with one colour, a legend of swatches naming them: the familiar picture of a swizzle permuting the chunks
 * of each row.
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
        NONE,
        /** by shared-memory bank, four banks (one 16-byte chunk) a colour; needs the element's size */
        BANK;

        /**
         * Parses {@code offset}, {@code row}, {@code column} (or {@code col}), {@code none}, {@code bank} (or {@code
         * banks}).
         *
         * @throws IllegalArgumentException for a text none of offset, row, column, col, none, bank, banks
         */
        public static ColourBy parse(String s) {
            switch (s.toLowerCase(java.util.Locale.ROOT)) {
                case "offset": return OFFSET;
                case "row": return ROW;
                case "column": case "col": return COLUMN;
                case "none": return NONE;
                case "bank": case "banks": return BANK;
                default: throw new IllegalArgumentException("colour '" + s + "' is none of offset, row, column, none, banks");
            }
        }
    }

    /** A colour for the cell of index i, at row r and column c, holding offset o; negative for none. */
    @FunctionalInterface
    public interface Colouring {
        long colour(long index, long row, long col, long offset);

        /**
         * The colouring {@code by} names; {@link ColourBy#BANK} needs the element's size, see {@link #banks}.
         *
         * @throws IllegalArgumentException for {@link ColourBy#BANK}, which needs the element's size
         */
        static Colouring of(ColourBy by) {
            return switch (by) {
                case OFFSET -> (i, r, c, o) -> Math.floorMod(o, OFFSET_COLOURS);
                case ROW -> (i, r, c, o) -> r;
                case COLUMN -> (i, r, c, o) -> c;
                case NONE -> (i, r, c, o) -> -1;
                case BANK -> throw new IllegalArgumentException("colouring by bank needs the element's size in bytes (--elem)");
            };
        }

        /**
         * By the bank group of the element at the offset, for elements of {@code elementBytes} bytes.
         *
         * @throws IllegalArgumentException unless the element has 1, 2, 4, 8 or 16 bytes
         */
        static Colouring banks(int elementBytes) {
            Banks.elementBytes(elementBytes);
            return (i, r, c, o) -> Banks.colour(Banks.bank(o, elementBytes));
        }
    }

    /**
     * The grid of L coloured by offset, titled with L.
     *
     * @throws IllegalArgumentException where the grid has more cells than a picture draws (65,536)
     * @throws ArithmeticException where an offset overflows a long
     */
    public static Diagram of(Layout layout) {
        return of(layout, ColourBy.OFFSET, null);
    }

    /**
     * The grid of L coloured as asked; title null means L in CuTe notation.
     *
     * @throws IllegalArgumentException where the grid has more cells than a picture draws (65,536), or for {@link
     *         ColourBy#BANK}, which needs the element's size
     * @throws ArithmeticException where an offset overflows a long
     */
    public static Diagram of(Layout layout, ColourBy by, String title) {
        return of(layout, Colouring.of(by), title);
    }

    /** The colours of {@link ColourBy#OFFSET}: offset mod 8. */
    public static final int OFFSET_COLOURS = 8;

    /** The widest picture drawn, in pixels: panels of rank ≥ 3 wrap into rows below it (a grid alone may not). */
    public static final double PAGE_WIDTH = 1600;

    /**
     * The grid of L with a colouring of the caller's choice; title null means L in CuTe notation.
     *
     * @throws IllegalArgumentException where the grid has more cells than a picture draws (65,536)
     * @throws ArithmeticException where an offset overflows a long
     */
    public static Diagram of(Layout layout, Colouring colouring, String title) {
        return of(layout, colouring, title, null);
    }

    /**
     * {@link #of(Layout, Colouring, String)} with a legend line under the title (null: none).
     *
     * @throws IllegalArgumentException where the grid has more cells than a picture draws (65,536), or for {@link
     *         ColourBy#BANK}, which needs the element's size
     * @throws ArithmeticException where an offset overflows a long
     */
    public static Diagram of(Layout layout, ColourBy by, String title, String legend) {
        return of(layout, Colouring.of(by), title, legend != null ? legend : legend(by));
    }

    /**
     * The grid of a layout with each cell's shared-memory bank shown under its offset, for elements of
     * {@code elementBytes} bytes (0: no banks); {@code by} null colours by bank where the element's size is given,
     * else by offset; title null means L in CuTe notation.
     *
     * @throws IllegalArgumentException where the grid has more cells than a picture draws (65,536), an element size
     *         other than 0, 1, 2, 4, 8 or 16 bytes, or colouring by bank without an element size
     * @throws ArithmeticException where an offset overflows a long
     */
    public static Diagram of(Layout layout, ColourBy by, String title, int elementBytes) {
        return grid(layout.shape(), layout::apply, layout.toString(), null, by, title, elementBytes);
    }

    /**
     * The grid of a composed layout {@code Sw<B,M,S> o offset o L}: L's shape, each cell holding
     * {@code sw(offset + L(i))}; banks and colours as {@link #of(Layout, ColourBy, String, int)}.
     *
     * @throws IllegalArgumentException where the grid has more cells than a picture draws (65,536), an element size
     *         other than 0, 1, 2, 4, 8 or 16 bytes, or colouring by bank without an element size;
     *         LayoutArgumentException where the composed layout takes a negative offset
     * @throws ArithmeticException where an offset overflows a long
     */
    public static Diagram of(ComposedLayout layout, ColourBy by, String title, int elementBytes) {
        return grid(layout.shape(), layout::apply, layout.toString(), "each cell: " + layout.outer() + "(" + layout.offset()
                + " + L(i)), the swizzled offset of L = " + layout.inner(), by, title, elementBytes);
    }

    /**
     * The grid of a general composed layout {@code A o offset o B}: B's shape, each cell holding {@code A(offset + B(i))};
     * banks and colours as {@link #of(Layout, ColourBy, String, int)}.
     *
     * @throws IllegalArgumentException as {@link #of(ComposedLayout, ColourBy, String, int)}; LayoutArgumentException
     *         where the layout has no shape or its values are coordinates (its kind named), or a point is refused
     * @throws ArithmeticException where an offset overflows a long
     */
    public static Diagram of(GeneralComposedLayout layout, ColourBy by, String title, int elementBytes) {
        java.util.function.LongUnaryOperator phi = AnyLayout.offsets(layout, "layout", "the grid shows an offset in each cell");
        return grid(layout.shape(), phi, layout.toString(), "each cell: " + layout.layoutA() + "(" + layout.offset()
                + " + B(i)), B = " + layout.layoutB(), by, title, elementBytes);
    }

    private static Diagram grid(IntTuple shape, LongUnaryOperator phi, String name, String note, ColourBy by, String title,
            int elementBytes) {
        if (elementBytes != 0) Banks.elementBytes(elementBytes);
        ColourBy colour = by != null ? by : elementBytes > 0 ? ColourBy.BANK : ColourBy.OFFSET;
        if (colour == ColourBy.BANK && elementBytes == 0) {
            throw new IllegalArgumentException("colouring " + name + " by bank needs the element's size in bytes (--elem)");
        }
        List<String> legend = new ArrayList<>();
        if (note != null) legend.add(note);
        if (elementBytes > 0) {
            legend.add("under each offset its bank b = ⌊offset·" + elementBytes + " B / 4 B⌋ mod 32 (" + elementBytes + "-byte elements"
                    + (elementBytes > 4 ? ", the bank of its first word" : "") + ")");
        }
        if (colour == ColourBy.BANK) {
            legend.add("colour: the bank's 16-byte chunk, four banks a colour");
        } else if (legend(colour) != null) {
            legend.add(legend(colour));
        }
        Colouring colouring = colour == ColourBy.BANK ? Colouring.banks(elementBytes) : Colouring.of(colour);
        return of(shape, phi, name, colouring, title, legend, elementBytes, colour == ColourBy.BANK);
    }

    private static String legend(ColourBy by) {
        return switch (by) {
            case OFFSET -> "colour: the offset mod " + OFFSET_COLOURS;
            case ROW -> "colour: the row";
            case COLUMN -> "colour: the column";
            case NONE, BANK -> null;
        };
    }

    private static Diagram of(Layout layout, Colouring colouring, String title, String legend) {
        return of(layout.shape(), layout::apply, layout.toString(), colouring, title, legend == null ? List.of() : List.of(legend), 0, false);
    }

    /**
     * The grid of the function {@code phi} over {@code shape}, named {@code name}; each cell's bank under its offset
     * for {@code elementBytes > 0}, the swatches of the bank colours under the legend lines if {@code swatches}.
     */
    private static Diagram of(IntTuple shape, LongUnaryOperator phi, String name, Colouring colouring, String title,
            List<String> legend, int elementBytes, boolean swatches) {
        long size = shape.product();
        Grid.Axis[] axes = axes(shape, "");
        long rows = axes[0].count();
        long cols = axes[1].count();
        long panels = panels(shape);
        if (Math.multiplyExact(Math.multiplyExact(rows, cols), panels) > Grid.MAX_CELLS) {
            throw new IllegalArgumentException("a layout of " + size + " cells is too large to draw (limit "
                    + Grid.MAX_CELLS + " cells)");
        }
        // each panel measured, then placed as the panels wrap; the title block above them wraps to their width, and
        // then each is painted where it goes (not drawn apart and copied across: a 256x256 grid is 132,000 shapes)
        List<Grid.Measured> grids = new ArrayList<>();
        List<Point> at = new ArrayList<>(); // each panel's top-left corner below the title block
        List<String> labels = new ArrayList<>();
        double x = Style.MARGIN, y = 0, rowBottom = 0, right = 0;
        double labelH = panels > 1 ? 18 : 0;
        for (long p = 0; p < panels; p++) {
            long base = rows * cols * p;
            Grid.Measured m = Grid.measure(axes[0], axes[1], new Grid.Cells() {
                @Override
                public List<String> lines(long r, long c) {
                    long o = phi.applyAsLong(base + r + rows * c);
                    return elementBytes > 0 ? List.of(Long.toString(o), "b" + Banks.bank(o, elementBytes)) : List.of(Long.toString(o));
                }

                @Override
                public long colour(long r, long c) {
                    long i = base + r + rows * c;
                    return colouring.colour(i, r, c, phi.applyAsLong(i));
                }
            }, true); // a wide grid wraps into bands of columns
            double px = panels > 1 ? 0 : x; // the sizes as the panel measures where it was drawn before (x for one)
            Box b = m.box(px, labelH);
            double w = b.right() - px, h = b.bottom();
            String label = panels > 1 ? panelLabel(shape, p) : null;
            if (label != null) w = Math.max(w, b.x() + 2 + Style.textWidth(label, Style.SMALL)); // a narrow panel is as wide as its label
            if (p > 0 && x + w > PAGE_WIDTH - Style.MARGIN) { // wrap to the next row of panels
                x = Style.MARGIN;
                y = rowBottom + 16;
            }
            grids.add(m);
            at.add(new Point(x, y));
            labels.add(label);
            right = Math.max(right, x + w);
            rowBottom = Math.max(rowBottom, y + h);
            x += w + 24;
        }
        double contentW = right + Style.MARGIN;
        List<String> heading = new ArrayList<>();
        heading.add(title != null ? title : name);
        heading.addAll(legend);
        List<Sketch.TitleLine> titles = Sketch.wrap(heading, Math.min(Math.max(contentW, Sketch.MIN_TITLE_WIDTH), PAGE_WIDTH));
        Sketch k = new Sketch();
        double top = k.titles(titles, Style.MARGIN) + 6;
        double width = Math.max(contentW, Sketch.titlesWidth(titles));
        if (swatches) {
            top = Banks.legend(k, Style.MARGIN, top).bottom() + 10;
            width = Math.max(width, Banks.legendWidth() + 2 * Style.MARGIN);
        }
        for (int p = 0; p < grids.size(); p++) {
            Point corner = at.get(p);
            Box b = grids.get(p).paint(k, panels > 1 ? "p" + p + "." : "", corner.x(), top + corner.y() + labelH);
            if (labels.get(p) != null) {
                k.scene.add(new Scene.Text(b.x() + 2, top + corner.y() + 12, labels.get(p), Style.SMALL, Scene.Anchor.START, Style.MUTED, false));
            }
        }
        return k.build(title != null ? title : name, width, top + rowBottom + Style.MARGIN);
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
