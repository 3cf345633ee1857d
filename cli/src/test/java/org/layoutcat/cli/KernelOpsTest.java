package org.layoutcat.cli;

import org.layoutcat.ops.batch.BatchEngine;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.layoutcat.ops.Answer;
import org.layoutcat.ops.Operations;
import org.layoutcat.ops.Request;

/**
 * The batch operations of {@link KernelOps} and {@code layoutcat op NAME ARGS}: one request per operation, with
 * CuTe C++'s printed answer (CUTLASS main, compiled here with static integers) or the example; an answer with
 * two parts has them as two fields.
 */
class KernelOpsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode reply(String op, String... args) throws IOException {
        StringBuilder sb = new StringBuilder("{\"id\":1,\"op\":\"").append(op).append("\",\"args\":[");
        for (int i = 0; i < args.length; i++) sb.append(i > 0 ? "," : "").append('"').append(args[i]).append('"');
        return JSON.readTree(BatchEngine.reply(sb.append("]}").toString()));
    }

    private static String result(String op, String... args) throws IOException {
        JsonNode r = reply(op, args);
        assertTrue(r.has("result"), r.toString());
        return r.get("result").textValue();
    }

    @Test
    void constructionOps() throws IOException {
        assertEquals("(1,0,(2,0))", result("compact_col_major", "(2,1,(3,1))"));
        assertEquals("(5,10)", result("compact_col_major", "(2,3)", "5"));
        assertEquals("(12,0,(4,1))", result("compact_row_major", "(2,1,(3,4))"));
        assertEquals("(2,2,2,2):(1,4,8,2)", result("make_ordered_layout", "(2,2,2,2)", "(0,2,3,1)"));
        JsonNode tv = reply("make_layout_tv", "(2,2):(1,2)", "(2,3):(1,2)"); // seed 003
        assertEquals("((2,2),(2,3)):((2,12),(1,4))", tv.get("result").textValue());
        assertEquals("(4,6)", tv.get("tiler").textValue());
    }

    @Test
    void partitioningOps() throws IOException {
        JsonNode t = reply("local_tile", "(16,64):(1,16)", "(4,8)", "(1,_)");
        assertEquals("(4,8,8):(1,16,128)", t.get("result").textValue());
        assertEquals("4", t.get("offset").textValue());
        JsonNode p = reply("local_partition", "(16,64):(1,16)", "(2,16):(1,2)", "5");
        assertEquals("(8,4):(2,256)", p.get("result").textValue());
        assertEquals("33", p.get("offset").textValue());
    }

    @Test
    void vectorizationOps() throws IOException {
        assertEquals("32", result("max_common_vector", "(4,8):(1,4)", "((2,2),8):((1,2),4)"));
        assertEquals("4:1", result("max_common_layout", "(4,8):(1,4)", "(4,8):(1,8)"));
        assertEquals("(2,3):(1,2)", result("upcast", "(4,3):(1,4)", "2"));
        assertEquals("(8,3):(1,8)", result("downcast", "(4,3):(1,4)", "2"));
        assertEquals("(4,4):(1,4)", result("recast_layout", "8", "32", "(16,4):(1,16)"));
    }

    @Test
    void modeOps() throws IOException {
        JsonNode s = reply("slice", "(2,(3,4)):(1,(2,6))", "(_,(1,_))"); // the example
        assertEquals("(2,4):(1,6)", s.get("result").textValue());
        assertEquals("2", s.get("offset").textValue());
        assertEquals("(3):(2)", result("dice", "(2,(3,4)):(1,(2,6))", "(_,(1,_))"));
        assertEquals("(2,4):(1,6)", result("select", "(2,3,4):(1,2,6)", "(0,2)"));
        assertEquals("(2,(3,4),5):(1,(2,6),24)", result("group", "(2,3,4,5)", "1", "3"));
        assertEquals("(2,3,4,1):(1,2,6,0)", result("append", "(2,3,4):(1,2,6)"));
        assertEquals("(5,2,3,4):(24,1,2,6)", result("prepend", "(2,3,4):(1,2,6)", "5:24"));
        JsonNode e = reply("slice", "(2,(3,4)):(1,(2,6))", "(_,(1,_,2))");
        assertTrue(e.get("error").textValue().contains("mismatched ranks"), e.toString());
    }

    @Test
    void tupleOps() throws IOException {
        assertEquals("(1,1,3)", result("shape_div", "(4,5,6)", "40"));
        assertEquals("(1,(2,6))", result("prefix_product", "(2,(3,4))"));
        assertEquals("(2,3):(1,2)", result("nullspace", "(2,(3,4)):(0,(0,2))"));
        assertEquals("true", result("weakly_congruent", "(2,3)", "(3,(4,5))"));
        assertEquals("false", result("evenly_divides", "(8,6)", "(4,4)"));
    }

    @Test
    void basisStrideOps() throws IOException {
        assertEquals("(4,8):(1@0,1@1)", result("make_identity_layout", "(4,8)"));
        assertEquals("(4,4):(1,4)", result("composition", "(4,4):(4,1)", "(4,4):(1@1,1@0)")); // CuTe's test
        assertEquals("(2,4):(2@0,1@1)", result("composition", "(4,8):(1@0,1@1)", "8:2"));
        assertEquals("(4,2,3):(1@0,1@0@1,1@1@1)", result("coalesce", "(4,(2,3)):(1@0,(1@0@1,1@1@1))"));
        assertEquals("(3,7)", result("eval", "(4,8):(1@0,1@1)", "31"));
        assertEquals("((2,4),(2,2)):((1@0,1@1),(2@0,4@1))", result("zipped_divide", "(4,8):(1@0,1@1)", "(2,4)"));
        JsonNode t = reply("local_tile", "(16,64):(1@0,1@1)", "(4,8)", "(1,2)");
        assertEquals("(4,8):(1@0,1@1)", t.get("result").textValue());
        assertEquals("(4,16)", t.get("offset").textValue());
        JsonNode p = reply("local_partition", "(16,64):(1@0,1@1)", "(2,16):(1,2)", "5");
        assertEquals("(8,4):(2@0,16@1)", p.get("result").textValue());
        assertEquals("(1,2)", p.get("offset").textValue());
        // integer inputs still go to the integer operations
        assertEquals("(6,(2,3)):(1,(6,72))", result("composition", "(12,3,6):(1,72,12)", "(6,6):(1,6)"));
    }

    /** The README's examples of these operations: each line's answer (and its offset or tiler) is the one written after it. */
    @Test
    void readmeExamplesAnswerAsWritten() throws IOException {
        java.util.List<String> lines = java.nio.file.Files.readAllLines(java.nio.file.Path.of("..", "README.md"));
        int start = lines.indexOf("### Operations kernels call");
        assertTrue(start >= 0, "the README's section on the operations kernels call");
        int checked = 0;
        for (String line : lines.subList(start + 1, lines.size())) {
            if (line.startsWith("### ") || line.startsWith("## ")) break; // the section ends at the next heading
            if (!line.startsWith("./layoutcat op ")) continue;
            int hash = line.indexOf(" # ");
            String comment = line.substring(hash + 3).trim();
            java.util.List<String> words = new java.util.ArrayList<>();
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"([^\"]*)\"|(\\S+)").matcher(line.substring(15, hash));
            while (m.find()) words.add(m.group(1) != null ? m.group(1) : m.group(2));
            Answer a = Operations.answer(new Request(words.get(0), words.subList(1, words.size()), "auto"));
            assertTrue(comment.startsWith(a.result()), line + " answers " + a.result());
            a.fields().forEach((k, v) -> {
                if (comment.contains(k + ": ")) assertTrue(comment.contains(k + ": " + v), line + " has " + k + " " + v);
            });
            checked++;
        }
        assertTrue(checked >= 20, checked + " examples");
    }

    @Test
    void theOpCommandPrintsEveryPartOfTheAnswer() {
        CliRun r = CliRun.of("op", "slice", "(2,(3,4)):(1,(2,6))", "(_,(1,_))");
        assertEquals(0, r.code(), r.err());
        assertEquals("(2,4):(1,6)\noffset: 2\n", r.out().replace("\r\n", "\n"));
        r = CliRun.of("op", "make_layout_tv", "(2,2):(1,2)", "(2,3):(1,2)");
        assertEquals("((2,2),(2,3)):((2,12),(1,4))\ntiler: (4,6)\n", r.out().replace("\r\n", "\n"));
    }
}
