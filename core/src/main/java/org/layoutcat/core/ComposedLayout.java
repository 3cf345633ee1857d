package org.layoutcat.core;

/**
 * CuTe's {@code ComposedLayout}: a swizzle after an offset after a layout, {@code Sw<B,M,S> o offset o L}, whose
 * layout function is {@code c ↦ sw(offset + L(c))} (the swizzle of element offsets). This is how kernels stage
 * tiles in shared memory: {@code Sw<3,3,3> o 0 o (8,64):(64,1)} permutes the 16-byte chunks of each 128-byte row of
 * a half-precision tile. Its shape, size and coordinates are L's.
 *
 * <p>Printed as CuTe prints it, {@code Sw<3,3,3> o 0 o (8,64):(64,1)}, and {@code parse(x.toString()).equals(x)}. A
 * swizzled layout may also be CuTe's pointer form, {@code Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)}: a swizzle
 * of the byte addresses of 16-bit elements, as the GMMA shared-memory atoms are written. Its function, in element
 * offsets, is that of {@code Sw<3,3,3> o 0 o …} (M less log2 of the element's bytes, as CuTe's recast of a swizzle
 * pointer does); it keeps its form ({@link #pointerBits}) and prints it, through the operations that keep the swizzle.
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
 * @param outer       the swizzle of element offsets, applied last
 * @param offset      the offset added before the swizzle, ≥ 0
 * @param inner       the layout, applied first
 * @param pointerBits 0 for the offset form; in CuTe's pointer form {@code smem_ptr[Nb]}, the element's bits N (1, 2,
 *                    4, 8, 16, ... up to {@link #MAX_POINTER_BITS}: CuTe prints {@code smem_ptr[4b]} for 4-bit
 *                    elements), with offset 0
 */
public record ComposedLayout(Swizzle outer, long offset, Layout inner, int pointerBits) implements AnyLayout {
    /** The widest element of the pointer form, in bits: 2^16, far past any element a kernel stores in shared memory. */
    public static final int MAX_POINTER_BITS = 1 << 16;

    /**
     * The composed layout {@code outer o offset o inner}, or its pointer form.
     *
     * @throws LayoutArgumentException for a null swizzle or layout, a negative offset, or a pointer form with an offset,
     *         with elements of other than 1, 2, 4, 8, 16, ... bits, or with a swizzle of bits below a byte
     *         (up to {@link #MAX_POINTER_BITS})
     * @throws ArithmeticException where {@code offset + L(i)} passes 2^63−1 for some i of L's domain
     */
    public ComposedLayout {
        if (outer == null || inner == null) throw new LayoutArgumentException("a composed layout needs a swizzle and a layout");
        if (offset < 0) throw new LayoutArgumentException("offset " + offset + " of a composed layout is negative");
        if (pointerBits != 0 && (pointerBits < 1 || pointerBits > MAX_POINTER_BITS || Integer.bitCount(pointerBits) != 1 || offset != 0)) {
            throw new LayoutArgumentException("smem_ptr[" + pointerBits + "b] with offset " + offset + ": CuTe's pointer form holds"
                    + " elements of 1, 2, 4, 8, 16, ... up to " + MAX_POINTER_BITS + " bits and no offset");
        }
        if (pointerBits != 0 && !outer.isIdentity() && outer.base() + log2Bytes(pointerBits) < 0) {
            throw new LayoutArgumentException(outer + " of " + pointerBits + "-bit element offsets moves bits below a byte, so no"
                    + " swizzle of byte addresses equals it: CuTe's pointer form smem_ptr[" + pointerBits + "b] takes M ≥ "
                    + -log2Bytes(pointerBits));
        }
        long largest = inner.largestOffset();
        if (offset > Long.MAX_VALUE - largest) { // the values offset + L(i) must fit, as a layout's own values do
            throw new ArithmeticException("the offsets of " + outer + " o " + offset + " o " + inner + " overflow the 64-bit range: offset + the"
                    + " largest of the layout is " + java.math.BigInteger.valueOf(offset).add(java.math.BigInteger.valueOf(largest))
                    + ", past 2^63−1");
        }
    }

    /** The composed layout {@code outer o offset o inner}, in the offset form. */
    public ComposedLayout(Swizzle outer, long offset, Layout inner) {
        this(outer, offset, inner, 0);
    }

    /**
     * The pointer form {@code Sw o smem_ptr[Nb](unset) o inner} of this swizzle of element offsets over N-bit elements:
     * its swizzle of byte addresses has M raised by log2 of the element's bytes.
     */
    public static ComposedLayout pointer(Swizzle elementSwizzle, Layout inner, int elementBits) {
        return new ComposedLayout(elementSwizzle, 0, inner, elementBits);
    }

    /**
     * Parses a swizzled layout, as {@link AnyLayout#parse} reads one.
     *
     * @throws LayoutArgumentException where the text is not a swizzled layout (a layout of another kind is refused
     *         with its kind named), as {@link AnyLayout#parse} words it
     */
    public static ComposedLayout parse(String text) {
        AnyLayout other = AnyLayout.parse(text);
        return switch (other) {
            case ComposedLayout c -> c;
            case Layout _, CoordLayout _, InnerSwizzledLayout _, GeneralComposedLayout _ -> throw new LayoutArgumentException(() -> "\"" + LayoutArgumentException.quote(text)
                    + "\" is " + other.kindInWords() + ", not a swizzled layout Sw<B,M,S> o OFFSET o LAYOUT");
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
        return new ComposedLayout(outer, offset, l, pointerBits);
    }

    /** This layout in the offset form, {@code Sw o offset o L} of element offsets. */
    public ComposedLayout inOffsetForm() {
        return pointerBits == 0 ? this : new ComposedLayout(outer, offset, inner);
    }

    /**
     * {@code Sw<B,M,S> o offset o L}, or in the pointer form {@code Sw<B,M',S> o smem_ptr[Nb](unset) o L} with the
     * swizzle of byte addresses ({@code M' = M + log2(N/8)}), as CuTe prints it (without its static marks).
     */
    @Override
    public String toString() {
        if (pointerBits == 0) return outer + " o " + offset + " o " + inner;
        return byteSwizzle() + " o smem_ptr[" + pointerBits + "b](unset) o " + inner;
    }

    /**
     * The pointer form's swizzle of byte addresses, {@code Sw<B,M+log2(N/8),S>} for {@code Sw<B,M,S>} of N-bit
     * elements (CuTe's {@code Sw<0,4,3>} where it moves no bits).
     *
     * @throws IllegalStateException in the offset form, whose swizzle acts on element offsets
     */
    public Swizzle byteSwizzle() {
        if (pointerBits == 0) throw new IllegalStateException(this + " is in the offset form: its swizzle acts on element offsets");
        return outer.isIdentity() ? new Swizzle(0, 4, 3) : new Swizzle(outer.bits(), outer.base() + log2Bytes(pointerBits), outer.shift());
    }

    /** log2 of an element's bytes, {@code log2(N/8)}: 1 for 16 bits, −1 for 4 bits (a power-of-two N). */
    public static int log2Bytes(int elementBits) {
        return Integer.numberOfTrailingZeros(elementBits) - 3;
    }
}
