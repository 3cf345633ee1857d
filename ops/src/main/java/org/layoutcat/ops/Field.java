package org.layoutcat.ops;

import java.util.Objects;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A field of an operation's reply after its {@code result}, as a typed key: its name in the reply, the type of its value
 * (the key's {@code T}) and how that value is printed in CuTe notation (its {@code toString} unless the key says
 * otherwise). An entry of the table declares its fields once as keys; its body fills them
 * ({@link Answer#with(Field, Object) answer.with(LAYOUT_A_TV, layout)}, the value's type checked by the compiler), its
 * C++ and DSL forms check them ({@link CodeForm.Call#check(Field, String)}) and help lists them, each by its key.
 *
 * <p>A field an entry answers only under a condition is declared with that condition ({@link #when}): a predicate over
 * the answer and the words that say it, {@code bank_conflicts}' {@code worst_bank} "where a bank holds several words
 * in one phase". A test holds every answer to its declared fields: each present where its condition holds, none
 * other. The conditional declaration is the same key (equal to it, filled by the body the same way).
 *
 * <p>Immutable.
 *
 * @param <T> the type of the field's value
 */
public final class Field<T> {
    /** The printing of a field that says none: its value's {@code toString} (declared before the keys below use it). */
    private static final Function<Object, String> TO_STRING = String::valueOf;

    /**
     * The reply's {@code result}, as a code form names it to check it ({@code .check(Field.RESULT, "get<0>(r)")}): the
     * answer's value, which every reply has. It is no entry's field.
     */
    public static final Field<Object> RESULT = of("result");

    private final String name;
    private final Function<? super T, String> print;
    private final Field<T> key; // the key declared, which a conditional declaration of it shares
    private final String when;
    private final Predicate<Answer> present;

    /** {@code [a-z][a-z0-9_]*}, checked by its characters (the table's keys are made as a command starts). */
    private static boolean snakeCase(String name) {
        if (name.isEmpty() || name.charAt(0) < 'a' || name.charAt(0) > 'z') return false;
        for (int i = 1; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!(c >= 'a' && c <= 'z') && !(c >= '0' && c <= '9') && c != '_') return false;
        }
        return true;
    }

    private Field(String name, Function<? super T, String> print, Field<T> key, String when, Predicate<Answer> present) {
        if (!snakeCase(name)) throw new IllegalArgumentException("a reply field's name is lower_snake_case: " + name);
        this.name = name;
        this.print = Objects.requireNonNull(print, "print");
        this.key = key == null ? this : key;
        this.when = when;
        this.present = present;
    }

    /** The field {@code name}, its value printed by its {@code toString}. */
    public static <T> Field<T> of(String name) {
        return new Field<>(name, TO_STRING, null, null, null);
    }

    /** The field {@code name}, its value printed by {@code print} (a tuple of longs as {@code (2,4)}, say). */
    public static <T> Field<T> of(String name, Function<? super T, String> print) {
        return new Field<>(name, print, null, null, null);
    }

    /**
     * This field declared present only where {@code present} holds of the answer ({@code words} say where, as help
     * and a test's message give it): the same key, its body filling it as before.
     */
    public Field<T> when(String words, Predicate<Answer> present) {
        if (this.present != null) throw new IllegalStateException(name + " is declared with a condition already: " + when);
        return new Field<>(name, print, key, Objects.requireNonNull(words, "words"), Objects.requireNonNull(present, "present"));
    }

    /** Its name in the reply. */
    public String name() {
        return name;
    }

    /** A value of the field in CuTe notation, as the reply gives it. */
    public String print(T value) {
        return print.apply(value);
    }

    /**
     * Whether its value prints as its {@code toString} (no printing of its own): the batch mode then writes a layout's
     * notation straight into the reply, as it writes a result.
     */
    public boolean printsByToString() {
        return print == TO_STRING;
    }

    /** Where it is present, in words, or null where every answer of its entry has it. */
    public String condition() {
        return when;
    }

    /** Whether an answer of its entry has it: its condition holds there, or it has none. */
    public boolean presentIn(Answer a) {
        return present == null || present.test(a);
    }

    /** The same key: this one, or a conditional declaration of the same. */
    @Override
    public boolean equals(Object o) {
        return o instanceof Field<?> f && f.key == key;
    }

    @Override
    public int hashCode() {
        return System.identityHashCode(key);
    }

    @Override
    public String toString() {
        return when == null ? name : name + " (" + when + ")";
    }
}
