package org.layoutcat.diagrams;

import java.util.ArrayList;
import java.util.List;

/**
 * The drawing of a picture: a canvas size and a list of primitives in absolute pixel coordinates (y pointing
 * down), painted in order. Every writer (SVG, TikZ, and PNG through SVG) draws exactly these primitives, so the
 * geometry tests check the one thing all formats show.
 *
 * <p>Immutable; built with {@link Builder}.
 */
public final class Scene {
    /** Horizontal placement of a text relative to its x. */
    public enum Anchor { START, MIDDLE, END }

    /** A primitive of a scene. */
    public sealed interface Shape permits Rect, Text, Curve, Polyline {
        Shape translate(double dx, double dy);
    }

    /**
     * A rectangle.
     *
     * @param box where
     * @param fill {@code #rrggbb} or {@code none}
     * @param stroke {@code #rrggbb} or {@code none}
     * @param strokeWidth line width
     * @param radius corner radius (0 for square corners)
     * @param dashed a dashed outline
     * @param crisp drawn with crisp edges (grid cells)
     */
    public record Rect(Box box, String fill, String stroke, double strokeWidth, double radius, boolean dashed,
                       boolean crisp) implements Shape {
        @Override
        public Rect translate(double dx, double dy) {
            return new Rect(box.translate(dx, dy), fill, stroke, strokeWidth, radius, dashed, crisp);
        }
    }

    /**
     * A one-line text whose vertical centre is at {@code y}: writers place the baseline at
     * {@code y + 0.35·size} instead of relying on dominant-baseline.
     *
     * @param x the anchor's x
     * @param y the vertical centre
     * @param text the characters
     * @param size font size in pixels, at least {@link Style#MIN_FONT}
     * @param anchor where x is: start, middle or end of the text
     * @param fill text colour
     * @param bold bold weight
     */
    public record Text(double x, double y, String text, double size, Anchor anchor, String fill, boolean bold)
            implements Shape {
        @Override
        public Text translate(double dx, double dy) {
            return new Text(x + dx, y + dy, text, size, anchor, fill, bold);
        }

        /** The box the text occupies, measured with the monospace advance and a line height of one em. */
        public Box bounds() {
            double w = Style.textWidth(text, size);
            double left = switch (anchor) {
                case START -> x;
                case MIDDLE -> x - w / 2;
                case END -> x - w;
            };
            return new Box(left, y - size / 2, w, size);
        }

        /** The baseline's y: the centre plus 0.35 em. */
        public double baseline() {
            return y + 0.35 * size;
        }
    }

    /**
     * A cubic Bézier curve, optionally ending in the arrowhead whose tip is exactly at {@code to}.
     *
     * @param id the id of the diagram edge it draws, or null
     */
    public record Curve(Point from, Point c1, Point c2, Point to, String stroke, double width, boolean arrow,
                        boolean dashed, String id) implements Shape {
        @Override
        public Curve translate(double dx, double dy) {
            return new Curve(from.translate(dx, dy), c1.translate(dx, dy), c2.translate(dx, dy), to.translate(dx, dy),
                    stroke, width, arrow, dashed, id);
        }
    }

    /** An open polyline (brackets, connectors). */
    public record Polyline(List<Point> points, String stroke, double width) implements Shape {
        /**
         * The polyline through the given points (copied).
         *
         * @throws IllegalArgumentException for fewer than two points
         */
        public Polyline {
            points = List.copyOf(points);
            if (points.size() < 2) throw new IllegalArgumentException("a polyline needs two points, got " + points.size());
        }

        @Override
        public Polyline translate(double dx, double dy) {
            return new Polyline(points.stream().map(p -> p.translate(dx, dy)).toList(), stroke, width);
        }
    }

    private final double width;
    private final double height;
    private final List<Shape> shapes;

    private Scene(double width, double height, List<Shape> shapes) {
        this.width = width;
        this.height = height;
        this.shapes = List.copyOf(shapes);
    }

    /** Canvas width in pixels. */
    public double width() {
        return width;
    }

    /** Canvas height in pixels. */
    public double height() {
        return height;
    }

    /** The primitives in painting order. */
    public List<Shape> shapes() {
        return shapes;
    }

    /** The texts of the scene, in painting order. */
    public List<Text> texts() {
        return shapes.stream().filter(Text.class::isInstance).map(Text.class::cast).toList();
    }

    /** The curves of the scene, in painting order. */
    public List<Curve> curves() {
        return shapes.stream().filter(Curve.class::isInstance).map(Curve.class::cast).toList();
    }

    /** A mutable collector of primitives; {@link #build} fixes the canvas size. */
    public static final class Builder {
        private final List<Shape> shapes = new ArrayList<>();

        public Builder add(Shape s) {
            shapes.add(s);
            return this;
        }

        /** Adds every shape of {@code scene} moved by (dx, dy), curve ids prefixed by {@code idPrefix}. */
        public Builder addAll(Scene scene, double dx, double dy, String idPrefix) {
            for (Shape s : scene.shapes) {
                Shape t = s.translate(dx, dy);
                if (t instanceof Curve c && c.id() != null) {
                    t = new Curve(c.from(), c.c1(), c.c2(), c.to(), c.stroke(), c.width(), c.arrow(), c.dashed(), idPrefix + c.id());
                }
                shapes.add(t);
            }
            return this;
        }

        public Builder line(Point a, Point b, String stroke, double width) {
            return add(new Polyline(List.of(a, b), stroke, width));
        }

        public Scene build(double width, double height) {
            return new Scene(width, height, shapes);
        }
    }
}
