package org.layoutcat.core.tma;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;

/**
 * Multicast masks against CUTLASS's SM90 mainloop and CuTe's {@code create_tma_multicast_mask}: the golden file
 * {@code tma/multicast_masks.txt} is the output of {@code tma/cute/multicast_masks.cpp} (CUTLASS 4.7.0, g++ on the
 * host), which runs the mainloop's mask loops over {@code Layout<ClusterShape>{}} as it writes them and CuTe's
 * projection over the cluster's (V,M,N,K) layout, for every CTA of 11 cluster shapes, and prints the driver arguments
 * of {@code make_tma_copy_A_sm90} / {@code make_tma_copy_B_sm90} for a 128x128x64 half-precision tile.
 */
class ClusterMulticastTest {

    private record Case(String id, String blockLayout, List<String> ctas, String a, String b, int mcA, int mcB) {
    }

    private static List<Case> golden() throws IOException {
        List<Case> cases = new ArrayList<>();
        try (InputStream in = ClusterMulticastTest.class.getResourceAsStream("/tma/multicast_masks.txt")) {
            String id = null, layout = null, a = null, b = null;
            int mcA = 0, mcB = 0;
            List<String> ctas = new ArrayList<>();
            for (String l : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (l.startsWith("#case ")) {
                    id = l.substring(6);
                    ctas = new ArrayList<>();
                } else if (l.startsWith("#block_layout ")) {
                    layout = l.substring(14).replace("_", "");
                } else if (l.startsWith("#cta ")) {
                    ctas.add(l.substring(5));
                } else if (l.startsWith("#a_multicast ")) {
                    mcA = Integer.parseInt(l.substring(13));
                } else if (l.startsWith("#b_multicast ")) {
                    mcB = Integer.parseInt(l.substring(13));
                } else if (l.startsWith("#a ")) {
                    a = l.substring(3);
                } else if (l.startsWith("#b ")) {
                    b = l.substring(3);
                } else if (l.equals("#end")) {
                    cases.add(new Case(id, layout, ctas, a, b, mcA, mcB));
                }
            }
        }
        return cases;
    }

    private static String json(TmaDescriptor d) {
        return "{\"dataType\":" + d.dataType().code + ",\"rank\":" + d.rank() + ",\"globalDim\":" + list(d.globalDim())
                + ",\"globalStrides\":" + list(d.globalStrides()) + ",\"boxDim\":" + list(d.boxDim()) + ",\"elementStrides\":"
                + list(d.elementStrides()) + ",\"interleave\":0,\"swizzle\":" + d.swizzle().code + ",\"l2\":2,\"oob\":0}";
    }

    private static String list(List<Long> xs) {
        return xs.stream().map(String::valueOf).collect(Collectors.joining(",", "[", "]"));
    }

    @Test
    void masksAreCutlassMainloopsAndCuTesProjection() throws IOException {
        List<Case> cases = golden();
        assertEquals(11, cases.size());
        int ctas = 0;
        for (Case c : cases) {
            ClusterMulticast m = ClusterMulticast.of(Layout.parse(c.blockLayout));
            assertEquals(c.ctas.size(), m.ctas().size(), c.id);
            for (String line : c.ctas) {
                // 3 (1,1) a 0xa b 0xc cute_a 0xa cute_b 0xc
                String[] w = line.split(" ");
                ClusterMulticast.Cta cta = m.ctas().get(Integer.parseInt(w[0]));
                assertEquals(w[1], "(" + cta.x() + "," + cta.y() + ")", c.id + " " + line);
                assertEquals(w[3], "0x" + Integer.toHexString(cta.maskA()), c.id + " " + line);
                assertEquals(w[5], "0x" + Integer.toHexString(cta.maskB()), c.id + " " + line);
                assertEquals(w[7], w[3], "CuTe's projection and CUTLASS's loop: " + line);
                assertEquals(w[9], w[5], "CuTe's projection and CUTLASS's loop: " + line);
                assertEquals(cta, ClusterMulticast.of(Layout.parse(c.blockLayout), cta.rank()));
                ctas++;
            }
            assertEquals(c.mcA, m.multicastA(), c.id);
            assertEquals(c.mcB, m.multicastB(), c.id);
            AnyLayout sl = AnyLayout.parse("Sw<3,4,3> o smem_ptr[16b](unset) o ((8,16),(64,1)):((64,512),(1,0))");
            IntTuple tile = IntTuple.parse("(128,64)");
            assertEquals(c.a, json(TmaDescriptor.derive(Layout.parse("(512,1024):(1024,1)"), sl, TmaDataType.FLOAT16, tile,
                    (int) m.multicastA(), TmaDescriptor.Extents.RUNTIME)), c.id);
            assertEquals(c.b, json(TmaDescriptor.derive(Layout.parse("(256,1024):(1024,1)"), sl, TmaDataType.FLOAT16, tile,
                    (int) m.multicastB(), TmaDescriptor.Extents.RUNTIME)), c.id);
        }
        assertEquals(1 + 2 + 2 + 4 + 4 + 4 + 8 + 8 + 16 + 16 + 16, ctas);
    }

    @Test
    void aMaskOfACtaThatDoesNotExistIsRefused() {
        // a rank past the cluster: cluster_local_block_id (0,2) outside (2,2)
        String m = assertThrows(LayoutArgumentException.class, () -> ClusterMulticast.of(Layout.parse("(2,2):(1,2)"), 4)).getMessage();
        assertTrue(m.contains("CTA rank 4") && m.contains("(0,2) is outside the block layout's domain (2,2)"), m);
        // a block layout that names CTA 4 of a cluster of 4
        m = assertThrows(LayoutArgumentException.class, () -> ClusterMulticast.of(Layout.parse("(2,2):(1,4)"))).getMessage();
        assertTrue(m.contains("block_layout(0,1,0) = 4") && m.contains("CTA 4, which does not exist"), m);
        // two coordinates of one rank
        m = assertThrows(LayoutArgumentException.class, () -> ClusterMulticast.of(Layout.parse("(2,2):(1,0)"))).getMessage();
        assertTrue(m.contains("share rank 0"), m);
        m = assertThrows(LayoutArgumentException.class, () -> ClusterMulticast.of(Layout.parse("(4,8):(1,4)"))).getMessage();
        assertTrue(m.contains("holds 32 CTAs, past SM90's 16"), m);
        m = assertThrows(LayoutArgumentException.class, () -> ClusterMulticast.of(Layout.parse("(2,1,2):(1,0,2)"))).getMessage();
        assertTrue(m.contains("(M,N) or (M,N,1)"), m);
    }

    /**
     * A row-major block layout is a bijection too, but the hardware ranks a cluster's CTAs column-major
     * ({@code %cluster_ctarank = x + M·y}), and the mainloops read a CTA's (x, y) from {@code block_id_in_cluster}: masks
     * built over it send A's tile of row x to CTAs of other rows. Refused, naming the first coordinate where the two differ.
     */
    @Test
    void aBlockLayoutOtherThanTheHardwaresRankOrderIsRefused() {
        String m = assertThrows(LayoutArgumentException.class, () -> ClusterMulticast.of(Layout.parse("(2,2):(2,1)"))).getMessage();
        assertTrue(m.contains("block_layout(1,0,0) = 2") && m.contains("has rank 1") && m.contains("(2,2):(1,2)"), m);
        assertEquals(0x5, ClusterMulticast.of(Layout.parse("(2,2):(1,2)")).ctas().get(0).maskA());
    }
}
