package org.layoutcat.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.layoutcat.ops.Alias;
import org.layoutcat.ops.Args;
import org.layoutcat.ops.Operation;
import org.layoutcat.ops.Operations;
import org.layoutcat.ops.Param;
import org.layoutcat.ops.Request;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.ParseResult;

/**
 * The commands generated from the table: each alias's command ({@code compose}, {@code divide}, {@code tma}, ...),
 * its arguments, options and help read from its declaration ({@link Alias}) and its operations' parameters, and the
 * grammar of {@code op NAME ARGS} for one operation. One grammar each: an argument is taken by position, or by the
 * option its parameter declares ({@link Param#named}); an option's value is read by its parameter's kind as the line is
 * parsed (a value it cannot read is a usage error, as picocli reports one); what the command line gave becomes a
 * request of the table's operation ({@link Alias#request}), answered as {@code op} answers it.
 */
final class TableCommands {
    private TableCommands() {}

    /** The command of an alias, generated from the table. */
    static CommandLine command(Alias alias) {
        AliasCommand run = new AliasCommand(alias);
        CommandSpec spec = CommandSpec.wrapWithoutInspection(run).name(alias.command());
        // picocli's standard help options, declared here rather than mixed in (no reflection over its annotations)
        spec.addOption(OptionSpec.builder("-h", "--help").usageHelp(true).description("Show this help message and exit.").build());
        spec.addOption(OptionSpec.builder("-V", "--version").versionHelp(true).description("Print version information and exit.").build());
        spec.version("layoutcat 0.1.0");
        spec.usageMessage().description(alias.description().toArray(String[]::new));
        int positional = 0;
        for (Alias.Form f : alias.forms()) positional = Math.max(positional, f.positional().size());
        for (int i = 0; i < positional; i++) spec.addPositional(positional(alias, i));
        Map<String, String> flags = new LinkedHashMap<>();
        for (Alias.Form f : alias.forms()) {
            Operation o = f.operation();
            for (Param<?> p : o.params()) {
                if (p.named() == null || spec.optionsMap().containsKey(p.named().option())) continue;
                spec.addOption(option(o, p, derivedHelp(alias, p.named().option())));
                if (p.named().isFlag()) flags.put(p.named().option(), p.named().flag());
            }
        }
        if (alias.choice() instanceof Alias.Choice.ByValue v) spec.addOption(choosing(alias, v));
        if (alias.forms().stream().anyMatch(f -> f.operation().takesEngine())) spec.addOption(engine());
        for (Alias.Telling t : alias.tellings()) {
            spec.addOption(OptionSpec.builder(t.option()).arity("0").type(boolean.class).description(t.help()).build());
            flags.put(t.option(), "");
        }
        run.spec = spec;
        run.flags = flags;
        return new CommandLine(spec);
    }

    /**
     * Argument {@code i} by position: labelled and described by the first form that takes it, or, where the forms take
     * different parameters there ({@code doctor}: DESC, or with {@code --kind tma} DATA_TYPE), by each, labelled
     * {@code DESC|DATA_TYPE} and described form by form; required where every form needs it there.
     */
    private static PositionalParamSpec positional(Alias alias, int i) {
        Param<?> described = null;
        boolean required = true;
        Map<String, String> each = new LinkedHashMap<>(); // label -> its form's words
        for (Alias.Form f : alias.forms()) {
            if (i >= f.positional().size()) {
                required = false;
                continue;
            }
            Param<?> p = f.operation().param(f.positional().get(i));
            if (described == null) described = p;
            required &= !p.optional() && p.named() == null; // one given by its option may be left out here
            each.putIfAbsent(Alias.label(p), (f.when() == null ? "" : alias.choice().naming(alias.command(), alias.forms(), f) + ": ")
                    + p.help() + ": " + p.kind().words() + (p.optional() ? " (optional)" : ""));
        }
        String optional = required ? "" : " (optional" + (described.named() != null ? "; or " + described.named().option() : "") + ")";
        String words = each.size() == 1 ? described.help() + ": " + described.kind().words() + optional
                : String.join("; ", each.values()) + (required ? "" : " (optional in a form)");
        String label = each.size() == 1 ? Alias.label(described) : String.join("|", each.keySet());
        return PositionalParamSpec.builder().index(String.valueOf(i)).arity(required ? "1" : "0..1").paramLabel(label)
                .description(words).type(String.class).build();
    }

