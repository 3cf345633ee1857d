package org.layoutcat.cli;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.Layout;
import org.layoutcat.gpu.Backend;
import org.layoutcat.gpu.Backends;
import org.layoutcat.gpu.CrossCheck;
import org.layoutcat.gpu.LayoutChain;
import org.layoutcat.gpu.Operands;
import org.layoutcat.gpu.bench.BenchRow;
import org.layoutcat.gpu.cpu.CpuBackend;
import org.layoutcat.gpu.cpu.CpuBench;
import org.layoutcat.gpu.cuda.CudaBackend;
import org.layoutcat.gpu.cuda.CudaBench;
import org.layoutcat.gpu.ptx.Kernel;
import org.layoutcat.gpu.ptx.Kernels;
import org.layoutcat.gpu.ptx.NormalizedComposedLayout;
import org.layoutcat.gpu.ptx.NormalizedLayout;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/** {@code layoutcat gpu …}: the generated PTX, the backends' benchmarks and their cross-check. */
@Command(name = "gpu", description = "GPU backend: generated PTX, benchmarks, GPU-vs-CPU verification.",
        subcommands = {GpuCommand.Ptx.class, GpuCommand.Bench.class, GpuCommand.Verify.class, GpuCommand.Info.class, GpuCommand.TmaCheck.class,
                GpuCommand.AtomsCheck.class, GpuCommand.Banks.class, GpuCommand.Blackwell.class})
final class GpuCommand implements Callable<Integer> {

    @Override
    public Integer call() {
        CommandLine.usage(this, System.out);
        return 0;
    }

    /** A backend: auto, gpu or cpu ({@link Backends.Choice#parse}). */
    static final class BackendChoice extends Main.Reading<Backends.Choice> {
        BackendChoice() {
            super(Backends.Choice::parse);
        }
    }

    /** {@code gpu ptx L}: the PTX module generated for L (realize unless {@code --kernel} says otherwise). */
    @Command(name = "ptx", description = "Print the PTX generated for a layout (from its coalesced normal form).")
    static final class Ptx implements Callable<Integer> {
        @Parameters(index = "0", description = "the layout (a TV layout for partition), or a composed layout 'Sw<B,M,S> o OFFSET o L'") String layout;
        @Option(names = "--kernel", defaultValue = "realize", converter = KernelName.class, description = "realize, compare, gather, scatter or partition") String kernel;
        @Option(names = "--element-bytes", defaultValue = "4", description = "4 or 8, for gather, scatter, partition") int bytes;
        @Option(names = "--strategy", defaultValue = "auto", description = "gather/scatter: auto, direct, tiled_32 or tiled_64") Kernels.Strategy strategy;
        @Option(names = "--against", description = "compare: the layout (or A∘B as 'A o B') to compare with") String against;
        @Option(names = "--points", description = "compare: the domain size (default size of the layout)") Long points;

        @CommandLine.Spec CommandLine.Model.CommandSpec spec;

        /** The kernel's name: realize, compare, gather, scatter or partition. */
        static final class KernelName extends Main.Reading<String> {
            KernelName() {
                super(text -> {
                    if (!List.of("realize", "compare", "gather", "scatter", "partition").contains(text)) {
                        throw new IllegalArgumentException("kernel '" + org.layoutcat.core.LayoutArgumentException.quote(text)
                                + "': expected realize, compare, gather, scatter or partition");
                    }
                    return text;
                });
            }
        }

