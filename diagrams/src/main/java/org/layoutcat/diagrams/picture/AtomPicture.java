package org.layoutcat.diagrams.picture;

import java.util.ArrayList;
import java.util.List;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.atom.TiledCopy;
import org.layoutcat.core.atom.TiledMma;
import org.layoutcat.core.construct.TvLayout;
import org.layoutcat.diagrams.Box;
import org.layoutcat.diagrams.Diagram;
import org.layoutcat.diagrams.DiagramNode;
import org.layoutcat.diagrams.Palette;
import org.layoutcat.diagrams.Point;
import org.layoutcat.diagrams.Scene;
import org.layoutcat.diagrams.Style;

/**
 * The pictures CuTe's {@code print_latex} draws of a tiled MMA and a tiled copy. For an MMA: A on the left
 * ({@code M×K}), B on top (drawn {@code K×N}), C in the middle ({@code M×N}), rows and columns aligned, each cell
 * labelled with the thread and value that hold it ({@code T#}, {@code V#}) and coloured by thread with 8 colours
 * repeating, as print_latex does; indices along the outer edges. For a copy: source and destination tiles side by
 * side. A cell held by several (thread, value) pairs shows the first in index order (A is held once per N atom,
 * B once per M atom); a cell no pair holds stays white.
 */
public final class AtomPicture {
    private AtomPicture() {}

    /** print_latex's palette: 8 colours, by thread. */
    private static final int COLOURS = 8;

    /** The first (thread, value) index of {@code tv} that reaches each element of a {@code rows×cols} tile, or -1. */
    private static long[] owners(Layout tv, long rows, long cols, String what) {
        long n = rows * cols;
        if (n > Grid.MAX_CELLS) throw new IllegalArgumentException(what + ": a tile of " + rows + "×" + cols + " is too large to draw (limit " + Grid.MAX_CELLS + " cells)");
        return TvLayout.holders(tv, n, (i, o) -> what + ": " + tv + " reaches " + o + ", outside its " + rows + "×" + cols + " tile").first();
    }

    /**
     * An address line of a cell: {@code prefix} and the offset a tensor gives the cell's tile element (its index
     * {@code r + rows·c} in the tile, column-major).
     */
    record Address(String prefix, java.util.function.LongUnaryOperator offset) {}

    /** One operand: its cells, (r, c) of the picture ↦ element {@code r + rows·c} or, transposed, {@code c + cols·r}. */
    private record Operand(String name, Layout tv, long rows, long cols, boolean transposed, long[] owner, List<Address> addresses) {
        static Operand of(String name, Layout tv, long rows, long cols, boolean transposed) {
            return of(name, tv, rows, cols, transposed, List.of());
        }

        static Operand of(String name, Layout tv, long rows, long cols, boolean transposed, List<Address> addresses) {
            long er = transposed ? cols : rows, ec = transposed ? rows : cols;
            return new Operand(name, tv, rows, cols, transposed, owners(tv, er, ec, name), List.copyOf(addresses));
        }

        long at(long r, long c) {
            return transposed ? owner[(int) (c + cols * r)] : owner[(int) (r + rows * c)];
        }

        /** The tile element drawn at (r, c). */
        long element(long r, long c) {
            return transposed ? c + cols * r : r + rows * c;
        }

        long threads() {
            return tv.mode(0).size();
        }

        /** The cell's height: T and V, and a line per address. */
        double cellHeight() {
            return CH + LINE * addresses.size();
        }
    }

    /** The height of one more line in a cell. */
    private static final double LINE = 13;

    private static final double CH = 34;
    private static final double GAP = 18;
    private static final double INDEX = 22;

    /** Pictures of more cells than this, in all their operands, are drawn compact. */
    static final long COMPACT_CELLS = 8192;
    /** A compact cell's height: one line. */
    private static final double COMPACT_CH = 16;

