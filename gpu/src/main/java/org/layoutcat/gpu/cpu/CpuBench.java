package org.layoutcat.gpu.cpu;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.algebra.Composition;
import org.layoutcat.gpu.Comparison;
import org.layoutcat.gpu.LayoutChain;
import org.layoutcat.gpu.bench.BenchRow;

/**
 * The CPU benchmarks: realize of {@code 2^k} offsets into an {@code int[]} against {@code Arrays.fill} of the same
 * array (the write-bandwidth ceiling: on one thread, as the JDK does it, and in the backend's parallel chunks),
 * and compare throughput. Wall-clock time of each run after warm-up runs; the realized offsets are checked
 * against the core's {@code Layout.apply} at a spread of indices.
 */
public final class CpuBench {
    private CpuBench() {}

    /** Runs with {@code 2^log2} offsets and {@code reps} timed runs each; progress to {@code log}; the first row is the fill. */
    public static List<BenchRow> run(CpuBackend cpu, int log2, int reps, PrintStream log) {
        if (log2 < 10 || log2 > 30) throw new IllegalArgumentException("benchmark size 2^" + log2 + ": choose 10..30");
        int n = 1 << log2;
        int side = 1 << (log2 / 2);
        Layout transpose = Layout.of(IntTuple.flat(side, n / side), IntTuple.flat(n / side, 1));
        Layout mixed = mixedRadix(n);
        int[] out = new int[n];
        List<BenchRow> rows = new ArrayList<>();
        log.println(cpu.description() + ", " + n + " offsets (" + (4L * n >> 20) + " MiB)");
        int[] value = {1};
        rows.add(row(log, "Arrays.fill, one thread", n, 4L * n, time(reps, () -> Arrays.fill(out, value[0]++)), "ceiling"));
        rows.add(row(log, "Arrays.fill, parallel chunks", n, 4L * n,
                time(reps, () -> cpu.forChunks(n, (a, b) -> Arrays.fill(out, (int) a, (int) b, value[0]++))), "ceiling, " + cpu.threads() + " threads"));
        for (Layout l : List.of(transpose, mixed)) {
            int size = (int) l.size();
            int[] o = size == n ? out : new int[size];
            DescriptiveStatistics t = time(reps, () -> cpu.realize(l, o));
            rows.add(row(log, "realize " + l + " u32", size, 4L * size, t, spotCheck(l, o)));
        }
        Layout a = Layout.parse("(65536,65536):(65536,1)");
        Layout b = Layout.parse("((256,256),(256,256)):((256,16777216),(1,65536))");
        Layout r = Composition.compose(a, b);
        long points = (long) n;
        Comparison[] c = new Comparison[1];
        DescriptiveStatistics t = time(Math.max(3, reps / 4), () -> c[0] = cpu.compare(LayoutChain.of(r), LayoutChain.composite(a, b), points));
        rows.add(row(log, "compare " + r + " vs " + a + "∘" + b, points, 0, t, c[0].mismatches() + " mismatches"));
        return rows;
    }

    /** The GPU benchmark's 8-mode layout: extents 4,7,9,…,23 in row-major order, fewer modes for small n. */
    public static Layout mixedRadix(int n) {
        long[] s = {4, 7, 9, 11, 13, 17, 19, 23};
        long size = 1;
        for (long x : s) size *= x;
        while (size > n) {
            size /= s[s.length - 1];
            s = Arrays.copyOf(s, s.length - 1);
        }
        return Layout.rowMajor(IntTuple.flat(s));
    }

    private static String spotCheck(Layout l, int[] o) {
        for (long i = 0; i < o.length; i += 9973) {
            if (l.apply(i) != Integer.toUnsignedLong(o[(int) i])) return "WRONG at " + i;
        }
        return "checked every 9973rd";
    }

    private static DescriptiveStatistics time(int reps, Runnable work) {
        for (int i = 0; i < 2; i++) work.run();
        DescriptiveStatistics s = new DescriptiveStatistics();
        for (int i = 0; i < reps; i++) {
            long t0 = System.nanoTime();
            work.run();
            s.addValue((System.nanoTime() - t0) / 1e6);
        }
        return s;
    }

    private static BenchRow row(PrintStream log, String name, long items, long bytes, DescriptiveStatistics t, String note) {
        BenchRow r = new BenchRow(name, items, bytes, t, note);
        log.println(r.line(null));
        return r;
    }
}
