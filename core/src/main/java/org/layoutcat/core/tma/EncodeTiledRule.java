package org.layoutcat.core.tma;

/**
 * The requirements that {@code cuda.h} states for the arguments of the driver's {@code cuTensorMapEncodeTiled} (the
 * comment above its declaration, CUDA 13.0), each once, by a stable name: {@link TmaDescriptor#derive} refuses a
 * descriptor that breaks one, and the TMA descriptor doctor names each one that a logged call breaks. The predicates
 * are the rules' definitions; each constant names its rule and says it in cuda.h's words.
 */
public enum EncodeTiledRule {
    /** tensorRank must be non-zero and at most 5. */
    TENSOR_RANK("tensor-rank", "tensorRank must be non-zero and at most the supported dimensionality of 5"),
    /** With an interleave, tensorRank at least 3. */
    RANK_WITH_INTERLEAVE("rank-with-interleave", "with an interleave other than NONE, tensorRank must be at least 3"),
    /** The lists hold rank entries, globalStrides rank − 1. */
    LIST_LENGTHS("list-lengths", "globalDim, boxDim and elementStrides hold tensorRank entries, globalStrides tensorRank - 1"),
    /** globalAddress 16-byte aligned, 32 with INTERLEAVE_32B or a 16-byte-aligned packed type. */
    GLOBAL_ADDRESS_ALIGNMENT("global-address-alignment", "globalAddress must be 16-byte aligned, 32-byte aligned with"
            + " INTERLEAVE_32B or the data types 16U6_ALIGN16B and 16U4_ALIGN16B"),
    /** globalDim non-zero and at most 2^32. */
    GLOBAL_DIM_BOUNDS("global-dim-bounds", "each globalDim must be non-zero and at most 2^32"),
    /** globalDim[0] of the packed types. */
    GLOBAL_DIM_PACKED("global-dim-packed", "globalDim[0] must be a multiple of 128 for 16U6_ALIGN16B and 16U4_ALIGN16B,"
            + " of 2 for 16U4_ALIGN8B"),
    /** globalStrides multiples of 16 bytes, 32 with INTERLEAVE_32B or a 16-byte-aligned packed type. */
    GLOBAL_STRIDES_ALIGNMENT("global-strides-alignment", "each globalStride must be a multiple of 16 bytes, of 32 with"
            + " INTERLEAVE_32B or the data types 16U6_ALIGN16B and 16U4_ALIGN16B"),
    /** globalStrides below 2^40. */
    GLOBAL_STRIDES_BOUND("global-strides-bound", "each globalStride must be less than 2^40 bytes"),
    /** boxDim non-zero and at most 256. */
    BOX_DIM_BOUNDS("box-dim-bounds", "each boxDim must be non-zero and at most 256"),
    /** Without an interleave, the box's inner dimension a multiple of 16 bytes. */
    BOX_INNER_BYTES("box-inner-bytes", "with INTERLEAVE_NONE, boxDim[0] times the element's bytes must be a multiple of 16"),
    /** boxDim[0] of the 16-byte-aligned packed types. */
    BOX_DIM_PACKED("box-dim-packed", "boxDim[0] must be 128 for 16U6_ALIGN16B and 16U4_ALIGN16B"),
    /** elementStrides non-zero and at most 8. */
    ELEMENT_STRIDES_BOUNDS("element-strides-bounds", "each elementStride must be non-zero and at most 8"),
    /** Swizzled without an interleave: the box's inner dimension within the swizzle's span. */
    SWIZZLE_SPAN("swizzle-span", "with INTERLEAVE_NONE and a swizzle, boxDim[0] times the element's bytes must be at most"
            + " the swizzle's span (32, 64 or 128 bytes)"),
    /** INTERLEAVE_32B takes SWIZZLE_32B only. */
    INTERLEAVE_32B_SWIZZLE("interleave-32b-swizzle", "with INTERLEAVE_32B the swizzle must be SWIZZLE_32B"),
    /** 16U6_ALIGN16B takes no interleave. */
    PACKED_INTERLEAVE("packed-interleave", "the data type 16U6_ALIGN16B requires INTERLEAVE_NONE"),
    /** The swizzles of the 16-byte-aligned packed types. */
    PACKED_SWIZZLE("packed-swizzle", "16U6_ALIGN16B takes SWIZZLE_NONE, 128B, 128B_ATOM_32B and (stores only)"
            + " 128B_ATOM_64B; 16U4_ALIGN16B takes SWIZZLE_NONE, 128B and 128B_ATOM_32B (loads only)"),
    /** The NaN fill needs a floating-point type, not a packed one. */
    OOB_FILL_FLOAT("oob-fill-float", "FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA needs a floating-point data type, not a packed"
            + " one");

    /** The rule's stable name. */
    public final String id;
    /** The rule in cuda.h's words. */
    public final String text;

    EncodeTiledRule(String id, String text) {
        this.id = id;
        this.text = text;
    }

    /** The byte-stride and address alignment with INTERLEAVE_32B or a 16-byte-aligned packed type. */
    public static final long WIDE_ALIGNMENT = 32;
    /** The byte-stride and address alignment otherwise. */
    public static final long ALIGNMENT = 16;
    /** The largest elementStride. */
    public static final long MAX_ELEMENT_STRIDE = 8;

    /** {@link #TENSOR_RANK}. */
    public static boolean rankFits(long rank) {
        return rank >= 1 && rank <= TmaDescriptor.MAX_RANK;
    }

    /** {@link #GLOBAL_DIM_BOUNDS}. */
    public static boolean globalDimFits(long extent) {
        return extent > 0 && extent <= TmaDescriptor.MAX_GLOBAL_DIM;
    }

    /** {@link #GLOBAL_STRIDES_ALIGNMENT} and {@link #GLOBAL_ADDRESS_ALIGNMENT}: a multiple of the alignment. */
    public static boolean aligned(long bytes, long alignment) {
        return bytes % alignment == 0;
    }

    /** {@link #GLOBAL_STRIDES_BOUND}. */
    public static boolean globalStrideFits(long bytes) {
        return bytes < TmaDescriptor.MAX_GLOBAL_STRIDE;
    }

    /** {@link #BOX_DIM_BOUNDS}. */
    public static boolean boxDimFits(long extent) {
        return extent > 0 && extent <= TmaDescriptor.MAX_BOX;
    }

    /** {@link #BOX_INNER_BYTES}. */
    public static boolean innerBoxBytesAligned(long bytes) {
        return bytes % ALIGNMENT == 0;
    }

    /** {@link #SWIZZLE_SPAN}: the inner box's bytes within a swizzle's span ({@link TmaSwizzle#span}). */
    public static boolean withinSwizzleSpan(long innerBytes, long span) {
        return innerBytes <= span;
    }

    /** {@link #ELEMENT_STRIDES_BOUNDS}. */
    public static boolean elementStrideFits(long step) {
        return step > 0 && step <= MAX_ELEMENT_STRIDE;
    }
}
