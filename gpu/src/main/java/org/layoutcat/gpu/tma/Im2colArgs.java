package org.layoutcat.gpu.tma;

import java.util.List;
import org.layoutcat.core.tma.TmaIm2colDescriptor;

/**
 * The arguments of one {@code cuTensorMapEncodeIm2col} call, as numbers (interleave none, L2 promotion 128 B, no
 * NaN fill, as CuTe passes them).
 *
 * @param dataType         {@code CUtensorMapDataType}
 * @param elementBytes     the element's bytes
 * @param globalDim        the extents, C first, then W, H, D, then N
 * @param globalStrides    the byte strides of dimensions 1 … rank−1
 * @param lowerCorner      {@code pixelBoxLowerCorner}, W first
 * @param upperCorner      {@code pixelBoxUpperCorner}
 * @param channelsPerPixel the channels of each pixel a copy loads
 * @param pixelsPerColumn  the pixels a copy loads
 * @param elementStrides   the traversal steps
 * @param swizzle          {@code CUtensorMapSwizzle}
 */
public record Im2colArgs(int dataType, int elementBytes, List<Long> globalDim, List<Long> globalStrides, List<Long> lowerCorner,
                         List<Long> upperCorner, long channelsPerPixel, long pixelsPerColumn, List<Long> elementStrides, int swizzle) {

    public Im2colArgs {
        globalDim = List.copyOf(globalDim);
        globalStrides = List.copyOf(globalStrides);
        lowerCorner = List.copyOf(lowerCorner);
        upperCorner = List.copyOf(upperCorner);
        elementStrides = List.copyOf(elementStrides);
        int r = globalDim.size();
        if (r < 3 || globalStrides.size() != r - 1 || lowerCorner.size() != r - 2 || upperCorner.size() != r - 2 || elementStrides.size() != r) {
            throw new IllegalArgumentException("an im2col tensor map of rank " + r + " (3 to 5) takes " + (r - 1) + " strides, "
                    + (r - 2) + " corners each and " + r + " element strides: " + this);
        }
    }

    /** The arguments of a derived descriptor. */
    public static Im2colArgs of(TmaIm2colDescriptor d) {
        return new Im2colArgs(d.dataType().code, d.dataType().bytes(), d.globalDim(), d.globalStrides(), d.lowerCorner(), d.upperCorner(),
                d.channelsPerPixel(), d.pixelsPerColumn(), d.elementStrides(), d.swizzle().code);
    }

    public int rank() {
        return globalDim.size();
    }

    /** The bytes one copy moves: its pixels' channels, out-of-bounds ones (filled with zeros) included. */
    public long boxBytes() {
        return Math.multiplyExact(Math.multiplyExact(channelsPerPixel, pixelsPerColumn), elementBytes);
    }
}
