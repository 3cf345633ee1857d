package org.layoutcat.ops;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * One operation of the table, declared once as data: CuTe's name, its arguments with their kinds, the core
 * function it calls, the fields of its reply, its CuTe C++ and CuTe DSL forms (or why it has none), a line of help and
 * an example. The batch mode, {@code op}, the commands that are aliases of it, {@code op --help} and {@code op list},
 * {@code cpp} and {@code cpp --dsl}, the README's list and the fuzzer's list all read it. Immutable.
 */
public final class Operation {

    private final String name;
    private final Group group;
    private final String help;
    private final List<Param<?>> params;
    private final List<Field<?>> fields;
    private final Engines engines;
    private final Function<Args, Answer> body;
    private final CodeForm cpp;
    private final CodeForm dsl;
    private final List<String> example;
    private final Function<Answer, String> display;
    private final List<Picture> pictures;

    private Operation(Builder b) {
        name = b.name;
        group = b.group;
        help = b.help;
        params = List.copyOf(b.params);
        fields = List.copyOf(b.fields);
        engines = b.engines;
        body = required(b.body, "its body");
        cpp = required(b.cpp, "its CuTe C++ form, or why it has none");
        dsl = required(b.dsl, "its CuTe DSL form, or why it has none");
        example = List.copyOf(b.example);
        display = b.display;
        pictures = List.copyOf(b.pictures);
        boolean optionalSeen = false;
        for (Param<?> p : params) {
            if (optionalSeen && !p.optional()) throw new IllegalArgumentException(name + ": a required argument after an optional one");
            optionalSeen |= p.optional();
        }
    }

    private <T> T required(T value, String what) {
        if (value == null) throw new NullPointerException(name + ": " + what + " is not declared");
        return value;
    }

    /**
     * The declaration of an operation, begun with its name, where help lists it and what it computes; the rest is
     * named as it is given ({@code .params(...)}, {@code .body(...)}, {@code .cpp(...)}, ...). Left out: no reply
     * fields, one engine, no picture, and the answer shown as its result and a line per field.
     */
    public static Builder declare(String name, Group group, String help) {
        return new Builder(name, group, help);
    }

    /** An operation's declaration as it is given, part by part; {@link #build} checks it and makes the operation. */
    public static final class Builder {
        private final String name;
        private final Group group;
        private final String help;
        private List<Param<?>> params = List.of();
        private List<Field<?>> fields = List.of();
        private Engines engines = Engines.ONE;
        private Function<Args, Answer> body;
        private CodeForm cpp;
        private CodeForm dsl;
        private List<String> example = List.of();
        private Function<Answer, String> display = Operations::lines;
        private final List<Picture> pictures = new ArrayList<>();

        private Builder(String name, Group group, String help) {
            this.name = name;
            this.group = group;
            this.help = help;
        }

        /** Its arguments, in order; the optional ones last. */
        public Builder params(List<Param<?>> params) {
            this.params = params;
            return this;
        }

        /** Its arguments, in order; the optional ones last. */
        public Builder params(Param<?>... params) {
            return params(List.of(params));
        }

        /**
         * The reply's fields after {@code result}, in order, as the typed keys its body fills ({@link Field}); a field
         * present only under a condition declared with it ({@link Field#when}).
         */
        public Builder fields(List<Field<?>> fields) {
            this.fields = fields;
            return this;
        }

        /** The reply's fields after {@code result}, in order. */
        public Builder fields(Field<?>... fields) {
            return fields(List.of(fields));
        }

        /** Which engines answer it: one, or CuTe's and the category's as a request asks ({@link Engines}). */
        public Builder engines(Engines engines) {
            this.engines = java.util.Objects.requireNonNull(engines, "engines");
            return this;
        }

        /** The core function, applied to the arguments read. */
        public Builder body(Function<Args, Answer> body) {
            this.body = body;
            return this;
        }

        /** Its CuTe C++ form, or why it has none. */
        public Builder cpp(CodeForm cpp) {
            this.cpp = cpp;
            return this;
        }

        /** Its CuTe DSL form, or why it has none. */
        public Builder dsl(CodeForm dsl) {
            this.dsl = dsl;
            return this;
        }

        /** The arguments of an example, answered by a test. */
        public Builder example(String... example) {
            this.example = List.of(example);
            return this;
        }

        /** How a person sees an answer (the {@code op} command and the aliases). */
        public Builder display(Function<Answer, String> display) {
            this.display = display;
            return this;
        }

        /** Its pictures ({@link Picture}): typed functions from its arguments and answer to a diagram. */
        public Builder pictures(Picture... more) {
            pictures.addAll(List.of(more));
            return this;
        }

