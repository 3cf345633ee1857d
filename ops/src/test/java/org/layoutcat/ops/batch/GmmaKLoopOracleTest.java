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
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 35: the wgmma K-loop against CuTe C++. Each case of gmma-kloop-cute.jsonl is a host program over CUTLASS 4.7.0
 * (gmma-kloop-cute.cpp beside it): a tile {@code tile_to_shape(GMMA::Layout_*_Atom<T>, (MN, KT))} at a shared
 * address, {@code partition_fragment_A/B} of an SS TiledMMA, and, for every k-block, the descriptor CuTe's
 * DescriptorIterator gives ({@code tCrA(0,0,k)}) and the k-block's slice of the tile as CuTe prints it. Asked for the
 * descriptor of each slice, exactly as printed, the batch mode answers CuTe's: the start address advanced along K, the
 * base offset 0 (CuTe's smem_ptr tensors swizzle addresses, so their pattern lies at the boundaries).
 */
class GmmaKLoopOracleTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void everyKBlocksDescriptorIsCuTesDescriptorIterators() throws Exception {
        int blocks = 0;
        int offBoundary = 0;
        for (JsonNode c : cases()) {
            JsonNode slices = c.get("kblock_smem");
            JsonNode want = c.get("descriptors");
            assertEquals(want.size(), slices.size(), c.toString());
            for (int k = 0; k < slices.size(); k++) {
                ObjectNode request = JSON.createObjectNode().put("op", "gmma_descriptor");
                ArrayNode args = request.putArray("args");
                args.add(c.get("major").asText()).add(slices.get(k).asText());
                JsonNode reply = JSON.readTree(BatchEngine.reply(JSON.writeValueAsString(request)));
                String where = c.get("mma").asText() + " " + c.get("swizzle").asText() + " k-block " + k + ": " + slices.get(k).asText();
                assertTrue(reply.has("result"), where + " -> " + reply);
                assertEquals(want.get(k).asText(), reply.get("result").asText(), where);
                assertEquals(0, reply.get("base_offset").asInt(), where);
                if (k > 0 && (reply.get("start_address").asLong() * 16) % 1024 != 0) offBoundary++;
                blocks++;
            }
        }
        assertEquals(19, cases().size());
        assertTrue(blocks >= 60, blocks + " k-blocks");
        assertTrue(offBoundary >= 20, offBoundary + " k-blocks off a 1024-byte boundary, which were refused before issue 35");
    }

    /**
     * CuTe's {@code partition_fragment_A/B} of each case's tile ({@code thr_mma.partition_fragment_A(sA)}, thread 0):
     * the tensor of descriptors, its layout in 16-byte units ({@code (_1,_1,(_2,_2)):(_0,_0,(_2,_256))} where two SW64
     * atoms hold K) and its descriptors, as partition_a and partition_b answer them.
     */
    @Test
    void partitionFragmentOfAnSsOperandIsCuTesTensorOfDescriptors() throws Exception {
        int checked = 0;
        for (JsonNode c : cases()) {
            ObjectNode request = JSON.createObjectNode().put("op", c.get("operand").asText().equals("B") ? "partition_b" : "partition_a");
            request.putArray("args").add(c.get("mma").asText()).add("1x1x1").add(c.get("smem_ptr_layout").asText()).add("0");
            JsonNode reply = JSON.readTree(BatchEngine.reply(JSON.writeValueAsString(request)));
            String where = c.get("mma").asText() + " " + c.get("swizzle").asText() + " " + c.get("smem_ptr_layout").asText();
            assertTrue(reply.has("result"), where + " -> " + reply);
            assertEquals(c.get("fragment").asText().replace("_", ""), reply.get("fragment").asText(), where);
            List<String> want = new ArrayList<>();
            c.get("descriptors").forEach(d -> want.add(d.asText()));
            assertEquals(String.join(" ", want), reply.get("descriptors").asText(), where);
            checked++;
        }
        assertEquals(19, checked);
    }

    /** A tile whose major is not the atom's has no descriptors; the refusal says so as the partition it is, with CuTe's reason. */
    @Test
    void aTileOfTheOtherMajorIsRefusedAsThePartition() throws Exception {
        ObjectNode request = JSON.createObjectNode().put("op", "partition_a");
        request.putArray("args").add("SM90_64x64x16_F32F16F16_SS<GMMA::Major::MN,GMMA::Major::MN>").add("1x1x1")
                .add("Sw<3,4,3> o smem_ptr[16b](unset) o (64,16):(64,1)").add("0");
        String why = JSON.readTree(BatchEngine.reply(JSON.writeValueAsString(request))).get("error").asText();
        assertTrue(why.startsWith("partition_fragment_A of ") && why.contains("MN-major descriptors")
                && why.contains("Not a canonical GMMA_MN Layout"), why);
    }

    private static List<JsonNode> cases() throws Exception {
        List<JsonNode> out = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                GmmaKLoopOracleTest.class.getResourceAsStream("/oracle/gmma-kloop-cute.jsonl"), StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) if (!line.isBlank()) out.add(JSON.readTree(line));
        }
        return out;
    }
}
