package org.layoutcat.diagrams;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.layoutcat.category.NestMorphism;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;

/** Random nested tuples, morphisms and layouts of a size a picture draws, for the property tests of every package. */
public final class RandomValues {
    private RandomValues() {}

    /** A random nesting of {@code leaves[from..to)}. */
    public static IntTuple nest(Random r, long[] leaves, int from, int to) {
        if (to - from == 1 && r.nextInt(3) > 0) return IntTuple.of(leaves[from]);
        List<IntTuple> modes = new ArrayList<>();
        int at = from;
        while (at < to) {
            int len = 1 + r.nextInt(Math.min(3, to - at));
            modes.add(len == 1 ? IntTuple.of(leaves[at]) : nest(r, leaves, at, at + len));
            at += len;
        }
        return IntTuple.of(modes);
    }

    /** A random nest morphism with m domain entries and up to {@code extra} unhit codomain entries, some sent to *. */
    public static NestMorphism morphism(Random r, int m, int extra) {
        long[] s = new long[m];
        for (int i = 0; i < m; i++) s[i] = 1 + r.nextInt(9);
        List<Integer> hit = new ArrayList<>();
        for (int i = 0; i < m; i++) if (r.nextInt(5) > 0) hit.add(i);
        int n = hit.size() + extra;
        List<Integer> slots = new ArrayList<>();
        for (int j = 0; j < n; j++) slots.add(j);
        Collections.shuffle(slots, r);
        long[] t = new long[n];
        int[] alpha = new int[m];
        for (int j = 0; j < n; j++) t[j] = 1 + r.nextInt(9);
        for (int k = 0; k < hit.size(); k++) {
            int i = hit.get(k);
            int j = slots.get(k);
            t[j] = s[i];
            alpha[i] = j + 1;
        }
        IntTuple dom = m == 0 ? IntTuple.EMPTY : nest(r, s, 0, m);
        IntTuple cod = n == 0 ? IntTuple.EMPTY : nest(r, t, 0, n);
        return NestMorphism.of(dom, cod, alpha);
    }

    /** A random layout of rank 1 to 3 with nested modes and at most 256 elements. */
    public static Layout layout(Random r) {
        int leaves = 1 + r.nextInt(5);
        long[] s = new long[leaves];
        long[] d = new long[leaves];
        long size = 1;
        for (int i = 0; i < leaves; i++) {
            s[i] = 1 + r.nextInt(Math.max(1, (int) Math.min(4, 256 / size)));
            size *= s[i];
            d[i] = r.nextInt(40);
        }
        IntTuple shape = nest(r, s, 0, leaves);
        return Layout.of(shape, shape.withLeaves(d));
    }
}
