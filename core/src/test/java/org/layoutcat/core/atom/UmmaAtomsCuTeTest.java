package org.layoutcat.core.atom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.layoutcat.core.atom.GmmaTypesCuTeTest.cute;
import static org.layoutcat.core.atom.GmmaTypesCuTeTest.read;

import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.swizzle.GmmaSmemAtoms.Major;

/**
 * Issue 36: the SM100 UMMA atoms ({@code tcgen05.mma}) and the SM120 {@code mma.sync} atoms as CuTe C++ spells their
 * types, against the host program beside the cases ({@code atoms/umma-atoms-cute.cpp}, written by
 * {@code umma-atoms-cute.py}, CUTLASS 4.7.0) and the types CuTe refuses to compile ({@code atoms/umma-atoms-refused.sh}).
 * Every printed layout of every case is the catalog's: MMA_Atom's Shape_MNK, ThrID and LayoutA/B/C_TV, and the tiled
 * MMA of the case's atom layout (tile, threads, thr_layout_vmnk and its TV layouts).
 */
class UmmaAtomsCuTeTest {

    @Test
    void everyTypeCuTePrintsIsTheCatalogsAtomWithItsLayouts() throws IOException {
        List<Map<String, String>> cases = read("/atoms/umma-atoms-cute.jsonl");
        int umma = 0, sm120 = 0, twoCta = 0, ts = 0, mn = 0;
        Set<String> families = new HashSet<>();
        for (Map<String, String> c : cases) {
            String type = c.get("mma");
            MmaAtom a = Atoms.mma(type);
            assertEquals(cute(c.get("shape_mnk")), a.shapeMNK().toString(), type);
            assertEquals(cute(c.get("thr_id")), a.thrID().toString(), type);
            assertEquals(cute(c.get("layout_a_tv")), a.a().toString(), type + " A");
            assertEquals(cute(c.get("layout_b_tv")), a.b().toString(), type + " B");
            assertEquals(cute(c.get("layout_c_tv")), a.c().toString(), type + " C");
            // the catalog's spelling reads back to the same atom, and is the case's where the case writes no defaults
            assertEquals(a, Atoms.mma(a.type()), type + " as " + a.type());
            if (!type.contains("::One") && !type.contains("::False") && !type.contains("cute::")) assertEquals(type, a.type());
            // the element types are the template's first three arguments, as CuTe names them
            String written = a.type().substring(a.type().indexOf('<') + 1);
            assertTrue(written.replace(">", ",").startsWith(a.ab().cute() + "," + a.bType().cute() + "," + a.d().cute() + ","), type + ": " + a.ab() + " " + a.bType() + " " + a.d());
            TiledMma t = TiledMma.of(a, TiledMma.parseAtomLayout(c.get("atom_layout")), null);
            String tiled = type + " tiled " + c.get("atom_layout");
            assertEquals(cute(c.get("tiled.tile_mnk")), t.tileShape().toString(), tiled);
            assertEquals(cute(c.get("tiled.threads")), String.valueOf(t.threads()), tiled);
            assertEquals(cute(c.get("tiled.thr_layout_vmnk")), t.thrLayoutVMNK().toString(), tiled);
            assertEquals(cute(c.get("tiled.layout_a_tv")), t.layoutA().toString(), tiled + " A");
            assertEquals(cute(c.get("tiled.layout_b_tv")), t.layoutB().toString(), tiled + " B");
            assertEquals(cute(c.get("tiled.layout_c_tv")), t.layoutC().toString(), tiled + " C");
            if (a.umma()) {
                umma++;
                families.add(type.substring(type.startsWith("cute::") ? 6 : 0, type.indexOf('<')));
                if (a.threads() == 2) twoCta++;
                if (a.tensorMemoryA()) ts++;
                if (a.majorA() == Major.MN || a.majorB() == Major.MN) mn++;
                assertFalse(a.registersA(), type);
            } else {
                sm120++;
                assertTrue(a.ptx().startsWith("mma.sync.aligned."), a.ptx());
            }
        }
        assertEquals(1026, umma);
        assertEquals(79, sm120);
        assertEquals(32, families.size(), families.toString());
        assertTrue(twoCta >= 400, twoCta + " two-CTA cases");
        assertTrue(ts >= 150, ts + " cases with A in tensor memory");
        assertTrue(mn >= 400, mn + " cases with an MN-major operand");
    }

