package org.layoutcat.ops.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.layoutcat.ops.Answer;
import org.layoutcat.ops.Field;
import org.layoutcat.ops.Operation;
import org.layoutcat.ops.Operations;
import org.layoutcat.ops.Request;

/**
 * A field declared is a field answered (issue 33): every answer of an operation has exactly the fields its entry of the
 * table declares, in the declared order: each field without a condition, each field with one ({@link Field#when}) where
 * that condition holds of the answer, and no other. The requests: every entry's example, the fuzz run's requests of
 * every operation ({@link FuzzRequests}), the random mix of every operation with a C++ form ({@link RandomRequests}),
 * and requests that reach both sides of each condition; the batch replies to all of them carry the same fields, after
 * {@code id}, {@code result} and {@code engine}.
 */
class DeclaredFieldsTest {
    private static final long SEED = 20261127;
    /** Fuzz requests per operation of the table: about 3,500 in all. */
    private static final int FUZZ_PER_OPERATION = 50;
    /** Random-mix requests per operation with a C++ form. */
    private static final int RANDOM_PER_OPERATION = 24;

    /**
     * Requests that reach each side of the table's conditions: bank_conflicts of one instruction with and without a
     * conflict and of a stage; swizzle_search meeting its bound with CUTLASS's choice, missing it (the XOR map), and a
     * tile CUTLASS's selector has no atom for; gmma_descriptor off a boundary; the doctors' optional parts; a sparse MMA atom.
     */
    private static final List<List<String>> SIDES = List.of(
            List.of("bank_conflicts", "1024:1", "(32,1):(32,0)", "4"),
            List.of("bank_conflicts", "1024:1", "(32,1):(1,0)", "4"),
            List.of("bank_conflicts", "4096:1", "(128,8):(8,1)", "2"),
            List.of("swizzle_search", "(128,64)", "2", "K", "SM80_CP_ASYNC_CACHEALWAYS_U128/16/(16,8):(8,1)/(1,8)",
                    "SM75_U32x4_LDSM_N/A/SM80_16x8x16_F16F16F16F16_TN/2x2x1"),
            List.of("swizzle_search", "(64,32)", "4", "K", "((16,2)):((1,32))", "((16,2)):((1,32))"),
            List.of("swizzle_search", "(64,4)", "2", "K", "(32):(1)", "(32):(1)"),
            // a tile whose swizzle pattern starts off a boundary: CuTe's base offset 0 differs
            List.of("gmma_descriptor", "K", "Sw<3,3,3> o 0 o (64,16):(64,1)", "16", "128"),
            // the doctors: no major (no layout implied), a base offset (its pattern's start), a layout that differs
            // element by element, an interleaved tensor map (no layouts drawn)
            List.of("gmma_doctor", "0x4000004000010040"),
            List.of("gmma_doctor", "0x4002004000010060", "K", "", "16"),
            List.of("gmma_doctor", "0x4000004000010042", "K", "Sw<3,4,3> o smem_ptr[16b](0x400) o (64,16):(64,1)"),
            List.of("tma_doctor", "FLOAT16", "3", "0x10000", "{64, 8, 8}", "{2048, 16384}", "{64, 8, 8}", "{1, 1, 1}",
                    "CU_TENSOR_MAP_INTERLEAVE_16B", "CU_TENSOR_MAP_SWIZZLE_128B"),
            // a packed type (the SM90 driver refuses it) at a global address
            List.of("tma_descriptor", "(512,1024):(1024,1)", "(8,128):(128,1)", "e2m1", "(8,128)", "1", "RUNTIME", "0x7f3a00000010"),
            // an im2col tensor map at a global address
            List.of("tma_im2col_descriptor", "((16,16,2),64):((64,1024,16384),1)", "Sw<3,4,3> o smem_ptr[16b](unset) o ((8,16),(64,1)):((64,512),(1,0))",
                    "f16", "(-1,-1)", "(-1,-1)", "(1,1)", "(1,1)", "(1,1)", "(0,0)", "(1,1)", "1", "0x7f3a00000100"),
            // a sparse atom: its metadata layout
            List.of("mma_atom", "SM90::GMMA::SPARSE::GMMA_64x64x32_F32F16F16_SS<GMMA::Major::K, GMMA::Major::MN>"),
            // a UMMA atom's partitions: where each operand lives, no register fragment
            List.of("partition_a", "SM100_MMA_F16BF16_TS<half_t,half_t,float,128,64,UMMA::Major::K,UMMA::Major::K>", "1x1x1", "(128,16):(1,128)", "0"),
            List.of("partition_b", "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,64,UMMA::Major::K,UMMA::Major::K>", "1x1x1", "(64,16):(16,1)", "0"),
            List.of("partition_c", "SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,64,UMMA::Major::K,UMMA::Major::K>", "1x1x1", "(256,64):(1,256)", "1"));

