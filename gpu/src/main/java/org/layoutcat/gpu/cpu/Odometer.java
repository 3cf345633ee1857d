package org.layoutcat.gpu.cpu;

import org.layoutcat.gpu.ptx.NormalizedLayout;

/**
 * Walks Φ of a normalized layout over consecutive indices without divisions: the colexicographic coordinate is
 * kept and carried like an odometer, and the offset follows it. Along mode 0 the offsets form runs
 * {@code off, off + d_0, …} that callers fill in tight loops. Mutable; one per thread.
 */
final class Odometer {
    private final long[] shapes;
    private final long[] strides;
    private final long[] coord;
    private final int last;
    private long offset;

    /** Positioned at index {@code start}. */
    Odometer(NormalizedLayout l, long start) {
        int r = l.rank();
        shapes = new long[r];
        strides = new long[r];
        coord = new long[r];
        last = r - 1;
        for (int k = 0; k < r; k++) {
            shapes[k] = l.shape(k);
            strides[k] = l.stride(k);
        }
        if (last == 0) shapes[0] = Long.MAX_VALUE; // the only mode is unbounded
        long x = start;
        for (int k = 0; k < last; k++) {
            coord[k] = x % shapes[k];
            x /= shapes[k];
            offset += coord[k] * strides[k];
        }
        coord[last] = x;
        offset += x * strides[last];
    }

    /** Φ at the current index. */
    long offset() {
        return offset;
    }

    /** The stride along the current run. */
    long step() {
        return strides[0];
    }

    /** How many indices, at most {@code limit}, remain in the current run along mode 0. */
    long run(long limit) {
        return Math.min(shapes[0] - coord[0], limit);
    }

    /** Moves {@code len} indices forward; {@code len} must not pass the end of the current run. */
    void advance(long len) {
        coord[0] += len;
        offset += len * strides[0];
        if (coord[0] == shapes[0] && last > 0) {
            offset -= shapes[0] * strides[0];
            coord[0] = 0;
            int k = 1;
            coord[1]++;
            offset += strides[1];
            while (k < last && coord[k] == shapes[k]) {
                offset -= shapes[k] * strides[k];
                coord[k] = 0;
                k++;
                coord[k]++;
                offset += strides[k];
            }
        }
    }
}
