package org.layoutcat.ops;

import org.layoutcat.ops.batch.BatchEngine;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.layoutcat.ops.Operation;
import org.layoutcat.ops.Operations;

/**
 * Layouts of size 0 (issue 34): CuTe C++ takes an extent 0 ({@code size((4,0):(1,4)) = 0}, {@code compact_col_major(0) = 1}),
 * and so does the parser. Every operation of the table, given a layout of size 0 in each of its arguments in turn (the
 * others its example's), answers CuTe's value or refuses it in our words, naming it: no internal error, no division
 * by zero, no Java wording.
 */
class SizeZeroLayoutsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern FOREIGN = Pattern.compile(
            "(?i)exception|java\\.|/ by zero|out of bounds for length|NullPointer|ClassCast|NumberFormat|integer overflow|"
                    + "long overflow|For input string|internal error");
    private static final List<String> SIZE_ZERO = List.of("(4,0):(1,4)", "0:5", "(4,0)", "(2,(0,3)):(1,(2,0))",
            "Sw<3,3,3> o 0 o (8,0):(1,8)", "(4,0):(1,4) o 0 o Sw<1,2,3>");

    private static JsonNode reply(String op, List<String> args) throws IOException {
        ObjectNode line = JSON.createObjectNode().put("id", 1).put("op", op);
        ArrayNode a = line.putArray("args");
        args.forEach(a::add);
        JsonNode r = JSON.readTree(BatchEngine.reply(JSON.writeValueAsString(line)));
        assertTrue(r.has("result") != r.has("error"), "exactly one of result and error: " + r);
        return r;
    }

    @Test
    void everyOperationAnswersOrRefusesALayoutOfSizeZeroInOurWords() throws IOException {
        int requests = 0, refusedByName = 0;
        for (Operation op : Operations.all()) {
            List<String> example = op.example();
            for (int i = 0; i < Math.max(1, op.params().size()); i++) {
                for (String zero : SIZE_ZERO) {
                    List<String> args = new ArrayList<>(example);
                    while (args.size() <= i) args.add(zero);
                    args.set(i, zero);
                    JsonNode r = reply(op.name(), args);
                    requests++;
                    if (r.has("error")) {
                        String e = r.get("error").textValue();
                        assertFalse(FOREIGN.matcher(e).find(), op.name() + " " + args + ": " + e);
                        if (e.contains("has size 0")) refusedByName++;
                    }
                }
            }
        }
        assertTrue(requests > 300, "requests " + requests);
        assertTrue(refusedByName > 100, "refused by name " + refusedByName);
    }

    @Test
    void theOperationsThatTakeSizeZeroAnswerAsCuTeCpp() throws IOException {
        // CuTe C++ (CUTLASS headers, static Int<>): (_4,_0):(_1,_4) has size _0, cosize _0, rank _2, depth _1;
        // compact_col_major(_0) = _1, compact_col_major((_4,_0)) = (_1,_4), compact_row_major((_4,_0)) = (_0,_1);
        // make_layout((_4,_0)) = (_4,_0):(_1,_4)
        assertEquals("0", reply("size", List.of("(4,0):(1,4)")).get("result").textValue());
        assertEquals("0", reply("cosize", List.of("(4,0):(1,4)")).get("result").textValue());
        assertEquals("2", reply("rank", List.of("(4,0):(1,4)")).get("result").textValue());
        assertEquals("1", reply("depth", List.of("(4,0):(1,4)")).get("result").textValue());
        assertEquals("0", reply("size", List.of("(4,0)")).get("result").textValue());
        assertEquals("0", reply("cosize", List.of("(4,0)")).get("result").textValue());
        assertEquals("1", reply("compact_col_major", List.of("0")).get("result").textValue());
        assertEquals("(1,4)", reply("compact_col_major", List.of("(4,0)")).get("result").textValue());
        assertEquals("(0,1)", reply("compact_row_major", List.of("(4,0)")).get("result").textValue());
        // CuTe's cosize(_0:_5) is _-4 (1 + (0−1)·5), no offset of a layout that reaches none: refused, naming it
        String e = reply("cosize", List.of("0:5")).get("error").textValue();
        assertTrue(e.contains("cosize of 0:5") && e.contains("size 0") && e.contains("-4"), e);
        // a layout of size 0 has no index to evaluate; a negative extent is no shape
        e = reply("eval", List.of("(4,0):(1,4)", "0")).get("error").textValue();
        assertTrue(e.contains("(4,0):(1,4)") && e.contains("size 0"), e);
        e = reply("size", List.of("(4,-1):(1,4)")).get("error").textValue();
        assertTrue(e.contains("(4,-1)") && e.contains("negative entry"), e);
        e = reply("composition", List.of("(4,0):(1,4)", "2:1")).get("error").textValue();
        assertTrue(e.startsWith("composition of (4,0):(1,4): the layout has size 0"), e);
    }
}
