package org.layoutcat.core;

/**
 * CuTe's {@code ComposedLayout}: a swizzle after an offset after a layout, {@code Sw<B,M,S> o offset o L}, whose
 * layout function is {@code c ↦ sw(offset + L(c))} (the swizzle of element offsets). This is how kernels stage
 * tiles in shared memory: {@code Sw<3,3,3> o 0 o (8,64):(64,1)} permutes the 16-byte chunks of each 128-byte row of
 * a half-precision tile. Its shape, size and coordinates are L's.
 *
 * <p>Printed as CuTe prints it, {@code Sw<3,3,3> o 0 o (8,64):(64,1)}, and {@code parse(x.toString()).equals(x)}.
 * {@link AnyLayout#parse} also reads CuTe's pointer form {@code Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)}, a
 * swizzle of byte addresses over 16-bit elements, as the swizzle of element offsets it equals
 * ({@code Sw<3,3,3> o 0 o …}: M less log2 of the element's bytes, as CuTe's recast of a swizzle pointer does).
 * Immutable.
 *
 * <p>The algebra of composed layouts is CuTe's ({@code layout_composed.hpp}, {@code swizzle_layout.hpp}), chosen by
 * kind where each operation is defined: composition with a layout or tiler on the right, the divides, the products,
 * {@code tile_to_shape}, coalesce and filter act on L and keep the swizzle and offset outside ({@link #withInner});
 * complement is L's; a slice keeps or decays the swizzle; the inverses pass the swizzle to the other side;
 * {@code upcast}/{@code downcast} rescale swizzle, offset and L together.
 *
 * <p>{@link #cosize} is the codomain of the function, {@code 1 + max sw(offset + L(i))}. CuTe C++'s {@code cosize} of
 * a swizzled layout is L's, which can be smaller ({@code Sw<3,3,3> o 0 o (8,8):(64,1)} reaches offset 511 at index 63;
 * CuTe's cosize is 456), so a buffer of that size would be overrun.
 *
 * @param outer  the swizzle, applied last
 * @param offset the offset added before the swizzle, ≥ 0
 * @param inner  the layout, applied first
 */
public record ComposedLayout(Swizzle outer, long offset, Layout inner) implements AnyLayout {
    /**
     * The composed layout {@code outer o offset o inner}.
     *
     * @throws LayoutArgumentException for a null swizzle or layout, or a negative offset
     */
    public ComposedLayout {
        if (outer == null || inner == null) throw new LayoutArgumentException("a composed layout needs a swizzle and a layout");
        if (offset < 0) throw new LayoutArgumentException("offset " + offset + " of a composed layout is negative");
    }

    /**
     * Parses a swizzled layout, as {@link AnyLayout#parse} reads one.
     *
     * @throws LayoutArgumentException where the text is not a swizzled layout (a layout of another kind is refused
     *         with its kind named), as {@link AnyLayout#parse} words it
     */
    public static ComposedLayout parse(String text) {
        return switch (AnyLayout.parse(text)) {
            case ComposedLayout c -> c;
            case AnyLayout other -> throw new LayoutArgumentException(() -> "\"" + LayoutArgumentException.quote(text)
                    + "\" is " + other.kind().words() + ", not a swizzled layout Sw<B,M,S> o OFFSET o LAYOUT");
        };
    }

    /**
     * {@code sw(offset + L(i))} for an index i of L's domain (L's last mode unbounded past it, as in CuTe).
     *
     * @throws LayoutArgumentException for a negative index or a negative {@code offset + L(…)} (a swizzle acts on
     *         offsets ≥ 0)
     * @throws ArithmeticException where the offset overflows a long
     */
    public long apply(long index) {
        return outer.apply(Math.addExact(offset, inner.apply(index)));
    }

    /**
     * {@code sw(offset + L(c))} for a coordinate of L.
     *
     * @throws LayoutArgumentException where the coordinate does not fit L (see {@link Layout#apply(IntTuple)}), or for
     *         a negative {@code offset + L(…)} (a swizzle acts on offsets ≥ 0)
     * @throws ArithmeticException where the offset overflows a long
     */
    public long apply(IntTuple coord) {
        return outer.apply(Math.addExact(offset, inner.apply(coord)));
    }

    @Override
    public IntTuple shape() {
        return inner.shape();
    }

    @Override
    public long size() {
        return inner.size();
    }

    @Override
    public int rank() {
        return inner.rank();
    }

    @Override
    public int depth() {
        return inner.depth();
    }

    @Override
    public Kind kind() {
        return Kind.SWIZZLED;
    }

    /** The most points {@link #cosize} visits one by one. */
    public static final long COSIZE_POINTS = 1L << 22;

    /**
     * {@code 1 + max_i sw(offset + L(i))}, by visiting every index (at most {@value #COSIZE_POINTS}).
     *
     * @throws LayoutArgumentException where L has more than {@value #COSIZE_POINTS} points, or for a negative {@code
     *         offset + L(…)} (a swizzle acts on offsets ≥ 0)
     * @throws ArithmeticException where an offset overflows a long
     */
    @Override
    public long cosize() {
        long n = inner.size();
        if (n > COSIZE_POINTS) {
            throw new LayoutArgumentException("cosize of " + this + " visits every one of its " + n + " points; more than "
                    + COSIZE_POINTS + " are not visited");
        }
        long max = -1;
        for (long i = 0; i < n; i++) max = Math.max(max, apply(i));
        return max + 1;
    }

    /** L's coordinate of an index (the swizzle acts on values, not on coordinates). */
    @Override
    public IntTuple idx2crd(long index) {
        return inner.idx2crd(index);
    }

    /** L's index of a coordinate. */
    @Override
    public long crd2idx(IntTuple coord) {
        return inner.crd2idx(coord);
    }

    /**
     * {@code Sw o off o L'}: this swizzle and offset after another layout, as CuTe's algebra of composed layouts
     * gives them (the divides and products of L, for instance).
     */
    public ComposedLayout withInner(Layout l) {
        return new ComposedLayout(outer, offset, l);
    }

    /** {@code Sw<B,M,S> o offset o L}, as CuTe prints it (without its static marks). */
    @Override
    public String toString() {
        return outer + " o " + offset + " o " + inner;
    }
}