    /**
     * The cells' size: print_latex's cells with T and V (and an address a line) up to {@link #COMPACT_CELLS} cells; past
     * that, small cells that show the thread alone, so that a 128×256 tile stays a picture of a sensible width (its
     * values are the explorer's, {@code layoutcat serve}, on hover). A picture with address lines keeps full cells.
     */
    private record Cells(double w, double h, boolean compact) {
        static Cells of(List<Operand> ops) {
            long n = 0;
            boolean addresses = false;
            for (Operand o : ops) {
                n += o.rows() * o.cols();
                addresses |= !o.addresses().isEmpty();
            }
            if (n <= COMPACT_CELLS || addresses) return new Cells(cellWidth(ops), CH, false);
            double w = 16;
            for (Operand o : ops) w = Math.max(w, Style.textWidth(Long.toString(o.threads() - 1), Style.SMALL) + 4);
            return new Cells(Math.ceil(w), COMPACT_CH, true);
        }

        /** The height of an operand's cell: T and V and its address lines, or a compact line. */
        double height(Operand o) {
            return compact ? h : o.cellHeight();
        }

        /** The caption line that says what a compact cell shows; null for full cells. */
        String note(long cells) {
            return compact ? "each cell: the thread that holds it (" + cells + " cells: the values are left out at this size;"
                    + " layoutcat serve shows each cell's thread and value on hover)" : null;
        }
    }

    private static double cellWidth(List<Operand> ops) {
        double w = 34;
        for (Operand o : ops) {
            String t = "T" + (o.threads() - 1), v = "V" + (o.tv().mode(1).size() - 1);
            w = Math.max(w, Math.max(Style.textWidth(t, Style.SMALL), Style.textWidth(v, Style.SMALL)) + 8);
            for (Address a : o.addresses()) {
                for (long e = 0; e < o.rows() * o.cols(); e++) {
                    w = Math.max(w, Style.textWidth(a.prefix() + a.offset().applyAsLong(e), Style.SMALL) + 8);
                }
            }
        }
        return Math.ceil(w);
    }

    /** Draws an operand's cells with the top-left corner at (x, y); indices on the sides asked for. */
    /** The palette colour of cell (r, c): its thread's, −1 where no thread holds it. */
    private static int colour(Operand o, long r, long c) {
        long i = o.at(r, c);
        return i < 0 ? -1 : (int) (i % o.threads() % COLOURS);
    }