    /**
     * CuTe's {@code thr_mma.partition_A/B/C} of a counting tensor, for an atom of each UMMA family and two SM120 atoms,
     * four atom layouts, the first and last thread ({@code atoms/umma-partition-cute.cpp}): the tiled MMA's partitions
     * and offsets are CuTe's, one logical thread per CTA.
     */
    @Test
    void partitionsOfAUmmaTiledMmaAreCuTes() throws IOException {
        List<Map<String, String>> cases = read("/atoms/umma-partition-cute.jsonl");
        for (Map<String, String> c : cases) {
            TiledMma t = TiledMma.of(Atoms.mma(c.get("mma")), TiledMma.parseAtomLayout(c.get("atom_layout")), null);
            long thread = Long.parseLong(c.get("thread"));
            String where = c.get("mma") + " " + c.get("atom_layout") + " thread " + thread;
            var a = t.partitionA(org.layoutcat.core.Layout.parse(c.get("tensor_a")), thread);
            var b = t.partitionB(org.layoutcat.core.Layout.parse(c.get("tensor_b")), thread);
            var pc = t.partitionC(org.layoutcat.core.Layout.parse(c.get("tensor_c")), thread);
            assertEquals(cute(c.get("a")), a.layout().toString(), where + " A");
            assertEquals(c.get("a_offset"), a.offset().toString(), where + " A offset");
            assertEquals(cute(c.get("b")), b.layout().toString(), where + " B");
            assertEquals(c.get("b_offset"), b.offset().toString(), where + " B offset");
            assertEquals(cute(c.get("c")), pc.layout().toString(), where + " C");
            assertEquals(c.get("c_offset"), pc.offset().toString(), where + " C offset");
        }
        assertEquals(119, cases.size());
    }

    /** The SM120 catalog is every specialization of CuTe's: 50 + 25 + 4 types, each named by its spelling. */
    @Test
    void theSm120CatalogIsEveryTypeCuTeSpecializes() throws IOException {
        List<MmaAtom> all = Atoms.sm120Atoms();
        assertEquals(79, all.size());
        Set<String> printed = new HashSet<>();
        for (Map<String, String> c : read("/atoms/umma-atoms-cute.jsonl")) if (c.get("mma").startsWith("SM120")) printed.add(c.get("mma"));
        for (MmaAtom a : all) {
            assertTrue(printed.contains(a.type()), a.type() + " is a case of the host program");
            assertEquals(a, Atoms.mma(a.type()));
        }
    }

    @Test
    void everyTypeCuTeRefusesIsRefusedByNameWithCuTesRule() throws IOException {
        List<Map<String, String>> cases = read("/atoms/umma-atoms-refused.jsonl");
        assertTrue(cases.size() >= 20, cases.size() + " refused types");
        for (Map<String, String> c : cases) {
            String type = c.get("mma");
            String cute = c.get("cute_error");
            LayoutArgumentException e = assertThrows(LayoutArgumentException.class, () -> Atoms.mma(type), type);
            String m = e.getMessage();
            assertTrue(m.contains(type), m);
            String rule = c.get("rule"); // the static_assert's text (or the part of it) the refusal must name
            assertTrue(m.contains(rule), "refusal of " + type + " names CuTe's rule \"" + rule + "\" (CuTe: " + cute + "): " + m);
        }
    }

    /** A UMMA atom of another pair of majors is CuTe's type of those majors; A from tensor memory stays K-major. */
    @Test
    void withMajorsIsTheTypeOfThoseMajors() {
        MmaAtom a = Atoms.mma("SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,UMMA::Major::K,UMMA::Major::K>");
        MmaAtom mn = a.withMajors(Major.MN, Major.K);
        assertEquals("SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,UMMA::Major::MN,UMMA::Major::K>", mn.type());
        assertEquals(a.a(), mn.a());
        MmaAtom t = Atoms.mma("SM100_MMA_F16BF16_TS<half_t,half_t,float,128,256,UMMA::Major::K,UMMA::Major::K>");
        LayoutArgumentException e = assertThrows(LayoutArgumentException.class, () -> t.withMajors(Major.MN, Major.K));
        assertTrue(e.getMessage().contains("A from TMEM can't be transposed"), e.getMessage());
    }

