package org.layoutcat.cli;

import org.layoutcat.ops.OpHelp;
import org.layoutcat.ops.batch.BatchEngine;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Predicate;
import org.layoutcat.ops.Alias;
import org.layoutcat.ops.Answer;
import org.layoutcat.ops.Failure;
import org.layoutcat.ops.Operation;
import org.layoutcat.ops.Operations;
import org.layoutcat.ops.Request;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code layoutcat}: the batch mode and the human commands. The commands that answer an operation are aliases the table
 * declares ({@link Operations#aliases}), generated from it ({@link TableCommands}): they build a request and answer it
 * on the batch mode's path, and their grammar and help are the table's. Every refusal is printed once, by
 * {@link #report}: {@code layoutcat CMD: reason} on stderr, exit code 1; a usage error exits 2.
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
        subcommands = {Main.Batch.class})
public final class Main implements Callable<Integer> {

    /**
     * Exit codes: 0 answered, 1 the input was refused or a file could not be read or written, 2 a usage error, 3 an
     * internal error (a bug of layoutcat).
     */
    static final int REFUSED = 1;
    static final int USAGE = 2;
    static final int INTERNAL = 3;

    /** picocli's system property: the types whose built-in converters it does not load (regular expressions, by commas). */
    private static final String CONVERTERS_EXCLUDED = "picocli.converters.excludes";


    public static void main(String[] args) {
        int code = run(args);
        // an answer, with no other thread of ours alive, ends as main returns: the JVM exits 0 as after System.exit(0),
        // without System.exit's logging, whose first call looks for a System.Logger backend (a service of any jar on
        // the class path, else java.util.logging's): 0.94 of compose's CPU time, 14 pairs (issue 37)
        if (code == 0 && Thread.currentThread().getThreadGroup().activeCount() == 1) return;
        System.exit(code);
    }

    /** Runs the command line and returns the exit code (0, {@link #REFUSED}, {@link #USAGE} or {@link #INTERNAL}). */
    public static int run(String... args) {
        // picocli's converters for java.time's and java.sql's types, which no option here takes: picocli looks each up by
        // reflection whenever it builds a command line, and coords loaded 1,550 classes with them against 1,439 (issue 37)
        if (System.getProperty(CONVERTERS_EXCLUDED) == null) System.setProperty(CONVERTERS_EXCLUDED, "java\\.time\\..*,java\\.sql\\..*");
        Alias alias = args.length > 0 ? Operations.alias(args[0]) : null;
        try {
            if (alias == null) {
                Integer plain = args.length > 0 && args[0].equals("op") ? TableCommands.plainOp(args) : null; // op NAME ARGS, as the aliases
                return plain != null ? plain : (args.length > 0 ? commandLine(args[0]) : commandLine()).execute(args);
            }
            Integer plain = TableCommands.plain(alias, args); // its arguments alone: as its command reads them, without building it
            return plain != null ? plain : commandLine(alias).execute(args);
        } catch (RuntimeException | StackOverflowError e) { // past every handler: reported as a refusal or a bug, by kind
            return report(alias != null ? alias.command() : null, e);
        }
    }

    /**
     * The command line: every command, their help (the aliases' from the table) and the one error path. The aliases'
     * commands are generated from the table ({@link TableCommands}); the others are written here and beside.
     */
    static CommandLine commandLine() {
        return root(name -> true);
    }

    /**
     * The command line for a line that begins with {@code first}: where it names a command written here or beside, the
     * command line with that command alone, as {@link #commandLine()} holds it (a command's start builds no other);
     * otherwise (help, an option of layoutcat's, a word that is no command) the whole command line.
     */
    static CommandLine commandLine(String first) {
        if (first.equals(Batch.class.getAnnotation(Command.class).name())) return root(name -> false); // layoutcat's own
        for (Object c : handWritten()) if (commandName(c).equals(first)) return root(first::equals);
        return commandLine();
    }

    /** The commands that are not operations, written here and beside. */
    private static List<Object> handWritten() {
        return List.of(new Coords(), new Op(), new BenchCommand(), new DrawCommand(), new CheckCommand(), new GpuCommand(),
                new GalleryCommand(), new CppCommand(), new AtomCommand(), new TrainCommand(), new ServeCommand());
    }

    private static String commandName(Object command) {
        return command.getClass().getAnnotation(Command.class).name();
    }

    /** The command line with the commands whose names {@code wanted} takes, each as the whole command line holds it. */
    private static CommandLine root(Predicate<String> wanted) {
        CommandLine cl = new CommandLine(new Main());
        for (Alias a : Operations.aliases()) if (wanted.test(a.command())) cl.addSubcommand(a.command(), TableCommands.command(a));
        for (Object c : handWritten()) if (wanted.test(commandName(c))) cl.addSubcommand(c);
        if (wanted.test("help")) cl.addSubcommand("help", new CommandLine.HelpCommand());
        cl.setCaseInsensitiveEnumValuesAllowed(true); // gpu ptx --strategy tiled_32 as TILED_32, as the operations read names
        withHelp(cl);
        CommandLine op = cl.getSubcommands().get("op");
        if (op != null) {
            op.getCommandSpec().usageMessage().footer("", "Operations (layoutcat op NAME --help for one):", OpHelp.list());
            op.getCommandSpec().parser().unmatchedOptionsArePositionalParams(true); // an operation's options: read by its grammar
        }
        return handled(cl);
    }

    /**
     * The command line of one alias, for {@code layoutcat ALIAS ...}: its command generated from the table as
     * {@link #commandLine()} holds it, under {@code layoutcat} alone (a command's start builds no other).
     */
    static CommandLine commandLine(Alias alias) {
        CommandLine cl = new CommandLine(CommandSpec.create().name("layoutcat"));
        cl.addSubcommand(alias.command(), TableCommands.command(alias));
        return handled(cl);
    }

    /** The one error path of a command line: its execution's exceptions and its usage errors, reported once. */
    private static CommandLine handled(CommandLine cl) {
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
        Operation o = Operations.find(Operations.standsFor(name) != null ? Operations.standsFor(name) : name);
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

    /** The command line this runs in: the whole one, which a bare {@code layoutcat} is answered with. */
    @CommandLine.Spec
    CommandLine.Model.CommandSpec self;

    @Override
    public Integer call() {
        self.commandLine().usage(System.out); // no command: the usage of every command, as --help prints it
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
            Operation o = operation(spec, name); // an unknown name: a usage error
            return answer("op", TableCommands.opRequest(spec, o, args)); // a wrong count, an option it lacks: a usage error, from the table
        }
    }
}
