package org.layoutcat.core.swizzle;

import java.util.function.LongUnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.Limits;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.algebra.Coalesce;
import org.layoutcat.core.algebra.Complement;
import org.layoutcat.core.algebra.Inverse;
import org.layoutcat.core.modes.SliceCoord;
import org.layoutcat.core.recast.Recast;
import org.layoutcat.core.recast.Vectorization;
import org.layoutcat.core.algebra.Composition;
import org.layoutcat.core.algebra.Divide;
import org.layoutcat.core.algebra.Product;

/**
 * CuTe's {@code ComposedLayout}: a swizzle after an offset after a layout, {@code Sw<B,M,S> o offset o L}, whose
 * layout function is {@code c ↦ sw(offset + L(c))} (the swizzle of element offsets). This is how kernels stage
 * tiles in shared memory: {@code Sw<3,3,3> o 0 o (8,64):(64,1)} permutes the 16-byte chunks of each 128-byte row of
 * a half-precision tile. Its shape, size and coordinates are L's.
 *
 * <p>Printed as CuTe prints it, {@code Sw<3,3,3> o 0 o (8,64):(64,1)}, and {@code parse(x.toString()).equals(x)}.
 * {@link #parse} also reads CuTe's pointer form {@code Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)}, a swizzle
 * of byte addresses over 16-bit elements, as the swizzle of element offsets it equals ({@code Sw<3,3,3> o 0 o …}:
 * M less log2 of the element's bytes, as CuTe's recast of a swizzle pointer does). Immutable.
 *
 * <p>The algebra goes through the inner layout, as CuTe defines it for composed layouts ({@code layout_composed.hpp},
 * {@code swizzle_layout.hpp}): composition with a layout or tiler on the right, the divides, the products,
 * {@code tile_to_shape}, coalesce and filter act on L and keep the swizzle and offset outside; complement is L's;
 * a slice keeps or decays the swizzle ({@link ComposedSlicing}); the inverses pass the swizzle to the other side
 * ({@link #rightInverse}); {@code upcast}/{@code downcast} rescale swizzle, offset and L together.
 *
 * <p>{@link #cosize} is the codomain of the function, {@code 1 + max sw(offset + L(i))}. CuTe C++'s {@code cosize} of
 * a swizzled layout is L's, which can be smaller ({@code Sw<3,3,3> o 0 o (8,8):(64,1)} reaches offset 511 at index 63;
 * CuTe's cosize is 456), so a buffer of that size would be overrun.
 */
public record ComposedLayout(Swizzle outer, long offset, Layout inner) {
    /**
     * The composed layout {@code outer o offset o inner}.
     *
     * @throws LayoutArgumentException for a null swizzle or layout, or a negative offset
     */
    public ComposedLayout {
        if (outer == null || inner == null) throw new LayoutArgumentException("a composed layout needs a swizzle and a layout");
        if (offset < 0) throw new LayoutArgumentException("offset " + offset + " of a composed layout is negative");
    }

    private static final Pattern FORM = Pattern.compile(
            "\\s*Sw\\s*<\\s*(-?_?\\d+)\\s*,\\s*(-?_?\\d+)\\s*,\\s*(-?_?\\d+)\\s*>\\s*o\\s*(?:(_?\\d+)|smem_ptr\\[(\\d+)b\\]\\(\\w*\\))\\s*o\\s*(.+)",
            Pattern.DOTALL);

    /** True when the text reads as a composed layout ({@code Sw<...> o ...}). */
    public static boolean looksComposed(String text) {
        return text != null && text.stripLeading().startsWith("Sw");
    }

