package org.layoutcat.core.f2;

import java.util.ArrayList;
import java.util.List;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.CoordLayout;
import org.layoutcat.core.GeneralComposedLayout;
import org.layoutcat.core.InnerSwizzledLayout;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.Swizzle;

/**
 * CuTe's layouts seen as linear maps over F2 ({@link F2Map}), and read back.
 *
 * <p><b>When a layout is linear over F2.</b> A CuTe layout {@code L(c) = Σ c_i·d_i} is a function of the bits of its
 * index where every shape entry is a power of two: leaf i of shape {@code 2^k} takes k bits of the (colexicographic)
 * index, and bit j of it contributes {@code v = 2^j·d_i} to the offset. The offset of an index is the integer sum of
 * the images v of its set bits; it is their XOR, {@code L(x ⊕ y) = L(x) ⊕ L(y)} for all x and y, exactly where the
 * images of distinct index bits share no bit: two that share one carry ({@code L(a ⊕ b) = L(a) + L(b) ≠ L(a) ⊕ L(b)}
 * for single bits a and b), and images with no bit in common add as they XOR. So the condition is: <i>every shape
 * entry a power of two, every image {@code 2^j·d_i} non-negative, and the non-zero images pairwise disjoint as bit
 * sets</i> (a stride of 0 or a mode of size 1 is free; a stride need not be a power of two: {@code 2:3} is the map
 * {@code [3]}, but a leaf of 4 or more needs one or 0). A layout that breaks it is refused with the mode, the bit and
 * the carry that break it.
 *
 * <p>A swizzle {@code Sw<B,M,S>} is linear by definition ({@code x ⊕ ((x ∧ Y) ≫ S)}); its view acts on the
 * {@code B + M + |S|} bits it touches. A swizzled layout {@code Sw o offset o L} is linear where L is and the offset is
 * 0; with an offset it sends index 0 to {@code sw(offset) ≠ 0}, an affine map at best, and is refused.
 *
 * <p>The view of a layout has one input dimension per top-level mode, {@code mode0}, {@code mode1}, … (the mode's
 * index bits, colexicographic within a nested mode, so stacking them minor to major gives the layout's index), and
 * one output dimension {@code offset} whose size is the least power of two above every offset (Triton's inference).
 * Reading back ({@link #layoutOf}) gives the layout with one mode per input dimension, its consecutive bits with
 * doubling images merged into one leaf, or a swizzled layout where a swizzle separates bases that share bits.
 */
public final class F2View {
    private F2View() {}

    /** The output dimension of a layout's view: its offset. */
    public static final String OFFSET = "offset";

    /** The input dimension of top-level mode i: {@code mode0}, {@code mode1}, … */
    public static String modeName(int i) {
        return "mode" + i;
    }

    /**
     * The F2 view of a layout of any kind that has one: {@link #of(Layout)} or {@link #of(ComposedLayout)}.
     *
     * @throws LayoutArgumentException for a layout whose values are coordinates or that has no shape (their kind
     *         named), or one that is not linear over F2 (see the class's condition), with the reason
     */
    public static F2Map of(AnyLayout layout) {
        return switch (layout) {
            case Layout l -> of(l);
            case ComposedLayout c -> of(c);
            case CoordLayout c -> throw AnyLayout.refuse("to_f2", c, "its values are coordinates, not offsets; the F2 view"
                    + " here is of layouts whose value is one offset");
            case InnerSwizzledLayout s -> throw AnyLayout.refuse("to_f2", s, "it has no shape, so no index bits to map");
            case GeneralComposedLayout g -> throw AnyLayout.refuse("to_f2", g, "the F2 view here is of a layout and of a swizzled"
                    + " layout Sw o off o L; compose the layouts into one where CuTe can (composition), or eval it");
        };
    }

