package org.layoutcat.gpu.atom;

import org.layoutcat.core.atom.Element;

/**
 * The bit pattern of a small integer in a tensor-core input format, as the wgmma kernels store it in shared memory
 * or pack it into registers: f16 (IEEE binary16), bf16 (the high half of binary32), tf32 (a binary32 pattern whose low
 * 13 mantissa bits the instruction ignores), e4m3 and e5m2 (OCP 8-bit floating point: bias 7 with 3 mantissa bits,
 * bias 15 with 2), s8 (two's complement) and u8.
 */
public final class ElementBits {
    private ElementBits() {}

    /**
     * The bits of {@code x} in format {@code e}, in the low {@code e.bits()} bits.
     *
     * @throws IllegalArgumentException where {@code x} is not exact in {@code e} (|x| past 8 for the 8-bit floats, a
     *         mantissa that does not fit, a value outside s8's or u8's range), or for a format that is no input here
     */
    public static int of(Element e, int x) {
        return switch (e) {
            case F16 -> {
                if (Math.abs(x) > 2048) throw inexact(e, x, "|x| ≤ 2048");
                yield Float.floatToFloat16(x) & 0xFFFF;
            }
            case BF16 -> {
                if (Math.abs(x) > 256) throw inexact(e, x, "|x| ≤ 256");
                yield Float.floatToIntBits(x) >>> 16;
            }
            case TF32 -> {
                if (Math.abs(x) > 2048) throw inexact(e, x, "|x| ≤ 2048");
                yield Float.floatToIntBits(x);
            }
            case E4M3 -> minifloat(e, x, 4, 3);
            case E5M2 -> minifloat(e, x, 5, 2);
            case S8 -> {
                if (x < -128 || x > 127) throw inexact(e, x, "-128 ≤ x ≤ 127");
                yield x & 0xFF;
            }
            case U8 -> {
                if (x < 0 || x > 255) throw inexact(e, x, "0 ≤ x ≤ 255");
                yield x;
            }
            default -> throw new IllegalArgumentException("no input bit pattern for " + e + " (" + e.ptx() + ")");
        };
    }

    /** Sign, biased exponent and mantissa of an integer {@code x = ±1.m·2^p} with p below 8. */
    private static int minifloat(Element e, int x, int exponentBits, int mantissaBits) {
        if (x == 0) return 0;
        int a = Math.abs(x);
        int p = 31 - Integer.numberOfLeadingZeros(a); // 2^p ≤ a < 2^(p+1)
        int fraction = a - (1 << p);
        if (p > 7 || (fraction << mantissaBits) % (1 << p) != 0) {
            throw inexact(e, x, "±1.m·2^p with p ≤ 7 and " + mantissaBits + " mantissa bits");
        }
        int bias = (1 << (exponentBits - 1)) - 1;
        int m = (fraction << mantissaBits) >> p;
        return (x < 0 ? 0x80 : 0) | (p + bias) << mantissaBits | m;
    }

    private static IllegalArgumentException inexact(Element e, int x, String condition) {
        return new IllegalArgumentException(x + " is not exact in " + e.ptx() + ": it needs " + condition);
    }
}
