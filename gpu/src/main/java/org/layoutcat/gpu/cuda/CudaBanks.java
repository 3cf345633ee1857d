package org.layoutcat.gpu.cuda;

import static jcuda.driver.JCudaDriver.*;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import jcuda.Pointer;
import jcuda.driver.CUevent;
import jcuda.driver.CUstream;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;
import org.layoutcat.gpu.bench.BankPattern;
import org.layoutcat.gpu.bench.BankRow;
import org.layoutcat.gpu.ptx.BankKernels;
import org.layoutcat.gpu.ptx.Kernel;

/**
 * Measures bank conflicts on the GPU: each pattern's load replayed by {@link BankKernels#sharedLoads} in one block of
 * {@code warps} warps, {@code iters × unroll} loads per warp, the SM cycles between the barriers around the loop
 * ({@code %clock64}) divided by the warp instructions executed. Each run's output is poisoned first; the first run's
 * loaded values and every lane's sum are checked against the fill pattern (the addresses the GPU loaded are the ones
 * predicted). Medians of {@code reps} runs after two warm-ups; CUDA events time the same runs, and the cycles over
 * their time bound the SM clock from below (the events include the launch), a sanity check.
 */
public final class CudaBanks {
    private CudaBanks() {}

    /**
     * Measures {@code patterns} (their conflict-free references too) with each block size of {@code warps}; progress
     * goes to {@code log}. Returns the rows in the order given, references included where they were in the list.
     */
    public static List<BankRow> run(CudaBackend gpu, List<BankPattern> patterns, List<Integer> warps, int iters, int unroll, int reps,
                                    PrintStream log) {
        if (iters < 1 || reps < 1) throw new IllegalArgumentException("iterations " + iters + " and runs " + reps + " must be positive");
        List<BankRow> rows = new ArrayList<>();
        CUevent start = new CUevent();
        CUevent stop = new CUevent();
        gpu.current();
        cuEventCreate(start, 0);
        cuEventCreate(stop, 0);
        try (CudaBackend.Buffer out = gpu.allocate(BankKernels.OUT_BYTES); CudaBackend.Buffer addr = gpu.allocate(4 * 32)) {
            for (BankPattern p : patterns) {
                List<BankRow.Timing> timings = new ArrayList<>();
                for (int w : warps) {
                    BankRow.Timing t = measure(gpu, p, w, iters, unroll, reps, out, addr, start, stop);
                    log.printf(Locale.ROOT, "%-58s %2d warps: %7.2f cycles/instr (p10 %.2f, p90 %.2f), clock ≥ %.2f GHz, %s%n", p.name(), w,
                            t.median(), t.cycles().getPercentile(10), t.cycles().getPercentile(90), t.clockGhz(), t.check());
                    timings.add(t);
                }
                rows.add(new BankRow(p, p.predicted(), p.reference().predicted().wavefronts(), timings));
            }
        } finally {
            cuEventDestroy(start);
            cuEventDestroy(stop);
        }
        return rows;
    }

    private static BankRow.Timing measure(CudaBackend gpu, BankPattern p, int warps, int iters, int unroll, int reps,
                                          CudaBackend.Buffer out, CudaBackend.Buffer addr, CUevent start, CUevent stop) {
        return measure(gpu, p.byteAddresses(), p.vectorBytes(), warps, iters, unroll, reps, out, addr, start, stop);
    }

    /**
     * Each stage's measured cycles over each of its layouts: every warp instruction replayed as a load of its lanes'
     * addresses by a block of {@code warps} warps, its median cycles per instruction summed over the stage (equal
     * instructions measured once). Returns, per stage and layout, the sum and whether every load read the predicted
     * bytes.
     */
    public static List<double[]> stages(CudaBackend gpu, List<org.layoutcat.gpu.bench.StageCase> cases,
                                        java.util.function.Function<org.layoutcat.gpu.bench.StageCase, List<org.layoutcat.core.AnyLayout>> layouts,
                                        int warps, int iters, int unroll, int reps, PrintStream log) {
        List<double[]> out = new ArrayList<>();
        java.util.Map<String, BankRow.Timing> seen = new java.util.HashMap<>();
        CUevent start = new CUevent();
        CUevent stop = new CUevent();
        gpu.current();
        cuEventCreate(start, 0);
        cuEventCreate(stop, 0);
        try (CudaBackend.Buffer o = gpu.allocate(BankKernels.OUT_BYTES); CudaBackend.Buffer addr = gpu.allocate(4 * 32)) {
            for (org.layoutcat.gpu.bench.StageCase c : cases) {
                List<org.layoutcat.core.AnyLayout> ls = layouts.apply(c);
                double[] sums = new double[2 * ls.size()];
                for (int l = 0; l < ls.size(); l++) {
                    double sum = 0;
                    boolean ok = true;
                    for (org.layoutcat.gpu.bench.StageCase.Instruction in : c.instructions(ls.get(l))) {
                        String key = in.vectorBytes() + ":" + in.addresses();
                        BankRow.Timing t = seen.get(key);
                        if (t == null) {
                            t = measure(gpu, in.addresses(), in.vectorBytes(), warps, iters, unroll, reps, o, addr, start, stop);
                            seen.put(key, t);
                        }
                        sum += t.median();
                        ok &= t.check().startsWith("ok");
                    }
                    sums[2 * l] = sum;
                    sums[2 * l + 1] = ok ? 1 : 0;
                    log.printf(Locale.ROOT, "%-70s layout %d: %.1f cycles, %s%n", c.name(), l, sum, ok ? "every load read the predicted bytes" : "WRONG bytes");
                }
                out.add(sums);
            }
        } finally {
            cuEventDestroy(start);
            cuEventDestroy(stop);
        }
        return out;
    }