    /**
     * The F2 map of a layout with integer strides: input dimension {@code mode_i} lists the offsets
     * {@code L(2^j along mode i)} of its bits, the output {@code offset}. {@code of(L).apply(x) = L(x)} for every
     * index x. O(bits of the index).
     *
     * @throws LayoutArgumentException where L is not linear over F2: a shape entry not a power of two, a negative
     *         image, or two index bits whose images share a bit (each named, with the carry), or an offset past
     *         {@value F2Map#MAX_BITS} bits
     */
    public static F2Map of(Layout layout) {
        long[][] b = bases(layout, "to_f2");
        List<F2Map.InDim> ins = new ArrayList<>();
        for (int i = 0; i < b.length; i++) ins.add(new F2Map.InDim(modeName(i), column(b[i])));
        return F2Map.inferring(ins, List.of(OFFSET));
    }

    /**
     * The F2 map of {@code Sw o 0 o L} (the pointer form taken in element offsets): L's bases each swizzled,
     * {@code sw(L(2^j along mode i))}, as {@code sw} is linear; the output {@code offset} as large as the values.
     *
     * @throws LayoutArgumentException where the offset is not 0 (the map is affine, not linear) or L is not linear
     *         over F2 ({@link #of(Layout)})
     */
    public static F2Map of(ComposedLayout layout) {
        ComposedLayout c = layout.inOffsetForm();
        if (c.offset() != 0) {
            throw new LayoutArgumentException(() -> "to_f2 of " + layout + ": not linear over F2 — with offset " + c.offset()
                    + " it sends index 0 to " + c.outer() + "(" + c.offset() + ") = " + c.outer().apply(c.offset())
                    + ", and a linear map sends 0 to 0 (an offset makes it affine at best); take the view of "
                    + new ComposedLayout(c.outer(), 0, c.inner()) + " and add the offset apart");
        }
        long[][] b = bases(c.inner(), "to_f2 of " + layout + ": its inner layout");
        List<F2Map.InDim> ins = new ArrayList<>();
        for (int i = 0; i < b.length; i++) {
            long[] v = b[i].clone();
            for (int j = 0; j < v.length; j++) v[j] = c.outer().apply(v[j]);
            ins.add(new F2Map.InDim(modeName(i), column(v)));
        }
        return F2Map.inferring(ins, List.of(OFFSET));
    }

    /**
     * The F2 map of a swizzle on the {@code B + M + |S|} bits it touches (none for {@code B = 0}): input and output
     * {@code offset}, {@code basis j = sw(2^j)}. It is its own inverse.
     */
    public static F2Map of(Swizzle swizzle) {
        int n = swizzle.isIdentity() ? 0 : swizzle.bits() + swizzle.base() + Math.abs(swizzle.shift());
        List<List<Long>> b = new ArrayList<>();
        for (int j = 0; j < n; j++) b.add(List.of(swizzle.apply(1L << j)));
        return F2Map.of(List.of(new F2Map.InDim(OFFSET, b)), List.of(new F2Map.OutDim(OFFSET, n)));
    }

    /** True where {@link #of(Layout)} gives a map: L is linear over F2 (the class's condition). O(bits of the index). */
    public static boolean isLinear(Layout layout) {
        try {
            bases(layout, "to_f2");
            return true;
        } catch (LayoutArgumentException | ArithmeticException e) {
            return false;
        }
    }

