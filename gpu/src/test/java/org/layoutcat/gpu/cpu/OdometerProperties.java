package org.layoutcat.gpu.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.layoutcat.core.Layout;
import org.layoutcat.core.internal.Odometer;
import org.layoutcat.gpu.RandomLayouts;
import org.layoutcat.gpu.ptx.NormalizedLayout;

class OdometerProperties {

    /** From any start, block by block (tabulated or not), the odometer's offsets are Φ's, past the size too. */
    @Property(tries = 400)
    void odometerWalksTheLayoutFunction(@ForAll long seed) {
        Random rnd = new Random(seed);
        Layout l = RandomLayouts.arbitrary(rnd, 1 << 14, true);
        long start = rnd.nextInt((int) l.size());
        long end = start + rnd.nextInt((int) (2 * l.size()) + 1);
        NormalizedLayout n = NormalizedLayout.of(l, end);
        long[] s = new long[n.rank()];
        long[] d = new long[n.rank()];
        for (int k = 0; k < s.length; k++) {
            s[k] = n.shape(k);
            d[k] = n.stride(k);
        }
        Odometer od = new Odometer(new Odometer.Plan(s, d, s.length), start);
        for (long i = start; i < end; ) {
            long len = od.run(end - i);
            for (long k = 0; k < len; k++) {
                long o = od.table() == null ? od.offset() + k * od.step() : od.base() + od.table()[(int) (od.position() + k)];
                assertEquals(l.apply(i + k), o, l + " at " + (i + k));
            }
            od.advance(len);
            i += len;
        }
    }
}
