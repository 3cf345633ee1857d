package org.layoutcat.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.layoutcat.cli.OracleCheck.Lay;
import org.layoutcat.cli.OracleCheck.Outcome;

/**
 * The 2,400 CuTe reference cases ({@code oracle/cute-cases-dev.jsonl}, answers of NVIDIA's pycute) fed one by one
 * through {@link BatchEngine#reply(String)}, the code path of {@code layoutcat batch}, and classified as
 * {@code ../shared/tools/oracle_check.py} does ({@link OracleCheck}).
 *
 * <p>Nothing may be wrong or crash. The only answers the engine may miss are left inverses it deliberately
 * refuses where the reference's answer fails R(L(i)) = i ({@value #KNOWN_MISSING} cases in this file): 18 of a
 * non-injective layout, where no R can exist, and one (dev-1-2055, (4,4):(16,7)) of an injective layout whose
 * modes interleave, so the complement that CuTe's left inverse is built from does not exist; its reference
 * answer (7,4):(16,4) fails at i = 1.
 */
class OracleTest {
    /** Left inverses refused by the engine where the reference's answer fails R(L(i)) = i. */
    static final int KNOWN_MISSING = 19;
    /** Of those, the ones of non-injective layouts (no left inverse can exist). */
    static final int KNOWN_NON_INJECTIVE = 18;

    private static final ObjectMapper JSON = new ObjectMapper();

    private record Case(String id, String op, List<String> args, String expect, boolean expectError) {}

    private record Judged(Case c, Outcome outcome, String reply) {}

    private static final List<Judged> JUDGED = new ArrayList<>();
    private static final Map<Outcome, Integer> COUNTS = new EnumMap<>(Outcome.class);

    @BeforeAll
    static void runAllCases() throws IOException {
        for (Case c : cases()) {
            ObjectNode request = JSON.createObjectNode();
            request.put("id", c.id());
            request.put("op", c.op());
            request.putArray("args").addAll(c.args().stream().map(JSON.getNodeFactory()::textNode).toList());
            String reply = BatchEngine.reply(request.toString());
            Outcome o = judge(c, reply);
            JUDGED.add(new Judged(c, o, reply));
            COUNTS.merge(o, 1, Integer::sum);
        }
        Map<String, Map<Outcome, Integer>> byOp = new TreeMap<>();
        for (Judged j : JUDGED) byOp.computeIfAbsent(j.c().op(), k -> new EnumMap<>(Outcome.class)).merge(j.outcome(), 1, Integer::sum);
        byOp.forEach((op, counts) -> System.out.printf("%-16s %s%n", op, counts));
        System.out.println(JUDGED.size() + " cases: " + COUNTS);
    }

    private static List<Case> cases() throws IOException {
        List<Case> out = new ArrayList<>();
        try (InputStream in = OracleTest.class.getResourceAsStream("/oracle/cute-cases-dev.jsonl")) {
            assertNotNull(in, "oracle/cute-cases-dev.jsonl on the test class path");
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String line;
            while ((line = r.readLine()) != null) {
                if (line.isBlank()) continue;
                JsonNode n = JSON.readTree(line);
                List<String> args = new ArrayList<>();
                n.get("args").forEach(a -> args.add(a.asText()));
                JsonNode expect = n.get("expect");
                JsonNode expectError = n.get("expect_error");
                out.add(new Case(n.get("id").asText(), n.get("op").asText(), args,
                        expect == null || expect.isNull() ? null : expect.asText(),
                        expectError != null && expectError.asBoolean()));
            }
        }
        return out;
    }

    /** The outcome of one reply line; a line that is not JSON, lacks the id, or has neither or both fields crashes. */
    private static Outcome judge(Case c, String reply) {
        JsonNode r;
        try {
            r = JSON.readTree(reply);
        } catch (IOException e) {
            return Outcome.CRASH;
        }
        if (r == null || !r.isObject() || r.get("id") == null || !c.id().equals(r.get("id").asText())) return Outcome.CRASH;
        JsonNode result = r.get("result"), error = r.get("error");
        if ((result == null) == (error == null)) return Outcome.CRASH;
        if (result != null && !result.isTextual() || error != null && !error.isTextual()) return Outcome.CRASH;
        return OracleCheck.classify(c.op(), c.args(), c.expect(), c.expectError(),
                result == null ? null : result.textValue(), error == null ? null : error.textValue());
    }

    private static List<Judged> with(Outcome o) {
        return JUDGED.stream().filter(j -> j.outcome() == o).toList();
    }

