package org.layoutcat.gpu.cuda;

import static jcuda.driver.JCudaDriver.*;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jcuda.Pointer;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdevice_attribute;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUfunction;
import jcuda.driver.CUmodule;
import jcuda.driver.JCudaDriver;
import org.layoutcat.core.Layout;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.gpu.Backend;
import org.layoutcat.gpu.Comparison;
import org.layoutcat.gpu.LayoutChain;
import org.layoutcat.gpu.Operands;
import org.layoutcat.gpu.ptx.Kernel;
import org.layoutcat.gpu.ptx.Kernels;
import org.layoutcat.gpu.ptx.NormalizedComposedLayout;
import org.layoutcat.gpu.ptx.NormalizedLayout;

/**
 * The GPU backend: kernels from {@link Kernels} loaded with {@code cuModuleLoadData} (the driver JIT-compiles the
 * PTX) and launched through the CUDA driver API (JCuda's {@code JCudaDriver}; only {@code libcuda.so.1} is
 * needed). Uses device 0's primary context; host arrays are copied to and from device buffers around each
 * operation. Not thread-safe.
 */
public final class CudaBackend implements Backend {
    private static String availability;
    private static boolean probed;

    private final CUdevice device;
    private final CUcontext context;
    private final String name;
    private final int multiprocessors;
    private final int major;
    private final int minor;
    private final long memory;
    private final int driverVersion;
    private final Map<String, CUmodule> modules = new HashMap<>();
    private final Map<String, CUfunction> functions = new HashMap<>();
    private int blocksPerMultiprocessor = 32;
    private long gridStrideCap = Integer.MAX_VALUE;
    private boolean closed;

