package org.layoutcat.gpu;

import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.Layout;

/**
 * Runs the data movement a layout describes, on the GPU ({@code org.layoutcat.gpu.cuda.CudaBackend}) or on the
 * CPU ({@code org.layoutcat.gpu.cpu.CpuBackend}); both give the same results, equal to the core's
 * {@code Layout.apply}. Arrays are host arrays; 4- and 8-byte elements are {@code int[]} and {@code long[]}
 * (floats and doubles move as their bits). Every operation works on the layout's coalesced normal form
 * ({@link org.layoutcat.gpu.ptx.NormalizedLayout}), which has the same layout function.
 *
 * <p>Realize, gather and scatter also run through composed layouts {@code Sw<B,M,S> o offset o L} (CuTe's swizzled
 * shared-memory layouts), whose function is {@code i ↦ sw(offset + L(i))} ({@link ComposedLayout#apply(long)}): the
 * inner layout is normalized and each offset swizzled.
 */
public interface Backend extends AutoCloseable {

    /** One line naming the backend and its device, e.g. {@code gpu: NVIDIA H100 80GB HBM3 (sm_90, 132 SMs)}. */
    String description();

    /**
     * {@code out[i] = Φ_L(i)} for {@code i ∈ [0, size(L))}, stored as unsigned 32-bit values
     * ({@code Integer.toUnsignedLong} reads them back). IllegalArgumentException when {@code out.length ≠ size(L)}
     * or an offset lies outside {@code [0, 2^32)}.
     *
     * @throws IllegalArgumentException where {@code out.length ≠ size(L)} or an offset lies outside {@code [0, 2^32)}
     * @throws ArithmeticException where the bounds of the offsets overflow a long
     */
    void realize(Layout l, int[] out);

    /**
     * {@code out[i] = Φ_L(i)} for {@code i ∈ [0, size(L))} as 64-bit offsets (negative strides allowed).
     *
     * @throws IllegalArgumentException where {@code out.length ≠ size(L)}
     * @throws ArithmeticException where the bounds of the offsets overflow a long
     */
    void realize(Layout l, long[] out);

    /**
     * Counts the {@code i ∈ [0, n)} where {@code lhs(i) ≠ rhs(i)} and finds the first; nothing is materialized, so
     * {@code n} may be {@code 2^32} or more.
     *
     * @throws IllegalArgumentException for {@code n < 1}, or where an inner layout of a chain reaches a negative offset
     *         on the indices it is given
     * @throws ArithmeticException where the bounds of the offsets overflow a long
     */
    Comparison compare(LayoutChain lhs, LayoutChain rhs, long n);

    /**
     * {@code dst[i] = src[Φ_L(i)]}, {@code i ∈ [0, size(L))}; {@code dst.length = size(L)}, {@code src} covers every
     * offset.
     *
     * @throws IllegalArgumentException where {@code dst.length ≠ size(L)} or an offset of L lies outside {@code [0,
     *         src.length)}
     * @throws ArithmeticException where the bounds of the offsets overflow a long
     */
    void gather(Layout l, int[] src, int[] dst);

    /**
     * {@code dst[i] = src[Φ_L(i)]} for 8-byte elements.
     *
     * @throws IllegalArgumentException where {@code dst.length ≠ size(L)} or an offset of L lies outside {@code [0,
     *         src.length)}
     * @throws ArithmeticException where the bounds of the offsets overflow a long
     */
    void gather(Layout l, long[] src, long[] dst);

    /**
     * {@code dst[Φ_L(i)] = src[i]}, {@code i ∈ [0, size(L))}; the other entries of {@code dst} keep their values.
     * L must be injective (IllegalArgumentException otherwise: the result would depend on the order of writes).
     *
     * @throws IllegalArgumentException where {@code src.length ≠ size(L)}, an offset of L lies outside {@code [0,
     *         dst.length)}, or L is not injective
     * @throws ArithmeticException where the bounds of the offsets overflow a long
     */
    void scatter(Layout l, int[] src, int[] dst);

