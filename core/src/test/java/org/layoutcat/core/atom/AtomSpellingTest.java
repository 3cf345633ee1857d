package org.layoutcat.core.atom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.internal.Spelling;

/** Issue 37: a misspelt atom gets "did you mean" and the nearest of the catalog's names, not the catalog. */
class AtomSpellingTest {

    private static String refusal(Runnable r) {
        return assertThrows(LayoutArgumentException.class, r::run).getMessage();
    }

    @Test
    void aMisspeltMmaAtomGetsTheNearestName() {
        String m = refusal(() -> Atoms.mma("SM80_16x8x16_F16F16F16F16_TM"));
        assertTrue(m.contains("did you mean SM80_16x8x16_F16F16F16F16_TN?") && !m.contains("known:"), m);
        m = refusal(() -> Atoms.mma("SM90_64x128x16_F32F16F16_SSS"));
        assertTrue(m.contains("did you mean SM90_64x128x16_F32F16F16_SS?"), m);
        m = refusal(() -> Atoms.mma("SM100_MMA_F16BF16_SSS<half_t,half_t,float,128,256,UMMA::Major::K,UMMA::Major::K>"));
        assertTrue(m.contains("did you mean SM100_MMA_F16BF16_SS?"), m);
        m = refusal(() -> Atoms.mma("SM120_16x8x32_TM<float_e4m3_t,float_e4m3_t,float>"));
        assertTrue(m.contains("did you mean SM120_16x8x32_TN?"), m);
    }

    @Test
    void aMisspeltCopyAtomGetsTheNearestName() {
        String m = refusal(() -> Atoms.copy("SM75_U32x4_LDSM_M"));
        assertTrue(m.contains("did you mean SM75_U32x4_LDSM_N?") && !m.contains("known:"), m);
    }

    @Test
    void aNameNearNoneGetsTheCatalog() {
        String m = refusal(() -> Atoms.mma("HMMA"));
        assertTrue(m.contains("known: SM70_8x8x4_F16F16F16F16_TN"), m);
    }

    /** Levenshtein's distance: 0 exactly on equal names, symmetric, one edit per inserted, deleted or replaced character. */
    @Test
    void levenshteinDistanceCountsSingleCharacterEdits() {
        assertEquals(0, Spelling.distance("SM90", "SM90"));
        assertEquals(1, Spelling.distance("SM90", "SM80"));
        assertEquals(1, Spelling.distance("SM90", "SM9"));
        assertEquals(3, Spelling.distance("kitten", "sitting"));
        assertEquals(Spelling.distance("sitting", "kitten"), Spelling.distance("kitten", "sitting"));
    }
}
