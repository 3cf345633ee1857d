package org.layoutcat.cli;

import org.layoutcat.ops.batch.BatchEngine;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The batch operations of the category module and the engine choice. */
class CategoryOpsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    static JsonNode reply(String request) throws Exception {
        return JSON.readTree(BatchEngine.reply(request));
    }

    static String result(String op, String engine, String... args) throws Exception {
        JsonNode r = reply(request(op, engine, args));
        assertTrue(r.has("result"), r.toString());
        return r.get("result").asText();
    }

    static String request(String op, String engine, String... args) throws Exception {
        var node = JSON.createObjectNode();
        node.put("id", "t");
        node.put("op", op);
        var a = node.putArray("args");
        for (String s : args) a.add(s);
        if (engine != null) node.put("engine", engine);
        return node.toString();
    }

    // ../shared/PAPER-NOTES.md examples 6, 2, 16, 17
    @Test
    void morphismOperations() throws Exception {
        assertEquals("(32,(2,2)) --(6,4,2)--> (3,2,4,2,4,32)", result("to_morphism", null, "(32,(2,2)):(192,(24,3))"));
        assertEquals("((5,5),8):((1,40),5)", result("from_morphism", null, "((5,5),8) --(1,3,2)--> (5,8,5)"));
        assertEquals("((2,3),(2,3)) (2,(3,2),3)", result("mutual_refinement", null, "(6,6)", "(2,6,3)"));
        assertEquals("((16,4),(16,2)) --(3,4,7,8)--> ((2,2),(16,4),(2,2),(16,2))",
                result("pullback", null, "(64,32) --(2,4)--> (4,64,4,32)", "((2,2),(16,4),(2,2),(16,2))"));
        assertEquals("((6,2),3,6) --(1,2,4,3)--> ((6,2),6,3)",
                result("pushforward", null, "(12,3,6) --(1,3,2)--> (12,6,3)", "((6,2),3,6)"));
        assertEquals("category", reply(request("to_morphism", null, "4:1")).get("engine").asText());
    }

    @Test
    void errorsSayWhy() throws Exception {
        JsonNode r = reply(request("to_morphism", null, "(2,2,2):(1,7,4)"));
        assertTrue(r.get("error").asText().contains("is not tractable: after sorting by stride, flat mode 3 (2:4) reaches 8"), r.toString());
        r = reply(request("mutual_refinement", null, "(8,8)", "(3,8,8)"));
        assertTrue(r.get("error").asText().startsWith("no mutual refinement of (8,8) and (3,8,8)"), r.toString());
        r = reply(request("composition", "category", "(4,6,8,10):(2,3,5,7)", "6:12"));
        assertTrue(r.get("error").asText().contains("A = (4,6,8,10):(2,3,5,7) is not tractable"), r.toString());
    }

    // notes, examples 13 and 20; the engine field names the path taken
    @Test
    void engineChoice() throws Exception {
        // auto: CuTe's algorithm answers where it can (the category gives the same layout there)
        JsonNode r = reply(request("composition", null, "(12,3,6):(1,72,12)", "(6,6):(6,1)"));
        assertEquals("((2,3),6):((6,72),1)", r.get("result").asText());
        assertEquals("cute", r.get("engine").asText());
        r = reply(request("composition", "category", "(12,3,6):(1,72,12)", "(6,6):(6,1)"));
        assertEquals("((2,3),6):((6,72),1)", r.get("result").asText());
        assertEquals("category", r.get("engine").asText());
        // 3 elements of stride 2 fit inside mode 5:10 of A (A(4k) = 20k): CuTe C++ composes it without divisibility,
        // and so does the category
        r = reply(request("composition", null, "(2,5,3):(1,10,100)", "3:4"));
        assertEquals("3:20", r.get("result").asText());
        assertEquals("cute", r.get("engine").asText());
        assertEquals("3:20", reply(request("composition", "category", "(2,5,3):(1,10,100)", "3:4")).get("result").asText());
        // both refuse (A(0), A(8), A(16) = 0, 40, 130): CuTe's words
        r = reply(request("composition", null, "(2,5,3):(1,10,100)", "3:8"));
        assertEquals("(2,5,3):(1,10,100) o 3:8: no layout of size 3 satisfies R(c)=A(B(c)) — shape 3 is not divisible by"
                + " 2, the part of it that fits in mode 5:10 of A at stride 4 (shape divisibility; CuTe C++ refuses it"
                + " too)", r.get("error").asText());
        r = reply(request("composition", "auto", "(4,6,8,10):(2,3,5,7)", "6:12"));
        assertEquals("(2,3):(9,5)", r.get("result").asText());
        assertEquals("cute", r.get("engine").asText());
        // tractable inputs whose composite is not tractable: auto answers through CuTe's algorithm
        r = reply(request("composition", "auto", "(2,3):(3,1)", "4:1"));
        assertEquals("(2,2):(3,1)", r.get("result").asText());
        assertEquals("cute", r.get("engine").asText());
        assertTrue(reply(request("composition", "category", "(2,3):(3,1)", "4:1")).get("error").asText().contains("not tractable"));
        assertEquals("((4,4),(8,8)):((1,32),(4,128))", result("logical_divide", "category", "(4,8,4,8):(1,4,32,128)", "(4,4):(1,32)"));
        assertEquals("((2,2),(3,5)):((5,10),(20,1))", result("logical_product", "category", "(2,2):(5,10)", "(3,5):(5,1)"));
        // a by-mode tiler drops the modes of A it does not reach, as CuTe C++ does
        assertEquals("((8,(5,2,4),3),(8,6)):((0,(384,192,3),1920),(12,96))",
                result("composition", "category", "(4,4,8,8):(1,4,16,128)", "<(8,(5,2,4),3):(0,(384,192,3),1920),(8,6):(3,24)>"));
    }

    @Test
    void morphismCommandAndComposeExplain() {
        String out = capture("morphism", "(2,2):(3,30)");
        assertEquals("(2,2) --(2,4)--> (3,2,5,2)", out.strip());
        out = capture("compose", "(12,3,6):(1,72,12)", "(6,6):(6,1)", "--explain");
        assertTrue(out.contains("1. f = f_B, the standard representation of B: (6,6) --(2,1)--> (6,6)"), out);
        assertTrue(out.contains("T' = (6,(2,3)), U' = ((6,2),3,6)"), out);
        assertTrue(out.contains("5. g' = pushforward of g along U' → U: ((6,2),3,6) --(1,2,4,3)--> ((6,2),6,3)"), out);
        assertTrue(out.contains("A∘B = ((2,3),6):((6,72),1)"), out);
        out = capture("compose", "7:1", "4:2", "--explain");
        assertTrue(out.contains("B~ = 8:1"), out);
        assertEquals("((2,3),6):((6,72),1)", capture("compose", "(12,3,6):(1,72,12)", "(6,6):(6,1)").strip());
    }

    static String capture(String... args) {
        PrintStream old = System.out;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
        try {
            assertEquals(0, Main.run(args));
        } finally {
            System.setOut(old);
        }
        return buf.toString(StandardCharsets.UTF_8);
    }
}
