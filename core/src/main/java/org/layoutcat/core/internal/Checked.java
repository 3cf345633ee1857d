package org.layoutcat.core.internal;

/**
 * Exact {@code long} arithmetic for sizes, strides, cosizes and offsets: every overflow is an
 * {@link ArithmeticException} that names what was being computed, never a wrapped number.
 */
public final class Checked {
    private Checked() {}

    /**
     * {@code a * b}, or an ArithmeticException "overflow computing {what} of {of}". The message is built only on
     * overflow, so hot paths pass constants and the value concerned.
     */
    public static long mul(long a, long b, String what, Object of) {
        try {
            return Math.multiplyExact(a, b); // an intrinsic: a multiply and an overflow flag
        } catch (ArithmeticException e) {
            throw new ArithmeticException("overflow computing " + what + " of " + of + ": " + a + " * " + b + " exceeds the 64-bit range");
        }
    }

    /** True when {@code a·b} fits in a long. */
    public static boolean fits(long a, long b) {
        long hi = Math.multiplyHigh(a, b);
        long lo = a * b;
        return (hi == 0 && lo >= 0) || (hi == -1 && lo < 0);
    }

    /** {@code a + b}, or an ArithmeticException "overflow computing {what} of {of}". */
    public static long add(long a, long b, String what, Object of) {
        long r = a + b;
        if (((a ^ r) & (b ^ r)) < 0) {
            throw new ArithmeticException("overflow computing " + what + " of " + of + ": " + a + " + " + b + " exceeds the 64-bit range");
        }
        return r;
    }

    /** ⌈a / b⌉ for a ≥ 0, b > 0. */
    public static long ceilDiv(long a, long b) {
        return -Math.floorDiv(-a, b);
    }
}
