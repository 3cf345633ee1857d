package org.layoutcat.core.swizzle;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.Limits;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.algebra.Coalesce;
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
 * <p>The algebra goes through the inner layout, as CuTe defines it for composed layouts: composition with a layout
 * or tiler on the right, the divides and coalesce act on L and keep the swizzle and offset outside. Complement,
 * products and inverses are not defined on a swizzled function and are refused.
 */
public record ComposedLayout(Swizzle outer, long offset, Layout inner) {
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

    /** Parses {@code Sw<B,M,S> o offset o L} or CuTe's pointer form {@code Sw<B,M,S> o smem_ptr[Nb](...) o L}. */
    public static ComposedLayout parse(String text) {
        if (text == null) throw new LayoutArgumentException("no text to parse (null)");
        if (text.length() > Limits.MAX_TEXT_LENGTH) {
            throw new LayoutArgumentException("a text of " + text.length() + " characters is longer than the "
                    + Limits.MAX_TEXT_LENGTH + " that layoutcat reads (Limits.MAX_TEXT_LENGTH)");
        }
        Matcher m = FORM.matcher(text);
        if (!m.matches()) {
            throw new LayoutArgumentException("cannot parse \"" + abbreviate(text) + "\" as a composed layout: expected"
                    + " Sw<B,M,S> o OFFSET o LAYOUT, e.g. Sw<3,3,3> o 0 o (8,64):(64,1), or CuTe's"
                    + " Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)");
        }
        int b = integer(m.group(1)), mm = integer(m.group(2)), s = integer(m.group(3));
        Layout inner = Layout.parse(m.group(6));
        if (m.group(4) != null) return new ComposedLayout(new Swizzle(b, mm, s), integer(m.group(4)), inner);
        int elementBits = Integer.parseInt(m.group(5));
        if (elementBits < 8 || Integer.bitCount(elementBits) != 1) {
            throw new LayoutArgumentException("smem_ptr[" + elementBits + "b] in \"" + abbreviate(text) + "\": a swizzle of byte"
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

    private static String abbreviate(String s) {
        return s.length() <= 120 ? s : s.substring(0, 100) + "…";
    }

    /** {@code sw(offset + L(i))} for an index i of L's domain (L's last mode unbounded past it, as in CuTe). */
    public long apply(long index) {
        return outer.apply(Math.addExact(offset, inner.apply(index)));
    }

    /** {@code sw(offset + L(c))} for a coordinate of L. */
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

    /** {@code 1 + max_i sw(offset + L(i))}, by visiting every index (at most {@value #COSIZE_POINTS}). */
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

    /** CuTe's {@code composition(Sw o off o L, B)} = {@code Sw o off o (L∘B)}: B applied first, then the whole. */
    public ComposedLayout compose(Tiler b) {
        return withInner(Composition.compose(inner, b));
    }

    /** {@code logical_divide} through the inner layout; likewise {@link #zippedDivide}, {@link #tiledDivide}, {@link #flatDivide}. */
    public ComposedLayout logicalDivide(Tiler b) {
        return withInner(Divide.logicalDivide(inner, b));
    }

    public ComposedLayout zippedDivide(Tiler b) {
        return withInner(Divide.zippedDivide(inner, b));
    }

    public ComposedLayout tiledDivide(Tiler b) {
        return withInner(Divide.tiledDivide(inner, b));
    }

    public ComposedLayout flatDivide(Tiler b) {
        return withInner(Divide.flatDivide(inner, b));
    }

    /**
     * CuTe's {@code tile_to_shape} of a composed atom: the inner layout tiled to the target shape (see
     * {@link Product#tileToShape}), the swizzle and offset kept, as a whole shared-memory layout is built from an atom.
     */
    public ComposedLayout tileToShape(IntTuple target, IntTuple order) {
        return withInner(Product.tileToShape(inner, target, order));
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
