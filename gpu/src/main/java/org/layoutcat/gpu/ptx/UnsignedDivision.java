package org.layoutcat.gpu.ptx;

import java.math.BigInteger;

/**
 * Division by a constant {@code d ≥ 1} of an unsigned dividend {@code 0 ≤ x ≤ bound} in {@code w}-bit arithmetic,
 * without a divide instruction (Granlund–Montgomery; Hacker's Delight ch. 10):
 * <ul>
 *   <li>{@link Shift}: {@code d = 2^s}, {@code q = x >> s};</li>
 *   <li>{@link MulHi}: {@code q = mulhi(x, m) >> s} with {@code m = ⌈2^(w+s)/d⌉ < 2^w} and
 *       {@code (m·d − 2^(w+s))·bound < 2^(w+s)}, which makes {@code ⌊x·m/2^(w+s)⌋ = ⌊x/d⌋} for all {@code x ≤ bound};</li>
 *   <li>{@link MulHiAdd}: the {@code w+1}-bit magic {@code 2^w + m} for {@code p = w + l}, {@code l = ⌈log2 d⌉}:
 *       {@code t = mulhi(x, m)}, {@code q = (((x − t) >> 1) + t) >> (l − 1)}, correct for every {@code x < 2^w}.</li>
 * </ul>
 * The smallest shift that works for the given bound is chosen, so small dividends often get the 1-multiply form.
 * Postcondition (checked by property tests): {@link #apply(long)} = {@code ⌊x/d⌋} for {@code 0 ≤ x ≤ bound}.
 */
public sealed interface UnsignedDivision {

    /** The divisor. */
    long divisor();

    /** The width of the arithmetic. */
    Width width();

    /** ⌊x / d⌋ computed exactly as the emitted instructions do, in {@code w}-bit unsigned arithmetic. */
    long apply(long x);

    /** {@code q = x >> shift}; the divisor is {@code 2^shift} (shift 0: no instruction). */
    record Shift(long divisor, Width width, int shift) implements UnsignedDivision {
        @Override
        public long apply(long x) {
            return x >>> shift;
        }
    }

    /** {@code q = mulhi(x, magic) >> shift}. */
    record MulHi(long divisor, Width width, long magic, int shift) implements UnsignedDivision {
        @Override
        public long apply(long x) {
            return mulhi(width, x, magic) >>> shift;
        }
    }

    /** {@code t = mulhi(x, magic); q = (((x − t) >> 1) + t) >> (shift − 1)}: the magic is {@code 2^w + magic}. */
    record MulHiAdd(long divisor, Width width, long magic, int shift) implements UnsignedDivision {
        @Override
        public long apply(long x) {
            long t = mulhi(width, x, magic);
            long u = width.wrap(width.wrap(x - t) >>> 1) + t;
            return width.wrap(u) >>> (shift - 1);
        }
    }

    /**
     * The cheapest exact division by {@code d} for dividends in {@code [0, bound]}, {@code bound < 2^w}.
     * Throws IllegalArgumentException for {@code d < 1} or a bound outside the width.
     */
    static UnsignedDivision by(long d, long bound, Width w) {
        if (d < 1) throw new IllegalArgumentException("divisor " + d + " is not positive");
        if (bound < 0 || (w == Width.W32 && bound > w.max())) {
            throw new IllegalArgumentException("dividend bound " + bound + " does not fit " + w.bits + " bits");
        }
        if (w == Width.W32 && d > w.max()) {
            throw new IllegalArgumentException("divisor " + d + " does not fit 32 bits; its quotients are 0 and need no division");
        }
        if (Long.bitCount(d) == 1) return new Shift(d, w, Long.numberOfTrailingZeros(d));
        BigInteger bd = BigInteger.valueOf(d);
        BigInteger two = BigInteger.TWO;
        BigInteger limit = two.pow(w.bits);
        BigInteger bb = BigInteger.valueOf(bound);
        int l = 64 - Long.numberOfLeadingZeros(d - 1); // ⌈log2 d⌉ for d ≥ 2
        for (int s = 0; s <= l; s++) {
            BigInteger p = two.pow(w.bits + s);
            BigInteger m = p.add(bd).subtract(BigInteger.ONE).divide(bd); // ⌈2^p / d⌉
            if (m.compareTo(limit) >= 0) break;
            BigInteger e = m.multiply(bd).subtract(p);
            if (e.multiply(bb).compareTo(p) < 0) return new MulHi(d, w, m.longValue(), s);
        }
        BigInteger p = two.pow(w.bits + l);
        BigInteger m = p.add(bd).subtract(BigInteger.ONE).divide(bd); // in [2^w, 2^(w+1))
        return new MulHiAdd(d, w, m.subtract(limit).longValue(), l);
    }

    /** The high {@code w} bits of the {@code 2w}-bit product of unsigned {@code a} and {@code b}. */
    static long mulhi(Width w, long a, long b) {
        if (w == Width.W32) return ((a & 0xFFFF_FFFFL) * (b & 0xFFFF_FFFFL)) >>> 32;
        long hi = Math.multiplyHigh(a, b);
        return hi + ((a >> 63) & b) + ((b >> 63) & a);
    }
}
