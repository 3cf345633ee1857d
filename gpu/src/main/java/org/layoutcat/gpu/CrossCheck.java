package org.layoutcat.gpu;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.algebra.Composition;
import org.layoutcat.gpu.ptx.NormalizedComposedLayout;

/**
 * Runs every operation on random layouts and sizes through a backend under test and a reference backend and
 * compares the results element by element: realize (32- and 64-bit offsets), compare (the engine's composite
 * {@code A∘B} against {@code A} applied to {@code B}'s offsets, and against a perturbed layout), gather and
 * scatter (4- and 8-byte elements, general layouts and transposes with partial tiles), seed 003's partition, and
 * realize, gather and scatter through random swizzled (composed) layouts.
 * Inputs are random (never zeros), and scatter targets start from the same random contents on both sides.
 */
public final class CrossCheck {
    private CrossCheck() {}

    /**
     * What a cross-check found.
     *
     * @param cases    the number of operations compared
     * @param failures descriptions of the operations whose results differed (or that failed on one side only)
     * @param counts   cases per operation
     * @param points   the total number of points compared
     */
    public record Report(int cases, List<String> failures, Map<String, Integer> counts, long points) {
        public Report {
            failures = List.copyOf(failures);
            counts = Map.copyOf(counts);
        }

        public boolean passed() {
            return failures.isEmpty();
        }

        /** One line, e.g. {@code 400 cases, 0 failures, 1234567 points (realize32=40, ...)}. */
        public String summary() {
            return cases + " cases, " + failures.size() + " failures, " + points + " points " + new java.util.TreeMap<>(counts);
        }
    }

    /**
     * {@code cases} random operations with layouts of at most {@code maxSize} points, seeded by {@code seed}; progress
     * and failures go to {@code log} (may be null). With {@code huge}, also one compare over {@code 2^32} points.
     */
    public static Report run(Backend tested, Backend reference, long seed, int cases, long maxSize, boolean huge, PrintStream log) {
        Random rnd = new Random(seed);
        List<String> failures = new ArrayList<>();
        Map<String, Integer> counts = new LinkedHashMap<>();
        long points = 0;
        String[] ops = {"realize32", "realize64", "compare-composite", "compare-perturbed", "gather4", "gather8",
            "scatter4", "scatter8", "gather-transpose4", "scatter-transpose8", "partition4", "partition8",
            "realize-swizzled32", "realize-swizzled64", "gather-swizzled4", "gather-swizzled8", "scatter-swizzled4", "scatter-swizzled8"};
        for (int c = 0; c < cases; c++) {
            String op = ops[c % ops.length];
            long size = c % 37 == 36 ? maxSize * 64 : maxSize; // now and then a larger case
            String what = op;
            try {
                Outcome o = one(op, rnd, size, tested, reference);
                what = o.description;
                points += o.points;
                counts.merge(op, 1, Integer::sum);
                if (o.difference != null) failures.add(op + " " + o.description + ": " + o.difference);
            } catch (RuntimeException e) {
                failures.add(op + " " + what + ": " + e);
            }
        }
        if (huge) {
            Layout a = Layout.parse("(65536,65536):(65536,1)");
            Layout b = Layout.parse("((256,256),(256,256)):((256,16777216),(1,65536))");
            Layout r = Composition.compose(a, b);
            long n = b.size();
            Comparison x = tested.compare(LayoutChain.of(r), LayoutChain.composite(a, b), n);
            Comparison y = reference.compare(LayoutChain.of(r), LayoutChain.composite(a, b), n);
            counts.merge("compare-2^32", 1, Integer::sum);
            points += n;
            if (!x.equals(y)) failures.add("compare-2^32 " + r + " vs " + a + "∘" + b + ": " + x + " vs " + y);
        }
        Report rep = new Report(counts.values().stream().mapToInt(Integer::intValue).sum(), failures, counts, points);
        if (log != null) {
            for (String f : failures) log.println("FAIL " + f);
        }
        return rep;
    }

    private record Outcome(String description, long points, String difference) {}

