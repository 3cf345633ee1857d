package org.layoutcat.core;

/**
 * CuTe's {@code Swizzle<B,M,S>}: the bit function {@code x ↦ x ⊕ ((x ∧ Y) ≫ S)} on offsets, where the mask
 * {@code Y = (2^B − 1) ≪ (M + max(0, S))} selects B bits, M the least significant bits kept as they are, and a
 * negative S shifts left. The B bits at {@code M + max(0,S)} are XORed into the B bits at {@code M − min(0,S)}.
 * CuTe requires {@code B ≥ 0}, {@code M ≥ 0} and {@code |S| ≥ B}, so the two fields do not overlap and the function
 * is an involution: {@code sw(sw(x)) = x}. {@code Sw<3,3,3>(65) = 73}, {@code Sw<3,4,3>(200) = 216},
 * {@code Sw<2,0,-2>(13) = 9} (CuTe C++ prints these). Immutable; printed {@code Sw<B,M,S>} as CuTe prints it.
 *
 * @param bits  B, the number of bits XORed
 * @param base  M, the least significant bits left alone
 * @param shift S, the distance between the two fields (negative: the mask sits below its target)
 */
public record Swizzle(int bits, int base, int shift) implements LayoutFunction {
    /** The identity swizzle {@code Sw<0,4,3>} CuTe uses as a no-op (any B = 0 is one). */
    public static final Swizzle IDENTITY = new Swizzle(0, 4, 3);

    /**
     * The swizzle {@code Sw<B,M,S>}.
     *
     * @throws LayoutArgumentException unless {@code B ≥ 0}, {@code M ≥ 0}, {@code |S| ≥ B} and {@code B + M + |S| ≤ 62}
     */
    public Swizzle {
        if (bits < 0 || base < 0 || Math.abs(shift) < bits || bits + base + Math.abs(shift) > 62) {
            throw new LayoutArgumentException("Sw<" + bits + "," + base + "," + shift + "> is not a swizzle: CuTe needs"
                    + " B ≥ 0, M ≥ 0 and |S| ≥ B (and here B + M + |S| ≤ 62, the bits of an offset)");
        }
    }

    /**
     * The swizzle a text is where it is a bare {@code Sw<B,M,S>} (spaces aside), read by the one reader of CuTe
     * notation; empty where the text is anything else (a layout, say: {@link AnyLayout#parse} reads it).
     *
     * @throws LayoutArgumentException where the text is a bare swizzle whose B, M, S make none (see the constructor)
     */
    public static java.util.Optional<Swizzle> parseBare(String text) {
        return java.util.Optional.ofNullable(CuTeNotation.parseBareSwizzle(text));
    }

    /** The mask of the bits read, {@code (2^B − 1) ≪ (M + max(0,S))}. */
    public long yyyMask() {
        return ((1L << bits) - 1) << (base + Math.max(0, shift));
    }

    /** The mask of the bits written, {@code (2^B − 1) ≪ (M − min(0,S))}. */
    public long zzzMask() {
        return ((1L << bits) - 1) << (base - Math.min(0, shift));
    }

    /**
     * {@code sw(x) = x ⊕ ((x ∧ Y) ≫ S)} (a left shift for negative S), for an offset {@code x ≥ 0}.
     *
     * @throws LayoutArgumentException for a negative x
     */
    public long apply(long x) {
        if (x < 0) throw new LayoutArgumentException(this + " of the negative offset " + x + ": a swizzle acts on offsets ≥ 0");
        long y = x & yyyMask();
        return x ^ (shift >= 0 ? y >>> shift : y << -shift);
    }

    /**
     * CuTe's {@code make_swizzle<Y, Z>}: the swizzle that reads the bits of mask y and writes those of mask z
     * ({@code B = popcount(y)}, {@code M = min(tz(y), tz(z))}, {@code S = tz(y) − tz(z)}), e.g. masks 0b1000 and 0b0100
     * make {@code Sw<1,2,1>}; no bits at all make the identity.
     *
     * @throws LayoutArgumentException (in the context's words) unless y and z are runs of as many bits that fit a
     *         swizzle ({@code y | z} is the code of that swizzle)
     */
    public static Swizzle fromMasks(long y, long z, java.util.function.Supplier<String> context) {
        if (y == 0 && z == 0) return IDENTITY; // make_swizzle<0,0>: no bits to move, Swizzle<0,0,0>
        int b = Long.bitCount(y);
        if (y <= 0 || z <= 0 || b != Long.bitCount(z)) {
            throw new LayoutArgumentException(context.get() + " to the bits " + y + " and " + z + ", which are no swizzle's fields"
                    + " (two runs of as many bits)");
        }
        int ty = Long.numberOfTrailingZeros(y), tz = Long.numberOfTrailingZeros(z);
        Swizzle s;
        try {
            s = new Swizzle(b, Math.min(ty, tz), ty - tz);
        } catch (LayoutArgumentException e) {
            s = null;
        }
        if (s == null || s.yyyMask() != y || s.zzzMask() != z) {
            throw new LayoutArgumentException(context.get() + " to the bits " + y + " and " + z + ", which are no swizzle's fields"
                    + " (two runs of as many bits, |S| ≥ B apart)");
        }
        return s;
    }

    /** True for a swizzle that moves nothing (B = 0). */
    public boolean isIdentity() {
        return bits == 0;
    }

    @Override
    public String toString() {
        return "Sw<" + bits + "," + base + "," + shift + ">";
    }
}
