package org.layoutcat.gpu;

import java.util.ArrayList;
import java.util.List;
import org.layoutcat.core.Layout;
import org.layoutcat.gpu.ptx.NormalizedLayout;
import org.layoutcat.gpu.ptx.OffsetProgram;

/**
 * A composite of layout functions {@code L_1∘L_2∘…∘L_k}, {@code L_k} applied first (java.util.function order),
 * evaluated pointwise: {@code x ↦ Φ_{L_1}(Φ_{L_2}(…Φ_{L_k}(x)))}, each Φ CuTe's (last mode unbounded). It is what
 * {@code compare} checks a layout against, e.g. the engine's composite {@code R = A∘B} against {@code A} applied to
 * {@code B}'s offsets. Immutable.
 */
public final class LayoutChain {
    private final List<Layout> factors;

    private LayoutChain(List<Layout> factors) {
        if (factors.isEmpty()) throw new IllegalArgumentException("a layout chain needs at least one layout");
        this.factors = List.copyOf(factors);
    }

    /** The layout function of one layout. */
    public static LayoutChain of(Layout l) {
        return new LayoutChain(List.of(l));
    }

    /** {@code a∘b}: {@code b} applied first. */
    public static LayoutChain composite(Layout a, Layout b) {
        return new LayoutChain(List.of(a, b));
    }

    /** {@code this∘g}: {@code g} applied first. */
    public LayoutChain compose(LayoutChain g) {
        List<Layout> all = new ArrayList<>(factors);
        all.addAll(g.factors);
        return new LayoutChain(all);
    }

    /** The layouts, outermost (applied last) first. */
    public List<Layout> factors() {
        return factors;
    }

    /**
     * The composite at {@code x ≥ 0}, through the core's {@code Layout.apply} (exact; overflow is an
     * ArithmeticException).
     *
     * @throws IllegalArgumentException for a negative x (a LayoutArgumentException), or where an inner layout gives a
     *         negative offset
     * @throws ArithmeticException where an offset overflows a long
     */
    public long apply(long x) {
        long v = x;
        for (int j = factors.size() - 1; j >= 0; j--) {
            if (v < 0) {
                throw new IllegalArgumentException("the offset " + v + " of " + factors.get(j + 1) + " is negative and cannot index " + factors.get(j));
            }
            v = factors.get(j).apply(v);
        }
        return v;
    }

    /**
     * The factors normalized for the domain {@code [0, n)}: each factor for the indices the previous one can produce
     * ({@link NormalizedLayout#of(Layout, long)}), so the normalized composite equals this one on {@code [0, n)}.
     *
     * @throws IllegalArgumentException for {@code n < 1}, or where an inner layout reaches a negative offset on the
     *         indices it is given
     * @throws ArithmeticException where the bounds of the offsets overflow a long
     */
    public List<NormalizedLayout> normalized(long n) {
        if (n < 1) throw new IllegalArgumentException("a domain of " + n + " points is empty");
        NormalizedLayout[] out = new NormalizedLayout[factors.size()];
        long maxIndex = n - 1;
        for (int j = factors.size() - 1; j >= 0; j--) {
            out[j] = NormalizedLayout.of(factors.get(j), maxIndex + 1);
            long[] range = OffsetProgram.ranges(List.of(out[j]), maxIndex);
            if (j > 0 && range[0] < 0) {
                throw new IllegalArgumentException("the layout " + factors.get(j) + " reaches the negative offset " + range[0]
                        + " on [0," + (maxIndex + 1) + ") and cannot feed " + factors.get(j - 1));
            }
            maxIndex = range[1];
        }
        return List.of(out);
    }

    /** {@code L_1∘…∘L_k} in CuTe notation, e.g. {@code (4,2):(2,1)∘8:3}. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (int j = 0; j < factors.size(); j++) sb.append(j == 0 ? "" : "∘").append(factors.get(j));
        return sb.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LayoutChain c && factors.equals(c.factors);
    }

    @Override
    public int hashCode() {
        return factors.hashCode();
    }
}
