package org.layoutcat.core;

import java.util.Arrays;

/**
 * The nesting of a tuple without its values — CuTe's "profile" — written as an {@code int[]} in preorder: a leaf
 * is {@link #LEAF}, a tuple of rank r is r followed by its modes. {@code (6,(2,3))} is {@code [2, -1, 2, -1, -1]},
 * an integer is {@code [-1]}, {@code ()} is {@code [0]}. The i-th {@code LEAF} in the array holds the i-th leaf
 * (left to right) of any tuple with this nesting, so a layout is a profile with two arrays of leaves.
 *
 * <p>The encoding is canonical (equal nestings have equal arrays), and profile arrays are never written after
 * they are built, so they are shared freely between layouts.
 */
final class Profile {
    private Profile() {}

    /** The token of a leaf. */
    static final int LEAF = -1;

    private static final int[] INTEGER = {LEAF};
    private static final int[][] FLAT = new int[17][];

    static {
        for (int n = 0; n < FLAT.length; n++) FLAT[n] = makeFlat(n);
    }

    /** The profile of an integer, {@code [-1]}. */
    static int[] integer() {
        return INTEGER;
    }

    /** The profile of a flat tuple of n leaves, {@code [n, -1, ..., -1]}. */
    static int[] flat(int n) {
        return n < FLAT.length ? FLAT[n] : makeFlat(n);
    }

    private static int[] makeFlat(int n) {
        int[] p = new int[n + 1];
        Arrays.fill(p, LEAF);
        p[0] = n;
        return p;
    }

    /** The profile of {@code t}. */
    static int[] of(IntTuple t) {
        if (t.isLeaf()) return INTEGER;
        int[] p = new int[nodes(t)];
        write(t, p, 0);
        return p;
    }

    private static int nodes(IntTuple t) {
        if (t.isLeaf()) return 1;
        int n = 1;
        for (int i = 0; i < t.rank(); i++) n += nodes(t.mode(i));
        return n;
    }

    private static int write(IntTuple t, int[] p, int at) {
        if (t.isLeaf()) {
            p[at] = LEAF;
            return at + 1;
        }
        p[at++] = t.rank();
        for (int i = 0; i < t.rank(); i++) at = write(t.mode(i), p, at);
        return at;
    }

    /** The rank: 1 for an integer, else the number of top-level modes. */
    static int rank(int[] p) {
        return p[0] == LEAF ? 1 : p[0];
    }

    /** The position one past the subtree that starts at {@code at}. */
    static int end(int[] p, int at) {
        int open = 1;
        while (open > 0) {
            int v = p[at++];
            open += v == LEAF ? -1 : v - 1;
        }
        return at;
    }

    /** The number of leaves in positions {@code [from, to)}. */
    static int leaves(int[] p, int from, int to) {
        int n = 0;
        for (int k = from; k < to; k++) if (p[k] == LEAF) n++;
        return n;
    }

    /** The depth: 0 for an integer, 1 + the largest depth of a mode for a tuple. */
    static int depth(int[] p) {
        int depth = 0;
        int[] left = new int[p.length + 1]; // modes still to read at each open level
        int level = 0;
        for (int v : p) {
            if (v == LEAF) {
                left[level]--;
            } else {
                left[++level] = v;
                depth = Math.max(depth, level);
            }
            while (level > 0 && left[level] == 0) left[--level]--;
        }
        return depth;
    }

    /** The tuple of this nesting whose leaves, left to right, are {@code values}. */
    static IntTuple tuple(int[] p, long[] values) {
        if (p[0] == LEAF) return IntTuple.of(values[0]);
        int[] at = {0, 0};
        return build(p, values, at);
    }

    private static IntTuple build(int[] p, long[] values, int[] at) {
        int v = p[at[0]++];
        if (v == LEAF) return IntTuple.of(values[at[1]++]);
        if (v == 0) return IntTuple.EMPTY;
        IntTuple[] modes = new IntTuple[v];
        for (int i = 0; i < v; i++) modes[i] = build(p, values, at);
        return IntTuple.ofOwned(modes, v);
    }

    /**
     * The length of {@code values}, exactly the leaves, written in this nesting without spaces: {@code (6,(2,3))}
     * has 9 characters.
     */
    static int length(int[] p, long[] values) {
        int n = 0;
        for (int v : p) n += v == LEAF ? 0 : v == 0 ? 2 : v + 1; // "(" ")" and the commas of a tuple
        for (long x : values) n += digits(x);
        return n;
    }

    /**
     * Writes {@code values}, exactly the leaves, in this nesting without spaces ({@code (6,(2,3))}) as ASCII into
     * {@code dst} from {@code at}, which has {@link #length} bytes of room; returns the position after it. The one
     * printer of CuTe notation: {@link Layout#toString()}, {@link IntTuple#toString()} and the batch replies write
     * with it.
     */
    static int write(byte[] dst, int at, int[] p, long[] values) {
        if (p[0] == LEAF) return writeLong(dst, at, values[0]);
        return writeAt(dst, at, p, values, new int[2]);
    }

    /** Writes the subtree at {@code next[0]} of p, whose first leaf is {@code values[next[1]]}, moving both past it. */
    private static int writeAt(byte[] dst, int at, int[] p, long[] values, int[] next) {
        int v = p[next[0]++];
        if (v == LEAF) return writeLong(dst, at, values[next[1]++]);
        dst[at++] = '(';
        for (int i = 0; i < v; i++) {
            if (i > 0) dst[at++] = ',';
            at = writeAt(dst, at, p, values, next);
        }
        dst[at++] = ')';
        return at;
    }

    /** The characters of {@code v} in decimal. */
    static int digits(long v) {
        if (v < 0) return v == Long.MIN_VALUE ? 20 : 1 + digits(-v);
        int n = 1;
        for (long limit = 10; n < 19 && v >= limit; limit *= 10) n++;
        return n;
    }

    /** Writes {@code v} in decimal at {@code at}; returns the position after it. */
    static int writeLong(byte[] dst, int at, long v) {
        if (v < 0) {
            if (v == Long.MIN_VALUE) {
                for (int i = 0; i < MIN.length; i++) dst[at + i] = MIN[i];
                return at + MIN.length;
            }
            dst[at++] = '-';
            v = -v;
        }
        int end = at + digits(v);
        for (int i = end - 1; i >= at; i--) {
            dst[i] = (byte) ('0' + v % 10);
            v /= 10;
        }
        return end;
    }

    private static final byte[] MIN = Long.toString(Long.MIN_VALUE).getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    /**
     * The profile {@code like} with each leaf k replaced by {@code counts[k]} leaves: the leaf itself where the
     * count is 1, a flat tuple of them otherwise.
     */
    static int[] refine(int[] like, int[] counts) {
        int n = like.length;
        int leaf = 0;
        boolean same = true;
        for (int v : like) {
            if (v != LEAF) continue;
            int c = counts[leaf++];
            if (c != 1) {
                same = false;
                n += c; // the leaf becomes the rank c and c leaves
            }
        }
        if (same) return like;
        int[] p = new int[n];
        int at = 0;
        leaf = 0;
        for (int v : like) {
            if (v != LEAF) {
                p[at++] = v;
                continue;
            }
            int c = counts[leaf++];
            if (c != 1) p[at++] = c;
            for (int j = 0; j < c; j++) p[at++] = LEAF;
            if (c == 0) throw new IllegalStateException("a leaf refined into no leaves");
        }
        return p;
    }
}
