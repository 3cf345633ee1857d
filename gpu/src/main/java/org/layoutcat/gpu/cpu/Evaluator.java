package org.layoutcat.gpu.cpu;

import org.layoutcat.gpu.ptx.NormalizedLayout;

/**
 * Φ of a normalized layout at arbitrary indices (the outer factors of a chain, whose inputs are not consecutive):
 * a shift and a mask for power-of-two extents, one division otherwise ({@code c = x − q·s}). Immutable.
 */
final class Evaluator {
    private final long[] shapes;
    private final long[] strides;
    private final int[] shifts;
    private final int last;

    Evaluator(NormalizedLayout l) {
        int r = l.rank();
        shapes = new long[r];
        strides = new long[r];
        shifts = new int[r];
        last = r - 1;
        for (int k = 0; k < r; k++) {
            shapes[k] = l.shape(k);
            strides[k] = l.stride(k);
            shifts[k] = Long.bitCount(shapes[k]) == 1 ? Long.numberOfTrailingZeros(shapes[k]) : -1;
        }
    }

    /** Φ(x) for {@code x ≥ 0}, in wrapping 64-bit arithmetic (exact where the offset fits). */
    long apply(long x) {
        long r = 0;
        for (int k = 0; k < last; k++) {
            int sh = shifts[k];
            if (sh >= 0) {
                r += (x & (shapes[k] - 1)) * strides[k];
                x >>>= sh;
            } else {
                long q = x / shapes[k];
                r += (x - q * shapes[k]) * strides[k];
                x = q;
            }
        }
        return r + x * strides[last];
    }
}
