package org.layoutcat.ops;

/**
 * One named argument of an operation: its name (as the operation's help and errors say it), the kind of value it
 * takes ({@link ArgKind}), whether it may be left out (optional arguments come last), and a few words of help.
 * Immutable.
 *
 * @param <T>      the value's type
 * @param name     the argument's name, e.g. {@code A}, {@code cotarget}
 * @param kind     how its text is read
 * @param optional whether a request may leave it (and the arguments after it) out
 * @param takesSizeZero whether it takes a layout of size 0 ({@link #takingSizeZero})
 * @param help     what it is, in a few words
 */
public record Param<T>(String name, ArgKind<T> kind, boolean optional, boolean takesSizeZero, String help) {
    public Param {
        if (name == null || kind == null || help == null) throw new NullPointerException("a parameter needs a name, a kind and help");
    }

    /** A required argument. */
    public static <T> Param<T> of(String name, ArgKind<T> kind, String help) {
        return new Param<>(name, kind, false, false, help);
    }

    /** An argument that may be left out. */
    public static <T> Param<T> optional(String name, ArgKind<T> kind, String help) {
        return new Param<>(name, kind, true, false, help);
    }

    /**
     * This parameter taking a layout of size 0 too (an extent 0 in its shape, as CuTe C++ allows: {@code size((4,0):(1,4))
     * = 0}), where its operation answers CuTe's value or refuses such a layout in its own words; an argument of any other
     * parameter is refused by size before the operation's algorithm divides by an extent.
     */
    public Param<T> takingSizeZero() {
        return new Param<>(name, kind, optional, true, help);
    }

    /** {@code NAME} or {@code [NAME]}, as the usage line writes it. */
    public String usage() {
        return optional ? "[" + name + "]" : name;
    }
}