    /**
     * A CuTe layout whose F2 view is this map, up to the names of its dimensions: a layout with one mode per input
     * dimension where the non-zero bases share no bit (a layout adds its bits' offsets, which is their XOR only then),
     * else {@code Sw o 0 o L} for the first swizzle {@code Sw<B,M,S>} within the map's output bits (B, then |S|,
     * then M ascending, S > 0 first) whose images of the bases share no bit, L having those images. In each mode,
     * consecutive bits whose images double are one leaf: {@code [1,2,4]} is {@code 8:1}, {@code [4,8,1,2]} is
     * {@code (4,4):(4,1)}; a dimension of no bits is {@code 1:0}. One input dimension whose mode is one leaf gives a
     * rank-1 integral layout. {@code of(layoutOf(of(L))).equals(of(L))}, and {@code layoutOf(of(L))} has L's function.
     * O(s·b) for s candidate swizzles (fewer than n³/6 for n output bits) and b bases.
     *
     * @throws LayoutArgumentException where the map has other than one output dimension, or no layout or swizzled
     *         layout has its bases (the bits they share named)
     */
    public static AnyLayout layoutOf(F2Map map) {
        if (map.outNames().size() != 1) {
            throw new LayoutArgumentException(() -> "from_f2 of " + map + ": a CuTe layout's value is one offset, and this map has "
                    + map.outNames().size() + " output dimensions" + (map.outNames().isEmpty() ? "" : " (" + String.join(", ", map.outNames())
                    + "); stack them into one first (flattenOuts)"));
        }
        List<F2Map.InDim> ins = map.ins();
        long[][] v = new long[ins.size()][];
        List<Long> nonZero = new ArrayList<>();
        for (int i = 0; i < v.length; i++) {
            v[i] = new long[ins.get(i).bits()];
            for (int j = 0; j < v[i].length; j++) {
                v[i][j] = ins.get(i).bases().get(j).get(0);
                if (v[i][j] != 0) nonZero.add(v[i][j]);
            }
        }
        int n = map.totalOutBits();
        if (disjoint(nonZero, null)) return layout(v);
        if (nonZero.size() <= n) { // more non-zero bases than bits never separate: a swizzle keeps them non-zero
            for (int b = 1; 2 * b <= n; b++) {
                for (int s = b; b + s <= n; s++) {
                    for (int m = 0; b + m + s <= n; m++) {
                        for (int sign : new int[] {1, -1}) {
                            Swizzle sw = new Swizzle(b, m, sign * s);
                            if (!disjoint(nonZero, sw)) continue;
                            long[][] images = new long[v.length][];
                            for (int i = 0; i < v.length; i++) {
                                images[i] = v[i].clone();
                                for (int j = 0; j < images[i].length; j++) images[i][j] = sw.apply(images[i][j]);
                            }
                            return new ComposedLayout(sw, 0, layout(images));
                        }
                    }
                }
            }
        }
        throw new LayoutArgumentException(() -> "from_f2 of " + map + ": no CuTe layout has these bases — " + overlap(ins)
                + ", where a layout adds the offsets of distinct index bits and an F2 map XORs them; and no swizzle Sw<B,M,S>"
                + " within its " + n + " output bits gives images that share no bit");
    }

    /** True where the values (swizzled, unless sw is null) share no bit pairwise. */
    private static boolean disjoint(List<Long> values, Swizzle sw) {
        long seen = 0;
        for (long x : values) {
            long y = sw == null ? x : sw.apply(x);
            if ((seen & y) != 0) return false;
            seen |= y;
        }
        return true;
    }

    /** The first two bases that share a bit, in words. */
    private static String overlap(List<F2Map.InDim> ins) {
        List<String> names = new ArrayList<>();
        List<Long> values = new ArrayList<>();
        for (F2Map.InDim d : ins) {
            for (int j = 0; j < d.bits(); j++) {
                long x = d.bases().get(j).get(0);
                for (int k = 0; k < values.size(); k++) {
                    long shared = values.get(k) & x;
                    if (shared != 0) {
                        return names.get(k) + " maps to " + values.get(k) + " and " + d.name() + "=" + (1L << j) + " to " + x
                                + ", sharing bit " + Long.numberOfTrailingZeros(shared);
                    }
                }
                names.add(d.name() + "=" + (1L << j));
                values.add(x);
            }
        }
        return "";
    }

    /** The layout with mode i's bits mapping to {@code v[i]}: doubling runs as leaves. */
    private static Layout layout(long[][] v) {
        List<Layout> modes = new ArrayList<>();
        for (long[] bits : v) modes.add(mode(bits));
        if (modes.size() == 1 && modes.get(0).isIntegral()) return modes.get(0);
        return Layout.concat(modes);
    }

