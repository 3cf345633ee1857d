package org.layoutcat.core.tma;

import org.layoutcat.core.Swizzle;

/**
 * The driver's {@code CUtensorMapSwizzle} modes that SM90 has: how TMA permutes the 16-byte chunks of each span of
 * shared memory it writes, which is the byte swizzle {@code Sw<B,4,3>} of the shared-memory layout (CuTe's
 * {@code get_tma_swizzle_bits}): B = 0 none, 1 the 32-byte span, 2 the 64-byte span, 3 the 128-byte span.
 */
public enum TmaSwizzle {
    SWIZZLE_NONE(0, 16), SWIZZLE_32B(1, 32), SWIZZLE_64B(2, 64), SWIZZLE_128B(3, 128);

    /** The value of {@code CU_TENSOR_MAP_SWIZZLE_...}, which is also the swizzle's B. */
    public final int code;
    /** The span in bytes whose 16-byte chunks are permuted: the box's inner extent may not pass it (16 for none). */
    public final int span;

    TmaSwizzle(int code, int span) {
        this.code = code;
        this.span = span;
    }

    /** The byte swizzle TMA applies in this mode: {@code Sw<code,4,3>}. */
    public Swizzle byteSwizzle() {
        return new Swizzle(code, 4, 3);
    }

    /**
     * The bytes a tile's start address in shared memory must be a multiple of, so that the address bits TMA swizzles
     * with are the tile's own: the swizzle's repeat of 8 spans (256, 512, 1024 bytes), and 128 bytes without swizzle
     * (the PTX ISA's alignment of {@code cp.async.bulk.tensor}'s shared-memory operand).
     */
    public int alignment() {
        return this == SWIZZLE_NONE ? 128 : 8 * span;
    }
}
