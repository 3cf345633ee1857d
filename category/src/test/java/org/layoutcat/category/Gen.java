package org.layoutcat.category;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;

/** Random small tuples, morphisms and tractable layouts for the property tests. */
public final class Gen {
    private Gen() {}

    public static long[] entries(Random r, int maxLen, int lo, int hi) {
        long[] t = new long[r.nextInt(maxLen + 1)];
        for (int i = 0; i < t.length; i++) t[i] = lo + r.nextInt(hi - lo + 1);
        return t;
    }

    /** The leaves grouped into a random nesting (an integer when there is one leaf and the coin says so). */
    public static IntTuple nest(Random r, long[] leaves) {
        if (leaves.length == 1 && r.nextBoolean()) return IntTuple.of(leaves[0]);
        return group(r, toList(leaves), 0);
    }

    private static IntTuple group(Random r, List<Long> xs, int depth) {
        List<IntTuple> modes = new ArrayList<>();
        int i = 0;
        while (i < xs.size()) {
            int len = depth < 2 && r.nextInt(3) == 0 ? 1 + r.nextInt(xs.size() - i) : 1;
            if (len == 1) modes.add(IntTuple.of(xs.get(i)));
            else modes.add(group(r, xs.subList(i, i + len), depth + 1));
            i += len;
        }
        return IntTuple.of(modes);
    }

    /** A random tuple morphism with the given domain: each entry hit (mostly) or sent to *, extra codomain entries. */
    public static TupleMorphism morphismFrom(Random r, long[] domain) {
        List<long[]> cod = new ArrayList<>(); // {value, source index or -1}
        for (int i = 0; i < domain.length; i++) if (r.nextInt(10) < 7) cod.add(new long[] {domain[i], i});
        int extra = r.nextInt(3);
        for (int k = 0; k < extra; k++) cod.add(new long[] {1 + r.nextInt(6), -1});
        Collections.shuffle(cod, r);
        long[] t = new long[cod.size()];
        int[] alpha = new int[domain.length];
        for (int j = 0; j < t.length; j++) {
            t[j] = cod.get(j)[0];
            if (cod.get(j)[1] >= 0) alpha[(int) cod.get(j)[1]] = j + 1;
        }
        return TupleMorphism.of(domain, t, alpha);
    }

    /** A random tuple morphism into the given codomain. */
    public static TupleMorphism morphismInto(Random r, long[] codomain) {
        List<long[]> dom = new ArrayList<>(); // {value, image}
        for (int j = 0; j < codomain.length; j++) if (r.nextInt(10) < 6) dom.add(new long[] {codomain[j], j + 1});
        int stars = r.nextInt(3);
        for (int k = 0; k < stars; k++) dom.add(new long[] {1 + r.nextInt(5), FinMorphism.STAR});
        Collections.shuffle(dom, r);
        long[] s = new long[dom.size()];
        int[] alpha = new int[dom.size()];
        for (int i = 0; i < s.length; i++) {
            s[i] = dom.get(i)[0];
            alpha[i] = (int) dom.get(i)[1];
        }
        return TupleMorphism.of(s, codomain, alpha);
    }

    /** A random tuple morphism, entries 1..6. */
    public static TupleMorphism morphism(Random r) {
        return morphismInto(r, entries(r, 5, 1, 6));
    }

    /** A random non-degenerate morphism of standard form (codomain entries ≥ 2). */
    public static TupleMorphism standardForm(Random r) {
        return standardForm(r, 4);
    }

    public static TupleMorphism standardForm(Random r, int maxHit) {
        int hits = r.nextInt(maxHit + 1);
        List<Long> t = new ArrayList<>();
        List<long[]> dom = new ArrayList<>();
        for (int h = 0; h < hits; h++) {
            if (r.nextInt(10) < 4) t.add(2L + r.nextInt(4));
            long v = 2 + r.nextInt(5);
            t.add(v);
            dom.add(new long[] {v, t.size()});
        }
        int stars = r.nextInt(3);
        for (int k = 0; k < stars; k++) dom.add(new long[] {1 + r.nextInt(5), FinMorphism.STAR});
        Collections.shuffle(dom, r);
        long[] s = new long[dom.size()];
        int[] alpha = new int[dom.size()];
        for (int i = 0; i < s.length; i++) {
            s[i] = dom.get(i)[0];
            alpha[i] = (int) dom.get(i)[1];
        }
        return TupleMorphism.of(s, toArray(t), alpha);
    }

