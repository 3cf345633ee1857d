package org.layoutcat.core.internal;

/**
 * The order of a layout's flat modes by a key of their strides and shapes: the one sort of modes in layoutcat
 * (complement, the inverses, injectivity, tractability and the standard representation, {@code sort(f)} of a tuple
 * morphism). Modes are named by their indices; equal keys keep the index order, so the order is a stable sort.
 *
 * <p>Insertion sort over shrinking gaps (Shell's) on primitive indices: {@code O(n^1.5)} comparisons for the few
 * modes of a layout, no allocation.
 */
public final class ModeOrder {
    private ModeOrder() {}

    /** A key on modes: negative, zero or positive as mode x's key is below, equal to or above mode y's. */
    @FunctionalInterface
    public interface Key {
        int compare(int x, int y);
    }

    /** By stride d. */
    public static Key byStride(long[] d) {
        return (x, y) -> Long.compare(d[x], d[y]);
    }

    /** By stride d, then shape s. */
    public static Key byStrideThenShape(long[] s, long[] d) {
        return (x, y) -> d[x] != d[y] ? Long.compare(d[x], d[y]) : Long.compare(s[x], s[y]);
    }

    /** Sorts {@code order[0, m)} by the key, equal keys in increasing index. */
    public static void sort(int[] order, int m, Key key) {
        for (int gap = m / 2; gap > 0; gap = gap == 2 ? 1 : gap * 5 / 11) {
            for (int i = gap; i < m; i++) {
                int x = order[i];
                int j = i;
                for (; j >= gap && before(key, x, order[j - gap]); j -= gap) order[j] = order[j - gap];
                order[j] = x;
            }
        }
    }

    private static boolean before(Key key, int x, int y) {
        int c = key.compare(x, y);
        return c != 0 ? c < 0 : x < y;
    }

    /** {@code 0, 1, …, n−1}. */
    public static int[] identity(int n) {
        int[] order = new int[n];
        for (int k = 0; k < n; k++) order[k] = k;
        return order;
    }

    /** Sorts the first n modes {@code (s):(d)} in place by stride, stably. */
    public static void sortByStride(long[] s, long[] d, int n) {
        int[] order = identity(n);
        sort(order, n, byStride(d));
        long[] ps = new long[n];
        long[] pd = new long[n];
        for (int k = 0; k < n; k++) {
            ps[k] = s[order[k]];
            pd[k] = d[order[k]];
        }
        System.arraycopy(ps, 0, s, 0, n);
        System.arraycopy(pd, 0, d, 0, n);
    }
}
