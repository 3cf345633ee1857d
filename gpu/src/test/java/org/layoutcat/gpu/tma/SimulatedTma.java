package org.layoutcat.gpu.tma;

import java.util.List;

/**
 * A model of the driver and of {@code cp.async.bulk.tensor}'s tiled loads, from their documentation (the driver API's
 * {@code cuTensorMapEncodeTiled}, the PTX ISA's tensor copies and swizzle modes), to run {@link TmaVerification} where
 * there is no GPU. Encoding checks the driver's documented limits. A copy walks its box with dimension 0 fastest,
 * reads the element at {@code Σ coord_i · stride_i} (stride 0 the element, the others the byte strides) or 0 where a
 * coordinate is outside {@code [0, globalDim_i)}, and writes it at the box's next byte address, which the swizzle
 * mode permutes: {@code Sw<B,4,3>} of the address (B = the mode), from a 1024-byte aligned tile. A box's address must
 * be a multiple of 128 bytes (the H200 faults with CUDA_ERROR_MISALIGNED_ADDRESS otherwise).
 */
final class SimulatedTma implements TmaVerification.Device {

    @Override
    public int encodeStatus(TensorMapArgs a, byte[] global) {
        return valid(a) ? 0 : 1; // CUDA_ERROR_INVALID_VALUE
    }

    static boolean valid(TensorMapArgs a) {
        if (a.rank() < 1 || a.rank() > 5) return false;
        for (long d : a.globalDim()) if (d < 1 || d > 1L << 32) return false;
        for (long s : a.globalStrides()) if (s % 16 != 0 || s >= 1L << 40) return false;
        for (long b : a.boxDim()) if (b < 1 || b > 256) return false;
        for (long e : a.elementStrides()) if (e < 1 || e > 8) return false;
        long inner = a.boxDim().getFirst() * a.elementBytes();
        if (inner % 16 != 0) return false;
        int span = List.of(16, 32, 64, 128).get(a.swizzle());
        return a.swizzle() == 0 || inner <= span;
    }

    @Override
    public byte[] load(TensorMapArgs a, byte[] global, int tileBytes, int[] copies, int ncopies, long txBytes) {
        if (!valid(a)) throw new IllegalStateException("the driver refuses " + a);
        byte[] out = new byte[tileBytes + 4];
        java.util.Arrays.fill(out, 0, tileBytes, org.layoutcat.gpu.ptx.TmaKernels.POISON);
        int rank = a.rank();
        long moved = 0;
        for (int k = 0; k < ncopies; k++) {
            long[] coord = new long[rank];
            for (int i = 0; i < rank; i++) coord[i] = copies[k * (1 + rank) + 1 + i];
            moved += copy(a, global, coord, copies[k * (1 + rank)], out);
        }
        out[tileBytes] = (byte) (moved == txBytes ? 1 : 2);
        return out;
    }

    /**
     * The cluster: each copy lands in the tile of every CTA of its mask, at its offset; a CTA's flag is 1 where the
     * bytes that reached it are the bytes it expected, else 2 (its mbarrier never completes, and the kernel times out).
     */
    @Override
    public byte[][] loadCluster(List<TensorMapArgs> maps, List<byte[]> globals, int cluster, int tileBytes, int[] copies, int ncopies, int[] txBytes) {
        for (TensorMapArgs a : maps) if (!valid(a)) throw new IllegalStateException("the driver refuses " + a);
        int rank = maps.get(0).rank(), row = 4 + rank;
        byte[][] out = new byte[cluster][tileBytes + 4];
        long[] moved = new long[cluster];
        for (byte[] t : out) java.util.Arrays.fill(t, 0, tileBytes, org.layoutcat.gpu.ptx.TmaKernels.POISON);
        for (int k = 0; k < ncopies; k++) {
            int map = copies[k * row], mask = copies[k * row + 3];
            long[] coord = new long[rank];
            for (int i = 0; i < rank; i++) coord[i] = copies[k * row + 4 + i];
            for (int r = 0; r < cluster; r++) {
                if ((mask >>> r & 1) != 0) moved[r] += copy(maps.get(map), globals.get(map), coord, copies[k * row + 2], out[r]);
            }
        }
        for (int r = 0; r < cluster; r++) out[r][tileBytes] = (byte) (moved[r] == txBytes[r] ? 1 : 2);
        return out;
    }

