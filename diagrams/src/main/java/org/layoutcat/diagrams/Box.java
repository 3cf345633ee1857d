package org.layoutcat.diagrams;

/**
 * An axis-aligned rectangle in picture coordinates (pixels, y pointing down). Immutable.
 *
 * @param x left edge
 * @param y top edge
 * @param w width, non-negative
 * @param h height, non-negative
 */
public record Box(double x, double y, double w, double h) {
    /**
     * The box at (x, y) of the given size.
     *
     * @throws IllegalArgumentException for a negative or NaN width or height
     */
    public Box {
        if (!(w >= 0) || !(h >= 0)) throw new IllegalArgumentException("box " + w + "x" + h + " has a negative or NaN size");
    }

    public double right() {
        return x + w;
    }

    public double bottom() {
        return y + h;
    }

    public double centerX() {
        return x + w / 2;
    }

    public double centerY() {
        return y + h / 2;
    }

    /** True when the interiors of the two boxes meet (touching edges do not count). */
    public boolean overlaps(Box o) {
        return x < o.right() && o.x < right() && y < o.bottom() && o.y < bottom();
    }

    /** True when the point lies on the boundary of this box, within {@code eps}. */
    public boolean onBoundary(Point p, double eps) {
        boolean inX = p.x() >= x - eps && p.x() <= right() + eps;
        boolean inY = p.y() >= y - eps && p.y() <= bottom() + eps;
        boolean onV = inY && (Math.abs(p.x() - x) <= eps || Math.abs(p.x() - right()) <= eps);
        boolean onH = inX && (Math.abs(p.y() - y) <= eps || Math.abs(p.y() - bottom()) <= eps);
        return onV || onH;
    }

    /** This box moved by (dx, dy). */
    public Box translate(double dx, double dy) {
        return new Box(x + dx, y + dy, w, h);
    }

    /** The smallest box holding both. */
    public Box union(Box o) {
        double x0 = Math.min(x, o.x);
        double y0 = Math.min(y, o.y);
        return new Box(x0, y0, Math.max(right(), o.right()) - x0, Math.max(bottom(), o.bottom()) - y0);
    }
}
