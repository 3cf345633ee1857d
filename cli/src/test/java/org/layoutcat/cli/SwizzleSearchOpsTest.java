package org.layoutcat.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.layoutcat.cli.op.Answer;
import org.layoutcat.cli.op.Operations;
import org.layoutcat.cli.op.Request;

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
}