    private static void drawOperand(Sketch k, Operand o, double x, double y, Cells size, boolean rowIndex, boolean colIndex) {
        double cw = size.w();
        // the cells' rectangles, those of one colour together, then their labels (inside the cells, so the order
        // changes no pixel, and the SVG writes each colour's cells as one path)
        List<List<Scene.Rect>> byColour = new ArrayList<>();
        for (int q = 0; q <= COLOURS; q++) byColour.add(new ArrayList<>());
        List<Scene.Text> threadLabels = new ArrayList<>();
        List<Scene.Text> valueLabels = new ArrayList<>();
        List<Scene.Text> addressLabels = new ArrayList<>();
        double ch = size.height(o);
        double top = -(ch - LINE) / 2 + 6.5; // the first line's centre, from the cell's centre; lines LINE apart
        for (long c = 0; c < o.cols(); c++) {
            for (long r = 0; r < o.rows(); r++) {
                long i = o.at(r, c);
                Box b = new Box(x + c * cw, y + r * ch, cw, ch);
                long t = i < 0 ? -1 : i % o.threads();
                int colour = t < 0 ? -1 : (int) (t % COLOURS);
                byColour.get(colour + 1).add(new Scene.Rect(b, Palette.fill(colour), Style.LINE, 0.6, 0, false, true));
                StringBuilder label = new StringBuilder();
                if (i >= 0) {
                    String tt = "T" + t, vv = "V" + (i / o.threads());
                    if (size.compact()) { // the thread alone
                        threadLabels.add(new Scene.Text(b.centerX(), b.centerY() + 0.5, Long.toString(t), Style.SMALL, Scene.Anchor.MIDDLE,
                                Style.INK, false));
                    } else {
                        double cy = o.addresses().isEmpty() ? b.centerY() - 6 : b.centerY() + top;
                        threadLabels.add(new Scene.Text(b.centerX(), cy, tt, Style.SMALL, Scene.Anchor.MIDDLE, Style.INK, false));
                        valueLabels.add(new Scene.Text(b.centerX(), o.addresses().isEmpty() ? b.centerY() + 7 : cy + LINE, vv, Style.SMALL,
                                Scene.Anchor.MIDDLE, Style.INK, false));
                    }
                    label.append(tt).append(' ').append(vv);
                }
                for (int q = 0; q < o.addresses().size(); q++) {
                    Address a = o.addresses().get(q);
                    String text = a.prefix() + a.offset().applyAsLong(o.element(r, c));
                    addressLabels.add(new Scene.Text(b.centerX(), b.centerY() + top + LINE * (q + 2), text, Style.SMALL,
                            Scene.Anchor.MIDDLE, Style.MUTED, false));
                    label.append(label.isEmpty() ? "" : " ").append(text);
                }
                k.node(o.name() + ".cell." + r + "." + c, DiagramNode.Kind.CELL, label.toString(), b);
            }
        }
        if (size.compact()) { // runs of one colour along a row as one fill, by colour, the grid's lines drawn once over them
            List<List<Scene.Rect>> runs = new ArrayList<>();
            for (int q = 0; q <= COLOURS; q++) runs.add(new ArrayList<>());
            for (long r = 0; r < o.rows(); r++) {
                long c = 0;
                while (c < o.cols()) {
                    int colour = colour(o, r, c);
                    long end = c + 1;
                    while (end < o.cols() && colour(o, r, end) == colour) end++;
                    runs.get(colour + 1).add(new Scene.Rect(new Box(x + c * cw, y + r * ch, (end - c) * cw, ch), Palette.fill(colour), "none",
                            0, 0, false, true));
                    c = end;
                }
            }
            runs.forEach(run -> run.forEach(k.scene::add));
            for (long r = 1; r < o.rows(); r++) {
                k.scene.add(new Scene.Polyline(List.of(new Point(x, y + r * ch), new Point(x + o.cols() * cw, y + r * ch)), Style.LINE, 0.6));
            }
            for (long c = 1; c < o.cols(); c++) {
                k.scene.add(new Scene.Polyline(List.of(new Point(x + c * cw, y), new Point(x + c * cw, y + o.rows() * ch)), Style.LINE, 0.6));
            }
        } else {
            byColour.forEach(cells -> cells.forEach(k.scene::add));
        }
        threadLabels.forEach(k.scene::add);
        valueLabels.forEach(k.scene::add);
        addressLabels.forEach(k.scene::add);
        if (rowIndex) {
            for (long r = 0; r < o.rows(); r++) {
                k.scene.add(new Scene.Text(x - 6, y + r * ch + ch / 2, Long.toString(r), Style.SMALL, Scene.Anchor.END, Style.MUTED, false));
            }
        }
        if (colIndex) {
            for (long c = 0; c < o.cols(); c++) {
                k.scene.add(new Scene.Text(x + c * cw + cw / 2, y - 8, Long.toString(c), Style.SMALL, Scene.Anchor.MIDDLE, Style.MUTED, false));
            }
        }
        k.scene.add(new Scene.Rect(new Box(x, y, o.cols() * cw, o.rows() * ch), "none", Style.INK, 1.4, 0, false, true));
    }

    /**
     * The print_latex picture of a tiled MMA: A left, B on top, C in the middle.
     *
     * @throws IllegalArgumentException where a tile has more cells than a picture draws (65,536), or where a
     *         thread–value layout reaches outside its tile; the tiled operation's own refusals
     *         (LayoutArgumentException) pass through
     */
    public static Diagram mma(TiledMma mma, String title) {
        long m = mma.tileSize(0), n = mma.tileSize(1), kk = mma.tileSize(2);
        Picture.requireCells("mma", "the " + m + "×" + n + "×" + kk + " tile's A, B and C",
                Math.addExact(Math.multiplyExact(m, n), Math.multiplyExact(kk, Math.addExact(m, n))),
                "draw the accumulators alone (--only C), or fewer atoms or a smaller permutation");
        Operand a = Operand.of("A", mma.layoutA(), m, kk, false);
        Operand b = Operand.of("B", mma.layoutB(), kk, n, true); // drawn K×N, B's elements are n + N·k
        Operand c = Operand.of("C", mma.layoutC(), m, n, false);
        Cells cells = Cells.of(List.of(a, b, c));
        double cw = cells.w(), ch = cells.h();
        List<String> lines = new ArrayList<>();
        lines.add(title != null ? title : mma.atom().name() + " tiled " + mma.atomLayout() + ": tile " + mma.tileShape().toString().replace(",", "×"));
        lines.add(mma.atom().ptx() + "; " + mma.threads() + " threads; A (M×K) left, B (K×N) top, C (M×N); T thread, V value");
        lines.add("C " + mma.layoutC() + "   A " + mma.layoutA() + "   B " + mma.layoutB());
        if (cells.compact()) lines.add(cells.note(m * n + kk * (m + n)));
        double left = Style.MARGIN + INDEX + kk * cw + GAP;
        double width = left + n * cw + Style.MARGIN;
        Sketch k = new Sketch();
        List<Sketch.TitleLine> block = Sketch.wrap(lines, Math.max(width, 600));
        double top = k.titles(block, Style.MARGIN) + INDEX;
        double cTop = top + kk * ch + GAP;
        drawOperand(k, b, left, top, cells, true, true);
        k.scene.add(new Scene.Text(left - INDEX - 4, top + kk * ch / 2, "B", Style.LABEL, Scene.Anchor.END, Style.INK, true));
        drawOperand(k, a, Style.MARGIN + INDEX, cTop, cells, true, true);
        drawOperand(k, c, left, cTop, cells, false, false);
        double height = cTop + m * ch + Style.MARGIN;
        return k.build(lines.get(0), Math.max(width, Sketch.titlesWidth(block)), height);
    }

