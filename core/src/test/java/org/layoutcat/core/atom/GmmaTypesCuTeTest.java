package org.layoutcat.core.atom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.swizzle.GmmaSmemAtoms.Major;

/**
 * Issue 35: the GMMA atoms as CuTe C++ spells their types, dense with their template arguments (majors, scales) and
 * sparse ({@code SM90::GMMA::SPARSE::GMMA_...}), against the host programs beside the cases
 * ({@code atoms/gmma-majors-cute.cpp}, 294 types of CUTLASS 4.7.0, and {@code atoms/gmma-majors-refused.sh}, 15 types
 * CuTe refuses to compile). Every printed layout of every case is the catalog's: MMA_Atom's Shape_MNK, ThrID and
 * LayoutA/B/C_TV, a sparse atom's traits' ELayout, and the tiled MMA of the case's atom layout.
 */
class GmmaTypesCuTeTest {

    @Test
    void everyTypeCuTePrintsIsTheCatalogsAtomWithItsLayouts() throws IOException {
        List<Map<String, String>> cases = read("/atoms/gmma-majors-cute.jsonl");
        assertEquals(294, cases.size());
        int sparse = 0, mn = 0;
        for (Map<String, String> c : cases) {
            String type = c.get("mma");
            MmaAtom a = Atoms.mma(type);
            assertEquals(cute(c.get("shape_mnk")), a.shapeMNK().toString(), type);
            assertEquals(cute(c.get("thr_id")), a.thrID().toString(), type);
            assertEquals(cute(c.get("layout_a_tv")), a.a().toString(), type + " A");
            assertEquals(cute(c.get("layout_b_tv")), a.b().toString(), type + " B");
            assertEquals(cute(c.get("layout_c_tv")), a.c().toString(), type + " C");
            assertEquals(c.containsKey("layout_e_tv"), a.family().sparse(), type);
            if (c.containsKey("layout_e_tv")) {
                sparse++;
                assertEquals(cute(c.get("layout_e_tv")), a.metadata().orElseThrow().toString(), type + " E");
            }
            if (a.majorA() == Major.MN || a.majorB() == Major.MN) mn++;
            // the majors as written
            Matcher m = MAJORS.matcher(type);
            List<Major> written = new ArrayList<>();
            while (m.find()) written.add(Major.valueOf(m.group(1)));
            if (!written.isEmpty()) assertEquals(written, List.of(a.majorA(), a.majorB()), type);
            // the catalog's spelling reads back to the same atom
            assertEquals(a, Atoms.mma(a.type()), type + " as " + a.type());
            TiledMma t = TiledMma.of(a, TiledMma.parseAtomLayout(c.get("atom_layout")), null);
            assertEquals(cute(c.get("tiled.tile_mnk")), t.tileShape().toString(), type + " tiled " + c.get("atom_layout"));
            assertEquals(cute(c.get("tiled.threads")), String.valueOf(t.threads()), type);
            assertEquals(cute(c.get("tiled.thr_layout_vmnk")), t.thrLayoutVMNK().toString(), type);
            assertEquals(cute(c.get("tiled.layout_a_tv")), t.layoutA().toString(), type + " tiled A");
            assertEquals(cute(c.get("tiled.layout_b_tv")), t.layoutB().toString(), type + " tiled B");
            assertEquals(cute(c.get("tiled.layout_c_tv")), t.layoutC().toString(), type + " tiled C");
        }
        assertTrue(sparse >= 200, sparse + " sparse cases");
        assertTrue(mn >= 60, mn + " cases with an MN-major operand");
    }

    @Test
    void everyTypeCuTeRefusesIsRefusedByName() throws IOException {
        List<Map<String, String>> cases = read("/atoms/gmma-majors-refused.jsonl");
        assertEquals(15, cases.size());
        for (Map<String, String> c : cases) {
            String type = c.get("mma");
            String cute = c.get("cute_error");
            LayoutArgumentException e = assertThrows(LayoutArgumentException.class, () -> Atoms.mma(type), type);
            String m = e.getMessage();
            assertTrue(m.contains(type), m);
            if (cute.contains("static assertion failed")) {
                assertTrue(m.contains("Register source operand A must have K major layout."), m);
            } else if (cute.contains("is not a template")) {
                assertTrue(m.contains("is no template"), m);
            } else if (cute.contains("could not convert")) {
                assertTrue(m.contains("not GMMA::"), m); // the argument of another kind, named
            } else if (cute.contains("wrong number of template arguments")) {
                assertTrue(m.contains("needs the majors") || m.contains("template arguments"), m);
            } else {
                assertTrue(m.startsWith("no MMA atom"), m); // a name CuTe does not declare
            }
        }
    }

    @Test
    void theSparseCatalogIsTheDenseOnesFamiliesWithKDoubled() {
        List<MmaAtom> sparse = Atoms.sparseGmmaAtoms();
        List<MmaAtom> dense = Atoms.gmmaAtoms();
        assertEquals(dense.size(), sparse.size());
        for (int i = 0; i < dense.size(); i++) {
            MmaAtom d = dense.get(i), s = sparse.get(i);
            assertEquals(d.n(), s.n(), s.name());
            assertEquals(2 * d.k(), s.k(), s.name());
            assertEquals(d.c(), s.c(), s.name());
            assertEquals(s.ptx(), d.ptx().replace("wgmma.mma_async.", "wgmma.mma_async.sp.").replace("k" + d.k() + ".", "k" + s.k() + "."));
            assertEquals(s, Atoms.mma(s.type()), s.type());
        }
    }

    private static final Pattern MAJORS = Pattern.compile("GMMA::Major::(MN|K)\\b");

    /** CuTe's printout without its static marks ({@code _64} is 64). */
    static String cute(String printed) {
        return printed.replace("_", "");
    }

    /** The cases, each a flat map (the nested "tiled" object's keys as "tiled.key"). */
    static List<Map<String, String>> read(String resource) throws IOException {
        List<Map<String, String>> out = new ArrayList<>();
        Pattern pair = Pattern.compile("\"([a-z_]+)\": (\\{|\"((?:[^\"\\\\]|\\\\.)*)\")");
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                GmmaTypesCuTeTest.class.getResourceAsStream(resource), StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.isBlank()) continue;
                Map<String, String> c = new LinkedHashMap<>();
                Matcher m = pair.matcher(line);
                String prefix = "";
                while (m.find()) {
                    if (m.group(2).equals("{")) prefix = m.group(1) + ".";
                    else c.put(prefix + m.group(1), m.group(3).replace("\\\"", "\"").replace("\\\\", "\\"));
                }
                out.add(c);
            }
        }
        return out;
    }
}
