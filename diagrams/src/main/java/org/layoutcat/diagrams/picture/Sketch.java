package org.layoutcat.diagrams.picture;

import java.util.ArrayList;
import java.util.List;
import org.layoutcat.diagrams.Box;
import org.layoutcat.diagrams.Diagram;
import org.layoutcat.diagrams.DiagramEdge;
import org.layoutcat.diagrams.DiagramNode;
import org.layoutcat.diagrams.Point;
import org.layoutcat.diagrams.Scene;
import org.layoutcat.diagrams.Style;

/**
 * A picture being drawn: the scene's primitives and the graph's nodes and edges, added together (the nodes and edges
 * in order, of which the diagram makes its graph when it is asked for: {@link Diagram#ofDrawn}).
 */
final class Sketch {
    final Scene.Builder scene = new Scene.Builder();
    private final List<DiagramNode> nodes = new ArrayList<>();
    private final List<Diagram.Edge> edges = new ArrayList<>();

    /** Adds a node of the graph (drawn separately); its id must be new (the diagram checks). */
    DiagramNode node(String id, DiagramNode.Kind kind, String label, Box box) {
        return add(new DiagramNode(id, kind, label, box));
    }

    /** Adds a node of the graph made elsewhere; its id must be new (the diagram checks). */
    DiagramNode add(DiagramNode n) {
        nodes.add(n);
        return n;
    }

    /** Adds an edge of the graph (drawn separately). */
    DiagramEdge edge(String id, DiagramEdge.Kind kind, DiagramNode from, DiagramNode to) {
        return add(new DiagramEdge(id, kind), from, to);
    }

    /** Adds an edge of the graph made elsewhere, from {@code from} to {@code to}, nodes of this sketch. */
    DiagramEdge add(DiagramEdge e, DiagramNode from, DiagramNode to) {
        edges.add(new Diagram.Edge(e, from, to));
        return e;
    }

    /** The nodes added so far, in order. */
    List<DiagramNode> nodes() {
        return java.util.Collections.unmodifiableList(nodes);
    }

    /** A boxed entry: a rounded rectangle with its label centred. */
    DiagramNode entry(String id, DiagramNode.Kind kind, String label, Box box, String fill, boolean dashed, String ink) {
        scene.add(new Scene.Rect(box, fill, dashed ? Style.MUTED : Style.LINE, 1, 4, dashed, false));
        scene.add(new Scene.Text(box.centerX(), box.centerY(), label, Style.LABEL, Scene.Anchor.MIDDLE, ink, false));
        return node(id, kind, label, box);
    }

    /**
     * A square bracket spanning y0..y1 whose spine is at x and whose arms, of length {@code arm}, point right
     * ({@code arm > 0}) or left ({@code arm < 0}); returns its box.
     */
    Box bracket(double x, double y0, double y1, double arm) {
        scene.add(new Scene.Polyline(List.of(new Point(x + arm, y0), new Point(x, y0), new Point(x, y1), new Point(x + arm, y1)),
                Style.LINE, 1.2));
        return new Box(Math.min(x, x + arm), y0, Math.abs(arm), y1 - y0);
    }

    /** A horizontal arrow-like curve from {@code a} to {@code b} (tangents horizontal at both ends). */
    Scene.Curve arrow(String id, Point a, Point b, boolean dashed) {
        double dx = (b.x() - a.x()) * 0.45;
        Scene.Curve c = new Scene.Curve(a, new Point(a.x() + dx, a.y()), new Point(b.x() - dx, b.y()), b,
                Style.LINE, 1.2, true, dashed, id);
        scene.add(c);
        return c;
    }

    /** Title text never wraps narrower than this (pixels, margins included). */
    static final double MIN_TITLE_WIDTH = 560;

    /** A line of the title block. */
    record TitleLine(String text, boolean title) {
        double size() {
            return title ? Style.TITLE : Style.LABEL;
        }
    }

    /**
     * The title block: the first line is the title (bold), the others subtitles (muted); a line wider than
     * {@code max(width, MIN_TITLE_WIDTH)} is broken where {@link #breakBefore} says, continuation lines indented.
     */
    static List<TitleLine> wrap(List<String> lines, double width) {
        double max = Math.max(width, MIN_TITLE_WIDTH) - 2 * Style.MARGIN;
        List<TitleLine> out = new java.util.ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            boolean title = i == 0;
            double size = title ? Style.TITLE : Style.LABEL;
            int maxChars = Math.max(12, (int) Math.floor(max / (Style.CHAR_WIDTH * size)));
            String rest = lines.get(i);
            String indent = "";
            while (rest.codePointCount(0, rest.length()) + indent.length() > maxChars) {
                int room = rest.offsetByCodePoints(0, Math.min(rest.codePointCount(0, rest.length()), maxChars - indent.length()));
                int cut = breakBefore(rest, room);
                out.add(new TitleLine(indent + rest.substring(0, cut).stripTrailing(), title));
                rest = rest.substring(cut).stripLeading();
                indent = "  ";
            }
            out.add(new TitleLine(indent + rest, title));
        }
        return out;
    }

    /**
     * Where to break {@code line} before index {@code room}: after the last space or comma outside brackets (so
     * that notation such as {@code (2,(3,4)):(1,(2,6))} or {@code [0, 7)} stays whole) as long as that keeps half
     * the line; otherwise after the last space or comma; else at {@code room}.
     */
    static int breakBefore(String line, int room) {
        int depth = 0;
        int space = -1;
        int comma = -1;
        int any = -1;
        for (int i = 0; i < room; i++) {
            char c = line.charAt(i);
            if (c == '(' || c == '[' || c == '<') {
                depth++;
            } else if (c == ')' || c == ']' || c == '>') {
                depth = Math.max(0, depth - 1);
            } else if (c == ' ' || c == ',') {
                any = i;
                if (depth == 0 && c == ' ') space = i;
                if (depth == 0 && c == ',') comma = i;
            }
        }
        if (space >= room / 2) return space + 1;
        if (comma >= room / 2) return comma + 1;
        return any > 0 ? any + 1 : room;
    }

    /** Draws the title block at the top left from y and returns the y below it. */
    double titles(List<TitleLine> lines, double y) {
        for (TitleLine l : lines) {
            scene.add(new Scene.Text(Style.MARGIN, y + l.size() / 2, l.text(), l.size(), Scene.Anchor.START,
                    l.title() ? Style.INK : Style.MUTED, l.title()));
            y += l.size() + 7;
        }
        return y;
    }

    /** Width the title block needs, margins included. */
    static double titlesWidth(List<TitleLine> lines) {
        double w = 0;
        for (TitleLine l : lines) w = Math.max(w, Style.textWidth(l.text(), l.size()));
        return w + 2 * Style.MARGIN;
    }

    /** Adds everything drawn in {@code other}, moved by (dx, dy), node and edge ids kept. */
    void include(Sketch other, double dx, double dy) {
        scene.addAll(other.scene.build(0, 0), dx, dy, "");
        java.util.Map<DiagramNode, DiagramNode> moved = new java.util.HashMap<>();
        for (DiagramNode n : other.nodes) moved.put(n, add(n.moved("", dx, dy)));
        for (Diagram.Edge e : other.edges) add(e.edge(), moved.get(e.source()), moved.get(e.target()));
    }

    Diagram build(String title, double width, double height) {
        return Diagram.ofDrawn(title, scene.build(Math.ceil(width), Math.ceil(height)), nodes, edges); // a sketch is built once
    }
}
