package org.layoutcat.core.f2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.GenerationMode;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.Swizzle;

/**
 * The F2 view's theorems over random power-of-two layouts, swizzles and swizzled layouts (each drawn from a seed):
 * the view agrees with the layout function at every index, reading back is the identity on views, the notation reads
 * back, composition is the composite function, and a layout has a view exactly where it is linear by brute force.
 */
class F2Properties {

    /** A layout of power-of-two leaves whose images share no bit: each leaf's bits at a free run of offset bits, or 0. */
    static Layout linearLayout(Random r) {
        int rank = 1 + r.nextInt(3);
        List<long[]> leaves = new ArrayList<>(); // {mode, shape}
        for (int i = 0; i < rank; i++) {
            int n = r.nextInt(4) == 0 ? 2 : 1;
            for (int k = 0; k < n; k++) leaves.add(new long[] {i, 1L << r.nextInt(4)});
        }
        long[] stride = new long[leaves.size()];
        List<Integer> order = new ArrayList<>();
        for (int k = 0; k < leaves.size(); k++) order.add(k);
        java.util.Collections.shuffle(order, r);
        int cursor = 0;
        for (int k : order) {
            long s = leaves.get(k)[1];
            int bits = Long.numberOfTrailingZeros(s);
            cursor += r.nextInt(3); // a gap of unused offset bits
            if (r.nextInt(7) == 0) {
                stride[k] = 0;
            } else if (s == 2 && r.nextInt(4) == 0) { // a two-element leaf whose one bit maps to two offset bits
                stride[k] = 3L << cursor;
                cursor += 2;
            } else {
                stride[k] = 1L << cursor;
                cursor += bits;
            }
        }
        List<Layout> modes = new ArrayList<>();
        for (int i = 0; i < rank; i++) {
            List<Layout> ls = new ArrayList<>();
            for (int k = 0; k < leaves.size(); k++) if (leaves.get(k)[0] == i) ls.add(Layout.of(leaves.get(k)[1], stride[k]));
            modes.add(ls.size() == 1 ? ls.get(0) : Layout.concat(ls));
        }
        return rank == 1 && modes.get(0).isIntegral() && r.nextBoolean() ? modes.get(0) : Layout.concat(modes);
    }

    static Swizzle swizzle(Random r) {
        int b = r.nextInt(4), m = r.nextInt(5), s = b + r.nextInt(3);
        if (s == 0) s = 1;
        return new Swizzle(b, m, r.nextBoolean() ? s : -s);
    }

    /** A power-of-two layout, a swizzled one, or a swizzle as the layout {@code Sw o 0 o 2^n:1}. */
    static AnyLayout linear(Random r) {
        return switch (r.nextInt(4)) {
            case 0 -> {
                Swizzle sw = swizzle(r);
                int n = sw.bits() + sw.base() + Math.abs(sw.shift());
                yield new ComposedLayout(sw, 0, Layout.of(1L << n, 1));
            }
            case 1, 2 -> new ComposedLayout(swizzle(r), 0, linearLayout(r));
            default -> linearLayout(r);
        };
    }

    private static long value(AnyLayout l, long i) {
        return switch (l) {
            case Layout x -> x.apply(i);
            case ComposedLayout c -> c.apply(i);
            default -> throw new IllegalStateException(l.toString());
        };
    }

    /**
     * Over 25,000 random layouts, as {@link #f2RoundTripIsIdentity} (100,000 each until issue 33, which drew 53,000
     * distinct layouts; 25,000 draw about 15,000, each branch of the generator thousands of times).
     */
    @Property(tries = 25_000)
    void f2ViewAgreesWithTheLayoutFunction(@ForAll long seed) {
        AnyLayout l = linear(new Random(seed));
        F2Map view = F2View.of(l);
        assertEquals(l.rank(), view.inNames().size(), l::toString);
        for (long i = 0; i < l.size(); i++) assertEquals(value(l, i), view.apply(i), () -> l + " at " + view);
    }

    @Property(tries = 25_000)
    void f2RoundTripIsIdentity(@ForAll long seed) {
        AnyLayout l = linear(new Random(seed));
        F2Map view = F2View.of(l);
        AnyLayout back = F2View.layoutOf(view);
        assertEquals(view, F2View.of(back), () -> l + " read back as " + back);
        for (long i = 0; i < l.size(); i++) {
            long at = i;
            assertEquals(value(l, i), value(back, i), () -> l + " read back as " + back + " at " + at);
        }
    }

    /**
     * Every draw of {@link #swizzle}, each once: 120 (the bits 0 to 3, the base 0 to 4, the shift's size the
     * bits plus 0 to 2, at least 1, either sign), which 20,000 random tries (until issue 33) only drew again and again.
     */
    @Property(generation = GenerationMode.EXHAUSTIVE)
    void aSwizzlesViewIsTheSwizzleAndItsOwnInverse(@ForAll @IntRange(min = 0, max = 3) int bits, @ForAll @IntRange(min = 0, max = 4) int base,
            @ForAll @IntRange(min = 0, max = 2) int more, @ForAll boolean negative) {
        int shift = Math.max(1, bits + more);
        Swizzle sw = new Swizzle(bits, base, negative ? -shift : shift);
        F2Map view = F2View.of(sw);
        for (long x = 0; x < 1L << view.totalInBits(); x++) assertEquals(sw.apply(x), view.apply(x), sw::toString);
        assertEquals(view, view.invert(), sw::toString);
        assertEquals(F2Map.identity1D(1L << view.totalInBits(), "offset", "offset"), view.compose(view), sw::toString);
    }

