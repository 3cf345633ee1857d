package org.layoutcat.gpu.cuda;

import static jcuda.driver.JCudaDriver.*;

import java.util.ArrayList;
import java.util.List;
import jcuda.Pointer;
import org.layoutcat.gpu.ptx.Kernel;
import org.layoutcat.gpu.ptx.TmaKernels;
import org.layoutcat.gpu.tma.Im2colArgs;
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
        return loadOne(TmaKernels.load(args.rank(), tileBytes), address -> encoder.encode(args, address), args, global, tileBytes, copies,
                ncopies, txBytes);
    }

    @Override
    public byte[] loadIm2col(Im2colArgs args, byte[] global, int tileBytes, int[] copies, int ncopies, long txBytes) {
        return loadOne(TmaKernels.loadIm2col(args.rank(), tileBytes), address -> encoder.encode(args, address), args, global, tileBytes,
                copies, ncopies, txBytes);
    }

    /** One block of the kernel over a tensor map the driver encodes over the global buffer: the tile's bytes and the flag. */
    private byte[] loadOne(Kernel k, java.util.function.LongFunction<TensorMapEncoder.Result> encode, Object args, byte[] global, int tileBytes,
                           int[] copies, int ncopies, long txBytes) {
        byte[] out = new byte[tileBytes + 4];
        try (CudaBackend.Buffer g = gpu.allocate(global.length); CudaBackend.Buffer o = gpu.allocate(out.length);
             CudaBackend.Buffer c = gpu.allocate(4L * Math.max(1, copies.length))) {
            cuMemcpyHtoD(g.ptr, Pointer.to(global), global.length);
            cuMemcpyHtoD(o.ptr, Pointer.to(out), out.length);
            cuMemcpyHtoD(c.ptr, Pointer.to(copies), 4L * copies.length);
            TensorMapEncoder.Result map = encode.apply(g.address());
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
    public byte[][] loadCluster(List<TensorMapArgs> maps, List<byte[]> globals, int cluster, int tileBytes, int[] copies, int ncopies, int[] txBytes) {
        if (maps.isEmpty() || maps.size() > 2 || globals.size() != maps.size()) {
            throw new IllegalArgumentException("the cluster kernel takes one or two tensor maps, each over its global buffer, not " + maps.size());
        }
        Kernel k = TmaKernels.clusterLoad(maps.get(0).rank(), tileBytes, cluster);
        int stride = tileBytes + 4;
        byte[] out = new byte[cluster * stride];
        List<CudaBackend.Buffer> held = new ArrayList<>();
        try {
            byte[][] encoded = new byte[2][];
            for (int i = 0; i < maps.size(); i++) {
                CudaBackend.Buffer g = gpu.allocate(globals.get(i).length);
                held.add(g);
                cuMemcpyHtoD(g.ptr, Pointer.to(globals.get(i)), globals.get(i).length);
                TensorMapEncoder.Result map = encoder.encode(maps.get(i), g.address());
                if (!map.ok()) throw new IllegalStateException("the driver refused the tensor map (CUresult " + map.status() + "): " + maps.get(i));
                encoded[i] = map.map();
            }
            if (encoded[1] == null) encoded[1] = encoded[0];
            CudaBackend.Buffer o = gpu.allocate(out.length), c = gpu.allocate(4L * Math.max(1, copies.length)), t = gpu.allocate(4L * cluster);
            held.addAll(List.of(o, c, t));
            cuMemcpyHtoD(o.ptr, Pointer.to(out), out.length);
            cuMemcpyHtoD(c.ptr, Pointer.to(copies), 4L * copies.length);
            cuMemcpyHtoD(t.ptr, Pointer.to(txBytes), 4L * cluster);
            Pointer params = Pointer.to(Pointer.to(encoded[0]), Pointer.to(encoded[1]), Pointer.to(new long[] {o.address()}),
                    Pointer.to(new long[] {c.address()}), Pointer.to(new int[] {ncopies}), Pointer.to(new long[] {t.address()}));
            cuLaunchKernel(gpu.function(k), cluster, 1, 1, 128, 1, 1, 0, null, params, null);
            cuCtxSynchronize();
            cuMemcpyDtoH(Pointer.to(out), o.ptr, out.length);
        } finally {
            for (CudaBackend.Buffer b : held) b.close();
        }
        byte[][] tiles = new byte[cluster][];
        for (int r = 0; r < cluster; r++) tiles[r] = java.util.Arrays.copyOfRange(out, r * stride, (r + 1) * stride);
        return tiles;
    }

    @Override
    public String description() {
        return gpu.description();
    }
}