    /**
     * Parses {@code Sw<B,M,S> o offset o L} or CuTe's pointer form {@code Sw<B,M,S> o smem_ptr[Nb](...) o L}.
     *
     * @throws LayoutArgumentException where the text is null, longer than {@link Limits#MAX_TEXT_LENGTH}, not of either
     *         form, has a swizzle CuTe refuses or an inner layout that {@link Layout#parse} refuses, or a pointer of
     *         elements other than 8, 16, 32, ... bits or one whose swizzle moves bits inside an element (M below log2
     *         of its bytes)
     */
    public static ComposedLayout parse(String text) {
        if (text == null) throw new LayoutArgumentException("no text to parse (null)");
        if (text.length() > Limits.MAX_TEXT_LENGTH) {
            throw new LayoutArgumentException("a text of " + text.length() + " characters is longer than the "
                    + Limits.MAX_TEXT_LENGTH + " that layoutcat reads (Limits.MAX_TEXT_LENGTH)");
        }
        Matcher m = FORM.matcher(text);
        if (!m.matches()) {
            throw new LayoutArgumentException("cannot parse \"" + LayoutArgumentException.quote(text) + "\" as a composed layout: expected"
                    + " Sw<B,M,S> o OFFSET o LAYOUT, e.g. Sw<3,3,3> o 0 o (8,64):(64,1), or CuTe's"
                    + " Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)");
        }
        int b = integer(m.group(1)), mm = integer(m.group(2)), s = integer(m.group(3));
        Layout inner = Layout.parse(m.group(6));
        if (m.group(4) != null) return new ComposedLayout(new Swizzle(b, mm, s), integer(m.group(4)), inner);
        int elementBits = Integer.parseInt(m.group(5));
        if (elementBits < 8 || Integer.bitCount(elementBits) != 1) {
            throw new LayoutArgumentException("smem_ptr[" + elementBits + "b] in \"" + LayoutArgumentException.quote(text) + "\": a swizzle of byte"
                    + " addresses converts to element offsets for elements of 8, 16, 32, ... bits");
        }
        int log2Bytes = Integer.numberOfTrailingZeros(elementBits / 8);
        if (mm < log2Bytes) {
            throw new LayoutArgumentException("Sw<" + b + "," + mm + "," + s + "> over " + elementBits + "-bit elements"
                    + " swizzles bits inside an element (M < " + log2Bytes + "), so no swizzle of element offsets equals it");
        }
        return new ComposedLayout(new Swizzle(b, mm - log2Bytes, s), 0, inner);
    }