    /** A non-degenerate tractable layout: a standard form encoded, its shape nested at random. */
    public static Layout tractable(Random r) {
        return tractable(r, 4);
    }

    public static Layout tractable(Random r, int maxHit) {
        TupleMorphism f = standardForm(r, maxHit);
        if (f.domainRank() == 0) return Layout.of(2 + r.nextInt(4), 0);
        Layout l = f.encodedLayout();
        IntTuple shape = nest(r, l.flatShapes());
        return Layout.of(shape, shape.withLeaves(l.flatStrides()));
    }

    /** A tractable layout that may be degenerate: some shape-1 modes carry an arbitrary stride. */
    public static Layout tractableMaybeDegenerate(Random r) {
        Layout l = tractable(r);
        long[] s = l.flatShapes();
        long[] d = l.flatStrides();
        for (int k = 0; k < s.length; k++) if (s[k] == 1 && r.nextBoolean()) d[k] = r.nextInt(50);
        return Layout.of(l.shape(), l.shape().withLeaves(d));
    }

    /** Any small layout with non-negative strides (rank ≤ 4). */
    public static Layout anyLayout(Random r) {
        int n = 1 + r.nextInt(4);
        long[] s = new long[n];
        long[] d = new long[n];
        for (int k = 0; k < n; k++) {
            s[k] = 1 + r.nextInt(6);
            d[k] = r.nextInt(4) == 0 ? 0 : 1 + r.nextInt(40);
        }
        IntTuple shape = nest(r, s);
        return Layout.of(shape, shape.withLeaves(d));
    }

    /** A random refinement of t: each leaf factored into a flat tuple (or kept). */
    public static IntTuple refine(Random r, IntTuple t) {
        if (t.isLeaf()) {
            List<Long> parts = factor(r, t.value());
            if (parts.size() == 1 && r.nextBoolean()) return IntTuple.of(parts.get(0));
            return IntTuple.flat(toArray(parts));
        }
        List<IntTuple> modes = new ArrayList<>();
        for (IntTuple m : t.modes()) modes.add(refine(r, m));
        return IntTuple.of(modes);
    }

    private static List<Long> factor(Random r, long n) {
        List<Long> parts = new ArrayList<>();
        long rest = n;
        while (rest > 1 && r.nextInt(3) > 0) {
            List<Long> divisors = new ArrayList<>();
            for (long q = 2; q < rest; q++) if (rest % q == 0) divisors.add(q);
            if (divisors.isEmpty()) break;
            long q = divisors.get(r.nextInt(divisors.size()));
            parts.add(q);
            rest /= q;
        }
        parts.add(rest);
        if (r.nextInt(8) == 0) parts.add(r.nextInt(parts.size() + 1), 1L);
        return parts;
    }

    /** Φ_x(i) = Φ_y(i) for every i < n. */
    public static boolean sameFunction(Layout x, Layout y, long n) {
        for (long i = 0; i < n; i++) if (x.apply(i) != y.apply(i)) return false;
        return true;
    }

    /** The sizes of the top-level modes. */
    public static List<Long> modeSizes(Layout l) {
        List<Long> out = new ArrayList<>();
        for (Layout m : l.modes()) out.add(m.size());
        return out;
    }

    static List<Long> toList(long[] a) {
        List<Long> out = new ArrayList<>();
        for (long x : a) out.add(x);
        return out;
    }

    public static long[] toArray(List<Long> xs) {
        long[] a = new long[xs.size()];
        for (int i = 0; i < a.length; i++) a[i] = xs.get(i);
        return a;
    }
}
