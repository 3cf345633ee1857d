package org.layoutcat.gpu.ptx;

/**
 * A generated kernel: the PTX module text (one {@code .entry} named {@link #entry()}), and how to launch it.
 *
 * @param entry    the entry point's name
 * @param ptx      the module text, ready for {@code cuModuleLoadData} (JIT-compiled by the driver) or ptxas
 * @param geometry how the grid covers the work
 * @param items    the work items: loop trips of a grid-stride kernel, tiles, or threads
 * @param blockX   threads per block along x
 * @param blockY   threads per block along y
 * @param summary  one line saying what the kernel computes, for logs and {@code layoutcat gpu ptx}
 */
public record Kernel(String entry, String ptx, Geometry geometry, long items, int blockX, int blockY, String summary) {

    /** How the grid covers the work items. */
    public enum Geometry {
        /**
         * Any number of blocks; each thread loops over items {@code g, g + threads, …} (the items count is a
         * parameter). Launched with one trip per thread, which measured best for the memory-bound kernels.
         */
        GRID_STRIDE,
        /**
         * A grid-stride loop whose threads accumulate and then publish with atomics: launched with a few waves of
         * blocks, so that the atomics stay few.
         */
        REDUCTION,
        /** One block per item (a tile); the grid has exactly {@code items} blocks. */
        BLOCK_PER_TILE,
        /** One thread per item; threads past {@code items} return at once. */
        THREAD_PER_ITEM
    }

    /**
     * The kernel; see the components.
     *
     * @throws IllegalArgumentException for a negative item count, or a block of fewer than 1 or more than 1024 threads
     */
    public Kernel {
        if (items < 0) throw new IllegalArgumentException("kernel " + entry + " has a negative item count " + items);
        if (blockX < 1 || blockY < 1 || (long) blockX * blockY > 1024) {
            throw new IllegalArgumentException("kernel " + entry + " has a block of " + blockX + "x" + blockY + " threads");
        }
    }
}
