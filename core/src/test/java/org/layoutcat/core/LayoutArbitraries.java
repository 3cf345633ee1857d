package org.layoutcat.core;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Tuple;
import net.jqwik.api.Tuple.Tuple2;

/**
 * Generators of random layouts for the property tests: nested shapes of depth ≤ 3 and size ≤ 4096, with strides
 * that are compact (a permuted column-major layout), nesting but not compact (gaps between the modes, still
 * injective and admissible for complement), or arbitrary (including 0, repeated and, for the signed kind,
 * negative strides). Every generator draws from jqwik's random source, so a failing sample is reproducible from
 * its seed; the samples print in CuTe notation.
 */
public final class LayoutArbitraries {
    /** The largest size of a generated layout. */
    public static final long MAX_SIZE = 4096;

    private LayoutArbitraries() {}

    /** Shapes: 1 to 5 leaves in 1..12, size ≤ 4096, nested to depth ≤ 3 (a leaf, or tuples of tuples). */
    public static Arbitrary<IntTuple> shapes() {
        return Arbitraries.randomValue(r -> nest(leafExtents(r), r)).withoutEdgeCases();
    }

    /** Compact layouts: the column-major strides of a shape, given to the leaves in a random order (bijections onto [0, size)). */
    public static Arbitrary<Layout> compactLayouts() {
        return Arbitraries.randomValue(r -> compact(nest(leafExtents(r), r), r, false)).withoutEdgeCases();
    }

    /** Injective layouts whose sorted modes nest ({@code s_i·d_i | d_(i+1)}), with gaps: not compact in general. */
    public static Arbitrary<Layout> nestingLayouts() {
        return Arbitraries.randomValue(r -> compact(nest(leafExtents(r), r), r, true)).withoutEdgeCases();
    }

    /** Layouts with arbitrary non-negative strides: 0, small, repeated, multiples of the other extents. */
    public static Arbitrary<Layout> arbitraryLayouts() {
        return Arbitraries.randomValue(r -> arbitrary(nest(leafExtents(r), r), r, false)).withoutEdgeCases();
    }

    /** Layouts with arbitrary strides of either sign. */
    public static Arbitrary<Layout> signedLayouts() {
        return Arbitraries.randomValue(r -> arbitrary(nest(leafExtents(r), r), r, true)).withoutEdgeCases();
    }

    /** Compact, nesting and arbitrary non-negative layouts, in equal parts. */
    public static Arbitrary<Layout> layouts() {
        return Arbitraries.oneOf(compactLayouts(), nestingLayouts(), arbitraryLayouts());
    }

    /** Every kind, signed strides included. */
    public static Arbitrary<Layout> anyLayouts() {
        return Arbitraries.oneOf(compactLayouts(), nestingLayouts(), arbitraryLayouts(), signedLayouts());
    }

    /**
     * Pairs (A, B) where B selects pieces of A: each leaf of A's shape is split into factors, B's modes are
     * distinct runs of these pieces (strides = their column-major positions), in a random order and nesting,
     * sometimes with stride-0 modes. The composite A∘B always exists and B's image lies in [0, size A).
     */
    public static Arbitrary<Tuple2<Layout, Layout>> alignedPairs() {
        return Arbitraries.randomValue(r -> {
            Layout a = pick(r, r.nextInt(3));
            return Tuple.of(a, alignedTo(a.shape(), r, false));
        }).withoutEdgeCases();
    }

    /**
     * Pairs (A, B) like {@link #alignedPairs()} where B also repeats one or two of its runs (whole or a prefix):
     * B's modes overlap, and the composite exists only where the overlapping digits stay below A's extents (or
     * lie in A's last mode).
     */
    public static Arbitrary<Tuple2<Layout, Layout>> overlappingPairs() {
        return Arbitraries.randomValue(r -> {
            Layout a = pick(r, r.nextInt(3));
            return Tuple.of(a, alignedTo(a.shape(), r, true));
        }).withoutEdgeCases();
    }

    /** Pairs (A, B) of any non-negative layouts of sizes that are often related; the composite may not exist. */
    public static Arbitrary<Tuple2<Layout, Layout>> arbitraryPairs() {
        return Arbitraries.randomValue(r -> Tuple.of(pick(r, r.nextInt(3)), pick(r, r.nextInt(3)))).withoutEdgeCases();
    }

