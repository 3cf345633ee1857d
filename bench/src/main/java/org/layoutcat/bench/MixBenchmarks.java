package org.layoutcat.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import org.layoutcat.category.StandardRepresentation;
import org.layoutcat.category.Tractability;
import org.layoutcat.category.compose.CategoricalComposition;
import org.layoutcat.core.Layout;
import org.layoutcat.core.algebra.Coalesce;
import org.layoutcat.core.algebra.Complement;
import org.layoutcat.core.algebra.Composition;
import org.layoutcat.core.algebra.Divide;
import org.layoutcat.core.algebra.Product;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Every operation over a seeded random mix of inputs (seed 2026, the same on every run): each call takes the next
 * input of a cycle of {@value #MIX}, so a result is the mean time per operation over the mix, not over one input
 * the branch predictor has learned. Inputs: flat and nested layouts of rank 1–4 whose extents are 1, 2, 3, 4, 6, 8
 * or 16 and whose strides are a permutation of the compact ones, sometimes scaled or with a stride 0 (so most are
 * tractable); pairs are kept only where the operation answers (core and categorical alike for composition), so the
 * mix times answers, not refusals.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class MixBenchmarks {
    static final int MIX = 1024;
    private static final long[] EXTENTS = {1, 2, 3, 4, 6, 8, 16};

    String[] texts;
    Layout[] layouts;
    long[] indices;
    Layout[] composeA;
    Layout[] composeB;
    Layout[] divideA;
    Layout[] divideB;
    Layout[] productA;
    Layout[] productB;
    int next;

    @Setup
    public void setup() {
        SplittableRandom random = new SplittableRandom(2026);
        texts = new String[MIX];
        layouts = new Layout[MIX];
        indices = new long[MIX];
        for (int i = 0; i < MIX; i++) {
            layouts[i] = layout(random);
            texts[i] = layouts[i].toString();
            indices[i] = random.nextLong(layouts[i].size());
        }
        List<Layout[]> c = pairs(random, (a, b) -> {
            Layout core = Composition.compose(a, b);
            return Tractability.isTractable(a) && Tractability.isTractable(b)
                    && CategoricalComposition.compose(a, b).equals(core) ? core : null;
        });
        composeA = c.get(0);
        composeB = c.get(1);
        List<Layout[]> d = pairs(random, Divide::logicalDivide);
        divideA = d.get(0);
        divideB = d.get(1);
        List<Layout[]> p = pairs(random, Product::logicalProduct);
        productA = p.get(0);
        productB = p.get(1);
    }

    /** A random layout of rank 1–4, nested one level with probability 1/3. */
    static Layout layout(SplittableRandom random) {
        int rank = 1 + random.nextInt(4);
        long[] s = new long[rank];
        for (int k = 0; k < rank; k++) s[k] = EXTENTS[random.nextInt(EXTENTS.length)];
        int[] order = new int[rank]; // the compact strides, assigned in a random order of the modes
        for (int k = 0; k < rank; k++) order[k] = k;
        for (int k = rank - 1; k > 0; k--) {
            int j = random.nextInt(k + 1);
            int t = order[k];
            order[k] = order[j];
            order[j] = t;
        }
        long[] d = new long[rank];
        long compact = random.nextInt(4) == 0 ? 2 : 1;
        for (int k : order) {
            d[k] = random.nextInt(8) == 0 ? 0 : compact;
            compact *= s[k];
        }
        Layout flat = Layout.flat(s, d);
        if (rank < 3 || random.nextInt(3) != 0) return flat;
        return Layout.concat(Layout.flat(new long[] {s[0], s[1]}, new long[] {d[0], d[1]}),
                Layout.flat(java.util.Arrays.copyOfRange(s, 2, rank), java.util.Arrays.copyOfRange(d, 2, rank)));
    }

    /** MIX pairs (A, B) of random layouts for which {@code op} answers (a non-null result). */
    static List<Layout[]> pairs(SplittableRandom random, BiFunction<Layout, Layout, Layout> op) {
        List<Layout> as = new ArrayList<>();
        List<Layout> bs = new ArrayList<>();
        while (as.size() < MIX) {
            Layout a = layout(random);
            Layout b = layout(random);
            try {
                if (op.apply(a, b) == null) continue;
            } catch (IllegalArgumentException | ArithmeticException refused) {
                continue;
            }
            as.add(a);
            bs.add(b);
        }
        return List.of(as.toArray(new Layout[0]), bs.toArray(new Layout[0]));
    }

    private int next() {
        int i = next;
        next = (i + 1) & (MIX - 1);
        return i;
    }

    @Benchmark
    public Layout parse() {
        return Layout.parse(texts[next()]);
    }

    @Benchmark
    public String print() {
        Layout l = layouts[next()];
        return Layout.of(l.shape(), l.flatStrides()).toString(); // a fresh layout: its text is not cached yet
    }

    @Benchmark
    public long apply() {
        int i = next();
        return layouts[i].apply(indices[i]);
    }

    @Benchmark
    public Layout coalesce() {
        return Coalesce.coalesce(layouts[next()]);
    }

    @Benchmark
    public Layout complement() {
        Layout l = layouts[next()];
        try {
            return Complement.complement(l);
        } catch (IllegalArgumentException inadmissible) {
            return l;
        }
    }

    @Benchmark
    public Layout composition() {
        int i = next();
        return Composition.compose(composeA[i], composeB[i]);
    }

    /** The mix's compositions on 16 threads at once (each thread its own state): safe, and scaling with the cores. */
    @Benchmark
    @org.openjdk.jmh.annotations.Threads(16)
    public Layout compositionOn16Threads() {
        int i = next();
        return Composition.compose(composeA[i], composeB[i]);
    }

    @Benchmark
    public Layout categoricalComposition() {
        int i = next();
        return CategoricalComposition.compose(composeA[i], composeB[i]);
    }

    @Benchmark
    public Object toMorphism() {
        int i = next();
        return StandardRepresentation.of(composeB[i]);
    }

    @Benchmark
    public Layout logicalDivide() {
        int i = next();
        return Divide.logicalDivide(divideA[i], divideB[i]);
    }

    @Benchmark
    public Layout logicalProduct() {
        int i = next();
        return Product.logicalProduct(productA[i], productB[i]);
    }
}
