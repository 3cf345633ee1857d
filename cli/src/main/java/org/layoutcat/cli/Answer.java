package org.layoutcat.cli;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What an operation answers: a result in CuTe notation, the engine that computed it where the operation has
 * several ({@code null} otherwise), and further named parts of the answer where it has more than one (a slice's
 * {@code "offset"}, a thread–value layout's {@code "tiler"}), in order; each becomes a field of the batch reply.
 */
public record Answer(String result, String engine, Map<String, String> fields) {
    public Answer {
        fields = fields.isEmpty() ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(fields));
    }

    public Answer(String result, String engine) {
        this(result, engine, Map.of());
    }

    public static Answer of(Object result) {
        return new Answer(String.valueOf(result), null);
    }

    /** This answer with the field {@code name: value} added. */
    public Answer with(String name, Object value) {
        Map<String, String> f = new LinkedHashMap<>(fields);
        f.put(name, String.valueOf(value));
        return new Answer(result, engine, f);
    }
}
