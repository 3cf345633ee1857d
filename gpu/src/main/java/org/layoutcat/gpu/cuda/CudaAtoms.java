package org.layoutcat.gpu.cuda;

import static jcuda.driver.JCudaDriver.*;

import jcuda.Pointer;
import org.layoutcat.gpu.atom.AtomDevice;
import org.layoutcat.gpu.atom.UmmaVerification;
import org.layoutcat.gpu.ptx.Kernel;
import org.layoutcat.gpu.ptx.UmmaKernels;

/** The atom kernels on the GPU of a {@link CudaBackend}: arrays copied in, one block of the kernel's threads, arrays copied out. */
public final class CudaAtoms implements AtomDevice, UmmaVerification.Device {
    private final CudaBackend gpu;

    public CudaAtoms(CudaBackend gpu) {
        this.gpu = gpu;
    }

    private CudaBackend.Buffer in(Pointer p, long bytes) {
        CudaBackend.Buffer b = gpu.allocate(bytes);
        cuMemcpyHtoD(b.ptr, p, bytes);
        return b;
    }

    @Override
    public double[] mma(Kernel k, double[] a, double[] b, int[] ia, int[] ib, int[] ic, int cLength) {
        return product(k, Pointer.to(a), 8L * a.length, Pointer.to(b), 8L * b.length, ia, ib, ic, cLength);
    }

    @Override
    public double[] wgmma(Kernel k, int[] a, int[] b, int[] ia, int[] ib, int[] ic, int cLength) {
        return product(k, Pointer.to(a), 4L * a.length, Pointer.to(b), 4L * b.length, ia, ib, ic, cLength);
    }

    /** A and B (and their index tables) copied in, the atom's kernel run, C (f64) copied out. */
    private double[] product(Kernel k, Pointer a, long aBytes, Pointer b, long bBytes, int[] ia, int[] ib, int[] ic, int cLength) {
        double[] c = new double[cLength];
        try (CudaBackend.Buffer da = in(a, aBytes); CudaBackend.Buffer db = in(b, bBytes);
             CudaBackend.Buffer dc = in(Pointer.to(c), 8L * c.length); CudaBackend.Buffer dia = in(Pointer.to(ia), 4L * ia.length);
             CudaBackend.Buffer dib = in(Pointer.to(ib), 4L * ib.length); CudaBackend.Buffer dic = in(Pointer.to(ic), 4L * ic.length)) {
            gpu.launch(k, da.address(), db.address(), dc.address(), dia.address(), dib.address(), dic.address());
            cuCtxSynchronize();
            cuMemcpyDtoH(Pointer.to(c), dc.ptr, 8L * c.length);
        }
        return c;
    }

    /**
     * The UMMA tile kernel ({@link UmmaKernels}): tcgen05 needs an SM100 GPU (B200, GB200; {@code sm_100a}).
     *
     * @throws IllegalStateException on any other GPU, naming it
     */
    @Override
    public double[] umma(Kernel k, UmmaKernels.Tile t, int[] a, int[] b, int[] c, int[] ia, int[] ib, int[] ic, int[] koff, long adesc,
                         long bdesc, int idesc, boolean integer) {
        if (!gpu.architecture().startsWith("sm_10")) {
            throw new IllegalStateException("tcgen05 runs on SM100 GPUs (B200, GB200: sm_100a); this one is " + gpu.architecture()
                    + " (" + gpu.deviceName() + ")");
        }
        int[] d = new int[128 * t.n() + 1];
        try (CudaBackend.Buffer da = in(Pointer.to(a), 4L * a.length); CudaBackend.Buffer db = in(Pointer.to(b), 4L * b.length);
             CudaBackend.Buffer dc = in(Pointer.to(c), 4L * c.length); CudaBackend.Buffer dd = in(Pointer.to(d), 4L * d.length);
             CudaBackend.Buffer dia = in(Pointer.to(ia), 4L * ia.length); CudaBackend.Buffer dib = in(Pointer.to(ib), 4L * ib.length);
             CudaBackend.Buffer dic = in(Pointer.to(ic), 4L * ic.length); CudaBackend.Buffer dk = in(Pointer.to(koff), 4L * koff.length)) {
            Pointer params = Pointer.to(Pointer.to(new long[] {da.address()}), Pointer.to(new long[] {db.address()}),
                    Pointer.to(new long[] {dc.address()}), Pointer.to(new long[] {dd.address()}), Pointer.to(new long[] {dia.address()}),
                    Pointer.to(new long[] {dib.address()}), Pointer.to(new long[] {dic.address()}), Pointer.to(new long[] {dk.address()}),
                    Pointer.to(new long[] {adesc}), Pointer.to(new long[] {bdesc}), Pointer.to(new int[] {idesc}));
            cuLaunchKernel(gpu.function(k), 1, 1, 1, 128, 1, 1, 0, null, params, null);
            cuCtxSynchronize();
            cuMemcpyDtoH(Pointer.to(d), dd.ptr, 4L * d.length);
        }
        double[] out = new double[d.length];
        for (int i = 0; i < d.length - 1; i++) out[i] = integer ? d[i] : Float.intBitsToFloat(d[i]);
        out[d.length - 1] = d[d.length - 1];
        return out;
    }

    @Override
    public int[] ldmatrix(Kernel k, int[] rows, int outLength) {
        int[] out = new int[outLength];
        try (CudaBackend.Buffer dout = in(Pointer.to(out), 4L * outLength); CudaBackend.Buffer drows = in(Pointer.to(rows), 4L * rows.length)) {
            gpu.launch(k, dout.address(), drows.address());
            cuCtxSynchronize();
            cuMemcpyDtoH(Pointer.to(out), dout.ptr, 4L * outLength);
        }
        return out;
    }

    @Override
    public int[] stmatrix(Kernel k, int[] rows, int[] regs, int outLength) {
        int[] out = new int[outLength];
        try (CudaBackend.Buffer dout = in(Pointer.to(out), 4L * outLength); CudaBackend.Buffer drows = in(Pointer.to(rows), 4L * rows.length);
             CudaBackend.Buffer dregs = in(Pointer.to(regs), 4L * regs.length)) {
            gpu.launch(k, dout.address(), drows.address(), dregs.address());
            cuCtxSynchronize();
            cuMemcpyDtoH(Pointer.to(out), dout.ptr, 4L * outLength);
        }
        return out;
    }

    /** Loads the kernels' modules on up to 8 threads at once ({@link CudaBackend#preload}). */
    @Override
    public void prepare(java.util.List<Kernel> kernels) {
        gpu.preload(kernels, Math.min(8, Runtime.getRuntime().availableProcessors()));
    }

    @Override
    public String description() {
        return gpu.description();
    }
}
