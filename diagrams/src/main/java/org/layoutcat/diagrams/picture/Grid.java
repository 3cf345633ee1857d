package org.layoutcat.diagrams.picture;

import java.util.ArrayList;
import java.util.List;
import org.layoutcat.core.IntTuple;
import org.layoutcat.diagrams.Box;
import org.layoutcat.diagrams.DiagramEdge;
import org.layoutcat.diagrams.DiagramNode;
import org.layoutcat.diagrams.Palette;
import org.layoutcat.diagrams.Scene;
import org.layoutcat.diagrams.Style;

/**
 * A grid of cells with grouped headers, shared by the layout, thread–value and tiling pictures. Rows and columns
 * each run over a list of modes (fastest first, colexicographic); each mode gets a header track with its natural
 * index and, when it is nested or has several entries, one track per entry showing that entry's coordinate, each
 * header cell spanning the cells it covers. A track is described by the mode's shape with the other entries
 * blanked, e.g. {@code ((2,_),_)}: nesting stays visible instead of being flattened away.
 */
final class Grid {
    private Grid() {}

    /** Most cells a grid draws. */
    static final long MAX_CELLS = 1L << 16;

    /**
     * The modes along one side of the grid, fastest first, with a name for each ({@code ""}: the shape alone).
     */
    record Axis(List<IntTuple> modes, List<String> names) {
        Axis {
            modes = List.copyOf(modes);
            names = List.copyOf(names);
            if (modes.size() != names.size()) throw new IllegalArgumentException(modes.size() + " modes, " + names.size() + " names");
        }

        static Axis none() {
            return new Axis(List.of(), List.of());
        }

        static Axis of(IntTuple mode, String name) {
            return new Axis(List.of(mode), List.of(name));
        }

        long count() {
            long n = 1;
            for (IntTuple m : modes) n = Math.multiplyExact(n, m.product());
            return n;
        }
    }

    /** What each cell shows. */
    interface Cells {
        /** The text lines of cell (r, c). */
        List<String> lines(long r, long c);

        /** The palette colour of cell (r, c); negative for none. */
        long colour(long r, long c);

        /** A dashed outline marks a special cell. */
        default boolean dashed(long r, long c) {
            return false;
        }
    }

    /** A header track: cells spanning {@code span} lines, showing {@code (i / span) mod extent}. */
    private record Track(long span, long extent, String descriptor) {
        long value(long i) {
            return (i / span) % extent;
        }
    }

    private static List<Track> tracks(Axis axis) {
        List<Track> out = new ArrayList<>();
        long[] base = new long[axis.modes().size()];
        long b = 1;
        for (int m = 0; m < base.length; m++) {
            base[m] = b;
            b *= axis.modes().get(m).product();
        }
        for (int m = axis.modes().size() - 1; m >= 0; m--) {
            IntTuple mode = axis.modes().get(m);
            long[] leaves = mode.leaves();
            if (leaves.length >= 2) {
                long[] inner = new long[leaves.length];
                long p = base[m];
                for (int l = 0; l < leaves.length; l++) {
                    inner[l] = p;
                    p *= leaves[l];
                }
                String pre = axis.names().get(m).isEmpty() ? "" : axis.names().get(m) + ", ";
                for (int l = leaves.length - 1; l >= 0; l--) {
                    out.add(new Track(inner[l], leaves[l], pre + "entry " + blanked(mode, l)));
                }
            }
            String name = axis.names().get(m);
            out.add(new Track(base[m], mode.product(), name.isEmpty() ? mode.toString()
                    : mode.isLeaf() ? name + ", size " + mode : name + " " + mode + ", size " + mode.product()));
        }
        return out;
    }

    /** The shape with every leaf but the {@code keep}-th replaced by {@code _}. */
    static String blanked(IntTuple shape, int keep) {
        StringBuilder sb = new StringBuilder();
        blank(shape, keep, new int[] {0}, sb);
        return sb.toString();
    }

    private static void blank(IntTuple t, int keep, int[] at, StringBuilder sb) {
        if (t.isLeaf()) {
            sb.append(at[0]++ == keep ? Long.toString(t.value()) : "_");
            return;
        }
        sb.append('(');
        for (int i = 0; i < t.rank(); i++) {
            if (i > 0) sb.append(',');
            blank(t.mode(i), keep, at, sb);
        }
        sb.append(')');
    }

    /** A grid wider than this (pixels) may be wrapped into bands of columns (see {@link #bandColumns}). */
    static final double WRAP_WIDTH = 4096;
    /** The aspect (width / height) a wrapped grid is brought nearest to. */
    static final double ASPECT = 1.6;
    /** The space between two bands of a wrapped grid. */
    static final double BAND_GAP = 18;

