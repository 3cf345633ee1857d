package org.layoutcat.core;

/**
 * CuTe's {@code ComposedLayout} with the swizzle inside, {@code L o offset o Sw}: the function
 * {@code x ↦ L(offset + Sw(x))}, the swizzle applied first. CuTe's inverses of a swizzled layout with an offset take this
 * form ({@code left_inverse(Sw<1,2,-4> o 64 o (32,8):(1,32)) = 256:1 o -64 o Sw<1,2,-4>}): the offset is then usually
 * negative. Printed as CuTe prints it, and {@code AnyLayout.parse(x.toString()).equals(x)}. Immutable.
 *
 * <p>A swizzle acts on every offset and has no shape (CuTe gives it none), so neither has this layout: it is a function
 * to evaluate at an index ({@link #apply(long)}, the operation {@code eval}) and to print; the operations that need a
 * shape refuse it, naming its kind.
 *
 * @param outer  the layout, applied last
 * @param offset the offset added between them, of either sign
 * @param inner  the swizzle, applied first
 */
public record InnerSwizzledLayout(Layout outer, long offset, Swizzle inner) implements AnyLayout {
    /**
     * The layout {@code outer o offset o inner}.
     *
     * @throws LayoutArgumentException for a null layout or swizzle
     */
    public InnerSwizzledLayout {
        if (outer == null || inner == null) throw new LayoutArgumentException("a layout after a swizzle needs a layout and a swizzle");
    }

    /**
     * {@code L(offset + Sw(x))} for an offset {@code x ≥ 0}.
     *
     * @throws LayoutArgumentException for a negative x, or where {@code offset + Sw(x)} is negative (outside L's domain)
     * @throws ArithmeticException where the sum overflows a long
     */
    public long apply(long x) {
        long i = Math.addExact(offset, inner.apply(x));
        if (i < 0) {
            throw new LayoutArgumentException(this + " at " + x + ": " + offset + " + " + inner + "(" + x + ") = " + i
                    + " is outside the domain of " + outer);
        }
        return outer.apply(i);
    }

    @Override
    public IntTuple shape() {
        throw noShape("shape");
    }

    @Override
    public long size() {
        throw noShape("size");
    }

    @Override
    public int rank() {
        throw noShape("rank");
    }

    @Override
    public int depth() {
        throw noShape("depth");
    }

    @Override
    public long cosize() {
        throw noShape("cosize");
    }

    @Override
    public IntTuple idx2crd(long index) {
        throw noShape("idx2crd");
    }

    @Override
    public long crd2idx(IntTuple coord) {
        throw noShape("crd2idx");
    }

    /**
     * The refusal of an operation that this kind does not take: {@code "OP of L o off o Sw: it is a layout after a
     * swizzle; ..."}.
     */
    public LayoutArgumentException refused(String op) {
        return AnyLayout.refuse(op, this, "it is a function to evaluate at an offset (eval), without a shape; " + op
                + " takes a layout with one");
    }

    private LayoutArgumentException noShape(String op) {
        return AnyLayout.refuse(op, this, "a swizzle acts on every offset and has no shape, so this layout has none; eval it at an offset");
    }

    /** {@code L o offset o Sw<B,M,S>}, as CuTe prints it (without its static marks). */
    @Override
    public String toString() {
        return outer + " o " + offset + " o " + inner;
    }
}