    private CudaBackend() {
        device = new CUdevice();
        cuDeviceGet(device, 0);
        context = new CUcontext();
        cuDevicePrimaryCtxRetain(context, device);
        cuCtxSetCurrent(context);
        byte[] n = new byte[256];
        cuDeviceGetName(n, n.length, device);
        int len = 0;
        while (len < n.length && n[len] != 0) len++;
        name = new String(n, 0, len, StandardCharsets.US_ASCII);
        multiprocessors = attribute(CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
        major = attribute(CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
        minor = attribute(CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
        long[] mem = {0};
        cuDeviceTotalMem(mem, device);
        memory = mem[0];
        int[] v = {0};
        cuDriverGetVersion(v);
        driverVersion = v[0];
    }

    private int attribute(int which) {
        int[] v = {0};
        cuDeviceGetAttribute(v, which, device);
        return v[0];
    }

    /**
     * Why no GPU can be used here, or null when one can: the JCuda driver library must load (it needs
     * {@code libcuda.so.1}), {@code cuInit} must succeed and report a device. Probed once per process.
     */
    public static synchronized String availability() {
        if (probed) return availability;
        probed = true;
        try {
            JCudaDriver.setExceptionsEnabled(true);
            cuInit(0);
            int[] count = {0};
            cuDeviceGetCount(count);
            availability = count[0] > 0 ? null : "no GPU (the CUDA driver reports 0 devices)";
        } catch (LinkageError e) {
            String m = String.valueOf(e.getMessage());
            availability = m.contains("libcuda") || m.contains("JCudaDriver") || e instanceof NoClassDefFoundError
                    ? "no GPU driver (libcuda.so.1 could not be loaded)"
                    : "no GPU driver (" + firstLine(m) + ")";
        } catch (RuntimeException e) {
            availability = "no usable GPU (" + firstLine(String.valueOf(e.getMessage())) + ")";
        }
        return availability;
    }

    private static String firstLine(String s) {
        int i = s.indexOf('\n');
        return i < 0 ? s : s.substring(0, i);
    }

    /** Opens device 0; IllegalStateException saying what is missing when there is no usable GPU. */
    public static CudaBackend open() {
        String why = availability();
        if (why != null) throw new IllegalStateException(why);
        try {
            return new CudaBackend();
        } catch (RuntimeException e) {
            throw new IllegalStateException("no usable GPU (" + firstLine(String.valueOf(e.getMessage())) + ")", e);
        }
    }

    public String deviceName() {
        return name;
    }

    public int multiprocessors() {
        return multiprocessors;
    }

    /** The compute capability, e.g. {@code sm_90}. */
    public String architecture() {
        return "sm_" + major + minor;
    }

    public long memoryBytes() {
        return memory;
    }

    @Override
    public String description() {
        return String.format(java.util.Locale.ROOT, "gpu: %s (%s, %d SMs, %.0f GiB, CUDA driver %d.%d)", name, architecture(), multiprocessors,
                memory / (double) (1L << 30), driverVersion / 1000, (driverVersion % 1000) / 10);
    }

    /** Caps reduction grids at {@code n} blocks per multiprocessor (default 32). */
    void blocksPerMultiprocessor(int n) {
        this.blocksPerMultiprocessor = n;
    }

    /** Caps grid-stride grids at {@code blocks} (default: none, one trip per thread), for benchmarks. */
    void gridStrideCap(long blocks) {
        this.gridStrideCap = blocks;
    }

    // ---- kernels ----

    /** The loaded function of a kernel (modules are cached by their PTX text). */
    CUfunction function(Kernel k) {
        CUfunction f = functions.get(k.ptx());
        if (f != null) return f;
        current();
        CUmodule m = new CUmodule();
        byte[] text = (k.ptx() + "\0").getBytes(StandardCharsets.US_ASCII);
        try {
            cuModuleLoadData(m, text);
        } catch (RuntimeException e) {
            throw new IllegalStateException("the CUDA driver rejected the PTX of " + k.entry() + " (" + k.summary() + "): "
                    + e.getMessage() + "; `layoutcat gpu ptx` prints the text for ptxas", e);
        }
        f = new CUfunction();
        cuModuleGetFunction(f, m, k.entry());
        modules.put(k.ptx(), m);
        functions.put(k.ptx(), f);
        return f;
    }

    /**
     * Loads the modules of {@code kernels} not loaded yet on {@code threads} threads at once (the driver JIT-compiles
     * each module's PTX; a thousand small wgmma kernels take about a minute one after another). A module the driver
     * rejects is left out here: {@link #function} loads it again when it is launched and reports the driver's error.
     *
     * @return the number of modules loaded
     */
    int preload(List<Kernel> kernels, int threads) {
        current();
        Map<String, Kernel> todo = new java.util.LinkedHashMap<>();
        for (Kernel k : kernels) if (!functions.containsKey(k.ptx())) todo.putIfAbsent(k.ptx(), k);
        Map<String, CUmodule> loaded = new java.util.concurrent.ConcurrentHashMap<>();
        Map<String, CUfunction> found = new java.util.concurrent.ConcurrentHashMap<>();
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(Math.max(1, threads));
        try {
            List<java.util.concurrent.Future<?>> done = new java.util.ArrayList<>();
            for (Kernel k : todo.values()) {
                done.add(pool.submit(() -> {
                    cuCtxSetCurrent(context);
                    CUmodule m = new CUmodule();
                    try {
                        cuModuleLoadData(m, (k.ptx() + "\0").getBytes(StandardCharsets.US_ASCII));
                    } catch (RuntimeException e) {
                        return; // function(k) reports it
                    }
                    CUfunction f = new CUfunction();
                    cuModuleGetFunction(f, m, k.entry());
                    loaded.put(k.ptx(), m);
                    found.put(k.ptx(), f);
                }));
            }
            for (java.util.concurrent.Future<?> f : done) {
                try {
                    f.get();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                } catch (java.util.concurrent.ExecutionException e) {
                    // left to function(k)
                }
            }
        } finally {
            pool.shutdown();
        }
        current();
        modules.putAll(loaded);
        functions.putAll(found);
        return loaded.size();
    }

    /** The number of blocks the grid of {@code k} gets. */
    long gridBlocks(Kernel k) {
        long threads = (long) k.blockX() * k.blockY();
        switch (k.geometry()) {
            case BLOCK_PER_TILE:
                return k.items();
            case THREAD_PER_ITEM:
                return ceilDiv(k.items(), threads);
            case GRID_STRIDE:
                return Math.max(1, Math.min(ceilDiv(k.items(), threads), gridStrideCap));
            default:
                return Math.max(1, Math.min(ceilDiv(k.items(), threads), (long) multiprocessors * blocksPerMultiprocessor));
        }
    }

    /** Launches {@code k} with the given {@code .u64} parameters (device pointers or numbers), asynchronously. */
    void launch(Kernel k, long... params) {
        CUfunction f = function(k);
        long blocks = gridBlocks(k);
        if (blocks == 0) return;
        if (blocks > Integer.MAX_VALUE) throw new IllegalArgumentException(k.entry() + " needs " + blocks + " blocks, more than a grid holds");
        Pointer[] ps = new Pointer[params.length];
        for (int i = 0; i < params.length; i++) ps[i] = Pointer.to(new long[] {params[i]});
        cuLaunchKernel(f, (int) blocks, 1, 1, k.blockX(), k.blockY(), 1, 0, null, Pointer.to(ps), null);
    }

    private static long ceilDiv(long a, long b) {
        return (a + b - 1) / b;
    }

    void current() {
        if (closed) throw new IllegalStateException("the GPU backend is closed");
        cuCtxSetCurrent(context);
    }

    /** A device allocation of {@code bytes}; closed, it is freed. */
    Buffer allocate(long bytes) {
        current();
        return new Buffer(Math.max(bytes, 16));
    }

    /** A device buffer. */
    static final class Buffer implements AutoCloseable {
        final DevicePointer ptr = new DevicePointer();
        final long bytes;

        Buffer(long bytes) {
            this.bytes = bytes;
            cuMemAlloc(ptr, bytes);
        }

        /** The device address, for kernel parameters. */
        long address() {
            return ptr.address();
        }

        @Override
        public void close() {
            cuMemFree(ptr);
        }
    }

    /** A device pointer whose raw address can be passed as a {@code .u64} kernel parameter. */
    static final class DevicePointer extends CUdeviceptr {
        long address() {
            return getNativePointer();
        }
    }

    // ---- operations ----

    @Override
    public void realize(Layout l, int[] out) {
        NormalizedLayout n = Operands.realize32(l, out.length);
        realize(Kernels.realize(n, Kernels.OffsetType.U32), Pointer.to(out), 4L * out.length);
    }

    @Override
    public void realize(Layout l, long[] out) {
        NormalizedLayout n = Operands.realize64(l, out.length);
        realize(Kernels.realize(n, Kernels.OffsetType.S64), Pointer.to(out), 8L * out.length);
    }

    @Override
    public Comparison compare(LayoutChain lhs, LayoutChain rhs, long n) {
        if (n == 0) return new Comparison(0, 0, -1);
        List<List<NormalizedLayout>> sides = Operands.compare(lhs, rhs, n);
        Kernel k = Kernels.compare(sides.get(0), sides.get(1), n);
        long[] result = {0, -1};
        try (Buffer b = allocate(16)) {
            cuMemcpyHtoD(b.ptr, Pointer.to(result), 16);
            launch(k, b.address(), n);
            cuMemcpyDtoH(Pointer.to(result), b.ptr, 16);
        }
        return new Comparison(n, result[0], result[0] == 0 ? -1 : result[1]);
    }

    @Override
    public void gather(Layout l, int[] src, int[] dst) {
        NormalizedLayout n = Operands.gather(l, src.length, dst.length);
        move(Kernels.gather(n, 4), src, dst, false);
    }

    @Override
    public void gather(Layout l, long[] src, long[] dst) {
        NormalizedLayout n = Operands.gather(l, src.length, dst.length);
        move(Kernels.gather(n, 8), src, dst, false);
    }

    @Override
    public void scatter(Layout l, int[] src, int[] dst) {
        NormalizedLayout n = Operands.scatter(l, src.length, dst.length);
        move(Kernels.scatter(n, 4), src, dst, true);
    }

    @Override
    public void scatter(Layout l, long[] src, long[] dst) {
        NormalizedLayout n = Operands.scatter(l, src.length, dst.length);
        move(Kernels.scatter(n, 8), src, dst, true);
    }

    @Override
    public void realize(ComposedLayout c, int[] out) {
        NormalizedComposedLayout n = Operands.realize32(c, out.length);
        realize(Kernels.realize(n, Kernels.OffsetType.U32), Pointer.to(out), 4L * out.length);
    }

    @Override
    public void realize(ComposedLayout c, long[] out) {
        NormalizedComposedLayout n = Operands.realize64(c, out.length);
        realize(Kernels.realize(n, Kernels.OffsetType.S64), Pointer.to(out), 8L * out.length);
    }

    @Override
    public void gather(ComposedLayout c, int[] src, int[] dst) {
        NormalizedComposedLayout n = Operands.gather(c, src.length, dst.length);
        move(Kernels.gather(n, 4), src, dst, false);
    }

    @Override
    public void gather(ComposedLayout c, long[] src, long[] dst) {
        NormalizedComposedLayout n = Operands.gather(c, src.length, dst.length);
        move(Kernels.gather(n, 8), src, dst, false);
    }

    @Override
    public void scatter(ComposedLayout c, int[] src, int[] dst) {
        NormalizedComposedLayout n = Operands.scatter(c, src.length, dst.length);
        move(Kernels.scatter(n, 4), src, dst, true);
    }

    @Override
    public void scatter(ComposedLayout c, long[] src, long[] dst) {
        NormalizedComposedLayout n = Operands.scatter(c, src.length, dst.length);
        move(Kernels.scatter(n, 8), src, dst, true);
    }

    @Override
    public void partition(Layout tv, int[] src, int[] dst) {
        NormalizedLayout[] m = Operands.partition(tv, src.length, dst.length);
        move(Kernels.partition(m[0], m[1], 4), src, dst, false);
    }

    @Override
    public void partition(Layout tv, long[] src, long[] dst) {
        NormalizedLayout[] m = Operands.partition(tv, src.length, dst.length);
        move(Kernels.partition(m[0], m[1], 8), src, dst, false);
    }

    /** Runs the kernel {@code k(out[, items])} that writes offsets and copies its {@code bytes} into {@code out}. */
    private void realize(Kernel k, Pointer out, long bytes) {
        try (Buffer b = allocate(bytes)) {
            launch(k, b.address(), k.items());
            cuMemcpyDtoH(out, b.ptr, bytes);
        }
    }

    /** {@link #move(Kernel, Pointer, long, Pointer, long, boolean)} on 32-bit elements. */
    private void move(Kernel k, int[] src, int[] dst, boolean keepDst) {
        move(k, Pointer.to(src), 4L * src.length, Pointer.to(dst), 4L * dst.length, keepDst);
    }

    /** {@link #move(Kernel, Pointer, long, Pointer, long, boolean)} on 64-bit elements. */
    private void move(Kernel k, long[] src, long[] dst, boolean keepDst) {
        move(k, Pointer.to(src), 8L * src.length, Pointer.to(dst), 8L * dst.length, keepDst);
    }

    /** Copies src in (and dst too when {@code keepDst}), runs {@code k(dst, src[, items])}, copies dst back. */
    private void move(Kernel k, Pointer src, long srcBytes, Pointer dst, long dstBytes, boolean keepDst) {
        try (Buffer s = allocate(srcBytes); Buffer d = allocate(dstBytes)) {
            cuMemcpyHtoD(s.ptr, src, srcBytes);
            if (keepDst) cuMemcpyHtoD(d.ptr, dst, dstBytes);
            if (k.geometry() == Kernel.Geometry.GRID_STRIDE) launch(k, d.address(), s.address(), k.items());
            else launch(k, d.address(), s.address());
            cuMemcpyDtoH(dst, d.ptr, dstBytes);
        }
    }

    @Override
    public void close() {
        if (closed) return;
        cuCtxSetCurrent(context);
        for (CUmodule m : modules.values()) cuModuleUnload(m);
        modules.clear();
        functions.clear();
        cuDevicePrimaryCtxRelease(device);
        closed = true;
    }
}
