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
                AtomCommand.class})
public final class Main implements Callable<Integer> {

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the command line and returns the exit code. */
    public static int run(String... args) {
        CommandLine cl = new CommandLine(new Main());
        cl.setExecutionExceptionHandler((ex, cmd, parsed) -> {
            cmd.getErr().println("layoutcat: " + ex.getMessage());
            return 1;
        });
        return cl.execute(args);
    }

    @Override
    public Integer call() {
        CommandLine.usage(this, System.out);
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
        @Option(names = "--explain", description = "print every step of the categorical composition") boolean explain;

        @Override
        public Integer call() {
            if (!explain) return print(Request.of("composition", a, b));
            try {
                System.out.println(CategoryOps.explain(a, b));
                return 0;
            } catch (IllegalArgumentException | ArithmeticException e) {
                System.err.println("layoutcat: " + e.getMessage());
                return 1;
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
        @Parameters(index = "0") String a;
        @Parameters(index = "1") String b;
        @Option(names = "--kind", defaultValue = "logical", description = "logical, zipped, tiled or flat") String kind;

        @Override
        public Integer call() {
            return print(Request.of(kind + "_divide", a, b));
        }
    }

    @Command(name = "product", description = "logical_product(A, B) = (A, comp(A, size A·cosize B)∘B); --kind for the other forms.")
    static final class Product implements Callable<Integer> {
        @Parameters(index = "0") String a;
        @Parameters(index = "1") String b;
        @Option(names = "--kind", defaultValue = "logical", description = "logical, zipped, tiled, flat, blocked or raked") String kind;

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

    @Command(name = "coords", description = "The table index -> hierarchical coordinate -> offset.")
    static final class Coords implements Callable<Integer> {
        @Parameters(index = "0") String layout;

        @Override
        public Integer call() {
            try {
                org.layoutcat.core.Layout l = org.layoutcat.core.Layout.parse(layout);
                System.out.println(l);
                for (long i = 0; i < l.size(); i++) {
                    System.out.println(i + " -> " + l.idx2crd(i) + " -> " + l.apply(i));
                }
                return 0;
            } catch (IllegalArgumentException | ArithmeticException e) {
                System.err.println("layoutcat: " + e.getMessage());
                return 1;
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
}