    /** By-mode tilers {@code <B0,...,Bk>} aligned to the first k+1 modes of a layout A of rank ≥ 2. */
    public static Arbitrary<Tuple2<Layout, Tiler>> alignedByModePairs() {
        return Arbitraries.randomValue(r -> {
            Layout a;
            do {
                a = pick(r, r.nextInt(3));
            } while (a.rank() < 2 || a.shape().isLeaf());
            int k = 1 + r.nextInt(a.rank());
            List<Tiler> modes = new ArrayList<>();
            for (int i = 0; i < k; i++) modes.add(alignedTo(a.mode(i).shape(), r, false));
            return Tuple.<Layout, Tiler>of(a, new Tiler.ByMode(modes));
        }).withoutEdgeCases();
    }

    /** Random tilers: a layout, or a by-mode tuple of layouts and nested by-mode tuples (depth ≤ 2). */
    public static Arbitrary<Tiler> tilers() {
        return Arbitraries.randomValue(r -> tiler(r, 2)).withoutEdgeCases();
    }

    private static Tiler tiler(Random r, int depth) {
        if (depth == 0 || r.nextInt(3) == 0) return anyLayout(r);
        int k = 1 + r.nextInt(3);
        List<Tiler> modes = new ArrayList<>();
        for (int i = 0; i < k; i++) modes.add(tiler(r, depth - 1));
        return new Tiler.ByMode(modes);
    }

    private static Layout anyLayout(Random r) {
        return r.nextInt(4) == 3 ? arbitrary(nest(leafExtents(r), r), r, true) : pick(r, r.nextInt(3));
    }

    private static Layout pick(Random r, int kind) {
        IntTuple shape = nest(leafExtents(r), r);
        return switch (kind) {
            case 0 -> compact(shape, r, false);
            case 1 -> compact(shape, r, true);
            default -> arbitrary(shape, r, false);
        };
    }

    /** 1 to 5 extents in 1..12 (1 with some weight, 2..4 with more), product ≤ 4096. */
    static long[] leafExtents(Random r) {
        int n = 1 + r.nextInt(5);
        long[] s = new long[n];
        long size = 1;
        for (int i = 0; i < n; i++) {
            long e = r.nextInt(8) == 0 ? 1 : 2 + r.nextInt(r.nextBoolean() ? 3 : 11);
            while (size * e > MAX_SIZE) e = Math.max(1, e / 2);
            s[i] = e;
            size *= e;
        }
        return s;
    }

    /** A random nesting of the leaves (in order) of depth ≤ 3. */
    static IntTuple nest(long[] leaves, Random r) {
        if (leaves.length == 1 && r.nextInt(4) != 0) return IntTuple.of(leaves[0]);
        return group(leaves, 0, leaves.length, 1 + r.nextInt(3), r);
    }

    private static IntTuple group(long[] leaves, int from, int to, int depth, Random r) {
        List<IntTuple> modes = new ArrayList<>();
        int i = from;
        while (i < to) {
            int len = depth == 1 ? 1 : 1 + r.nextInt(to - i);
            if (len == 1 && (depth == 1 || r.nextInt(5) != 0)) {
                modes.add(IntTuple.of(leaves[i]));
            } else {
                modes.add(group(leaves, i, i + len, depth - 1, r));
            }
            i += len;
        }
        return IntTuple.of(modes);
    }

