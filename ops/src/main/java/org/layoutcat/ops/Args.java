package org.layoutcat.ops;

import java.util.Arrays;
import java.util.List;

/**
 * The arguments of one request, read by their parameters' kinds: an operation's body takes each by its
 * {@link Param}, so the compiler checks its type. Immutable.
 */
public final class Args {
    private final Operation op;
    private final List<String> texts;
    private final Object[] values; // null where an optional argument was left out
    private final String engine;

    Args(Operation op, List<String> texts, Object[] values, String engine) {
        this.op = op;
        this.texts = texts;
        this.values = values;
        this.engine = engine;
    }

    /** The operation these are the arguments of. */
    public Operation operation() {
        return op;
    }

    /**
     * The value of parameter p.
     *
     * @throws IllegalStateException where p is not a parameter of the operation, or is optional and was left out
     */
    @SuppressWarnings("unchecked") // the value was read by p's own kind
    public <T> T get(Param<T> p) {
        Object v = values[indexOf(p)];
        if (v == null) throw new IllegalStateException(op.name() + ": the optional argument " + p.name() + " was left out");
        return (T) v;
    }

    /** The value of parameter p, or {@code otherwise} where p was left out. */
    @SuppressWarnings("unchecked")
    public <T> T getOr(Param<T> p, T otherwise) {
        Object v = values[indexOf(p)];
        return v == null ? otherwise : (T) v;
    }

    /**
     * The value of the parameter named {@code name}, checked to be a {@code type}, or null where it was left out: for
     * a front end that holds no {@link Param} of the entry (the explorer's views of a picture).
     *
     * @throws IllegalStateException where the operation has no such parameter, or its value is not a {@code type}
     */
    public <T> T value(String name, Class<T> type) {
        List<Param<?>> params = op.params();
        for (int i = 0; i < params.size(); i++) {
            if (!params.get(i).name().equals(name)) continue;
            Object v = values[i];
            if (v != null && !type.isInstance(v)) throw new IllegalStateException(op.name() + "'s " + name + " is not a " + type.getSimpleName());
            return type.cast(v);
        }
        throw new IllegalStateException(name + " is not a parameter of " + op.name());
    }

    /** True where the request gave p (a required parameter always). */
    public boolean has(Param<?> p) {
        return values[indexOf(p)] != null;
    }

    /** The text the request gave for p. */
    public String text(Param<?> p) {
        return texts.get(indexOf(p));
    }

    /** The number of parameters (given or left out). */
    int count() {
        return values.length;
    }

    /** The value read for parameter i, or null where it was left out. */
    Object value(int i) {
        return values[i];
    }

    /** The arguments' texts, as the request gave them. */
    public List<String> texts() {
        return texts;
    }

    /** The engine asked for: {@code auto}, {@code cute} or {@code category}. */
    public String engine() {
        return engine;
    }

    /** The position of p among the operation's parameters: the entry's own instance, found by identity. */
    private int indexOf(Param<?> p) {
        int i = op.indexOf(p);
        if (i < 0) throw new IllegalStateException(p.name() + " is not a parameter of " + op.name());
        return i;
    }

    @Override
    public String toString() {
        return op.name() + Arrays.toString(values);
    }
}
