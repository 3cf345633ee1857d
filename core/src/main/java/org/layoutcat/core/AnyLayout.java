package org.layoutcat.core;

/**
 * A layout of any of CuTe's kinds, the one type the algebra chooses by: a {@link Layout} with integer strides
 * ({@code (4,8):(1,4)}), a {@link CoordLayout} with scaled-basis strides, whose values are coordinates
 * ({@code (4,8):(1@0,1@1)}), a swizzled {@link ComposedLayout} ({@code Sw<3,3,3> o 0 o (8,64):(64,1)}), or, as CuTe's
 * inverses of swizzled layouts give it, a layout after a swizzle ({@link InnerSwizzledLayout},
 * {@code 256:1 o -64 o Sw<1,2,-4>}), or any other composition CuTe holds, {@code A o offset o B} with A a swizzle or a
 * layout and B any layout, composed to any depth ({@link GeneralComposedLayout},
 * {@code (4,4):(4,1) o 0 o Sw<3,0,3> o 0 o (2,2,4):(1,4,2)}). An
 * operation that differs by kind {@code switch}es over this sealed type with patterns, so the compiler checks that
 * every kind is handled, and refuses a kind it does not take in that one place ({@link #refuse}).
 *
 * <p>{@link #parse} is the one reader of layout text: it returns the kind the text is. No other code looks at a
 * layout's text to decide what it is.
 *
 * <p>Every kind has CuTe's shape: {@link #shape}, {@link #size}, {@link #rank}, {@link #depth}, and is printed in CuTe
 * notation with {@code AnyLayout.parse(x.toString()).equals(x)}. Implementations are immutable.
 */