    private static String examples(List<Judged> js) {
        StringBuilder sb = new StringBuilder();
        for (Judged j : js.subList(0, Math.min(12, js.size()))) {
            sb.append("\n  ").append(j.c().id()).append(' ').append(j.c().op()).append(' ').append(j.c().args())
                    .append(" expect ").append(j.c().expect()).append(" reply ").append(j.reply());
        }
        return sb.toString();
    }

    @Test
    void everyCaseIsAnswered() {
        assertEquals(2400, JUDGED.size());
        assertEquals(List.of(), with(Outcome.CRASH), "crashes:" + examples(with(Outcome.CRASH)));
    }

    @Test
    void nothingIsWrong() {
        assertEquals(List.of(), with(Outcome.WRONG), "wrong:" + examples(with(Outcome.WRONG)));
    }

    @Test
    void onlyLeftInversesWhoseReferenceAnswerFailsItsDefinitionAreMissing() {
        List<Judged> missing = with(Outcome.MISSING);
        assertTrue(missing.size() <= KNOWN_MISSING, missing.size() + " missing, at most " + KNOWN_MISSING + " known:" + examples(missing));
        List<Judged> unexplained = missing.stream().filter(j -> !j.c().op().equals("left_inverse")).toList();
        assertEquals(List.of(), unexplained, "missing answers other than left inverses:" + examples(unexplained));
        int nonInjective = 0;
        for (Judged j : missing) {
            Lay l = (Lay) OracleCheck.parse(j.c().args().get(0));
            Lay reference = (Lay) OracleCheck.parse(j.c().expect());
            // the refusal is justified: the reference's answer is no left inverse
            assertNotNull(firstFailure(l, reference), j.c().id() + ": the reference " + j.c().expect() + " fails R(L(i)) = i");
            if (!injective(l)) {
                nonInjective++;
                assertTrue(j.reply().contains("not injective"), j.c().id() + " says why: " + j.reply());
            } else {
                assertTrue(j.reply().contains("modes do not nest"), j.c().id() + " says why: " + j.reply());
            }
        }
        assertTrue(nonInjective <= KNOWN_NON_INJECTIVE, nonInjective + " non-injective");
    }

    @Test
    void everyNonInjectiveLeftInverseOfTheReferenceFailsItsDefinition() {
        // where the reference answers a left inverse of a non-injective layout, that answer is never a left
        // inverse, and the engine refuses the case
        int seen = 0;
        for (Judged j : JUDGED) {
            if (!j.c().op().equals("left_inverse") || j.c().expect() == null) continue;
            Lay l = (Lay) OracleCheck.parse(j.c().args().get(0));
            if (injective(l)) continue;
            seen++;
            assertNotNull(firstFailure(l, (Lay) OracleCheck.parse(j.c().expect())), j.c().id());
            assertEquals(Outcome.MISSING, j.outcome(), j.c().id() + " is refused: " + j.reply());
        }
        assertEquals(KNOWN_NON_INJECTIVE, seen, "non-injective left inverses answered by the reference");
    }

    @Test
    void rejectionsAndExtensionsAreAccountedFor() {
        // every case has one outcome; results where the reference has none are verified from the definition
        int total = COUNTS.values().stream().mapToInt(Integer::intValue).sum();
        assertEquals(JUDGED.size(), total);
        Set<String> ids = new HashSet<>();
        for (Judged j : JUDGED) assertTrue(ids.add(j.c().id()), "duplicate id " + j.c().id());
        assertTrue(COUNTS.getOrDefault(Outcome.EXACT, 0) + COUNTS.getOrDefault(Outcome.EQUIVALENT, 0) >= 1900,
                "exact or equivalent: " + COUNTS);
    }

    /** Brute force: no two indices of L's domain share an offset. */
    private static boolean injective(Lay l) {
        long n = OracleCheck.size(l.shape());
        assertTrue(n <= OracleCheck.LIMIT * 16, "small enough to enumerate: " + l.shape());
        Set<Long> seen = new HashSet<>();
        for (long i = 0; i < n; i++) if (!seen.add(OracleCheck.ev(l, i))) return false;
        return true;
    }

    /** The first i with R(L(i)) ≠ i, or null. */
    private static Long firstFailure(Lay l, Lay r) {
        long n = OracleCheck.size(l.shape());
        for (long i = 0; i < n; i++) if (OracleCheck.ev(r, OracleCheck.ev(l, i)) != i) return i;
        return null;
    }
}
