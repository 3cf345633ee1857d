package org.layoutcat.ops.batch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The JSON lines a CuTe C++ host program under {@code /oracle} printed (its source beside them), and the batch mode's
 * reply to a request made of one.
 */
final class OracleLines {
    private OracleLines() {}

    static final ObjectMapper JSON = new ObjectMapper();

    /** The lines of the resource, each read as JSON. */
    static List<JsonNode> read(String resource) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        try (InputStream in = OracleLines.class.getResourceAsStream(resource)) {
            if (in == null) throw new IOException("no test resource " + resource);
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = r.readLine(); line != null; line = r.readLine()) if (!line.isBlank()) out.add(JSON.readTree(line));
        }
        return out;
    }

    /** The batch mode's reply to {@code op(args...)}. */
    static JsonNode reply(String op, List<String> args) throws IOException {
        ObjectNode request = JSON.createObjectNode().put("op", op);
        var a = request.putArray("args");
        args.forEach(a::add);
        return JSON.readTree(BatchEngine.reply(JSON.writeValueAsString(request)));
    }

    /** The texts of a JSON array. */
    static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(x -> out.add(x.asText()));
        return out;
    }
}