    /**
     * An alias's line of arguments alone, answered without building its command: where no word is one picocli reads
     * as an option or an argument file (none starts with {@code -} or {@code @}), the command's parser gives each word
     * to the arguments by position, in order, and nothing else; this gives the same words to the same request
     * ({@link Alias#request}), answered the same way. Null where the line has any other word, or the request is a
     * usage error: the command parses it and words the error.
     *
     * <p>Why: picocli's classes are Java 5 class files, which the JVM's start cache cannot hold, so building and
     * running its parser costs a command about 0.25 s of CPU at every start (a person's {@code compose A B}: 0.44 s
     * against 0.19 s, measured as whole processes in pairs).
     */
    static Integer plain(Alias alias, String[] line) {
        for (int i = 1; i < line.length; i++) if (line[i].startsWith("-") || line[i].startsWith("@")) return null;
        Request r;
        try {
            r = alias.request(new Alias.Given(List.of(line).subList(1, line.length), Map.of()));
        } catch (Alias.Misuse e) {
            return null;
        }
        return Main.answer(alias.command(), r);
    }

    /**
     * {@code op NAME ARGS} answered without building the command line, as {@link #plain} answers an alias: where NAME
     * is an operation's name or a command's and no word is one picocli reads as an option or an argument file, {@code
     * op}'s parser gives NAME to the operation and every other word to its arguments by position, in order, and
     * nothing else ({@link #opRequest} with no option matched); this gives the same words to the same request
     * ({@link Alias#request(Operation, Alias.Given)}), answered the same way ({@link Main#answer}). Null where the line
     * is anything else ({@code op}, {@code op list}, an unknown name, an option) or the request is a usage error: the
     * command line parses it and words the error. {@code op composition A B} started in 0.73 s of CPU through picocli
     * against 0.24 s for {@code compose A B} (issue 37).
     */
    static Integer plainOp(String[] line) {
        if (line.length < 2 || !line[0].equals("op")) return null;
        for (int i = 1; i < line.length; i++) if (line[i].startsWith("-") || line[i].startsWith("@")) return null;
        String name = line[1];
        if (name.equals("list")) return null; // op list: the list, whatever an operation is named
        Operation o = Operations.find(Operations.standsFor(name) != null ? Operations.standsFor(name) : name);
        if (o == null) return null;
        Request r;
        try {
            r = Alias.request(o, new Alias.Given(List.of(line).subList(2, line.length), Map.of()));
        } catch (Alias.Misuse e) {
            return null;
        }
        return Main.answer("op", r);
    }

    /** The option a parameter declares: its value read by the parameter's kind as the line is parsed. */
    private static OptionSpec option(Operation o, Param<?> p, String more) {
        Param.Named n = p.named();
        String help = p.help() + (n.isFlag() ? "" : ": " + p.kind().words()) + (more == null ? "" : "; " + more);
        if (n.isFlag()) return OptionSpec.builder(n.option()).arity("0").type(boolean.class).description(help).build();
        int index = o.indexOf(p);
        return OptionSpec.builder(n.option()).paramLabel(n.label()).type(String.class).description(help)
                .converters(reading(text -> p.check(text, o.name(), index))).build();
    }

    /** The help a derivation adds to the option it reads ({@code banks --elem}: of the --copy's values alike). */
    private static String derivedHelp(Alias alias, String option) {
        for (Alias.Form f : alias.forms()) {
            Alias.Derived d = f.derivedBy(option);
            if (d != null) return d.help();
        }
        return null;
    }

    /** The option that chooses a form by its value, e.g. {@code --kind zipped}. */
    private static OptionSpec choosing(Alias alias, Alias.Choice.ByValue v) {
        List<String> values = alias.forms().stream().map(Alias.Form::when).toList();
        return OptionSpec.builder(v.option()).paramLabel(v.label()).type(String.class).completionCandidates(values)
                .description(v.help() + ": " + alias.values() + " (default " + values.getFirst() + ")")
                .converters(reading(text -> {
                    String value = text.trim().toLowerCase(Locale.ROOT);
                    if (!values.contains(value)) throw new IllegalArgumentException("\"" + org.layoutcat.core.LayoutArgumentException.quote(text) + "\" is none of " + alias.values());
                    return value;
                })).build();
    }