    private static Outcome one(String op, Random rnd, long maxSize, Backend t, Backend r) {
        switch (op) {
            case "realize32": {
                Layout l = rnd.nextBoolean() ? RandomLayouts.injective(rnd, maxSize) : RandomLayouts.arbitrary(rnd, maxSize, false);
                int[] x = poison32(rnd, (int) l.size());
                int[] y = x.clone();
                t.realize(l, x);
                r.realize(l, y);
                return new Outcome(l.toString(), l.size(), diff(x, y));
            }
            case "realize64": {
                Layout l = RandomLayouts.arbitrary(rnd, maxSize, true);
                if (rnd.nextInt(3) == 0) l = scaled(l, 1L << 31); // offsets past 2^32: 64-bit arithmetic
                long[] x = poison64(rnd, (int) l.size());
                long[] y = x.clone();
                t.realize(l, x);
                r.realize(l, y);
                return new Outcome(l.toString(), l.size(), diff(x, y));
            }
            case "compare-composite": {
                for (int attempt = 0; ; attempt++) {
                    Layout a = RandomLayouts.injective(rnd, maxSize);
                    Layout b = RandomLayouts.injective(rnd, Math.max(2, a.size()));
                    if (b.cosize() > a.size() && attempt < 50) continue; // B inside A's domain: R = A∘B pointwise
                    Layout comp;
                    try {
                        comp = Composition.compose(a, b);
                    } catch (IllegalArgumentException e) {
                        if (attempt < 50) continue;
                        a = Layout.parse("(8,4):(4,1)");
                        b = Layout.parse("(4,8):(8,1)");
                        comp = Composition.compose(a, b);
                    }
                    long n = b.size();
                    LayoutChain lhs = LayoutChain.of(comp);
                    LayoutChain rhs = LayoutChain.composite(a, b);
                    Comparison x = t.compare(lhs, rhs, n);
                    Comparison y = r.compare(lhs, rhs, n);
                    String d = !x.equals(y) ? x + " vs " + y : x.agrees() ? null : "the composite differs from A∘B: " + x;
                    return new Outcome(comp + " vs " + rhs, n, d);
                }
            }
            case "compare-perturbed": {
                Layout a = RandomLayouts.arbitrary(rnd, maxSize, false);
                long[] s = a.flatShapes();
                long[] d = a.flatStrides();
                d[rnd.nextInt(d.length)] += 1 + rnd.nextInt(3);
                Layout b = Layout.flat(s, d);
                long n = 1 + (long) (rnd.nextDouble() * 3 * a.size()); // past the size too: the last mode is unbounded
                Comparison x = t.compare(LayoutChain.of(a), LayoutChain.of(b), n);
                Comparison y = r.compare(LayoutChain.of(a), LayoutChain.of(b), n);
                return new Outcome(a + " vs " + b + " on " + n, n, x.equals(y) ? null : x + " vs " + y);
            }
            case "gather4":
            case "gather-transpose4": {
                Layout l = op.equals("gather4") ? RandomLayouts.arbitrary(rnd, maxSize, false) : RandomLayouts.transpose(rnd, 300, 3);
                int[] src = poison32(rnd, (int) cosize(l));
                int[] x = new int[(int) l.size()];
                int[] y = new int[x.length];
                t.gather(l, src, x);
                r.gather(l, src, y);
                return new Outcome(l.toString(), l.size(), diff(x, y));
            }
            case "gather8": {
                Layout l = RandomLayouts.injective(rnd, maxSize);
                long[] src = poison64(rnd, (int) cosize(l));
                long[] x = new long[(int) l.size()];
                long[] y = new long[x.length];
                t.gather(l, src, x);
                r.gather(l, src, y);
                return new Outcome(l.toString(), l.size(), diff(x, y));
            }
            case "scatter4": {
                Layout l = RandomLayouts.injective(rnd, maxSize);
                int[] src = poison32(rnd, (int) l.size());
                int[] x = poison32(rnd, (int) cosize(l));
                int[] y = x.clone();
                t.scatter(l, src, x);
                r.scatter(l, src, y);
                return new Outcome(l.toString(), l.size(), diff(x, y));
            }
            case "scatter8":
            case "scatter-transpose8": {
                Layout l = op.equals("scatter8") ? RandomLayouts.injective(rnd, maxSize) : RandomLayouts.transpose(rnd, 300, 3);
                long[] src = poison64(rnd, (int) l.size());
                long[] x = poison64(rnd, (int) cosize(l));
                long[] y = x.clone();
                t.scatter(l, src, x);
                r.scatter(l, src, y);
                return new Outcome(l.toString(), l.size(), diff(x, y));
            }
            case "partition4":
            case "partition8": {
                Layout tv = randomTv(rnd, maxSize);
                int n = (int) tv.size();
                int cos = (int) cosize(tv);
                if (op.equals("partition4")) {
                    int[] src = poison32(rnd, cos);
                    int[] x = new int[n];
                    int[] y = new int[n];
                    t.partition(tv, src, x);
                    r.partition(tv, src, y);
                    return new Outcome(tv.toString(), n, diff(x, y));
                }
                long[] src = poison64(rnd, cos);
                long[] x = new long[n];
                long[] y = new long[n];
                t.partition(tv, src, x);
                r.partition(tv, src, y);
                return new Outcome(tv.toString(), n, diff(x, y));
            }
            case "realize-swizzled32":
            case "realize-swizzled64": {
                ComposedLayout l = RandomLayouts.composed(rnd, maxSize, rnd.nextBoolean());
                if (op.endsWith("32")) {
                    int[] x = poison32(rnd, (int) l.size());
                    int[] y = x.clone();
                    t.realize(l, x);
                    r.realize(l, y);
                    return new Outcome(l.toString(), l.size(), diff(x, y));
                }
                long[] x = poison64(rnd, (int) l.size());
                long[] y = x.clone();
                t.realize(l, x);
                r.realize(l, y);
                return new Outcome(l.toString(), l.size(), diff(x, y));
            }
            case "gather-swizzled4":
            case "gather-swizzled8": {
                ComposedLayout l = RandomLayouts.composed(rnd, maxSize, rnd.nextBoolean());
                int cos = (int) swizzledCosize(l);
                if (op.endsWith("4")) {
                    int[] src = poison32(rnd, cos);
                    int[] x = new int[(int) l.size()];
                    int[] y = new int[x.length];
                    t.gather(l, src, x);
                    r.gather(l, src, y);
                    return new Outcome(l.toString(), l.size(), diff(x, y));
                }
                long[] src = poison64(rnd, cos);
                long[] x = new long[(int) l.size()];
                long[] y = new long[x.length];
                t.gather(l, src, x);
                r.gather(l, src, y);
                return new Outcome(l.toString(), l.size(), diff(x, y));
            }
            case "scatter-swizzled4":
            case "scatter-swizzled8": {
                ComposedLayout l = RandomLayouts.composed(rnd, maxSize, true);
                int cos = (int) swizzledCosize(l);
                if (op.endsWith("4")) {
                    int[] src = poison32(rnd, (int) l.size());
                    int[] x = poison32(rnd, cos);
                    int[] y = x.clone();
                    t.scatter(l, src, x);
                    r.scatter(l, src, y);
                    return new Outcome(l.toString(), l.size(), diff(x, y));
                }
                long[] src = poison64(rnd, (int) l.size());
                long[] x = poison64(rnd, cos);
                long[] y = x.clone();
                t.scatter(l, src, x);
                r.scatter(l, src, y);
                return new Outcome(l.toString(), l.size(), diff(x, y));
            }
            default:
                throw new IllegalArgumentException("no cross-check operation " + op);
        }
    }

