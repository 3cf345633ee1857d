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

    /** Every family is listed, and its sample is an atom of the catalog. */
    @Test
    void everyFamilyIsListedWithItsRanges() {
        List<String> lines = Atoms.ummaFamilies();
        assertEquals(32, lines.size());
        assertTrue(lines.getFirst().startsWith("SM100_MMA_TF32_SS<class a_type,class b_type,class c_type,int M,int N,"), lines.getFirst());
        assertEquals(32, Atoms.ummaSamples().size());
        for (MmaAtom a : Atoms.ummaSamples()) assertEquals(a, Atoms.mma(a.type()));
    }
}
