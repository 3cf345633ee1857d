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

    /**
     * The sample's kernels, assembled in as few ptxas runs as their headers allow: kernels of one header ({@code .version},
     * {@code .target}, {@code .address_size}) in one module, entries renamed apart (each kernel is an entry and nothing
     * else: a kernel with anything else at the top level is assembled alone). Where a module fails or warns, its kernels
     * are assembled one by one, so that the failure names the kernel.
     */
    @Test
    void generatedKernelsAssembleForHopper(@TempDir Path dir) throws Exception {
        Path ptxas = ptxas();
        assumeTrue(ptxas != null, "ptxas is not installed");
        List<Kernel> kernels = KernelsTest.sample(3, 6);
        java.util.Map<String, List<Integer>> byHeader = new java.util.LinkedHashMap<>();
        for (int i = 0; i < kernels.size(); i++) {
            String text = kernels.get(i).ptx();
            int entry = text.indexOf(".visible .entry");
            String header = text.substring(0, entry).lines().filter(l -> !l.startsWith("//") && !l.isBlank())
                    .collect(java.util.stream.Collectors.joining("\n", "", "\n"));
            boolean onlyDirectives = header.lines().allMatch(l -> l.startsWith(".version ") || l.startsWith(".target ") || l.startsWith(".address_size "));
            byHeader.computeIfAbsent(onlyDirectives && text.indexOf(".visible .entry", entry + 1) < 0 ? header : "kernel " + i,
                    h -> new java.util.ArrayList<>()).add(i);
        }
        int group = 0;
        for (var e : byHeader.entrySet()) {
            List<Integer> members = e.getValue();
            Result r = members.size() == 1 ? assemble(ptxas, dir, kernels.get(members.get(0)).ptx(), "k" + group)
                    : assemble(ptxas, dir, module(e.getKey(), kernels, members), "k" + group);
            group++;
            if (r.code == 0 && r.output.isBlank()) continue;
            for (int i : members) { // which kernel: one by one
                Kernel k = kernels.get(i);
                Result one = assemble(ptxas, dir, k.ptx(), i + "_" + k.entry());
                assertEquals(0, one.code, () -> k.summary() + "\n" + one.output + "\n" + k.ptx());
                assertEquals("", one.output.strip(), () -> "ptxas warned on " + k.summary() + ":\n" + one.output);
            }
            assertEquals(0, r.code, "each kernel assembles alone, but not together:\n" + r.output);
            assertEquals("", r.output.strip(), () -> "ptxas warned on the kernels together, on none alone:\n" + r.output);
        }
    }

    /** The kernels {@code members} in one module under {@code header}, each entry renamed with its index. */
    private static String module(String header, List<Kernel> kernels, List<Integer> members) {
        StringBuilder module = new StringBuilder(header);
        for (int i : members) {
            Kernel k = kernels.get(i);
            String text = k.ptx();
            module.append('\n').append(text.substring(text.indexOf(".visible .entry")).replace(".entry " + k.entry() + "(", ".entry " + k.entry() + "_" + i + "("));
        }
        return module.toString();
    }

    private static Result assemble(Path ptxas, Path dir, String ptx, String name) throws IOException, InterruptedException {
        Path file = dir.resolve(name + ".ptx");
        Files.writeString(file, ptx);
        return run(ptxas.toString(), "-arch=sm_90", file.toString(), "-o", dir.resolve(name + ".cubin").toString());
    }

    /**
     * The wgmma kernels of half the matrix and of every 8th catalog atom (each family, input kind and form), in one
     * module
     * (entries renamed apart, the highest PTX version of them), assemble for sm_90a without a warning.
     */
    @Test
    void wgmmaKernelsAssembleForSm90a(@TempDir Path dir) throws Exception {
        Path ptxas = ptxas();
        assumeTrue(ptxas != null, "ptxas is not installed");
        List<org.layoutcat.gpu.atom.WgmmaCase> cases = new java.util.ArrayList<>();
        List<org.layoutcat.gpu.atom.WgmmaCase> matrix = org.layoutcat.gpu.atom.WgmmaCase.matrix();
        // half the matrix, alternating within its groups of six (a family and swizzling's SS majors and RS forms): each
        // family, swizzling and form, and each pair of majors, is among them
        for (int i = 0; i < matrix.size(); i++) if ((i + i / 6) % 2 == 0) cases.add(matrix.get(i));
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

    /**
     * The TMA kernels: the one-CTA load of every rank, and the cluster load (multicast, {@code .reqnctapercluster},
     * {@code barrier.cluster}) of every rank over clusters of 2, 4 and 8 CTAs, and the im2col load of ranks 3 to 5, assemble for sm_90a without a warning.
     */
    @Test
    void tmaKernelsAssembleForSm90a(@TempDir Path dir) throws Exception {
        Path ptxas = ptxas();
        assumeTrue(ptxas != null, "ptxas is not installed");
        List<Kernel> kernels = new java.util.ArrayList<>();
        for (int rank = 1; rank <= 5; rank++) {
            kernels.add(TmaKernels.load(rank, 16384));
            kernels.add(TmaKernels.clusterLoad(rank, 32768, 1 << (rank % 3 + 1)));
            if (rank >= 3) kernels.add(TmaKernels.loadIm2col(rank, 16384));
        }
        for (int i = 0; i < kernels.size(); i++) {
            Kernel k = kernels.get(i);
            Path file = dir.resolve("tma" + i + ".ptx");
            Files.writeString(file, k.ptx());
            Result r = run(ptxas.toString(), "-arch=sm_90a", file.toString(), "-o", dir.resolve("tma" + i + ".cubin").toString());
            assertEquals(0, r.code, () -> k.summary() + "\n" + r.output);
            assertEquals("", r.output.strip(), () -> "ptxas warned on " + k.summary() + ":\n" + r.output);
        }
    }

    /**
     * Issue 36: the UMMA tile kernels (tcgen05.alloc, .st, .mma of each dense kind, .commit, .ld, .dealloc) of every tile
     * of the Blackwell check, in one module (entries renamed apart), assemble for sm_100a without a warning.
     */
    @Test
    void ummaKernelsAssembleForSm100a(@TempDir Path dir) throws Exception {
        Path ptxas = ptxas();
        assumeTrue(ptxas != null, "ptxas is not installed");
        List<org.layoutcat.gpu.atom.UmmaTile> tiles = org.layoutcat.gpu.atom.UmmaTile.matrix();
        StringBuilder module = new StringBuilder(".version " + UmmaKernels.PTX_VERSION + "\n.target sm_100a\n.address_size 64\n");
        for (int i = 0; i < tiles.size(); i++) {
            Kernel k = UmmaKernels.umma(tiles.get(i).kernelTile());
            String text = k.ptx();
            module.append(text.substring(text.indexOf(".visible .entry")).replace(".entry " + k.entry() + "(", ".entry " + k.entry() + "_" + i + "("));
        }
        Path file = dir.resolve("umma.ptx");
        Files.writeString(file, module);
        Result r = run(ptxas.toString(), "-arch=sm_100a", file.toString(), "-o", dir.resolve("umma.cubin").toString());
        assertEquals(0, r.code, r.output);
        assertEquals("", r.output.strip(), () -> "ptxas warned:\n" + r.output);
        assertEquals(40, tiles.size());
    }

    /**
     * Issue 35: the K-loop kernels (four wgmma instructions a kernel, the descriptors advanced between, tiles past a
     * boundary), every 4th case of the matrix and CuTe's variant of each where it differs, in one module, assemble for
     * sm_90a without a warning.
     */
    @Test
    void wgmmaKLoopKernelsAssembleForSm90a(@TempDir Path dir) throws Exception {
        Path ptxas = ptxas();
        assumeTrue(ptxas != null, "ptxas is not installed");
        List<Kernel> kernels = new java.util.ArrayList<>();
        List<org.layoutcat.gpu.atom.WgmmaKLoop> loops = org.layoutcat.gpu.atom.WgmmaKLoop.matrix();
        for (int i = 0; i < loops.size(); i += 4) {
            kernels.add(loops.get(i).kernel());
            if (loops.get(i).cuteDiffers()) kernels.add(loops.get(i).cuteKernel());
        }
        StringBuilder module = new StringBuilder(".version 8.4\n.target sm_90a\n.address_size 64\n");
        for (int i = 0; i < kernels.size(); i++) {
            Kernel k = kernels.get(i);
            String text = k.ptx();
            module.append(text.substring(text.indexOf(".visible .entry")).replace(".entry " + k.entry() + "(", ".entry " + k.entry() + "_" + i + "("));
        }
        Path file = dir.resolve("kloop.ptx");
        Files.writeString(file, module);
        Result r = run(ptxas.toString(), "-arch=sm_90a", file.toString(), "-o", dir.resolve("kloop.cubin").toString());
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
