package org.layoutcat.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.layoutcat.gpu.cpu.CpuBackend;
import org.layoutcat.gpu.cuda.CudaBackend;

class BackendsTest {

    @Test
    void autoFallsBackToTheCpuWithOneNotice() {
        assumeFalse(Backends.gpuAvailable(), "a GPU is present");
        List<String> notices = new ArrayList<>();
        try (Backend b = Backends.open(Backends.Choice.AUTO, notices::add)) {
            assertInstanceOf(CpuBackend.class, b);
        }
        assertEquals(1, notices.size());
        assertTrue(notices.get(0).contains("using the CPU backend"), notices.get(0));
    }

    @Test
    void gpuWithoutADriverFailsWithAClearMessage() {
        assumeFalse(Backends.gpuAvailable(), "a GPU is present");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Backends.open(Backends.Choice.GPU, s -> { }));
        assertEquals(CudaBackend.availability(), e.getMessage());
        assertTrue(e.getMessage().startsWith("no GPU"), e.getMessage());
    }

    @Test
    void choicesParseInAnyCase() {
        assertEquals(Backends.Choice.GPU, Backends.Choice.parse("GPU"));
        assertEquals(Backends.Choice.AUTO, Backends.Choice.parse(" auto "));
        assertThrows(IllegalArgumentException.class, () -> Backends.Choice.parse("tpu"));
    }
}
