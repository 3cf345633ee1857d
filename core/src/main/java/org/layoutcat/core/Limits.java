package org.layoutcat.core;

/**
 * The documented limits on input, so that any one request runs in bounded memory and time: text past them is
 * refused with an error naming the limit, never read into exhaustion. They are far above any layout a kernel
 * builds (CuTe's layouts have a few dozen modes and a depth of 3 or 4).
 */
public final class Limits {
    private Limits() {}

    /** The longest text read as a tuple, layout or tiler: 1,048,576 characters. */
    public static final int MAX_TEXT_LENGTH = 1 << 20;

    /** The deepest nesting of tuples and by-mode tilers read: 64 levels. */
    public static final int MAX_DEPTH = 64;

    /** The most integers in one tuple read (the flat modes of a shape or a stride): 4,096. */
    public static final int MAX_FLAT_MODES = 4096;
}