        /** The operation declared, checked: a required argument after an optional one, or a part missing, is refused. */
        public Operation build() {
            return new Operation(this);
        }
    }

    /** CuTe's name, e.g. {@code composition}. */
    public String name() {
        return name;
    }

    /** Where help lists it. */
    public Group group() {
        return group;
    }

    /** What it computes, one line. */
    public String help() {
        return help;
    }

    /** Its arguments, in order; the optional ones last. */
    public List<Param<?>> params() {
        return params;
    }

    /** The reply's fields after {@code result}, in order, as the typed keys its body fills. */
    public List<Field<?>> fields() {
        return fields;
    }

    /** Which engines answer it. */
    public Engines engines() {
        return engines;
    }

    /** The core function, applied to the arguments read. */
    public Function<Args, Answer> body() {
        return body;
    }

    /** Its CuTe C++ form, or why it has none. */
    public CodeForm cpp() {
        return cpp;
    }

    /** Its CuTe DSL form, or why it has none. */
    public CodeForm dsl() {
        return dsl;
    }

    /** The arguments of an example, answered by a test. */
    public List<String> example() {
        return example;
    }

    /** How a person sees an answer: the result and a line {@code name: value} per field, unless declared otherwise. */
    public Function<Answer, String> display() {
        return display;
    }

    /** Its pictures, which {@code draw} and the explorer's views draw. */
    public List<Picture> pictures() {
        return pictures;
    }

    @Override
    public String toString() {
        return "Operation[" + name + "]";
    }

    /** Its picture of that name, or null. */
    public Picture picture(String name) {
        for (Picture p : pictures) if (p.name().equals(name)) return p;
        return null;
    }

    /** Where help lists an operation. */
    public enum Group {
        ALGEBRA("the layout algebra"),
        FUNCTION("the layout function: sizes, values, coordinates"),
        CATEGORY("the categories Tuple and Nest"),
        CONSTRUCTION("layouts kernels build"),
        PARTITION("slicing, tiling and partitioning"),
        MODES("modes"),
        RECAST("element types and vectors"),
        TUPLES("integer tuples"),
        SWIZZLE("swizzled shared memory and its banks"),
        ATOMS("tensor-core atoms, tiled MMAs and copies"),
        BLACKWELL("Blackwell: UMMA descriptors, tensor memory and block-scaled layouts");

        private final String words;

        Group(String words) {
            this.words = words;
        }

        public String words() {
            return words;
        }
    }

    /**
     * Which engines answer an operation: its one algorithm, or CuTe's and the category's, which a request chooses by
     * its {@code "engine"} (the batch mode) or {@link #OPTION} (a command line): {@code auto}, the default, {@code cute}
     * or {@code category}.
     */
    public enum Engines {
        /** One engine: the operation's algorithm. */
        ONE,
        /** CuTe's algorithm or the category's, as a request asks; {@code auto} runs CuTe's, then the category's where CuTe refuses. */
        CUTE_OR_CATEGORY;

        /** The engines a request may ask for, the default first. */
        public static final List<String> NAMES = List.of("auto", "cute", "category");

        /** The option a command line asks for an engine by. */
        public static final String OPTION = "--engine";

        /** What the option is, for help. */
        public static final String HELP = "the engine: auto (default: CuTe's algorithm, then the category's where CuTe refuses"
                + " a tractable pair), cute or category";
    }

    /** True where a request chooses the engine ({@link Engines#CUTE_OR_CATEGORY}). */
    public boolean takesEngine() {
        return engines == Engines.CUTE_OR_CATEGORY;
    }

    /** The parameter named {@code name}, or null. */
    public Param<?> param(String name) {
        for (Param<?> p : params) if (p.name().equals(name)) return p;
        return null;
    }

    /** The position of parameter {@code p}, this operation's own instance (found by identity), or -1. */
    public int indexOf(Param<?> p) {
        for (int i = 0; i < params.size(); i++) if (params.get(i) == p) return i;
        return -1;
    }

    /** The parameter a command line gives by {@code option} ({@link Param#named}), or null. */
    public Param<?> byOption(String option) {
        for (Param<?> p : params) if (p.named() != null && p.named().option().equals(option)) return p;
        return null;
    }

    /** The fewest arguments a request may give. */
    public int minArgs() {
        int n = 0;
        for (Param<?> p : params) if (!p.optional()) n++;
        return n;
    }

    /** The most arguments a request may give. */
    public int maxArgs() {
        return params.size();
    }

