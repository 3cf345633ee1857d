package org.layoutcat.ops.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Issue 36: UMMA's instruction descriptors against CuTe C++. Each case of umma-instr-cute.jsonl is a request and the
 * value a host program over CUTLASS 4.7.0 (umma-instr-cute.cpp beside it) got from {@code make_runtime_instr_desc} or
 * {@code make_runtime_instr_desc_block_scaled}: the formats of every family, M 64 to 256, N 8 to 256, both majors,
 * negations, saturation, sparsity with its id2, max shifts, scale formats, scale-factor ids from tensor-memory
 * addresses and k_size. layoutcat answers CuTe's 32-bit descriptor and 64-bit runtime value, and its fields say the
 * descriptor's bits.
 */
class UmmaInstrDescriptorOracleTest {

    @Test
    void everyInstructionDescriptorIsCuTes() throws Exception {
        List<JsonNode> cases = OracleLines.read("/oracle/umma-instr-cute.jsonl");
        Set<String> formats = new HashSet<>();
        int plain = 0;
        for (JsonNode c : cases) {
            List<String> args = OracleLines.texts(c.get("args"));
            String where = c.get("op").asText() + " " + String.join(" ", args);
            JsonNode reply = OracleLines.reply(c.get("op").asText(), args);
            assertTrue(reply.has("result"), where + " -> " + reply);
            assertEquals(c.get("value").asText(), reply.get("result").asText(), where);
            assertEquals(c.get("runtime").asText(), reply.get("runtime").asText(), where);
            long v = Long.decode(c.get("value").asText());
            assertEquals(v, reply.get("value").asLong(), where);
            // the fields are the value's bits
            assertEquals((v >> 24) & 31, reply.get("m_dim").asLong(), where);
            assertEquals((v >> 17) & 63, reply.get("n_dim").asLong(), where);
            assertEquals(v & 3, reply.get("sparse_id2").asLong(), where);
            assertEquals((v >> 2) & 1, reply.get("sparse_flag").asLong(), where);
            assertTrue(reply.get("a_format").asText().endsWith("(" + ((v >> 7) & 7) + ")"), where);
            assertTrue(reply.get("b_format").asText().endsWith("(" + ((v >> 10) & 7) + ")"), where);
            if (c.get("op").asText().equals("umma_instr_descriptor")) {
                plain++;
                assertEquals((v >> 3) & 1, reply.get("saturate").asLong(), where);
                assertTrue(reply.get("max_shift").asText().endsWith("(" + ((v >> 30) & 3) + ")"), where);
            } else {
                assertEquals((v >> 29) & 3, reply.get("a_sf_id").asLong(), where);
                assertEquals((v >> 4) & 3, reply.get("b_sf_id").asLong(), where);
                assertEquals((v >> 31) & 1, reply.get("k_size").asLong(), where);
            }
            formats.add(reply.get("a_format").asText());
        }
        assertEquals(224, plain);
        assertEquals(384, cases.size());
        assertTrue(formats.size() >= 12, formats.toString());
    }
}