    /**
     * The refusals CuTe's host compile does not see: the SM120 operations static_assert VS only inside their device
     * fma (cute/arch/mma_sm120.hpp:1806, :3132, :3213), and CuTe's UMMA traits take accumulator types the PTX ISA does
     * not give the instruction's kind (tcgen05.mma .kind::tf32 and the block-scaled kinds accumulate in f32, a bf16
     * .kind::f16 in f32); each refusal names its rule.
     */
    @Test
    void refusalsOfDeviceAssertsAndOfThePtxIsaNameTheirRule() {
        // CuTe C++ compiles these three (MMA_Atom and sizeof of each, CUTLASS 4.7.0): their refusals are the PTX ISA's
        Map<String, String> ptxOnly = Map.of(
                "SM100_MMA_MXF4_2x1SM_SS<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,256,128,32,UMMA::Major::K,UMMA::Major::K>",
                "CuTe's SM100_MMA_MXF4_2x1SM_SS checks nothing",
                "SM100_MMA_S8_SS<float_e4m3_t,float_e4m3_t,int32_t,128,64,UMMA::Major::K,UMMA::Major::K>", "reads int8_t or uint8_t (PTX ISA",
                "SM100_MMA_TF32_SS<tfloat32_t,tfloat32_t,half_t,128,64,UMMA::Major::K,UMMA::Major::K>", "accumulates in f32 (float) only (PTX ISA)");
        ptxOnly.forEach((type, rule) -> {
            LayoutArgumentException e = assertThrows(LayoutArgumentException.class, () -> Atoms.mma(type), type);
            assertTrue(e.getMessage().contains(type) && e.getMessage().contains(rule) && !e.getMessage().contains("static_asserts"), e.getMessage());
        });
        Map<String, String> refused = Map.of(
                "SM120::BLOCKSCALED::SM120_16x8x32_TN_VS<float_e4m3_t,float_e4m3_t,float,float_ue8m0_t,16>",
                "Scaling factor vector size has to be 32 for MXF8F6F4 MMA.",
                "SM120::BLOCKSCALED::SM120_16x8x64_TN_VS<float_e2m1_t,float_e2m1_t,float,float_ue8m0_t,64>",
                "Scaling factor vector size has to be 16 or 32 for MXF4NVF4 MMA.",
                "SM100_MMA_TF32_SS<tfloat32_t,tfloat32_t,half_t,128,64,UMMA::Major::K,UMMA::Major::K>", "accumulates in f32",
                "SM100_MMA_F16BF16_SS<bfloat16_t,bfloat16_t,half_t,128,64,UMMA::Major::K,UMMA::Major::K>", "bfloat16_t inputs accumulate in float only",
                "SM100_MMA_F16BF16_SS<half_t,bfloat16_t,float,128,64,UMMA::Major::K,UMMA::Major::K>", "reads A and B of one type",
                "SM100_MMA_MXF8F6F4_SS<float_e4m3_t,float_e4m3_t,float,float_ue4m3_t,128,64,UMMA::Major::K,UMMA::Major::K>",
                "scales by float_ue8m0_t",
                "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,64,GMMA::Major::K,GMMA::Major::K>", "is a UMMA::Major, not GMMA::Major::K",
                "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,64,UMMA::Major::K>", "7 to 9 template arguments, not 6",
                "SM100_MMA_S8_SS<int8_t,int8_t,int32_t,128,64,UMMA::Major::K,UMMA::Major::K,UMMA::ScaleIn::Neg>",
                "is a UMMA::Saturate, not UMMA::ScaleIn::Neg");
        refused.forEach((type, rule) -> {
            LayoutArgumentException e = assertThrows(LayoutArgumentException.class, () -> Atoms.mma(type), type);
            assertTrue(e.getMessage().contains(type) && e.getMessage().contains(rule), e.getMessage());
        });
    }

