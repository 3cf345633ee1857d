package org.layoutcat.gpu.cuda;

import static jcuda.driver.JCudaDriver.*;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import jcuda.Pointer;
import jcuda.driver.CUevent;
import jcuda.driver.CUstream;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;
import org.layoutcat.core.Layout;
import org.layoutcat.core.algebra.Composition;
import org.layoutcat.gpu.LayoutChain;
import org.layoutcat.gpu.bench.BenchRow;
import org.layoutcat.gpu.cpu.CpuBackend;
import org.layoutcat.gpu.cpu.CpuBench;
import org.layoutcat.gpu.ptx.Kernel;
import org.layoutcat.gpu.ptx.Kernels;
import org.layoutcat.gpu.ptx.NormalizedLayout;

/**
 * The GPU benchmarks: device-to-device copy (the bandwidth ceiling, {@code cuMemcpyDtoD}), realize of
 * {@code 2^k} offsets, gather and scatter of {@code 2^k} 4-byte elements through a transpose, and compare over
 * {@code 2^32} points. Device time is taken with CUDA events around each run after warm-up runs; each memory
 * benchmark's output is poisoned first and then checked in full against the CPU backend (a benchmark of a wrong
 * kernel is no benchmark). Bandwidth counts bytes read plus bytes written.
 */
public final class CudaBench {
    private final CudaBackend gpu;
    private final CpuBackend cpu;
    private final int reps;
    private final PrintStream log;
    private final CUevent start = new CUevent();
    private final CUevent stop = new CUevent();

    private CudaBench(CudaBackend gpu, CpuBackend cpu, int reps, PrintStream log) {
        this.gpu = gpu;
        this.cpu = cpu;
        this.reps = reps;
        this.log = log;
        gpu.current();
        cuEventCreate(start, 0);
        cuEventCreate(stop, 0);
    }

    /**
     * Runs the benchmarks with {@code 2^log2} elements ({@code log2 ≤ 28} by default) and {@code reps} timed runs each,
     * printing progress to {@code log}; returns the rows, the copy first.
     */
    public static List<BenchRow> run(CudaBackend gpu, int log2, int reps, PrintStream log) {
        if (log2 < 10 || log2 > 30) throw new IllegalArgumentException("benchmark size 2^" + log2 + ": choose 10..30");
        try (CpuBackend cpu = CpuBackend.create()) {
            CudaBench b = new CudaBench(gpu, cpu, reps, log);
            try {
                return b.all(log2);
            } finally {
                cuEventDestroy(b.start);
                cuEventDestroy(b.stop);
            }
        }
    }

    private List<BenchRow> all(int log2) {
        int n = 1 << log2;
        long bytes = 4L * n;
        int side = 1 << (log2 / 2);
        Layout transpose = Layout.of(org.layoutcat.core.IntTuple.flat(side, n / side), org.layoutcat.core.IntTuple.flat(n / side, 1));
        Layout mixed = CpuBench.mixedRadix(n);
        List<BenchRow> rows = new ArrayList<>();
        log.printf(Locale.ROOT, "%s%npreparing %d random 4-byte elements (%.2f GiB per buffer)%n", gpu.description(), n, bytes / (double) (1L << 30));
        int[] host = new int[n];
        IntStream.range(0, 64).parallel().forEach(c -> {
            SplittableRandom r = new SplittableRandom(1234 + c);
            for (int i = c * (n / 64); i < (c + 1) * (n / 64); i++) host[i] = r.nextInt();
        });
        int[] expected = new int[n];
        int[] got = new int[n];
        try (CudaBackend.Buffer src = gpu.allocate(bytes); CudaBackend.Buffer dst = gpu.allocate(bytes)) {
            cuMemcpyHtoD(src.ptr, Pointer.to(host), bytes);

            BenchRow copy = row("copy cuMemcpyDtoD, 4-byte elements", n, 2 * bytes, time(() -> cuMemcpyDtoD(dst.ptr, src.ptr, bytes)), "ceiling");
            rows.add(copy);

            for (Layout l : List.of(transpose, mixed)) {
                NormalizedLayout nl = NormalizedLayout.of(l);
                Kernel k = Kernels.realize(nl, Kernels.OffsetType.U32);
                int size = (int) l.size();
                int[] want = size == n ? expected : new int[size];
                cpu.realize(l, want);
                // one trip per thread (the default), and a grid of 32 blocks per SM looping over the rest
                for (long cap : new long[] {Integer.MAX_VALUE, 32L * gpu.multiprocessors()}) {
                    gpu.gridStrideCap(cap);
                    poison(dst);
                    DescriptiveStatistics t = time(() -> gpu.launch(k, dst.address(), k.items()));
                    cuMemcpyDtoH(Pointer.to(got), dst.ptr, 4L * size);
                    String grid = gpu.gridBlocks(k) + " blocks";
                    rows.add(row("realize " + l + " u32", size, 4L * size, t,
                            check(want, got, size) + "; " + grid + ", " + k.summary().replaceAll(".*arithmetic, ", "")));
                }
                gpu.gridStrideCap(Integer.MAX_VALUE);
            }

            cpu.gather(transpose, host, expected);
            for (Kernels.Strategy s : List.of(Kernels.Strategy.TILED_32, Kernels.Strategy.TILED_64, Kernels.Strategy.DIRECT)) {
                Kernel k = Kernels.gather(NormalizedLayout.of(transpose), 4, s);
                poison(dst);
                DescriptiveStatistics t = time(() -> launchMove(k, dst, src));
                cuMemcpyDtoH(Pointer.to(got), dst.ptr, bytes);
                rows.add(row("gather " + transpose + " 4B " + s.name().toLowerCase(Locale.ROOT), n, 2 * bytes, t, check(expected, got, n)));
            }
            int[] scattered = new int[n];
            cpu.scatter(transpose, host, scattered);
            for (Kernels.Strategy s : List.of(Kernels.Strategy.TILED_32, Kernels.Strategy.TILED_64)) {
                Kernel k = Kernels.scatter(NormalizedLayout.of(transpose), 4, s);
                poison(dst);
                DescriptiveStatistics t = time(() -> launchMove(k, dst, src));
                cuMemcpyDtoH(Pointer.to(got), dst.ptr, bytes);
                rows.add(row("scatter " + transpose + " 4B " + s.name().toLowerCase(Locale.ROOT), n, 2 * bytes, t, check(scattered, got, n)));
            }
        }

        // 2^32 points through power-of-two extents (shifts); 4,277,145,600 points (2^32 less 0.4%) through odd
        // extents (multiply-high), with offsets below 2^32 and, strides doubled, past it (64-bit arithmetic)
        Layout a = Layout.parse("(65536,65536):(65536,1)");
        Layout b = Layout.parse("((256,256),(256,256)):((256,16777216),(1,65536))");
        rows.add(compareRow(Composition.compose(a, b), a, b, b.size()));
        Layout odd = Layout.parse("(34,12,56,78,2400):(12,1,408,22848,1782144)");
        for (String s : List.of("(12,34,56,78,2400):(356428800,4368,78,1,148512)", "(12,34,56,78,2400):(712857600,8736,156,2,297024)")) {
            Layout c = Layout.parse(s);
            rows.add(compareRow(Composition.compose(c, odd), c, odd, odd.size()));
        }
        return rows;
    }

