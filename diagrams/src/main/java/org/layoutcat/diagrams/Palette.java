package org.layoutcat.diagrams;

/**
 * The fill colours of cells and entries: twelve light colours under dark text, colour 0 blue (thread 0 of a
 * thread–value picture is blue, as in the pictures of seed 003), repeating cyclically.
 */
public final class Palette {
    private Palette() {}

    private static final String[] FILLS = {
        "#a6cee3", "#fdbf6f", "#b2df8a", "#fb9a99", "#cab2d6", "#ffed6f",
        "#8dd3c7", "#f7b6d2", "#e5c494", "#d9d9d9", "#bebada", "#ccebc5",
    };

    /** Number of distinct colours before the palette repeats. */
    public static int size() {
        return FILLS.length;
    }

    /** Colour {@code k mod size()} as {@code #rrggbb}; a negative {@code k} is the plain paper colour. */
    public static String fill(long k) {
        if (k < 0) return Style.PAPER;
        return FILLS[(int) Math.floorMod(k, (long) FILLS.length)];
    }
}
