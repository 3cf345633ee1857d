package org.layoutcat.cli;

import org.layoutcat.ops.batch.BatchEngine;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** The batch mode takes composed layouts where CuTe does, and counts bank conflicts. */
class SwizzleOpsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode reply(String op, String... args) throws IOException {
        StringBuilder sb = new StringBuilder("{\"id\":1,\"op\":\"" + op + "\",\"args\":[");
        for (int i = 0; i < args.length; i++) sb.append(i > 0 ? "," : "").append(JSON.writeValueAsString(args[i]));
        return JSON.readTree(BatchEngine.reply(sb.append("]}").toString()));
    }

    @Test
    void composedLayoutsGoWhereCuTeTakesThem() throws IOException {
        String sw = "Sw<3,3,3> o 0 o (8,64):(64,1)";
        assertEquals("73", reply("eval", sw, "9").get("result").textValue()); // CuTe C++ prints 73
        assertEquals("512", reply("size", sw).get("result").textValue());
        assertEquals("Sw<3,3,3> o 0 o (8,8):(64,1)", reply("composition", sw, "(8,8):(1,8)").get("result").textValue());
        assertEquals("Sw<3,3,3> o 0 o ((2,4),(8,8)):((64,128),(1,8))", reply("logical_divide", sw, "<2:1,8:1>").get("result").textValue());
        assertEquals("73", reply("eval", "Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)", "9").get("result").textValue());
        // CuTe C++: complement of a composed layout is its inner layout's; the slice of a row decays (see ComposedAlgebraTest)
        assertEquals("8:64", reply("complement", "Sw<3,3,3> o 0 o (8,8):(1,8)", "512").get("result").textValue());
        JsonNode row = reply("slice", sw, "(2,_)");
        assertEquals("((16,2,2)):((1,-16,32))", row.get("result").textValue());
        assertEquals("144", row.get("offset").textValue());
        assertEquals("Sw<3,0,-6> o 0 o (64,8):(8,1)", reply("right_inverse", sw).get("result").textValue());
        assertEquals("Sw<3,2,3> o 0 o (8,32):(32,1)", reply("upcast", sw, "2").get("result").textValue());
        assertTrue(reply("hier_coord", sw, "3").get("error").textValue().contains("apply it to the inner layout"));
        // plain layouts still go to the plain operations
        assertEquals("65", reply("eval", "(8,64):(64,1)", "9").get("result").textValue());
    }

    /**
     * Issue 34, item 3: a layout in CuTe's pointer form carries its element's width, with which its swizzle of byte
     * addresses was read; that width is the one the banks are counted with, and another is refused naming both. By the
     * pointer form's definition, {@code Sw<3,4,3> o smem_ptr[32b]} is {@code Sw<3,2,3> o 0} over 4-byte elements: thread
     * t's 16 bytes at row t, chunk 0, land in chunk t, so 8 threads cover the 32 banks once (1 wavefront); unswizzled
     * they all fall in banks 0-3 (8).
     */
    @Test
    void aPointersWidthIsTheElementsAndAnotherIsRefused() throws IOException {
        String pointer = "Sw<3,4,3> o smem_ptr[32b](unset) o (8,32):(32,1)";
        assertEquals("1", reply("bank_conflicts", pointer, "(8,4):(1,8)").get("result").textValue());
        assertEquals("1", reply("bank_conflicts", pointer, "(8,4):(1,8)", "4").get("result").textValue());
        assertEquals("1", reply("bank_conflicts", "Sw<3,2,3> o 0 o (8,32):(32,1)", "(8,4):(1,8)", "4").get("result").textValue());
        assertEquals("8", reply("bank_conflicts", "(8,32):(32,1)", "(8,4):(1,8)", "4").get("result").textValue());
        JsonNode both = reply("bank_conflicts", pointer, "(8,4):(1,8)", "2");
        assertTrue(both.get("error").textValue().contains("2 bytes") && both.get("error").textValue().contains("smem_ptr[32b]"), both.toString());
        assertTrue(reply("bank_conflicts", "(8,32):(32,1)", "(8,4):(1,8)").get("error").textValue().contains("element's bytes are needed"));
        // a tiled copy's values are the tile's elements: 16-bit values over a 32-bit pointer are refused, 32-bit ones counted
        String tile = "Sw<3,4,3> o smem_ptr[32b](unset) o ((8,4),(32,1)):((32,256),(1,0))";
        JsonNode copy = reply("copy_bank_conflicts", tile, "SM80_CP_ASYNC_CACHEALWAYS_U128", "16", "(16,8):(8,1)", "(1,8)");
        assertTrue(copy.get("error").textValue().contains("smem_ptr[32b]"), copy.toString());
        JsonNode same = reply("copy_bank_conflicts", tile, "SM80_CP_ASYNC_CACHEALWAYS_U128", "32", "(8,4):(4,1)", "(1,4)");
        assertTrue(same.has("result"), same.toString());
        assertEquals(reply("copy_bank_conflicts", "Sw<3,2,3> o 0 o ((8,4),(32,1)):((32,256),(1,0))", "SM80_CP_ASYNC_CACHEALWAYS_U128",
                "32", "(8,4):(4,1)", "(1,4)").get("result"), same.get("result"), same.toString());
        // the command line: --elem may be left out, and a different one is refused (exit 1) naming both
        CliRun r = CliRun.of("banks", pointer, "(8,4):(1,8)");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("wavefronts 1, minimum 1"), r.out());
        r = CliRun.of("banks", pointer, "(8,4):(1,8)", "--elem", "2");
        assertEquals(Main.REFUSED, r.code(), r.err());
        assertTrue(r.err().contains("smem_ptr[32b]") && r.err().contains("2 bytes"), r.err());
    }

    /**
     * Issue 34, item 6: {@code banks --copy} reads --elem in bytes, as its help says and as for ACCESS: --elem 2 is the
     * operation's 16-bit values (the README's 128 wavefronts, minimum 128).
     */
    @Test
    void banksCopyReadsTheElementInBytes() throws IOException {
        CliRun r = CliRun.of("banks", "(128,64):(64,1)", "--copy", "SM80_CP_ASYNC_CACHEALWAYS_U128", "--thr", "(16,8):(8,1)",
                "--val", "(1,8)", "--elem", "2");
        assertEquals(0, r.code(), r.err());
        JsonNode op = reply("copy_bank_conflicts", "(128,64):(64,1)", "SM80_CP_ASYNC_CACHEALWAYS_U128", "16", "(16,8):(8,1)", "(1,8)");
        assertEquals("128", op.get("result").textValue());
        assertEquals("128", op.get("minimum").textValue());
        assertTrue(r.out().contains("128"), r.out());
        String help = CliRun.of("banks", "--help").out().replaceAll("\\s+", " ");
        assertTrue(help.contains("--elem=BYTES bytes per element") && help.contains("the --copy's values alike"), help);
    }

    /**
     * Issue 34, item 4: the pointer's address is the descriptor's start, as CuTe's make_gmma_desc writes it. A host
     * program over CUTLASS (make_tensor(make_smem_ptr((half_t*)0x400), composition(tile_to_shape(
     * GMMA::Layout_K_SW128_Atom<half_t>, (64,64)), (64,16))), cvta.to.shared standing as the identity) prints the tensor
     * as below and the descriptor 0x4000004000010040 (start_addr 0x0040).
     */
    @Test
    void gmmaDescriptorTakesThePointersAddress() throws IOException {
        String printed = "Sw<3,4,3>_smem_ptr[16b](0x400) o (_64,_16):(_64,_1)";
        assertEquals("0x4000004000010040", reply("gmma_descriptor", "K", printed).get("result").textValue());
        assertEquals("64", reply("gmma_descriptor", "K", "Sw<3,4,3> o smem_ptr[16b](0x400) o (64,16):(64,1)").get("start_address").textValue());
        assertEquals("64", reply("gmma_descriptor", "K", printed, "0", "1024").get("start_address").textValue());
        String both = reply("gmma_descriptor", "K", printed, "0", "2048").get("error").textValue();
        assertTrue(both.contains("2048") && both.contains("0x400"), both);
        assertEquals("0x4000004000010000", reply("gmma_descriptor", "K", "Sw<3,4,3> o smem_ptr[16b](unset) o (64,16):(64,1)")
                .get("result").textValue());
    }

    @Test
    void aVectorWidensOneElementPerThread() throws IOException {
        // each of 8 threads reads the 16 bytes at the start of its row of halves: rows are 128 bytes, so all 8 in
        // banks 0-3 of one quarter-warp phase, 8 wavefronts; through Sw<3,3,3> row r's chunk 0 moves to chunk r: 1
        assertEquals("8", reply("bank_conflicts", "(8,64):(64,1)", "8:1", "2", "16").get("result").textValue());
        assertEquals("1", reply("bank_conflicts", "Sw<3,3,3> o 0 o (8,64):(64,1)", "8:1", "2", "16").get("result").textValue());
        // the same as the access written with its 8 values per thread
        assertEquals("8", reply("bank_conflicts", "(8,64):(64,1)", "(8,8):(1,8)", "2").get("result").textValue());
        assertTrue(reply("bank_conflicts", "(8,64):(64,1)", "(8,2):(1,8)", "2", "16").get("error").textValue().contains("widens"));
    }

    @Test
    void bankConflictsReplyWithTheCounts() throws IOException {
        JsonNode column = reply("bank_conflicts", "(8,64):(64,1)", "8:1", "2");
        assertEquals("8", column.get("result").textValue());
        assertEquals("1", column.get("minimum").textValue());
        assertEquals("0", column.get("worst_bank").textValue());
        assertTrue(column.get("collisions").textValue().startsWith("word 0: threads 0; word 32: threads 1"), column.toString());
        JsonNode swizzled = reply("bank_conflicts", "Sw<3,3,3> o 0 o (8,64):(64,1)", "(8,8):(1,8)", "2");
        assertEquals("1", swizzled.get("result").textValue());
        assertTrue(!swizzled.has("worst_bank"));
    }

    @Test
    void gmmaAtomsAndTileToShape() throws IOException {
        JsonNode atom = reply("gmma_smem_atom", "K", "SW128", "16");
        // as CuTe C++ prints it (the result, and the oracle's "cute" field)
        assertEquals("Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)", atom.get("result").textValue());
        assertEquals("Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)", atom.get("cute").textValue());
        // the pointer form keeps its form through tile_to_shape, as CuTe's does
        assertEquals("Sw<3,4,3> o smem_ptr[16b](unset) o ((8,16),(64,1)):((64,512),(1,0))",
                reply("tile_to_shape", "Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)", "(128,64)").get("result").textValue());
        for (String bad : new String[] {"M", "X", "or"}) {
            assertTrue(reply("gmma_smem_atom", bad, "SW128", "16").get("error").textValue().contains("is none of K or MN"));
        }
        // CuTe C++: tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, (128,64)) = ... ((_8,_16),(_64,_1)):((_64,_512),(_1,_0))
        assertEquals("Sw<3,3,3> o 0 o ((8,16),(64,1)):((64,512),(1,0))",
                reply("tile_to_shape", "Sw<3,3,3> o 0 o (8,64):(64,1)", "(128,64)").get("result").textValue());
        assertEquals("((8,2),(64,2)):((64,1024),(1,512))", reply("tile_to_shape", "(8,64):(64,1)", "(16,128)", "(2,1)").get("result").textValue());
    }
}
