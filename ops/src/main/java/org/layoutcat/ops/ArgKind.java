package org.layoutcat.ops;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import org.layoutcat.category.NestMorphism;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.CuTeNotation;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.CoordLayout;
import org.layoutcat.core.GeneralComposedLayout;
import org.layoutcat.core.InnerSwizzledLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.Swizzle;
import org.layoutcat.core.f2.F2Map;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.atom.Atoms;
import org.layoutcat.core.atom.CopyAtom;
import org.layoutcat.core.atom.MmaAtom;
import org.layoutcat.core.atom.TiledMma;
import org.layoutcat.core.modes.SliceCoord;

/**
 * How the text of an argument is read: the kinds of value the operations take, each read once, here, from CuTe
 * notation (the text is never looked at anywhere else to decide what it is). A reader refuses by name an argument
 * it cannot read or whose value is outside its range: {@code "argument 2 \"x\" must be ..."}. Immutable.
 *
 * @param <T>    the value read
 * @param words  what the argument is, for help ("a layout of any kind")
 * @param reader the reading
 */
public record ArgKind<T>(String words, Reader<T> reader) {
    /** Reads the text of argument {@code index} (0-based) of operation {@code op}. */
    @FunctionalInterface
    public interface Reader<T> {
        T read(String text, String op, int index);
    }

    /** The value of {@code text}, argument {@code index} of {@code op}. */
    T read(String text, String op, int index) {
        return reader.read(text, op, index);
    }

    /** A layout of any kind: integer strides, scaled-basis strides or swizzled ({@link AnyLayout#parse}). */
    public static final ArgKind<AnyLayout> ANY_LAYOUT = new ArgKind<>("a layout of any kind", (t, op, i) -> AnyLayout.parse(t));

    /**
     * A tensor as CuTe prints it, its pointer's address read with it ({@link CuTeNotation#parseTensor}): a swizzle of
     * byte addresses from any address, as each k-block of a swizzled tile prints.
     */
    public static final ArgKind<CuTeNotation.Tensor> TENSOR = new ArgKind<>("a layout, or a tensor as CuTe prints it with its pointer's address",
            (t, op, i) -> CuTeNotation.parseTensor(t));

    /**
     * A layout with integer strides, for an operation whose core function takes only that kind: a layout of another
     * kind is refused here, naming its kind.
     */
    public static final ArgKind<Layout> LAYOUT = new ArgKind<>("a layout with integer strides", (t, op, i) -> {
        AnyLayout read = AnyLayout.parse(t);
        return switch (read) {
            case Layout l -> l;
            case ComposedLayout c -> throw AnyLayout.refuse(op, c, "argument " + (i + 1) + " of " + op + " is a layout"
                    + " with integer strides, which a swizzled function does not have; apply it to the inner layout " + c.inner());
            case CoordLayout _, InnerSwizzledLayout _, GeneralComposedLayout _ -> throw AnyLayout.refuse(op, read, "argument " + (i + 1) + " of " + op
                    + " is a layout with integer strides");
        };
    });

    /** A tiler: a layout of any kind, a by-mode tiler {@code <T0,T1,...>} or a plain shape. */
    public static final ArgKind<Tiler> TILER = new ArgKind<>("a layout, a by-mode tiler <...> or a shape", (t, op, i) -> Tiler.parse(t));

    /** An integer tuple (a shape, a profile, a coordinate without wildcards). */
    public static final ArgKind<IntTuple> TUPLE = new ArgKind<>("an integer tuple", (t, op, i) -> IntTuple.parse(t));

    /**
     * A layout of any kind ({@link AnyLayout#parse}), or a bare swizzle {@code Sw<B,M,S>} (its three integers as
     * written, the swizzle checking them).
     */
    public static final ArgKind<LayoutOrSwizzle> LAYOUT_OR_SWIZZLE = new ArgKind<>("a layout of any kind or a swizzle Sw<B,M,S>",
            (t, op, i) -> Swizzle.parseBare(t).<LayoutOrSwizzle>map(LayoutOrSwizzle.OfSwizzle::new)
                    .orElseGet(() -> new LayoutOrSwizzle.OfLayout(AnyLayout.parse(t))));

