package org.layoutcat.gpu.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.Layout;
import org.layoutcat.gpu.RandomLayouts;

class NormalizedLayoutProperties {

    @Property(tries = 300)
    void normalizationPreservesLayoutFunction(@ForAll long seed) {
        Random rnd = new Random(seed);
        Layout l = RandomLayouts.arbitrary(rnd, 4000, true);
        NormalizedLayout n = NormalizedLayout.of(l);
        assertEquals(l.size(), n.size());
        for (long x = 0; x < l.size(); x++) assertEquals(l.apply(x), n.apply(x));
    }

    @Property(tries = 300)
    void normalizationForALongerDomainPreservesTheUnboundedExtension(@ForAll long seed) {
        Random rnd = new Random(seed);
        Layout l = RandomLayouts.arbitrary(rnd, 2000, true);
        long domain = l.size() * (2 + rnd.nextInt(3));
        NormalizedLayout n = NormalizedLayout.of(l, domain);
        for (long x = 0; x < domain; x++) assertEquals(l.apply(x), n.apply(x), l + " -> " + n + " at " + x);
    }

    @Property(tries = 300)
    void offsetRangeBoundsEveryOffset(@ForAll long seed) {
        Random rnd = new Random(seed);
        Layout l = RandomLayouts.arbitrary(rnd, 2000, true);
        NormalizedLayout n = NormalizedLayout.of(l);
        long[] r = n.offsetRange(l.size() - 1);
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        for (long x = 0; x < l.size(); x++) {
            lo = Math.min(lo, l.apply(x));
            hi = Math.max(hi, l.apply(x));
        }
        assertEquals(lo, r[0], "exact at size - 1");
        assertEquals(hi, r[1], "exact at size - 1");
    }

    @Test
    void coalescingMergesContiguousModes() {
        // 2:1, 4:2, 3:8 are contiguous: one mode
        assertEquals("24:1", NormalizedLayout.of(Layout.parse("((2,4),3):((1,2),8)")).toString());
        assertEquals("(16384,16384):(16384,1)", NormalizedLayout.of(Layout.parse("(16384,16384):(16384,1)")).toString());
        assertEquals("1:0", NormalizedLayout.of(Layout.parse("(1,1):(3,5)")).toString());
    }

    @Test
    void theUnboundedLastModeIsKeptForLongerDomains() {
        // (4,1):(1,100) coalesces to 4:1 on [0,4), but Φ(5) = 1 + 100 reads the last mode unbounded
        Layout l = Layout.parse("(4,1):(1,100)");
        assertEquals("4:1", NormalizedLayout.of(l).toString());
        assertEquals(101, NormalizedLayout.of(l, 8).apply(5));
        assertEquals(l.apply(5), NormalizedLayout.of(l, 8).apply(5));
    }
}
