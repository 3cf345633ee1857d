package org.layoutcat.core.internal;

import org.layoutcat.core.Layout;

/**
 * Layouts built from flat arrays without copying them twice, for the algorithms of layoutcat's other packages (the
 * JDK's shared-secrets pattern: {@link Layout} hands its array factories over to {@link LayoutFactories} when its
 * class initializes, so they stay out of its public API). Not public API.
 */
public final class FlatLayouts {
    private FlatLayouts() {}

    /** Layout's factories: initializing {@link Layout} installs them in {@link LayoutFactories}. */
    @SuppressWarnings("unchecked") // Layout installs the factories of Layout
    private static LayoutFactories.Factories<Layout> factories() {
        if (Layout.TRIVIAL == null) throw new IllegalStateException("Layout is not initialized"); // initializes it
        return (LayoutFactories.Factories<Layout>) LayoutFactories.installed();
    }

    /**
     * The layout of the n flat modes {@code shape[0..n):stride[0..n)} nested as a refinement of {@code like}'s shape:
     * like's flat mode k becomes the next {@code counts[k]} modes, itself where the count is 1 and a tuple of them
     * otherwise (so {@code like = (6,6)} with counts {@code (1,2)} nests 3 modes as {@code (a,(b,c))}). This is the
     * shape of a composition {@code A∘like}. The arrays are copied; Σ counts must be n, each count positive.
     */
    public static Layout refiningShapeOf(Layout like, int[] counts, long[] shape, long[] stride, int n) {
        return factories().refiningShapeOf(like, counts, shape, stride, n);
    }

    /**
     * The layout whose modes are l's modes in order, each mode i with bit i of {@code mask} set (i < 32) replaced by
     * its own modes (an integral mode is its own single mode): {@code ((a,b),(c,d))} with mask 2 gives
     * {@code ((a,b),c,d)}, with mask 3 {@code (a,b,c,d)}. The leaves keep their order, so only the nesting is new: the
     * result shares l's flat arrays. It always is a tuple (of rank 1 where only one mode is left), as {@link
     * Layout#concat(java.util.List)} of those modes is.
     */
    public static Layout spliceModes(Layout l, int mask) {
        return factories().spliceModes(l, mask);
    }

    /** The length of {@code l.toString()}, CuTe notation without spaces. */
    public static int notationLength(Layout l) {
        return factories().notationLength(l);
    }

    /**
     * Writes {@code l.toString()} as ASCII bytes at {@code dst[at]}, which has {@link #notationLength} bytes of room,
     * without making the string; returns the position after it (the batch mode writes its replies so).
     */
    public static int writeNotation(Layout l, byte[] dst, int at) {
        return factories().writeNotation(l, dst, at);
    }

    /** The flat layout of the first n entries of {@code shape} and {@code stride}, copied; {@code s:d} for n = 1. */
    public static Layout flat(long[] shape, long[] stride, int n) {
        return factories().flat(shape, stride, n);
    }
}
