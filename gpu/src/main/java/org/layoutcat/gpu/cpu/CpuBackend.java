package org.layoutcat.gpu.cpu;

import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAccumulator;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.Layout;
import org.layoutcat.core.Swizzle;
import org.layoutcat.core.internal.Odometer;
import org.layoutcat.gpu.Backend;
import org.layoutcat.gpu.Comparison;
import org.layoutcat.gpu.LayoutChain;
import org.layoutcat.gpu.Operands;
import org.layoutcat.gpu.ptx.NormalizedComposedLayout;
import org.layoutcat.gpu.ptx.NormalizedLayout;

/**
 * The CPU backend: the same operations as the GPU's, split into chunks of consecutive indices that run in
 * parallel on a fork-join pool. Within a chunk an {@link Odometer} walks the layout without divisions and the
 * runs along mode 0 are filled by tight loops; outer factors of a {@link LayoutChain} are evaluated by division.
 * The results equal the core's {@code Layout.apply} (checked by tests on random layouts). Composed layouts walk their
 * inner layout the same way and apply the offset and the core's {@link Swizzle#apply} to each offset, so their
 * results equal {@link ComposedLayout#apply(long)}.
 */
public final class CpuBackend implements Backend {
    private static final long CHUNK = 1 << 16;
    private final ForkJoinPool pool;
    private final int threads;

    private CpuBackend(int threads) {
        this.threads = threads;
        this.pool = new ForkJoinPool(threads);
    }

    /** A backend on all available processors. */
    public static CpuBackend create() {
        return new CpuBackend(Runtime.getRuntime().availableProcessors());
    }

    /** A backend on {@code threads} worker threads (≥ 1). */
    public static CpuBackend withThreads(int threads) {
        if (threads < 1) throw new IllegalArgumentException("a CPU backend needs at least one thread, not " + threads);
        return new CpuBackend(threads);
    }

    public int threads() {
        return threads;
    }

    @Override
    public String description() {
        return "cpu: " + threads + " threads (" + System.getProperty("os.arch") + ", Java " + Runtime.version().feature() + ")";
    }

    @Override
    public void realize(Layout l, int[] out) {
        Odometer.Plan plan = plan(Operands.realize32(l, out.length));
        forChunks(out.length, (a, b) -> new Odometer(plan, a).fill(out, (int) a, (int) (b - a)));
    }

    @Override
    public void realize(Layout l, long[] out) {
        Odometer.Plan plan = plan(Operands.realize64(l, out.length));
        forChunks(out.length, (a, b) -> new Odometer(plan, a).fill(out, (int) a, (int) (b - a)));
    }

    @Override
    public Comparison compare(LayoutChain lhs, LayoutChain rhs, long n) {
        if (n == 0) return new Comparison(0, 0, -1);
        List<List<NormalizedLayout>> sides = Operands.compare(lhs, rhs, n);
        List<NormalizedLayout> left = sides.get(0);
        List<NormalizedLayout> right = sides.get(1);
        AtomicLong count = new AtomicLong();
        LongAccumulator first = new LongAccumulator(Math::min, Long.MAX_VALUE);
        Odometer.Plan leftPlan = plan(left.get(left.size() - 1));
        Odometer.Plan rightPlan = plan(right.get(right.size() - 1));
        forChunks(n, (a, b) -> {
            int block = 4096;
            long[] x = new long[block];
            long[] y = new long[block];
            Odometer ol = new Odometer(leftPlan, a);
            Odometer or = new Odometer(rightPlan, a);
            long found = 0;
            long firstHere = Long.MAX_VALUE;
            for (long i = a; i < b; i += block) {
                int len = (int) Math.min(block, b - i);
                ol.fill(x, 0, len);
                or.fill(y, 0, len);
                outer(left, x, len);
                outer(right, y, len);
                for (int k = 0; k < len; k++) {
                    if (x[k] != y[k]) {
                        if (found == 0) firstHere = i + k;
                        found++;
                    }
                }
            }
            if (found > 0) {
                count.addAndGet(found);
                first.accumulate(firstHere);
            }
        });
        long c = count.get();
        return new Comparison(n, c, c == 0 ? -1 : first.get());
    }

    /** The odometer plan of a normalized layout's modes. */
    private static Odometer.Plan plan(NormalizedLayout n) {
        long[] s = new long[n.rank()];
        long[] d = new long[n.rank()];
        for (int k = 0; k < s.length; k++) {
            s[k] = n.shape(k);
            d[k] = n.stride(k);
        }
        return new Odometer.Plan(s, d, s.length);
    }