    /**
     * The im2col copies, as the CUDA driver API documents {@code cuTensorMapEncodeIm2col} and the PTX ISA the im2col
     * mode: a copy loads {@code pixelsPerColumn} pixels of {@code channelsPerPixel} channels from channel c, its pixels
     * walking the bounding box {@code [lowerCorner, extent − 1 + upperCorner]} of each spatial dimension by the element
     * strides from the coordinates' pixel, W fastest, wrapping into H, D, then N; each pixel is read at its position
     * plus the im2col offsets, 0 where that is outside the tensor; the box lands row by row, channels contiguous.
     */
    @Override
    public byte[] loadIm2col(Im2colArgs a, byte[] global, int tileBytes, int[] copies, int ncopies, long txBytes) {
        byte[] out = new byte[tileBytes + 4];
        java.util.Arrays.fill(out, 0, tileBytes, org.layoutcat.gpu.ptx.TmaKernels.POISON);
        int rank = a.rank(), r = rank - 2, e = a.elementBytes(), row = 1 + rank + r;
        long moved = 0;
        for (int k = 0; k < ncopies; k++) {
            int base = copies[k * row];
            if (base % 128 != 0) throw new IllegalStateException("CUDA_ERROR_MISALIGNED_ADDRESS: a box at byte " + base);
            long c0 = copies[k * row + 1];
            long[] pos = new long[r + 1];
            for (int i = 0; i <= r; i++) pos[i] = copies[k * row + 2 + i];
            for (long p = 0; p < a.pixelsPerColumn(); p++) {
                for (long ch = 0; ch < a.channelsPerPixel(); ch++) {
                    long c = c0 + ch, offset = c * e;
                    boolean inside = c < a.globalDim().get(0) && pos[r] < a.globalDim().get(rank - 1);
                    for (int i = 0; i < r; i++) {
                        long x = pos[i] + copies[k * row + 1 + rank + i];
                        if (x < 0 || x >= a.globalDim().get(1 + i)) inside = false;
                        offset += x * a.globalStrides().get(i);
                    }
                    offset += pos[r] * a.globalStrides().get(rank - 2);
                    long addr = base + (p * a.channelsPerPixel() + ch) * e;
                    long to = swizzle(addr, a.swizzle());
                    for (int b = 0; b < e; b++) out[(int) (to + b)] = inside ? global[(int) (offset + b)] : 0;
                }
                // the next pixel: W by its element stride within the bounding box, wrapping into H, D, then N
                for (int i = 0; i <= r; i++) {
                    if (i == r) {
                        pos[r]++;
                        break;
                    }
                    pos[i] += a.elementStrides().get(1 + i);
                    if (pos[i] <= a.globalDim().get(1 + i) - 1 + a.upperCorner().get(i)) break;
                    pos[i] = a.lowerCorner().get(i);
                }
            }
            moved += a.boxBytes();
        }
        out[tileBytes] = (byte) (moved == txBytes ? 1 : 2);
        return out;
    }

    /** One box at coordinate {@code coord} into {@code out} from byte {@code base} (swizzled by address): its bytes. */
    private static long copy(TensorMapArgs a, byte[] global, long[] coord, int base, byte[] out) {
        if (base % 128 != 0) throw new IllegalStateException("CUDA_ERROR_MISALIGNED_ADDRESS: a box at byte " + base); // as the H200 answers
        int rank = a.rank(), e = a.elementBytes();
        long n = 1;
        for (long b : a.boxDim()) n *= b;
        for (long idx = 0; idx < n; idx++) {
            long rest = idx, offset = 0;
            boolean inside = true;
            for (int i = 0; i < rank; i++) {
                long x = coord[i] + rest % a.boxDim().get(i);
                rest /= a.boxDim().get(i);
                if (x < 0 || x >= a.globalDim().get(i)) inside = false;
                offset += i == 0 ? x * e : x * a.globalStrides().get(i - 1);
            }
            long addr = base + idx * e;
            long to = swizzle(addr, a.swizzle());
            for (int b = 0; b < e; b++) out[(int) (to + b)] = inside ? global[(int) (offset + b)] : 0;
        }
        return n * e;
    }

    /** {@code Sw<B,4,3>} of a byte address: bits 4.. 4+B−1 take the XOR of bits 7.. 7+B−1. */
    static long swizzle(long addr, int b) {
        long mask = ((1L << b) - 1) << 7;
        return addr ^ ((addr & mask) >>> 3);
    }

    @Override
    public String description() {
        return "a model of the driver and of TMA's tiled loads";
    }
}
