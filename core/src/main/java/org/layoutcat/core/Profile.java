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

    /** Writes {@code values}, exactly the leaves, in this nesting without spaces: {@code (6,(2,3))}. */
    static void append(StringBuilder sb, int[] p, long[] values) {
        if (p[0] == LEAF) {
            sb.append(values[0]);
            return;
        }
        if (p.length == p[0] + 1 && values.length == p[0]) { // a flat tuple: each mode one token, and a leaf
            sb.append('(');
            for (int k = 0; k < p[0]; k++) {
                if (k > 0) sb.append(',');
                sb.append(values[k]);
            }
            sb.append(')');
            return;
        }
        appendAt(sb, p, values, 0, 0);
    }

    /** Writes the subtree at {@code at}, whose first leaf is {@code values[leaf]}; returns {@code (next at, next leaf)}. */
    private static long appendAt(StringBuilder sb, int[] p, long[] values, int at, int leaf) {
        int v = p[at++];
        if (v == LEAF) {
            sb.append(values[leaf]);
            return (long) at << 32 | (leaf + 1);
        }
        sb.append('(');
        for (int i = 0; i < v; i++) {
            if (i > 0) sb.append(',');
            long next = appendAt(sb, p, values, at, leaf);
            at = (int) (next >>> 32);
            leaf = (int) next;
        }
        sb.append(')');
        return (long) at << 32 | leaf;
    }

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
