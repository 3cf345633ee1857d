package org.layoutcat.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** {@code check compose}, {@code gpu ptx} and {@code gpu banks}, run through the command line on the CPU backend. */
class GpuCommandsTest {

    private static CliRun run(String... args) {
        return CliRun.of(args);
    }

    @Test
    void checkComposeCountsEveryPointOfTheDomain() {
        CliRun r = run("check", "compose", "(8,4):(4,1)", "(4,8):(8,1)", "--backend", "cpu");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("R = A∘B   (4,8):(1,4)"), r.out());
        assertTrue(r.out().contains("32 points, 0 mismatches"), r.out());
    }

    @Test
    void checkComposeRejectsAnUnknownBackend() {
        CliRun r = run("check", "compose", "(8,4):(4,1)", "(4,8):(8,1)", "--backend", "tpu");
        assertEquals(Main.USAGE, r.code(), r.err()); // a bad option value is a usage error (issue 34)
        assertTrue(r.err().contains("backend 'tpu': expected auto, gpu or cpu"), r.err());
    }

    @Test
    void gpuPtxPrintsTheModuleOfTheCoalescedLayout() {
        CliRun r = run("gpu", "ptx", "((2,4),3):((1,2),8)");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("L = 24:1"), r.out());
        assertTrue(r.out().contains(".visible .entry layoutcat_realize("), r.out());
        CliRun t = run("gpu", "ptx", "(64,64):(64,1)", "--kernel", "scatter", "--element-bytes", "8");
        assertTrue(t.out().contains(".entry layoutcat_scatter_tiled("), t.out());
        CliRun c = run("gpu", "ptx", "(4,8):(1,4)", "--kernel", "compare", "--against", "(8,4):(4,1) o (4,8):(8,1)");
        assertTrue(c.out().contains(".entry layoutcat_compare("), c.out() + c.err());
    }

    @Test
    void gpuPtxOfAComposedLayoutSwizzlesEachOffset() {
        CliRun r = run("gpu", "ptx", "Sw<3,3,3> o 0 o (8,64):(64,1)");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("L = Sw<3,3,3> o 0 o (8,64):(64,1)"), r.out());
        assertTrue(r.out().contains("xor.b32"), r.out());
        CliRun g = run("gpu", "ptx", "Sw<3,3,3> o 0 o (8,64):(64,1)", "--kernel", "gather", "--element-bytes", "8");
        assertTrue(g.out().contains(".entry layoutcat_gather(") && g.out().contains("xor.b32"), g.out() + g.err());
    }

    @Test
    void gpuBanksPrintsThePredictionsWithoutAGpu() {
        CliRun r = run("gpu", "banks", "--predict");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("predictions only"), r.out());
        assertTrue(r.out().contains("| 2 B: a column of the 8x64 half tile (8 threads), 8-way | `(8,64):(64,1)` | `8:1` | 2 | 8 (1) | 8.00 |"), r.out());
        CliRun one = run("gpu", "banks", "Sw<3,3,3> o 0 o (8,64):(64,1)", "(8,8):(1,8)", "--elem", "2", "--predict");
        assertEquals(0, one.code(), one.err());
        assertTrue(one.out().contains("| given | `Sw<3,3,3> o 0 o (8,64):(64,1)` | `(8,8):(1,8)` | 2 | 1 (1) | 0.25 |"), one.out());
    }
}
