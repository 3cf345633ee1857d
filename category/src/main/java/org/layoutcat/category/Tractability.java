package org.layoutcat.category;

import org.layoutcat.core.LayoutArgumentException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.layoutcat.core.Layout;

/**
 * Tractable layouts (paper §2.2): sort the flat modes {@code s:d} by stride (then shape); L is tractable when
 * every stride is non-negative and, for consecutive non-zero strides, {@code s_i·d_i} divides {@code d_(i+1)}.
 * Modes of shape 1 never move the layout function and are read with stride 0. Tractable layouts are exactly the
 * layouts encoded by tuple morphisms.
 */
public final class Tractability {
    private Tractability() {}

    /** True when L is tractable (shape-1 modes read with stride 0). */
    public static boolean isTractable(Layout layout) {
        return violation(layout).isEmpty();
    }

    /**
     * Empty when L is tractable; otherwise which flat modes break tractability and why, e.g.
     * {@code "after sorting by stride, flat mode 3 (2:4) reaches 8, which does not divide the stride 7 of flat mode 2 (2:7)"}.
     */
    public static Optional<String> violation(Layout layout) {
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
            long hi = Math.multiplyHigh(a[0], a[1]);
            long reach = a[0] * a[1];
            boolean divides = hi == 0 && reach >= 0 && b[0] % reach == 0;
            if (!divides) {
                why.add("after sorting by stride, flat mode " + (a[2] + 1) + " (" + a[1] + ":" + a[0] + ") reaches "
                        + (hi == 0 && reach >= 0 ? String.valueOf(reach) : a[1] + "·" + a[0])
                        + ", which does not divide the stride " + b[0] + " of flat mode " + (b[2] + 1) + " (" + b[1] + ":" + b[0] + ")");
            }
        }
        return why.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", why));
    }

    /** Throws an IllegalArgumentException naming {@code role}, the layout and the modes that break tractability. */
    public static void require(Layout layout, String role) {
        Optional<String> v = violation(layout);
        if (v.isPresent()) {
            throw new LayoutArgumentException(role + " " + layout + " is not tractable: " + v.get());
        }
    }
}
