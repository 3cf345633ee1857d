package org.layoutcat.ops.batch;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * The batch operations of {@link AtomOps}: golden values printed by CuTe C++ (CUTLASS main) on the host for
 * {@code MMA_Traits<SM80_16x8x16_F16F16F16F16_TN>} and {@code make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{},
 * Layout<Shape<_2,_2,_1>>{})}; tiled layouts are compared as the values this library computes, which the core tests
 * check pointwise against CuTe's.
 */
class AtomOpsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode reply(String op, String... args) throws IOException {
        StringBuilder sb = new StringBuilder("{\"id\":1,\"op\":\"").append(op).append("\",\"args\":[");
        for (int i = 0; i < args.length; i++) sb.append(i > 0 ? "," : "").append('"').append(args[i]).append('"');
        return JSON.readTree(BatchEngine.reply(sb.append("]}").toString()));
    }

    @Test
    void mmaAtomRepliesWithItsTvLayouts() throws IOException {
        JsonNode r = reply("mma_atom", "SM80_16x8x16_F16F16F16F16_TN");
        assertEquals("SM80_16x8x16_F16F16F16F16_TN", r.get("result").textValue(), r.toString());
        assertEquals("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16", r.get("ptx").textValue());
        assertEquals("(16,8,16)", r.get("shape_mnk").textValue());
        assertEquals("32:1", r.get("thr_id").textValue());
        assertEquals("((4,8),(2,2,2)):((32,1),(16,8,128))", r.get("layout_a_tv").textValue());
        assertEquals("((4,8),(2,2)):((16,1),(8,64))", r.get("layout_b_tv").textValue());
        assertEquals("((4,8),(2,2)):((32,1),(16,8))", r.get("layout_c_tv").textValue());
    }

    @Test
    void tiledMmaRepliesWithTileSizesAndTvLayouts() throws IOException {
        JsonNode r = reply("tiled_mma", "SM80_16x8x16_F16F16F16F16_TN", "2x2x1");
        assertEquals("(32,16,16)", r.get("tile_mnk").textValue(), r.toString());
        assertEquals("128", r.get("threads").textValue());
        assertEquals("(32,2,2,1):(1,32,64,0)", r.get("thr_layout_vmnk").textValue());
        assertTrue(r.has("layout_a_tv") && r.has("layout_b_tv") && r.has("layout_c_tv"));
        JsonNode p = reply("tiled_mma", "SM80_16x8x16_F16F16F16F16_TN", "(2,2,1)", "<32,32,16>");
        assertEquals("(32,32,16)", p.get("tile_mnk").textValue(), p.toString());
    }

    @Test
    void copyAtomsAndTiledCopies() throws IOException {
        JsonNode c = reply("copy_atom", "SM75_U32x1_LDSM_N", "16");
        assertEquals("((8,4),8):((8,0),1)", c.get("layout_src_tv").textValue(), c.toString());
        assertEquals("(32,2):(2,1)", c.get("layout_dst_tv").textValue());
        JsonNode t = reply("tiled_copy", "UniversalCopy_U128", "16", "(32,8):(8,1)", "(1,8)");
        assertEquals("(32,64)", t.get("tiler").textValue(), t.toString());
        assertEquals("((8,32),8):((256,1),32)", t.get("layout_tv").textValue());
        JsonNode a = reply("tiled_copy_a", "SM75_U32x4_LDSM_N", "16", "SM80_16x8x16_F16F16F16F16_TN", "2x2x1");
        assertEquals("(32,16)", a.get("tiler").textValue(), a.toString());
    }

    @Test
    void partitionsGiveTheThreadsPartOffsetAndFragment() throws IOException {
        // CuTe: get_slice(37).partition_C of a 64×32 column-major tensor, partition_fragment_C
        JsonNode p = reply("partition_c", "SM80_16x8x16_F16F16F16F16_TN", "2x2x1", "(64,32):(1,64)", "37");
        assertEquals("((2,2),2,2):((64,8),32,1024)", p.get("result").textValue(), p.toString());
        assertEquals("145", p.get("offset").textValue());
        assertEquals("((2,2),2,2):((1,2),4,8)", p.get("fragment").textValue());
    }

    @Test
    void retileRegroupsAnMmaFragmentAsTheCopyExpectsIt() throws IOException {
        // CuTe: make_tiled_copy_B(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{},
        // Layout<Shape<_2,_2>>{}, Tile<_32,_32,_16>{})).get_slice(0).retile_D(tCrB) of tCrB ((_2,_2),_8,_2):((_1,_2),_8,_4)
        // prints (((_4,_2),_1),_4,_2):(((_1,_8),_0),_16,_4); retile_S prints the same
        for (String op : new String[] {"retile_d", "retile_s"}) {
            JsonNode r = reply(op, "SM75_U32x4_LDSM_N", "16", "SM80_16x8x16_F16F16F16F16_TN", "2x2x1", "B", "((2,2),8,2):((1,2),8,4)",
                    "<32,32,16>");
            assertEquals("(((4,2),1),4,2):(((1,8),0),16,4)", r.get("result").textValue(), r.toString());
        }
        JsonNode refused = reply("retile_d", "SM75_U32x4_LDSM_N", "16", "SM80_16x8x16_F16F16F16F16_TN", "2x2x1", "A", "(8,4):(1,8)");
        assertTrue(refused.get("error").textValue().contains("rank 3 or more"), refused.toString());
    }

    @Test
    void unknownAtomsAreAnsweredByName() throws IOException {
        JsonNode r = reply("mma_atom", "SM99_NOPE");
        assertTrue(r.get("error").textValue().contains("no MMA atom \"SM99_NOPE\""), r.toString());
        assertTrue(reply("tiled_mma", "SM80_16x8x16_F16F16F16F16_TN", "(2,2,2,2)").get("error").textValue().contains("rank"));
    }
}
