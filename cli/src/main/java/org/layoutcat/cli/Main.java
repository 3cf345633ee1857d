package org.layoutcat.cli;

import org.layoutcat.ops.OpHelp;
import org.layoutcat.ops.batch.BatchEngine;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.layoutcat.category.compose.CompositionExplanation;
import org.layoutcat.ops.Answer;
import org.layoutcat.ops.Failure;
import org.layoutcat.ops.Operation;
import org.layoutcat.ops.Operations;
import org.layoutcat.ops.Param;
import org.layoutcat.ops.Request;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.algebra.Composition.Explained;
import org.layoutcat.core.swizzle.BankConflicts;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/**
 * {@code layoutcat}: the batch mode and the human commands. The commands that answer an operation are aliases of its
 * entry in the table ({@link Operations}): they build a request and answer it on the batch mode's path, and their
 * help is the entry's. Every refusal is printed once, by {@link #report}: {@code layoutcat CMD: reason} on stderr,
 * exit code 1; a usage error exits 2.
 *
 * <p>The exit codes follow one rule, decided here and nowhere else: a missing, unknown or extra argument, an unknown
 * option and a bad option value are usage errors (2): picocli's parameter errors, the values read by the options'
 * types and converters ({@link Reading}) and the checks of {@link #require}, the operations' arity from the table
 * ({@link #operation}); an input that is read and refused (a layout the operation does not take, an unreadable
 * file) is 1; an error of layoutcat itself (a bug: an index out of bounds, a null) is 3, with a fixed message. Every
 * message is one line in the project's words, cut as the batch mode cuts its errors
 * ({@link LayoutArgumentException#cut}).
 */
@Command(name = "layoutcat", mixinStandardHelpOptions = true, version = "layoutcat 0.1.0",
        description = "CuTe layout algebra, seen through category theory.",
        subcommands = {Main.Batch.class, Main.Compose.class, Main.Complement.class, Main.Divide.class,
                Main.Product.class, Main.Coalesce.class, Main.Eval.class, Main.Coords.class, Main.Op.class, Main.Morphism.class,
                BenchCommand.class, DrawCommand.class, CheckCommand.class, GpuCommand.class, GalleryCommand.class,
                CppCommand.class, AtomCommand.class, Main.Banks.class, Main.Tma.class, TrainCommand.class, ServeCommand.class})
public final class Main implements Callable<Integer> {

    /**
     * Exit codes: 0 answered, 1 the input was refused or a file could not be read or written, 2 a usage error, 3 an
     * internal error (a bug of layoutcat).
     */
    static final int REFUSED = 1;
    static final int USAGE = 2;
    static final int INTERNAL = 3;


    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the command line and returns the exit code (0, {@link #REFUSED}, {@link #USAGE} or {@link #INTERNAL}). */
    public static int run(String... args) {
        try {
            Integer quick = quick(args);
            return quick != null ? quick : full(args);
        } catch (RuntimeException | StackOverflowError e) { // past every handler: reported as a refusal or a bug, by kind
            return report(args.length > 0 && Operations.ALIASES.containsKey(args[0]) ? args[0] : null, e);
        }
    }

    /**
     * An alias with its arguments and no option, answered from the table; null where the full command line must
     * answer (an option, a wrong number of arguments, any other command).
     */
    private static Integer quick(String[] args) {
        if (args.length < 2) return null;
        String op = Operations.ALIASES.get(args[0]); // with no option, answered straight from the table
        if (op == null || args[0].equals("banks")) return null; // banks takes --elem
        for (String a : args) if (a.startsWith("-")) return null; // an option (or a negative number): the full parser
        Operation o = Operations.named(op);
        if (args.length - 1 < o.minArgs() || args.length - 1 > o.maxArgs()) return null; // the parser words the usage error
        return answer(args[0], new Request(op, List.of(args).subList(1, args.length), "auto"));
    }

    private static int full(String[] args) {
        return commandLine().execute(args);
    }

    /** The command line: every command, their help (the aliases' from the table) and the one error path. */
    static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new Main());
        cl.addSubcommand("help", new CommandLine.HelpCommand());
        cl.setCaseInsensitiveEnumValuesAllowed(true); // --kind TILED as --kind tiled, as the operations read names
        withHelp(cl);
        describeAliases(cl);
        cl.getSubcommands().get("op").getCommandSpec().usageMessage()
                .footer("", "Operations (layoutcat op NAME --help for one):", OpHelp.list());
        cl.setExecutionExceptionHandler((ex, cmd, parsed) -> report(name(cmd), ex));
        cl.setParameterExceptionHandler((ex, given) -> {
            CommandLine cmd = ex.getCommandLine();
            String message = ex.getMessage();
            String near = "";
            if (ex instanceof CommandLine.UnmatchedArgumentException u) {
                List<String> unmatched = u.getUnmatched();
                if (cmd.getParent() == null && !unmatched.isEmpty() && !unmatched.get(0).startsWith("-")) {
                    message = "no command \"" + LayoutArgumentException.quote(unmatched.get(0)) + "\"";
                }
                if (!u.getSuggestions().isEmpty()) near = "; did you mean " + String.join(" or ", u.getSuggestions()) + "?";
            }
            String named = name(cmd);
            cmd.getErr().println(prefix(named) + LayoutArgumentException.cut(ourWords(message)) + near + " (see 'layoutcat "
                    + (named == null ? "" : named + " ") + "--help')");
            return USAGE;
        });
        return cl;
    }

