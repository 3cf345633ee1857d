package org.layoutcat.diagrams.export;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.Shape;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.awt.geom.RoundRectangle2D;
import java.awt.image.BufferedImage;
import java.util.HashMap;
import java.util.Map;
import org.layoutcat.diagrams.Point;
import org.layoutcat.diagrams.Scene;
import org.layoutcat.diagrams.Style;

/**
 * Paints a scene's primitives straight onto a Java2D image, with the meaning {@link org.layoutcat.diagrams.svg.SvgWriter}
 * gives them in SVG: fill then stroke (butt caps, miter joins), dashes {@code 4 3} on rectangles and {@code 5 3} on
 * curves, crisp (unantialiased) grid cells, text anchored at start, middle or end of its measured advance with the
 * baseline at {@link Scene.Text#baseline()}, and the arrowhead of the SVG marker (a triangle 9 px long and 9 px wide
 * in {@link Style#LINE}, its tip at the curve's end, along the curve's end tangent).
 *
 * <p>Why not through the SVG: Batik parses the document into a DOM, cascades CSS for every element and lays out
 * every text as an attributed string; on a 128x64 grid (8,192 cells, 8,400 texts) that took 5 to 10 s of a 6 to 12 s
 * run, where painting the same primitives directly takes a fraction of a second. Fonts are made once per (size,
 * weight) and colours once per value, so the work is one Java2D call per primitive.
 */
final class ScenePainter {
    private static final String FAMILY = family();

    private final Graphics2D g;
    private final Map<String, Color> colours = new HashMap<>();
    private final Map<Long, Font> fonts = new HashMap<>();
    private final Map<Long, BasicStroke> strokes = new HashMap<>();

    private ScenePainter(Graphics2D g) {
        this.g = g;
    }