    /** Applies the factors after the innermost, outermost last. */
    private static void outer(List<NormalizedLayout> factors, long[] buf, int len) {
        for (int j = factors.size() - 2; j >= 0; j--) {
            Evaluator f = new Evaluator(factors.get(j));
            for (int k = 0; k < len; k++) buf[k] = f.apply(buf[k]);
        }
    }

    @Override
    public void gather(Layout l, int[] src, int[] dst) {
        Odometer.Plan plan = plan(Operands.gather(l, src.length, dst.length));
        forChunks(dst.length, (a, b) -> runs(plan, a, b, (at, o, d, tab, c, len) -> {
            if (tab == null) for (int k = 0; k < len; k++) dst[at + k] = src[o + k * d];
            else for (int k = 0; k < len; k++) dst[at + k] = src[o + tab[c + k]];
        }));
    }

    @Override
    public void gather(Layout l, long[] src, long[] dst) {
        Odometer.Plan plan = plan(Operands.gather(l, src.length, dst.length));
        forChunks(dst.length, (a, b) -> runs(plan, a, b, (at, o, d, tab, c, len) -> {
            if (tab == null) for (int k = 0; k < len; k++) dst[at + k] = src[o + k * d];
            else for (int k = 0; k < len; k++) dst[at + k] = src[o + tab[c + k]];
        }));
    }

    @Override
    public void scatter(Layout l, int[] src, int[] dst) {
        Odometer.Plan plan = plan(Operands.scatter(l, src.length, dst.length));
        forChunks(src.length, (a, b) -> runs(plan, a, b, (at, o, d, tab, c, len) -> {
            if (tab == null) for (int k = 0; k < len; k++) dst[o + k * d] = src[at + k];
            else for (int k = 0; k < len; k++) dst[o + tab[c + k]] = src[at + k];
        }));
    }

    @Override
    public void scatter(Layout l, long[] src, long[] dst) {
        Odometer.Plan plan = plan(Operands.scatter(l, src.length, dst.length));
        forChunks(src.length, (a, b) -> runs(plan, a, b, (at, o, d, tab, c, len) -> {
            if (tab == null) for (int k = 0; k < len; k++) dst[o + k * d] = src[at + k];
            else for (int k = 0; k < len; k++) dst[o + tab[c + k]] = src[at + k];
        }));
    }

    /**
     * A run of {@code len} consecutive indices from {@code at} along mode 0: index {@code at + k} has offset
     * {@code o + k·d}, or {@code o + tab[c + k]} where the odometer keeps a table ({@code tab} not null).
     */
    @FunctionalInterface
    private interface Run {
        void copy(int at, int o, int d, int[] tab, int c, int len);
    }

    /**
     * Hands the runs of {@code [a, b)} ({@code b ≤ 2^31}) to {@code body} in order, their offsets from an odometer
     * with 32-bit tables; the loop within a run is the body's, so that it stays a tight loop over one array type.
     */
    private static void runs(Odometer.Plan plan, long a, long b, Run body) {
        Odometer od = new Odometer(plan, a);
        int d = (int) od.step();
        int[] tab = od.table32();
        for (long i = a; i < b; ) {
            int len = (int) od.run(b - i);
            if (tab == null) body.copy((int) i, (int) od.offset(), d, null, 0, len);
            else body.copy((int) i, (int) od.base(), d, tab, od.position(), len);
            od.advance(len);
            i += len;
        }
    }

    // ---- composed layouts: i ↦ sw(offset + L(i)) ----

    @Override
    public void realize(ComposedLayout c, int[] out) {
        forComposed(Operands.realize32(c, out.length), out.length, (i, o) -> out[i] = (int) o);
    }

    @Override
    public void realize(ComposedLayout c, long[] out) {
        forComposed(Operands.realize64(c, out.length), out.length, (i, o) -> out[i] = o);
    }

    @Override
    public void gather(ComposedLayout c, int[] src, int[] dst) {
        forComposed(Operands.gather(c, src.length, dst.length), dst.length, (i, o) -> dst[i] = src[(int) o]);
    }

    @Override
    public void gather(ComposedLayout c, long[] src, long[] dst) {
        forComposed(Operands.gather(c, src.length, dst.length), dst.length, (i, o) -> dst[i] = src[(int) o]);
    }

    @Override
    public void scatter(ComposedLayout c, int[] src, int[] dst) {
        forComposed(Operands.scatter(c, src.length, dst.length), src.length, (i, o) -> dst[(int) o] = src[i]);
    }