        @Override
        public Integer call() {
            Main.require(spec, bytes == 4 || bytes == 8, "--element-bytes: elements of 4 or 8 bytes, not " + bytes);
            AnyLayout any = AnyLayout.parse(layout);
            if (any instanceof ComposedLayout c) {
                System.out.print(composedKernel(c).ptx());
                return 0;
            }
            Layout l = Layout.parse(layout);
            Kernels.Strategy s = strategy;
            Kernel k;
            switch (kernel) {
                case "realize": {
                    NormalizedLayout n = NormalizedLayout.of(l);
                    long[] r = n.offsetRange(n.size() - 1);
                    k = Kernels.realize(n, r[0] >= 0 && r[1] <= 0xFFFF_FFFFL ? Kernels.OffsetType.U32 : Kernels.OffsetType.S64);
                    break;
                }
                case "gather":
                    k = Kernels.gather(NormalizedLayout.of(l), bytes, s);
                    break;
                case "scatter":
                    k = Kernels.scatter(NormalizedLayout.of(l), bytes, s);
                    break;
                case "partition": {
                    NormalizedLayout[] m = Operands.tvModes(l);
                    k = Kernels.partition(m[0], m[1], bytes);
                    break;
                }
                case "compare": {
                    if (against == null) throw new IllegalArgumentException("--kernel compare needs --against LAYOUT or --against 'A o B'");
                    LayoutChain rhs = chain(against);
                    long n = points == null ? l.size() : points;
                    List<List<NormalizedLayout>> sides = Operands.compare(LayoutChain.of(l), rhs, n);
                    k = Kernels.compare(sides.get(0), sides.get(1), n);
                    break;
                }
                default:
                    throw new IllegalArgumentException("kernel '" + kernel + "': expected realize, compare, gather, scatter or partition");
            }
            System.out.print(k.ptx());
            return 0;
        }

        /** The realize, gather or scatter kernel of a composed layout {@code Sw<B,M,S> o offset o L} (direct moves only). */
        private Kernel composedKernel(ComposedLayout c) {
            NormalizedComposedLayout n = NormalizedComposedLayout.of(c);
            switch (kernel) {
                case "realize":
                    return Kernels.realize(n, n.maxOffsetBound() <= 0xFFFF_FFFFL ? Kernels.OffsetType.U32 : Kernels.OffsetType.S64);
                case "gather":
                    return Kernels.gather(n, bytes);
                case "scatter":
                    return Kernels.scatter(n, bytes);
                default:
                    throw new IllegalArgumentException("kernel '" + kernel + "' of the composed layout " + c + ": expected realize, gather or scatter");
            }
        }

        /** {@code A o B o C} (or {@code A∘B∘C}), read by the one reader of CuTe notation: A∘(B∘C), C applied first. */
        private static LayoutChain chain(String text) {
            List<Layout> factors = org.layoutcat.core.CuTeNotation.parseCompositionFactors(text);
            LayoutChain c = LayoutChain.of(factors.get(factors.size() - 1));
            for (int i = factors.size() - 2; i >= 0; i--) c = LayoutChain.of(factors.get(i)).compose(c);
            return c;
        }
    }

