package org.layoutcat.ops.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

/**
 * The tensor-memory operations through the batch mode: answers whose values come from CuTe C++ (tmem-cute.jsonl's
 * printouts, TmemOracleTest) or the PTX ISA, and the refusals of each rule by its name.
 */
class TmemOpsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode ask(String op, String... args) throws Exception {
        ObjectNode q = JSON.createObjectNode().put("op", op);
        ArrayNode a = q.putArray("args");
        for (String s : args) a.add(s);
        return JSON.readTree(BatchEngine.reply(JSON.writeValueAsString(q)));
    }

    @Test
    void theAccumulatorIsTmemFrgsLayout() throws Exception {
        // CuTe: tmem_frg_2sm<half_t>::make(((128,128),1,1)).layout() prints ((_128,_128),_1,_1):((_131072,_2),_0,_0)
        JsonNode r = ask("tmem_accumulator", "(256,128)", "2", "F16");
        assertEquals("((128,128),1,1):((131072,2),0,0)", r.get("result").asText());
        assertEquals(128, r.get("columns").asLong());
        assertEquals(4, r.get("fits").asLong());
        // M = 64 on one SM: half subpartitions, rows 16-31 of the tile in lanes 32-47
        r = ask("tmem_accumulator", "(64,64)", "1", "F32");
        assertEquals("(((16,4),64),1,1):(((65536,2097152),1),0,0)", r.get("result").asText());
        assertTrue(r.get("corners").asText().startsWith("(0,0) lane 0 column 0; (63,0) lane 111 column 0"), r.toString());
        String why = ask("tmem_accumulator", "(96,64)", "1", "F32").get("error").asText();
        assertTrue(why.contains("UMMA_1SM M-mode size should be 64 or 128."), why);
    }

    @Test
    void allocationRoundsUpToAPowerOfTwoAndRefusesPast512Columns() throws Exception {
        JsonNode r = ask("tmem_alloc", "96", "2", "2");
        assertEquals(256, r.get("result").asLong());
        assertEquals(192, r.get("needed").asLong());
        assertEquals("tcgen05.alloc.cta_group::2.sync.aligned.shared::cta.b32 [dst], 256", r.get("ptx").asText());
        assertEquals(32, ask("tmem_alloc", "1", "1").get("result").asLong());
        String why = ask("tmem_alloc", "300", "1", "2").get("error").asText();
        assertTrue(why.contains("more than the 512 columns"), why);
    }

    @Test
    void tmemCopyIsMakeTmemCopysPartition() throws Exception {
        // CuTe: make_tmem_copy(SM100_TMEM_LOAD_32dp32b8x{}, acc).get_slice(33).partition_S(acc), acc (128,256):(65536,1)
        JsonNode r = ask("tmem_copy", "SM100_TMEM_LOAD_32dp32b8x", "F32", "(128,256):(65536,1)", "33");
        assertEquals("(((8,32),1),1,32):(((1,65536),0),0,8)", r.get("result").asText());
        assertEquals(2097152, r.get("tmem_address").asLong(), "lane 32 in bits 16 and up");
        assertEquals("((4,32):(32,1),8:1)", r.get("tiler").asText());
        assertEquals(33, r.get("registers_offset").asLong());
        assertEquals(32, r.get("loads_per_warp").asLong());
        // rows of 32 lanes stacked in columns: warps 1-3 find their rows in lanes 0-31
        String why = ask("tmem_copy", "SM100_TMEM_LOAD_32dp32b8x", "F32", "((32,4),8):((65536,8),1)", "0").get("error").asText();
        assertTrue(why.contains("warp w reaches only lanes 32·(w mod 4) … 32·(w mod 4)+31"), why);
        why = ask("tmem_copy", "SM75_U32x4_LDSM_N", "F32", "(128,256):(65536,1)", "0").get("error").asText();
        assertTrue(why.contains("is no TMEM copy atom"), why);
    }

    @Test
    void thePlanListsTheCheapestLoadFirst() throws Exception {
        JsonNode r = ask("tmem_plan", "(128,256)", "1", "F32");
        assertEquals(2, r.get("loads_per_warp").asLong());
        assertEquals(128, r.get("registers_per_load").asLong());
        String choices = r.get("choices").asText();
        assertTrue(choices.contains("SM100_TMEM_LOAD_32dp32b32x 8×32") && choices.endsWith("SM100_TMEM_LOAD_32dp32b1x 256×1"), choices);
        assertEquals(37, r.get("refused").asInt(), "the 37 .pack::16b atoms");
        String why = ask("tmem_plan", "(128,256)", "1", "F32", "6").get("error").asText();
        assertTrue(why.contains("warpgroups of 4 warps"), why);
    }

    @Test
    void theCopyAtomOpAnswersTmemAtoms() throws Exception {
        // CuTe: Copy_Traits<SM100_TMEM_LOAD_32dp32b8x> prints SrcLayout (_32,_8192):(_0,_1), DstLayout (_32,_256):(_256,_1)
        JsonNode r = ask("copy_atom", "SM100_TMEM_LOAD_32dp32b8x");
        assertEquals("(32,8192):(0,1)", r.get("layout_src_tv").asText());
        assertEquals("(32,256):(256,1)", r.get("layout_dst_tv").asText());
        assertEquals("tcgen05.ld.sync.aligned.32x32b.x8.b32", r.get("ptx").asText());
    }
}
