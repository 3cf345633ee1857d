package org.layoutcat.ops.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.layoutcat.ops.Operations;
import org.layoutcat.ops.Request;

/**
 * The scan of plain request lines is a specialisation of the Jackson reading: wherever it takes a line, it reads
 * the same id, op, arguments and engine; every other line goes to Jackson.
 */
class RequestLineTest {

    private static RequestLine plain(String line) {
        byte[] b = line.getBytes(StandardCharsets.UTF_8);
        return RequestLine.plain(b, 0, b.length);
    }

    private static RequestLine jackson(String line) {
        byte[] b = line.getBytes(StandardCharsets.UTF_8);
        return RequestLine.jackson(b, 0, b.length);
    }

    private static String id(RequestLine r) {
        return r.id() == null ? null : new String(r.id(), r.idFrom(), r.idTo() - r.idFrom(), StandardCharsets.UTF_8);
    }

    /** Where the scan takes the line, Jackson reads it alike; the number of lines the scan took. */
    private static boolean agree(String line) {
        RequestLine p = plain(line);
        if (p == null) return false;
        RequestLine j = jackson(line);
        assertNull(j.error(), () -> "the scan took a line Jackson refuses: " + line + " (" + j.error() + ")");
        assertEquals(id(j), id(p), line);
        assertEquals(j.request(), p.request(), line);
        return true;
    }

    @Test
    void plainScanReadsAsJacksonDoesOnTheBatchFuzzersLines() {
        Random r = new Random(20261125);
        List<String> ops = new ArrayList<>(Operations.names());
        int taken = 0, mutants = 0;
        for (int i = 0; i < 30_000; i++) {
            String id = "\"f" + i + "\"";
            String line = BatchFuzzTest.request(r, id, ops);
            if (agree(line)) taken++;
            String mutant = BatchFuzzTest.mutate(r, line, id);
            if (agree(mutant)) mutants++;
        }
        assertTrue(taken > 25_000, "the grammar makes plain lines (but for an engine \"x\"): " + taken);
        assertTrue(mutants > 1_000, "some mutants are still plain: " + mutants);
    }

    @Test
    void plainScanReadsAsJacksonDoesOnJsonOfEveryShape() {
        Random r = new Random(7);
        String[] values = {"\"s\"", "\"é∘ x\"", "\"a\\\"b\"", "\"\\u0041\"", "12", "-0", "0", "-1e400", "1.5", "1.5e-3", "2E+7",
            "01", "-", "1.", ".5", "1e", "true", "false", "null", "nul", "truex", "[]", "[1, \"a\", null]", "[[1]]", "{}",
            "{\"x\": 2.50}", "[1,]", "\"\t\"", "123456789012345678901234567890", "9".repeat(150), "\"" + "x".repeat(300) + "\""};
        String[] keys = {"\"id\"", "\"op\"", "\"args\"", "\"engine\"", "\"other\"", "\"i\\u0064\"", "\"é\""};
        String[] ops = {"\"size\"", "\"composition\"", "\"op\\u0020\"", "3", "null", "[\"size\"]"};
        String[] args = {"[\"4:1\"]", "[\"(4,8):(1,4)\", \"2:1\"]", "[16]", "[\"a\", -3]", "[1.5]", "[true]", "[]", "[[\"4:1\"]]",
            "\"4:1\"", "null", "[\"4:1\" , 8 ]"};
        String[] engines = {"\"auto\"", "\"cute\"", "\"category\"", "\"x\"", "null", "3", "\"Auto\""};
        String[] spaces = {"", " ", "\t", "\r", "  \r\t "};
        int taken = 0;
        for (int i = 0; i < 50_000; i++) {
            StringBuilder sb = new StringBuilder(spaces[r.nextInt(spaces.length)]).append('{');
            int members = r.nextInt(6);
            for (int m = 0; m < members; m++) {
                if (m > 0) sb.append(spaces[r.nextInt(spaces.length)]).append(',');
                String key = r.nextInt(4) == 0 ? keys[r.nextInt(keys.length)] : keys[m % 4];
                String value = switch (key) {
                    case "\"op\"" -> r.nextInt(5) == 0 ? ops[r.nextInt(ops.length)] : "\"size\"";
                    case "\"args\"" -> args[r.nextInt(args.length)];
                    case "\"engine\"" -> engines[r.nextInt(engines.length)];
                    default -> values[r.nextInt(values.length)];
                };
                sb.append(spaces[r.nextInt(spaces.length)]).append(key).append(spaces[r.nextInt(spaces.length)]).append(':')
                        .append(spaces[r.nextInt(spaces.length)]).append(value);
            }
            sb.append(spaces[r.nextInt(spaces.length)]).append('}');
            if (r.nextInt(20) == 0) sb.append(r.nextBoolean() ? "{}" : " x");
            sb.append(spaces[r.nextInt(spaces.length)]);
            String line = sb.toString();
            if (r.nextInt(5) == 0) { // a byte cut or doubled
                int at = r.nextInt(line.length());
                line = r.nextBoolean() ? line.substring(0, at) + line.substring(at + 1) : line.substring(0, at + 1) + line.substring(at);
            }
            if (agree(line)) taken++;
        }
        assertTrue(taken > 5_000, "the scan took " + taken + " of the lines");
    }

    @Test
    void everyLineOfTheSharedOracleFileIsPlain() throws IOException {
        Path file = Path.of("src/test/resources/oracle/cute-cpp-dev.jsonl");
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) assertTrue(agree(line), line);
    }

    @Test
    void theScanLeavesEscapesNestingAndStrangeValuesToJackson() {
        assertTrue(agree("{\"id\": \"a\\\"b\\u00e9\", \"op\": \"size\", \"args\": [\"4:1\"]}"), "an id is echoed, escapes and all");
        assertNull(plain("{\"id\": \"a\\qb\", \"op\": \"size\", \"args\": [\"4:1\"]}"));
        assertNull(plain("{\"op\": \"size\", \"args\": [\"4:1\\n\"]}"));
        assertNull(plain("{\"id\": {\"x\": 1}, \"op\": \"size\", \"args\": [\"4:1\"]}"));
        assertNull(plain("{\"op\": \"size\", \"args\": [1.5]}"));
        assertNull(plain("{\"op\": \"size\", \"args\": [\"4:1\"], \"engine\": \"fast\"}"));
        assertNull(plain("{\"args\": [\"4:1\"]}"));
        assertNull(plain("{\"op\": \"size\"} {\"op\": \"size\"}"));
        RequestLine r = plain(" {\"op\":\"size\" , \"args\" : [ \"4:1\" , 16 ] , \"id\" : -1e400 } ");
        assertNotNull(r);
        assertEquals("-1e400", id(r));
        assertEquals(new Request("size", List.of("4:1", "16"), "auto"), r.request());
    }
}
