package org.layoutcat.diagrams;

/**
 * The one visual style of every picture: a monospace font, three text sizes, a few inks. Text is measured
 * with the monospace advance {@link #CHAR_WIDTH} so that layout never depends on the renderer's fonts.
 */
public final class Style {
    private Style() {}

    /** The font stack: DejaVu Sans Mono where present (Linux, Batik), then the platform monospace. */
    public static final String FONT = "'DejaVu Sans Mono', Menlo, Consolas, monospace";
    /** Advance of one monospace character, in ems (DejaVu Sans Mono: 0.602; Menlo and Consolas are narrower). */
    public static final double CHAR_WIDTH = 0.62;
    /** Titles. */
    public static final double TITLE = 15;
    /** Entries, cell labels, headers. */
    public static final double LABEL = 12;
    /** Indices, captions, secondary lines. */
    public static final double SMALL = 10;
    /** No text of any picture is smaller than this. */
    public static final double MIN_FONT = SMALL;

    public static final String INK = "#1f2328";
    public static final String MUTED = "#656d76";
    public static final String LINE = "#3d444d";
    public static final String FRAME = "#c9d1d9";
    public static final String HEADER_FILL = "#f3f5f8";
    public static final String PAPER = "#ffffff";
    public static final String UNUSED_FILL = "#f6f8fa";
    /** Outlines what is wrong or costly: a bank conflict. */
    public static final String ALERT = "#cf222e";

    /** Outer margin of a picture. */
    public static final double MARGIN = 16;

    /** Width of {@code text} at font size {@code size}, with the monospace advance. */
    public static double textWidth(String text, double size) {
        return text.codePointCount(0, text.length()) * CHAR_WIDTH * size;
    }
}
