package org.layoutcat.core.tma;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;

/**
 * CuTe C++'s {@code tma_partition} against layoutcat's. The golden file {@code tma/tma_partition.txt} is the output of
 * {@code tma/cute/tma_partition_cases.cpp}: CuTe's own {@code make_tma_copy}, {@code local_tile} and
 * {@code tma_partition}, built for the host by g++ (CUTLASS 4.7.0; {@code tma_partition} is CUTE_DEVICE, a plain inline
 * function without nvcc; {@code encode_stub.h} stands for the driver), each CTA's partitioned gmem and smem tensors
 * printed by CuTe.
 */
class TmaPartitionTest {

    private record Case(Map<String, String> lines, List<String[]> ctas) {
        String get(String k) {
            return lines.get(k);
        }
    }

    private static List<Case> golden() throws IOException {
        List<Case> cases = new ArrayList<>();
        try (InputStream in = TmaPartitionTest.class.getResourceAsStream("/tma/tma_partition.txt")) {
            Case c = null;
            String cta = null, gpart = null;
            for (String l : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (l.startsWith("#case ")) {
                    c = new Case(new LinkedHashMap<>(), new ArrayList<>());
                    c.lines.put("case", l.substring(6));
                    cases.add(c);
                } else if (l.startsWith("#cta ")) {
                    cta = l.substring(5);
                } else if (l.startsWith("#gpart ")) {
                    gpart = l.substring(7);
                } else if (l.startsWith("#spart ")) {
                    c.ctas.add(new String[] {cta, gpart, l.substring(7)});
                } else if (c != null && l.startsWith("#") && l.indexOf(' ') > 0) {
                    c.lines.put(l.substring(1, l.indexOf(' ')), l.substring(l.indexOf(' ') + 1));
                }
            }
        }
        return cases;
    }

    /** CuTe's static marks dropped: {@code _64} is 64 (the "_" of smem_ptr stays). */
    private static String unstatic(String cute) {
        return cute.replaceAll("_(?=\\d)", "");
    }

    private static TmaDataType type(String bits) {
        return switch (bits) {
            case "8" -> TmaDataType.UINT8;
            case "16" -> TmaDataType.FLOAT16;
            case "32" -> TmaDataType.FLOAT32;
            default -> throw new IllegalArgumentException(bits);
        };
    }

    @Test
    void partitionsAreCuTesTmaPartition() throws IOException {
        List<Case> cases = golden();
        assertEquals(13, cases.size());
        int ctas = 0;
        for (Case c : cases) {
            Layout cl = Layout.parse(unstatic(c.get("cta_layout")));
            TmaPartition.Op op = TmaPartition.Op.parse(c.get("op"));
            for (String[] x : c.ctas) {
                TmaPartition p = TmaPartition.of(op, Layout.parse(c.get("gmem")), AnyLayout.parse(c.get("smem")), type(c.get("bits")),
                        IntTuple.parse(c.get("tile")), cl, Long.parseLong(x[0]), TmaDescriptor.Extents.RUNTIME);
                String id = c.get("case") + " CTA " + x[0];
                assertEquals(unstatic(x[1]), p.gmemText(), id);
                assertEquals(unstatic(x[2]), p.smemText(), id);
                assertEquals(unstatic(c.get("valsrc")), String.valueOf(p.descriptor().valuesPerCopy()), id);
                ctas++;
            }
        }
        assertEquals(22, ctas);
    }

    @Test
    void aMulticastNeedsTheMulticastAtomAndAnExistingCta() {
        Layout g = Layout.parse("(512,1024):(1024,1)");
        AnyLayout s = AnyLayout.parse("Sw<3,4,3> o smem_ptr[16b](unset) o ((8,16),(64,1)):((64,512),(1,0))");
        IntTuple tile = IntTuple.parse("(128,64)");
        String m = assertThrows(LayoutArgumentException.class, () -> TmaPartition.of(TmaPartition.Op.SM90_TMA_LOAD, g, s,
                TmaDataType.FLOAT16, tile, Layout.parse("2:1"), 0, TmaDescriptor.Extents.RUNTIME)).getMessage();
        assertTrue(m.contains("has no multicast") && m.contains("use SM90_TMA_LOAD_MULTICAST"), m);
        m = assertThrows(LayoutArgumentException.class, () -> TmaPartition.of(TmaPartition.Op.SM90_TMA_STORE, g, s,
                TmaDataType.FLOAT16, tile, Layout.parse("2:1"), 0, TmaDescriptor.Extents.RUNTIME)).getMessage();
        assertTrue(m.contains("give the CTA layout 1:0"), m);
        m = assertThrows(LayoutArgumentException.class, () -> TmaPartition.of(TmaPartition.Op.SM90_TMA_LOAD_MULTICAST, g, s,
                TmaDataType.FLOAT16, tile, Layout.parse("2:1"), 2, TmaDescriptor.Extents.RUNTIME)).getMessage();
        assertTrue(m.contains("CTA coordinate 2 is outside the CTA layout 2:1's domain [0,2)"), m);
    }

    /** The catalog knows the TMA atoms by name and says why they tile no threads (copy_traits_sm90_tma.hpp: ThrID = Layout<_1>). */
    @Test
    void theCatalogNamesTheTmaAtoms() {
        for (TmaPartition.Op o : TmaPartition.Op.values()) {
            String m = assertThrows(LayoutArgumentException.class, () -> org.layoutcat.core.atom.Atoms.copy(o.name())).getMessage();
            assertTrue(m.startsWith(o.name() + " is a TMA copy atom") && m.contains("tma_partition"), m);
            assertEquals(o, TmaPartition.Op.parse(o.name()));
        }
        assertTrue(assertThrows(LayoutArgumentException.class, () -> TmaPartition.Op.parse("SM90_TMA_LOAD_IM2COL")).getMessage()
                .contains("\"SM90_TMA_LOAD_IM2COL\" is no TMA copy atom"));
    }
}
