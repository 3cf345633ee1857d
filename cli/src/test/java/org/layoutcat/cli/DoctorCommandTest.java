package org.layoutcat.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * {@code layoutcat doctor}, the table's alias of the descriptor doctors (issue 35, section 3): {@code doctor DESC
 * [MAJOR] [SMEM] [BITS]} is {@code op gmma_doctor}, {@code doctor --kind tma ARGS} is {@code op tma_doctor}. The
 * numbers are CuTe's: the tutorial GEMM's first k-block of A (make_gmma_desc of tile_to_shape(Layout_K_SW128_Atom
 * <half_t>) at 0x400, doctor/hopper-tutorial-cute.jsonl) and make_tma_atom's call for wgmma_tma_sm90's gemm_tn A
 * (doctor/examples/wgmma_tma_sm90-cute.jsonl).
 */
class DoctorCommandTest {
    private static final String[] TMA = {"FLOAT16", "2", "0x10000", "{1024, 512}", "{2048}", "{64, 128}", "{1, 1}", "NONE", "128B", "2", "0"};

    private static String[] join(String[] head, String... tail) {
        String[] all = new String[head.length + tail.length];
        System.arraycopy(head, 0, all, 0, head.length);
        System.arraycopy(tail, 0, all, head.length, tail.length);
        return all;
    }

    @Test
    void doctorIsGmmaDoctor() {
        CliRun r = CliRun.of("doctor", "0x4000004000010040", "K", "", "16");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("0x4000004000010040: no rule broken"), r.out());
        assertTrue(r.out().contains("implied: Sw<3,4,3> o smem_ptr[16b](0x400) o ((8,8),(8,2)):((64,512),(1,8))"), r.out());
        assertEquals(CliRun.of("op", "gmma_doctor", "0x4000004000010040", "K", "", "16").out(), r.out());
        CliRun same = CliRun.of("doctor", "--kind", "gmma", "0x4000004000010c40", "K", "Sw<3,4,3>_smem_ptr[16b](0xc400) o (_64,_16):(_64,_1)");
        assertTrue(same.out().contains("matches: true"), same.out());
        // SBO 32 units: the 8-row groups of 128-byte rows overlap
        CliRun broken = CliRun.of("doctor", "0x4000002000010040", "K", "", "16");
        assertTrue(broken.out().contains("broken: k-major-swizzled-sbo"), broken.out());
    }

    @Test
    void doctorKindTmaIsTmaDoctor() {
        CliRun r = CliRun.of(join(new String[] {"doctor", "--kind", "tma"}, TMA));
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("cuTensorMapEncodeTiled: no rule broken"), r.out());
        assertTrue(r.out().contains("global_tile: (64,128):(1,1024)"), r.out());
        assertEquals(CliRun.of(join(new String[] {"op", "tma_doctor"}, TMA)).out(), r.out());
        String[] padded = TMA.clone();
        padded[4] = "{2056}";
        CliRun broken = CliRun.of(join(new String[] {"doctor", "--kind", "tma"}, padded));
        assertTrue(broken.out().contains("broken: global-strides-alignment"), broken.out());
        CliRun wrong = CliRun.of("doctor", "--kind", "wgmma", "0x4000004000010040");
        assertEquals(Main.USAGE, wrong.code(), wrong.out() + wrong.err());
        assertTrue(wrong.err().contains("\"wgmma\" is none of gmma or tma"), wrong.err());
    }
}
