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
 * The coordinate map of a layout (seed 001): a table index → hierarchical coordinate (CuTe's idx2crd, congruent
 * to the shape) → offset Φ(index), offsets coloured as in the layout grid. Long tables are set in several
 * blocks side by side.
 */
public final class CoordinatePicture {
    private CoordinatePicture() {}

    /** Most entries a table shows. */
    public static final long MAX_ENTRIES = 1024;

    /** The rows of the table: {@code {index, coordinate, offset}} as printed. */
    public static List<String[]> rows(Layout layout) {
        if (layout.size() > MAX_ENTRIES) {
            throw new IllegalArgumentException("the coordinate table of " + layout + " has " + layout.size()
                    + " entries (limit " + MAX_ENTRIES + "); draw its layout grid instead");
        }
        List<String[]> out = new ArrayList<>();
        for (long i = 0; i < layout.size(); i++) {
            out.add(new String[] {Long.toString(i), layout.idx2crd(i).toString(), Long.toString(layout.apply(i))});
        }
        return out;
    }

    /** The table of L; title null means L in CuTe notation. */
    public static Diagram of(Layout layout, String title) {
        List<String[]> rows = rows(layout);
        int n = rows.size();
        int perBlock = n <= 32 ? n : (int) Math.max(32, Math.ceil(Math.sqrt(4.0 * n)));
        int blocks = (n + perBlock - 1) / perBlock;
        String[] heads = {"index", "coordinate", "offset"};
        double[] w = new double[3];
        for (int c = 0; c < 3; c++) w[c] = Style.textWidth(heads[c], Style.LABEL) + 16;
        for (String[] r : rows) for (int c = 0; c < 3; c++) w[c] = Math.max(w[c], Style.textWidth(r[c], Style.LABEL) + 16);
        for (int c = 0; c < 3; c++) w[c] = Math.ceil(w[c]);
        double blockW = w[0] + w[1] + w[2];
        double rowH = 22;

        double contentW = Style.MARGIN * 2 + blocks * blockW + (blocks - 1) * 18;
        List<Sketch.TitleLine> titles = Sketch.wrap(List.of(title != null ? title : layout.toString(),
                "index → coordinate → offset"), contentW);
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
                    String fill = c == 2 ? Palette.fill(layout.apply(r)) : Style.PAPER;
                    k.scene.add(new Scene.Rect(b, fill, Style.FRAME, 0.8, 0, false, true));
                    k.scene.add(new Scene.Text(b.centerX(), b.centerY(), row[c], Style.LABEL, Scene.Anchor.MIDDLE,
                            c == 0 ? Style.MUTED : Style.INK, false));
                    k.node("cell." + r + "." + c, DiagramNode.Kind.CELL, row[c], b);
                    x += w[c];
                }
            }
        }
        double width = Math.max(contentW, Sketch.titlesWidth(titles));
        double height = top + rowH * (1 + Math.min(n, perBlock)) + Style.MARGIN;
        return k.build(titles.get(0).text(), width, height);
    }
}
