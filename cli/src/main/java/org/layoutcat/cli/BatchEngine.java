package org.layoutcat.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * The batch mode: JSON Lines in, exactly one JSON line out per non-blank line in.
 *
 * <p>Request {@code {"id": "7", "op": "composition", "args": ["A", "B"], "engine": "auto"}}; reply
 * {@code {"id": "7", "result": "..."}} or {@code {"id": "7", "error": "why"}} (plus {@code "engine"} where the
 * operation has several, and the further parts of an answer that has them, such as a slice's {@code "offset"}). A malformed line, an unknown op, wrong arguments, an overflow or an inadmissible input
 * all get an error reply; the batch goes on.
 */
public final class BatchEngine {
    private static final ObjectMapper JSON = new ObjectMapper();

    private BatchEngine() {}

    /** Reads requests until end of input, writing one reply line per request. */
    public static void run(BufferedReader in, PrintStream out) throws IOException {
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isBlank()) continue;
            out.println(reply(line));
        }
        out.flush();
    }

    /** The reply line to one request line. Never throws. */
    public static String reply(String line) {
        ObjectNode reply = JSON.createObjectNode();
        JsonNode id = null;
        try {
            JsonNode node;
            try {
                node = JSON.readTree(line);
            } catch (JsonProcessingException e) {
                reply.putNull("id");
                reply.put("error", "malformed JSON line: " + e.getOriginalMessage());
                return reply.toString();
            }
            if (node == null || !node.isObject()) {
                reply.putNull("id");
                reply.put("error", "a request is a JSON object, got: " + abbreviate(line));
                return reply.toString();
            }
            id = node.get("id");
            reply.set("id", id == null ? JSON.nullNode() : id);
            Request request = parse(node);
            Answer answer = Operations.answer(request);
            reply.put("result", answer.result());
            if (answer.engine() != null) reply.put("engine", answer.engine());
            answer.fields().forEach(reply::put);
        } catch (IllegalArgumentException | ArithmeticException | IndexOutOfBoundsException e) {
            reply.put("error", e.getMessage());
        } catch (StackOverflowError e) {
            reply.put("error", "input nested too deeply to process");
        } catch (RuntimeException e) {
            reply.put("error", "internal error (" + e.getClass().getSimpleName() + "): " + e.getMessage());
        }
        return reply.toString();
    }

    /** The request of a JSON object, or an IllegalArgumentException naming the field that is wrong. */
    static Request parse(JsonNode node) {
        JsonNode op = node.get("op");
        if (op == null || !op.isTextual()) throw new IllegalArgumentException("the request has no \"op\" string");
        JsonNode args = node.get("args");
        if (args == null) args = JSON.createArrayNode();
        if (!args.isArray()) throw new IllegalArgumentException("\"args\" must be an array of strings");
        List<String> list = new ArrayList<>(args.size());
        for (JsonNode a : args) {
            if (a.isTextual()) list.add(a.textValue());
            else if (a.isIntegralNumber()) list.add(a.asText());
            else throw new IllegalArgumentException("argument " + (list.size() + 1) + " of " + op.textValue()
                    + " must be a string in CuTe notation or an integer, got " + a);
        }
        JsonNode engine = node.get("engine");
        String e = null;
        if (engine != null && !engine.isNull()) {
            if (!engine.isTextual()) throw new IllegalArgumentException("\"engine\" must be a string: auto, cute or category");
            e = engine.textValue();
            if (!e.equals("auto") && !e.equals("cute") && !e.equals("category")) {
                throw new IllegalArgumentException("unknown engine \"" + e + "\"; engines: auto, cute, category");
            }
        }
        return new Request(op.textValue(), list, e);
    }

    private static String abbreviate(String s) {
        return s.length() <= 80 ? s : s.substring(0, 77) + "...";
    }
}
