package org.layoutcat.diagrams.picture;

import java.util.ArrayList;
import java.util.List;
import org.layoutcat.core.Layout;
import org.layoutcat.diagrams.Box;
import org.layoutcat.diagrams.Diagram;
import org.layoutcat.diagrams.DiagramNode;
import org.layoutcat.diagrams.Palette;
import org.layoutcat.diagrams.Scene;
import org.layoutcat.diagrams.Style;

/**
 * The coordinate map of a layout as a table (seed 001). In offset order (seed 001's tables, made with CuTe DSL's
 * {@code get_hier_coord}) each row is an offset o of [min Φ, max Φ], the hierarchical coordinate c with Φ(c) = o
 * (congruent to the shape) and c's index; an offset no coordinate reaches shows "–", an offset reached by several
 * coordinates gets a row for each. In index order each row is an index i, its coordinate idx2crd(i) and the offset
 * Φ(i). Offsets are coloured as in the layout grid; long tables are set in several blocks side by side.
 */
public final class CoordinatePicture {
    private CoordinatePicture() {}

    /** Most rows a table shows. */
    public static final long MAX_ROWS = 1024;

    /** The order of the rows. */
    public enum Order {
        /** offset → coordinate → index, as seed 001 prints it */
        BY_OFFSET,
        /** index → coordinate → offset, as {@code layoutcat coords} prints it */
        BY_INDEX;

        /**
         * Parses {@code offset} or {@code index}.
         *
         * @throws IllegalArgumentException for a text other than {@code offset} or {@code index}
         */
        public static Order parse(String s) {
            return switch (s.toLowerCase(java.util.Locale.ROOT)) {
                case "offset" -> BY_OFFSET;
                case "index" -> BY_INDEX;
                default -> throw new IllegalArgumentException("order '" + s + "' is neither offset nor index");
            };
        }

        String[] heads() {
            return this == BY_OFFSET ? new String[] {"offset", "coordinate", "index"} : new String[] {"index", "coordinate", "offset"};
        }
    }

    /**
     * The rows of the table in seed 001's order: {@code {offset, coordinate, index}} as printed.
     *
     * @throws IllegalArgumentException where the table has more than {@value #MAX_ROWS} rows (by offset: the span of
     *         the offsets, gaps included)
     * @throws ArithmeticException where an offset overflows a long
     */
    public static List<String[]> rows(Layout layout) {
        return rows(layout, Order.BY_OFFSET);
    }

    /**
     * The rows of the table: three printed columns per row, in {@link Order#heads()} order.
     *
     * @throws IllegalArgumentException where the table has more than {@value #MAX_ROWS} rows (by offset: the span of
     *         the offsets, gaps included)
     * @throws ArithmeticException where an offset overflows a long
     */
    public static List<String[]> rows(Layout layout, Order order) {
        if (layout.size() > MAX_ROWS) {
            throw new IllegalArgumentException("the coordinate table of " + layout + " has " + layout.size()
                    + " entries (limit " + MAX_ROWS + "); draw its layout grid instead");
        }
        List<String[]> out = new ArrayList<>();
        if (order == Order.BY_INDEX) {
            for (long i = 0; i < layout.size(); i++) {
                out.add(new String[] {Long.toString(i), layout.idx2crd(i).toString(), Long.toString(layout.apply(i))});
            }
            return out;
        }
        java.util.TreeMap<Long, List<Long>> byOffset = new java.util.TreeMap<>();
        for (long i = 0; i < layout.size(); i++) byOffset.computeIfAbsent(layout.apply(i), o -> new ArrayList<>()).add(i);
        long lo = byOffset.firstKey();
        long hi = byOffset.lastKey();
        long gaps = hi - lo + 1 - byOffset.size();
        if (layout.size() + gaps > MAX_ROWS) {
            throw new IllegalArgumentException("the coordinate table of " + layout + " spans the offsets " + lo + ".." + hi
                    + " (limit " + MAX_ROWS + " rows); draw its layout grid instead");
        }
        for (long o = lo; o <= hi; o++) {
            List<Long> at = byOffset.get(o);
            if (at == null) {
                out.add(new String[] {Long.toString(o), "–", "–"});
                continue;
            }
            for (long i : at) out.add(new String[] {Long.toString(o), layout.idx2crd(i).toString(), Long.toString(i)});
        }
        return out;
    }