    /**
     * {@code dst[Φ_L(i)] = src[i]} for 8-byte elements.
     *
     * @throws IllegalArgumentException where {@code src.length ≠ size(L)}, an offset of L lies outside {@code [0,
     *         dst.length)}, or L is not injective
     * @throws ArithmeticException where the bounds of the offsets overflow a long
     */
    void scatter(Layout l, long[] src, long[] dst);

    /**
     * {@code out[i] = sw(offset + L(i))} for {@code i ∈ [0, size(L))}, unsigned 32-bit; IllegalArgumentException when
     * {@code out.length ≠ size(L)}, {@code offset + L(i) < 0} somewhere, or the swizzled offsets may pass {@code 2^32 − 1}.
     *
     * @throws IllegalArgumentException where {@code out.length ≠ size(L)}, {@code offset + L(i) < 0} somewhere, or the
     *         swizzled offsets may pass {@code 2^32 − 1}
     * @throws ArithmeticException where the bounds of the offsets overflow a long
     */
    void realize(ComposedLayout c, int[] out);

    /**
     * {@code out[i] = sw(offset + L(i))} for {@code i ∈ [0, size(L))} as 64-bit offsets.
     *
     * @throws IllegalArgumentException where {@code out.length ≠ size(L)} or {@code offset + L(i) < 0} somewhere
     * @throws ArithmeticException where the bounds of the offsets overflow a long
     */
    void realize(ComposedLayout c, long[] out);

    /**
     * {@code dst[i] = src[sw(offset + L(i))]}, {@code i ∈ [0, size(L))}; {@code src} covers every swizzled offset.
     *
     * @throws IllegalArgumentException where {@code dst.length ≠ size(L)}, {@code offset + L(i) < 0} somewhere, or a
     *         swizzled offset may reach past {@code src}
     * @throws ArithmeticException where the bounds of the offsets overflow a long
     */
    void gather(ComposedLayout c, int[] src, int[] dst);

    /**
     * {@code dst[i] = src[sw(offset + L(i))]} for 8-byte elements.
     *
     * @throws IllegalArgumentException where {@code dst.length ≠ size(L)}, {@code offset + L(i) < 0} somewhere, or a
     *         swizzled offset may reach past {@code src}
     * @throws ArithmeticException where the bounds of the offsets overflow a long
     */
    void gather(ComposedLayout c, long[] src, long[] dst);

    /**
     * {@code dst[sw(offset + L(i))] = src[i]}; L must be injective (the swizzle is a bijection).
     *
     * @throws IllegalArgumentException where {@code src.length ≠ size(L)}, {@code offset + L(i) < 0} somewhere, a
     *         swizzled offset may reach past {@code dst}, or L is not injective
     * @throws ArithmeticException where the bounds of the offsets overflow a long
     */
    void scatter(ComposedLayout c, int[] src, int[] dst);

    /**
     * {@code dst[sw(offset + L(i))] = src[i]} for 8-byte elements.
     *
     * @throws IllegalArgumentException where {@code src.length ≠ size(L)}, {@code offset + L(i) < 0} somewhere, a
     *         swizzled offset may reach past {@code dst}, or L is not injective
     * @throws ArithmeticException where the bounds of the offsets overflow a long
     */
    void scatter(ComposedLayout c, long[] src, long[] dst);

    /**
     * Seed 003's partition by a TV layout (rank 2: thread mode, value mode): thread {@code t} copies its values,
     * {@code dst[t + T·v] = src[TV(t, v)]} for {@code t < T = size(mode 0)}, {@code v < V = size(mode 1)}.
     *
     * @throws IllegalArgumentException where TV does not have rank 2, {@code dst.length ≠ size(TV)}, or an offset of TV
     *         lies outside {@code [0, src.length)}
     * @throws ArithmeticException where the bounds of the offsets overflow a long
     */
    void partition(Layout tv, int[] src, int[] dst);

    /**
     * The partition for 8-byte elements.
     *
     * @throws IllegalArgumentException where TV does not have rank 2, {@code dst.length ≠ size(TV)}, or an offset of TV
     *         lies outside {@code [0, src.length)}
     * @throws ArithmeticException where the bounds of the offsets overflow a long
     */
    void partition(Layout tv, long[] src, long[] dst);

    /** Releases device resources; the CPU backend has none. */
    @Override
    void close();
}
