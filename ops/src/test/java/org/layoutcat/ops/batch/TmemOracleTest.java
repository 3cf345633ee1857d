package org.layoutcat.ops.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.layoutcat.core.Layout;
import org.layoutcat.core.atom.CopyAtom;
import org.layoutcat.core.atom.Element;
import org.layoutcat.core.atom.TiledCopy;
import org.layoutcat.core.atom.TmemCopyAtoms;
import org.layoutcat.core.modes.Sliced;
import org.layoutcat.core.tmem.TmemAccumulator;
import org.layoutcat.core.tmem.TmemCopy;
import org.junit.jupiter.api.Test;

/**
 * Issue 36, tensor memory, against CuTe C++: every case of tmem-cute.jsonl is a line printed by the host program
 * tmem-cute.cpp (written by tmem-cute.py beside it, CUTLASS 4.7.0). Three kinds: each SM100 TMEM copy atom's traits
 * (and its {@code Copy_Atom} in 32- and 16-bit values), with the PTX instruction and register counts read from
 * {@code cute/arch/copy_sm100.hpp}; {@code tmem_frg} accumulators with the TMEM address of some elements; and
 * {@code make_tmem_copy} of an accumulator with the partitions of nine threads. layoutcat must print each the same.
 */
class TmemOracleTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static String cute(JsonNode c, String key) {
        return c.get(key).asText().replace("_", "");
    }

    @Test
    void everyTmemCopyAtomIsCuTesTraits() throws Exception {
        Set<String> seen = new HashSet<>();
        for (JsonNode c : cases("atom")) {
            String name = c.get("name").asText();
            if (name.startsWith("SM100_TMEM_LOAD_STAT_")) continue; // tcgen05.ld.red: not in the catalog (it also writes a row's maximum)
            CopyAtom a = TmemCopyAtoms.named(name).orElseThrow(() -> new AssertionError("no atom " + name));
            assertEquals(c.get("ptx").asText(), a.ptx(), name);
            boolean load = name.contains("_LOAD_");
            assertEquals(c.get(load ? "dregs" : "sregs").asLong(), TmemCopyAtoms.registersPerThread(a), name + " registers per thread");
            assertEquals(1, c.get(load ? "sregs" : "dregs").asLong(), name + " one address");
            assertEquals(cute(c, "thr"), a.thrID().toString(), name);
            assertEquals(cute(c, "val"), TmemCopyAtoms.valId(a).toString(), name);
            assertEquals(cute(c, "src"), a.src().toString(), name);
            assertEquals(cute(c, "dst"), a.dst().toString(), name);
            assertEquals(cute(c, "ref"), (a.reference() == CopyAtom.Side.SRC ? a.src() : a.dst()).toString(), name);
            for (int bits : new int[] {32, 16}) {
                assertEquals(cute(c, "src" + bits), a.src(bits).toString(), name + " in " + bits + "-bit values");
                assertEquals(cute(c, "dst" + bits), a.dst(bits).toString(), name + " in " + bits + "-bit values");
                assertEquals(cute(c, "ref" + bits), a.ref(bits).toString(), name + " in " + bits + "-bit values");
            }
            seen.add(name);
        }
        assertEquals(148, seen.size());
        Set<String> catalog = new HashSet<>();
        TmemCopyAtoms.all().forEach(a -> catalog.add(a.name()));
        assertEquals(seen, catalog, "the catalog is the header's atoms");
    }

    @Test
    void everyAccumulatorIsCuTesTmemFrg() throws Exception {
        int n = 0;
        for (JsonNode c : cases("frg")) {
            TmemAccumulator acc = TmemAccumulator.of(Element.valueOf(c.get("type").asText()), c.get("sm").asInt(),
                    TmemAccumulator.Mode.valueOf(c.get("mode").asText()), c.get("m").asLong(), c.get("n").asLong(), c.get("rm").asLong(),
                    c.get("rn").asLong());
            String where = c.toString();
            assertEquals(cute(c, "layout"), acc.layout().toString(), where);
            assertEquals(c.get("cosize").asLong(), acc.layout().cosize(), where);
            for (JsonNode p : c.get("addr")) {
                assertEquals(p.get(1).asLong(), acc.address(acc.layout().apply(p.get(0).asLong())), where + " element " + p.get(0));
            }
            n++;
        }
        assertTrue(n >= 250, n + " accumulators");
    }

    @Test
    void everyTmemCopyPartitionIsCuTesMakeTmemCopy() throws Exception {
        int n = 0;
        for (JsonNode c : cases("copy")) {
            Element type = Element.valueOf(c.get("type").asText());
            long m = c.get("m").asLong(), cols = c.get("n").asLong();
            int sms = c.get("sm").asInt();
            Layout tmem = TmemAccumulator.of(type, sms, TmemAccumulator.Mode.Interleaved, m, cols, 1, 1).layout().mode(0);
            String where = c.get("op").asText() + " " + c.get("type").asText() + " " + sms + "sm " + m + "x" + cols;
            assertEquals(cute(c, "tmem"), tmem.toString(), where);
            CopyAtom atom = TmemCopyAtoms.named(c.get("op").asText()).orElseThrow();
            TiledCopy copy = TmemCopy.make(atom, type.bits(), tmem);
            assertEquals(cute(c, "tv"), copy.tiledLayoutTV().toString(), where + " TiledLayout_TV");
            List<String> tilers = copy.tilerLayouts().stream().map(Layout::toString).toList();
            assertEquals(cute(c, "tiler"), "(" + String.join(",", tilers) + ")", where + " Tiler_MN");
            Layout g = Layout.colMajor(org.layoutcat.core.IntTuple.flat(m, cols));
            TmemAccumulator acc = TmemAccumulator.of(type, sms, TmemAccumulator.Mode.Interleaved, m, cols, 1, 1);
            for (JsonNode t : c.get("threads")) {
                long th = t.get("thread").asLong();
                Sliced<Layout> s = copy.partitionS(tmem, th);
                Sliced<Layout> d = copy.partitionD(g, th);
                assertEquals(cute(t, "s"), s.layout().toString(), where + " thread " + th + " partition_S");
                assertEquals(t.get("s_addr").asLong(), acc.address(s.offset().value()), where + " thread " + th + " partition_S address");
                assertEquals(cute(t, "d"), d.layout().toString(), where + " thread " + th + " partition_D");
                assertEquals(t.get("d_offset").asLong(), d.offset().value(), where + " thread " + th + " partition_D offset");
            }
            TmemCopy.requireWarpLanes(copy, tmem);
            n++;
        }
        assertTrue(n >= 100, n + " copies");
    }

    @Test
    void theOracleHoldsFourHundredCasesAndMore() throws Exception {
        assertTrue(cases("atom").size() + cases("frg").size() + cases("copy").size() >= 400);
    }

    private static List<JsonNode> cases(String kind) throws Exception {
        List<JsonNode> out = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                TmemOracleTest.class.getResourceAsStream("/oracle/tmem-cute.jsonl"), StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.isBlank()) continue;
                JsonNode c = JSON.readTree(line);
                if (c.get("kind").asText().equals(kind)) out.add(c);
            }
        }
        return out;
    }
}