    /** A random map between named dimensions, its bases within its output sizes. */
    static F2Map map(Random r, List<String> inNames, List<F2Map.OutDim> outs) {
        List<F2Map.InDim> ins = new ArrayList<>();
        for (String n : inNames) {
            List<List<Long>> b = new ArrayList<>();
            int bits = r.nextInt(4);
            for (int j = 0; j < bits; j++) {
                List<Long> v = new ArrayList<>();
                for (F2Map.OutDim o : outs) v.add(r.nextLong() & (o.size() - 1));
                b.add(v);
            }
            ins.add(new F2Map.InDim(n, b));
        }
        return F2Map.of(ins, outs);
    }

    static List<F2Map.OutDim> outs(Random r, String prefix) {
        List<F2Map.OutDim> outs = new ArrayList<>();
        int n = r.nextInt(4);
        for (int o = 0; o < n; o++) outs.add(new F2Map.OutDim(prefix + o, r.nextInt(5)));
        return outs;
    }

    @Property(tries = 20_000)
    void f2NotationRoundTrips(@ForAll long seed) {
        Random r = new Random(seed);
        F2Map m = map(r, List.of("in0", "x_1", "reg").subList(0, r.nextInt(4)), outs(r, "out"));
        assertEquals(m, F2Map.parse(m.toString()), m::toString);
    }

    @Property(tries = 20_000)
    void compositionIsTheCompositeFunction(@ForAll long seed) {
        Random r = new Random(seed);
        List<F2Map.OutDim> mid = outs(r, "mid");
        F2Map g = map(r, List.of("a", "b").subList(0, r.nextInt(3)), mid);
        // f's input dimensions are g's outputs, each with at least as many bits
        List<String> fIns = mid.stream().map(F2Map.OutDim::name).toList();
        List<F2Map.OutDim> fOuts = outs(r, "out");
        List<F2Map.InDim> ins = new ArrayList<>();
        for (F2Map.OutDim d : mid) {
            List<List<Long>> b = new ArrayList<>();
            for (int j = 0; j < d.bits() + r.nextInt(2); j++) {
                List<Long> v = new ArrayList<>();
                for (F2Map.OutDim o : fOuts) v.add(r.nextLong() & (o.size() - 1));
                b.add(v);
            }
            ins.add(new F2Map.InDim(d.name(), b));
        }
        F2Map f = F2Map.of(ins, fOuts);
        F2Map fg = f.compose(g);
        for (int t = 0; t < 16; t++) {
            List<Long> x = new ArrayList<>();
            for (String n : g.inNames()) x.add(r.nextLong() & ((1L << g.inBits(n)) - 1));
            assertEquals(f.apply(g.apply(x)), fg.apply(x), () -> f + " o " + g);
        }
        assertTrue(fIns.containsAll(f.inNames()));
    }

    @Property(tries = 20_000)
    void anInvertibleMapsInverseUndoesIt(@ForAll long seed) {
        Random r = new Random(seed);
        F2Map m = map(r, List.of("a", "b"), List.of(new F2Map.OutDim("x", 2), new F2Map.OutDim("y", 1 + r.nextInt(2))));
        if (!m.isInvertible()) return;
        F2Map inv = m.invert();
        for (long x = 0; x < 1L << m.totalInBits(); x++) {
            List<Long> in = List.of(x & ((1L << m.inBits("a")) - 1), x >>> m.inBits("a"));
            assertEquals(in, inv.apply(m.apply(in)), m::toString);
        }
    }

    /** By brute force: every shape entry a power of two and L(x ⊕ y) = L(x) ⊕ L(y) for all x, y in the domain. */
    private static boolean linearByBruteForce(Layout l) {
        for (long s : l.flatShapes()) if (Long.bitCount(s) != 1) return false;
        for (long x = 0; x < l.size(); x++) {
            if (l.apply(x) < 0) return false;
            for (long y = 0; y < l.size(); y++) if (l.apply(x ^ y) != (l.apply(x) ^ l.apply(y))) return false;
        }
        return true;
    }

    @Property(tries = 20_000)
    void aLayoutHasAnF2ViewExactlyWhereItIsLinear(@ForAll long seed) {
        Random r = new Random(seed);
        int rank = 1 + r.nextInt(3);
        long[] s = new long[rank], d = new long[rank];
        for (int i = 0; i < rank; i++) {
            s[i] = 1 + r.nextInt(4);
            d[i] = r.nextInt(9) - (r.nextInt(12) == 0 ? 4 : 0);
        }
        Layout l = Layout.of(IntTuple.flat(s), IntTuple.flat(d));
        boolean linear = linearByBruteForce(l);
        assertEquals(linear, F2View.isLinear(l), l::toString);
        if (!linear) {
            String why = org.junit.jupiter.api.Assertions.assertThrows(LayoutArgumentException.class, () -> F2View.of(l)).getMessage();
            assertTrue(why.contains("not linear over F2"), why);
        }
    }
}
