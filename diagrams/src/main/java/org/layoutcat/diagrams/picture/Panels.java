package org.layoutcat.diagrams.picture;

import java.util.ArrayList;
import java.util.List;
import org.layoutcat.diagrams.Box;
import org.layoutcat.diagrams.Diagram;
import org.layoutcat.diagrams.DiagramEdge;
import org.layoutcat.diagrams.DiagramNode;
import org.layoutcat.diagrams.Scene;
import org.layoutcat.diagrams.Style;

/**
 * Several pictures in one: labelled, framed panels placed in rows, read left to right and top to bottom. The
 * graph is the union of the panels' graphs, node and edge ids prefixed {@code p<row>.<col>.}.
 */
public final class Panels {
    private Panels() {}

    /**
     * A panel: a label (e.g. {@code "3 · mutual refinement"}) above a picture.
     *
     * @param label the panel's caption
     * @param content the picture it frames
     */
    public record Panel(String label, Diagram content) {
        /**
         * The panel; neither part may be null.
         *
         * @throws IllegalArgumentException for a null label or picture
         */
        public Panel {
            if (label == null || content == null) throw new IllegalArgumentException("a panel needs a label and a picture");
        }
    }

    static final double GAP = 14;
    private static final double LABEL_BAR = 26;

    /** The panels in rows under a title and subtitle lines. */
    public static Diagram arrange(String title, List<String> subtitles, List<List<Panel>> rows) {
        List<String> titles = new ArrayList<>();
        titles.add(title);
        titles.addAll(subtitles);
        double rowsW = 0;
        for (List<Panel> row : rows) {
            double x = Style.MARGIN;
            for (Panel p : row) x += frameWidth(p) + GAP;
            rowsW = Math.max(rowsW, x - GAP + Style.MARGIN);
        }
        List<Sketch.TitleLine> block = Sketch.wrap(titles, rowsW);
        Sketch k = new Sketch();
        double y = k.titles(block, Style.MARGIN) + 4;
        double width = Math.max(rowsW, Sketch.titlesWidth(block));
        for (int r = 0; r < rows.size(); r++) {
            double x = Style.MARGIN;
            double rowH = 0;
            for (int c = 0; c < rows.get(r).size(); c++) {
                Panel p = rows.get(r).get(c);
                Diagram d = p.content();
                double w = frameWidth(p);
                double h = LABEL_BAR + d.height();
                k.scene.add(new Scene.Rect(new Box(x, y, w, h), "none", Style.FRAME, 1, 6, false, false));
                k.scene.add(new Scene.Rect(new Box(x, y, w, LABEL_BAR), Style.HEADER_FILL, "none", 0, 0, false, false));
                k.scene.add(new Scene.Text(x + 10, y + LABEL_BAR / 2, p.label(), Style.LABEL, Scene.Anchor.START, Style.INK, true));
                String prefix = "p" + r + "." + c + ".";
                double dx = x + (w - d.width()) / 2;
                double dy = y + LABEL_BAR;
                k.scene.addAll(d.scene(), dx, dy, prefix);
                merge(k, d, prefix, dx, dy);
                x += w + GAP;
                rowH = Math.max(rowH, h);
            }
            y += rowH + GAP;
        }
        return k.build(title, width, y - GAP + Style.MARGIN);
    }

    static double frameWidth(Panel p) {
        return Math.max(p.content().width(), Style.textWidth(p.label(), Style.LABEL) + 24);
    }

    private static void merge(Sketch k, Diagram d, String prefix, double dx, double dy) {
        java.util.Map<DiagramNode, DiagramNode> moved = new java.util.HashMap<>();
        for (DiagramNode n : d.nodes()) moved.put(n, k.add(n.moved(prefix, dx, dy))); // the panel's graph is not made
        for (Diagram.Edge e : d.edges()) {
            k.add(new DiagramEdge(prefix + e.edge().id(), e.edge().kind()), moved.get(e.source()), moved.get(e.target()));
        }
    }
}
