package org.layoutcat.ops.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.ComposedLayout;

/**
 * Issue 35, section 3: the doctors on CUTLASS's own Hopper examples (examples/cute/tutorial/hopper/wgmma_sm90.cu and
 * wgmma_tma_sm90.cu, commit 7107b055). Host programs (doctor/examples/*.cu, against CUTLASS 4.7.0's headers) build each
 * example's shared-memory layouts, TiledMMA and make_tma_atom calls of both host functions (gemm_nt: MN-major SW128,
 * gemm_tn: K-major SW128) and print every descriptor its mainloop hands wgmma (every MMA tile, k-block and pipeline
 * stage, from make_fragment_A/B of the smem tensors) with the slice of shared memory it stands for, and the
 * arguments make_tma_atom passes cuTensorMapEncodeTiled. Every descriptor, given its major and slice, breaks no rule
 * and is that slice; every argument list breaks none of cuda.h's rules.
 */
class HopperExamplesDoctorTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode reply(String op, String... args) throws Exception {
        ObjectNode request = JSON.createObjectNode().put("op", op);
        ArrayNode a = request.putArray("args");
        for (String s : args) a.add(s);
        return JSON.readTree(BatchEngine.reply(JSON.writeValueAsString(request)));
    }

    private static List<JsonNode> lines(String resource) throws Exception {
        List<JsonNode> out = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                HopperExamplesDoctorTest.class.getResourceAsStream(resource), StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) if (line.startsWith("{")) out.add(JSON.readTree(line));
        }
        return out;
    }

    /** Descriptors per example and host function: 2 operands x 2 MMA tiles (128 rows of 64) x 4 k-blocks x 3 stages. */
    @Test
    void everyDescriptorOfBothExamplesBreaksNoRuleAndIsItsSlice() throws Exception {
        Map<String, Integer> counts = new HashMap<>();
        for (String file : new String[] {"wgmma_sm90-cute.jsonl", "wgmma_tma_sm90-cute.jsonl"}) {
            for (JsonNode c : lines("/doctor/examples/" + file)) {
                if (!c.path("kind").asText().equals("gmma")) continue;
                String desc = c.get("descriptor").asText(), major = c.get("major").asText(), smem = c.get("smem").asText();
                JsonNode r = reply("gmma_doctor", desc, major, smem);
                assertEquals("none", r.get("broken").asText(), c + " -> " + r);
                assertTrue(r.get("matches").asBoolean(), c + " -> " + r);
                // the descriptor alone (its major and the element's width) implies a layout that gives it back
                JsonNode alone = reply("gmma_doctor", desc, major, "", c.get("bits").asText());
                assertEquals("none", alone.get("broken").asText(), c + " -> " + alone);
                JsonNode back = reply("gmma_descriptor", major, alone.get("implied").asText());
                assertEquals(desc, back.get("result").asText(), c + ": " + alone.get("implied") + " -> " + back);
                counts.merge(c.get("example").asText() + " " + c.get("variant").asText() + " " + major, 1, Integer::sum);
            }
        }
        assertEquals(Map.of("wgmma_sm90 gemm_nt MN", 48, "wgmma_sm90 gemm_tn K", 48,
                "wgmma_tma_sm90 gemm_nt MN", 48, "wgmma_tma_sm90 gemm_tn K", 48), counts);
    }

    /**
     * make_tma_atom's four calls (A and B of gemm_nt and gemm_tn) break none of cuda.h's rules; the box the doctor reads
     * is the arguments' (gemm_nt's MN-major stage goes in boxes of 64 x 8, one 128-byte swizzle row by 8 k, gemm_tn's
     * in one box of 64 k by 128 rows), each box of 128-byte rows.
     */
    @Test
    void everyTensorMapOfTheTmaExampleBreaksNoRule() throws Exception {
        Map<String, String> boxes = new HashMap<>();
        String begun = null;
        String stage = null;
        for (JsonNode c : lines("/doctor/examples/wgmma_tma_sm90-cute.jsonl")) {
            if (c.path("kind").asText().equals("tma-begin")) {
                begun = c.get("variant").asText() + " " + c.get("operand").asText();
                stage = c.get("smem").asText();
                continue;
            }
            if (!c.has("dataType")) continue;
            JsonNode r = reply("tma_doctor", c.get("dataType").asText(), c.get("rank").asText(), c.get("globalAddress").asText(),
                    c.get("globalDim").toString(), c.get("globalStrides").toString(), c.get("boxDim").toString(),
                    c.get("elementStrides").toString(), c.get("interleave").asText(), c.get("swizzle").asText(), c.get("l2").asText(),
                    c.get("oob").asText());
            assertEquals("none", r.get("broken").asText(), begun + ": " + c + " -> " + r);
            long elements = 1;
            for (JsonNode b : c.get("boxDim")) elements *= b.asLong();
            assertEquals(2 * elements, r.get("box_bytes").asLong(), r.toString());
            assertEquals(128, 2 * c.get("boxDim").get(0).asLong(), "a 128-byte swizzle row: " + c);
            boxes.put(begun, c.get("boxDim").toString() + " " + r.get("global_tile").asText());
            // the box in shared memory lands where the stage CuTe printed puts its elements: box element (i0,i1) is the
            // stage's (m,k) = (i0,i1) for gemm_nt (dimension 0 is M) and (i1,i0) for gemm_tn (dimension 0 is K),
            // byte addresses swizzled alike (CuTe prints the stage's swizzle of byte addresses as Sw<3,4,3> o 0 o L: the
            // swizzle of its smem_ptr_flag, over 2-byte elements)
            ComposedLayout box = (ComposedLayout) AnyLayout.parse(r.get("smem_box").asText());
            ComposedLayout sA = (ComposedLayout) AnyLayout.parse(stage.replace("_", ""));
            long d0 = c.get("boxDim").get(0).asLong(), d1 = c.get("boxDim").get(1).asLong(), rows = sA.shape().mode(0).product();
            boolean mFirst = begun.startsWith("gemm_nt");
            for (long i1 = 0; i1 < d1; i1++) {
                for (long i0 = 0; i0 < d0; i0++) {
                    long m = mFirst ? i0 : i1, k = mFirst ? i1 : i0;
                    assertEquals(sA.outer().apply(2 * sA.inner().apply(m + rows * k)), box.byteSwizzle().apply(2 * box.inner().apply(i0 + d0 * i1)),
                            begun + " box (" + i0 + "," + i1 + ")");
                }
            }
        }
        // the global tiles: the box over the tensor as CuTe printed mA and mB (gemm_nt (512,1024):(_1,512) and
        // (256,1024):(_1,256); gemm_tn (512,1024):(1024,_1), read K first)
        assertEquals(Map.of("gemm_nt A", "[64,8] (64,8):(1,512)", "gemm_nt B", "[64,8] (64,8):(1,256)",
                "gemm_tn A", "[64,128] (64,128):(1,1024)", "gemm_tn B", "[64,128] (64,128):(1,1024)"), boxes);
    }
}
