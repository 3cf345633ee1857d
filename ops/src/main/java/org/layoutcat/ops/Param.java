package org.layoutcat.ops;

/**
 * One named argument of an operation: its name (as the operation's help and errors say it), the kind of value it
 * takes ({@link ArgKind}), whether it may be left out (optional arguments come last), a few words of help, and the
 * option a command line names it by, where it has one. Immutable.
 *
 * <p>The batch mode takes every argument by position (an optional one left out as {@code ""}); a command line takes
 * the same arguments, and an argument declared {@link #asOption as an option} by name too: {@code --elem f16}, or a
 * flag for an argument with one value besides its default ({@code --static} for {@code STATIC}).
 *
 * @param <T>      the value's type
 * @param name     the argument's name, e.g. {@code A}, {@code cotarget}
 * @param kind     how its text is read
 * @param optional whether a request may leave it (and the arguments after it) out
 * @param takesSizeZero whether it takes a layout of size 0 ({@link #takingSizeZero})
 * @param help     what it is, in a few words
 * @param named    the option a command line gives it by, or null for none
 */
public record Param<T>(String name, ArgKind<T> kind, boolean optional, boolean takesSizeZero, String help, Named named) {
    public Param {
        if (name == null || kind == null || help == null) throw new NullPointerException("a parameter needs a name, a kind and help");
        if (named != null && named.flag() != null && !optional) {
            throw new IllegalArgumentException(name + ": a flag stands for an optional argument (left out: its default)");
        }
    }

    /**
     * How a command line names an argument: {@code --elem TYPE}, or a flag ({@code --static}) that gives the argument
     * one value, the argument being left out (its default) without the flag. Immutable.
     *
     * @param option the option's name, {@code --} and words joined by {@code -}
     * @param label  what the option's value is, for help ({@code TYPE}); null for a flag
     * @param flag   the argument's text where the flag is given; null for an option with a value
     */
    public record Named(String option, String label, String flag) {
        public Named {
            if (option == null || !option.matches("--[a-z][a-z0-9]*(-[a-z0-9]+)*")) {
                throw new IllegalArgumentException("an option is named --words-joined-by-dashes, not " + option);
            }
            if ((label == null) == (flag == null)) throw new IllegalArgumentException(option + ": a value's label, or a flag's value");
        }

        /** True for a flag, which takes no value. */
        public boolean isFlag() {
            return flag != null;
        }
    }

    /** A required argument. */
    public static <T> Param<T> of(String name, ArgKind<T> kind, String help) {
        return new Param<>(name, kind, false, false, help, null);
    }

    /** An argument that may be left out. */
    public static <T> Param<T> optional(String name, ArgKind<T> kind, String help) {
        return new Param<>(name, kind, true, false, help, null);
    }

    /**
     * This parameter taking a layout of size 0 too (an extent 0 in its shape, as CuTe C++ allows: {@code size((4,0):(1,4))
     * = 0}), where its operation answers CuTe's value or refuses such a layout in its own words; an argument of any other
     * parameter is refused by size before the operation's algorithm divides by an extent.
     */
    public Param<T> takingSizeZero() {
        return new Param<>(name, kind, optional, true, help, named);
    }

    /** This parameter, which a command line may also give by name: {@code option LABEL}, e.g. {@code --elem TYPE}. */
    public Param<T> asOption(String option, String label) {
        return new Param<>(name, kind, optional, takesSizeZero, help, new Named(option, label, null));
    }

    /**
     * This optional parameter given on a command line by a flag: {@code option} gives it the text {@code value}, and
     * without the flag it is left out (its default), e.g. {@code --static} for {@code STATIC}.
     */
    public Param<T> asFlag(String option, String value) {
        return new Param<>(name, kind, optional, takesSizeZero, help, new Named(option, null, value));
    }

    /** {@code NAME} or {@code [NAME]}, as the usage line writes it. */
    public String usage() {
        return optional ? "[" + name + "]" : name;
    }

    /**
     * The text of this parameter's argument checked by its kind ({@code index} its position, {@code op} its
     * operation's name, as a refusal names them).
     *
     * @throws IllegalArgumentException where its kind cannot read it
     * @throws ArithmeticException where its value overflows
     */
    public String check(String text, String op, int index) {
        kind.reader().read(text, op, index);
        return text;
    }
}
