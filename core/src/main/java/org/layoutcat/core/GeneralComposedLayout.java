package org.layoutcat.core;

/**
 * CuTe's {@code ComposedLayout<LayoutA, Offset, LayoutB>} in general, {@code A o offset o B}: the function
 * {@code c ↦ A(offset + B(c))}, B applied first, where A is any function of offsets CuTe composes (a {@link Swizzle}
 * or a layout of any kind) and B any layout, itself composed to any depth. Its shape, size, rank, depth and
 * coordinates are B's. CuTe holds a composition this way where no one layout holds it: {@code (4,4):(4,1) o 0 o
 * Sw<3,0,3> o 0 o (2,2,4):(1,4,2)} is {@code (4,4):(4,1)} after the swizzled layout, whose swizzle no layout with
 * integer strides carries ({@code A(i) = (4,4):(4,1)(Sw<3,0,3>((2,2,4):(1,4,2)(i)))} at every index).
 *
 * <p>The two forms CuTe's kernels write are their own kinds and are never held here: a swizzle after a layout
 * {@code Sw<B,M,S> o OFFSET o L} with {@code OFFSET ≥ 0} is a {@link ComposedLayout}, a layout after a swizzle
 * {@code L o OFFSET o Sw<B,M,S>} an {@link InnerSwizzledLayout}. {@link #of} builds a composition of any two and
 * returns the kind it is.
 *
 * <p><b>Canonical form.</b> CuTe C++ prints a composed layout {@code A o O o B} with A and B as they print
 * themselves, without parentheses: {@code print(make_composed_layout((_4,_4):(_4,_1), _0, Sw<3,0,3> o _0 o
 * (_2,_2,_4):(_1,_4,_2)))} is {@code (_4,_4):(_4,_1) o _0 o Sw<3,0,3> o _0 o (_2,_2,_4):(_1,_4,_2)}, and a composed
 * layout whose A is itself composed prints the same chain ({@code (A o O o B) o P o C} and {@code A o O o (B o P o C)}
 * are one function, the composition of functions being associative). So here A is always one function, a swizzle
 * or a layout that is not composed ({@link Layout}, {@link CoordLayout}), and the rest of the chain is B: {@link #of}
 * moves a composed A's parts into B, and {@code AnyLayout.parse(x.toString()).equals(x)}. The operations that
 * take a composed layout act on B and keep A and the offset, as CuTe's ({@code layout_composed.hpp}).
 *
 * <p>Immutable.
 *
 * @param layoutA the function applied last: a swizzle, a layout with integer strides or one with scaled-basis strides
 * @param offset  the offset added between them, of either sign (0 where B's values are coordinates)
 * @param layoutB the layout applied first, of any kind; its values are offsets, or coordinates for a layout A
 */
public record GeneralComposedLayout(LayoutFunction layoutA, long offset, AnyLayout layoutB) implements AnyLayout {
    /**
     * The composed layout {@code layoutA o offset o layoutB} in its canonical form (see the class comment); {@link #of}
     * builds any composition.
     *
     * @throws LayoutArgumentException for a null part, an A that is itself composed (whose parts {@link #of} moves
     *         into B), a swizzle after a layout with integer strides with an offset ≥ 0 (a {@link ComposedLayout}), or
     *         a B whose values are coordinates under a swizzle or with a nonzero offset
     */
    public GeneralComposedLayout {
        if (layoutA == null || layoutB == null) throw new LayoutArgumentException("a composed layout A o offset o B needs both A and B");
        if (layoutA instanceof ComposedLayout || layoutA instanceof InnerSwizzledLayout || layoutA instanceof GeneralComposedLayout) {
            throw new LayoutArgumentException("the composed layout " + layoutA + " o " + offset + " o " + layoutB + " has a composed A; its"
                    + " canonical form moves A's parts into B (GeneralComposedLayout.of)");
        }
        if (layoutA instanceof Swizzle && layoutB instanceof Layout && offset >= 0) {
            throw new LayoutArgumentException(layoutA + " o " + offset + " o " + layoutB + " is a swizzled layout (ComposedLayout), not a general"
                    + " composed layout");
        }
        if (!valuesAreOffsets(layoutB) && (layoutA instanceof Swizzle || offset != 0)) {
            throw new LayoutArgumentException("in " + layoutA + " o " + offset + " o " + layoutB + " the values of " + layoutB + " are coordinates:"
                    + " a swizzle acts on offsets and an offset adds to one, so only a layout A with offset 0 takes them");
        }
    }

