package org.layoutcat.core.algebra;

/** Helpers on flat modes held as parallel arrays of shapes and strides. */
final class Strides {
    private Strides() {}

    /**
     * Sorts the first n modes {@code (s):(d)} by stride, stably (modes of equal stride keep their order, as
     * CuTe's selection of the first smallest stride does). Insertion sort: O(n²), n is a layout's flat rank.
     */
    static void sortByStride(long[] s, long[] d, int n) {
        for (int i = 1; i < n; i++) {
            long si = s[i], di = d[i];
            int j = i;
            for (; j > 0 && d[j - 1] > di; j--) {
                s[j] = s[j - 1];
                d[j] = d[j - 1];
            }
            s[j] = si;
            d[j] = di;
        }
    }
}
