package org.layoutcat.category;

import org.layoutcat.category.internal.FlatMorphisms;
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
 *
 * <p>The test runs on the flat shape and stride arrays ({@link FlatMorphisms#isTractable(long[], long[], int)}) without
 * boxing or strings; the words of {@link #violation(Layout)} are built only for a layout that is not tractable.
 */
public final class Tractability {
    private Tractability() {}

    /** True when L is tractable (shape-1 modes read with stride 0). */
    public static boolean isTractable(Layout layout) {
        return FlatMorphisms.isTractable(layout.flatShapes(), layout.flatStrides(), layout.flatRank());
    }

    /**
     * Empty when L is tractable; otherwise which flat modes break tractability and why, e.g.
     * {@code "after sorting by stride, flat mode 3 (2:4) reaches 8, which does not divide the stride 7 of flat mode 2 (2:7)"}.
     */
    public static Optional<String> violation(Layout layout) {
        long[] s = layout.flatShapes();
        long[] d = layout.flatStrides();
        int n = layout.flatRank();
        if (FlatMorphisms.isTractable(s, d, n)) return Optional.empty();
        List<String> why = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            if (s[k] != 1 && d[k] < 0) why.add("flat mode " + (k + 1) + " (" + s[k] + ":" + d[k] + ") has a negative stride");
        }
        int[] order = new int[n];
        int m = FlatMorphisms.sortedModes(s, d, n, order);
        for (int i = 0; i + 1 < m; i++) {
            int a = order[i];
            int b = order[i + 1];
            if (FlatMorphisms.reach(s, d, a, b) < 0) {
                long hi = Math.multiplyHigh(d[a], s[a]);
                long r = d[a] * s[a];
                why.add("after sorting by stride, flat mode " + (a + 1) + " (" + s[a] + ":" + d[a] + ") reaches "
                        + (hi == 0 && r >= 0 ? String.valueOf(r) : s[a] + "·" + d[a])
                        + ", which does not divide the stride " + d[b] + " of flat mode " + (b + 1) + " (" + s[b] + ":" + d[b] + ")");
            }
        }
        return Optional.of(String.join("; ", why));
    }

    /** Throws an IllegalArgumentException naming {@code role}, the layout and the modes that break tractability. */
    public static void require(Layout layout, String role) {
        if (!isTractable(layout)) {
            throw new LayoutArgumentException(role + " " + layout + " is not tractable: " + violation(layout).get());
        }
    }
}