    private static int integer(String t) {
        String d = t.replace("_", "");
        try {
            return Integer.parseInt(d);
        } catch (NumberFormatException e) {
            throw new LayoutArgumentException("\"" + t + "\" in a composed layout is not a small integer");
        }
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

    public IntTuple shape() {
        return inner.shape();
    }

    public long size() {
        return inner.size();
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

    /**
     * CuTe's {@code composition(Sw o off o L, B)} = {@code Sw o off o (L∘B)}: B applied first, then the whole.
     *
     * @throws LayoutArgumentException where L∘B is refused (see {@link Composition#compose(Layout, Tiler)})
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public ComposedLayout compose(Tiler b) {
        return withInner(Composition.compose(inner, b));
    }

    /**
     * {@code logical_divide} through the inner layout; likewise {@link #zippedDivide}, {@link #tiledDivide}, {@link
     * #flatDivide}.
     *
     * @throws LayoutArgumentException where the divide of L is refused (see {@link Divide#logicalDivide})
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public ComposedLayout logicalDivide(Tiler b) {
        return withInner(Divide.logicalDivide(inner, b));
    }

    /**
     * {@code zipped_divide} through the inner layout.
     *
     * @throws LayoutArgumentException where the divide of L is refused (see {@link Divide#logicalDivide})
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public ComposedLayout zippedDivide(Tiler b) {
        return withInner(Divide.zippedDivide(inner, b));
    }

    /**
     * {@code tiled_divide} through the inner layout.
     *
     * @throws LayoutArgumentException where the divide of L is refused (see {@link Divide#logicalDivide})
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public ComposedLayout tiledDivide(Tiler b) {
        return withInner(Divide.tiledDivide(inner, b));
    }

    /**
     * {@code flat_divide} through the inner layout.
     *
     * @throws LayoutArgumentException where the divide of L is refused (see {@link Divide#logicalDivide})
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public ComposedLayout flatDivide(Tiler b) {
        return withInner(Divide.flatDivide(inner, b));
    }

    /**
     * CuTe's {@code tile_to_shape} of a composed atom: the inner layout tiled to the target shape (see
     * {@link Product#tileToShape}), the swizzle and offset kept, as a whole shared-memory layout is built from an atom.
     *
     * @throws LayoutArgumentException where {@code tile_to_shape} of L is refused (see {@link Product#tileToShape})
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public ComposedLayout tileToShape(IntTuple target, IntTuple order) {
        return withInner(Product.tileToShape(inner, target, order));
    }

    /**
     * {@code logical_product} through the inner layout, as CuTe's; likewise the other products.
     *
     * @throws LayoutArgumentException where the product of L is refused (see {@link Product#logicalProduct})
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public ComposedLayout logicalProduct(Tiler b) {
        return withInner(Product.logicalProduct(inner, b));
    }

    /**
     * {@code zipped_product} through the inner layout.
     *
     * @throws LayoutArgumentException where the product of L is refused (see {@link Product#logicalProduct})
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public ComposedLayout zippedProduct(Tiler b) {
        return withInner(Product.zippedProduct(inner, b));
    }

    /**
     * {@code tiled_product} through the inner layout.
     *
     * @throws LayoutArgumentException where the product of L is refused (see {@link Product#logicalProduct})
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public ComposedLayout tiledProduct(Tiler b) {
        return withInner(Product.tiledProduct(inner, b));
    }

    /**
     * {@code flat_product} through the inner layout.
     *
     * @throws LayoutArgumentException where the product of L is refused (see {@link Product#logicalProduct})
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public ComposedLayout flatProduct(Tiler b) {
        return withInner(Product.flatProduct(inner, b));
    }

    /**
     * {@code blocked_product} through the inner layout.
     *
     * @throws LayoutArgumentException where the product of L is refused (see {@link Product#logicalProduct})
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public ComposedLayout blockedProduct(Layout b) {
        return withInner(Product.blockedProduct(inner, b));
    }

    /**
     * {@code raked_product} through the inner layout.
     *
     * @throws LayoutArgumentException where the product of L is refused (see {@link Product#logicalProduct})
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public ComposedLayout rakedProduct(Layout b) {
        return withInner(Product.rakedProduct(inner, b));
    }

    /**
     * CuTe's {@code complement} of a composed layout: the complement of the inner layout L (the swizzle does not
     * take part), {@code complement(L)} with CuTe's cotarget {@code cosize(L)}.
     *
     * @throws LayoutArgumentException where L's complement is refused (see {@link Complement#complement(Layout)})
     */
    public Layout complement() {
        return Complement.complement(inner);
    }

    /**
     * {@code complement(L, cotarget)} of the inner layout, as CuTe's.
     *
     * @throws LayoutArgumentException where L's complement is refused (see {@link Complement#complement(Layout, long)})
     * @throws ArithmeticException on overflow of an extent
     */
    public Layout complement(long cotarget) {
        return Complement.complement(inner, cotarget);
    }

    /**
     * CuTe's {@code filter(Sw o off o L, profile)}: L's filter by that profile (CuTe has no one-argument form).
     *
     * @throws LayoutArgumentException where a tuple of the profile has more modes than the (sub-)layout it meets
     */
    public ComposedLayout filter(IntTuple profile) {
        return withInner(Coalesce.filter(inner, profile));
    }

    /**
     * {@code slice_and_offset(c, this)}; see {@link ComposedSlicing}.
     *
     * @throws LayoutArgumentException where the slice is refused (see {@link ComposedSlicing#sliceAndOffset})
     */
    public SwizzleSlice sliceAndOffset(SliceCoord c) {
        return ComposedSlicing.sliceAndOffset(c, this);
    }

    /**
     * CuTe's {@code right_inverse} of a swizzled layout with offset 0: {@code right_inverse(L) ∘ Sw}, written with
     * the swizzle outside as {@code Sw' o 0 o R} where R = {@code right_inverse(L)} and Sw' is the swizzle whose
     * fields are R's images of Sw's ({@code make_swizzle<R(Y), R(Z)>}). That holds where R moves Sw's bits as whole
     * bits; the result is checked, {@code this(result(i)) = i} at each of its points.
     *
     * @throws LayoutArgumentException for a nonzero offset (CuTe's answer {@code R o −off o Sw} has the swizzle
     *         inside, a form not represented here), where R's images of the fields are no swizzle's fields, where
     *         the result has more than {@value #COSIZE_POINTS} points to check, or where it is not a right inverse
     * @throws ArithmeticException where the extent {@code s·d} reached by a mode of L overflows a long
     */
    public ComposedLayout rightInverse() {
        ComposedLayout r = passSwizzle("right_inverse", Inverse.rightInverse(inner));
        checkInverse("right_inverse", r, r.size(), i -> apply(r.apply(i)));
        return r;
    }

    /**
     * CuTe's {@code left_inverse} of a swizzled layout with offset 0, {@code left_inverse(L) ∘ Sw} written as
     * {@code Sw' o 0 o left_inverse(L)} like {@link #rightInverse}; checked, {@code result(this(i)) = i} for every
     * index of this layout.
     *
     * @throws LayoutArgumentException as {@link #rightInverse} does, and where L is not injective
     */
    public ComposedLayout leftInverse() {
        ComposedLayout r = passSwizzle("left_inverse", Inverse.leftInverse(inner));
        checkInverse("left_inverse", r, size(), i -> r.apply(apply(i)));
        return r;
    }

    private ComposedLayout passSwizzle(String op, Layout r) {
        if (offset != 0) {
            throw new LayoutArgumentException(op + " of " + this + ": CuTe's answer " + r + " o " + (-offset) + " o " + outer
                    + " applies the swizzle first; layoutcat's composed layouts have the swizzle outside, so only offset 0 is taken");
        }
        if (outer.isIdentity()) return new ComposedLayout(outer, 0, r);
        long y, z;
        try {
            y = r.apply(outer.yyyMask());
            z = r.apply(outer.zzzMask());
        } catch (RuntimeException e) {
            throw new LayoutArgumentException(op + " of " + this + ": " + r + " cannot take the swizzle's fields "
                    + outer.yyyMask() + " and " + outer.zzzMask() + " (" + e.getMessage() + ")");
        }
        return new ComposedLayout(Swizzle.fromMasks(y, z, () -> op + " of " + this + " moves the fields of " + outer
                + " through " + r), 0, r);
    }

    private void checkInverse(String op, ComposedLayout r, long points, LongUnaryOperator roundTrip) {
        if (points > COSIZE_POINTS) {
            throw new LayoutArgumentException(op + " of " + this + " is checked at each of its " + points + " points; more than "
                    + COSIZE_POINTS + " are not checked");
        }
        long i = firstMoved(points, roundTrip);
        if (i >= 0) {
            throw new LayoutArgumentException(op + " of " + this + ": CuTe's answer " + r + " is not one: the round trip"
                    + " takes " + i + " to " + roundTrip.applyAsLong(i));
        }
    }

    /** The first {@code i < n} that {@code f} does not fix, or −1: the pointwise check of an inverse or a common vector. */
    private static long firstMoved(long n, LongUnaryOperator f) {
        for (long i = 0; i < n; i++) if (f.applyAsLong(i) != i) return i;
        return -1;
    }

    /**
     * CuTe's {@code upcast<n>} of a composed layout (n elements become one): {@code upcast<n>(Sw<B,M,S>) = Sw<B,M−log2 n,S>},
     * the offset divided by n, {@code upcast<n>(L)}.
     *
     * @throws LayoutArgumentException unless n is a power of two with {@code log2 n ≤ M} (else the swizzle moves bits
     *         inside the new element: CuTe C++ then drops swizzle bits and returns a different function) and n divides
     *         the offset, or where {@code upcast<n>(L)} is refused (see {@link Recast#upcast})
     * @throws ArithmeticException on overflow of a stride
     */
    public ComposedLayout upcast(long n) {
        int log2 = log2("upcast", n);
        if (log2 > outer.base() && !outer.isIdentity()) {
            throw new LayoutArgumentException("upcast<" + n + "> of " + this + ": " + outer + " moves bits below " + n
                    + " elements (M = " + outer.base() + " < log2 " + n + "), so no swizzle of the wider elements equals it");
        }
        if (offset % n != 0) {
            throw new LayoutArgumentException("upcast<" + n + "> of " + this + ": the offset " + offset + " is not a multiple of " + n);
        }
        Swizzle s = outer.isIdentity() ? outer : new Swizzle(outer.bits(), outer.base() - log2, outer.shift());
        return new ComposedLayout(s, offset / n, Recast.upcast(inner, n));
    }

    /**
     * CuTe's {@code downcast<n>}: {@code Sw<B,M+log2 n,S>}, the offset times n, {@code downcast<n>(L)}.
     *
     * @throws LayoutArgumentException unless n is a power of two, where no mode of L has stride 1 (see {@link
     *         Recast#downcast}), or where the rescaled swizzle leaves the 62 bits of an offset
     * @throws ArithmeticException on overflow of the offset, a size or a stride
     */
    public ComposedLayout downcast(long n) {
        int log2 = log2("downcast", n);
        Swizzle s = outer.isIdentity() ? outer : new Swizzle(outer.bits(), outer.base() + log2, outer.shift());
        return new ComposedLayout(s, Math.multiplyExact(offset, n), Recast.downcast(inner, n));
    }

    /**
     * CuTe's {@code recast_layout} of a composed layout from {@code oldBits}- to {@code newBits}-bit elements.
     *
     * @throws LayoutArgumentException for a width ≤ 0, or where the upcast or downcast it takes is refused (see {@link
     *         #upcast}, {@link #downcast})
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public ComposedLayout recast(long oldBits, long newBits) {
        if (oldBits <= 0 || newBits <= 0) {
            throw new LayoutArgumentException("recast_layout of " + this + " from " + oldBits + " to " + newBits
                    + " bits: element widths must be positive");
        }
        long g = java.math.BigInteger.valueOf(oldBits).gcd(java.math.BigInteger.valueOf(newBits)).longValueExact();
        long num = newBits / g, den = oldBits / g;
        ComposedLayout r = this;
        if (num != 1) r = r.upcast(num);
        if (den != 1) r = r.downcast(den);
        return r;
    }

    private int log2(String op, long n) {
        if (n < 1 || Long.bitCount(n) != 1) {
            throw new LayoutArgumentException(op + "<" + n + "> of " + this + ": a swizzle rescales by a power of two");
        }
        return Long.numberOfTrailingZeros(n);
    }

    /**
     * CuTe's {@code max_common_vector(this, b)}: {@code min(max_common_vector(L, b), 2^M)}, the elements a vector
     * copy may move at once, no wider than the swizzle's untouched bits. CuTe assumes the offset leaves those bits
     * alone; here the answer is checked, {@code this(right_inverse(b)(i)) = i} for {@code i < n}.
     *
     * @throws LayoutArgumentException where that check fails (the offset breaks the vector), with the index, or
     *         where the composition of L with {@code right_inverse(b)} is refused (see {@link Vectorization#maxCommonVector})
     */
    public long maxCommonVector(Layout b) {
        long n = Math.min(Vectorization.maxCommonVector(inner, b), 1L << outer.base());
        checkCommon("max_common_vector", b, n);
        return n;
    }

    /**
     * CuTe's {@code max_common_vector} of two composed layouts: L's and b's inner layouts' common vector, no wider
     * than either swizzle's untouched bits unless the swizzles are equal; checked,
     * {@code this(b.right_inverse(i)) = i} for {@code i < n} where b has a right inverse here.
     *
     * @throws LayoutArgumentException where the composition of the inner layouts is refused (see {@link
     *         Vectorization#maxCommonVector}), b has no right inverse here (see {@link #rightInverse}), or the check
     *         fails, with the index
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public long maxCommonVector(ComposedLayout b) {
        long n = Vectorization.maxCommonVector(inner, b.inner);
        if (!outer.equals(b.outer)) n = Math.min(n, Math.min(1L << outer.base(), 1L << b.outer.base()));
        if (offset != b.offset) n = Math.min(n, 1L << Math.min(outer.base(), b.outer.base()));
        ComposedLayout r = b.rightInverse();
        long i = firstMoved(n, x -> apply(r.apply(x)));
        if (i >= 0) {
            throw new LayoutArgumentException("max_common_vector of " + this + " and " + b + ": CuTe's " + n
                    + " elements are not common: at " + i + " the first takes " + apply(r.apply(i)));
        }
        return n;
    }

    /**
     * CuTe's {@code max_common_layout(this, b)}: L's common layout with b, truncated to {@code 2^M} elements;
     * checked like {@link #maxCommonVector(Layout)}.
     *
     * @throws LayoutArgumentException where the composition is refused (see {@link Vectorization#maxCommonLayout}) or
     *         the check fails, with the index
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public Layout maxCommonLayout(Layout b) {
        Layout common = Vectorization.maxCommonLayout(inner, b);
        long base = 1L << outer.base();
        Layout r = base < common.size() ? Composition.compose(common, Layout.of(base, 1)) : common;
        long i = common.size() > 1 ? firstMoved(r.size(), x -> apply(r.apply(x))) : -1; // CuTe's 1:0 means "none"
        if (i >= 0) {
            throw new LayoutArgumentException("max_common_layout of " + this + " and " + b + ": CuTe's " + r
                    + " is not common: this layout takes " + apply(r.apply(i)) + " at its index " + i);
        }
        return r;
    }

    private void checkCommon(String op, Layout b, long n) {
        Layout r = Inverse.rightInverse(b);
        long i = firstMoved(n, x -> apply(r.apply(x)));
        if (i >= 0) {
            throw new LayoutArgumentException(op + " of " + this + " and " + b + ": CuTe's " + n + " elements are not"
                    + " common: at " + i + " this layout takes " + apply(r.apply(i)) + " (the offset " + offset
                    + " moves the swizzle's bits)");
        }
    }

    /** CuTe's coalesce of a composed layout: the inner layout coalesced, the swizzle and offset kept. */
    public ComposedLayout coalesce() {
        return withInner(Coalesce.coalesce(inner));
    }

    private ComposedLayout withInner(Layout l) {
        return new ComposedLayout(outer, offset, l);
    }

    /** {@code Sw<B,M,S> o offset o L}, as CuTe prints it (without its static marks). */
    @Override
    public String toString() {
        return outer + " o " + offset + " o " + inner;
    }
}