    /** A TV layout: a thread mode and a value mode, each injective-ish, interleaved as in seed 003. */
    static Layout randomTv(Random rnd, long maxSize) {
        Layout whole = RandomLayouts.injective(rnd, maxSize);
        long[] s = whole.flatShapes();
        long[] d = whole.flatStrides();
        if (s.length == 1) return Layout.concat(Layout.of(s[0], d[0]), Layout.of(1 + rnd.nextInt(4), s[0] * d[0]));
        int cut = 1 + rnd.nextInt(s.length - 1);
        Layout thr = Layout.of(IntTuple.flat(Arrays.copyOfRange(s, 0, cut)), IntTuple.flat(Arrays.copyOfRange(d, 0, cut)));
        Layout val = Layout.of(IntTuple.flat(Arrays.copyOfRange(s, cut, s.length)), IntTuple.flat(Arrays.copyOfRange(d, cut, s.length)));
        return rnd.nextBoolean() ? Layout.concat(thr, val) : Layout.concat(val, thr);
    }

    /** One past the bound on a composed layout's offsets, {@link NormalizedComposedLayout#maxOffsetBound()}. */
    static long swizzledCosize(ComposedLayout l) {
        return NormalizedComposedLayout.of(l).maxOffsetBound() + 1;
    }

    /** One past the largest offset (strides non-negative). */
    static long cosize(Layout l) {
        long hi = 0;
        for (int k = 0; k < l.flatRank(); k++) hi += (l.flatShape(k) - 1) * l.flatStride(k);
        return hi + 1;
    }

    private static Layout scaled(Layout l, long f) {
        long[] d = l.flatStrides();
        for (int k = 0; k < d.length; k++) d[k] *= f;
        return Layout.flat(l.flatShapes(), d);
    }

    private static int[] poison32(Random rnd, int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) a[i] = rnd.nextInt();
        return a;
    }

    private static long[] poison64(Random rnd, int n) {
        long[] a = new long[n];
        for (int i = 0; i < n; i++) a[i] = rnd.nextLong();
        return a;
    }

    private static String diff(int[] x, int[] y) {
        for (int i = 0; i < x.length; i++) {
            if (x[i] != y[i]) return "first difference at " + i + ": " + Integer.toUnsignedString(x[i]) + " vs " + Integer.toUnsignedString(y[i]);
        }
        return null;
    }

    private static String diff(long[] x, long[] y) {
        for (int i = 0; i < x.length; i++) {
            if (x[i] != y[i]) return "first difference at " + i + ": " + x[i] + " vs " + y[i];
        }
        return null;
    }
}
