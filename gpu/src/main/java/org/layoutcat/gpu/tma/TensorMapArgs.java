package org.layoutcat.gpu.tma;

import java.util.List;
import org.layoutcat.core.tma.TmaDescriptor;

/**
 * The arguments of one {@code cuTensorMapEncodeTiled} call, as numbers: a derived descriptor's, or a call as CuTe C++
 * passes it to the driver (printed on the host), to see what the driver or the hardware make of it.
 *
 * @param dataType       {@code CUtensorMapDataType}
 * @param elementBytes   the element's bytes
 * @param globalDim      the extents
 * @param globalStrides  the byte strides of dimensions 1 … rank−1
 * @param boxDim         the box
 * @param elementStrides the traversal steps
 * @param swizzle        {@code CUtensorMapSwizzle}
 */
public record TensorMapArgs(int dataType, int elementBytes, List<Long> globalDim, List<Long> globalStrides, List<Long> boxDim,
                            List<Long> elementStrides, int swizzle) {

    public TensorMapArgs {
        globalDim = List.copyOf(globalDim);
        globalStrides = List.copyOf(globalStrides);
        boxDim = List.copyOf(boxDim);
        elementStrides = List.copyOf(elementStrides);
        if (globalDim.isEmpty() || globalStrides.size() != globalDim.size() - 1 || boxDim.size() != globalDim.size()
                || elementStrides.size() != globalDim.size()) {
            throw new IllegalArgumentException("a tensor map of rank " + globalDim.size() + " takes " + (globalDim.size() - 1)
                    + " strides and as many box extents and element strides as dimensions: " + this);
        }
    }

    /** The arguments of a derived descriptor. */
    public static TensorMapArgs of(TmaDescriptor d) {
        return new TensorMapArgs(d.dataType().code, d.dataType().bytes(), d.globalDim(), d.globalStrides(), d.boxDim(), d.elementStrides(),
                d.swizzle().code);
    }

    public int rank() {
        return globalDim.size();
    }

    /** The bytes one copy moves: the box's elements, out-of-bounds ones (filled with zeros) included. */
    public long boxBytes() {
        long n = elementBytes;
        for (long b : boxDim) n = Math.multiplyExact(n, b);
        return n;
    }
}