    /** A linear map over F2, {@code {IN=[B,...],...} -> {OUT:SIZE,...}} ({@link F2Map#parse}). */
    public static final ArgKind<F2Map> F2_MAP = new ArgKind<>("an F2 map {IN=[B,...],...} -> {OUT:SIZE,...}",
            (t, op, i) -> F2Map.parse(t));

    /** One integer, any 64-bit value (an index, an offset, a cotarget). */
    public static final ArgKind<Long> INDEX = new ArgKind<>("an integer", (t, op, i) -> index(t, i));

    /** A coordinate that may hold {@code _} wildcards. */
    public static final ArgKind<SliceCoord> COORD = new ArgKind<>("a coordinate with _ wildcards", (t, op, i) -> SliceCoord.parse(t));

    /** A nest morphism {@code S --(α)--> T}. */
    public static final ArgKind<NestMorphism> MORPHISM = new ArgKind<>("a morphism S --(α)--> T", (t, op, i) -> NestMorphism.parse(t));

    /** An MMA atom, by CuTe's name. */
    public static final ArgKind<MmaAtom> MMA_ATOM = new ArgKind<>("an MMA atom's name", (t, op, i) -> Atoms.mma(t));

    /** A copy atom, by CuTe's name. */
    public static final ArgKind<CopyAtom> COPY_ATOM = new ArgKind<>("a copy atom's name", (t, op, i) -> Atoms.copy(t));

    /** An atom layout of a tiled MMA: a layout, or a shape ({@code 2x2x1} or {@code (2,2,1)}) read column-major. */
    public static final ArgKind<Layout> ATOM_LAYOUT = new ArgKind<>("an atom layout, e.g. 2x2x1", (t, op, i) -> TiledMma.parseAtomLayout(t));

    /** Mode indices: an integer or a flat tuple of them, each in {@code [0, 2^31)}. */
    public static final ArgKind<int[]> MODE_INDICES = new ArgKind<>("mode indices, e.g. (0,2)", (t, op, i) -> {
        IntTuple m = IntTuple.parse(t);
        if (m.depth() > 1) throw new LayoutArgumentException("argument " + (i + 1) + " \"" + quote(t) + "\" must be mode indices, e.g. (0,2)");
        long[] v = m.isLeaf() ? new long[] {m.value()} : m.leaves();
        int[] out = new int[v.length];
        for (int k = 0; k < v.length; k++) out[k] = inRange(v[k], 0, Integer.MAX_VALUE, "a mode index", t, i);
        return out;
    });

    /** An integer in {@code [lo, hi]}, refused by name outside it. */
    public static ArgKind<Integer> integer(String what, int lo, int hi) {
        return new ArgKind<>(what + ", " + lo + " to " + hi, (t, op, i) -> inRange(index(t, i), lo, hi, what, t, i));
    }

    /** One of the constants of an enum, by name, case aside. */
    public static <E extends Enum<E>> ArgKind<E> oneOf(Class<E> type) {
        String names = Arrays.stream(type.getEnumConstants()).map(Enum::name).collect(Collectors.joining(", "));
        return new ArgKind<>("one of " + names, (t, op, i) -> {
            String u = t.trim().toUpperCase(Locale.ROOT);
            for (E e : type.getEnumConstants()) if (e.name().equals(u)) return e;
            throw new LayoutArgumentException("\"" + quote(t) + "\" is none of " + names.replaceFirst(", ([^,]*)$", " or $1"));
        });
    }

    /** An integer argument: one integer of CuTe notation. */
    static long index(String text, int i) {
        IntTuple t = IntTuple.parse(text);
        if (!t.isLeaf()) throw new LayoutArgumentException("argument " + (i + 1) + " \"" + quote(text) + "\" must be an integer index");
        return t.value();
    }

    private static int inRange(long v, long lo, long hi, String what, String text, int i) {
        if (v < lo || v > hi) {
            throw new LayoutArgumentException("argument " + (i + 1) + " \"" + quote(text) + "\": " + what + " must be in [" + lo
                    + ", " + hi + "], not " + v);
        }
        return (int) v;
    }

    private static String quote(String text) {
        return LayoutArgumentException.quote(text);
    }
}