    @Override
    public void scatter(ComposedLayout c, long[] src, long[] dst) {
        forComposed(Operands.scatter(c, src.length, dst.length), src.length, (i, o) -> dst[(int) o] = src[i]);
    }

    /**
     * {@code body.at(i, sw(offset + L(i)))} for every index {@code i} of {@code [0, n)}, in parallel chunks, where
     * {@code c = sw o offset o L}.
     */
    private void forComposed(NormalizedComposedLayout c, long n, IndexOffset body) {
        Swizzle sw = c.swizzle();
        long offset = c.offset();
        Odometer.Plan plan = plan(c.inner());
        forChunks(n, (a, b) -> walk(plan, a, b, (i, o) -> body.at(i, sw.apply(offset + o))));
    }

    /** What to do with index {@code i} and its offset {@code L(i)}. */
    @FunctionalInterface
    private interface IndexOffset {
        void at(int i, long offset);
    }

    /** {@code body.at(i, L(i))} for {@code i ∈ [a, b)} in order ({@code b ≤ 2^31}), the offsets from an odometer. */
    private static void walk(Odometer.Plan plan, long a, long b, IndexOffset body) {
        Odometer od = new Odometer(plan, a);
        long d = od.step();
        long[] tab = od.table();
        for (long i = a; i < b; ) {
            int len = (int) od.run(b - i);
            int at = (int) i;
            if (tab == null) {
                long o = od.offset();
                for (int k = 0; k < len; k++) body.at(at + k, o + k * d);
            } else {
                long o = od.base();
                int c = od.position();
                for (int k = 0; k < len; k++) body.at(at + k, o + tab[c + k]);
            }
            od.advance(len);
            i += len;
        }
    }

    @Override
    public void partition(Layout tv, int[] src, int[] dst) {
        forThreads(Operands.partition(tv, src.length, dst.length), (t, base, threadsTv, valueOffsets) -> {
            for (int v = 0; v < valueOffsets.length; v++) dst[t + threadsTv * v] = src[base + valueOffsets[v]];
        });
    }

    @Override
    public void partition(Layout tv, long[] src, long[] dst) {
        forThreads(Operands.partition(tv, src.length, dst.length), (t, base, threadsTv, valueOffsets) -> {
            for (int v = 0; v < valueOffsets.length; v++) dst[t + threadsTv * v] = src[base + valueOffsets[v]];
        });
    }

    /** What a thread {@code t} of {@code threadsTv} copies: its values, at {@code base + valueOffsets[v]}. */
    @FunctionalInterface
    private interface ThreadValues {
        void copy(int t, int base, int threadsTv, int[] valueOffsets);
    }

    /** Calls {@code body} for every thread of the thread-value layout {@code m = (thread, value)}, in parallel chunks. */
    private void forThreads(NormalizedLayout[] m, ThreadValues body) {
        int threadsTv = (int) m[0].size();
        int values = (int) m[1].size();
        int[] valueOffsets = valueOffsets(m[1], values);
        forChunks(threadsTv, (a, b) -> {
            for (int t = (int) a; t < b; t++) body.copy(t, (int) m[0].apply(t), threadsTv, valueOffsets);
        });
    }

    private static int[] valueOffsets(NormalizedLayout value, int values) {
        int[] o = new int[values];
        for (int v = 0; v < values; v++) o[v] = (int) value.apply(v);
        return o;
    }

    @Override
    public void close() {
        pool.shutdown();
    }

    /** Work on the index range {@code [a, b)}. */
    @FunctionalInterface
    interface Range {
        void run(long a, long b);
    }

    /** Runs {@code body} on chunks covering {@code [0, n)} in parallel and waits. */
    void forChunks(long n, Range body) {
        if (n <= 0) return;
        long chunk = Math.max(CHUNK, n / ((long) threads * 16));
        pool.invoke(new Split(0, n, chunk, body));
    }

    private static final class Split extends RecursiveAction {
        private final long a;
        private final long b;
        private final long chunk;
        private final Range body;

        Split(long a, long b, long chunk, Range body) {
            this.a = a;
            this.b = b;
            this.chunk = chunk;
            this.body = body;
        }

        @Override
        protected void compute() {
            if (b - a <= chunk) {
                body.run(a, b);
                return;
            }
            long mid = a + (b - a) / 2;
            invokeAll(new Split(a, mid, chunk, body), new Split(mid, b, chunk, body));
        }
    }
}
