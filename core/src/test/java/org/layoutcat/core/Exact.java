package org.layoutcat.core;

import java.math.BigInteger;

/** Reference arithmetic for the tests: layout functions and sizes in BigInteger, which cannot wrap. */
public final class Exact {
    private static final BigInteger MIN = BigInteger.valueOf(Long.MIN_VALUE);
    private static final BigInteger MAX = BigInteger.valueOf(Long.MAX_VALUE);

    private Exact() {}

    /** The product of the leaves. */
    public static BigInteger size(IntTuple shape) {
        BigInteger p = BigInteger.ONE;
        for (long x : shape.leaves()) p = p.multiply(BigInteger.valueOf(x));
        return p;
    }

    /** Φ(i) for the flat modes (s_k:d_k), colexicographic, the last mode unbounded. */
    public static BigInteger apply(long[] shape, long[] stride, BigInteger index) {
        BigInteger r = BigInteger.ZERO;
        BigInteger i = index;
        for (int k = 0; k < shape.length; k++) {
            BigInteger c;
            if (k == shape.length - 1) {
                c = i;
            } else {
                BigInteger[] qr = i.divideAndRemainder(BigInteger.valueOf(shape[k]));
                c = qr[1];
                i = qr[0];
            }
            r = r.add(c.multiply(BigInteger.valueOf(stride[k])));
        }
        return r;
    }

    /** Φ_L(i) without overflow. */
    public static BigInteger apply(Layout l, long index) {
        return apply(l.flatShapes(), l.flatStrides(), BigInteger.valueOf(index));
    }

    /** The largest value of the layout (s_k):(d_k) on its domain: Σ (s_k−1)·d_k over the positive strides. */
    public static BigInteger largest(long[] shape, long[] stride) {
        BigInteger r = BigInteger.ZERO;
        for (int k = 0; k < shape.length; k++) if (stride[k] > 0) r = r.add(BigInteger.valueOf(shape[k] - 1).multiply(BigInteger.valueOf(stride[k])));
        return r;
    }

    /** The least value of the layout (s_k):(d_k) on its domain: Σ (s_k−1)·d_k over the negative strides. */
    public static BigInteger least(long[] shape, long[] stride) {
        BigInteger r = BigInteger.ZERO;
        for (int k = 0; k < shape.length; k++) if (stride[k] < 0) r = r.add(BigInteger.valueOf(shape[k] - 1).multiply(BigInteger.valueOf(stride[k])));
        return r;
    }

    /** CuTe's cosize ({@code layout.hpp}: the coshape sums (s−1)·|d|): 1 + Σ (s_k−1)·|d_k|. */
    public static BigInteger cosize(long[] shape, long[] stride) {
        BigInteger r = BigInteger.ONE;
        for (int k = 0; k < shape.length; k++) r = r.add(BigInteger.valueOf(shape[k] - 1).multiply(BigInteger.valueOf(stride[k]).abs()));
        return r;
    }

    /** True when x fits in a long. */
    public static boolean fits(BigInteger x) {
        return x.compareTo(MIN) >= 0 && x.compareTo(MAX) <= 0;
    }
}