    private BenchRow compareRow(Layout r, Layout a, Layout b, long points) {
        LayoutChain lhs = LayoutChain.of(r);
        LayoutChain rhs = LayoutChain.composite(a, b);
        java.util.List<java.util.List<NormalizedLayout>> sides = org.layoutcat.gpu.Operands.compare(lhs, rhs, points);
        Kernel k = Kernels.compare(sides.get(0), sides.get(1), points);
        long[] result = {0, -1};
        DescriptiveStatistics t;
        try (CudaBackend.Buffer res = gpu.allocate(16)) {
            t = time(() -> cuMemcpyHtoD(res.ptr, Pointer.to(new long[] {0, -1}), 16), () -> gpu.launch(k, res.address(), points));
            cuMemcpyDtoH(Pointer.to(result), res.ptr, 16);
        }
        String w = k.summary().replaceAll(".*, ", "");
        return row("compare " + r + " vs " + rhs, points, 0, t, result[0] + " mismatches; " + w);
    }

    private void launchMove(Kernel k, CudaBackend.Buffer dst, CudaBackend.Buffer src) {
        if (k.geometry() == Kernel.Geometry.GRID_STRIDE) gpu.launch(k, dst.address(), src.address(), k.items());
        else gpu.launch(k, dst.address(), src.address());
    }

    private void poison(CudaBackend.Buffer b) {
        cuMemsetD32(b.ptr, 0xDEADBEEF, b.bytes / 4);
        cuCtxSynchronize();
    }

    /** Warm-up runs, then {@code reps} runs timed with events (milliseconds each). */
    private DescriptiveStatistics time(Runnable work) {
        return time(() -> { }, work);
    }

    /** As {@link #time(Runnable)}, with {@code before} run ahead of each run, outside the timed region. */
    private DescriptiveStatistics time(Runnable before, Runnable work) {
        for (int i = 0; i < 3; i++) {
            before.run();
            work.run();
        }
        cuCtxSynchronize();
        DescriptiveStatistics s = new DescriptiveStatistics();
        CUstream stream = new CUstream();
        float[] ms = {0};
        for (int i = 0; i < reps; i++) {
            before.run();
            cuEventRecord(start, stream);
            work.run();
            cuEventRecord(stop, stream);
            cuEventSynchronize(stop);
            cuEventElapsedTime(ms, start, stop);
            s.addValue(ms[0]);
        }
        return s;
    }

    private BenchRow row(String name, long items, long bytes, DescriptiveStatistics t, String note) {
        BenchRow r = new BenchRow(name, items, bytes, t, note);
        log.println(r.line(null));
        return r;
    }

    private static String check(int[] want, int[] got, int n) {
        for (int i = 0; i < n; i++) {
            if (want[i] != got[i]) {
                return "WRONG at " + i + ": " + Integer.toUnsignedString(got[i]) + " != " + Integer.toUnsignedString(want[i]);
            }
        }
        return "all " + n + " checked";
    }
}
