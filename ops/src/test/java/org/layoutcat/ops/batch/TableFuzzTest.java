package org.layoutcat.ops.batch;

import org.layoutcat.ops.Request;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.layoutcat.ops.Operation;
import org.layoutcat.ops.Operations;

/**
 * The batch mode fuzzed from the table of operations (issues 23 and 34): a small seeded sample of the fuzz run
 * ({@link FuzzRequests}: every operation of the table, each argument drawn for its parameter's kind, with the
 * boundary values 0, 1, −1, 2^31, 2^32, 2^32 + 16, 2^62, 2^63 − 1, huge tiles and swizzle bits 0 to 31), each
 * operation's example, and the inputs issue 23 lists. It asserts, functionally:
 * <ul>
 * <li>one reply per line, with the id echoed, in order, through the streaming batch on 3 threads;</li>
 * <li>no Java wording (Java's, Jackson's or picocli's) and no internal error in a reply;</li>
 * <li>no answer to an integer outside its parameter's range, nor one whose layout takes a value past 2^63 − 1;</li>
 * <li>every answer {@link FuzzCheck} can hold against its definition agrees with it.</li>
 * </ul>
 * Time is not asserted here: {@code bench/fuzz.sh} times every request of a larger run warm (issue 34's note gives
 * its figures).
 */
class TableFuzzTest {
    /** Requests per operation of the table: about 3,500 in all, a few seconds. */
    private static final int PER_OPERATION = 50;
    private static final long SEED = 20261126;

    /** The inputs issue 23 lists, each a request that must be refused or answered in time, in our words. */
    private static final List<String[]> ISSUE = List.of(
            new String[] {"group", "(2,3,4):(1,2,6)", "4294967296", "4294967298"},
            new String[] {"gmma_smem_atom", "K", "SW128", "4294967312"},
            new String[] {"gmma_smem_atom", "K", "SW128", "2147483648"},
            new String[] {"select", "(2,3,4):(1,2,6)", "(0,2147483648)"},
            new String[] {"eval", "Sw<3,3,3> o smem_ptr[2147483648b](0x10) o 8:1", "1"},
            new String[] {"tiled_mma", "SM80_16x8x16_F32F16F16F32_TN", "1x1x4611686018427387904"},
            new String[] {"eval", "():()", "0"},
            new String[] {"size", "8:1" + "@0".repeat(70)},
            new String[] {"eval", "Sw<3,4,3> o smem_ptr[16b](0x7f001040) o (_8,_64):(_64,_1)", "9"},
            new String[] {"eval", "Sw<3,3,3>_smem_ptr[16b](unset) o (_8,_64):(_64,_1)", "9"},
            new String[] {"eval", "gmem_ptr[16b](0x7f001040) o (_8,_64):(_64,_1)", "9"},
            new String[] {"coalesce", "(8,):(1,)"},
            new String[] {"left_inverse", "Sw<3,4,3> o 0 o (8,64):(64,1)"},
            new String[] {"right_inverse", "Sw<3,4,3> o 0 o (8,64):(64,1)"},
            new String[] {"make_ordered_layout", "(" + "2,".repeat(4095) + "1)", "(" + "1,".repeat(4095) + "0)"},
            new String[] {"tile_to_shape", "Sw<3,4,3> o 0 o (8,64):(64,1)", "(4096,4096)"});

    @Test
    void everyOperationWithArgumentsOfItsKindsIsAnsweredInOurWordsWithinItsRangesAndByItsDefinition() throws IOException {
        List<FuzzRequests.Request> requests = new ArrayList<>(FuzzRequests.of(SEED, PER_OPERATION));
        for (String[] c : ISSUE) {
            requests.add(new FuzzRequests.Request("f" + requests.size(), c[0], List.of(c).subList(1, c.length), null, false));
        }
        List<String> lines = requests.stream().map(FuzzRequests.Request::line).toList();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        BatchEngine.run(new ByteArrayInputStream((String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8)), out, 3);
        List<String> replies = out.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(lines.size(), replies.size(), "one reply per request");
        Map<String, Integer> answered = new TreeMap<>();
        List<String> wrong = new ArrayList<>();
        for (int i = 0; i < replies.size(); i++) {
            FuzzRequests.Request q = requests.get(i);
            for (FuzzCheck.Finding f : FuzzCheck.check(q, replies.get(i))) {
                wrong.add(f.kind() + ": " + q.shortLine(300) + " -> " + f.detail());
            }
            Map<String, String> reply = FuzzCheck.parseReply(replies.get(i));
            if (reply != null && reply.get("result") != null) answered.merge(q.op(), 1, Integer::sum);
        }
        assertTrue(wrong.isEmpty(), wrong.size() + " replies wrong, e.g.\n" + String.join("\n", wrong.subList(0, Math.min(20, wrong.size()))));
        for (Operation op : Operations.all()) assertTrue(answered.getOrDefault(op.name(), 0) > 0, op.name() + " answered none of its requests");
    }
}
