package org.layoutcat.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.layoutcat.gpu.cpu.CpuBackend;

/** The cross-check itself: two CPU backends of different parallelism agree on every operation. */
class CrossCheckTest {

    @Test
    void cpuBackendsOfDifferentParallelismAgree() {
        try (CpuBackend one = CpuBackend.withThreads(1); CpuBackend four = CpuBackend.withThreads(4)) {
            CrossCheck.Report r = CrossCheck.run(four, one, 7, 120, 1 << 12, false, null);
            assertTrue(r.passed(), r.failures().toString());
            assertEquals(120, r.cases());
            assertEquals(18, r.counts().size(), "every operation ran, the swizzled ones too: " + r.counts());
        }
    }
}