    private static Layout mode(long[] v) {
        List<Layout> leaves = new ArrayList<>();
        int j = 0;
        while (j < v.length) {
            int start = j++;
            while (j < v.length && (v[start] == 0 ? v[j] == 0 : v[j] == 2 * v[j - 1])) j++;
            leaves.add(Layout.of(1L << (j - start), v[start]));
        }
        if (leaves.isEmpty()) return Layout.of(1, 0);
        return leaves.size() == 1 ? leaves.get(0) : Layout.concat(leaves);
    }

    private static List<List<Long>> column(long[] v) {
        List<List<Long>> b = new ArrayList<>(v.length);
        for (long x : v) b.add(List.of(x));
        return b;
    }

    /** What one index bit maps to, for the words of a refusal. */
    private record Bit(int mode, int bit, int index, long image, long shape, long stride) {
        String words() {
            return "bit " + bit + " of mode " + mode + " (leaf " + shape + ":" + stride + ")";
        }
    }

    /**
     * The images of the index bits, by top-level mode: {@code 2^j·d} for bit j of a leaf of stride d, or the refusal
     * of a layout that is not linear over F2, naming the mode and bit.
     */
    private static long[][] bases(Layout l, String context) {
        List<Layout> modes = l.modes();
        long[][] out = new long[modes.size()][];
        List<Bit> seen = new ArrayList<>();
        long union = 0;
        int index = 0;
        for (int i = 0; i < modes.size(); i++) {
            Layout m = modes.get(i);
            long[] s = m.flatShapes(), d = m.flatStrides();
            List<Long> b = new ArrayList<>();
            for (int k = 0; k < s.length; k++) {
                final int mode = i;
                final long shape = s[k], stride = d[k];
                if (Long.bitCount(shape) != 1) {
                    throw new LayoutArgumentException(() -> context + " of " + l + ": not linear over F2 — mode " + mode + " (leaf "
                            + shape + ":" + stride + ") has shape " + shape + ", not a power of two, so its coordinate is no"
                            + " string of independent bits");
                }
                for (int j = 0; j < Long.numberOfTrailingZeros(shape); j++, index++) {
                    final int bit = b.size(), power = j;
                    if (stride < 0) {
                        throw new LayoutArgumentException(() -> context + " of " + l + ": not linear over F2 — bit " + bit + " of mode "
                                + mode + " (leaf " + shape + ":" + stride + ") maps to the negative offset " + stride + "·2^" + power
                                + "; an F2 map's values are non-negative bit strings");
                    }
                    if (stride != 0 && 63 - Long.numberOfLeadingZeros(stride) + j >= F2Map.MAX_BITS) {
                        throw new LayoutArgumentException(() -> context + " of " + l + ": bit " + bit + " of mode " + mode + " (leaf "
                                + shape + ":" + stride + ") maps to " + stride + "·2^" + power + ", past the " + F2Map.MAX_BITS
                                + " bits of an offset");
                    }
                    long v = stride << j;
                    Bit here = new Bit(i, bit, index, v, shape, stride);
                    if ((union & v) != 0) {
                        Bit other = seen.stream().filter(e -> (e.image() & v) != 0).findFirst().orElseThrow();
                        long x = 1L << other.index(), y = 1L << here.index();
                        throw new LayoutArgumentException(() -> context + " of " + l + ": not linear over F2 — " + other.words()
                                + " maps to " + other.image() + " and " + here.words() + " to " + v + "; they share offset bit "
                                + Long.numberOfTrailingZeros(other.image() & v) + ", so L(" + x + " ⊕ " + y + ") = L(" + x + ") + L(" + y
                                + ") = " + (other.image() + v) + ", not L(" + x + ") ⊕ L(" + y + ") = " + (other.image() ^ v)
                                + " (a layout is linear over F2 exactly where the offsets of distinct index bits share no bit)");
                    }
                    union |= v;
                    if (v != 0) seen.add(here);
                    b.add(v);
                }
            }
            out[i] = b.stream().mapToLong(Long::longValue).toArray();
        }
        return out;
    }
}
