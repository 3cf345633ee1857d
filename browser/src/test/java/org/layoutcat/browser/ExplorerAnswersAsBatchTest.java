package org.layoutcat.browser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.InetAddress;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.layoutcat.cli.BatchEngine;
import org.layoutcat.cli.serve.Explorer;

/**
 * Every explorer view with an operation behind it answers as the batch mode answers that operation's request: the
 * same result, the same further fields, and the same refusal in the same words. The request a view names is the one
 * its C++ button compiles, so it is checked to be the view's own.
 */
class ExplorerAnswersAsBatchTest {
    static Explorer explorer;
    static final HttpClient HTTP = HttpClient.newHttpClient();
    static final ObjectMapper JSON = new ObjectMapper();

    @BeforeAll
    static void start() throws IOException {
        explorer = Explorer.start(InetAddress.getLoopbackAddress(), 0);
    }

    @AfterAll
    static void stop() {
        explorer.close();
    }

    /** A view, the operation behind it, and that operation's arguments. */
    static Stream<Arguments> views() {
        String sw = "Sw<3,3,3> o 0 o (8,64):(64,1)";
        return Stream.of(
                Arguments.of("compose", List.of("(12,3,6):(1,72,12)", "(6,6):(1,6)"), "composition", List.of("(12,3,6):(1,72,12)", "(6,6):(1,6)")),
                // a swizzled layout composed with a plain one: CuTe's Sw<3,3,3> o 0 o (8,8):(64,1), as compose and batch answer
                Arguments.of("compose", List.of(sw, "(8,8):(1,8)"), "composition", List.of(sw, "(8,8):(1,8)")),
                Arguments.of("compose", List.of("(4,6):(1,5)", "3:2"), "composition", List.of("(4,6):(1,5)", "3:2")),
                Arguments.of("divide", List.of("(4,8):(1,4)", "(2,2):(1,4)"), "logical_divide", List.of("(4,8):(1,4)", "(2,2):(1,4)")),
                Arguments.of("product", List.of("(2,2):(4,1)", "6:1"), "logical_product", List.of("(2,2):(4,1)", "6:1")),
                Arguments.of("refinement", List.of("(4,6)", "(2,12)"), "mutual_refinement", List.of("(4,6)", "(2,12)")),
                Arguments.of("morphism", List.of("(2,2):(3,30)"), "to_morphism", List.of("(2,2):(3,30)")),
                Arguments.of("op", List.of("complement", "(2,4):(1,2)", "16"), "complement", List.of("(2,4):(1,2)", "16")),
                Arguments.of("op", List.of("coalesce", sw), "coalesce", List.of(sw)),
                Arguments.of("op", List.of("bank_conflicts", "(8,64):(64,1)", "(32,8):(64,1)", "2"), "bank_conflicts",
                        List.of("(8,64):(64,1)", "(32,8):(64,1)", "2")));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("views")
    void aViewAnswersAsTheBatchModeDoes(String kind, List<String> args, String op, List<String> opArgs) throws Exception {
        ObjectNode request = JSON.createObjectNode().put("kind", kind);
        ArrayNode a = request.putArray("args");
        args.forEach(a::add);
        request.putObject("options");
        HttpResponse<byte[]> r = HTTP.send(HttpRequest.newBuilder(explorer.uri().resolve("/api/view"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofByteArray(JSON.writeValueAsBytes(request))).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        JsonNode view = JSON.readTree(r.body());

        ObjectNode line = JSON.createObjectNode().put("id", 1).put("op", op);
        ArrayNode b = line.putArray("args");
        opArgs.forEach(b::add);
        JsonNode batch = JSON.readTree(BatchEngine.reply(JSON.writeValueAsString(line)));

        if (batch.has("error")) {
            assertEquals(400, r.statusCode(), view::toString);
            assertEquals(batch.get("error").asText(), view.get("error").asText());
            return;
        }
        assertEquals(200, r.statusCode(), view::toString);
        ObjectNode expected = ((ObjectNode) batch).deepCopy();
        expected.remove("id");
        assertEquals(expected, view.get("reply"), "the view's reply is the batch mode's");
        assertEquals(batch.get("result").asText(), view.get("text").asText(), "the text a view copies is its value");
        assertEquals(op, view.get("request").get("op").asText(), "the request a view names is its own");
        assertFalse(view.get("request").get("args").isEmpty());
    }
}
