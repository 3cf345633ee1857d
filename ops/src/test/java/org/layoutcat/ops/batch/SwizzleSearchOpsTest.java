package org.layoutcat.ops.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.layoutcat.ops.Answer;
import org.layoutcat.ops.Operations;
import org.layoutcat.ops.Request;

/** swizzle_search and copy_bank_conflicts through the table: their accesses as tiled copies, MMA operand copies or layouts. */
class SwizzleSearchOpsTest {

    private static Answer answer(String op, String... args) {
        return Operations.answer(new Request(op, List.of(args), "auto"));
    }

    /** The README's operand stage: the bound 384 (16 KiB written, 32 KiB read by ldmatrix) met by Sw<3,3,3>, as CUTLASS's atom meets it. */
    @Test
    void theOperandStageMeetsItsBound() {
        Answer a = answer("swizzle_search", "(128,64)", "2", "K", "SM80_CP_ASYNC_CACHEALWAYS_U128/16/(16,8):(8,1)/(1,8)",
                "SM75_U32x4_LDSM_N/A/SM80_16x8x16_F16F16F16F16_TN/2x2x1");
        assertEquals("Sw<3,3,3> o 0 o (128,64):(64,1)", a.result());
        assertEquals("384", a.fields().get("lower_bound"));
        assertEquals("true", a.fields().get("meets_bound"));
        assertEquals("384", a.fields().get("cutlass_wavefronts"));
        assertTrue(!a.fields().containsKey("xor_map"));
    }

    /** Raw access layouts: rows 0–15 and 32–47 of a float column (offset bits 5–8 and 10) need an XOR map. */
    @Test
    void accessLayoutsAndTheXorMap() {
        Answer a = answer("swizzle_search", "(64,32)", "4", "K", "((16,2)):((1,32))", "((16,2)):((1,32))");
        assertEquals("false", a.fields().get("meets_bound"));
        assertEquals("2", a.fields().get("xor_wavefronts"));
        assertTrue(a.fields().get("xor_map_f2").startsWith("{mode0=["), a.fields().get("xor_map_f2"));
    }

    /** copy_bank_conflicts of a 128-thread cp.async copy: 4 warps × 8 instructions of 4 wavefronts, the minimum. */
    @Test
    void aTiledCopysStage() {
        Answer a = answer("copy_bank_conflicts", "(128,64):(64,1)", "SM80_CP_ASYNC_CACHEALWAYS_U128", "16", "(16,8):(8,1)", "(1,8)");
        assertEquals("128", a.result());
        assertEquals("128", a.fields().get("minimum"));
        assertEquals("32", a.fields().get("instructions"));
    }

