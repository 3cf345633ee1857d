package org.layoutcat.ops.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.layoutcat.ops.batch.OracleCheck.Outcome;

/**
 * The shared reference cases under CuTe C++'s contract, fed one by one through {@link BatchEngine#reply(String)}
 * (the code path of {@code layoutcat batch}) and classified as {@code ../shared/tools/oracle_check.py} does
 * ({@link OracleCheck}):
 * <ul>
 * <li>{@code oracle/cute-cpp-dev.jsonl}: 2,000 answers of CuTe C++ itself (CUTLASS headers, static integers).
 *     Nothing wrong, missing or crashed.</li>
 * <li>{@code oracle/cute-cases-dev-cpp.jsonl}: 2,400 answers of pycute re-validated under CuTe C++'s contract.
 *     Nothing wrong or missing but the cases of {@code oracle/cute-cases-dev-cpp.disagreements.jsonl}: zipped and
 *     tiled divides whose expected answer kept pycute's extension of A, and left inverses of layouts that are not
 *     injective whose expected answer is pycute's 1:0 where CuTe C++ prints its quasi-inverse, each listed with CuTe
 *     C++'s own printout
 *     (compiled here against the CUTLASS headers); the reply must be that printout, or a refusal where CuTe C++
 *     refuses (static_assert).</li>
 * </ul>
 */
class OracleTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private record Case(String id, String op, List<String> args, String expect, boolean expectError, JsonNode raw) {}

    private record Judged(Case c, Outcome outcome, JsonNode reply) {}

    @Test
    void cuteCppAnswersAreMatchedExactlyOrRefusedWhereCuTeIsWrong() throws IOException {
        List<Judged> judged = judgeAll("/oracle/cute-cpp-dev.jsonl");
        assertEquals(2000, judged.size());
        Map<Outcome, Integer> counts = counts(judged);
        for (Outcome o : List.of(Outcome.WRONG, Outcome.MISSING, Outcome.CRASH)) {
            assertEquals(List.of(), with(judged, o), o + ":" + examples(with(judged, o)));
        }
        assertTrue(counts.get(Outcome.EXACT) + counts.get(Outcome.EQUIVALENT) >= 1450, counts.toString());
        // where CuTe C++ is wrong (cute_violates), the engine refuses and says why
        int violations = 0;
        for (Judged j : judged) {
            if (!j.c().raw().has("cute_violates")) continue;
            violations++;
            assertTrue(j.reply().has("error") || j.outcome() == Outcome.EXTENDED || j.outcome() == Outcome.UNVERIFIED,
                    j.c().id() + " " + j.reply());
        }
        assertEquals(94, violations); // cpp-dev-00686 (complement(L) of modes that do not nest) is CuTe's answer now
    }

    @Test
    void pycuteAnswersUnderCuTeCppsContractDifferOnlyWhereCuTeCppDoes() throws IOException {
        List<Judged> judged = judgeAll("/oracle/cute-cases-dev-cpp.jsonl");
        assertEquals(2400, judged.size());
        Map<String, JsonNode> known = new HashMap<>();
        for (JsonNode n : lines("/oracle/cute-cases-dev-cpp.disagreements.jsonl")) known.put(n.get("id").asText(), n);
        assertEquals(List.of(), with(judged, Outcome.CRASH));
        int asCuTe = 0;
        for (Judged j : judged) {
            if (j.outcome() != Outcome.WRONG && j.outcome() != Outcome.MISSING) continue;
            JsonNode k = known.get(j.c().id());
            assertNotNull(k, j.c().id() + " " + j.outcome() + " and not a known disagreement with CuTe C++: " + j.c().args()
                    + " expect " + j.c().expect() + " reply " + j.reply());
            if (k.has("cute_cpp_refuses")) {
                assertTrue(j.reply().has("error"), j.c().id() + ": CuTe C++ refuses (" + k.get("cute_cpp_refuses").asText() + ")");
            } else {
                String cute = k.get("cute_cpp").asText();
                assertTrue(j.reply().has("result") && OracleCheck.sameFunction(OracleCheck.parse(j.reply().get("result").asText()),
                        OracleCheck.parse(cute)), j.c().id() + ": CuTe C++ prints " + cute + ", reply " + j.reply());
            }
            asCuTe++;
        }
        assertEquals(known.size(), asCuTe, "every listed disagreement still differs from the file as CuTe C++ does");
        // the left inverses refused where the file answers are of non-injective layouts (no R has R(L(i)) = i): the
        // reply says so, or names CuTe's divisibility condition, which such a layout fails first
        for (Judged j : with(judged, Outcome.REFUSED_OK)) {
            assertEquals("left_inverse", j.c().op());
            String why = j.reply().get("error").asText();
            assertTrue(why.contains("not injective") || why.contains("divisibility condition"), j.reply().toString());
        }
    }

    private static List<Judged> judgeAll(String resource) throws IOException {
        List<Judged> out = new ArrayList<>();
        for (JsonNode n : lines(resource)) {
            List<String> args = new ArrayList<>();
            n.get("args").forEach(a -> args.add(a.asText()));
            JsonNode expect = n.get("expect"), expectError = n.get("expect_error");
            Case c = new Case(n.get("id").asText(), n.get("op").asText(), args,
                    expect == null || expect.isNull() ? null : expect.asText(), expectError != null && expectError.asBoolean(), n);
            ObjectNode request = JSON.createObjectNode();
            request.put("id", c.id());
            request.put("op", c.op());
            request.putArray("args").addAll(c.args().stream().map(JSON.getNodeFactory()::textNode).toList());
            JsonNode reply = JSON.readTree(BatchEngine.reply(request.toString()));
            out.add(new Judged(c, judge(c, reply), reply));
        }
        return out;
    }

    private static List<JsonNode> lines(String resource) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        try (InputStream in = OracleTest.class.getResourceAsStream(resource)) {
            assertNotNull(in, resource + " on the test class path");
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String line;
            while ((line = r.readLine()) != null) if (!line.isBlank()) out.add(JSON.readTree(line));
        }
        return out;
    }

    /** The outcome of one reply; a reply without the id, or with neither or both fields, crashes. */
    private static Outcome judge(Case c, JsonNode r) {
        if (r == null || !r.isObject() || r.get("id") == null || !c.id().equals(r.get("id").asText())) return Outcome.CRASH;
        JsonNode result = r.get("result"), error = r.get("error");
        if ((result == null) == (error == null)) return Outcome.CRASH;
        if (result != null && !result.isTextual() || error != null && !error.isTextual()) return Outcome.CRASH;
        return OracleCheck.classify(c.op(), c.args(), c.expect(), c.expectError(),
                result == null ? null : result.textValue(), error == null ? null : error.textValue());
    }

    private static Map<Outcome, Integer> counts(List<Judged> judged) {
        Map<Outcome, Integer> counts = new EnumMap<>(Outcome.class);
        for (Outcome o : Outcome.values()) counts.put(o, 0);
        for (Judged j : judged) counts.merge(j.outcome(), 1, Integer::sum);
        return counts;
    }

    private static List<Judged> with(List<Judged> judged, Outcome o) {
        return judged.stream().filter(j -> j.outcome() == o).toList();
    }

    private static String examples(List<Judged> js) {
        StringBuilder sb = new StringBuilder();
        for (Judged j : js.subList(0, Math.min(12, js.size()))) {
            sb.append("\n  ").append(j.c().id()).append(' ').append(j.c().op()).append(' ').append(j.c().args())
                    .append(" expect ").append(j.c().expect()).append(" reply ").append(j.reply());
        }
        return sb.toString();
    }
}