    /**
     * picocli's message about a value in the project's words: a number's range for its Java type's name ("'x' is not
     * an int"), and no Java class in parentheses.
     */
    static String ourWords(String message) {
        String m = message == null ? "" : message;
        m = m.replace("is not an int", "is not a whole number from " + Integer.MIN_VALUE + " to " + Integer.MAX_VALUE)
                .replace("is not a long", "is not a whole number from " + Long.MIN_VALUE + " to " + Long.MAX_VALUE)
                .replace("is not a double", "is not a number").replace("is not a float", "is not a number");
        return m.replaceAll("\\s*\\((?:java|javax|picocli)\\.[^)]*\\)", "");
    }

    /**
     * An option's value read by a function that refuses with an IllegalArgumentException: a bad value is a usage
     * error in the function's words, reported as picocli reports a value its type cannot take. A subclass names the
     * function, for {@code @Option(converter = ...)}.
     */
    abstract static class Reading<T> implements CommandLine.ITypeConverter<T> {
        private final java.util.function.Function<String, T> read;

        Reading(java.util.function.Function<String, T> read) {
            this.read = read;
        }

        @Override
        public T convert(String text) {
            try {
                return read.apply(text);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage() != null ? e.getMessage() : "'" + text + "' cannot be read");
            }
        }
    }

    /**
     * The operation {@code name} stands for (its name or a command's), given {@code args} arguments: an unknown name
     * or a number of arguments other than the table declares is a usage error of {@code spec}'s command.
     */
    static Operation operation(CommandLine.Model.CommandSpec spec, String name, int args) {
        Operation o = operation(spec, name);
        String wrong = o.arityError(args);
        if (wrong != null) throw new CommandLine.ParameterException(spec.commandLine(), wrong + " (" + o.usage() + ")");
        return o;
    }

    /** The operation {@code name} stands for (its name or a command's); an unknown name is a usage error of {@code spec}'s command. */
    static Operation operation(CommandLine.Model.CommandSpec spec, String name) {
        Operation o = Operations.find(operationOf(name));
        if (o != null) return o;
        try {
            return Operations.named(name); // words the unknown name, with the nearest one
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    /** {@code --help} and {@code --version} on every command, the ones added later too. */
    private static void withHelp(CommandLine cl) {
        if (cl.getCommandSpec().optionsMap().get("--help") == null && !(cl.getCommand() instanceof Op)) {
            cl.getCommandSpec().mixinStandardHelpOptions(true);
        }
        for (CommandLine sub : cl.getSubcommands().values()) withHelp(sub);
    }

    /** An alias's help is its operation's: the description and each argument's words, from the table. */
    private static void describeAliases(CommandLine cl) {
        Operations.ALIASES.forEach((command, op) -> {
            CommandLine sub = cl.getSubcommands().get(command);
            Operation o = Operations.named(op);
            sub.getCommandSpec().usageMessage().description(o.help() + " (the operation " + op + ")");
            CommandLine.Model.CommandSpec spec = sub.getCommandSpec();
            List<CommandLine.Model.PositionalParamSpec> positionals = new ArrayList<>(spec.positionalParameters());
            for (CommandLine.Model.PositionalParamSpec p : positionals) spec.remove(p);
            for (int i = 0; i < positionals.size(); i++) {
                CommandLine.Model.PositionalParamSpec.Builder b = positionals.get(i).toBuilder();
                if (i < o.params().size()) {
                    Param<?> p = o.params().get(i);
                    b.paramLabel(p.name()).description(p.help() + ": " + p.kind().words() + (p.optional() ? " (optional)" : ""));
                }
                spec.addPositional(b.build());
            }
        });
    }

    /** The command's name as typed after {@code layoutcat}, e.g. {@code gpu banks}; null for layoutcat itself. */
    private static String name(CommandLine cmd) {
        if (cmd.getParent() == null) return null;
        String parent = name(cmd.getParent());
        return parent == null ? cmd.getCommandName() : parent + " " + cmd.getCommandName();
    }

    /**
     * A usage error of a command's option or arguments where {@code ok} is false: {@code layoutcat CMD: message},
     * exit {@link #USAGE}, as picocli's own.
     */
    static void require(CommandLine.Model.CommandSpec spec, boolean ok, String message) {
        if (!ok) throw new CommandLine.ParameterException(spec.commandLine(), message);
    }

    private static String prefix(String command) {
        return command == null ? "layoutcat: " : "layoutcat " + command + ": ";
    }

    /**
     * The one report of a failure: {@code layoutcat CMD: reason} on stderr, cut as the batch mode cuts its errors;
     * returns {@link #REFUSED}. The failure is told as the batch mode and the explorer tell it ({@link Failure#of}):
     * an exception no refusal throws (a bug of layoutcat: an index out of bounds, a null, a wrong cast) is an internal
     * error with a fixed message, {@link #INTERNAL}. A command also meets the machine: a file it cannot read or write,
     * a GPU or driver that is missing or refuses (an {@link IllegalStateException} of the gpu module): refused, with
     * what failed.
     */
    static int report(String command, Throwable e) {
        if (e instanceof java.io.UncheckedIOException || e instanceof java.io.IOException || e instanceof IllegalStateException) {
            System.err.println(prefix(command) + LayoutArgumentException.cut(describe(e)));
            return REFUSED;
        }
        return switch (Failure.of(null, e)) {
            case Failure.Refused r -> {
                System.err.println(prefix(command) + LayoutArgumentException.cut(r.message()));
                yield REFUSED;
            }
            case Failure.Internal i -> {
                System.err.println(prefix(command) + i.message("the command line"));
                yield INTERNAL;
            }
        };
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

    /**
     * Answers a request and prints it as a person reads it (the operation's display), or reports the refusal as
     * {@code command}'s; returns the exit code.
     */
    static int answer(String command, Request r) {
        Answer a;
        Operation o;
        try {
            o = Operations.named(r.op());
            a = o.answer(r);
        } catch (RuntimeException | StackOverflowError e) {
            return report(command, e);
        }
        PrintStream out = System.out;
        out.println(o.display().apply(a));
        return 0;
    }

    /** The operation a command or an {@code op} name stands for: the name itself, or the operation a command aliases. */
    static String operationOf(String name) {
        return Operations.find(name) != null ? name : Operations.ALIASES.getOrDefault(name, name);
    }

    @Command(name = "batch", description = "JSON Lines on stdin, one JSON reply line per request on stdout, in order.")
    static final class Batch implements Callable<Integer> {
        @Option(names = "--threads", description = "answer requests that are ready together on N threads (default 1)")
        int threads = 1;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            require(spec, threads >= 1 && threads <= 1024, "--threads must be in [1, 1024], got " + threads);
            java.io.OutputStream out = new java.io.BufferedOutputStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), 1 << 16);
            BatchEngine.run(System.in, out, threads);
            return 0;
        }
    }

    @Command(name = "compose")
    static final class Compose implements Callable<Integer> {
        @Parameters(index = "0") String a;
        @Parameters(index = "1") String b;
        @Option(names = "--explain", description = "print every step: the categorical composition, or CuTe's algorithm where the category cannot compose") boolean explain;

        @Override
        public Integer call() {
            if (!explain) return answer("compose", Request.of("composition", a, b));
            Explained e = CompositionExplanation.explain(Layout.parse(a), Tiler.parse(b));
            System.out.println(e.steps().strip());
            return e.result().isPresent() ? 0 : REFUSED; // the steps end with the refusal's words
        }
    }

    @Command(name = "morphism")
    static final class Morphism implements Callable<Integer> {
        @Parameters(index = "0") String layout;

        @Override
        public Integer call() {
            return answer("morphism", Request.of("to_morphism", layout));
        }
    }

    @Command(name = "complement")
    static final class Complement implements Callable<Integer> {
        @Parameters(index = "0") String layout;
        @Parameters(index = "1", arity = "0..1") String cotarget;

        @Override
        public Integer call() {
            return answer("complement", cotarget == null ? Request.of("complement", layout) : Request.of("complement", layout, cotarget));
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
            return answer("divide", Request.of(kind + "_divide", a, b));
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
            return answer("product", Request.of(kind + "_product", a, b));
        }
    }

    @Command(name = "coalesce")
    static final class Coalesce implements Callable<Integer> {
        @Parameters(index = "0") String layout;
        @Parameters(index = "1", arity = "0..1") String profile;

        @Override
        public Integer call() {
            return answer("coalesce", profile == null ? Request.of("coalesce", layout) : Request.of("coalesce", layout, profile));
        }
    }

    @Command(name = "eval")
    static final class Eval implements Callable<Integer> {
        @Parameters(index = "0") String layout;
        @Parameters(index = "1") String at;

        @Override
        public Integer call() {
            return answer("eval", Request.of("eval", layout, at));
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
            Layout l = Layout.parse(layout);
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
        }
    }

    @Command(name = "op", description = {"Any operation of the table by name, e.g. `op tiled_divide A B`.",
        "A command's name (compose, banks, ...) stands for its operation. `op list` lists them; `op NAME --help` explains one."})
    static final class Op implements Callable<Integer> {
        @Parameters(index = "0", arity = "0..1", paramLabel = "NAME", description = "the operation's name, or list") String name;
        @Parameters(index = "1..*", arity = "0..*", paramLabel = "ARGS", description = "its arguments") List<String> args = new ArrayList<>();
        @Option(names = {"-h", "--help"}, usageHelp = false, description = "the operations, or one operation's arguments") boolean help;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            if (name == null) { // op, op --help: the usage, whose footer lists the operations
                System.out.print(spec.commandLine().getUsageMessage());
                return 0;
            }
            if (name.equals("list")) {
                System.out.print(OpHelp.list());
                return 0;
            }
            if (help) {
                System.out.print(OpHelp.of(operation(spec, name)));
                return 0;
            }
            Operation o = operation(spec, name, args.size()); // an unknown name or a wrong count: a usage error, from the table
            return answer("op", new Request(o.name(), args, "auto"));
        }
    }

    @Command(name = "banks", description = {"The shared-memory bank conflicts of one instruction: wavefronts against the",
        "fewest possible, and the threads that collide. ACCESS maps thread t (mode 0) and value v (mode 1) to an index",
        "of SMEM; each thread's values are one vector access."})
    static final class Banks implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "SMEM", description = "the shared-memory layout, e.g. \"Sw<3,3,3> o 0 o (8,64):(64,1)\"") String smem;
        @Parameters(index = "1", paramLabel = "ACCESS", arity = "0..1", description = "the threads' accesses, e.g. (8,8):(1,8):"
                + " (thread, value[, instruction...]) -> index of SMEM; threads past 32 are further warps (not with --copy)") String access;
        @Option(names = "--elem", paramLabel = "BYTES", description = "bytes per element (2 for half), of SMEM's elements and of"
                + " the --copy's values alike; none where SMEM is CuTe's pointer form smem_ptr[Nb], which gives them") Integer elem;
        @Option(names = "--vector", paramLabel = "BYTES", description = "bytes each thread moves at once, where ACCESS gives each"
                + " thread one element (default: its values' bytes)") Integer vector;
        @Option(names = "--copy", paramLabel = "ATOM", description = "a tiled copy's every instruction over SMEM instead of ACCESS:"
                + " the copy atom, e.g. SM75_U32x4_LDSM_N, with --thr and --val") String copy;
        @Option(names = "--thr", paramLabel = "LAYOUT", description = "the tiled copy's threads, e.g. (32,4):(4,1)") String thr;
        @Option(names = "--val", paramLabel = "LAYOUT", description = "the tiled copy's values per thread, e.g. (1,8)") String val;
        @Option(names = "--side", paramLabel = "SRC|DST", description = "the copy's side in shared memory (default: the atom's)")
        org.layoutcat.core.atom.CopyAtom.Side side;
        @CommandLine.Spec CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            require(spec, elem == null || List.of(1, 2, 4, 8, 16).contains(elem), "--elem: an element of 1, 2, 4, 8 or 16 bytes, not " + elem);
            require(spec, vector == null || List.of(1, 2, 4, 8, 16).contains(vector), "--vector: a vector of 1, 2, 4, 8 or 16 bytes, not " + vector);
            if (copy != null) {
                require(spec, access == null, "ACCESS and --copy both give the accesses: give one");
                require(spec, thr != null && val != null, "--copy needs --thr and --val, the tiled copy's threads and values");
                require(spec, vector == null, "--vector widens ACCESS; a copy's atom gives its vector");
                // the copy's values are SMEM's elements: their bits are the element's, in bytes as for ACCESS
                List<String> args = new ArrayList<>(List.of(smem, copy, String.valueOf(8 * elementBytes()), thr, val));
                if (side != null) args.add(side.name());
                return answer("banks", new Request("copy_bank_conflicts", args, "auto"));
            }
            require(spec, access != null, "give ACCESS, the threads' accesses, or a tiled copy (--copy, --thr, --val)");
            require(spec, thr == null && val == null && side == null, "--thr, --val and --side go with --copy");
            List<String> args = new ArrayList<>(List.of(smem, access, String.valueOf(elementBytes())));
            if (vector != null) args.add(String.valueOf(vector));
            return answer("banks", new Request("bank_conflicts", args, "auto"));
        }

        /**
         * The element's bytes: --elem, or the width SMEM carries (CuTe's smem_ptr[Nb]); the operation refuses the two
         * where they differ ({@link BankConflicts#elementBytes(AnyLayout, int)}). Neither is a usage error.
         */
        private int elementBytes() {
            if (elem != null) return elem;
            int carried = BankConflicts.pointerBytes(AnyLayout.parse(smem)); // SMEM that cannot be read is refused with the reason
            require(spec, carried != 0, "--elem is required: the element's bytes, which SMEM gives only in CuTe's pointer form"
                    + " Sw<B,M,S> o smem_ptr[Nb](unset) o L");
            return carried;
        }
    }

    @Command(name = "tma", description = {"The TMA tensor map of copies between a global tensor and a shared-memory tile, as",
        "CuTe's make_tma_copy derives it: cuTensorMapEncodeTiled's arguments, the TMA tensor, and each copy's",
        "coordinates; or why CuTe or the driver would refuse it."})
    static final class Tma implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "GMEM", description = "the global tensor's layout, in elements, e.g. (512,1024):(1024,1)") String gmem;
        @Parameters(index = "1", paramLabel = "SMEM", description = "the tile's layout in shared memory, e.g."
                + " \"Sw<3,4,3> o smem_ptr[16b](unset) o ((8,16),(64,1)):((64,512),(1,0))\"") String smem;
        @Parameters(index = "2", arity = "0..1", paramLabel = "ELEM", converter = Element.class, description = "the element, as"
                + " --elem gives it (the operation's third argument: tma G S f16 is op tma_descriptor G S f16)") String elemArgument;
        @Option(names = "--elem", paramLabel = "TYPE", converter = Element.class, description = "the element: f16, bf16,"
                + " tf32, f32, f64, s8, u8, e4m3, e5m2, s32, ... or its bytes (1, 2, 4, 8); or ELEM") String elem;
        @Option(names = "--cta-tile", paramLabel = "TILE", description = "the CTA's tile of GMEM (default: SMEM's mode sizes)") String tile;
        @Option(names = "--multicast", paramLabel = "N", description = "the CTAs of the cluster sharing each copy (default 1)") Integer multicast;
        @Option(names = "--static", description = "GMEM's extents and strides are compile-time constants (CuTe then merges"
                + " contiguous runs of the box)") boolean statics;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        /** The element's type, as the operation reads it ({@link org.layoutcat.core.tma.TmaDataType#parse}): its text, checked. */
        static final class Element extends Reading<String> {
            Element() {
                super(text -> {
                    org.layoutcat.core.tma.TmaDataType.parse(text);
                    return text;
                });
            }
        }

        @Override
        public Integer call() {
            require(spec, multicast == null || (multicast >= 1 && multicast <= org.layoutcat.core.tma.TmaDescriptor.MAX_MULTICAST),
                    "--multicast: 1 to " + org.layoutcat.core.tma.TmaDescriptor.MAX_MULTICAST + " CTAs share a copy, not " + multicast);
            require(spec, elem != null || elemArgument != null, "the element is required: tma GMEM SMEM ELEM, or --elem TYPE");
            require(spec, elem == null || elemArgument == null || elem.equals(elemArgument),
                    "the element is given twice, as " + elemArgument + " and as --elem " + elem);
            // the operation's arguments in its order; an optional one left out is "" (the operation's default)
            List<String> args = new ArrayList<>(List.of(gmem, smem, elem != null ? elem : elemArgument));
            if (tile != null || multicast != null || statics) {
                args.add(tile == null ? "" : tile);
                args.add(multicast == null ? "" : String.valueOf(multicast));
                if (statics) args.add("STATIC");
            }
            return answer("tma", new Request("tma_descriptor", args, "auto"));
        }
    }
}
