package org.layoutcat.gpu.cuda;

import static jcuda.driver.JCudaDriver.*;

import jcuda.Pointer;
import org.layoutcat.gpu.ptx.Kernel;
import org.layoutcat.gpu.ptx.TmaKernels;
import org.layoutcat.gpu.tma.TensorMapArgs;
import org.layoutcat.gpu.tma.TensorMapEncoder;
import org.layoutcat.gpu.tma.TmaVerification;

/** TMA loads on the GPU of a {@link CudaBackend}: the driver encodes the tensor map, one block runs the copies. */
public final class CudaTma implements TmaVerification.Device {
    private final CudaBackend gpu;
    private final TensorMapEncoder encoder = TensorMapEncoder.open();

    public CudaTma(CudaBackend gpu) {
        this.gpu = gpu;
    }

    @Override
    public int encodeStatus(TensorMapArgs args, byte[] global) {
        try (CudaBackend.Buffer g = gpu.allocate(global.length)) {
            return encoder.encode(args, g.address()).status();
        }
    }

    @Override
    public byte[] load(TensorMapArgs args, byte[] global, int tileBytes, int[] copies, int ncopies, long txBytes) {
        Kernel k = TmaKernels.load(args.rank(), tileBytes);
        byte[] out = new byte[tileBytes + 4];
        try (CudaBackend.Buffer g = gpu.allocate(global.length); CudaBackend.Buffer o = gpu.allocate(out.length);
             CudaBackend.Buffer c = gpu.allocate(4L * Math.max(1, copies.length))) {
            cuMemcpyHtoD(g.ptr, Pointer.to(global), global.length);
            cuMemcpyHtoD(o.ptr, Pointer.to(out), out.length);
            cuMemcpyHtoD(c.ptr, Pointer.to(copies), 4L * copies.length);
            TensorMapEncoder.Result map = encoder.encode(args, g.address());
            if (!map.ok()) throw new IllegalStateException("the driver refused the tensor map (CUresult " + map.status() + "): " + args);
            Pointer params = Pointer.to(Pointer.to(map.map()), Pointer.to(new long[] {o.address()}), Pointer.to(new long[] {c.address()}),
                    Pointer.to(new int[] {ncopies}), Pointer.to(new int[] {Math.toIntExact(txBytes)}));
            cuLaunchKernel(gpu.function(k), 1, 1, 1, 128, 1, 1, 0, null, params, null);
            cuCtxSynchronize();
            cuMemcpyDtoH(Pointer.to(out), o.ptr, out.length);
        }
        return out;
    }

    @Override
    public String description() {
        return gpu.description();
    }
}