    /**
     * Draws the grid with its top-left corner at (x0, y0) and returns the box it occupies. Node ids start with
     * {@code prefix}: {@code cell.r.c}, {@code row.t.i}, {@code col.t.i}.
     */
    static Box draw(Sketch k, String prefix, double x0, double y0, Axis rowAxis, Axis colAxis, Cells cells) {
        return draw(k, prefix, x0, y0, rowAxis, colAxis, cells, false);
    }

    /**
     * Draws the grid, and where {@code wrap} and it is wider than {@link #WRAP_WIDTH}, in bands of columns stacked
     * top to bottom, as many as bring it nearest to the aspect {@link #ASPECT}: a layout of (8,1024) is eight bands of
     * 128 columns, not one strip 40,000 pixels wide. Each band repeats the row headers (ids {@code bB.row.t.i}) and
     * shows its own columns' headers (a header cell a band cuts is {@code col.t.i.bB} in the next); cells keep
     * their ids {@code cell.r.c}, c the column in the whole grid.
     */
    static Box draw(Sketch k, String prefix, double x0, double y0, Axis rowAxis, Axis colAxis, Cells cells, boolean wrap) {
        return measure(rowAxis, colAxis, cells, wrap).paint(k, prefix, x0, y0);
    }

    /**
     * The grid measured as {@link #draw} draws it (its cells' labels read once), to be painted where it goes: a picture
     * that must know a grid's size before it knows where to put it (a layout's title block wraps to the grid's width,
     * and sits above it) measures it first and paints it in place, instead of drawing it apart and copying every shape
     * and node of it across (a 256x256 grid is 132,000 shapes and 196,000 nodes and edges).
     *
     * @throws IllegalArgumentException for a grid of more than {@link #MAX_CELLS} cells
     */
    static Measured measure(Axis rowAxis, Axis colAxis, Cells cells, boolean wrap) {
        long rows = rowAxis.count();
        long cols = colAxis.count();
        if (rows * cols > MAX_CELLS) {
            throw new IllegalArgumentException("a grid of " + rows + "×" + cols + " cells is too large to draw (limit " + MAX_CELLS + " cells)");
        }
        List<Track> rowTracks = tracks(rowAxis);
        List<Track> colTracks = tracks(colAxis);

        // measure
        int maxLines = 1;
        double cw = 30;
        List<List<String>> labels = new ArrayList<>((int) (rows * cols));
        for (long c = 0; c < cols; c++) {
            for (long r = 0; r < rows; r++) {
                List<String> l = cells.lines(r, c);
                labels.add(l);
                maxLines = Math.max(maxLines, l.size());
                for (String s : l) cw = Math.max(cw, Style.textWidth(s, Style.LABEL) + 10);
            }
        }
        for (Track t : colTracks) cw = Math.max(cw, Style.textWidth(Long.toString(t.extent() - 1), Style.LABEL) + 8);
        cw = Math.ceil(cw);
        double ch = maxLines == 1 ? 22 : 14 * maxLines + 10;
        double th = 20;
        double[] rw = new double[rowTracks.size()];
        double rowHeadW = 0;
        for (int t = 0; t < rw.length; t++) {
            Track tr = rowTracks.get(t);
            rw[t] = Math.ceil(Math.max(28, Math.max(Style.textWidth(Long.toString(tr.extent() - 1), Style.LABEL),
                    Style.textWidth(tr.descriptor(), Style.SMALL)) + 10));
            rowHeadW += rw[t];
        }
        double colDescW = 0;
        for (Track t : colTracks) colDescW = Math.max(colDescW, Style.textWidth(t.descriptor(), Style.SMALL) + 12);
        double corner = Math.max(rowHeadW, colDescW);
        double bandH = colTracks.size() * th + rows * ch + (rowTracks.isEmpty() ? 0 : 20);
        long band = wrap ? bandColumns(cols, corner, cw, bandH) : cols;
        return new Measured(new Measures(rows, new Headers(rowTracks, colTracks, rw, rowHeadW, corner), new CellSize(cw, ch, th), labels, cells),
                cols, band, bandH);
    }

    /**
     * A grid measured by {@link #measure}.
     *
     * @param measures its tracks, cell size, labels and cells
     * @param cols     its columns
     * @param band     the columns a band takes (all of them where it does not wrap)
     * @param bandH    a band's height
     */
    record Measured(Measures measures, long cols, long band, double bandH) {
        /** The box the grid takes with its top-left corner at (x0, y0). */
        Box box(double x0, double y0) {
            double y = y0;
            for (long c0 = 0; c0 < cols; c0 += band) y += bandH + BAND_GAP;
            return new Box(x0, y0, measures.headers().corner() + Math.min(band, cols) * measures.size().cw(), y - BAND_GAP - y0);
        }

