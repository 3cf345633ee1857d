package org.layoutcat.diagrams.picture;

import java.util.ArrayList;
import java.util.List;
import org.layoutcat.core.IntTuple;

/**
 * The tuple nodes of a nested tuple, each with the range of leaves it covers and its height, for drawing the
 * nesting as brackets.
 *
 * @param path the mode indices from the root ({@code []} for the root)
 * @param firstLeaf index of its first leaf in the flattening
 * @param lastLeaf index of its last leaf (inclusive); {@code lastLeaf < firstLeaf} for an empty tuple
 * @param height 1 for a tuple of leaves, 1 + the largest height of its tuple modes otherwise
 * @param children paths of its modes, each a tuple node or a leaf
 */
record TupleTree(List<Integer> path, int firstLeaf, int lastLeaf, int height, List<List<Integer>> children) {

    /** Every tuple node of {@code t} (none for a leaf), parents before children. */
    static List<TupleTree> nodes(IntTuple t) {
        List<TupleTree> out = new ArrayList<>();
        collect(t, new ArrayList<>(), 0, out);
        return out;
    }

    private static int collect(IntTuple t, List<Integer> path, int first, List<TupleTree> out) {
        if (t.isLeaf()) return first + 1;
        int slot = out.size();
        out.add(null);
        int at = first;
        List<List<Integer>> children = new ArrayList<>();
        for (int i = 0; i < t.rank(); i++) {
            List<Integer> p = new ArrayList<>(path);
            p.add(i);
            children.add(List.copyOf(p));
            at = collect(t.mode(i), p, at, out);
        }
        out.set(slot, new TupleTree(List.copyOf(path), first, at - 1, t.depth(), List.copyOf(children)));
        return at;
    }

    /** The sub-tuple of {@code t} at {@code path}. */
    static IntTuple at(IntTuple t, List<Integer> path) {
        IntTuple x = t;
        for (int i : path) x = x.mode(i);
        return x;
    }

    /** The index in the flattening of the leaf at {@code path} of {@code t}. */
    static int leafIndex(IntTuple t, List<Integer> path) {
        int idx = 0;
        IntTuple x = t;
        for (int i : path) {
            for (int k = 0; k < i; k++) idx += x.mode(k).leafCount();
            x = x.mode(i);
        }
        return idx;
    }

    /** {@code (0,1)} style name of a path. */
    static String name(List<Integer> path) {
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < path.size(); i++) {
            if (i > 0) sb.append(',');
            sb.append(path.get(i));
        }
        return sb.append(')').toString();
    }
}
