package org.layoutcat.diagrams.picture;

/**
 * The bound every grid picture meets before any work: at most {@link #MAX_CELLS} cells, counted from the shapes
 * alone (a picture past it would take seconds and hundreds of megabytes to build, and be unreadable).
 */
final class Picture {
    private Picture() {}

    /** Most cells one picture draws, all its grids together. */
    static final long MAX_CELLS = Grid.MAX_CELLS;

    /**
     * Refuses a picture of {@code cells} cells past {@link #MAX_CELLS}, naming the picture, what is too large, its
     * size, the limit and what to do instead.
     *
     * @param kind the picture, e.g. {@code "mma"}
     * @param what what holds the cells, e.g. {@code "the 256×256 tile"}
     * @param remedy what to draw instead
     * @throws IllegalArgumentException past the limit
     */
    static void requireCells(String kind, String what, long cells, String remedy) {
        if (cells > MAX_CELLS) {
            throw new IllegalArgumentException(String.format(java.util.Locale.ROOT,
                    "%s: %s has %,d cells, past the %,d cells a picture draws: %s", kind, what, cells, MAX_CELLS, remedy));
        }
    }
}