    /**
     * The accumulators alone: C ({@code M×N}) of a tiled MMA, each cell labelled and coloured as in {@link #mma}, with
     * its indices. For a {@code wgmma} atom this is the whole of the picture's information: its A and B are read from
     * shared memory by descriptors, and their TV layouts give every one of the 128 threads every element of the tile
     * (print_latex draws each cell of A and B as thread 0's).
     *
     * @throws IllegalArgumentException where the tile has more cells than a picture draws (65,536), or where the C
     *         layout reaches outside its tile; the tiled operation's own refusals (LayoutArgumentException) pass through
     */
    public static Diagram mmaAccumulators(TiledMma mma, String title) {
        long m = mma.tileSize(0), n = mma.tileSize(1);
        Picture.requireCells("mma", "the " + m + "×" + n + " accumulator tile", Math.multiplyExact(m, n),
                "draw fewer atoms or a smaller permutation");
        Operand c = Operand.of("C", mma.layoutC(), m, n, false);
        Cells cells = Cells.of(List.of(c));
        double cw = cells.w();
        List<String> lines = new ArrayList<>();
        lines.add(title != null ? title : mma.atom().name() + " tiled " + mma.atomLayout() + ": tile " + mma.tileShape().toString().replace(",", "×")
                + ", C alone");
        lines.add(mma.atom().ptx() + "; " + mma.threads() + " threads; C (M×N), the accumulators; T thread, V value");
        lines.add("C " + mma.layoutC());
        if (cells.compact()) lines.add(cells.note(m * n));
        double left = Style.MARGIN + INDEX;
        double width = left + n * cw + Style.MARGIN;
        Sketch k = new Sketch();
        List<Sketch.TitleLine> block = Sketch.wrap(lines, Math.max(width, 600));
        double top = k.titles(block, Style.MARGIN) + INDEX;
        drawOperand(k, c, left, top, cells, true, true);
        return k.build(lines.get(0), Math.max(width, Sketch.titlesWidth(block)), top + m * cells.h() + Style.MARGIN);
    }

