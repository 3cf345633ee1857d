package org.layoutcat.diagrams.svg;

import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.layoutcat.diagrams.Markup;
import org.layoutcat.diagrams.Diagram;
import org.layoutcat.diagrams.Point;
import org.layoutcat.diagrams.Scene;
import org.layoutcat.diagrams.Style;

/**
 * Writes a scene as an SVG 1.1 document: deterministic text (the same scene gives the same bytes, for golden
 * tests), a viewBox plus absolute pixel width and height, {@code text-anchor} with the baseline placed
 * explicitly at centre + 0.35 em (no dominant-baseline, which renderers disagree on), one {@code <marker>} for
 * every arrowhead, {@code shape-rendering:crispEdges} on grid cells, no DOCTYPE; paint in one stylesheet of classes
 * (see {@link #write(Scene, String)}).
 */
public final class SvgWriter {
    private SvgWriter() {}

    /** The id of the single arrowhead marker. */
    public static final String ARROW_MARKER = "arrowhead";

    /** The SVG document of the diagram, titled with its title. */
    public static String write(Diagram d) {
        return write(d.scene(), d.title());
    }

    /**
     * The SVG document of the scene. Rectangles and texts take their paint from a class of the document's one
     * stylesheet (a class per distinct style, named in order of first use: {@code r0, r1, ...} for rectangles,
     * {@code t0, t1, ...} for texts), so a cell carries its geometry alone. Consecutive square-cornered rectangles of
     * one class are one {@code <path>} of {@code M x y h w v h h -w z} subpaths (after the first, {@code m dx dy} from
     * the last one's corner), and consecutive texts of one class
     * share a {@code <g>}: the same pixels as one element each where rectangles of one style meet at most along their
     * edges, as a grid's cells do. {@code O(shapes)} time and output.
     */
    public static String write(Scene scene, String title) {
        Classes classes = Classes.of(scene);
        StringBuilder sb = new StringBuilder(512 + 48 * scene.shapes().size());
        String w = num(scene.width());
        String h = num(scene.height());
        sb.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        sb.append("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"").append(w)
                .append("\" height=\"").append(h).append("\" viewBox=\"0 0 ").append(w).append(' ').append(h)
                .append("\" font-family=\"").append(Markup.escape(Style.FONT)).append("\">\n");
        sb.append("<title>").append(Markup.escape(title)).append("</title>\n");
        sb.append("<style type=\"text/css\"><![CDATA[\n");
        classes.css(sb);
        sb.append("]]></style>\n");
        if (!scene.curves().isEmpty()) {
            sb.append("<defs><marker id=\"").append(ARROW_MARKER).append("\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\"")
                    .append(" markerWidth=\"9\" markerHeight=\"9\" markerUnits=\"userSpaceOnUse\" orient=\"auto\">")
                    .append("<path d=\"M0,0 L10,5 L0,10 Z\" fill=\"").append(Style.LINE).append("\"/></marker></defs>\n");
        }
        sb.append("<rect x=\"0\" y=\"0\" width=\"").append(w).append("\" height=\"").append(h)
                .append("\" fill=\"").append(Style.PAPER).append("\"/>\n");
        List<Scene.Shape> shapes = scene.shapes();
        int i = 0;
        while (i < shapes.size()) {
            Scene.Shape s = shapes.get(i);
            if (s instanceof Scene.Rect r) {
                String cls = classes.of(r);
                int j = i + 1;
                if (r.radius() > 0) {
                    rect(sb, r, cls);
                } else {
                    while (j < shapes.size() && shapes.get(j) instanceof Scene.Rect n && n.radius() == 0 && classes.of(n).equals(cls)) j++;
                    rects(sb, shapes.subList(i, j), cls);
                }
                i = j;
            } else if (s instanceof Scene.Text t) {
                String cls = classes.of(t);
                int j = i + 1;
                while (j < shapes.size() && shapes.get(j) instanceof Scene.Text n && classes.of(n).equals(cls)) j++;
                texts(sb, shapes.subList(i, j), cls);
                i = j;
            } else {
                if (s instanceof Scene.Curve c) curve(sb, c);
                else polyline(sb, (Scene.Polyline) s);
                i++;
            }
        }
        sb.append("</svg>\n");
        return sb.toString();
    }

    /** The stylesheet's classes: each distinct rectangle or text style, in order of first use. */
    private record Classes(Map<String, String> rects, Map<String, String> texts, Map<Scene.Shape, String> byShape) {
        static Classes of(Scene scene) {
            Map<String, String> rects = new LinkedHashMap<>();
            Map<String, String> texts = new LinkedHashMap<>();
            Map<Scene.Shape, String> byShape = new IdentityHashMap<>();
            for (Scene.Shape s : scene.shapes()) {
                if (s instanceof Scene.Rect r) {
                    byShape.put(s, rects.computeIfAbsent(rectCss(r), k -> "r" + rects.size()));
                } else if (s instanceof Scene.Text t) {
                    byShape.put(s, texts.computeIfAbsent(textCss(t), k -> "t" + texts.size()));
                }
            }
            return new Classes(rects, texts, byShape);
        }

        String of(Scene.Shape s) {
            return byShape.get(s);
        }

        void css(StringBuilder sb) {
            for (var e : rects.entrySet()) sb.append('.').append(e.getValue()).append('{').append(e.getKey()).append("}\n");
            for (var e : texts.entrySet()) sb.append('.').append(e.getValue()).append('{').append(e.getKey()).append("}\n");
        }
    }

    /** A rectangle's paint as CSS: fill, stroke, its width and dashes, crisp edges. */
    private static String rectCss(Scene.Rect r) {
        StringBuilder sb = new StringBuilder();
        sb.append("fill:").append(r.fill()).append(";stroke:").append(r.stroke());
        if (!"none".equals(r.stroke())) sb.append(";stroke-width:").append(num(r.strokeWidth()));
        if (r.dashed()) sb.append(";stroke-dasharray:4,3");
        if (r.crisp()) sb.append(";shape-rendering:crispEdges");
        return sb.toString();
    }

    /** A text's paint as CSS: size, anchor (start is the default), colour, weight. */
    private static String textCss(Scene.Text t) {
        StringBuilder sb = new StringBuilder();
        sb.append("font-size:").append(num(t.size())).append("px");
        switch (t.anchor()) {
            case START -> { }
            case MIDDLE -> sb.append(";text-anchor:middle");
            case END -> sb.append(";text-anchor:end");
        }
        sb.append(";fill:").append(t.fill());
        if (t.bold()) sb.append(";font-weight:bold");
        return sb.toString();
    }

    private static void rect(StringBuilder sb, Scene.Rect r, String cls) {
        sb.append("<rect class=\"").append(cls).append("\" x=\"").append(num(r.box().x())).append("\" y=\"").append(num(r.box().y()))
                .append("\" width=\"").append(num(r.box().w())).append("\" height=\"").append(num(r.box().h())).append('"');
        if (r.radius() > 0) sb.append(" rx=\"").append(num(r.radius())).append('"');
        sb.append("/>\n");
    }

    /** Square-cornered rectangles of one class: a lone one as {@code <rect>}, several as one path. */
    private static void rects(StringBuilder sb, List<Scene.Shape> run, String cls) {
        if (run.size() == 1) {
            rect(sb, (Scene.Rect) run.get(0), cls);
            return;
        }
        sb.append("<path class=\"").append(cls).append("\" d=\"");
        long px = 0, py = 0; // the last subpath's start, in hundredths: where z leaves the pen
        for (int k = 0; k < run.size(); k++) {
            var b = ((Scene.Rect) run.get(k)).box();
            long hx = Math.round(b.x() * 100), hy = Math.round(b.y() * 100);
            String cw = num(b.w());
            if (k == 0) sb.append('M').append(num(b.x())).append(' ').append(num(b.y()));
            else sb.append("\nm").append(num((hx - px) / 100.0)).append(' ').append(num((hy - py) / 100.0)); // relative to the last start
            sb.append('h').append(cw).append('v').append(num(b.h())).append("h-").append(cw).append('z');
            px = hx;
            py = hy;
        }
        sb.append("\"/>\n");
    }

    /** Texts of one class: a lone one carries its class, several share a group's. */
    private static void texts(StringBuilder sb, List<Scene.Shape> run, String cls) {
        boolean group = run.size() > 1;
        if (group) sb.append("<g class=\"").append(cls).append("\">\n");
        for (Scene.Shape s : run) {
            Scene.Text t = (Scene.Text) s;
            sb.append("<text");
            if (!group) sb.append(" class=\"").append(cls).append('"');
            sb.append(" x=\"").append(num(t.x())).append("\" y=\"").append(num(t.baseline())).append("\">")
                    .append(Markup.escape(t.text())).append("</text>\n");
        }
        if (group) sb.append("</g>\n");
    }

    private static void curve(StringBuilder sb, Scene.Curve c) {
        sb.append("<path");
        if (c.id() != null) sb.append(" id=\"").append(Markup.escape(c.id())).append('"');
        sb.append(" d=\"M").append(pt(c.from())).append(" C").append(pt(c.c1())).append(' ').append(pt(c.c2()))
                .append(' ').append(pt(c.to())).append("\" fill=\"none\" stroke=\"").append(c.stroke())
                .append("\" stroke-width=\"").append(num(c.width())).append('"');
        if (c.dashed()) sb.append(" stroke-dasharray=\"5 3\"");
        if (c.arrow()) sb.append(" marker-end=\"url(#").append(ARROW_MARKER).append(")\"");
        sb.append("/>\n");
    }

    private static void polyline(StringBuilder sb, Scene.Polyline p) {
        sb.append("<polyline points=\"");
        for (int i = 0; i < p.points().size(); i++) {
            if (i > 0) sb.append(' ');
            sb.append(pt(p.points().get(i)));
        }
        sb.append("\" fill=\"none\" stroke=\"").append(p.stroke()).append("\" stroke-width=\"").append(num(p.width()))
                .append("\"/>\n");
    }

    private static String pt(Point p) {
        return num(p.x()) + "," + num(p.y());
    }

    /** A number with at most two decimals, no trailing zeros, no exponent, no negative zero. */
    public static String num(double v) {
        if (!Double.isFinite(v)) throw new IllegalArgumentException("coordinate " + v + " is not finite");
        long hundredths = Math.round(v * 100);
        if (hundredths == 0) return "0";
        String sign = hundredths < 0 ? "-" : "";
        long a = Math.abs(hundredths);
        long whole = a / 100;
        long frac = a % 100;
        if (frac == 0) return sign + whole;
        if (frac % 10 == 0) return sign + whole + "." + (frac / 10);
        return sign + whole + "." + (frac < 10 ? "0" : "") + frac;
    }

}
