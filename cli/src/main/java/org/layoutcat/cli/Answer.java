package org.layoutcat.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What an operation answers: a result (a value printed in CuTe notation), the engine that computed it where the
 * operation has several ({@code null} otherwise), and further named parts of the answer where it has more than one
 * (a slice's {@code "offset"}, a thread–value layout's {@code "tiler"}), in order; each becomes a field of the batch
 * reply. The result is printed when first asked for: the batch mode writes a layout's notation straight into its
 * reply instead. Immutable.
 */
public final class Answer {
    private final Object value;
    private final String engine;
    private final Map<String, String> fields;
    private String result; // value printed, on first use

    /** The answer {@code value} from {@code engine} (or null), with the further parts {@code fields}, copied. */
    public Answer(Object value, String engine, Map<String, String> fields) {
        this.value = Objects.requireNonNull(value, "an answer's value");
        this.engine = engine;
        this.fields = fields.isEmpty() ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(fields));
    }

    /** The answer {@code value} from {@code engine} (or null). */
    public Answer(Object value, String engine) {
        this(value, engine, Map.of());
    }

    public static Answer of(Object result) {
        return new Answer(result, null);
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

    public String engine() {
        return engine;
    }

    public Map<String, String> fields() {
        return fields;
    }

    /** This answer with the field {@code name: value} added. */
    public Answer with(String name, Object value) {
        Map<String, String> f = new LinkedHashMap<>(fields);
        f.put(name, String.valueOf(value));
        return new Answer(this.value, engine, f);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Answer a && result().equals(a.result()) && Objects.equals(engine, a.engine) && fields.equals(a.fields);
    }

    @Override
    public int hashCode() {
        return Objects.hash(result(), engine, fields);
    }

    @Override
    public String toString() {
        return "Answer[result=" + result() + ", engine=" + engine + ", fields=" + fields + "]";
    }
}
