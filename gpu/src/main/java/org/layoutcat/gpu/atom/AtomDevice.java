package org.layoutcat.gpu.atom;

import org.layoutcat.gpu.ptx.Kernel;

/** A device that runs the atom kernels of {@code AtomKernels} once (one block of the kernel's threads). */
public interface AtomDevice {
    /** Runs an mma kernel {@code (a, b, c, ia, ib, ic)}; returns c, of {@code cLength} elements, initially 0. */
    double[] mma(Kernel k, double[] a, double[] b, int[] ia, int[] ib, int[] ic, int cLength);

    /**
     * Runs a wgmma kernel {@code (a, b, c, ia, ib, ic)} whose A and B are the elements' bit patterns (u32); returns c,
     * of {@code cLength} f64 elements, initially 0.
     */
    double[] wgmma(Kernel k, int[] a, int[] b, int[] ia, int[] ib, int[] ic, int cLength);

    /** Runs an ldmatrix kernel {@code (out, rows)}; returns out, of {@code outLength} words. */
    int[] ldmatrix(Kernel k, int[] rows, int outLength);

    /** Runs a stmatrix kernel {@code (out, rows, regs)}; returns out, of {@code outLength} words. */
    int[] stmatrix(Kernel k, int[] rows, int[] regs, int outLength);

    /** Readies the kernels about to run (a GPU compiles their modules ahead, at once); by default nothing. */
    default void prepare(java.util.List<Kernel> kernels) {}

    /** One line naming the device. */
    String description();
}
