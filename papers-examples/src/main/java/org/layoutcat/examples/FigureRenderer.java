package org.layoutcat.examples;

/** Draws a {@link Figure} as SVG text; an IllegalArgumentException where the figure cannot be drawn. */
@FunctionalInterface
public interface FigureRenderer {
    String svg(Figure figure);
}