    /**
     * {@code a o offset o b} as the kind it is: a {@link ComposedLayout} for a swizzle after a layout with integer
     * strides and an offset ≥ 0, else a {@link GeneralComposedLayout} in its canonical form (a composed a's parts moved
     * into b, {@code (X o m o Y) o offset o b = X o m o (Y o offset o b)}; a swizzled layout's pointer form is read as
     * its offset form). The function is {@code c ↦ a(offset + b(c))} either way.
     *
     * @throws LayoutArgumentException where b's values are coordinates under a swizzle or with a nonzero offset
     * @throws ArithmeticException where a swizzled layout's {@code offset + b(i)} passes 2^63−1
     */
    public static AnyLayout of(LayoutFunction a, long offset, AnyLayout b) {
        return switch (a) {
            case ComposedLayout c -> of(c.outer(), c.offset(), of(c.inner(), offset, b));
            case InnerSwizzledLayout s -> of(s.outer(), s.offset(), of(s.inner(), offset, b));
            case GeneralComposedLayout g -> of(g.layoutA(), g.offset(), of(g.layoutB(), offset, b));
            case Swizzle sw when b instanceof Layout l && offset >= 0 -> new ComposedLayout(sw, offset, l);
            case Swizzle sw -> new GeneralComposedLayout(sw, offset, b);
            case Layout l -> new GeneralComposedLayout(l, offset, b);
            case CoordLayout l -> new GeneralComposedLayout(l, offset, b);
        };
    }

    /**
     * Whether a layout's values are offsets (integers) rather than coordinates: all kinds but a layout with
     * scaled-basis strides and a composition whose A is one.
     */
    public static boolean valuesAreOffsets(AnyLayout l) {
        return switch (l) {
            case Layout _, ComposedLayout _, InnerSwizzledLayout _ -> true;
            case CoordLayout _ -> false;
            case GeneralComposedLayout g -> !(g.layoutA() instanceof CoordLayout);
        };
    }

    /**
     * {@code A o offset o B'}: this A and offset after another B, as CuTe's operations on a composed layout give them
     * ({@code composition(a.layout_a(), a.offset(), OP(a.layout_b(), ...))}), as the kind it is ({@link #of}).
     */
    public AnyLayout withLayoutB(AnyLayout b) {
        return of(layoutA, offset, b);
    }

    /**
     * {@code A(offset + B(at))} at an index (B's last mode unbounded past its size, as CuTe evaluates a layout) or a
     * coordinate of B: an offset, or a coordinate where A has scaled-basis strides.
     *
     * @throws LayoutArgumentException where B or A refuses the point (a negative index, a coordinate that does not
     *         fit, a swizzle of a negative offset)
     * @throws ArithmeticException where {@code offset + B(at)} or a value overflows a long
     */
    public IntTuple value(IntTuple at) {
        IntTuple x = layoutB.value(at);
        if (offset != 0) {
            long bx = x.value();
            if ((offset > 0 && bx > Long.MAX_VALUE - offset) || (offset < 0 && bx < Long.MIN_VALUE - offset)) {
                throw new ArithmeticException(this + " at " + at + ": the offset " + offset + " + B(" + at + ") = " + offset + " + " + bx
                        + " is outside the 64-bit range");
            }
            x = IntTuple.of(offset + bx);
        }
        return switch (layoutA) {
            case Swizzle sw -> IntTuple.of(sw.apply(x.value()));
            case AnyLayout a -> a.value(x);
        };
    }