public sealed interface AnyLayout extends Tiler, LayoutFunction permits Layout, CoordLayout, ComposedLayout, InnerSwizzledLayout,
        GeneralComposedLayout {

    /**
     * The layout in CuTe notation, of whichever kind the text is: {@code shape:stride} with integer strides, the
     * same with a scaled-basis stride ({@code 1@0}, {@code 2@1}, {@code 1@0@1}) somewhere, a plain shape (its
     * column-major layout), or a swizzled layout {@code Sw<B,M,S> o OFFSET o LAYOUT} (also CuTe's pointer form
     * {@code Sw<B,M,S> o smem_ptr[Nb](...) o LAYOUT}), or any chain of swizzles and layouts joined by {@code o OFFSET o},
     * as CuTe prints a composed layout of composed layouts ({@link GeneralComposedLayout}); a part may be written in
     * parentheses and an offset left out where it is 0, {@code ((4,4):(4,1)) o (Sw<3,0,3> o ((2,2,4):(1,4,2)))}.
     * Spaces and CuTe's static marks {@code _4} are read.
     *
     * @throws LayoutArgumentException where the text is none of these, with the position and what was expected, or
     *         past the limits of {@link Limits}
     * @throws ArithmeticException where a size overflows a long
     */
    static AnyLayout parse(String text) {
        return CuTeNotation.parseAnyLayout(text);
    }

    /**
     * The address the pointer of a layout's text gives, as CuTe prints a tensor over shared memory:
     * {@code Sw<3,4,3>_smem_ptr[16b](0x400) o (64,16):(64,1)} or {@code Sw<3,4,3> o smem_ptr[16b](0x400) o ...} give
     * 0x400. The layout {@link #parse} reads has no address (its function is the same from any aligned one); the
     * operations that need the tensor's address (a wgmma descriptor's start) read it here.
     *
     * @return the address, or empty where the text has no pointer or its address is {@code (unset)}
     * @throws LayoutArgumentException where the text is no layout, as {@link #parse} words it
     */
    static java.util.OptionalLong pointerAddress(String text) {
        return CuTeNotation.pointerAddress(text);
    }

    /**
     * The layout's function index ↦ offset, for the kinds whose values are offsets: integer strides and a swizzled
     * layout. The one place that decides which kinds have one; {@code operation} and {@code why} word the refusal of
     * the others.
     *
     * @throws LayoutArgumentException for a layout with scaled-basis strides (its values are coordinates) and a layout
     *         after a swizzle (it has no shape to index)
     */
    static java.util.function.LongUnaryOperator offsets(AnyLayout l, String operation, String why) {
        return switch (l) {
            case Layout x -> x::apply;
            case ComposedLayout x -> x::apply;
            case CoordLayout c -> throw refuse(operation, c, why);
            case InnerSwizzledLayout s -> throw s.refused(operation);
            case GeneralComposedLayout g when GeneralComposedLayout.valuesAreOffsets(g) -> g::apply;
            case GeneralComposedLayout g -> throw refuse(operation, g, why);
        };
    }

    /** The shape: a positive integer or a tuple of them. */
    IntTuple shape();

    /** The product of the shape's entries, the number of indices in the domain. */
    long size();

    /** The number of top-level modes (1 for an integral shape). */
    int rank();

    /** The nesting depth of the shape (0 for an integer). */
    int depth();

    /** The kind of layout this is, in words: {@code "a swizzled layout"}; its type says which kind it is. */
    default String kindInWords() {
        return switch (this) {
            case Layout l -> "a layout with integer strides";
            case CoordLayout c -> "a layout with scaled-basis strides";
            case ComposedLayout s -> "a swizzled layout";
            case InnerSwizzledLayout s -> "a layout after a swizzle (L o offset o Sw)";
            case GeneralComposedLayout g -> "a composed layout (A o offset o B)";
        };
    }

    /**
     * {@code 1 + max L(i)} over the domain: the extent of the offsets it reaches (a swizzled layout's over its
     * function's values, which CuTe's {@code cosize} of the inner layout can undercount).
     *
     * @throws LayoutArgumentException for a layout with scaled-basis strides (its values are coordinates), or where a
     *         swizzled layout has more points than are visited ({@link ComposedLayout#COSIZE_POINTS})
     */
    long cosize();

    /**
     * The hierarchical coordinate of index {@code i ∈ [0, size)}, congruent to the shape: CuTe's
     * {@code idx2crd(i, shape)}, colexicographic in the leaves.
     *
     * @throws LayoutArgumentException unless {@code 0 ≤ index < size()}
     */
    IntTuple idx2crd(long index);

    /**
     * CuTe's {@code idx2crd(c, shape)} of an index or of a coordinate: an integer is split colexicographically as
     * {@link #idx2crd(long)}; a tuple must have the rank of the shape, and each of its modes is split against the
     * shape's mode (an integer against a tuple of shapes, colexicographically; an integer against an integer is kept),
     * so {@code idx2crd((1,5), (3,(2,3))) = (1,(1,2))}, as CuTe C++ prints. A tuple against an integer shape is refused
     * (CuTe's "Invalid parameters").
     *
     * @throws LayoutArgumentException where the ranks differ, a tuple meets an integer of the shape, or an integer is
     *         outside [0, size) of the shape's mode it meets
     */
    default IntTuple idx2crd(IntTuple at) {
        if (at.isLeaf()) return idx2crd(at.value());
        IntTuple shape = shape();
        return Layout.idx2crd(at, shape, at, shape, this);
    }

    /**
     * The index of a hierarchical coordinate: CuTe's {@code crd2idx(c, shape)}, against the compact column-major
     * strides.
     *
     * @throws LayoutArgumentException where the coordinate does not fit the shape
     */
    long crd2idx(IntTuple coord);

    /**
     * The layout function at an index (an integer, the domain unbounded past {@code size} in the last mode, as CuTe
     * evaluates a layout) or at a hierarchical coordinate: an offset, or a coordinate of the coordinate space where
     * the strides are scaled basis elements.
     *
     * @throws LayoutArgumentException for a negative index, a coordinate that does not fit the shape, a swizzle of a
     *         negative offset, or a value that adds an integer to basis elements
     * @throws ArithmeticException where the value overflows a long
     */
    default IntTuple value(IntTuple at) {
        return switch (this) {
            case Layout l -> IntTuple.of(at.isLeaf() ? l.apply(at.value()) : l.apply(at));
            case CoordLayout c -> at.isLeaf() ? c.apply(at.value()) : c.apply(at);
            case ComposedLayout s -> IntTuple.of(at.isLeaf() ? s.apply(at.value()) : s.apply(at));
            case InnerSwizzledLayout s when at.isLeaf() -> IntTuple.of(s.apply(at.value()));
            case InnerSwizzledLayout s -> throw refuse("eval", s, "it has no shape, so no coordinate " + at
                    + " addresses it; eval it at an offset");
            case GeneralComposedLayout g -> g.value(at);
        };
    }

    /**
     * The one refusal of a layout whose kind an operation does not take: {@code "OP of L: it is WORDS; WHY"}, WORDS
     * being {@link #kindInWords()}.
     *
     * @param operation CuTe's name of the operation, e.g. {@code nullspace}
     * @param layout    the layout refused
     * @param why       why the operation does not take that kind, and what to do instead
     */
    static LayoutArgumentException refuse(String operation, AnyLayout layout, String why) {
        return new LayoutArgumentException(() -> operation + " of " + layout + ": it is " + layout.kindInWords() + "; " + why);
    }
}