    /** {@code gpu bench}: the GPU benchmarks (or the CPU's with {@code --backend cpu}), then one table. */
    @Command(name = "bench", description = "Benchmark realize, gather/scatter and compare against the copy (GPU) or fill (CPU) bandwidth.")
    static final class Bench implements Callable<Integer> {
        @Option(names = "--backend", defaultValue = "auto", converter = BackendChoice.class, description = "auto, gpu or cpu") Backends.Choice backend;
        @Option(names = "--log2", defaultValue = "28", description = "2^N offsets / elements (default 28)") int log2;
        @Option(names = "--reps", defaultValue = "20", description = "timed runs per benchmark (default 20)") int reps;
        @CommandLine.Spec CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            Main.require(spec, log2 >= 10 && log2 <= 32, "--log2 must be in [10, 32], not " + log2);
            Main.require(spec, reps >= 1, "--reps must be at least 1, not " + reps);
            PrintStream out = System.out;
            try (Backend be = Backends.open(backend, System.err::println)) {
                List<BenchRow> rows;
                String ref;
                if (be instanceof CudaBackend) {
                    rows = CudaBench.run((CudaBackend) be, log2, reps, out);
                    ref = "of copy";
                } else {
                    rows = CpuBench.run((CpuBackend) be, log2, reps, out);
                    ref = "of fill";
                }
                BenchRow reference = rows.get(0);
                out.println();
                out.println(be.description() + "; " + reps + " timed runs each; GB/s counts bytes read + written; '" + ref
                        + "' = bandwidth / the first row's");
                out.println(BenchRow.header());
                for (BenchRow r : rows) out.println(r.line(reference));
                if (be instanceof CpuBackend) {
                    BenchRow parallelFill = rows.get(1);
                    for (BenchRow r : rows.subList(2, rows.size())) {
                        if (r.bytes() > 0) {
                            out.printf(Locale.ROOT, "%s: %.1f%% of the parallel fill%n", r.name(), 100 * r.fractionOf(parallelFill));
                        }
                    }
                }
                return rows.stream().anyMatch(r -> r.note().contains("WRONG")) ? 1 : 0;
            }
        }
    }

    /**
     * {@code gpu banks}: the bank-conflict table, each pattern's predicted wavefronts ({@code BankConflicts}) next to
     * the cycles per warp instruction the GPU measured, both relative to the conflict-free load of the same width;
     * without a GPU, the predictions alone. {@code gpu banks SMEM ACCESS --elem N} measures one pattern instead.
     */
    @Command(name = "banks", description = {"Predicted bank conflicts (wavefronts) against cycles measured on the GPU.",
        "For a table of shared-memory access patterns, or for SMEM ACCESS --elem N; predictions only without a GPU."})
    static final class Banks implements Callable<Integer> {
        @Parameters(index = "0", arity = "0..1", paramLabel = "SMEM", description = "a shared-memory layout, e.g. \"Sw<3,3,3> o 0 o (8,64):(64,1)\"") String smem;
        @Parameters(index = "1", arity = "0..1", paramLabel = "ACCESS", description = "the threads' accesses, e.g. (8,8):(1,8)") String access;
        @Option(names = "--elem", paramLabel = "BYTES", converter = DrawCommand.Bytes.class, description = "bytes per element of SMEM (with SMEM ACCESS)") Integer elem;
        @Option(names = "--warps", split = ",", defaultValue = "1,16", description = "block sizes in warps, each warp running the pattern (default 1,16)") List<Integer> warps;
        @Option(names = "--iters", defaultValue = "2048", description = "loop trips per run (default 2048)") int iters;
        @Option(names = "--unroll", defaultValue = "16", description = "loads per trip (default 16)") int unroll;
        @Option(names = "--reps", defaultValue = "9", description = "timed runs per pattern and block size (default 9)") int reps;
        @Option(names = "--predict", description = "print the predictions only, even with a GPU") boolean predict;
        @Option(names = "--stages", description = "whole stages (writes and reads of a tile) with CUTLASS's layout and the searched one") boolean stages;
        @CommandLine.Spec CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            for (int w : warps) Main.require(spec, w >= 1 && w <= 32, "--warps: a block of " + w + " warps; a block holds 1 to 32");
            if (stages) {
                Main.require(spec, smem == null && access == null, "--stages runs its own table; give no SMEM or ACCESS");
                return stageTable();
            }
            Main.require(spec, iters >= 1, "--iters must be at least 1, not " + iters);
            Main.require(spec, unroll >= 1 && unroll <= 1024, "--unroll must be in [1, 1024], not " + unroll);
            Main.require(spec, reps >= 1, "--reps must be at least 1, not " + reps);
            List<org.layoutcat.gpu.bench.BankPattern> patterns;
            if (smem != null || access != null) {
                Main.require(spec, smem != null && access != null && elem != null, "gpu banks SMEM ACCESS --elem BYTES: all three, or none for the table");
                org.layoutcat.gpu.bench.BankPattern p = org.layoutcat.gpu.bench.BankPattern.of("given", smem, elem, access);
                patterns = List.of(p.reference(), p);
            } else {
                patterns = org.layoutcat.gpu.bench.BankPattern.catalog();
            }
            List<org.layoutcat.gpu.bench.BankPattern> references = patterns.stream().map(p -> p.reference()).distinct().toList();
            String why = predict ? "--predict" : CudaBackend.availability();
            List<org.layoutcat.gpu.bench.BankRow> rows;
            List<org.layoutcat.gpu.bench.BankRow> refs;
            if (why != null) {
                System.out.println("layoutcat: " + why + "; predictions only");
                rows = patterns.stream().map(Banks::predicted).toList();
                refs = references.stream().map(Banks::predicted).toList();
            } else {
                try (CudaBackend gpu = CudaBackend.open()) {
                    System.out.println(gpu.description() + ", " + java.time.LocalDate.now(java.time.ZoneOffset.UTC));
                    System.out.printf(Locale.ROOT, "%d trips x %d loads per warp, medians of %d runs%n", iters, unroll, reps);
                    List<org.layoutcat.gpu.bench.BankPattern> all = new java.util.ArrayList<>(patterns);
                    for (org.layoutcat.gpu.bench.BankPattern r : references) if (!all.contains(r)) all.add(r);
                    List<org.layoutcat.gpu.bench.BankRow> measured = org.layoutcat.gpu.cuda.CudaBanks.run(gpu, all, warps, iters, unroll, reps, System.out);
                    rows = measured.subList(0, patterns.size());
                    refs = measured.stream().filter(r -> references.contains(r.pattern())).toList();
                }
            }
            System.out.println();
            System.out.print(org.layoutcat.gpu.bench.BankRow.table(rows, refs));
            boolean wrong = rows.stream().flatMap(r -> r.timings().stream()).anyMatch(t -> !t.passed());
            return wrong ? 1 : 0;
        }

        /**
         * {@code gpu banks --stages}: each stage of {@link org.layoutcat.gpu.bench.StageCase#catalog()} searched, then
         * CUTLASS's layout and the best found replayed instruction by instruction (the last block size of --warps),
         * predicted wavefronts against measured cycles.
         */
        private int stageTable() {
            List<org.layoutcat.gpu.bench.StageCase> cases = org.layoutcat.gpu.bench.StageCase.catalog();
            java.util.Map<org.layoutcat.gpu.bench.StageCase, org.layoutcat.core.swizzle.SwizzleSearch.Result> found = new java.util.LinkedHashMap<>();
            for (org.layoutcat.gpu.bench.StageCase c : cases) found.put(c, c.search());
            String why = predict ? "--predict" : CudaBackend.availability();
            List<double[]> measured = null;
            int w = warps.getLast();
            if (why != null) {
                System.out.println("layoutcat: " + why + "; predictions only");
            } else {
                try (CudaBackend gpu = CudaBackend.open()) {
                    System.out.println(gpu.description() + ", " + java.time.LocalDate.now(java.time.ZoneOffset.UTC));
                    System.out.printf(Locale.ROOT, "%d warps, %d trips x %d loads per warp, medians of %d runs per instruction%n", w, iters, unroll, reps);
                    measured = org.layoutcat.gpu.cuda.CudaBanks.stages(gpu, cases, c -> {
                        org.layoutcat.core.swizzle.SwizzleSearch.Result r = found.get(c);
                        return r.cutlass() == null ? List.of(r.best().smem()) : List.of(r.cutlass().smem(), r.best().smem());
                    }, w, iters, unroll, reps, System.out);
                }
            }
            System.out.println();
            System.out.println("| stage | CUTLASS (SM90 selector) | layoutcat's best | bound | predicted: CUTLASS / best | measured cycles: CUTLASS / best |");
            System.out.println("|---|---|---|--:|--:|--:|");
            boolean wrong = false;
            for (int i = 0; i < cases.size(); i++) {
                org.layoutcat.gpu.bench.StageCase c = cases.get(i);
                org.layoutcat.core.swizzle.SwizzleSearch.Result r = found.get(c);
                String cut = r.cutlass() == null ? "none" : r.cutlass().name().replaceAll(": .*", "");
                String best = r.best().smem().toString();
                String pred = (r.cutlass() == null ? "–" : String.valueOf(r.cutlass().wavefronts())) + " / " + r.best().wavefronts();
                String meas = "–";
                if (measured != null) {
                    double[] m = measured.get(i);
                    meas = r.cutlass() == null ? String.format(Locale.ROOT, "– / %.0f", m[0]) : String.format(Locale.ROOT, "%.0f / %.0f", m[0], m[2]);
                    for (int k = 1; k < m.length; k += 2) wrong |= m[k] == 0;
                }
                System.out.printf(Locale.ROOT, "| %s | %s | `%s` | %d%s | %s | %s |%n", c.name(), cut, best, r.lowerBound(), r.meetsBound() ? " (met)" : " (not met)",
                        pred, meas);
            }
            return wrong ? 1 : 0;
        }

        private static org.layoutcat.gpu.bench.BankRow predicted(org.layoutcat.gpu.bench.BankPattern p) {
            return new org.layoutcat.gpu.bench.BankRow(p, p.predicted(), p.reference().predicted().wavefronts(), List.of());
        }
    }

    /** {@code gpu verify}: random layouts through the chosen backend and the CPU backend; every result must agree. */
    @Command(name = "verify", description = "Cross-check a backend against the CPU backend on random layouts and sizes.")
    static final class Verify implements Callable<Integer> {
        @Option(names = "--backend", defaultValue = "gpu", converter = BackendChoice.class, description = "gpu (default), auto or cpu") Backends.Choice backend;
        @Option(names = "--cases", defaultValue = "600", description = "random operations (default 600)") int cases;
        @Option(names = "--seed", defaultValue = "20261122", description = "random seed") long seed;
        @Option(names = "--max-size", defaultValue = "65536", description = "largest layout size of most cases (some are 64x)") long maxSize;
        @Option(names = "--huge", description = "also compare over 2^32 points") boolean huge;

        @Override
        public Integer call() {
            try (Backend tested = Backends.open(backend, System.err::println);
                 CpuBackend reference = CpuBackend.create()) {
                System.out.println("tested    " + tested.description());
                System.out.println("reference " + reference.description());
                long t0 = System.nanoTime();
                CrossCheck.Report r = CrossCheck.run(tested, reference, seed, cases, maxSize, huge, System.out);
                System.out.printf(Locale.ROOT, "%s: %s in %.1f s%n", r.passed() ? "PASS" : "FAIL", r.summary(), (System.nanoTime() - t0) / 1e9);
                return r.passed() ? 0 : 1;
            }
        }
    }

    /** {@code gpu info}: which backend {@code auto} picks here, and why. */
    @Command(name = "info", description = "Say whether a GPU backend can be opened here.")
    static final class Info implements Callable<Integer> {
        @Override
        public Integer call() {
            try (Backend be = Backends.open(Backends.Choice.AUTO, System.out::println)) {
                System.out.println(be.description());
            }
            return 0;
        }
    }

    /**
     * {@code gpu atoms}: the atom kernels' PTX ({@code --ptx NAME}; a GMMA atom's as its catalog case places it), or
     * ({@code --verify}) every mma.sync, ldmatrix and stmatrix atom of the catalog run on the GPU through its TV
     * layouts, and every GMMA atom once plus a matrix of majors, swizzlings and SS/RS ({@code WgmmaCase}), one line
     * per case.
     */
    @Command(name = "atoms", description = "Cross-check the atom catalog on the GPU (--verify) or print an atom kernel's PTX (--ptx NAME).")
    static final class AtomsCheck implements Callable<Integer> {
        @Option(names = "--verify", description = "run every mma.sync, ldmatrix and stmatrix atom and every GMMA atom (plus a matrix of majors, swizzlings and SS/RS, and K-loops: every k-block of SW32/SW64/SW128 tiles, tiles off a 1024-byte boundary, the ISA's base offset against CuTe's) on the GPU") boolean verify;
        @Option(names = "--ptx", paramLabel = "NAME", description = "print the PTX of one atom's kernel") String ptx;
        @Option(names = "--seed", defaultValue = "20261123", description = "random seed of the operands") long seed;

        @Override
        public Integer call() {
            if (ptx != null) {
                System.out.print(atomKernel(ptx).ptx());
                return 0;
            }
            if (!verify) {
                for (org.layoutcat.core.atom.MmaAtom a : org.layoutcat.core.atom.Atoms.mmaAtoms()) {
                    System.out.println((a.registersAB() ? "mma   " : "wgmma ") + a.name() + "  " + a.ptx());
                }
                for (org.layoutcat.core.atom.CopyAtom c : org.layoutcat.core.atom.Atoms.copyAtoms()) {
                    System.out.println("copy  " + c.name() + "  " + c.ptx());
                }
                return 0;
            }
            try (CudaBackend gpu = CudaBackend.open()) {
                System.out.println("device " + gpu.description());
                long start = System.nanoTime();
                List<org.layoutcat.gpu.atom.AtomVerification.Outcome> all = org.layoutcat.gpu.atom.AtomVerification.verifyAll(
                        new org.layoutcat.gpu.cuda.CudaAtoms(gpu), seed, o -> System.out.println(o.line()));
                long passed = all.stream().filter(o -> o.passed()).count();
                System.out.printf(java.util.Locale.ROOT, "%d cases in %.1f s%n", all.size(), (System.nanoTime() - start) / 1e9);
                System.out.println((passed == all.size() ? "PASS" : "FAIL") + ": " + passed + " of " + all.size() + " cases verified ("
                        + all.stream().filter(o -> o.wgmma() && o.passed()).count() + " of "
                        + all.stream().filter(o -> o.wgmma()).count() + " wgmma cases)");
                return passed == all.size() ? 0 : 1;
            }
        }

        static Kernel atomKernel(String name) {
            for (org.layoutcat.core.atom.CopyAtom c : org.layoutcat.core.atom.Atoms.copyAtoms()) {
                if (c.name().equals(name.trim())) {
                    return c.family() instanceof org.layoutcat.core.atom.CopyAtom.Stmatrix ? org.layoutcat.gpu.ptx.AtomKernels.stmatrix(c)
                            : org.layoutcat.gpu.ptx.AtomKernels.ldmatrix(c);
                }
            }
            org.layoutcat.core.atom.MmaAtom m = org.layoutcat.core.atom.Atoms.mma(name);
            return m.registersAB() ? org.layoutcat.gpu.ptx.AtomKernels.mma(m) : org.layoutcat.gpu.atom.WgmmaCase.of(m).kernel();
        }
    }

    /**
     * {@code gpu tma}: the TMA table ({@code --list}), or ({@code --verify}) every case run on the GPU: the derived
     * descriptor encoded by the driver, the tile loaded with cp.async.bulk.tensor and checked byte by byte against the
     * layouts, and the driver's and the hardware's answers to arguments CuTe C++ passes on. One line per case.
     */
    @Command(name = "tma", description = "Check TMA descriptors on the GPU (--verify): each tile loaded and compared with the layouts.")
    static final class TmaCheck implements Callable<Integer> {
        @Option(names = "--verify", description = "run every case on the GPU") boolean verify;
        @Option(names = "--ptx", paramLabel = "RANK", description = "print the load kernel's PTX for tensor maps of this rank") Integer ptx;
        @CommandLine.Spec CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            if (ptx != null) {
                Main.require(spec, ptx >= 1 && ptx <= 5, "--ptx: a tensor map has rank 1 to 5, not " + ptx);
                System.out.print(org.layoutcat.gpu.ptx.TmaKernels.load(ptx, 16384).ptx());
                return 0;
            }
            if (!verify) {
                for (org.layoutcat.gpu.tma.TmaVerification.Case c : org.layoutcat.gpu.tma.TmaVerification.cases()) {
                    System.out.println(c.expect() + "  " + c.name() + "  " + c.gmem() + "  " + c.smem() + "  " + c.element());
                }
                for (org.layoutcat.gpu.tma.TmaVerification.ClusterCase c : org.layoutcat.gpu.tma.TmaVerification.clusterCases()) {
                    System.out.println(c.expect() + "  " + c.name() + "  cluster of " + c.cluster() + "  " + c.operands().stream()
                            .map(o -> o.gmem() + " " + o.smem() + " " + o.element() + " tile " + o.tile()).collect(java.util.stream.Collectors.joining("; ")));
                }
                for (org.layoutcat.gpu.tma.TmaVerification.Im2colCase c : org.layoutcat.gpu.tma.TmaVerification.im2colCases()) {
                    System.out.println("LANDS  " + c.name() + "  im2col  " + c.gmem() + "  " + c.smem() + "  " + c.element() + "  " + c.conv()
                            + "  block (" + c.mBlock() + "," + c.kBlock() + ")");
                }
                return 0;
            }
            try (CudaBackend gpu = CudaBackend.open()) {
                System.out.println("device " + gpu.description());
                org.layoutcat.gpu.cuda.CudaTma device = new org.layoutcat.gpu.cuda.CudaTma(gpu);
                List<org.layoutcat.gpu.tma.TmaVerification.Outcome> all = new java.util.ArrayList<>(org.layoutcat.gpu.tma.TmaVerification.verifyAll(device));
                all.addAll(org.layoutcat.gpu.tma.TmaVerification.verifyClusters(device));
                all.addAll(org.layoutcat.gpu.tma.TmaVerification.verifyIm2col(device));
                long passed = all.stream().filter(o -> o.passed()).count();
                for (org.layoutcat.gpu.tma.TmaVerification.Outcome o : all) System.out.println(o.line());
                System.out.println((passed == all.size() ? "PASS" : "FAIL") + ": " + passed + " of " + all.size() + " TMA cases verified");
                return passed == all.size() ? 0 : 1;
            }
        }
    }

    /**
     * {@code gpu blackwell}: the UMMA tiles of the Blackwell check ({@code --list}, the default), one tile's kernel
     * ({@code --ptx N}), or ({@code --verify}) every tile run on an SM100 GPU and compared with C + A·B. No Blackwell GPU
     * is at hand where this was written: the tables are checked on the PTX ISA's model in the tests and the kernels by
     * ptxas -arch=sm_100a (gpu/BENCHMARKS.md says what a B200 run checks).
     */
    @Command(name = "blackwell", description = "The Blackwell (tcgen05) check: UMMA tiles through smem atoms, descriptors and TMEM, on an SM100 GPU (--verify).")
    static final class Blackwell implements Callable<Integer> {
        @Option(names = "--verify", description = "run every tile on the GPU (an SM100 GPU: B200, GB200)") boolean verify;
        @Option(names = "--ptx", paramLabel = "N", description = "print tile N's kernel (from --list)") Integer ptx;
        @CommandLine.Spec CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            List<org.layoutcat.gpu.atom.UmmaTile> tiles = org.layoutcat.gpu.atom.UmmaTile.matrix();
            if (ptx != null) {
                Main.require(spec, ptx >= 0 && ptx < tiles.size(), "--ptx: a tile of 0.." + (tiles.size() - 1) + ", not " + ptx);
                System.out.print(org.layoutcat.gpu.ptx.UmmaKernels.umma(tiles.get(ptx).kernelTile()).ptx());
                return 0;
            }
            if (!verify) {
                for (int i = 0; i < tiles.size(); i++) {
                    org.layoutcat.gpu.atom.UmmaTile u = tiles.get(i);
                    System.out.printf("%2d  %s  A desc 0x%016x  B desc 0x%016x  idesc 0x%08x%n", i, u.name(), u.descriptor(u.aMajor(),
                            org.layoutcat.gpu.atom.UmmaTile.M).value(), u.descriptor(u.bMajor(), u.n()).value(), u.instrDescriptor().value());
                }
                return 0;
            }
            try (CudaBackend gpu = CudaBackend.open()) {
                System.out.println("device " + gpu.description());
                if (!gpu.architecture().startsWith("sm_10")) {
                    System.err.println("layoutcat gpu blackwell: tcgen05 runs on SM100 GPUs (B200, GB200: sm_100a); this one is "
                            + gpu.architecture() + ". The " + tiles.size() + " kernels assemble with ptxas -arch=sm_100a (PtxasTest) and the"
                            + " tables compute C + A·B on the PTX ISA's model (UmmaTileTest); run this on a B200.");
                    return 2;
                }
                List<org.layoutcat.gpu.atom.UmmaVerification.Outcome> all =
                        org.layoutcat.gpu.atom.UmmaVerification.verifyAll(new org.layoutcat.gpu.cuda.CudaAtoms(gpu));
                long passed = all.stream().filter(o -> o.passed()).count();
                for (org.layoutcat.gpu.atom.UmmaVerification.Outcome o : all) System.out.println(o.line());
                System.out.println((passed == all.size() ? "PASS" : "FAIL") + ": " + passed + " of " + all.size() + " UMMA tiles verified");
                return passed == all.size() ? 0 : 1;
            }
        }
    }
}
