package org.layoutcat.diagrams;

/** A point in picture coordinates (pixels, y pointing down). Immutable. */
public record Point(double x, double y) {
    public Point translate(double dx, double dy) {
        return new Point(x + dx, y + dy);
    }
}
