package org.layoutcat.category;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;

/** The tractability test on flat arrays against the definition, read off a list of modes sorted by (stride, shape). */
class TractabilityProperties {

    @Provide
    Arbitrary<Layout> layouts() {
        return Arbitraries.randomValue(TractabilityProperties::layout);
    }

    /** Tractable layouts, degenerate ones, any layouts, and any layouts with some negative strides. */
    static Layout layout(Random r) {
        switch (r.nextInt(4)) {
            case 0:
                return Gen.tractable(r);
            case 1:
                return Gen.tractableMaybeDegenerate(r);
            case 2:
                return Gen.anyLayout(r);
            default:
                Layout l = Gen.anyLayout(r);
                long[] d = l.flatStrides();
                for (int k = 0; k < d.length; k++) if (r.nextInt(3) == 0) d[k] = -d[k];
                IntTuple shape = l.shape();
                return Layout.of(shape, shape.withLeaves(d));
        }
    }

    /**
     * tractabilityIsTheDefinition: {@link Tractability#isTractable} and the words of {@link Tractability#violation}
     * are those of the definition: every mode with shape ≠ 1 has a non-negative stride, and along the non-zero
     * strides sorted (stably) by stride then shape, each {@code s·d} divides the next stride.
     */
    @Property(tries = 3000)
    void tractabilityIsTheDefinition(@ForAll("layouts") Layout l) {
        Optional<String> expected = definition(l);
        Statistics.collect(expected.isEmpty() ? "tractable" : "not tractable");
        assertEquals(expected.isEmpty(), Tractability.isTractable(l), l.toString());
        assertEquals(expected, Tractability.violation(l), l.toString());
    }

    private static Optional<String> definition(Layout layout) {
        List<String> why = new ArrayList<>();
        List<long[]> modes = new ArrayList<>(); // {d, s, flat index}
        for (int k = 0; k < layout.flatRank(); k++) {
            long s = layout.flatShape(k);
            long d = layout.flatStride(k);
            if (s == 1 || d == 0) continue;
            if (d < 0) {
                why.add("flat mode " + (k + 1) + " (" + s + ":" + d + ") has a negative stride");
                continue;
            }
            modes.add(new long[] {d, s, k});
        }
        modes.sort((x, y) -> x[0] != y[0] ? Long.compare(x[0], y[0]) : Long.compare(x[1], y[1]));
        for (int i = 0; i + 1 < modes.size(); i++) {
            long[] a = modes.get(i);
            long[] b = modes.get(i + 1);
            boolean fits = Math.multiplyHigh(a[0], a[1]) == 0 && a[0] * a[1] >= 0;
            if (!fits || b[0] % (a[0] * a[1]) != 0) {
                why.add("after sorting by stride, flat mode " + (a[2] + 1) + " (" + a[1] + ":" + a[0] + ") reaches "
                        + (fits ? String.valueOf(a[0] * a[1]) : a[1] + "·" + a[0])
                        + ", which does not divide the stride " + b[0] + " of flat mode " + (b[2] + 1) + " (" + b[1] + ":" + b[0] + ")");
            }
        }
        return why.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", why));
    }
}
