package org.layoutcat.core.tma;

/**
 * The requirements that {@code cuda.h} states for the arguments of the driver's {@code cuTensorMapEncodeIm2col} (the
 * comment above its declaration, CUDA 13.0) where they differ from {@code cuTensorMapEncodeTiled}'s, each once, by a
 * stable name; the rules the two calls share (global dimensions, strides, address, element strides, the swizzles of
 * the packed types) are {@link EncodeTiledRule}'s. {@link TmaIm2colDescriptor#derive} refuses a descriptor that breaks
 * one. The predicates are the rules' definitions; each constant names its rule and says it in cuda.h's words.
 */
public enum EncodeIm2colRule {
    /** tensorRank 3, 4 or 5. */
    IM2COL_RANK("im2col-rank", "tensorRank must be 3, 4, or 5"),
    /** The lists hold rank entries, globalStrides rank − 1, the corners rank − 2. */
    IM2COL_LIST_LENGTHS("im2col-list-lengths", "globalDim and elementStrides hold tensorRank entries, globalStrides tensorRank - 1,"
            + " pixelBoxLowerCorner and pixelBoxUpperCorner tensorRank - 2 (the D, H, W dimensions)"),
    /** The corners' range by rank. */
    CORNER_RANGE("corner-range", "pixelBoxLowerCorner and pixelBoxUpperCorner hold tensorRank - 2 signed offsets, each within"
            + " [-32768, 32767] when tensorRank is 3, [-128, 127] when 4, [-16, 15] when 5"),
    /** The box between the corners has non-zero area. */
    BOX_AREA("box-area", "the bounding box specified by pixelBoxLowerCorner and pixelBoxUpperCorner must have non-zero area"),
    /** channelsPerPixel at most 256. */
    CHANNELS_PER_PIXEL("channels-per-pixel", "channelsPerPixel, the number of elements accessed along C, must be less than or"
            + " equal to 256"),
    /** channelsPerPixel of the 16-byte-aligned packed types. */
    CHANNELS_PACKED("channels-packed", "channelsPerPixel must be 128 when tensorDataType is 16U6_ALIGN16B or 16U4_ALIGN16B"),
    /** pixelsPerColumn at most 1024. */
    PIXELS_PER_COLUMN("pixels-per-column", "pixelsPerColumn, the number of elements accessed along the {N, D, H, W} dimensions,"
            + " must be less than or equal to 1024"),
    /** Swizzled without an interleave: the channels' bytes within the swizzle's span. */
    CHANNELS_SWIZZLE_SPAN("channels-swizzle-span", "with INTERLEAVE_NONE and a swizzle, the bounding box inner dimension"
            + " (channelsPerPixel times the element's bytes) must be less than or equal to the swizzle size (32, 64 or 128 bytes)");

    /** The rule's stable name. */
    public final String id;
    /** The rule in cuda.h's words. */
    public final String text;

    EncodeIm2colRule(String id, String text) {
        this.id = id;
        this.text = text;
    }

    /** The largest channelsPerPixel. */
    public static final long MAX_CHANNELS = 256;
    /** The largest pixelsPerColumn. */
    public static final long MAX_PIXELS = 1024;

    /** {@link #IM2COL_RANK}. */
    public static boolean rankFits(long rank) {
        return rank >= 3 && rank <= 5;
    }

    /** {@link #CORNER_RANGE}: the largest offset of a corner at a rank of 3 … 5 (the smallest is −1 − it). */
    public static long maxCorner(long rank) {
        return rank == 3 ? 32767 : rank == 4 ? 127 : 15;
    }

    /** {@link #CORNER_RANGE}. */
    public static boolean cornerFits(long offset, long rank) {
        return offset >= -maxCorner(rank) - 1 && offset <= maxCorner(rank);
    }

    /**
     * {@link #BOX_AREA}, along one spatial dimension: the box runs from {@code lower} to {@code extent − 1 + upper}, so
     * it holds {@code extent + upper − lower} pixels, which must be positive.
     */
    public static boolean boxHasArea(long extent, long lower, long upper) {
        return extent + upper - lower > 0;
    }

    /** {@link #CHANNELS_PER_PIXEL}. */
    public static boolean channelsFit(long channels) {
        return channels > 0 && channels <= MAX_CHANNELS;
    }

    /** {@link #PIXELS_PER_COLUMN}. */
    public static boolean pixelsFit(long pixels) {
        return pixels > 0 && pixels <= MAX_PIXELS;
    }
}
