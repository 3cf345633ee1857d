package org.layoutcat.cli;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code layoutcat}: the batch mode and the human commands. */
@Command(name = "layoutcat", mixinStandardHelpOptions = true, version = "layoutcat 0.1.0",
        description = "CuTe layout algebra, seen through category theory.",
        subcommands = {Main.Batch.class, Main.Compose.class, Main.Complement.class, Main.Divide.class,
                Main.Product.class, Main.Coalesce.class, Main.Eval.class, Main.Coords.class, Main.Op.class, Main.Morphism.class,
                BenchCommand.class, DrawCommand.class, CheckCommand.class, GpuCommand.class, GalleryCommand.class,
                CppCommand.class, AtomCommand.class, Main.Banks.class})
public final class Main implements Callable<Integer> {

    public static void main(String[] args) {
        Integer quick = QuickCommands.run(args); // compose, coalesce, eval, complement: no parser to load
        System.exit(quick != null ? quick : run(args));
    }

    /** Exit codes: 0 answered, 1 the input was refused or a file could not be read or written, 2 a usage error. */
    static final int REFUSED = 1;
    static final int USAGE = 2;

    /** Runs the command line and returns the exit code (0, {@link #REFUSED} or {@link #USAGE}). */
    public static int run(String... args) {
        CommandLine cl = new CommandLine(new Main());
        cl.addSubcommand("help", new CommandLine.HelpCommand());
        withHelp(cl);
        cl.setExecutionExceptionHandler((ex, cmd, parsed) -> {
            cmd.getErr().println(prefix(cmd) + describe(ex));
            return REFUSED;
        });
        cl.setParameterExceptionHandler((ex, given) -> {
            CommandLine cmd = ex.getCommandLine();
            cmd.getErr().println(prefix(cmd) + ex.getMessage() + " (see 'layoutcat "
                    + (cmd.getParent() == null ? "" : cmd.getCommandName() + " ") + "--help')");
            return USAGE;
        });
        return cl.execute(args);
    }

    /** {@code --help} and {@code --version} on every command, the ones added later too. */
    private static void withHelp(CommandLine cl) {
        if (cl.getCommandSpec().optionsMap().get("--help") == null) cl.getCommandSpec().mixinStandardHelpOptions(true);
        for (CommandLine sub : cl.getSubcommands().values()) withHelp(sub);
    }

    private static String prefix(CommandLine cmd) {
        return cmd.getParent() == null ? "layoutcat: " : "layoutcat " + cmd.getCommandName() + ": ";
    }

    /** One line saying what failed and why, for an exception that reached the top: never a bare path or class name. */
    static String describe(Throwable ex) {
        if (ex instanceof java.nio.file.NoSuchFileException f) {
            java.nio.file.Path parent = java.nio.file.Path.of(f.getFile()).toAbsolutePath().getParent();
            return parent != null && java.nio.file.Files.isDirectory(parent) && !java.nio.file.Files.isWritable(parent)
                    ? "cannot create " + f.getFile() + ": the directory " + parent + " does not take new entries"
                    : "no such file or directory: " + f.getFile();
        }
        if (ex instanceof java.nio.file.AccessDeniedException f) return "permission denied: " + f.getFile();
        if (ex instanceof java.nio.file.FileAlreadyExistsException f) {
            return java.nio.file.Files.isRegularFile(java.nio.file.Path.of(f.getFile()))
                    ? "a file is in the way where a directory is needed: " + f.getFile() : "already exists: " + f.getFile();
        }
        if (ex instanceof java.nio.file.NotDirectoryException f) return "not a directory: " + f.getFile();
        if (ex instanceof java.nio.file.FileSystemException f) {
            return (f.getReason() != null ? f.getReason() : "cannot use the file") + ": " + f.getFile();
        }
        if (ex instanceof java.io.UncheckedIOException u && u.getCause() != null) return describe(u.getCause());
        String m = ex.getMessage();
        if (m == null || m.isBlank()) return "failed (" + ex.getClass().getSimpleName() + ")";
        return ex instanceof java.io.IOException ? "input/output error: " + m : m;
    }

    @Override
    public Integer call() {
        CommandLine.usage(this, System.out); // no command: the usage, as --help prints it
        return 0;
    }

