package org.layoutcat.core.atom;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The instruction family each catalog atom declares against its PTX instruction (the PTX ISA's names: {@code mma.sync},
 * {@code wgmma.mma_async}, {@code ldmatrix .xN}, {@code stmatrix .xN}, {@code cp.async}) and, for wgmma's operand forms
 * and the universal copies, CuTe's names ({@code _SS}, {@code _RS}, {@code UniversalCopy}).
 */
class AtomFamilyTest {

    @Test
    void everyMmaAtomsFamilyIsItsInstruction() {
        List<MmaAtom> all = new ArrayList<>(Atoms.mmaAtoms());
        all.addAll(Atoms.gmmaAtoms());
        all.addAll(Atoms.sparseGmmaAtoms());
        for (MmaAtom a : all) {
            MmaAtom.Family expected = a.ptx().startsWith("mma.sync.") ? MmaAtom.Family.MMA_SYNC
                    : a.ptx().startsWith("wgmma.mma_async.sp.") && a.name().contains("_RS") ? MmaAtom.Family.WGMMA_SP_RS
                    : a.ptx().startsWith("wgmma.mma_async.sp.") && a.name().contains("_SS") ? MmaAtom.Family.WGMMA_SP_SS
                    : a.ptx().startsWith("wgmma.mma_async.") && a.name().contains("_RS") ? MmaAtom.Family.WGMMA_RS
                    : a.ptx().startsWith("wgmma.mma_async.") && a.name().contains("_SS") ? MmaAtom.Family.WGMMA_SS : null;
            assertEquals(expected, a.family(), a.name());
        }
    }

    @Test
    void everyCopyAtomsFamilyIsItsInstruction() {
        for (CopyAtom c : Atoms.copyAtoms()) {
            String p = c.ptx();
            int x = p.contains(".x4.") ? 4 : p.contains(".x2.") ? 2 : 1;
            CopyAtom.Family expected = p.startsWith("ldmatrix.") ? new CopyAtom.Ldmatrix(x)
                    : p.startsWith("stmatrix.") ? new CopyAtom.Stmatrix(x)
                    : p.startsWith("cp.async.") ? new CopyAtom.CpAsync()
                    : c.name().startsWith("UniversalCopy_") ? new CopyAtom.Universal()
                    : p.startsWith("tcgen05.") ? tmemFamily(p) : null;
            assertEquals(expected, c.family(), c.name());
        }
    }

    @Test
    void theSharedMemorySideAndAddressLanesFollowTheFamily() {
        // PTX ISA, ldmatrix/stmatrix: threads 0-7 give the addresses of .x1, 0-15 of .x2, all 32 of .x4
        assertEquals(8, CopyStage.addressLanes(Atoms.copy("SM75_U32x1_LDSM_N")));
        assertEquals(16, CopyStage.addressLanes(Atoms.copy("SM90_U16x4_STSM_T")));
        assertEquals(32, CopyStage.addressLanes(Atoms.copy("SM75_U16x8_LDSM_T")));
        assertEquals(32, CopyStage.addressLanes(Atoms.copy("SM80_CP_ASYNC_CACHEALWAYS_U128")));
        assertEquals(CopyAtom.Side.SRC, CopyStage.sharedSide(Atoms.copy("SM75_U32x4_LDSM_N")));
        assertEquals(CopyAtom.Side.DST, CopyStage.sharedSide(Atoms.copy("SM90_U32x4_STSM_N")));
        assertEquals(CopyAtom.Side.DST, CopyStage.sharedSide(Atoms.copy("SM80_CP_ASYNC_CACHEALWAYS_U32")));
        assertEquals(null, CopyStage.sharedSide(Atoms.copy("UniversalCopy_U32")));
    }

    @Test
    void anMmaAtomIsFoundByNameAndItsKindIsItsFamily() {
        assertEquals(MmaAtom.Family.MMA_SYNC, Atoms.findMma("SM80_16x8x16_F16F16F16F16_TN").orElseThrow().family());
        assertEquals(MmaAtom.Family.WGMMA_RS, Atoms.findMma(" SM90_64x64x16_F32F16F16_RS ").orElseThrow().family());
        assertEquals(java.util.Optional.empty(), Atoms.findMma("SM75_U32x4_LDSM_N")); // a copy atom's name
        assertEquals(java.util.Optional.empty(), Atoms.findMma("SM90_64x7x16_F32F16F16_SS")); // N = 7 is no GMMA atom
        // the refusal lists the mma.sync atoms by name (chosen by their family) and the GMMA catalog by its rule
        String m = org.junit.jupiter.api.Assertions.assertThrows(org.layoutcat.core.LayoutArgumentException.class,
                () -> Atoms.mma("SM80_NOPE")).getMessage();
        org.junit.jupiter.api.Assertions.assertTrue(m.startsWith("no MMA atom \"SM80_NOPE\"; known: SM70_8x8x4_F16F16F16F16_TN, "), m);
        org.junit.jupiter.api.Assertions.assertTrue(m.contains("SM80_8x8x4_F64F64F64F64_TN, and CuTe's SM90 GMMA catalog: SM90_64xNxK_"), m);
    }

    /** tcgen05.ld/st's family from its PTX: .16x256b (16 lanes, 256 bits), …, .16x32bx2 (16, 32), .32x32b (32, 32), .xN, .pack::16b. */
    private static CopyAtom.Family tmemFamily(String ptx) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("tcgen05\\.(ld|st)\\.sync\\.aligned\\.(16|32)x(\\d+)b(?:x2)?\\.x(\\d+)(\\.(?:un)?pack::16b)?\\.b32")
                .matcher(ptx);
        if (!m.matches()) return null;
        int lanes = Integer.parseInt(m.group(2)), bits = Integer.parseInt(m.group(3)), n = Integer.parseInt(m.group(4));
        boolean pack = m.group(5) != null;
        return m.group(1).equals("ld") ? new CopyAtom.TmemLoad(lanes, bits, n, pack) : new CopyAtom.TmemStore(lanes, bits, n, pack);
    }
}
