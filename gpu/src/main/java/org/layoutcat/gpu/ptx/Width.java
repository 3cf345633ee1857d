package org.layoutcat.gpu.ptx;

/** The integer width of a kernel's index arithmetic: 32 bits when every index and offset fits, else 64. */
public enum Width {
    W32(32, "u32", "b32", "%r"),
    W64(64, "u64", "b64", "%rd");

    /** The number of bits. */
    public final int bits;
    final String unsigned;
    final String bitType;
    final String regPrefix;

    Width(int bits, String unsigned, String bitType, String regPrefix) {
        this.bits = bits;
        this.unsigned = unsigned;
        this.bitType = bitType;
        this.regPrefix = regPrefix;
    }

    /** {@code x mod 2^bits} as an unsigned value in a long. */
    public long wrap(long x) {
        return bits == 64 ? x : x & 0xFFFF_FFFFL;
    }

    /** The largest value: {@code 2^bits − 1} (as an unsigned long for 64). */
    public long max() {
        return bits == 64 ? -1L : 0xFFFF_FFFFL;
    }

    /** True when {@code 0 ≤ v < 2^bits} for a non-negative long {@code v} (always for 64). */
    public boolean holds(long v) {
        return v >= 0 && (bits == 64 || v <= 0xFFFF_FFFFL);
    }

    /** A PTX immediate holding {@code v mod 2^bits}, in hexadecimal. */
    String immediate(long v) {
        return bits == 64 ? String.format("0x%016X", v) : String.format("0x%08X", wrap(v));
    }
}
