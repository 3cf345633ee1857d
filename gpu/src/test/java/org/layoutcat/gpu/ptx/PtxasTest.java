package org.layoutcat.gpu.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every generated kernel assembles with NVIDIA's ptxas for sm_90 (wgmma kernels for sm_90a); skipped only where ptxas is absent. */
class PtxasTest {

    static Path ptxas() {
        Path fixed = Path.of("/usr/local/bin/ptxas");
        if (Files.isExecutable(fixed)) return fixed;
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path p = Path.of(dir, "ptxas");
            if (Files.isExecutable(p)) return p;
        }
        Path cuda = Path.of("/usr/local/cuda/bin/ptxas");
        return Files.isExecutable(cuda) ? cuda : null;
    }

    @Test
    void generatedKernelsAssembleForHopper(@TempDir Path dir) throws Exception {
        Path ptxas = ptxas();
        assumeTrue(ptxas != null, "ptxas is not installed");
        List<Kernel> kernels = KernelsTest.sample(3, 6);
        for (int i = 0; i < kernels.size(); i++) {
            Kernel k = kernels.get(i);
            Path file = dir.resolve(i + "_" + k.entry() + ".ptx");
            Files.writeString(file, k.ptx());
            Result r = run(ptxas.toString(), "-arch=sm_90", file.toString(), "-o", dir.resolve(i + ".cubin").toString());
            assertEquals(0, r.code, () -> k.summary() + "\n" + r.output + "\n" + k.ptx());
            assertEquals("", r.output.strip(), () -> "ptxas warned on " + k.summary() + ":\n" + r.output);
        }
    }

    /**
     * The wgmma kernels of the matrix and of every 8th catalog atom (each family, input kind and form), in one module
     * (entries renamed apart, the highest PTX version of them), assemble for sm_90a without a warning.
     */
    @Test
    void wgmmaKernelsAssembleForSm90a(@TempDir Path dir) throws Exception {
        Path ptxas = ptxas();
        assumeTrue(ptxas != null, "ptxas is not installed");
        List<org.layoutcat.gpu.atom.WgmmaCase> cases = new java.util.ArrayList<>(org.layoutcat.gpu.atom.WgmmaCase.matrix());
        List<org.layoutcat.gpu.atom.WgmmaCase> catalog = org.layoutcat.gpu.atom.WgmmaCase.catalog();
        for (int i = 0; i < catalog.size(); i += 8) cases.add(catalog.get(i));
        StringBuilder module = new StringBuilder(".version 8.4\n.target sm_90a\n.address_size 64\n");
        for (int i = 0; i < cases.size(); i++) {
            Kernel k = cases.get(i).kernel();
            String text = k.ptx();
            module.append(text.substring(text.indexOf(".visible .entry")).replace(".entry " + k.entry() + "(", ".entry " + k.entry() + "_" + i + "("));
        }
        Path file = dir.resolve("wgmma.ptx");
        Files.writeString(file, module);
        Result r = run(ptxas.toString(), "-arch=sm_90a", file.toString(), "-o", dir.resolve("wgmma.cubin").toString());
        assertEquals(0, r.code, r.output);
        assertEquals("", r.output.strip(), () -> "ptxas warned:\n" + r.output);
    }

    private record Result(int code, String output) {}

    private static Result run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return new Result(-1, "ptxas timed out");
        }
        return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8));
    }
}