    /** {@code --engine}, for an operation CuTe's algorithm and the category's both answer. */
    private static OptionSpec engine() {
        List<String> names = Operation.Engines.NAMES;
        return OptionSpec.builder(Operation.Engines.OPTION).paramLabel("ENGINE").type(String.class).completionCandidates(names)
                .description(Operation.Engines.HELP).converters(reading(text -> {
                    if (!names.contains(text)) throw new IllegalArgumentException("\"" + org.layoutcat.core.LayoutArgumentException.quote(text) + "\" is none of auto, cute or category");
                    return text;
                })).build();
    }

    /** A converter of a function that refuses with an IllegalArgumentException or an ArithmeticException: a usage error in its words. */
    private static CommandLine.ITypeConverter<String> reading(java.util.function.UnaryOperator<String> read) {
        return text -> {
            try {
                return read.apply(text);
            } catch (IllegalArgumentException | ArithmeticException e) {
                throw new CommandLine.TypeConversionException(e.getMessage() != null ? e.getMessage() : "'" + text + "' cannot be read");
            }
        };
    }

    /** What the command line gave: the arguments by position, and each option given by name (a flag: its parameter's text). */
    private static Alias.Given given(ParseResult parsed, List<String> positional, Map<String, String> flags) {
        Map<String, String> options = new LinkedHashMap<>();
        for (OptionSpec o : parsed.matchedOptions()) {
            if (o.usageHelp() || o.versionHelp()) continue;
            String name = o.longestName();
            options.put(name, flags.containsKey(name) ? flags.get(name) : String.valueOf((Object) o.getValue()));
        }
        return new Alias.Given(positional, options);
    }

    /** An alias's command: the request it gave, answered as {@code op} answers it (or told, for a telling flag). */
    private static final class AliasCommand implements Callable<Integer> {
        private final Alias alias;
        CommandSpec spec;
        Map<String, String> flags;

        AliasCommand(Alias alias) {
            this.alias = alias;
        }

        @Override
        public Integer call() {
            ParseResult parsed = spec.commandLine().getParseResult();
            List<String> positional = new ArrayList<>();
            for (PositionalParamSpec p : spec.positionalParameters()) {
                String v = p.getValue();
                if (v == null) break;
                positional.add(v);
            }
            Alias.Given g = given(parsed, positional, flags);
            Request r;
            try {
                r = alias.request(g);
            } catch (Alias.Misuse e) {
                throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
            }
            Alias.Telling t = alias.telling(g);
            if (t == null) return Main.answer(alias.command(), r);
            Alias.Told told;
            try {
                Operation o = org.layoutcat.ops.Operations.named(r.op());
                Args args = o.read(r);
                told = t.tell().apply(args);
            } catch (RuntimeException | StackOverflowError e) {
                return Main.report(alias.command(), e);
            }
            System.out.println(told.text());
            return told.answered() ? 0 : Main.REFUSED;
        }
    }

    /**
     * The request of {@code op NAME ARGS} for operation {@code o}: ARGS read by the operation's grammar (every argument
     * by position, its options by name); a usage error is {@code op}'s.
     */
    static Request opRequest(CommandSpec op, Operation o, List<String> args) {
        CommandSpec spec = CommandSpec.create().name("op");
        spec.addPositional(PositionalParamSpec.builder().index("0..*").arity("0..*").paramLabel("ARGS").type(List.class)
                .auxiliaryTypes(String.class).build());
        Map<String, String> flags = new LinkedHashMap<>();
        for (Param<?> p : o.params()) {
            if (p.named() == null) continue;
            spec.addOption(option(o, p, null));
            if (p.named().isFlag()) flags.put(p.named().option(), p.named().flag());
        }
        if (o.takesEngine()) spec.addOption(engine());
        try {
            ParseResult parsed = new CommandLine(spec).parseArgs(args.toArray(String[]::new));
            List<String> positional = parsed.matchedPositionals().isEmpty() ? List.of() : parsed.matchedPositionals().getFirst().getValue();
            return Alias.request(o, given(parsed, positional, flags));
        } catch (CommandLine.ParameterException | Alias.Misuse e) {
            throw new CommandLine.ParameterException(op.commandLine(), e.getMessage());
        }
    }
}
