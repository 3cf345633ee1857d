package org.layoutcat.ops.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Issue 36: UMMA's shared-memory descriptor against CuTe C++. Each case of umma-desc-cute.jsonl is a host program over
 * CUTLASS 4.7.0 (umma-desc-cute.cpp beside it): a tile of a {@code UMMA::Layout_*_Atom<T>} (every layout type, both
 * majors, 4-, 8-, 16- and 32-bit elements, tiles and orders, addresses 0 to 0x10000) or one MMA's k-block of it, as CuTe
 * prints the tensor, and the descriptor {@code make_umma_desc} writes with its bit fields. Asked for the descriptor of
 * the tensor exactly as printed, {@code umma_descriptor} answers CuTe's, field by field.
 */
class UmmaDescriptorOracleTest {

    @Test
    void everyOperandsDescriptorIsMakeUmmaDescs() throws Exception {
        List<JsonNode> cases = OracleLines.read("/oracle/umma-desc-cute.jsonl");
        Set<String> kinds = new HashSet<>();
        for (JsonNode c : cases) {
            String smem = c.get("smem").asText();
            String where = c.get("type").asText() + " " + c.get("major").asText() + " " + c.get("swizzle").asText() + ": " + smem;
            JsonNode reply = OracleLines.reply("umma_descriptor", List.of(c.get("major").asText(), smem));
            assertTrue(reply.has("result"), where + " -> " + reply);
            assertEquals(c.get("desc").asText(), reply.get("result").asText(), where);
            for (String f : List.of("start_address", "leading_byte_offset", "stride_byte_offset", "version", "base_offset")) {
                assertEquals(c.get(f).asInt(), reply.get(f).asInt(), where + " " + f);
            }
            assertTrue(reply.get("lbo_mode").asText().startsWith(c.get("lbo_mode").asText() + " "), where + " lbo_mode");
            assertTrue(reply.get("layout_type").asText().startsWith(c.get("layout_type").asText() + " "), where + " layout_type");
            kinds.add(c.get("major").asText() + " " + c.get("layout_type").asText() + " " + c.get("bits").asInt());
        }
        assertEquals(358, cases.size());
        // both majors with each layout type they take (128B_BASE32B MN-major only), at every element width
        assertEquals(4 * 9, kinds.size(), kinds.toString());
    }
}