    /** Prints the answer to a request, or the error on stderr with exit code 1. */
    static int print(Request r) {
        PrintStream out = System.out;
        try {
            Answer a = Operations.answer(r);
            out.println(a.result());
            a.fields().forEach((name, value) -> out.println(name + ": " + value));
            return 0;
        } catch (IllegalArgumentException | ArithmeticException e) {
            System.err.println("layoutcat: " + e.getMessage());
            return 1;
        }
    }

    @Command(name = "batch", description = "JSON Lines on stdin, one JSON reply line per request on stdout, in order.")
    static final class Batch implements Callable<Integer> {
        @Option(names = "--threads", description = "answer requests that are ready together on N threads (default 1)")
        int threads = 1;

        @Override
        public Integer call() throws Exception {
            if (threads < 1 || threads > 1024) throw new IllegalArgumentException("--threads must be in [1, 1024], got " + threads);
            java.io.OutputStream out = new java.io.BufferedOutputStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), 1 << 16);
            BatchEngine.run(System.in, out, threads);
            return 0;
        }
    }

    @Command(name = "compose", description = "A∘B (B applied first): R(c) = A(B(c)), shaped like B.")
    static final class Compose implements Callable<Integer> {
        @Parameters(index = "0", description = "A, the layout applied second") String a;
        @Parameters(index = "1", description = "B, the layout or tiler <...> applied first") String b;
        @Option(names = "--explain", description = "print every step: the categorical composition, or CuTe's algorithm where the category cannot compose") boolean explain;

        @Override
        public Integer call() {
            if (!explain) return print(Request.of("composition", a, b));
            try {
                System.out.println(CategoryOps.explain(a, b));
                Operations.answer(Request.of("composition", a, b)); // the exit code says whether A∘B was answered
                return 0;
            } catch (IllegalArgumentException | ArithmeticException e) {
                System.err.println("layoutcat compose: " + e.getMessage());
                return REFUSED;
            }
        }
    }

    @Command(name = "morphism", description = "The standard representation f_L of a tractable layout, S --(α)--> T.")
    static final class Morphism implements Callable<Integer> {
        @Parameters(index = "0") String layout;

        @Override
        public Integer call() {
            return print(Request.of("to_morphism", layout));
        }
    }

    @Command(name = "complement", description = "comp(L, N): the offsets in [0, N) that L does not reach.")
    static final class Complement implements Callable<Integer> {
        @Parameters(index = "0") String layout;
        @Parameters(index = "1", arity = "0..1", description = "cotarget N (default cosize(L))") String cotarget;

        @Override
        public Integer call() {
            return print(cotarget == null ? Request.of("complement", layout) : Request.of("complement", layout, cotarget));
        }
    }

    @Command(name = "divide", description = "logical_divide(A, B) = A∘(B, comp(B, size A)); --kind for the other forms.")
    static final class Divide implements Callable<Integer> {
        enum Kind { logical, zipped, tiled, flat }

        @Parameters(index = "0", paramLabel = "A", description = "the layout divided") String a;
        @Parameters(index = "1", paramLabel = "B", description = "the tiler: a layout, <L0,L1,...> or a shape") String b;
        @Option(names = "--kind", defaultValue = "logical", description = "one of ${COMPLETION-CANDIDATES} (default logical)") Kind kind;

        @Override
        public Integer call() {
            return print(Request.of(kind + "_divide", a, b));
        }
    }

    @Command(name = "product", description = "logical_product(A, B) = (A, comp(A, size A·cosize B)∘B); --kind for the other forms.")
    static final class Product implements Callable<Integer> {
        enum Kind { logical, zipped, tiled, flat, blocked, raked }

        @Parameters(index = "0", paramLabel = "A", description = "the layout repeated") String a;
        @Parameters(index = "1", paramLabel = "B", description = "the layout of the copies, <L0,L1,...> or a shape") String b;
        @Option(names = "--kind", defaultValue = "logical", description = "one of ${COMPLETION-CANDIDATES} (default logical)") Kind kind;

        @Override
        public Integer call() {
            return print(Request.of(kind + "_product", a, b));
        }
    }

    @Command(name = "coalesce", description = "The fewest modes with the same layout function.")
    static final class Coalesce implements Callable<Integer> {
        @Parameters(index = "0") String layout;
        @Parameters(index = "1", arity = "0..1", description = "target profile, e.g. (1,1)") String profile;

        @Override
        public Integer call() {
            return print(profile == null ? Request.of("coalesce", layout) : Request.of("coalesce", layout, profile));
        }
    }

    @Command(name = "eval", description = "The layout function at an index or a coordinate.")
    static final class Eval implements Callable<Integer> {
        @Parameters(index = "0") String layout;
        @Parameters(index = "1") String at;

        @Override
        public Integer call() {
            return print(Request.of("eval", layout, at));
        }
    }

    @Command(name = "coords", description = {"The table index -> hierarchical coordinate -> offset, one row per index.",
        "At most --limit rows (default 4096) are printed; the rest are counted."})
    static final class Coords implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "LAYOUT", description = "the layout, e.g. (2,(2,2)):(2,(1,4))") String layout;

        @Option(names = "--order", defaultValue = "offset", paramLabel = "ORDER",
                description = "row order: offset (default, by the value L(i), as draw coords and the hierarchical-layouts post order them) or index (i = 0, 1, ...)")
        String order;

        @Option(names = "--limit", defaultValue = "4096", paramLabel = "N", description = "print at most N rows (default 4096)")
        long limit;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            if (!order.equals("index") && !order.equals("offset")) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--order must be index or offset, got \"" + order + "\"");
            }
            if (limit < 1) throw new CommandLine.ParameterException(spec.commandLine(), "--limit must be at least 1, got " + limit);
            try {
                org.layoutcat.core.Layout l = org.layoutcat.core.Layout.parse(layout);
                System.out.println(l);
                long n = Math.min(l.size(), limit);
                long[] rows = new long[(int) Math.min(n, Integer.MAX_VALUE - 8)];
                for (int i = 0; i < rows.length; i++) rows[i] = i;
                if (order.equals("offset")) {
                    Long[] boxed = new Long[rows.length];
                    for (int i = 0; i < rows.length; i++) boxed[i] = rows[i];
                    java.util.Arrays.sort(boxed, java.util.Comparator.comparingLong(l::apply));
                    for (int i = 0; i < rows.length; i++) rows[i] = boxed[i];
                }
                StringBuilder sb = new StringBuilder();
                for (long i : rows) sb.append(i).append(" -> ").append(l.idx2crd(i)).append(" -> ").append(l.apply(i)).append('\n');
                System.out.print(sb);
                if (l.size() > n) {
                    System.out.println("... " + (l.size() - n) + " more rows (size " + l.size() + "; --limit N prints more)");
                }
                return 0;
            } catch (IllegalArgumentException | ArithmeticException e) {
                System.err.println("layoutcat coords: " + e.getMessage());
                return REFUSED;
            }
        }
    }

    @Command(name = "op", description = "Any batch operation by name, e.g. `op tiled_divide A B`.")
    static final class Op implements Callable<Integer> {
        @Parameters(index = "0", description = "the operation's name") String name;
        @Parameters(index = "1..*", arity = "0..*", description = "its arguments") List<String> args = new ArrayList<>();

        @Override
        public Integer call() {
            return print(new Request(name, args, "auto"));
        }
    }

    @Command(name = "banks", description = {"The shared-memory bank conflicts of one instruction: wavefronts against the",
        "fewest possible, and the threads that collide. ACCESS maps thread t (mode 0) and value v (mode 1) to an index",
        "of SMEM; each thread's values are one vector access."})
    static final class Banks implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "SMEM", description = "the shared-memory layout, e.g. \"Sw<3,3,3> o 0 o (8,64):(64,1)\"") String smem;
        @Parameters(index = "1", paramLabel = "ACCESS", description = "the threads' accesses, e.g. (8,8):(1,8)") String access;
        @Option(names = "--elem", required = true, paramLabel = "BYTES", description = "bytes per element (2 for half)") int elem;
        @Option(names = "--vector", paramLabel = "BYTES", description = "bytes each thread moves at once, where ACCESS gives each"
                + " thread one element (default: its values' bytes)") int vector;

        @Override
        public Integer call() {
            try {
                System.out.print(SwizzleOps.banks(smem, access, elem, vector).table());
                return 0;
            } catch (IllegalArgumentException | ArithmeticException e) {
                System.err.println("layoutcat banks: " + e.getMessage());
                return REFUSED;
            }
        }
    }
}
