package org.layoutcat.diagrams.picture;

import java.util.ArrayList;
import java.util.List;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.diagrams.Box;
import org.layoutcat.diagrams.Diagram;
import org.layoutcat.diagrams.Style;

/**
 * The layout grid, like CuTe's print_layout / print_latex but for any rank and nesting: each cell holds the
 * offset Φ(i) of its index. Rank 1 is a strip; rank 2 an M×N grid, rows = mode 0, columns = mode 1; rank r ≥ 3
 * keeps mode 0 as rows and runs the columns over modes 1..r−1 (named m1, m2, ...). Nested modes get grouped
 * headers (one track per entry, see {@link Grid}) instead of being flattened. Cell (r, c) is index
 * {@code r + rows·c}, colexicographic as in CuTe.
 */
public final class LayoutPicture {
    private LayoutPicture() {}

    /** How cells are coloured. */
    public enum ColourBy {
        /** by offset Φ(i), cyclically through the palette (CuTe's print_latex colours by value too) */
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
                case OFFSET -> (i, r, c, o) -> o;
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

    /** The grid of L with a colouring of the caller's choice; title null means L in CuTe notation. */
    public static Diagram of(Layout layout, Colouring colouring, String title) {
        Grid.Axis[] axes = axes(layout.shape(), "");
        long rows = axes[0].count();
        Sketch g = new Sketch();
        Box b = Grid.draw(g, "", Style.MARGIN, 0, axes[0], axes[1], new Grid.Cells() {
            @Override
            public List<String> lines(long r, long c) {
                return List.of(Long.toString(layout.apply(r + rows * c)));
            }

            @Override
            public long colour(long r, long c) {
                return colouring.colour(r + rows * c, r, c, layout.apply(r + rows * c));
            }
        });
        double contentW = b.right() + Style.MARGIN;
        List<Sketch.TitleLine> titles = Sketch.wrap(List.of(title != null ? title : layout.toString()), contentW);
        Sketch k = new Sketch();
        double top = k.titles(titles, Style.MARGIN) + 6;
        k.include(g, 0, top);
        double width = Math.max(contentW, Sketch.titlesWidth(titles));
        return k.build(title != null ? title : layout.toString(), width, top + b.bottom() + Style.MARGIN);
    }

    /**
     * Rows and columns of a shape: rank 1 → (none, the shape); rank 2 → (mode 0, mode 1); rank r ≥ 3 →
     * (mode 0, modes 1..r−1). {@code names} prefixes the mode names (rank ≥ 3 only).
     */
    static Grid.Axis[] axes(IntTuple shape, String names) {
        if (shape.isLeaf() || shape.rank() == 1) {
            return new Grid.Axis[] {Grid.Axis.none(), Grid.Axis.of(shape.isLeaf() ? shape : shape.mode(0), "")};
        }
        if (shape.rank() == 2) {
            return new Grid.Axis[] {Grid.Axis.of(shape.mode(0), ""), Grid.Axis.of(shape.mode(1), "")};
        }
        List<IntTuple> modes = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        for (int i = 1; i < shape.rank(); i++) {
            modes.add(shape.mode(i));
            labels.add(names + "m" + i);
        }
        return new Grid.Axis[] {Grid.Axis.of(shape.mode(0), names + "m0"), new Grid.Axis(modes, labels)};
    }
}
