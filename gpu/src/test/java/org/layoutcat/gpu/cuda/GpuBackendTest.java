package org.layoutcat.gpu.cuda;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import java.util.List;
import java.util.Random;
import org.layoutcat.core.Layout;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.gpu.Backends;
import org.layoutcat.gpu.CrossCheck;
import org.layoutcat.gpu.RandomLayouts;
import org.layoutcat.gpu.bench.BankPattern;
import org.layoutcat.gpu.bench.BankRow;
import org.layoutcat.gpu.cpu.CpuBackend;

/**
 * GPU results equal the CPU backend's on random layouts and sizes. Runs where a CUDA driver and GPU are present;
 * skipped (a JUnit assumption) everywhere else, CI included.
 */
class GpuBackendTest {
    static CudaBackend gpu;
    static CpuBackend cpu;

    @BeforeAll
    static void open() {
        assumeTrue(Backends.gpuAvailable(), () -> "no GPU here: " + CudaBackend.availability());
        gpu = CudaBackend.open();
        cpu = CpuBackend.create();
    }

    @AfterAll
    static void close() {
        if (gpu != null) gpu.close();
        if (cpu != null) cpu.close();
    }

    @Test
    void gpuBackendAgreesWithCpuBackendOnRandomLayouts() {
        CrossCheck.Report r = CrossCheck.run(gpu, cpu, 20261122, 600, 1 << 16, true, System.err);
        assertTrue(r.passed(), r.summary() + "\n" + String.join("\n", r.failures()));
    }

    @Test
    void gpuPartitionGivesEachThreadItsValues() {
        // seed 003: thread 0 holds 0,1,4,5,8,9; thread 3 holds 14,15,18,19,22,23
        Layout tv = Layout.parse("((2,2),(2,3)):((2,12),(1,4))");
        int[] src = new int[24];
        for (int i = 0; i < 24; i++) src[i] = i;
        int[] dst = new int[24];
        gpu.partition(tv, src, dst);
        assertArrayEquals(new int[] {0, 1, 4, 5, 8, 9}, new int[] {dst[0], dst[4], dst[8], dst[12], dst[16], dst[20]});
        assertArrayEquals(new int[] {14, 15, 18, 19, 22, 23}, new int[] {dst[3], dst[7], dst[11], dst[15], dst[19], dst[23]});
    }

    @Test
    void gpuComposedMovesEqualComposedLayoutFunction() {
        // i ↦ sw(offset + L(i)) point by point, the XOR computed in the generated PTX
        Random rnd = new Random(16);
        for (int c = 0; c < 60; c++) {
            ComposedLayout l = c == 0 ? ComposedLayout.parse("Sw<3,3,3> o 0 o (8,64):(64,1)") : RandomLayouts.composed(rnd, 1 << 16, true);
            int n = (int) l.size();
            int[] out = new int[n];
            long[] wide = new long[n];
            java.util.Arrays.fill(out, -1);
            java.util.Arrays.fill(wide, -1);
            gpu.realize(l, out);
            gpu.realize(l, wide);
            int cos = 0;
            for (int i = 0; i < n; i++) {
                assertEquals(l.apply(i), Integer.toUnsignedLong(out[i]), l + " at " + i);
                assertEquals(l.apply(i), wide[i], l + " at " + i);
                cos = (int) Math.max(cos, l.apply(i) + 1);
            }
            int[] src = rnd.ints(cos).toArray();
            int[] dst = new int[n];
            gpu.gather(l, src, dst);
            for (int i = 0; i < n; i++) assertEquals(src[(int) l.apply(i)], dst[i], l + " at " + i);
            long[] from = rnd.longs(n).toArray();
            long[] to = rnd.longs(cos).toArray();
            long[] expected = to.clone();
            for (int i = 0; i < n; i++) expected[(int) l.apply(i)] = from[i];
            gpu.scatter(l, from, to);
            assertArrayEquals(expected, to, l.toString());
        }
    }

    @Test
    void bankMeasurementLoadsThePredictedBytesAndConflictsCost() {
        List<BankRow> rows = CudaBanks.run(gpu, BankPattern.catalog(), List.of(16), 256, 16, 3, System.err);
        for (BankRow r : rows) assertTrue(r.timing(16).passed(), r.pattern().name() + ": " + r.timing(16).check());
        double reference = rows.get(0).timing(16).median();
        double column = rows.get(4).timing(16).median(); // 32-way
        double swizzled = rows.get(5).timing(16).median(); // the same column through Sw<5,0,5>: conflict-free
        assertTrue(column > 8 * reference, column + " vs " + reference);
        assertTrue(swizzled < 2 * reference, swizzled + " vs " + reference);
    }

    @Test
    void gpuRealizesATransposeOfTwoTo28Offsets() {
        Layout t = Layout.parse("(16384,16384):(16384,1)");
        int[] x = new int[1 << 28];
        int[] y = new int[1 << 28];
        java.util.Arrays.fill(x, -1);
        gpu.realize(t, x);
        cpu.realize(t, y);
        assertArrayEquals(y, x);
        assertEquals(16384, x[1]);
    }
}