    @Test
    void everyAnswerHasExactlyTheFieldsItsEntryDeclares() throws IOException {
        List<Request> requests = new ArrayList<>();
        for (Operation o : Operations.all()) requests.add(new Request(o.name(), o.example(), "auto"));
        int examples = requests.size();
        for (FuzzRequests.Request q : FuzzRequests.of(SEED, FUZZ_PER_OPERATION)) {
            requests.add(new Request(q.op(), q.args(), q.engine() == null ? "auto" : q.engine()));
        }
        int fuzz = requests.size() - examples;
        for (String[] q : RandomRequests.of(new Random(SEED), RANDOM_PER_OPERATION)) {
            requests.add(new Request(q[0], List.of(q).subList(1, q.length), "auto"));
        }
        int random = requests.size() - examples - fuzz;
        for (List<String> q : SIDES) requests.add(new Request(q.getFirst(), q.subList(1, q.size()), "auto"));

        List<String> wrong = new ArrayList<>();
        Map<String, Integer> answered = new TreeMap<>();
        Set<String> sides = new HashSet<>(); // "op field present|absent" for each conditional field seen
        List<Answer> answers = new ArrayList<>();
        for (Request r : requests) {
            Answer a;
            try {
                a = Operations.answer(r);
            } catch (IllegalArgumentException | ArithmeticException | StackOverflowError refused) {
                answers.add(null);
                continue;
            }
            answers.add(a);
            Operation o = Operations.named(r.op());
            answered.merge(o.name(), 1, Integer::sum);
            List<String> want = new ArrayList<>();
            for (Field<?> f : o.fields()) {
                boolean present = f.presentIn(a);
                if (present) want.add(f.name());
                if (f.condition() != null) sides.add(o.name() + " " + f.name() + (present ? " present" : " absent"));
            }
            List<String> got = a.keys().stream().map(Field::name).toList();
            if (!got.equals(want)) wrong.add(r.op() + " " + r.args() + ": fields " + got + ", declared " + want);
        }
        assertTrue(wrong.isEmpty(), wrong.size() + " answers unlike their declaration, e.g.\n"
                + String.join("\n", wrong.subList(0, Math.min(20, wrong.size()))));
        for (Operation o : Operations.all()) {
            assertEquals(o.fields().size(), o.fields().stream().map(Field::name).distinct().count(), o.name() + " declares a field twice: " + o.fields());
            assertTrue(answered.getOrDefault(o.name(), 0) > 0, o.name() + " answered none of its requests");
            for (Field<?> f : o.fields()) {
                if (f.condition() == null) continue;
                for (String side : List.of(" present", " absent")) {
                    assertTrue(sides.contains(o.name() + " " + f.name() + side), o.name() + "'s " + f + ": no answer with it" + side);
                }
            }
        }

        // the batch mode's replies carry the same fields, after id, result and the engine
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < requests.size(); i++) lines.append(line(i, requests.get(i))).append('\n');
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        BatchEngine.run(new ByteArrayInputStream(lines.toString().getBytes(StandardCharsets.UTF_8)), out, 2);
        List<String> replies = out.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(requests.size(), replies.size(), "one reply per request");
        int checked = 0;
        for (int i = 0; i < replies.size(); i++) {
            Answer a = answers.get(i);
            if (a == null) continue;
            List<String> want = new ArrayList<>(List.of("id", "result"));
            if (a.engine() != null) want.add("engine");
            for (Field<?> f : a.keys()) want.add(f.name());
            Map<String, String> reply = FuzzCheck.parseReply(replies.get(i));
            assertEquals(want, reply == null ? null : List.copyOf(reply.keySet()), replies.get(i));
            assertEquals(a.fields(), without(reply, "id", "result", "engine"), replies.get(i));
            checked++;
        }
        System.out.println("declared fields: " + Operations.all().size() + " entries; " + requests.size() + " requests (" + examples
                + " examples, " + fuzz + " fuzz, " + random + " random, " + SIDES.size() + " for the conditions), " + checked
                + " answered and checked, the rest refused; the conditions' sides seen: " + new java.util.TreeSet<>(sides));
    }

    private static String line(int id, Request r) {
        StringBuilder sb = new StringBuilder("{\"id\":").append(id).append(",\"op\":");
        FuzzRequests.json(sb, r.op()).append(",\"args\":[");
        for (int k = 0; k < r.args().size(); k++) FuzzRequests.json(sb.append(k > 0 ? "," : ""), r.args().get(k));
        sb.append(']');
        if (!r.engine().equals("auto")) FuzzRequests.json(sb.append(",\"engine\":"), r.engine());
        return sb.append('}').toString();
    }

    private static Map<String, String> without(Map<String, String> m, String... keys) {
        Map<String, String> out = new java.util.LinkedHashMap<>(m);
        for (String k : keys) out.remove(k);
        return out;
    }
}