    /**
     * {@code A(offset + B(i))} at an index, where the values are offsets.
     *
     * @throws LayoutArgumentException as {@link #value}, or where A has scaled-basis strides (its values are
     *         coordinates)
     * @throws ArithmeticException as {@link #value}
     */
    public long apply(long index) {
        if (!valuesAreOffsets(this)) {
            throw AnyLayout.refuse("eval", this, "its values are coordinates (A has scaled-basis strides), not offsets");
        }
        return value(IntTuple.of(index)).value();
    }

    @Override
    public IntTuple shape() {
        requireShape("shape");
        return layoutB.shape();
    }

    @Override
    public long size() {
        requireShape("size");
        return layoutB.size();
    }

    @Override
    public int rank() {
        requireShape("rank");
        return layoutB.rank();
    }

    @Override
    public int depth() {
        requireShape("depth");
        return layoutB.depth();
    }

    /**
     * {@code 1 + max_i A(offset + B(i))} over B's domain, by visiting every index (at most
     * {@link ComposedLayout#COSIZE_POINTS}), as {@link ComposedLayout#cosize} counts a swizzled layout's: the extent of
     * the offsets the function reaches. CuTe C++'s {@code cosize} of a composed layout is its B's
     * ({@code cosize(layout.layout_b())}), which says nothing of A's offsets: {@code cosize((4,4):(4,1) o 0 o Sw<3,0,3>
     * o 0 o (2,2,4):(1,4,2))} prints {@code _12} there, where the function reaches offset 14.
     *
     * @throws LayoutArgumentException where B has no shape or more than {@link ComposedLayout#COSIZE_POINTS} points, the
     *         values are coordinates, or a point is refused (as {@link #value})
     * @throws ArithmeticException where an offset overflows a long
     */
    @Override
    public long cosize() {
        requireShape("cosize");
        if (!valuesAreOffsets(this)) {
            throw AnyLayout.refuse("cosize", this, "its values are coordinates (A has scaled-basis strides), not offsets");
        }
        long n = layoutB.size();
        if (n > ComposedLayout.COSIZE_POINTS) {
            throw new LayoutArgumentException("cosize of " + this + " visits every one of its " + n + " points; more than "
                    + ComposedLayout.COSIZE_POINTS + " are not visited");
        }
        long max = -1;
        for (long i = 0; i < n; i++) max = Math.max(max, apply(i));
        return max + 1;
    }

    /** B's coordinate of an index (A acts on values, not on coordinates). */
    @Override
    public IntTuple idx2crd(long index) {
        requireShape("idx2crd");
        return layoutB.idx2crd(index);
    }

    /** B's index of a coordinate. */
    @Override
    public long crd2idx(IntTuple coord) {
        requireShape("crd2idx");
        return layoutB.crd2idx(coord);
    }

    /** Whether B has a shape: every kind but a layout after a swizzle, innermost. */
    public boolean hasShape() {
        return switch (layoutB) {
            case InnerSwizzledLayout _ -> false;
            case GeneralComposedLayout g -> g.hasShape();
            case Layout _, CoordLayout _, ComposedLayout _ -> true;
        };
    }

    private void requireShape(String op) {
        if (!hasShape()) {
            throw AnyLayout.refuse(op, this, "its B ends in a swizzle, which acts on every offset and has no shape, so this layout has"
                    + " none; eval it at an offset");
        }
    }

    /**
     * The refusal of an operation that CuTe does not take for a general composed layout: {@code "OP of A o O o B: it is
     * a composed layout (A o offset o B); WHY"}.
     */
    public LayoutArgumentException refused(String op, String why) {
        return AnyLayout.refuse(op, this, why);
    }

    /**
     * {@code A o OFFSET o B} as CuTe C++ prints a composed layout (without its static marks): A and B as they print
     * themselves, no parentheses.
     */
    @Override
    public String toString() {
        return layoutA + " o " + offset + " o " + layoutB;
    }
}