    /** Each atom's instruction is the one CuTe's operation issues, as its header writes it (CUTLASS 4.7.0). */
    @Test
    void theInstructionIsTheOneTheHeaderIssues() {
        Map<String, String> ptx = Map.of(
                "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,UMMA::Major::K,UMMA::Major::K>", "tcgen05.mma.cta_group::1.kind::f16",
                "SM100_MMA_S8_2x1SM_TS<int8_t,uint8_t,int32_t,256,64,UMMA::Major::K,UMMA::Major::MN>", "tcgen05.mma.cta_group::2.kind::i8",
                "SM100_MMA_F8F6F4_SS_SPARSE<float_e4m3_t,float_e2m1_t,float,64,8,UMMA::Major::K,UMMA::Major::K>", "tcgen05.mma.sp.cta_group::1.kind::f8f6f4",
                "SM100_MMA_MXF8F6F4_2x1SM_SS<float_e4m3_t,float_e4m3_t,float,float_ue8m0_t,256,128,UMMA::Major::K,UMMA::Major::K>",
                "tcgen05.mma.cta_group::2.kind::mxf8f6f4.block_scale",
                "SM100_MMA_MXF4_SS<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,128,128,16,UMMA::Major::K,UMMA::Major::K>",
                "tcgen05.mma.cta_group::1.kind::mxf4nvf4.block_scale.block16", // mma_sm100_umma.hpp:1652 (CUDA 12.9 and later)
                "SM100_MMA_MXF4NVF4_SS_SPARSE<float_e2m1_t,float_e2m1_t,float,float_ue8m0_t,128,128,64,UMMA::Major::K,UMMA::Major::K>",
                "tcgen05.mma.sp.cta_group::1.kind::mxf4.block_scale.block32", // mma_sm100_umma.hpp:1745
                "SM120::BLOCKSCALED::SM120_16x8x32_TN_VS<float_e2m3_t,float_e5m2_t,float,float_ue8m0_t,32>",
                "mma.sync.aligned.kind::mxf8f6f4.block_scale.scale_vec::1X.m16n8k32.row.col.f32.e2m3.e5m2.f32.ue8m0",
                "SM120::BLOCKSCALED::SM120_16x8x64_TN_VS<float_e2m1_t,float_e2m1_t,float,float_ue8m0_t,16>",
                "mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue8m0", // :3137, as written
                "SM120_16x8x32_TN<float_e3m2_t,float_e2m1_t,half_t>", "mma.sync.aligned.kind::f8f6f4.m16n8k32.row.col.f16.e3m2.e2m1.f16");
        ptx.forEach((type, instruction) -> assertEquals(instruction, Atoms.mma(type).ptx(), type));
    }

    /** Every family is listed, and its sample is an atom of the catalog. */
    @Test
    void everyFamilyIsListedWithItsRanges() {
        List<String> lines = Atoms.ummaFamilies();
        assertEquals(32, lines.size());
        assertEquals("SM100_MMA_TF32_SS<a_type,b_type,c_type,M,N,a_major,b_major[,a_neg,b_neg]>  M = 64|128, N = 8..256 step 8, K = 8,"
                + " A and B in shared memory, C in tensor memory, 1 CTA  tcgen05.mma.cta_group::1.kind::tf32", lines.getFirst());
        assertTrue(lines.contains("SM100_MMA_F8F6F4_SS<a_type,b_type,c_type,M,N,a_major,b_major[,a_neg,b_neg]>  M = 64|128,"
                + " K-major B: N = 8..256 step 8; MN-major B: N = 16..256 step 16, K = 32, A and B in shared memory, C in tensor memory,"
                + " 1 CTA  tcgen05.mma.cta_group::1.kind::f8f6f4"), String.join("\n", lines));
        assertEquals(32, Atoms.ummaSamples().size());
        for (MmaAtom a : Atoms.ummaSamples()) assertEquals(a, Atoms.mma(a.type()));
    }
}
