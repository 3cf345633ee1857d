package org.layoutcat.gpu;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.Swizzle;

/**
 * Random layouts for cross-checks: hierarchical shapes with small and odd extents (so divisions by non-powers of
 * two occur), compact strides in a random mode order with optional gaps (injective), arbitrary strides with zeros
 * (not injective), transposes with partial tiles, and swizzled (composed) layouts. Deterministic for a given
 * {@link Random}.
 */
public final class RandomLayouts {
    private RandomLayouts() {}

    /** Flat extents with product ≤ {@code maxSize}: mostly 1–8, sometimes up to 40. */
    public static long[] shape(Random rnd, long maxSize) {
        int rank = 1 + rnd.nextInt(5);
        List<Long> s = new ArrayList<>();
        long size = 1;
        for (int k = 0; k < rank; k++) {
            long e = rnd.nextInt(4) == 0 ? 9 + rnd.nextInt(32) : 1 + rnd.nextInt(8);
            if (size * e > maxSize) break;
            s.add(e);
            size *= e;
        }
        if (s.isEmpty()) s.add(Math.max(1, Math.min(maxSize, 1 + rnd.nextInt(8))));
        return s.stream().mapToLong(Long::longValue).toArray();
    }

    /** An injective layout: compact strides in a random order of the modes, each gap multiplied by 1–3. */
    public static Layout injective(Random rnd, long maxSize) {
        long[] s = shape(rnd, maxSize);
        List<Integer> order = new ArrayList<>();
        for (int k = 0; k < s.length; k++) order.add(k);
        Collections.shuffle(order, rnd);
        long[] d = new long[s.length];
        long next = 1;
        for (int k : order) {
            d[k] = next * (rnd.nextInt(3) == 0 ? 1 + rnd.nextInt(3) : 1);
            next = d[k] * s[k];
        }
        return nest(rnd, s, d);
    }

    /** Any layout: strides in {@code [0, 40]}, or in {@code [−20, 40]} when {@code negative}. */
    public static Layout arbitrary(Random rnd, long maxSize, boolean negative) {
        long[] s = shape(rnd, maxSize);
        long[] d = new long[s.length];
        for (int k = 0; k < s.length; k++) d[k] = negative ? rnd.nextInt(61) - 20 : rnd.nextInt(41);
        return nest(rnd, s, d);
    }

    /**
     * A transpose-like layout {@code (a,b,c):(b·g,1,a·b·g)} with {@code a, b ∈ [16, 16+span)}, a unit-stride second mode,
     * so gather and scatter take the tiled path (often with partial tiles).
     */
    public static Layout transpose(Random rnd, int span, int batch) {
        long a = 16 + rnd.nextInt(span);
        long b = 16 + rnd.nextInt(span);
        long g = 1 + rnd.nextInt(2);
        long c = 1 + rnd.nextInt(batch);
        return Layout.of(IntTuple.flat(a, b, c), IntTuple.flat(b * g, 1, a * b * g));
    }

    /**
     * A composed layout {@code Sw<B,M,S> o offset o L}: B in 0–3, M in 0–4, {@code |S|} in {@code [max(B,1), B+3]}
     * of either sign, offset 0 or below 100, L injective (so it can be scattered through) or, when {@code injective}
     * is false, with arbitrary non-negative strides.
     */
    public static ComposedLayout composed(Random rnd, long maxSize, boolean injective) {
        int b = rnd.nextInt(4);
        int m = rnd.nextInt(5);
        int s = Math.max(b, 1) + rnd.nextInt(4);
        Swizzle sw = new Swizzle(b, m, rnd.nextBoolean() ? s : -s);
        long offset = rnd.nextBoolean() ? 0 : rnd.nextInt(100);
        return new ComposedLayout(sw, offset, injective ? injective(rnd, maxSize) : arbitrary(rnd, maxSize, false));
    }

    /** Groups the flat modes into a random hierarchy (one level), keeping their order. */
    static Layout nest(Random rnd, long[] s, long[] d) {
        if (s.length == 1) return Layout.of(s[0], d[0]);
        List<IntTuple> shapes = new ArrayList<>();
        List<IntTuple> strides = new ArrayList<>();
        int k = 0;
        while (k < s.length) {
            int len = Math.min(s.length - k, 1 + rnd.nextInt(2));
            if (len == 1) {
                shapes.add(IntTuple.of(s[k]));
                strides.add(IntTuple.of(d[k]));
            } else {
                shapes.add(IntTuple.flat(java.util.Arrays.copyOfRange(s, k, k + len)));
                strides.add(IntTuple.flat(java.util.Arrays.copyOfRange(d, k, k + len)));
            }
            k += len;
        }
        if (shapes.size() == 1) return Layout.of(shapes.get(0), strides.get(0));
        return Layout.of(IntTuple.of(shapes), IntTuple.of(strides));
    }
}
