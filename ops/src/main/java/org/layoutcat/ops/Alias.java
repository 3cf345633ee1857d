package org.layoutcat.ops;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * A command a person types, declared in the table ({@link Operations#aliases}) as an alias of an operation, or of one
 * operation of a family chosen by an option: {@code compose A B} is {@code composition}; {@code divide A B --kind
 * zipped} is {@code zipped_divide}; {@code banks SMEM --copy ATOM --thr L --val L} is {@code copy_bank_conflicts},
 * {@code banks SMEM ACCESS} {@code bank_conflicts}. A command line generates the command's grammar from it and from
 * its operations' parameters: the arguments the alias takes by position, the options the parameters declare
 * ({@link Param#named}), the choosing option and the engine's ({@link Operation.Engines#OPTION}); its help is theirs.
 * A command line answers it as {@code op} does, through {@link #request}. Immutable.
 *
 * @param command  the command's name, e.g. {@code divide}
 * @param choice   how one of the forms is chosen
 * @param forms    the operations it stands for, each with the arguments it takes by position; the first is the
 *                 default, chosen where the choosing option is not given
 * @param tellings flags that answer otherwise than the operation, e.g. {@code compose --explain}
 */
public record Alias(String command, Choice choice, List<Form> forms, List<Telling> tellings) {
    public Alias {
        forms = List.copyOf(forms);
        tellings = List.copyOf(tellings);
        if (forms.isEmpty()) throw new IllegalArgumentException(command + ": an alias of no operation");
        if (choice instanceof Choice.One && forms.size() != 1) throw new IllegalArgumentException(command + ": one operation, one form");
        for (Form f : forms.subList(choice instanceof Choice.ByValue ? 0 : 1, forms.size())) {
            if (f.when() == null) throw new IllegalArgumentException(command + ": " + f.op() + " is chosen by nothing");
        }
    }

    /** The alias of one operation, taking the parameters named by position. */
    public static Alias of(String command, String op, String... positional) {
        return new Alias(command, new Choice.One(), List.of(Form.of(op, positional)), List.of());
    }

    /** An alias of a family of operations, one chosen by {@code choice}; the first form is the default. */
    public static Alias family(String command, Choice choice, Form... forms) {
        return new Alias(command, choice, List.of(forms), List.of());
    }

    /** This alias with a flag that answers otherwise. */
    public Alias telling(Telling t) {
        List<Telling> more = new ArrayList<>(tellings);
        more.add(t);
        return new Alias(command, choice, forms, more);
    }

    /** How an alias chooses among its forms. */
    public sealed interface Choice {
        /**
         * The form chosen among {@code forms} (the first the default) by what was given.
         *
         * @throws Misuse where what was given chooses none, or two
         */
        Form choose(List<Form> forms, Given g);

        /** How command {@code command} names its form {@code f} in a message ({@code divide --kind zipped}). */
        String naming(String command, List<Form> forms, Form f);

        /** One operation. */
        record One() implements Choice {
            @Override
            public Form choose(List<Form> forms, Given g) {
                return forms.getFirst();
            }

            @Override
            public String naming(String command, List<Form> forms, Form f) {
                return command;
            }
        }

        /**
         * By an option's value: {@code --kind zipped} chooses the form declared {@code when("zipped")}; without the
         * option, the first form.
         *
         * @param option the option, e.g. {@code --kind}
         * @param label  its value, for help, e.g. {@code KIND}
         * @param help   what it chooses, in a few words
         */
        record ByValue(String option, String label, String help) implements Choice {
            @Override
            public Form choose(List<Form> forms, Given g) {
                String value = g.options().get(option);
                if (value == null) return forms.getFirst();
                for (Form f : forms) if (value.equals(f.when())) return f;
                throw new Misuse(option + " must be " + values(forms) + ", not \"" + org.layoutcat.core.LayoutArgumentException.quote(value) + "\"");
            }

            @Override
            public String naming(String command, List<Form> forms, Form f) {
                return command + " " + option + " " + f.when();
            }
        }

        /**
         * By an option that one form's operation declares ({@link Param#named}): {@code --copy} chooses the form
         * declared {@code when("--copy")}; without any such option, the first form.
         */
        record ByOption() implements Choice {
            @Override
            public Form choose(List<Form> forms, Given g) {
                Form chosen = forms.getFirst();
                for (Form f : forms.subList(1, forms.size())) {
                    if (!g.options().containsKey(f.when())) continue;
                    if (chosen != forms.getFirst()) throw new Misuse(chosen.when() + " and " + f.when() + " choose different operations: give one");
                    chosen = f;
                }
                return chosen;
            }

            @Override
            public String naming(String command, List<Form> forms, Form f) {
                if (f.when() != null) return command + " " + f.when();
                return command + " without " + String.join(" or ", forms.subList(1, forms.size()).stream().map(Form::when).toList());
            }
        }
    }

    /**
     * One operation of an alias: its name, what chooses it (a value of {@link Choice.ByValue}'s option, or an option of
     * {@link Choice.ByOption}; null for the first form), its parameters taken by position, in order, and its
     * parameters a command line gives otherwise ({@link Derived}). A parameter the form takes neither by position nor
     * by derivation is given by its option ({@link Param#named}). Immutable.
     *
     * @param op         the operation's name in the table
     * @param when       what chooses it, or null for the default
     * @param positional the names of its parameters taken by position
     * @param derived    its parameters derived from what a command line gives
     */
    public record Form(String op, String when, List<String> positional, List<Derived> derived) {
        public Form {
            positional = List.copyOf(positional);
            derived = List.copyOf(derived);
        }

        /** The operation {@code op}, its parameters named taken by position. */
        public static Form of(String op, String... positional) {
            return new Form(op, null, List.of(positional), List.of());
        }

        /** This form, chosen by {@code when}. */
        public Form when(String value) {
            return new Form(op, value, positional, derived);
        }

        /** This form, its parameter {@code d.param()} derived. */
        public Form deriving(Derived d) {
            List<Derived> more = new ArrayList<>(derived);
            more.add(d);
            return new Form(op, when, positional, more);
        }

        /** The operation's form for {@code op NAME ARGS}: every parameter by position, in order. */
        public static Form everyParameter(Operation o) {
            return new Form(o.name(), null, o.params().stream().map(Param::name).toList(), List.of());
        }

        /** The form's operation, from the table. */
        public Operation operation() {
            return Operations.named(op);
        }

        /** The derivation reading {@code option}, or null. */
        public Derived derivedBy(String option) {
            for (Derived d : derived) if (d.option().equals(option)) return d;
            return null;
        }
    }

    /**
     * A parameter that an alias's command line derives, here from an option another form declares: {@code banks --copy}
     * takes the copy's {@code value_bits} as {@code --elem}'s bytes, or the width of SMEM's pointer. Immutable.
     *
     * @param param  the parameter derived
     * @param option the option it reads (declared by a parameter of another form), or null
     * @param help   how, for the option's help
     * @param text   its text, from the texts given: by parameter name and by option name ({@code --elem})
     */
    public record Derived(String param, String option, String help, Function<Map<String, String>, String> text) {}

    /**
     * A flag of an alias that answers otherwise than its operation: {@code compose --explain} prints the walkthrough
     * of the composition. Immutable.
     *
     * @param option the flag, e.g. {@code --explain}
     * @param help   what it prints
     * @param tell   what it prints for the operation's arguments, read
     */
    public record Telling(String option, String help, Function<Args, Told> tell) {}

    /** What a {@link Telling} prints, and whether it answered (else it told why not). */
    public record Told(String text, boolean answered) {}

    /**
     * What a command line gave: its arguments by position, and its options by name, each option's text (a flag's
     * text: its parameter's value, {@link Param.Named#flag}); the choosing option, the engine's and a telling's among
     * them. Immutable.
     */
    public record Given(List<String> positional, Map<String, String> options) {
        public Given {
            positional = List.copyOf(positional);
            options = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(options));
        }
    }

    /**
     * A usage error of a command line: an argument missing or given twice, an option of another form. The command line
     * reports it as its usage errors; anywhere else it is a refusal.
     */
    public static final class Misuse extends IllegalArgumentException {
        public Misuse(String message) {
            super(message);
        }
    }

    /** The form chosen by what was given ({@link Choice#choose}). */
    public Form form(Given g) {
        return choice.choose(forms, g);
    }

    /** The values of {@link Choice.ByValue}'s option, in order, the default first: {@code logical, zipped, tiled or flat}. */
    public String values() {
        return values(forms);
    }

    private static String values(List<Form> forms) {
        List<String> v = forms.stream().map(Form::when).toList();
        return String.join(", ", v.subList(0, v.size() - 1)) + (v.size() > 1 ? " or " : "") + v.getLast();
    }

    /** How a form is named in a message: {@code divide --kind zipped}, {@code banks --copy}, or the command alone. */
    String chosenBy(Form f) {
        return choice.naming(command, forms, f);
    }

    /** The telling given, or null. */
    public Telling telling(Given g) {
        for (Telling t : tellings) if (g.options().containsKey(t.option())) return t;
        return null;
    }

    /**
     * The request a command line gave: the form chosen ({@link #form}), its arguments by position, by option and
     * derived, in the operation's order (an optional one left out as {@code ""}), and the engine asked for.
     *
     * @throws Misuse where an option belongs to another form, an argument is given twice or a required one is missing
     */
    public Request request(Given g) {
        Form f = form(g);
        Operation o = f.operation();
        Map<String, String> options = new LinkedHashMap<>(g.options());
        if (choice instanceof Choice.ByValue v) options.remove(v.option());
        for (Telling t : tellings) options.remove(t.option());
        for (String option : options.keySet()) {
            if (o.byOption(option) != null || f.derivedBy(option) != null || (option.equals(Operation.Engines.OPTION) && o.takesEngine())) continue;
            throw new Misuse(option + " is not an option of " + chosenBy(f) + " (" + o.name() + ")" + takenBy(option));
        }
        return request(o, f, new Given(g.positional(), options), chosenBy(f));
    }

    /** {@code ; it goes with divide --kind logical}: where another form takes the option. */
    private String takenBy(String option) {
        for (Form other : forms) {
            Operation x = other.operation();
            if (x.byOption(option) != null || other.derivedBy(option) != null || (option.equals(Operation.Engines.OPTION) && x.takesEngine())) {
                return "; it goes with " + chosenBy(other);
            }
        }
        return "";
    }

    /**
     * The request of {@code op NAME ARGS}: every argument by position ({@code ""} for an optional one left out), and
     * the operation's options by name.
     *
     * @throws Misuse where an argument is given twice, a required one is missing, or the number is wrong
     */
    public static Request request(Operation o, Given g) {
        for (String option : g.options().keySet()) {
            if (o.byOption(option) == null && !(option.equals(Operation.Engines.OPTION) && o.takesEngine())) {
                throw new Misuse(option + " is not an option of " + o.name());
            }
        }
        boolean named = g.options().keySet().stream().anyMatch(k -> !k.equals(Operation.Engines.OPTION));
        String wrong = named ? g.positional().size() > o.maxArgs() ? o.arityError(g.positional().size()) : null : o.arityError(g.positional().size());
        if (wrong != null) throw new Misuse(wrong + " (" + o.usage() + ")");
        return request(o, Form.everyParameter(o), g, o.name());
    }

    /** The request of form {@code f} of operation {@code o} from what was given; {@code who} names the command (or the form) in a message. */
    private static Request request(Operation o, Form f, Given g, String who) {
        List<Param<?>> params = o.params();
        String[] texts = new String[params.size()];
        if (g.positional().size() > f.positional().size()) {
            throw new Misuse(who + " takes " + f.positional().size() + " argument" + (f.positional().size() == 1 ? "" : "s")
                    + " by position (" + labels(o, f.positional()) + "), got " + g.positional().size());
        }
        for (int i = 0; i < g.positional().size(); i++) texts[indexOf(o, f.positional().get(i))] = g.positional().get(i);
        Map<String, String> given = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : g.options().entrySet()) {
            given.put(e.getKey(), e.getValue());
            Param<?> p = o.byOption(e.getKey());
            if (p == null) continue;
            int i = o.indexOf(p);
            if (texts[i] != null && !texts[i].isBlank() && !texts[i].equals(e.getValue())) {
                throw new Misuse(o.name() + "'s " + p.name() + " is given twice, as " + texts[i] + " and as " + e.getKey() + " " + e.getValue());
            }
            texts[i] = e.getValue();
        }
        for (int i = 0; i < params.size(); i++) if (texts[i] != null) given.put(params.get(i).name(), texts[i]);
        for (Derived d : f.derived()) texts[indexOf(o, d.param())] = d.text().apply(java.util.Collections.unmodifiableMap(given));
        int last = -1; // an argument given as "" is given: its operation reads it (an optional one as left out)
        for (int i = 0; i < params.size(); i++) {
            if (texts[i] != null) last = i;
            else if (!params.get(i).optional()) throw new Misuse(o.name() + " needs " + params.get(i).name() + " (" + params.get(i).help() + "): "
                    + how(params.get(i), f));
        }
        List<String> args = new ArrayList<>();
        for (int i = 0; i <= last; i++) args.add(texts[i] == null ? "" : texts[i]);
        return new Request(o.name(), args, g.options().getOrDefault(Operation.Engines.OPTION, "auto"));
    }

    /** How a parameter is given: {@code ELEM or --elem TYPE}. */
    private static String how(Param<?> p, Form f) {
        List<String> ways = new ArrayList<>();
        if (f.positional().contains(p.name())) ways.add("argument " + label(p));
        if (p.named() != null) ways.add(p.named().option() + (p.named().isFlag() ? "" : " " + p.named().label()));
        return ways.isEmpty() ? "the operation's argument " + p.name() : String.join(" or ", ways);
    }

    private static int indexOf(Operation o, String param) {
        Param<?> p = o.param(param);
        if (p == null) throw new IllegalStateException(o.name() + " has no parameter " + param);
        return o.indexOf(p);
    }

    /** A parameter's label where it is given by position: its name in capitals, e.g. {@code GMEM}. */
    public static String label(Param<?> p) {
        return p.name().toUpperCase(Locale.ROOT);
    }

    private static String labels(Operation o, List<String> names) {
        return String.join(" ", names.stream().map(n -> label(o.param(n))).toList());
    }

    /**
     * The alias's help, from the table: the first form's operation's help naming it, then one line per other form
     * ({@code --kind zipped: zipped_divide, ((tiles),(rests)): ...}).
     */
    public List<String> description() {
        List<String> lines = new ArrayList<>();
        Operation first = forms.getFirst().operation();
        lines.add(capitalized(first.help()) + " (the operation " + first.name() + ").");
        for (Form f : forms.subList(1, forms.size())) {
            Operation o = f.operation();
            String by = choice instanceof Choice.ByValue v ? v.option() + " " + f.when() : f.when();
            lines.add(by + ": " + o.name() + ", " + o.help() + ".");
        }
        return lines;
    }

    /**
     * The command line of the first form's example, as a person types it after {@code layoutcat}: the arguments taken
     * by position, then the others by their options.
     */
    public List<String> example() {
        Form f = forms.getFirst();
        Operation o = f.operation();
        List<String> words = new ArrayList<>(List.of(command));
        List<String> later = new ArrayList<>();
        for (int i = 0; i < o.example().size(); i++) {
            Param<?> p = o.params().get(i);
            String x = o.example().get(i);
            if (f.positional().contains(p.name())) words.add(x);
            else if (p.named() != null && !x.isBlank()) later.addAll(p.named().isFlag() ? List.of(p.named().option()) : List.of(p.named().option(), x));
        }
        words.addAll(later);
        return words;
    }

    private static String capitalized(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