    /**
     * The answer to a request of this operation: its arguments read by their kinds, then the core function.
     *
     * @throws IllegalArgumentException where the number of arguments is wrong, an argument cannot be read, or the
     *         core function refuses the input, each with the reason
     * @throws ArithmeticException where the answer overflows
     */
    public Answer answer(Request r) {
        return apply(read(r));
    }

    /**
     * The core function applied to arguments already read, an overflow in the JDK's words ("long overflow") reworded
     * to name the operation and its arguments: every path to an answer ({@link #answer}, {@code cpp}) comes here.
     *
     * @throws IllegalArgumentException where the core function refuses the input
     * @throws ArithmeticException where the answer overflows
     */
    public Answer apply(Args args) {
        refuseSizeZero(args);
        try {
            return body.apply(args);
        } catch (ArithmeticException e) {
            if (!bare(e)) throw e; // the algebra's own words, naming the values
            List<String> quoted = new ArrayList<>();
            for (String t : args.texts()) quoted.add(org.layoutcat.core.LayoutArgumentException.quote(t));
            throw new ArithmeticException(name + " of " + String.join(", ", quoted) + ": a value overflows 64-bit integers");
        }
    }

    /**
     * Why {@code n} arguments are the wrong number for this operation ({@code "to_f2 takes 1 argument, got 0"}), or
     * null where they are right: the batch mode refuses the request with it, the command line reports it as a usage
     * error.
     */
    public String arityError(int n) {
        if (n >= minArgs() && n <= maxArgs()) return null;
        String want = minArgs() == maxArgs() ? String.valueOf(minArgs())
                : minArgs() + (maxArgs() == minArgs() + 1 ? " or " : " to ") + maxArgs();
        return name + " takes " + want + " argument" + (maxArgs() == 1 ? "" : "s") + ", got " + n;
    }

    /**
     * Refuses an argument of size 0 (an extent 0 in its shape) given to a parameter that does not declare it takes one
     * ({@link Param#takingSizeZero}), before the operation's algorithm divides by an extent.
     */
    private void refuseSizeZero(Args args) {
        for (int i = 0; i < args.count(); i++) {
            if (params.get(i).takesSizeZero()) continue;
            String empty = sizeZero(args.value(i));
            if (empty != null) {
                throw new org.layoutcat.core.LayoutArgumentException(() -> name + " of " + org.layoutcat.core.LayoutArgumentException.quote(empty)
                        + ": the layout has size 0 (an extent 0 in its shape), so it has no index, and " + name
                        + " takes layouts of size 1 or more; " + String.join(", ", Operations.takingSizeZero()) + " take it");
            }
        }
    }

    /** The text of a layout of size 0 within an argument's value (a layout, a swizzled one, a tiler), or null. */
    private static String sizeZero(Object v) {
        if (v instanceof org.layoutcat.core.Layout l) return l.size() == 0 ? l.toString() : null; // most arguments: one field read
        return switch (v) {
            case null -> null;
            case org.layoutcat.core.InnerSwizzledLayout c -> c.outer().size() == 0 ? c.toString() : null; // its size() is refused
            case org.layoutcat.core.AnyLayout a -> a.size() == 0 ? a.toString() : null;
            case org.layoutcat.core.Tiler.ByMode m -> m.modes().stream().map(Operation::sizeZero).filter(java.util.Objects::nonNull).findFirst().orElse(null);
            case LayoutOrSwizzle.OfLayout o -> sizeZero(o.layout());
            case org.layoutcat.core.CuTeNotation.Tensor t -> sizeZero(t.layout());
            case List<?> list -> list.stream().map(Operation::sizeZero).filter(java.util.Objects::nonNull).findFirst().orElse(null);
            default -> null;
        };
    }

    /** An arithmetic exception in the JDK's words ("long overflow"), which name no value of the request. */
    private static boolean bare(ArithmeticException e) {
        return e.getMessage() == null || Failure.JDK_ARITHMETIC.contains(e.getMessage());
    }

    /** The arguments of a request, read by their kinds. */
    public Args read(Request r) {
        int n = r.args().size();
        String wrong = arityError(n);
        if (wrong != null) throw new IllegalArgumentException(wrong);
        Object[] values = new Object[params.size()];
        for (int i = 0; i < n; i++) { // an optional argument given as "" is left out (a later one is given: "" 1 STATIC)
            Param<?> p = params.get(i);
            values[i] = p.optional() && r.arg(i).isBlank() ? null : p.kind().read(r.arg(i), name, i);
        }
        return new Args(this, r.args(), values, r.engine());
    }

    /** {@code name ARG [ARG]}: the usage line. */
    public String usage() {
        List<String> parts = new ArrayList<>();
        parts.add(name);
        for (Param<?> p : params) parts.add(p.usage());
        return String.join(" ", parts);
    }
}
