package org.layoutcat.gpu.tma;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.List;

/**
 * The driver's {@code cuTensorMapEncodeTiled}, called through the JDK's foreign-function API ({@code libcuda.so.1};
 * JCuda 12.6 does not wrap it): the 128-byte opaque tensor map, or the driver's {@code CUresult} where it refuses.
 * The bytes are the driver's; nothing here writes them.
 */
public final class TensorMapEncoder {
    /** The size of a {@code CUtensorMap}. */
    public static final int BYTES = 128;

    private final MethodHandle encode;
    private final MethodHandle encodeIm2col;

    private TensorMapEncoder(MethodHandle encode, MethodHandle encodeIm2col) {
        this.encode = encode;
        this.encodeIm2col = encodeIm2col;
    }

    /**
     * The encoder of the driver library this process has loaded (JCuda loads it), or of {@code libcuda.so.1}.
     *
     * @throws IllegalStateException where the library or the entry point is missing
     */
    public static TensorMapEncoder open() {
        Linker linker = Linker.nativeLinker();
        SymbolLookup lib;
        try {
            lib = SymbolLookup.libraryLookup("libcuda.so.1", Arena.global());
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("no CUDA driver library libcuda.so.1 to encode tensor maps with", e);
        }
        MemorySegment fn = lib.find("cuTensorMapEncodeTiled").orElseThrow(() ->
                new IllegalStateException("the CUDA driver has no cuTensorMapEncodeTiled (CUDA 12 or later has it)"));
        ValueLayout.OfInt i32 = ValueLayout.JAVA_INT;
        ValueLayout ptr = ValueLayout.ADDRESS;
        FunctionDescriptor d = FunctionDescriptor.of(i32, ptr, i32, i32, ptr, ptr, ptr, ptr, ptr, i32, i32, i32, i32);
        MethodHandle im2col = lib.find("cuTensorMapEncodeIm2col").map(f -> linker.downcallHandle(f,
                FunctionDescriptor.of(i32, ptr, i32, i32, ptr, ptr, ptr, ptr, ptr, i32, i32, ptr, i32, i32, i32, i32))).orElse(null);
        return new TensorMapEncoder(linker.downcallHandle(fn, d), im2col);
    }

    /** The driver's answer: the tensor map, or the {@code CUresult} it refused with. */
    public record Result(int status, byte[] map) {
        public boolean ok() {
            return status == 0;
        }
    }

    /**
     * {@code cuTensorMapEncodeTiled(&map, dataType, rank, globalAddress, globalDim, globalStrides, boxDim,
     * elementStrides, INTERLEAVE_NONE, swizzle, L2_PROMOTION_L2_128B, FLOAT_OOB_FILL_NONE)}, as CuTe calls it.
     */
    public Result encode(TensorMapArgs a, long globalAddress) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment map = arena.allocate(BYTES, 64);
            MemorySegment dims = longs(arena, a.globalDim());
            MemorySegment strides = longs(arena, a.globalStrides().isEmpty() ? List.of(0L) : a.globalStrides());
            MemorySegment box = ints(arena, a.boxDim());
            MemorySegment es = ints(arena, a.elementStrides());
            int status = (int) encode.invokeExact(map, a.dataType(), a.rank(), MemorySegment.ofAddress(globalAddress), dims, strides, box, es,
                    0, a.swizzle(), 2, 0);
            return new Result(status, status == 0 ? map.toArray(ValueLayout.JAVA_BYTE) : null);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("cuTensorMapEncodeTiled: " + t, t);
        }
    }

    /**
     * {@code cuTensorMapEncodeIm2col(&map, dataType, rank, globalAddress, globalDim, globalStrides, pixelBoxLowerCorner,
     * pixelBoxUpperCorner, channelsPerPixel, pixelsPerColumn, elementStrides, INTERLEAVE_NONE, swizzle,
     * L2_PROMOTION_L2_128B, FLOAT_OOB_FILL_NONE)}, as CuTe calls it.
     */
    public Result encode(Im2colArgs a, long globalAddress) {
        if (encodeIm2col == null) throw new IllegalStateException("the CUDA driver has no cuTensorMapEncodeIm2col (CUDA 12 or later has it)");
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment map = arena.allocate(BYTES, 64);
            MemorySegment lower = arena.allocate(ValueLayout.JAVA_INT, a.lowerCorner().size());
            MemorySegment upper = arena.allocate(ValueLayout.JAVA_INT, a.upperCorner().size());
            for (int i = 0; i < a.lowerCorner().size(); i++) {
                lower.setAtIndex(ValueLayout.JAVA_INT, i, Math.toIntExact(a.lowerCorner().get(i)));
                upper.setAtIndex(ValueLayout.JAVA_INT, i, Math.toIntExact(a.upperCorner().get(i)));
            }
            int status = (int) encodeIm2col.invokeExact(map, a.dataType(), a.rank(), MemorySegment.ofAddress(globalAddress), longs(arena, a.globalDim()),
                    longs(arena, a.globalStrides()), lower, upper, Math.toIntExact(a.channelsPerPixel()), Math.toIntExact(a.pixelsPerColumn()),
                    ints(arena, a.elementStrides()), 0, a.swizzle(), 2, 0);
            return new Result(status, status == 0 ? map.toArray(ValueLayout.JAVA_BYTE) : null);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("cuTensorMapEncodeIm2col: " + t, t);
        }
    }

    private static MemorySegment longs(Arena arena, List<Long> xs) {
        MemorySegment s = arena.allocate(ValueLayout.JAVA_LONG, xs.size());
        for (int i = 0; i < xs.size(); i++) s.setAtIndex(ValueLayout.JAVA_LONG, i, xs.get(i));
        return s;
    }

    private static MemorySegment ints(Arena arena, List<Long> xs) {
        MemorySegment s = arena.allocate(ValueLayout.JAVA_INT, xs.size());
        for (int i = 0; i < xs.size(); i++) s.setAtIndex(ValueLayout.JAVA_INT, i, Math.toIntExact(xs.get(i)));
        return s;
    }
}