    /** Column-major strides in a random order of the leaves; with gaps, a start of 1..3 and some spans times 2 or 3. */
    private static Layout compact(IntTuple shape, Random r, boolean gaps) {
        long[] s = shape.leaves();
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < s.length; i++) order.add(i);
        Collections.shuffle(order, r);
        long[] d = new long[s.length];
        long span = gaps ? 1 + r.nextInt(3) : 1;
        for (int k : order) {
            d[k] = span;
            span *= s[k] * (gaps && r.nextInt(3) == 0 ? 2 + r.nextInt(2) : 1);
        }
        return Layout.of(shape, shape.withLeaves(d));
    }

    /** Strides 0 (weight 1/6), small (1..16), or a product of other extents, possibly negated. */
    private static Layout arbitrary(IntTuple shape, Random r, boolean signed) {
        long[] s = shape.leaves();
        long[] d = new long[s.length];
        for (int i = 0; i < s.length; i++) {
            int kind = r.nextInt(6);
            if (kind == 0) {
                d[i] = 0;
            } else if (kind <= 2) {
                d[i] = 1 + r.nextInt(16);
            } else {
                long p = 1;
                for (int j = 0; j < s.length; j++) if (r.nextInt(3) == 0) p *= s[j];
                d[i] = p * (1 + r.nextInt(2));
            }
            if (signed && r.nextInt(3) == 0) d[i] = -d[i];
        }
        return Layout.of(shape, shape.withLeaves(d));
    }

    /** A layout B that picks distinct runs of the refined leaves of {@code shape} (see {@link #alignedPairs()}). */
    private static Layout alignedTo(IntTuple shape, Random r, boolean overlap) {
        List<long[]> pieces = new ArrayList<>(); // (extent, column-major position)
        long position = 1;
        for (long e : shape.leaves()) {
            for (long f : factor(e, r)) {
                pieces.add(new long[] {f, position});
                position *= f;
            }
        }
        // runs of consecutive pieces, each kept with some probability
        List<long[]> runs = new ArrayList<>(); // (extent, position, first piece, number of pieces)
        int i = 0;
        while (i < pieces.size()) {
            int len = 1 + r.nextInt(Math.min(3, pieces.size() - i));
            long extent = 1;
            for (int j = i; j < i + len; j++) extent *= pieces.get(j)[0];
            if (r.nextInt(3) != 0) runs.add(new long[] {extent, pieces.get(i)[1], i, len});
            i += len;
        }
        if (overlap && !runs.isEmpty()) {
            // repeat one or two runs, whole or the product of their first pieces (still aligned to A)
            int copies = 1 + r.nextInt(2);
            for (int k = 0; k < copies; k++) {
                long[] run = runs.get(r.nextInt(runs.size()));
                int m = 1 + r.nextInt((int) run[3]);
                long extent = 1;
                for (int j = (int) run[2]; j < run[2] + m; j++) extent *= pieces.get(j)[0];
                runs.add(new long[] {extent, run[1], run[2], m});
            }
        }
        if (r.nextInt(4) == 0) runs.add(new long[] {1 + r.nextInt(3), 0, 0, 0});
        if (runs.isEmpty()) runs.add(new long[] {1, 0, 0, 0});
        Collections.shuffle(runs, r);
        long[] s = new long[runs.size()];
        long[] d = new long[runs.size()];
        for (int k = 0; k < s.length; k++) {
            s[k] = runs.get(k)[0];
            d[k] = runs.get(k)[1];
        }
        IntTuple bShape = nest(s, r);
        return Layout.of(bShape, bShape.withLeaves(d));
    }

    /** {@code e} split into 1 to 3 factors (in a random order of splitting). */
    private static long[] factor(long e, Random r) {
        List<Long> parts = new ArrayList<>(List.of(e));
        int splits = r.nextInt(3);
        for (int k = 0; k < splits; k++) {
            int at = r.nextInt(parts.size());
            long x = parts.get(at);
            List<Long> divisors = new ArrayList<>();
            for (long q = 2; q < x; q++) if (x % q == 0) divisors.add(q);
            if (divisors.isEmpty()) continue;
            long q = divisors.get(r.nextInt(divisors.size()));
            parts.set(at, q);
            parts.add(at + 1, x / q);
        }
        return parts.stream().mapToLong(Long::longValue).toArray();
    }

    /** Every index of [0, size) when size ≤ max, else 0, size−1 and max−2 random ones. */
    public static long[] sampleIndices(long size, long seed, int max) {
        if (size <= max) {
            long[] all = new long[(int) size];
            for (int i = 0; i < all.length; i++) all[i] = i;
            return all;
        }
        Random r = new Random(seed);
        long[] out = new long[max];
        out[0] = 0;
        out[1] = size - 1;
        for (int i = 2; i < max; i++) out[i] = Math.floorMod(r.nextLong(), size);
        return out;
    }

    /** The set of offsets {@code L(i)}, i in [0, size), sorted (with repetitions). */
    public static long[] image(Layout l) {
        long[] out = new long[Math.toIntExact(l.size())];
        for (int i = 0; i < out.length; i++) out[i] = l.apply(i);
        Arrays.sort(out);
        return out;
    }
}