        /** Draws the grid with its top-left corner at (x0, y0), as {@link Grid#draw} does, and returns its box. */
        Box paint(Sketch k, String prefix, double x0, double y0) {
            double y = y0;
            for (long c0 = 0, b = 0; c0 < cols; c0 += band, b++) {
                paintBand(k, prefix, measures, new Band(b, c0, Math.min(cols, c0 + band), x0, y));
                y += bandH + BAND_GAP;
            }
            return box(x0, y0);
        }
    }

    /**
     * The columns a band takes: all of them up to {@link #WRAP_WIDTH}; past it, {@code cols / 2^j} (whole bands of a
     * power of two where it divides) for the j that brings the picture's aspect nearest {@link #ASPECT}.
     */
    static long bandColumns(long cols, double corner, double cw, double bandH) {
        if (corner + cols * cw <= WRAP_WIDTH) return cols;
        long best = cols;
        double bestScore = Double.MAX_VALUE;
        for (long band = cols; band >= 1; band = (band + 1) / 2) {
            long bands = Math.ceilDiv(cols, band);
            double w = corner + band * cw, h = bands * bandH + (bands - 1) * BAND_GAP;
            double score = Math.abs(Math.log(w / h / ASPECT));
            if (score < bestScore) {
                bestScore = score;
                best = band;
            }
            if (band == 1) break;
        }
        return best;
    }

    /**
     * The grid as {@link #draw} measured it, the same for each of its bands.
     *
     * @param rows    the rows
     * @param headers its header tracks and their widths
     * @param size    a cell's size and a column track's height
     * @param labels  each cell's lines, column by column ({@code c * rows + r})
     * @param cells   the cells' colours and outlines
     */
    private record Measures(long rows, Headers headers, CellSize size, List<List<String>> labels, Cells cells) {
    }

    /**
     * A grid's header tracks.
     *
     * @param rowTracks the header tracks of the rows, outermost first
     * @param colTracks the header tracks of the columns, outermost first
     * @param rw        the width of each row track's header cells
     * @param rowHeadW  the width of the row headers together
     * @param corner    the width left of the cells: the row headers or the column tracks' descriptors, the wider
     */
    private record Headers(List<Track> rowTracks, List<Track> colTracks, double[] rw, double rowHeadW, double corner) {
    }

    /**
     * @param cw a cell's width
     * @param ch a cell's height
     * @param th a column track's height
     */
    private record CellSize(double cw, double ch, double th) {
    }

    /**
     * One band of a grid: the columns [c0, c1), its top-left corner at (x0, y0).
     *
     * @param index the band's number, from 0 at the top (its ids' {@code bB.} for B > 0)
     */
    private record Band(long index, long c0, long c1, double x0, double y0) {
    }

