package org.layoutcat.diagrams.picture;

import java.util.ArrayList;
import java.util.List;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.atom.TiledCopy;
import org.layoutcat.core.atom.TiledMma;
import org.layoutcat.diagrams.Box;
import org.layoutcat.diagrams.Diagram;
import org.layoutcat.diagrams.DiagramNode;
import org.layoutcat.diagrams.Palette;
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
        long[] owner = new long[(int) n];
        java.util.Arrays.fill(owner, -1);
        for (long i = 0; i < tv.size(); i++) {
            long o = tv.apply(i);
            if (o < 0 || o >= n) throw new IllegalArgumentException(what + ": " + tv + " reaches " + o + ", outside its " + rows + "×" + cols + " tile");
            if (owner[(int) o] < 0) owner[(int) o] = i;
        }
        return owner;
    }

    /** One operand: its cells, (r, c) of the picture ↦ element {@code r + rows·c} or, transposed, {@code c + cols·r}. */
    private record Operand(String name, Layout tv, long rows, long cols, boolean transposed, long[] owner) {
        static Operand of(String name, Layout tv, long rows, long cols, boolean transposed) {
            long er = transposed ? cols : rows, ec = transposed ? rows : cols;
            return new Operand(name, tv, rows, cols, transposed, owners(tv, er, ec, name));
        }

        long at(long r, long c) {
            return transposed ? owner[(int) (c + cols * r)] : owner[(int) (r + rows * c)];
        }

        long threads() {
            return tv.mode(0).size();
        }
    }

    private static final double CH = 34;
    private static final double GAP = 18;
    private static final double INDEX = 22;

    private static double cellWidth(List<Operand> ops) {
        double w = 34;
        for (Operand o : ops) {
            String t = "T" + (o.threads() - 1), v = "V" + (o.tv().mode(1).size() - 1);
            w = Math.max(w, Math.max(Style.textWidth(t, Style.SMALL), Style.textWidth(v, Style.SMALL)) + 8);
        }
        return Math.ceil(w);
    }

    /** Draws an operand's cells with the top-left corner at (x, y); indices on the sides asked for. */
    private static void drawOperand(Sketch k, Operand o, double x, double y, double cw, boolean rowIndex, boolean colIndex) {
        // the cells' rectangles, those of one colour together, then their labels (inside the cells, so the order
        // changes no pixel, and the SVG writes each colour's cells as one path)
        List<List<Scene.Rect>> byColour = new ArrayList<>();
        for (int q = 0; q <= COLOURS; q++) byColour.add(new ArrayList<>());
        List<Scene.Text> threadLabels = new ArrayList<>();
        List<Scene.Text> valueLabels = new ArrayList<>();
        for (long c = 0; c < o.cols(); c++) {
            for (long r = 0; r < o.rows(); r++) {
                long i = o.at(r, c);
                Box b = new Box(x + c * cw, y + r * CH, cw, CH);
                long t = i < 0 ? -1 : i % o.threads();
                int colour = t < 0 ? -1 : (int) (t % COLOURS);
                byColour.get(colour + 1).add(new Scene.Rect(b, Palette.fill(colour), Style.LINE, 0.6, 0, false, true));
                String label = "";
                if (i >= 0) {
                    String tt = "T" + t, vv = "V" + (i / o.threads());
                    threadLabels.add(new Scene.Text(b.centerX(), b.centerY() - 6, tt, Style.SMALL, Scene.Anchor.MIDDLE, Style.INK, false));
                    valueLabels.add(new Scene.Text(b.centerX(), b.centerY() + 7, vv, Style.SMALL, Scene.Anchor.MIDDLE, Style.INK, false));
                    label = tt + " " + vv;
                }
                k.node(o.name() + ".cell." + r + "." + c, DiagramNode.Kind.CELL, label, b);
            }
        }
        byColour.forEach(cells -> cells.forEach(k.scene::add));
        threadLabels.forEach(k.scene::add);
        valueLabels.forEach(k.scene::add);
        if (rowIndex) {
            for (long r = 0; r < o.rows(); r++) {
                k.scene.add(new Scene.Text(x - 6, y + r * CH + CH / 2, Long.toString(r), Style.SMALL, Scene.Anchor.END, Style.MUTED, false));
            }
        }
        if (colIndex) {
            for (long c = 0; c < o.cols(); c++) {
                k.scene.add(new Scene.Text(x + c * cw + cw / 2, y - 8, Long.toString(c), Style.SMALL, Scene.Anchor.MIDDLE, Style.MUTED, false));
            }
        }
        k.scene.add(new Scene.Rect(new Box(x, y, o.cols() * cw, o.rows() * CH), "none", Style.INK, 1.4, 0, false, true));
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
        Operand a = Operand.of("A", mma.layoutA(), m, kk, false);
        Operand b = Operand.of("B", mma.layoutB(), kk, n, true); // drawn K×N, B's elements are n + N·k
        Operand c = Operand.of("C", mma.layoutC(), m, n, false);
        double cw = cellWidth(List.of(a, b, c));
        List<String> lines = new ArrayList<>();
        lines.add(title != null ? title : mma.atom().name() + " tiled " + mma.atomLayout() + ": tile " + mma.tileShape().toString().replace(",", "×"));
        lines.add(mma.atom().ptx() + "; " + mma.threads() + " threads; A (M×K) left, B (K×N) top, C (M×N); T thread, V value");
        lines.add("C " + mma.layoutC() + "   A " + mma.layoutA() + "   B " + mma.layoutB());
        double left = Style.MARGIN + INDEX + kk * cw + GAP;
        double width = left + n * cw + Style.MARGIN;
        Sketch k = new Sketch();
        List<Sketch.TitleLine> block = Sketch.wrap(lines, Math.max(width, 600));
        double top = k.titles(block, Style.MARGIN) + INDEX;
        double cTop = top + kk * CH + GAP;
        drawOperand(k, b, left, top, cw, true, true);
        k.scene.add(new Scene.Text(left - INDEX - 4, top + kk * CH / 2, "B", Style.LABEL, Scene.Anchor.END, Style.INK, true));
        drawOperand(k, a, Style.MARGIN + INDEX, cTop, cw, true, true);
        drawOperand(k, c, left, cTop, cw, false, false);
        double height = cTop + m * CH + Style.MARGIN;
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
        Operand c = Operand.of("C", mma.layoutC(), m, n, false);
        double cw = cellWidth(List.of(c));
        List<String> lines = new ArrayList<>();
        lines.add(title != null ? title : mma.atom().name() + " tiled " + mma.atomLayout() + ": tile " + mma.tileShape().toString().replace(",", "×")
                + ", C alone");
        lines.add(mma.atom().ptx() + "; " + mma.threads() + " threads; C (M×N), the accumulators; T thread, V value");
        lines.add("C " + mma.layoutC());
        double left = Style.MARGIN + INDEX;
        double width = left + n * cw + Style.MARGIN;
        Sketch k = new Sketch();
        List<Sketch.TitleLine> block = Sketch.wrap(lines, Math.max(width, 600));
        double top = k.titles(block, Style.MARGIN) + INDEX;
        drawOperand(k, c, left, top, cw, true, true);
        return k.build(lines.get(0), Math.max(width, Sketch.titlesWidth(block)), top + m * CH + Style.MARGIN);
    }

    /**
     * The print_latex picture of a tiled copy: the source tile left, the destination tile right.
     *
     * @throws IllegalArgumentException where a tile has more cells than a picture draws (65,536), or where a
     *         thread–value layout reaches outside its tile; the tiled operation's own refusals
     *         (LayoutArgumentException) pass through
     */
    public static Diagram copy(TiledCopy copy, String title) {
        IntTuple tiler = copy.tiler();
        long rows = tiler.mode(0).product(), cols = tiler.rank() > 1 ? tiler.mode(1).product() : 1;
        Operand s = Operand.of("S", copy.layoutS(), rows, cols, false);
        Operand d = Operand.of("D", copy.layoutD(), rows, cols, false);
        double cw = cellWidth(List.of(s, d));
        List<String> lines = new ArrayList<>();
        lines.add(title != null ? title : copy.atom().name() + " of " + copy.valueBits() + "-bit values over a " + rows + "×" + cols + " tile");
        lines.add(copy.atom().ptx() + "; " + copy.threads() + " threads; source left, destination right; T thread, V value");
        lines.add("S " + copy.layoutS() + "   D " + copy.layoutD());
        double x0 = Style.MARGIN + INDEX;
        double x1 = x0 + cols * cw + GAP + INDEX;
        double width = x1 + cols * cw + Style.MARGIN;
        Sketch k = new Sketch();
        List<Sketch.TitleLine> block = Sketch.wrap(lines, Math.max(width, 600));
        double top = k.titles(block, Style.MARGIN) + INDEX;
        drawOperand(k, s, x0, top, cw, true, true);
        drawOperand(k, d, x1, top, cw, true, true);
        return k.build(lines.get(0), Math.max(width, Sketch.titlesWidth(block)), top + rows * CH + Style.MARGIN);
    }
}