    @Test
    void aCopyThatDoesNotSayItsSideIsAsked() {
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> answer("swizzle_search", "(64,64)", "4", "K", "UniversalCopy_U32/32/(32,4):(1,32)/(1,16)", "(32,4):(1,32)"));
        assertTrue(e.getMessage().contains("end it with /SRC or /DST"), e.getMessage());
    }

    private static void holds(String op, List<String> args, String result, Map<String, String> fields) {
        Answer a = Operations.answer(new Request(op, args, "auto"));
        assertEquals(result, a.result(), op + " " + args);
        assertEquals(fields, a.fields(), op + " " + args);
    }

    /**
     * The replies of swizzle_search (and of the stage counts it shares) as the search answered them when it counted
     * every instruction of every candidate (main 34289bb, before the counts of XOR translates): the README's operand
     * stage at larger tiles, MN-major and 1- and 8-byte elements, stages no candidate takes without conflict (with the
     * XOR search, and where it finds no map), stages whose instructions are many distinct patterns, and the stage
     * counts of bank_conflicts and copy_bank_conflicts. The bounds and CUTLASS's choices are those the tests above
     * derive.
     */
    @Test
    void theSearchAnswersAsItDidInstructionByInstruction() {
        holds("swizzle_search", List.of("(256,128)", "2", "K", "SM80_CP_ASYNC_CACHEALWAYS_U128/16/(16,8):(8,1)/(1,8)", "SM75_U32x4_LDSM_N/A/SM80_16x8x16_F16F16F16F16_TN/2x2x1"),
                "Sw<3,3,4> o 0 o (256,128):(128,1)", Map.of("wavefronts", "1536", "lower_bound", "1536", "meets_bound", "true", "cutlass", "Sw<3,4,3> o smem_ptr[16b](unset) o ((8,32),(64,2)):((64,512),(1,16384))", "cutlass_wavefronts", "1536", "candidates", "212"));
        holds("swizzle_search", List.of("(1024,64)", "2", "K", "SM80_CP_ASYNC_CACHEALWAYS_U128/16/(16,8):(8,1)/(1,8)", "SM75_U32x4_LDSM_N/A/SM80_16x8x16_F16F16F16F16_TN/2x2x1"),
                "Sw<3,3,3> o 0 o (1024,64):(64,1)", Map.of("wavefronts", "3072", "lower_bound", "3072", "meets_bound", "true", "cutlass", "Sw<3,4,3> o smem_ptr[16b](unset) o ((8,128),(64,1)):((64,512),(1,0))", "cutlass_wavefronts", "3072", "candidates", "242"));
        holds("swizzle_search", List.of("(256,256)", "2", "K", "SM80_CP_ASYNC_CACHEALWAYS_U128/16/(16,8):(8,1)/(1,8)", "SM75_U32x4_LDSM_N/A/SM80_16x8x16_F16F16F16F16_TN/2x2x1"),
                "Sw<3,3,5> o 0 o (256,256):(256,1)", Map.of("wavefronts", "3072", "lower_bound", "3072", "meets_bound", "true", "cutlass", "Sw<3,4,3> o smem_ptr[16b](unset) o ((8,32),(64,4)):((64,512),(1,16384))", "cutlass_wavefronts", "3072", "candidates", "242"));
        holds("swizzle_search", List.of("(64,4096)", "2", "K", "SM80_CP_ASYNC_CACHEALWAYS_U128/16/(16,8):(8,1)/(1,8)", "SM75_U32x4_LDSM_N/A/SM80_16x8x16_F16F16F16F16_TN/2x2x1"),
                "Sw<3,3,9> o 0 o (64,4096):(4096,1)", Map.of("wavefronts", "12288", "lower_bound", "12288", "meets_bound", "true", "cutlass", "Sw<3,4,3> o smem_ptr[16b](unset) o ((8,8),(64,64)):((64,512),(1,4096))", "cutlass_wavefronts", "12288", "candidates", "302"));
        holds("swizzle_search", List.of("(64,64)", "4", "K", "SM80_CP_ASYNC_CACHEALWAYS_U128/32/(16,8):(8,1)/(1,4)", "UniversalCopy_U32/32/(32,4):(1,32)/(1,16)/SRC"),
                "Sw<3,2,4> o 0 o (64,64):(64,1)", Map.of("wavefronts", "640", "lower_bound", "256", "meets_bound", "false", "cutlass", "Sw<3,4,3> o smem_ptr[32b](unset) o ((8,8),(32,2)):((32,256),(1,2048))", "cutlass_wavefronts", "640", "candidates", "155", "xor_map", "XOR map (bit 2 ^= bit 6; bit 3 ^= bit 7; bit 4 ^= bit 8)", "xor_wavefronts", "640", "xor_map_f2", "{mode0=[68,136,272,512,1024,2048],mode1=[1,2,4,8,16,32]} -> {offset:4096}"));
        holds("swizzle_search", List.of("(64,32)", "4", "K", "((16,2)):((1,32))", "((16,2)):((1,32))"),
                "Sw<4,0,5> o 0 o (64,32):(32,1)", Map.of("wavefronts", "4", "lower_bound", "2", "meets_bound", "false", "cutlass", "Sw<3,4,3> o smem_ptr[32b](unset) o ((8,8),(32,1)):((32,256),(1,0))", "cutlass_wavefronts", "8", "candidates", "129", "xor_map", "XOR map (bit 0 ^= bit 5; bit 1 ^= bit 6; bit 2 ^= bit 7; bit 3 ^= bit 8; bit 4 ^= bits 5,10)", "xor_wavefronts", "2", "xor_map_f2", "{mode0=[49,66,132,264,512,1040],mode1=[1,2,4,8,16]} -> {offset:2048}"));
        holds("swizzle_search", List.of("(128,64)", "2", "MN", "SM80_CP_ASYNC_CACHEALWAYS_U128/16/(8,16):(1,8)/(8,1)", "SM75_U16x8_LDSM_T/A/SM80_16x8x16_F16F16F16F16_TN/2x2x1"),
                "Sw<3,3,4> o 0 o (128,64):(1,128)", Map.of("wavefronts", "384", "lower_bound", "384", "meets_bound", "true", "cutlass", "Sw<3,4,3> o smem_ptr[16b](unset) o ((64,2),(8,8)):((1,4096),(64,512))", "cutlass_wavefronts", "384", "candidates", "155"));
        holds("swizzle_search", List.of("(64,64)", "8", "K", "SM80_CP_ASYNC_CACHEALWAYS_U128/64/(16,8):(8,1)/(1,2)", "UniversalCopy_U64/64/(32,4):(1,32)/(1,1)/SRC"),
                "Sw<3,1,5> o 0 o (64,64):(64,1)", Map.of("wavefronts", "768", "lower_bound", "512", "meets_bound", "false", "cutlass", "Sw<3,4,3> o smem_ptr[64b](unset) o ((8,8),(16,4)):((16,128),(1,1024))", "cutlass_wavefronts", "768", "candidates", "143", "xor_map", "XOR map (bit 1 ^= bit 6; bit 2 ^= bit 7; bit 3 ^= bit 8)", "xor_wavefronts", "768", "xor_map_f2", "{mode0=[66,132,264,512,1024,2048],mode1=[1,2,4,8,16,32]} -> {offset:4096}"));
        holds("bank_conflicts", List.of("Sw<2,4,3> o 0 o (128,64):(64,1)", "(32,1,16):(64,0,2048)", "2"),
                "32", Map.of("minimum", "16", "degree", "2.0", "threads", "32", "vector_bytes", "2", "instructions", "16", "worst_instruction", "warp 0, instruction 0: 2 wavefronts, minimum 1"));
        holds("copy_bank_conflicts", List.of("Sw<2,3,3> o 0 o (64,64):(64,1)", "UniversalCopy_U32", "32", "(32,4):(1,32)", "(1,1)", "SRC"),
                "1024", Map.of("minimum", "128", "degree", "8.0", "threads", "128", "vector_bytes", "4", "instructions", "128", "worst_instruction", "warp 0, instruction 0: 8 wavefronts, minimum 1"));
        holds("swizzle_search", List.of("(128,64)", "2", "K", "SM90_U32x2_STSM_N/C/SM80_16x8x16_F16F16F16F16_TN/2x2x1", "UniversalCopy_U128/16/(16,8):(8,1)/(1,8)/SRC"),
                "Sw<3,3,3> o 0 o (128,64):(64,1)", Map.of("wavefronts", "256", "lower_bound", "256", "meets_bound", "true", "cutlass", "Sw<3,4,3> o smem_ptr[16b](unset) o ((8,16),(64,1)):((64,512),(1,0))", "cutlass_wavefronts", "256", "candidates", "155"));
        holds("swizzle_search", List.of("(64,64)", "2", "MN", "SM80_CP_ASYNC_CACHEALWAYS_U128/16/(8,16):(1,8)/(8,1)", "(32,8):(8,1)"),
                "(64,64):(1,64)", Map.of("wavefronts", "68", "lower_bound", "68", "meets_bound", "true", "cutlass", "Sw<3,4,3> o smem_ptr[16b](unset) o ((64,1),(8,8)):((1,0),(64,512))", "cutlass_wavefronts", "68", "candidates", "129"));
        holds("swizzle_search", List.of("(32,64)", "8", "K", "(32,2):(64,1)", "(32,2):(64,1)"),
                "Sw<0,4,3> o smem_ptr[64b](unset) o ((2,16),(8,8)):((1,16),(2,256))", Map.of("wavefronts", "16", "lower_bound", "8", "meets_bound", "false", "candidates", "120", "xor_map", "the identity", "xor_wavefronts", "-1", "xor_map_f2", "{mode0=[64,128,256,512,1024],mode1=[1,2,4,8,16,32]} -> {offset:2048}"));
        holds("swizzle_search", List.of("(128,128)", "2", "K", "(32,8,64):(136,1,8)", "(32,1,16):(129,0,1)"),
                "Sw<2,4,3> o smem_ptr[16b](unset) o ((32,4),(8,16)):((1,256),(32,1024))", Map.of("wavefronts", "384", "lower_bound", "272", "meets_bound", "false", "candidates", "183", "xor_map", "the identity", "xor_wavefronts", "-1", "xor_map_f2", "{mode0=[128,256,512,1024,2048,4096,8192],mode1=[1,2,4,8,16,32,64]} -> {offset:16384}"));
        holds("swizzle_search", List.of("(64,64)", "4", "K", "(96,4,8):(40,1,4)", "(32,1,32):(65,0,2)"),
                "Sw<2,4,3> o smem_ptr[32b](unset) o ((16,4),(8,8)):((1,128),(16,512))", Map.of("wavefronts", "255", "lower_bound", "128", "meets_bound", "false", "candidates", "155", "xor_map", "the identity", "xor_wavefronts", "-1", "xor_map_f2", "{mode0=[64,128,256,512,1024,2048],mode1=[1,2,4,8,16,32]} -> {offset:4096}"));
        holds("swizzle_search", List.of("(32,64)", "1", "MN", "(32,4,4):(36,1,4)", "(32,2):(48,1)"),
                "(32,64):(1,32)", Map.of("wavefronts", "8", "lower_bound", "5", "meets_bound", "false", "cutlass", "Sw<1,4,3> o smem_ptr[8b](unset) o ((32,1),(8,8)):((1,0),(32,256))", "cutlass_wavefronts", "12", "candidates", "78", "xor_map", "XOR map (bit 2 ^= bit 3)", "xor_wavefronts", "8", "xor_map_f2", "{mode0=[1,2,4,12,16],mode1=[32,64,128,256,512,1024]} -> {offset:2048}"));
        holds("swizzle_search", List.of("(64,32)", "4", "K", "(32,1):(33,0)", "(32,1):(66,0)"),
                "Sw<1,4,1> o 0 o (64,32):(32,1)", Map.of("wavefronts", "2", "lower_bound", "2", "meets_bound", "true", "cutlass", "Sw<3,4,3> o smem_ptr[32b](unset) o ((8,8),(32,1)):((32,256),(1,0))", "cutlass_wavefronts", "3", "candidates", "129"));
    }

    /** A tile past the stage's instructions is refused with the limit and a tile that fits. */
    @Test
    void aTilePastTheStagesInstructionsIsRefusedWithTheSizeThatFits() {
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> answer("swizzle_search", "(256,4096)", "2", "K", "SM80_CP_ASYNC_CACHEALWAYS_U128/16/(16,8):(8,1)/(1,8)",
                        "SM75_U32x4_LDSM_N/A/SM80_16x8x16_F16F16F16F16_TN/2x2x1"));
        assertEquals("tile (256,4096): its access SM75_U32x4_LDSM_N makes 8192 warp instructions, past the 4096 a stage's count takes;"
                + " a tile of at most 524,288 elements, such as (256,2048), fits (the work grows with the tile)", e.getMessage());
    }
}