    /**
     * The print_latex picture of a tiled copy: the source tile left, the destination tile right; or, where the source
     * and destination TV layouts agree (every element is read and written by the same thread and value, as in {@code
     * cp.async} and a universal copy), the one tile. Given the tensors copied from and to, each cell also shows the
     * offset of its element in them: {@code src} in the source panel ({@code s} in the one tile), {@code dst} in the
     * destination's ({@code d}); element {@code (m, n)} of the tile is read at {@code src(m, n)} and written at
     * {@code dst(m, n)}.
     *
     * @param src the source tensor over the tile (a layout or a swizzled layout of the tile's shape), or null
     * @param dst the destination tensor over the tile, or null
     * @throws IllegalArgumentException where a tile has more cells than a picture draws (65,536), where a
     *         thread–value layout reaches outside its tile, or a tensor's size is not the tile's; the tiled operation's
     *         own refusals (LayoutArgumentException) pass through
     */
    public static Diagram copy(TiledCopy copy, AnyLayout src, AnyLayout dst, String title) {
        IntTuple tiler = copy.tiler();
        long rows = tiler.mode(0).product(), cols = tiler.rank() > 1 ? tiler.mode(1).product() : 1;
        Picture.requireCells("copy", "the " + rows + "×" + cols + " tile", Math.multiplyExact(rows, cols), "give fewer threads or values");
        Layout layoutS = copy.layoutS(), layoutD = copy.layoutD();
        Address srcAt = address("source", "s ", src, rows * cols), dstAt = address("destination", "d ", dst, rows * cols);
        boolean alike = layoutS.size() == layoutD.size() && java.util.Arrays.equals(owners(layoutS, rows, cols, "S"), owners(layoutD, rows, cols, "D"));
        List<String> lines = new ArrayList<>();
        lines.add(title != null ? title : copy.atom().name() + " of " + copy.valueBits() + "-bit values over a " + rows + "×" + cols + " tile");
        String tensors = (src != null ? "   source tensor " + src : "") + (dst != null ? "   destination tensor " + dst : "");
        Sketch k = new Sketch();
        if (alike) {
            List<Address> both = new ArrayList<>();
            if (srcAt != null) both.add(srcAt);
            if (dstAt != null) both.add(dstAt);
            Operand sd = Operand.of("SD", layoutS, rows, cols, false, both);
            lines.add(copy.atom().ptx() + "; " + copy.threads() + " threads; each element read and written by the same thread and value"
                    + (both.isEmpty() ? "" : "; s source offset, d destination offset") + "; T thread, V value");
            lines.add("S = D " + layoutS + tensors);
            Cells cells = Cells.of(List.of(sd));
            if (cells.compact()) lines.add(cells.note(rows * cols));
            double cw = cells.w();
            double x0 = Style.MARGIN + INDEX;
            double width = x0 + cols * cw + Style.MARGIN;
            List<Sketch.TitleLine> block = Sketch.wrap(lines, Math.max(width, 600));
            double top = k.titles(block, Style.MARGIN) + INDEX;
            drawOperand(k, sd, x0, top, cells, true, true);
            return k.build(lines.get(0), Math.max(width, Sketch.titlesWidth(block)), top + rows * cells.height(sd) + Style.MARGIN);
        }
        Operand s = Operand.of("S", layoutS, rows, cols, false, srcAt == null ? List.of() : List.of(srcAt));
        Operand d = Operand.of("D", layoutD, rows, cols, false, dstAt == null ? List.of() : List.of(dstAt));
        Cells cells = Cells.of(List.of(s, d));
        double cw = cells.w();
        lines.add(copy.atom().ptx() + "; " + copy.threads() + " threads; source left, destination right; T thread, V value"
                + (srcAt != null || dstAt != null ? "; s source offset, d destination offset" : ""));
        lines.add("S " + layoutS + "   D " + layoutD + tensors);
        if (cells.compact()) lines.add(cells.note(2 * rows * cols));
        double x0 = Style.MARGIN + INDEX;
        double x1 = x0 + cols * cw + GAP + INDEX;
        double width = x1 + cols * cw + Style.MARGIN;
        List<Sketch.TitleLine> block = Sketch.wrap(lines, Math.max(width, 600));
        double top = k.titles(block, Style.MARGIN) + INDEX;
        drawOperand(k, s, x0, top, cells, true, true);
        drawOperand(k, d, x1, top, cells, true, true);
        double h = rows * Math.max(cells.height(s), cells.height(d));
        return k.build(lines.get(0), Math.max(width, Sketch.titlesWidth(block)), top + h + Style.MARGIN);
    }

    /** The address line of a tensor over a tile of {@code n} elements: the offset at each column-major tile index. */
    private static Address address(String side, String prefix, AnyLayout tensor, long n) {
        if (tensor == null) return null;
        java.util.function.LongUnaryOperator at = AnyLayout.offsets(tensor, "copy", "the " + side + " tensor's offsets are drawn in the cells");
        long size = tensor.size();
        if (size != n) {
            throw new IllegalArgumentException("copy: the " + side + " tensor " + tensor + " has " + size + " elements where the tile has " + n
                    + "; give a tensor of the tile's shape");
        }
        return new Address(prefix, at);
    }
}