    /**
     * The table of L in seed 001's offset order; title null means L in CuTe notation.
     *
     * @throws IllegalArgumentException where the table has more than {@value #MAX_ROWS} rows (by offset: the span of
     *         the offsets, gaps included)
     * @throws ArithmeticException where an offset overflows a long
     */
    public static Diagram of(Layout layout, String title) {
        return of(layout, Order.BY_OFFSET, title);
    }

    /**
     * The table of L in the given order; title null means L in CuTe notation.
     *
     * @throws IllegalArgumentException where the table has more than {@value #MAX_ROWS} rows (by offset: the span of
     *         the offsets, gaps included)
     * @throws ArithmeticException where an offset overflows a long
     */
    public static Diagram of(Layout layout, Order order, String title) {
        List<String[]> rows = rows(layout, order);
        int offsetColumn = order == Order.BY_OFFSET ? 0 : 2;
        int n = rows.size();
        int perBlock = n <= 32 ? n : (int) Math.max(32, Math.ceil(Math.sqrt(4.0 * n)));
        int blocks = (n + perBlock - 1) / perBlock;
        String[] heads = order.heads();
        double[] w = new double[3];
        for (int c = 0; c < 3; c++) w[c] = Style.textWidth(heads[c], Style.LABEL) + 16;
        for (String[] r : rows) for (int c = 0; c < 3; c++) w[c] = Math.max(w[c], Style.textWidth(r[c], Style.LABEL) + 16);
        for (int c = 0; c < 3; c++) w[c] = Math.ceil(w[c]);
        double blockW = w[0] + w[1] + w[2];
        double rowH = 22;

        double contentW = Style.MARGIN * 2 + blocks * blockW + (blocks - 1) * 18;
        List<Sketch.TitleLine> titles = Sketch.wrap(List.of(title != null ? title : layout.toString(),
                String.join(" → ", heads)), contentW);
        Sketch k = new Sketch();
        double top = k.titles(titles, Style.MARGIN) + 4;
        for (int bl = 0; bl < blocks; bl++) {
            double x0 = Style.MARGIN + bl * (blockW + 18);
            double x = x0;
            for (int c = 0; c < 3; c++) {
                Box b = new Box(x, top, w[c], rowH);
                k.scene.add(new Scene.Rect(b, Style.HEADER_FILL, Style.FRAME, 0.8, 0, false, true));
                k.scene.add(new Scene.Text(b.centerX(), b.centerY(), heads[c], Style.LABEL, Scene.Anchor.MIDDLE, Style.MUTED, true));
                k.node("head." + bl + "." + c, DiagramNode.Kind.HEADER, heads[c], b);
                x += w[c];
            }
            for (int r = bl * perBlock; r < Math.min(n, (bl + 1) * perBlock); r++) {
                double y = top + rowH * (1 + r - bl * perBlock);
                x = x0;
                String[] row = rows.get(r);
                for (int c = 0; c < 3; c++) {
                    Box b = new Box(x, y, w[c], rowH);
                    String fill = c == offsetColumn ? Palette.fill(Long.parseLong(row[c])) : Style.PAPER;
                    k.scene.add(new Scene.Rect(b, fill, Style.FRAME, 0.8, 0, false, true));
                    k.scene.add(new Scene.Text(b.centerX(), b.centerY(), row[c], Style.LABEL, Scene.Anchor.MIDDLE,
                            c == 1 || c == offsetColumn ? Style.INK : Style.MUTED, false));
                    k.node("cell." + r + "." + c, DiagramNode.Kind.CELL, row[c], b);
                    x += w[c];
                }
            }
        }
        double width = Math.max(contentW, Sketch.titlesWidth(titles));
        double height = top + rowH * (1 + Math.min(n, perBlock)) + Style.MARGIN;
        return k.build(title != null ? title : layout.toString(), width, height);
    }
}