    /** One band: its columns with their headers and the row headers. */
    private static void paintBand(Sketch k, String prefix, Measures m, Band slice) {
        long b = slice.index(), c0 = slice.c0(), c1 = slice.c1(), rows = m.rows();
        double x0 = slice.x0(), y0 = slice.y0();
        List<Track> rowTracks = m.headers().rowTracks(), colTracks = m.headers().colTracks();
        double[] rw = m.headers().rw();
        double rowHeadW = m.headers().rowHeadW(), corner = m.headers().corner();
        double cw = m.size().cw(), ch = m.size().ch(), th = m.size().th();
        List<List<String>> labels = m.labels();
        Cells cells = m.cells();
        double gx = x0 + corner;
        double gy = y0 + colTracks.size() * th;
        String band = b == 0 ? "" : "b" + b + ".";

        // column header tracks: the header cells that meet [c0, c1), cut at its edges
        List<List<DiagramNode>> colHeads = new ArrayList<>();
        List<Long> colFirst = new ArrayList<>(); // the index of each track's first header cell in this band
        for (int t = 0; t < colTracks.size(); t++) {
            Track tr = colTracks.get(t);
            double ty = y0 + t * th;
            k.scene.add(new Scene.Text(gx - 6, ty + th / 2, tr.descriptor(), Style.SMALL, Scene.Anchor.END, Style.MUTED, false));
            List<DiagramNode> heads = new ArrayList<>();
            long first = c0 / tr.span();
            colFirst.add(first);
            for (long c = first * tr.span(); c < c1; c += tr.span()) {
                long from = Math.max(c, c0), to = Math.min(c + tr.span(), c1);
                Box bx = new Box(gx + (from - c0) * cw, ty, (to - from) * cw, th);
                String id = prefix + "col." + t + "." + c / tr.span() + (c < c0 ? ".b" + b : "");
                heads.add(header(k, id, Long.toString(tr.value(c)), bx));
            }
            colHeads.add(heads);
        }
        // row header tracks, in every band
        List<List<DiagramNode>> rowHeads = new ArrayList<>();
        double tx = gx - rowHeadW;
        for (int t = 0; t < rowTracks.size(); t++) {
            Track tr = rowTracks.get(t);
            k.scene.add(new Scene.Text(tx + rw[t] / 2, gy + rows * ch + 12, tr.descriptor(), Style.SMALL,
                    Scene.Anchor.MIDDLE, Style.MUTED, false));
            List<DiagramNode> heads = new ArrayList<>();
            for (long r = 0; r < rows; r += tr.span()) {
                long span = Math.min(tr.span(), rows - r);
                Box bx = new Box(tx, gy + r * ch, rw[t], span * ch);
                heads.add(header(k, prefix + band + "row." + t + "." + r / tr.span(), Long.toString(tr.value(r)), bx));
            }
            rowHeads.add(heads);
            tx += rw[t];
        }
        nestHeaders(k, colHeads, colTracks, colFirst);
        nestHeaders(k, rowHeads, rowTracks, null);

        // cells: every cell's rectangle, those of one fill together, then every label above them (a label lies inside
        // its cell, so the order changes no pixel, and the SVG writes each fill's cells as one path)
        java.util.Map<String, List<Scene.Rect>> byFill = new java.util.LinkedHashMap<>();
        List<Scene.Text> texts = new ArrayList<>();
        for (long c = c0; c < c1; c++) {
            for (long r = 0; r < rows; r++) {
                List<String> lines = labels.get((int) (c * rows + r));
                Box bx = new Box(gx + (c - c0) * cw, gy + r * ch, cw, ch);
                boolean dashed = cells.dashed(r, c);
                String fill = Palette.fill(cells.colour(r, c));
                byFill.computeIfAbsent(dashed ? "dashed " + fill : fill, f -> new ArrayList<>())
                        .add(new Scene.Rect(bx, fill, Style.LINE, dashed ? 1.5 : 0.6, 0, dashed, true));
                for (int j = 0; j < lines.size(); j++) {
                    double ly = bx.centerY() + (j - (lines.size() - 1) / 2.0) * 14;
                    texts.add(new Scene.Text(bx.centerX(), ly, lines.get(j), Style.LABEL, Scene.Anchor.MIDDLE, Style.INK, false));
                }
                DiagramNode cell = k.node(prefix + "cell." + r + "." + c, DiagramNode.Kind.CELL, String.join(" ", lines), bx);
                if (!colHeads.isEmpty()) {
                    int t = colHeads.size() - 1;
                    DiagramNode h = colHeads.get(t).get((int) (c / colTracks.get(t).span() - colFirst.get(t)));
                    k.edge("nest." + cell.id() + ".col", DiagramEdge.Kind.NESTING, h, cell);
                }
                if (!rowHeads.isEmpty()) {
                    List<DiagramNode> last = rowHeads.get(rowHeads.size() - 1);
                    DiagramNode h = last.get((int) (r / rowTracks.get(rowTracks.size() - 1).span()));
                    k.edge("nest." + cell.id() + ".row", DiagramEdge.Kind.NESTING, h, cell);
                }
            }
        }
        // the dashed cells last, so that their wider outlines are not painted over by a neighbour's fill
        byFill.entrySet().stream().filter(e -> !e.getKey().startsWith("dashed")).forEach(e -> e.getValue().forEach(k.scene::add));
        byFill.entrySet().stream().filter(e -> e.getKey().startsWith("dashed")).forEach(e -> e.getValue().forEach(k.scene::add));
        texts.forEach(k.scene::add);
    }

    private static DiagramNode header(Sketch k, String id, String label, Box b) {
        k.scene.add(new Scene.Rect(b, Style.HEADER_FILL, Style.FRAME, 0.8, 0, false, true));
        k.scene.add(new Scene.Text(b.centerX(), b.centerY(), label, Style.LABEL, Scene.Anchor.MIDDLE, Style.MUTED, false));
        return k.node(id, DiagramNode.Kind.HEADER, label, b);
    }

    /**
     * Nesting edges from each header cell to the cells of the next track that it spans; {@code first} gives each
     * track's first header index in a band of columns (null: every track starts at 0).
     */
    private static void nestHeaders(Sketch k, List<List<DiagramNode>> heads, List<Track> tracks, List<Long> first) {
        for (int t = 0; t + 1 < heads.size(); t++) {
            List<DiagramNode> inner = heads.get(t + 1);
            long outerSpan = tracks.get(t).span();
            long innerSpan = tracks.get(t + 1).span();
            long innerFirst = first == null ? 0 : first.get(t + 1), outerFirst = first == null ? 0 : first.get(t);
            for (int i = 0; i < inner.size(); i++) {
                int o = (int) ((i + innerFirst) * innerSpan / outerSpan - outerFirst);
                DiagramNode parent = heads.get(t).get(o);
                k.edge("nest." + inner.get(i).id(), DiagramEdge.Kind.NESTING, parent, inner.get(i));
            }
        }
    }
}