    /**
     * The scene painted on a {@code widthPx x heightPx} opaque image, scaled by {@code widthPx / scene.width()} in both
     * directions.
     */
    static BufferedImage paint(Scene scene, int widthPx, int heightPx) {
        BufferedImage img = new BufferedImage(widthPx, heightPx, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY);
            g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_ON);
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, widthPx, heightPx);
            double s = widthPx / scene.width();
            g.scale(s, s);
            ScenePainter p = new ScenePainter(g);
            for (Scene.Shape shape : scene.shapes()) {
                switch (shape) {
                    case Scene.Rect r -> p.rect(r);
                    case Scene.Text t -> p.text(t);
                    case Scene.Curve c -> p.curve(c);
                    case Scene.Polyline l -> p.polyline(l);
                }
            }
        } finally {
            g.dispose();
        }
        return img;
    }

    private void rect(Scene.Rect r) {
        var b = r.box();
        Shape shape = r.radius() > 0
                ? new RoundRectangle2D.Double(b.x(), b.y(), b.w(), b.h(), 2 * r.radius(), 2 * r.radius())
                : new Rectangle2D.Double(b.x(), b.y(), b.w(), b.h());
        antialias(!r.crisp());
        if (!"none".equals(r.fill())) {
            g.setColor(colour(r.fill()));
            g.fill(shape);
        }
        if (!"none".equals(r.stroke()) && r.strokeWidth() > 0) {
            g.setColor(colour(r.stroke()));
            g.setStroke(stroke(r.strokeWidth(), r.dashed() ? 4 : 0, 3));
            g.draw(shape);
        }
    }

    private void text(Scene.Text t) {
        String shown = collapse(t.text());
        if (shown.isEmpty()) return;
        Font f = font(t.size(), t.bold());
        g.setFont(f);
        g.setColor(colour(t.fill()));
        double x = t.x();
        if (t.anchor() != Scene.Anchor.START) {
            double w = f.getStringBounds(shown, g.getFontRenderContext()).getWidth();
            x -= t.anchor() == Scene.Anchor.MIDDLE ? w / 2 : w;
        }
        g.drawString(shown, (float) x, (float) t.baseline());
    }

    /**
     * The text as SVG shows it under the default {@code xml:space}: tabs and line breaks as spaces, runs of spaces as
     * one, none at either end.
     */
    static String collapse(String text) {
        boolean plain = !text.isEmpty() && text.charAt(0) != ' ' && text.charAt(text.length() - 1) != ' '
                && !text.contains("  ") && text.indexOf('\t') < 0 && text.indexOf('\n') < 0 && text.indexOf('\r') < 0;
        return plain ? text : text.replaceAll("[\\t\\n\\r ]+", " ").strip();
    }

    private void curve(Scene.Curve c) {
        antialias(true);
        Path2D.Double path = new Path2D.Double();
        path.moveTo(c.from().x(), c.from().y());
        path.curveTo(c.c1().x(), c.c1().y(), c.c2().x(), c.c2().y(), c.to().x(), c.to().y());
        g.setColor(colour(c.stroke()));
        g.setStroke(stroke(c.width(), c.dashed() ? 5 : 0, 3));
        g.draw(path);
        if (c.arrow()) arrowhead(c);
    }

    /** The marker of SvgWriter: M0,0 L10,5 L0,10 Z in a 9x9 user-space box, refX=10 refY=5, orient auto. */
    private void arrowhead(Scene.Curve c) {
        Point tip = c.to();
        Point[] back = {c.c2(), c.c1(), c.from()};
        double dx = 0;
        double dy = 0;
        for (Point q : back) {
            dx = tip.x() - q.x();
            dy = tip.y() - q.y();
            if (dx != 0 || dy != 0) break;
        }
        double len = Math.hypot(dx, dy);
        if (len == 0) return;
        double ux = dx / len;
        double uy = dy / len;
        Path2D.Double head = new Path2D.Double();
        head.moveTo(tip.x() - 9 * ux + 4.5 * uy, tip.y() - 9 * uy - 4.5 * ux);
        head.lineTo(tip.x(), tip.y());
        head.lineTo(tip.x() - 9 * ux - 4.5 * uy, tip.y() - 9 * uy + 4.5 * ux);
        head.closePath();
        g.setColor(colour(Style.LINE));
        g.fill(head);
    }

    private void polyline(Scene.Polyline l) {
        antialias(true);
        Path2D.Double path = new Path2D.Double();
        for (int i = 0; i < l.points().size(); i++) {
            Point q = l.points().get(i);
            if (i == 0) path.moveTo(q.x(), q.y());
            else path.lineTo(q.x(), q.y());
        }
        g.setColor(colour(l.stroke()));
        g.setStroke(stroke(l.width(), 0, 0));
        g.draw(path);
    }

    private void antialias(boolean on) {
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING,
                on ? RenderingHints.VALUE_ANTIALIAS_ON : RenderingHints.VALUE_ANTIALIAS_OFF);
    }

    private Color colour(String hex) {
        return colours.computeIfAbsent(hex, ScenePainter::parseColour);
    }

    private static Color parseColour(String hex) {
        if (hex.length() != 7 || hex.charAt(0) != '#') {
            throw new IllegalArgumentException("colour " + hex + " is not #rrggbb");
        }
        return new Color(Integer.parseInt(hex.substring(1), 16));
    }

    private Font font(double size, boolean bold) {
        long key = Double.doubleToLongBits(size) ^ (bold ? 1 : 0);
        return fonts.computeIfAbsent(key, k -> new Font(FAMILY, bold ? Font.BOLD : Font.PLAIN, 1).deriveFont((float) size));
    }

    private BasicStroke stroke(double width, float dash, float gap) {
        long key = Double.doubleToLongBits(width) * 31 + (long) dash;
        return strokes.computeIfAbsent(key, k -> dash > 0
                ? new BasicStroke((float) width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 4, new float[] {dash, gap}, 0)
                : new BasicStroke((float) width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 4));
    }

    /**
     * The first family of {@link Style#FONT} this machine has (a font of another name falls back to Dialog, so its
     * family tells), else the logical monospace font.
     */
    private static String family() {
        for (String want : Style.FONT.split(",")) {
            String name = want.strip().replace("'", "");
            if (name.equals("monospace")) break;
            if (new Font(name, Font.PLAIN, 12).getFamily(java.util.Locale.ROOT).equalsIgnoreCase(name)) return name;
        }
        return Font.MONOSPACED;
    }
}