    private static BankRow.Timing measure(CudaBackend gpu, List<Long> addresses, int vector, int warps, int iters, int unroll, int reps,
                                          CudaBackend.Buffer out, CudaBackend.Buffer addr, CUevent start, CUevent stop) {
        Kernel k = BankKernels.sharedLoads(addresses, vector, warps, unroll);
        int[] lanes = new int[32];
        for (int t = 0; t < addresses.size(); t++) lanes[t] = Math.toIntExact(addresses.get(t));
        cuMemcpyHtoD(addr.ptr, Pointer.to(lanes), 4 * 32);
        long instructions = (long) warps * iters * unroll;

        cuMemsetD32(out.ptr, 0xDEADBEEF, BankKernels.OUT_BYTES / 4);
        gpu.launch(k, out.address(), addr.address(), iters);
        cuCtxSynchronize();
        int[] got = new int[BankKernels.OUT_BYTES / 4];
        cuMemcpyDtoH(Pointer.to(got), out.ptr, BankKernels.OUT_BYTES);
        String check = check(addresses, vector, (long) iters * unroll, got);
        gpu.launch(k, out.address(), addr.address(), iters);
        cuCtxSynchronize();

        DescriptiveStatistics cycles = new DescriptiveStatistics();
        double cyclesSum = 0;
        double msSum = 0;
        long[] clock = {0};
        float[] ms = {0};
        CUstream stream = new CUstream();
        for (int i = 0; i < reps; i++) {
            cuMemsetD32(out.ptr, 0xDEADBEEF, 2);
            cuEventRecord(start, stream);
            gpu.launch(k, out.address(), addr.address(), iters);
            cuEventRecord(stop, stream);
            cuEventSynchronize(stop);
            cuEventElapsedTime(ms, start, stop);
            cuMemcpyDtoH(Pointer.to(clock), out.ptr, 8);
            if (clock[0] == 0xDEADBEEFDEADBEEFL) return new BankRow.Timing(warps, cycles, 0, "WRONG: run " + i + " wrote no cycle count");
            cycles.addValue(clock[0] / (double) instructions);
            cyclesSum += clock[0];
            msSum += ms[0];
        }
        return new BankRow.Timing(warps, cycles, cyclesSum / (msSum * 1e6), check);
    }

    /** "ok ..." when every lane loaded the predicted words and summed them {@code loads} times, else what differs. */
    static String check(List<Long> addresses, int vector, long loads, int[] got) {
        int words = Math.max(1, vector / 4);
        for (int t = 0; t < addresses.size(); t++) {
            long a = addresses.get(t);
            int sum = 0;
            for (int j = 0; j < words; j++) {
                int want = BankKernels.loadedWord(a, vector, j);
                int have = got[(BankKernels.CHECK + 16 * t + 4 * j) / 4];
                if (have != want) {
                    return String.format(Locale.ROOT, "WRONG: lane %d word %d at byte %d: 0x%08X, expected 0x%08X", t, j, a, have, want);
                }
                sum += want;
            }
            int wantSum = (int) (loads * sum);
            int haveSum = got[(BankKernels.SUMS + 4 * t) / 4];
            if (haveSum != wantSum) {
                return String.format(Locale.ROOT, "WRONG: lane %d summed 0x%08X, expected 0x%08X", t, haveSum, wantSum);
            }
        }
        return "ok: " + addresses.size() + " lanes loaded the predicted bytes";
    }
}
