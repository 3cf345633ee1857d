package org.layoutcat.ops;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What an operation answers: a result (a value printed in CuTe notation), the engine that computed it where the
 * operation has several ({@code null} otherwise), and further named parts of the answer where it has more than one
 * (a slice's {@code "offset"}, a thread–value layout's {@code "tiler"}), in order; each becomes a field of the batch
 * reply. The values are kept as they are (a layout, a tuple, a number) and printed when first asked for: the batch
 * mode writes a layout's notation straight into its reply, the C++ writer renders them as CuTe values. Immutable.
 */
public final class Answer {
    private final Object value;
    private final String engine;
    private final Map<String, Object> fields;
    private final Object detail;
    private String result; // value printed, on first use

    private Answer(Object value, String engine, Map<String, Object> fields, Object detail) {
        this.value = Objects.requireNonNull(value, "an answer's value");
        this.engine = engine;
        this.fields = fields;
        this.detail = detail;
    }

    /** The answer {@code value}, no engine named, no further part. */
    public static Answer of(Object value) {
        return new Answer(value, null, Map.of(), null);
    }

    /** The answer {@code value} computed by {@code engine}. */
    public static Answer of(Object value, String engine) {
        return new Answer(value, engine, Map.of(), null);
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

    /** The further parts, each printed in CuTe notation, in order. */
    public Map<String, String> fields() {
        Map<String, String> out = new LinkedHashMap<>();
        fields.forEach((k, v) -> out.put(k, String.valueOf(v)));
        return out;
    }

    /** The further parts as the values they are, in order. */
    public Map<String, Object> fieldValues() {
        return fields;
    }

    /**
     * The value the answer was read from where its parts do not hold it all (a bank-conflict count's table, which
     * a person's view prints); null otherwise. It is not part of a batch reply.
     */
    public Object detail() {
        return detail;
    }

    /** This answer with the value its parts were read from, for a person's view of it. */
    public Answer withDetail(Object detail) {
        return new Answer(value, engine, fields, Objects.requireNonNull(detail, "detail"));
    }

    /** This answer with the part {@code name: value} added. */
    public Answer with(String name, Object value) {
        Map<String, Object> f = new LinkedHashMap<>(fields);
        f.put(name, Objects.requireNonNull(value, name));
        return new Answer(this.value, engine, Collections.unmodifiableMap(f), detail);
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
