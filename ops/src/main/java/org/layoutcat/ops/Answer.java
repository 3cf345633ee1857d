package org.layoutcat.ops;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What an operation answers: a result (a value printed in CuTe notation), the engine that computed it where the
 * operation has several ({@code null} otherwise), and the further parts of the answer where it has more than one (a
 * slice's {@code offset}, a thread–value layout's {@code tiler}), each filled by its typed key ({@link Field}), in
 * order; each becomes a field of the batch reply. The values are kept as they are (a layout, a tuple, a number) and
 * printed when asked for, each as its key prints it: the batch mode writes them into its reply, the C++ writer renders
 * them as CuTe values. Immutable.
 */
public final class Answer {
    private static final Field<?>[] NO_FIELDS = {};
    private static final Object[] NO_VALUES = {};

    private final Object value;
    private final String engine;
    private final Field<?>[] keys; // the parts' keys, in the order filled
    private final Object[] values; // their values, at the same positions
    private final Detail<?> detailKey;
    private final Object detail;
    private String result; // value printed, on first use

    private Answer(Object value, String engine, Field<?>[] keys, Object[] values, Detail<?> detailKey, Object detail) {
        this.value = Objects.requireNonNull(value, "an answer's value");
        this.engine = engine;
        this.keys = keys;
        this.values = values;
        this.detailKey = detailKey;
        this.detail = detail;
    }

    /** The answer {@code value}, no engine named, no further part. */
    public static Answer of(Object value) {
        return new Answer(value, null, NO_FIELDS, NO_VALUES, null, null);
    }

    /** The answer {@code value} computed by {@code engine}. */
    public static Answer of(Object value, String engine) {
        return new Answer(value, engine, NO_FIELDS, NO_VALUES, null, null);
    }

    /** The value answered: a layout, a tuple, a number, a text. */
    public Object value() {
        return value;
    }

    /** The value in CuTe notation. */
    public String result() {
        String r = result;
        if (r == null) result = r = String.valueOf(value);
        return r;
    }

    /** The engine that answered, or null where the operation has one. */
    public String engine() {
        return engine;
    }

    /** This answer with the part {@code field: value} added after the others. */
    public <T> Answer with(Field<T> field, T value) {
        Objects.requireNonNull(value, field.name());
        if (has(field)) throw new IllegalStateException("the answer has its field " + field.name() + " already");
        Field<?>[] k = Arrays.copyOf(keys, keys.length + 1);
        Object[] v = Arrays.copyOf(values, values.length + 1);
        k[keys.length] = field;
        v[values.length] = value;
        return new Answer(this.value, engine, k, v, detailKey, detail);
    }

    /** Whether the answer has that part. */
    public boolean has(Field<?> field) {
        return indexOf(field) >= 0;
    }

    /** The value of that part, or null where the answer has none. */
    @SuppressWarnings("unchecked") // with(Field<T>, T) is the only way in
    public <T> T get(Field<T> field) {
        int i = indexOf(field);
        return i < 0 ? null : (T) values[i];
    }

    private int indexOf(Field<?> field) {
        for (int i = 0; i < keys.length; i++) if (keys[i].equals(field)) return i;
        return -1;
    }

    /** The keys of its parts, in order. */
    public List<Field<?>> keys() {
        return List.of(keys);
    }

    /** How many parts it has. */
    public int fieldCount() {
        return keys.length;
    }

    /** The key of part {@code i}, in order. */
    public Field<?> key(int i) {
        return keys[i];
    }

    /** The value of part {@code i}, as the body filled it. */
    public Object fieldValue(int i) {
        return values[i];
    }

    /** The value of part {@code i} in CuTe notation, as its key prints it. */
    public String text(int i) {
        return print(keys[i], values[i]);
    }

    @SuppressWarnings("unchecked") // the value was filled by with(Field<T>, T)
    private static <T> String print(Field<T> key, Object value) {
        return key.print((T) value);
    }

    /** The parts by name, each printed in CuTe notation, in order. */
    public Map<String, String> fields() {
        Map<String, String> out = new LinkedHashMap<>();
        for (int i = 0; i < keys.length; i++) out.put(keys[i].name(), text(i));
        return out;
    }

    /**
     * The value the answer was read from where its parts do not hold it all (a bank-conflict count's table, which a
     * person's view prints), where it is of that key; it is not part of a batch reply.
     */
    public <T> Optional<T> detail(Detail<T> key) {
        return key == detailKey ? Optional.of(key.type().cast(detail)) : Optional.empty();
    }

    /** This answer with the value its parts were read from, for a person's view of it. */
    public <T> Answer withDetail(Detail<T> key, T detail) {
        return new Answer(value, engine, keys, values, key, Objects.requireNonNull(detail, key.name()));
    }

    /**
     * The key of an answer's detail: what it is, and its type. An entry declares it once, fills it
     * ({@link #withDetail}) and reads it ({@link #detail}) by it.
     *
     * @param name what the detail is, e.g. {@code "one instruction's count"}
     * @param type its class
     */
    public record Detail<T>(String name, Class<T> type) {
        public Detail {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(type, "type");
        }

        /** Keys are equal only where they are the same declaration. */
        @Override
        public boolean equals(Object o) {
            return this == o;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(this);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Answer a && result().equals(a.result()) && Objects.equals(engine, a.engine) && fields().equals(a.fields());
    }

    @Override
    public int hashCode() {
        return Objects.hash(result(), engine, fields());
    }

    @Override
    public String toString() {
        return "Answer[result=" + result() + ", engine=" + engine + ", fields=" + fields() + "]";
    }
}
