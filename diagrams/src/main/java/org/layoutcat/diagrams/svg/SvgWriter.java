package org.layoutcat.diagrams.svg;

import org.layoutcat.diagrams.Markup;
import org.layoutcat.diagrams.Diagram;
import org.layoutcat.diagrams.Point;
import org.layoutcat.diagrams.Scene;
import org.layoutcat.diagrams.Style;

/**
 * Writes a scene as an SVG 1.1 document: deterministic text (the same scene gives the same bytes, for golden
 * tests), a viewBox plus absolute pixel width and height, {@code text-anchor} with the baseline placed
 * explicitly at centre + 0.35 em (no dominant-baseline, which renderers disagree on), one {@code <marker>} for
 * every arrowhead, {@code shape-rendering="crispEdges"} on grid cells, no DOCTYPE.
 */
public final class SvgWriter {
    private SvgWriter() {}

    /** The id of the single arrowhead marker. */
    public static final String ARROW_MARKER = "arrowhead";

    /** The SVG document of the diagram, titled with its title. */
    public static String write(Diagram d) {
        return write(d.scene(), d.title());
    }

    /** The SVG document of the scene. */
    public static String write(Scene scene, String title) {
        StringBuilder sb = new StringBuilder(256 + 120 * scene.shapes().size());
        String w = num(scene.width());
        String h = num(scene.height());
        sb.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        sb.append("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"").append(w)
                .append("\" height=\"").append(h).append("\" viewBox=\"0 0 ").append(w).append(' ').append(h)
                .append("\" font-family=\"").append(Markup.escape(Style.FONT)).append("\">\n");
        sb.append("<title>").append(Markup.escape(title)).append("</title>\n");
        if (!scene.curves().isEmpty()) {
            sb.append("<defs><marker id=\"").append(ARROW_MARKER).append("\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\"")
                    .append(" markerWidth=\"9\" markerHeight=\"9\" markerUnits=\"userSpaceOnUse\" orient=\"auto\">")
                    .append("<path d=\"M0,0 L10,5 L0,10 Z\" fill=\"").append(Style.LINE).append("\"/></marker></defs>\n");
        }
        sb.append("<rect x=\"0\" y=\"0\" width=\"").append(w).append("\" height=\"").append(h)
                .append("\" fill=\"").append(Style.PAPER).append("\"/>\n");
        for (Scene.Shape s : scene.shapes()) {
            if (s instanceof Scene.Rect r) rect(sb, r);
            else if (s instanceof Scene.Text t) text(sb, t);
            else if (s instanceof Scene.Curve c) curve(sb, c);
            else polyline(sb, (Scene.Polyline) s);
        }
        sb.append("</svg>\n");
        return sb.toString();
    }

    private static void rect(StringBuilder sb, Scene.Rect r) {
        sb.append("<rect x=\"").append(num(r.box().x())).append("\" y=\"").append(num(r.box().y()))
                .append("\" width=\"").append(num(r.box().w())).append("\" height=\"").append(num(r.box().h())).append('"');
        if (r.radius() > 0) sb.append(" rx=\"").append(num(r.radius())).append('"');
        sb.append(" fill=\"").append(r.fill()).append("\" stroke=\"").append(r.stroke()).append('"');
        if (!"none".equals(r.stroke())) sb.append(" stroke-width=\"").append(num(r.strokeWidth())).append('"');
        if (r.dashed()) sb.append(" stroke-dasharray=\"4 3\"");
        if (r.crisp()) sb.append(" shape-rendering=\"crispEdges\"");
        sb.append("/>\n");
    }

    private static void text(StringBuilder sb, Scene.Text t) {
        String anchor = switch (t.anchor()) {
            case START -> "start";
            case MIDDLE -> "middle";
            case END -> "end";
        };
        sb.append("<text x=\"").append(num(t.x())).append("\" y=\"").append(num(t.baseline()))
                .append("\" font-size=\"").append(num(t.size())).append("\" text-anchor=\"").append(anchor)
                .append("\" fill=\"").append(t.fill()).append('"');
        if (t.bold()) sb.append(" font-weight=\"bold\"");
        sb.append('>').append(Markup.escape(t.text())).append("</text>\n");
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
