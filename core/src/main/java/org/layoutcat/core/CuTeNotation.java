package org.layoutcat.core;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The one reader of CuTe notation: integers ({@code 4}, {@code -2}, CuTe's static mark {@code _4}), nested tuples
 * {@code (2,(3,4))}, layouts of every kind — {@code shape:stride} with integer strides, with scaled-basis strides
 * ({@code 1@0}, {@code 2@1@0}), a swizzled {@code Sw<B,M,S> o OFFSET o LAYOUT} — and by-mode tilers {@code <L0,L1>}.
 * It returns the kind the text is ({@link AnyLayout}): a stride is read as integers, and where a scaled basis
 * element {@code @} appears in it, as basis elements. Spaces are ignored. A malformed text is an
 * IllegalArgumentException that quotes the text and gives the position.
 *
 * <p>It also reads the forms that are CuTe notation in a narrower place, each returning the kind it read rather than
 * leaving a caller to tell kinds apart by looking at the text: a coordinate with CuTe's wildcard {@code _}
 * ({@link #parseCoordinate}), an atom layout that may be written {@code MxNxK} ({@link #parseShapeOrLayout}), a chain
 * of layouts {@code A o B o C} ({@link #parseCompositionFactors}), and whether a text is the paper's arrow
 * {@code S --(α)--> T} or a layout ({@link #parseLayoutOrArrow}).
 */
public final class CuTeNotation {
    // Each thread keeps one reader and its buffers (at most KEPT entries each): thread-confined, bounded, no operand
    // kept. It pays in the batch mode, which parses every request: JMH CoreBenchmarks.parse 60.0 ns with it, 72.1 ns
    // with a new reader per parse; MixBenchmarks.parse 59.4 against 77.5 ns (2026-11-24, 2-core development machine).
    private static final ThreadLocal<CuTeNotation> PER_THREAD = ThreadLocal.withInitial(CuTeNotation::new);
    private static final int KEPT = 1024; // the most buffer room a thread's reader keeps between parses
    private String text;
    private int pos;
    private boolean canonical; // no white space, static mark, sign of 0 or leading 0 read so far: printed as read
    private boolean explicit; // the last layout read had its stride written
    private boolean reading; // a reader in use (parsing never parses again, but a reader is not shared if it did)
    private Long pointerAddress; // the address of the last pointer read, null where none or (unset)
    private int pointerBits; // the element bits of the last pointer read, 0 where none
    private Memory pointerMemory = Memory.NONE; // where the last pointer read points
    private IntTuple arithOrigin; // the coordinate of the last ArithTuple iterator read, null where none
    private boolean addressed; // a tensor read with its address (parseTensor): a swizzle of addresses from any address
    // A shape read by shape(): its profile (see Profile) and its leaves, left to right
    private int[] profile = new int[16];
    private int tokens;
    private long[] leaves = new long[16];
    private int leafCount;
    private String noun = ""; // what the text is read as, in an error's "cannot parse ...": "" or "coordinate "

    private CuTeNotation() {}

    /** The reader of {@code text}: this thread's, whose buffers outlive one parse, unless that one is reading. */
    private static CuTeNotation of(String text) {
        if (text == null) throw new LayoutArgumentException("no text to parse (null)");
        if (text.length() > Limits.MAX_TEXT_LENGTH) {
            throw new LayoutArgumentException("a text of " + text.length() + " characters is longer than the "
                    + Limits.MAX_TEXT_LENGTH + " that layoutcat reads as a tuple or layout (Limits.MAX_TEXT_LENGTH)");
        }
        CuTeNotation p = PER_THREAD.get();
        if (p.reading) p = new CuTeNotation();
        p.text = text;
        p.pos = 0;
        p.reading = true;
        p.canonical = true;
        p.explicit = false;
        p.addressed = false;
        p.pointerAddress = null;
        p.pointerBits = 0;
        p.pointerMemory = Memory.NONE;
        p.arithOrigin = null;
        p.noun = "";
        return p;
    }

    static IntTuple parseIntTuple(String text) {
        CuTeNotation p = of(text);
        try {
            IntTuple t = p.intTuple();
            p.end();
            return t;
        } finally {
            p.done();
        }
    }

    static AnyLayout parseAnyLayout(String text) {
        CuTeNotation p = of(text);
        try {
            AnyLayout l = p.anyLayout();
            p.end();
            return l instanceof Layout integer ? p.printed(integer) : l;
        } catch (IllegalArgumentException single) {
            return chainOr(text, single, p.pos);
        } finally {
            p.done();
        }
    }

    /**
     * The text read as a chain of composed functions, CuTe's composed layout of composed layouts, where it is not one
     * layout, swizzled layout or layout after a swizzle (that reading failed at {@code failedAt} with {@code single}).
     *
     * @throws IllegalArgumentException where the chain reading fails too: the error of the reading that got further
     */
    private static AnyLayout chainOr(String text, IllegalArgumentException single, int failedAt) {
        CuTeNotation q = new CuTeNotation();
        q.text = text;
        q.reading = true;
        try {
            AnyLayout l = q.chain(0);
            q.end();
            return l;
        } catch (IllegalArgumentException chained) {
            throw q.pos > failedAt ? chained : single;
        }
    }

    /**
     * Where a tensor's iterator points, as CuTe's printout names it: {@code smem_ptr}, {@code gmem_ptr},
     * {@code rmem_ptr}, a bare {@code ptr} (a raw pointer, CuTe's {@code print(T*)}), an {@code ArithTuple} (a counting
     * iterator of coordinates: an identity tensor's), or none (a layout alone).
     */
    public enum Memory {
        NONE("no iterator"), SHARED("shared memory (smem_ptr)"), GLOBAL("global memory (gmem_ptr)"), REGISTER("registers (rmem_ptr)"),
        UNTAGGED("a raw pointer (ptr), of no memory space CuTe knows"), COORDINATES("coordinates (ArithTuple)");

        private final String words;

        Memory(String words) {
            this.words = words;
        }

        /** {@code shared memory (smem_ptr)}. */
        public String words() {
            return words;
        }
    }

    /**
     * A tensor as CuTe prints it: its layout, and its iterator: a pointer's address (empty where it has none or it is
     * unset) and elements, or an {@code ArithTuple}'s coordinate.
     *
     * @param layout      the layout; in CuTe's pointer form {@code Sw<B,M,S> o smem_ptr[Nb] o L} the swizzle acts on
     *                    byte addresses, so its pattern repeats at the swizzle's boundaries wherever the pointer lies
     * @param address     the pointer's byte address
     * @param elementBits the bits of the pointer's elements ({@code smem_ptr[16b]}: 16), 0 where it has none
     * @param memory      where the iterator points
     * @param origin      an {@code ArithTuple}'s coordinate, the value at index 0 before the layout's; null for a pointer
     */
    public record Tensor(AnyLayout layout, java.util.OptionalLong address, int elementBits, Memory memory, IntTuple origin) {

        /** A tensor in shared memory at that address (empty: unset), of elements of that many bits. */
        public static Tensor shared(AnyLayout layout, java.util.OptionalLong address, int elementBits) {
            return new Tensor(layout, address, elementBits, Memory.SHARED, null);
        }
    }

    /**
     * Reads a tensor as CuTe prints it: a layout, whose pointer may hold any address. A swizzle of byte addresses from
     * an address off the swizzle's boundaries, which {@link #parseAnyLayout} refuses (its element offsets from that
     * address are no swizzled layout), is read here as what it is, the swizzle of the addresses of a tensor at that
     * address: every k-block of a swizzled tile that CuTe's K-loop slices prints so
     * ({@code Sw<3,4,3>_smem_ptr[16b](0x420) o (_64,_16):(_64,_1)}).
     */
    public static Tensor parseTensor(String text) {
        CuTeNotation p = of(text);
        try {
            p.addressed = true;
            AnyLayout l = p.anyLayout();
            p.end();
            return new Tensor(l, p.pointerAddress == null ? java.util.OptionalLong.empty() : java.util.OptionalLong.of(p.pointerAddress),
                    p.pointerBits, p.pointerMemory, p.arithOrigin);
        } finally {
            p.done();
        }
    }

    /** The address of the pointer in a layout's text ({@link AnyLayout#pointerAddress}): empty where none or unset. */
    static java.util.OptionalLong pointerAddress(String text) {
        CuTeNotation p = of(text);
        try {
            p.anyLayout();
            p.end();
            return p.pointerAddress == null ? java.util.OptionalLong.empty() : java.util.OptionalLong.of(p.pointerAddress);
        } finally {
            p.done();
        }
    }

    /**
     * The swizzle where the whole text is a bare {@code Sw<B,M,S>} (spaces aside), its three integers as written and
     * checked by the swizzle (whose refusal is not positioned); null where the text is anything else, which the
     * caller reads as a layout (and that reader words what is wrong with it).
     */
    static Swizzle parseBareSwizzle(String text) {
        CuTeNotation p = of(text);
        int[] bms;
        try {
            p.skip();
            if (!p.startsSwizzle()) return null;
            bms = p.swizzleParameters();
            p.skip();
            if (p.pos != p.text.length()) return null;
        } catch (LayoutArgumentException notBare) {
            return null;
        } finally {
            p.done();
        }
        return new Swizzle(bms[0], bms[1], bms[2]);
    }

    /** A layout with integer strides; a layout of another kind is refused with its kind named. */
    static Layout parseLayout(String text) {
        AnyLayout other = parseAnyLayout(text);
        return switch (other) {
            case Layout l -> l;
            case CoordLayout _, ComposedLayout _, InnerSwizzledLayout _, GeneralComposedLayout _ -> throw new LayoutArgumentException(() -> "\"" + LayoutArgumentException.quote(text) + "\" is "
                    + other.kindInWords() + ", where a layout with integer strides is read");
        };
    }

    static Tiler parseTiler(String text) {
        CuTeNotation p = of(text);
        try {
            Tiler t = p.tiler(0);
            p.end();
            return t instanceof Layout l ? p.printed(l) : t;
        } catch (IllegalArgumentException single) {
            return chainOr(text, single, p.pos);
        } finally {
            p.done();
        }
    }

    /**
     * A coordinate that may hold CuTe's wildcard: an integer ≥ 0 (CuTe's static mark {@code _4} allowed), {@code _}
     * alone, or a tuple of coordinates, {@code (_,(1,_))}; spaces are ignored. The one tuple grammar of this reader,
     * with {@code _} where an integer may stand and no sign.
     *
     * @throws LayoutArgumentException where the text is null, longer than {@link Limits#MAX_TEXT_LENGTH}, nested
     *         deeper than {@link Limits#MAX_DEPTH}, not a coordinate, or has an integer that does not fit in a long;
     *         the message quotes the text and gives the position
     */
    public static <C> C parseCoordinate(String text, Coordinates<C> build) {
        if (text == null) throw new LayoutArgumentException("no coordinate to parse (null)");
        if (text.length() > Limits.MAX_TEXT_LENGTH) {
            throw new LayoutArgumentException("a coordinate of " + text.length() + " characters is longer than the "
                    + Limits.MAX_TEXT_LENGTH + " that layoutcat reads (Limits.MAX_TEXT_LENGTH)");
        }
        CuTeNotation p = of(text);
        p.noun = "coordinate ";
        try {
            C c = p.coordinate(0, build);
            p.end();
            return c;
        } finally {
            p.done();
        }
    }

    /**
     * How the values of a coordinate read by {@link #parseCoordinate} are built (the coordinate type is the caller's,
     * e.g. {@code SliceCoord} of {@code core.modes}, which this package does not import).
     */
    public interface Coordinates<C> {
        /** An integer ≥ 0. */
        C integer(long value);

        /** The wildcard {@code _}. */
        C wildcard();

        /** A tuple of coordinates, perhaps empty. */
        C tuple(List<C> modes);
    }

    /** A coordinate at pos, a mode at {@code depth} (CuTe's coordinates, like its tuples, nest at most MAX_DEPTH deep). */
    private <C> C coordinate(int depth, Coordinates<C> build) {
        skip();
        if (depth >= Limits.MAX_DEPTH) throw error("nesting deeper than " + Limits.MAX_DEPTH + " levels (Limits.MAX_DEPTH)");
        if (pos >= text.length()) throw error("expected a coordinate, '_' or '('");
        if (peek() == '(') {
            pos++;
            skip();
            List<C> modes = new ArrayList<>();
            if (peek() == ')') {
                pos++;
                return build.tuple(List.of());
            }
            while (true) {
                modes.add(coordinate(depth + 1, build));
                skip();
                char d = peek();
                if (d == ')') {
                    pos++;
                    return build.tuple(modes);
                }
                if (d != ',') throw error("expected ',' or ')' in a coordinate");
                pos++;
            }
        }
        int start = pos;
        if (peek() == '_') { // the wildcard, or the static mark of the integer that follows
            pos++;
            if (!digit(peek())) return build.wildcard();
        }
        if (!digit(peek())) {
            pos = start;
            throw error("expected a non-negative integer, '_' or '('");
        }
        pos = start;
        return build.integer(integer());
    }

    private static boolean digit(char c) {
        return c >= '0' && c <= '9';
    }

    /**
     * What an atom layout's text is (CuTe's {@code atom_layout_MNK} of {@code make_tiled_mma}): a layout with integer
     * strides ({@code (2,2,1):(2,1,0)}), or a shape — a tuple ({@code (2,2,1)}) or this form's own {@code MxNxK} of
     * one to three integers ({@code 2x2x1}, {@code 4}).
     */
    public sealed interface ShapeOrLayout {
        /** A shape: the text had no stride. */
        record Shape(IntTuple shape) implements ShapeOrLayout {}

        /** A layout with integer strides. */
        record Strided(Layout layout) implements ShapeOrLayout {}
    }

    /**
     * Reads an atom layout's text as the kind it is ({@link ShapeOrLayout}); spaces are ignored.
     *
     * @throws LayoutArgumentException where the text is neither a shape nor a layout (worded as {@link Layout#parse}
     *         words it), or is a layout of another kind than integer strides (its kind named)
     */
    public static ShapeOrLayout parseShapeOrLayout(String text) {
        CuTeNotation p = of(text);
        try {
            p.skip();
            int start = p.pos;
            if (!p.startsSwizzle() && !p.startsPointer()) {
                p.shape();
                IntTuple byX = p.tokens == 1 && p.profile[0] == Profile.LEAF ? p.byX(start) : null;
                if (byX != null) return new ShapeOrLayout.Shape(byX);
                p.skip();
                if (p.pos == p.text.length()) return new ShapeOrLayout.Shape(p.shapeTuple()); // the whole text a tuple
                p.pos = start; // a stride, a swizzle or anything else follows: read (or refused) as a layout
            }
            AnyLayout l = p.anyLayout();
            p.end();
            return switch (l) {
                case Layout integer -> new ShapeOrLayout.Strided(p.printed(integer));
                case CoordLayout _, ComposedLayout _, InnerSwizzledLayout _, GeneralComposedLayout _ -> throw new LayoutArgumentException(() -> "\""
                        + LayoutArgumentException.quote(text) + "\" is " + l.kindInWords() + ", where a layout with integer strides is read");
            };
        } finally {
            p.done();
        }
    }

    /**
     * {@code MxNxK} after its first integer M (read by shape() from {@code start}), as this form is written: one to
     * three runs of decimal digits joined by {@code x}, nothing between them and nothing after but spaces; the flat
     * tuple of them, or null (pos unmoved) where the text is not so written and is read as a shape or layout instead.
     */
    private IntTuple byX(int start) {
        int at = pos;
        if (peek() != 'x') return null;
        for (int i = start; i < at; i++) if (!digit(text.charAt(i))) return null;
        List<Long> entries = new ArrayList<>(List.of(leaves[0]));
        while (peek() == 'x' && entries.size() < 3) {
            pos++;
            int from = pos;
            while (digit(peek())) pos++;
            if (pos == from) {
                pos = at;
                return null;
            }
            pos = from;
            entries.add(integer());
        }
        skip();
        if (pos != text.length()) {
            pos = at;
            return null;
        }
        long[] e = new long[entries.size()];
        for (int i = 0; i < e.length; i++) e[i] = entries.get(i);
        return IntTuple.flat(e);
    }

    /**
     * What the text of one access of a shared-memory stage is: an access layout (thread, value[, instruction...]) →
     * index, which begins as a layout begins (a digit or {@code (}), or a tiled copy's fields joined by {@code /}
     * ({@code ATOM/BITS/THR/VAL}, {@code ATOM/A/MMA/ATOMS[/SRC]}), which name an atom first.
     */
    public sealed interface AccessOrCopy {
        /** An access layout with integer strides. */
        record Access(Layout access) implements AccessOrCopy {}

        /** A tiled copy's fields, each trimmed, in order: the atom's name first. */
        record Copy(List<String> fields) implements AccessOrCopy {}
    }

    /**
     * Reads one access of a stage as the kind it is ({@link AccessOrCopy}), decided by how it begins.
     *
     * @throws LayoutArgumentException where an access layout cannot be read, or is of another kind than integer strides
     */
    public static AccessOrCopy parseAccessOrCopy(String text) {
        if (text == null) throw new LayoutArgumentException("no text to parse (null)");
        CuTeNotation p = of(text);
        try {
            p.skip();
            char first = p.peek();
            if (first == '(' || digit(first)) return new AccessOrCopy.Access(parseLayout(text));
            List<String> fields = new ArrayList<>();
            for (String f : text.trim().split("/", -1)) fields.add(f.trim());
            return new AccessOrCopy.Copy(List.copyOf(fields));
        } finally {
            p.done();
        }
    }

    /**
     * The factors of a composite of layouts with integer strides, {@code A o B o C} (or {@code A∘B∘C}), outermost
     * first: the composite is {@code A∘(B∘C)}, C applied first. One layout is a chain of one factor.
     *
     * @throws LayoutArgumentException where a factor is not a layout, or is a layout of another kind than integer
     *         strides (its kind named), or the text has anything else between or after them
     */
    public static List<Layout> parseCompositionFactors(String text) {
        CuTeNotation p = of(text);
        try {
            List<Layout> factors = new ArrayList<>();
            while (true) {
                factors.add(p.factor());
                p.skip();
                char c = p.peek();
                if (c != 'o' && c != '∘') break;
                p.pos++;
            }
            p.end();
            return List.copyOf(factors);
        } finally {
            p.done();
        }
    }

    /** A factor of {@code A o B}: {@code shape[:stride]} with integer strides. */
    private Layout factor() {
        skip();
        int start = pos;
        if (startsSwizzle() || startsPointer()) throw error("a factor of A o B is a layout with integer strides, shape:stride");
        shape();
        skip();
        AnyLayout l;
        if (peek() == ':') {
            pos++;
            l = make(start);
        } else {
            l = parsedColMajor(start);
        }
        return switch (l) {
            case Layout integer -> integer;
            case CoordLayout _, ComposedLayout _, InnerSwizzledLayout _, GeneralComposedLayout _ -> {
                pos = start;
                throw error("a factor of A o B has integer strides; " + l + " is " + l.kindInWords());
            }
        };
    }

    /**
     * The paper's arrow {@code S --(α)--> T} as written (paper §2): S and T nested tuples, α's images 1-based with
     * 0 for the basepoint {@code *}. Whether these make a morphism is the morphism's to check.
     */
    public record Arrow(IntTuple domain, List<Integer> images, IntTuple codomain) {
        public Arrow {
            images = List.copyOf(images);
        }
    }

    /** A text that is a layout of any kind or an arrow: the token after its leading tuple decides. */
    public sealed interface LayoutOrArrow {
        /** A layout (no arrow after the leading tuple). */
        record OfLayout(AnyLayout layout) implements LayoutOrArrow {}

        /** An arrow: {@code --} followed the leading tuple (or began the text). */
        record OfArrow(Arrow arrow) implements LayoutOrArrow {}
    }

    /**
     * Reads a layout of any kind or an arrow {@code S --(α)--> T}, the kind decided where it shows: an arrow's
     * {@code --} after the leading tuple, which CuTe notation never has there.
     *
     * @throws LayoutArgumentException where the text is not the kind it began as (see {@link #parseArrow} and
     *         {@link AnyLayout#parse})
     */
    public static LayoutOrArrow parseLayoutOrArrow(String text) {
        if (text == null) throw new LayoutArgumentException("no text to parse (null)");
        CuTeNotation p = of(text);
        try {
            p.skip();
            int start = p.pos;
            if (p.arrowAhead()) {
                p.pos = start;
                return new LayoutOrArrow.OfArrow(p.arrow());
            }
            p.pos = start;
            AnyLayout l = p.anyLayout();
            p.end();
            return new LayoutOrArrow.OfLayout(l instanceof Layout integer ? p.printed(integer) : l);
        } finally {
            p.done();
        }
    }

    /**
     * Whether the text begins as the arrow {@code S --(α)--> T} rather than as a layout, as {@link #parseLayoutOrArrow}
     * decides: a leading tuple (or none) followed by {@code --} (or {@code ->}). A text whose leading tuple does not read is not an
     * arrow; the layout reader words its error.
     */
    public static boolean beginsArrow(String text) {
        if (text == null) return false;
        CuTeNotation p = of(text);
        try {
            p.skip();
            return p.arrowAhead();
        } catch (LayoutArgumentException notATuple) {
            return false;
        } finally {
            p.done();
        }
    }

    /**
     * Reads past a leading tuple, unless a swizzle or a pointer begins here, and says whether an arrow follows it:
     * {@code --}, or {@code ->}, which no layout has (a negative stride's {@code -} comes before a digit) and which the
     * arrow's reader refuses in its own words.
     */
    private boolean arrowAhead() {
        if (startsSwizzle() || startsPointer()) return false;
        if (!text.startsWith("--", pos)) shape();
        skip();
        return text.startsWith("--", pos) || text.startsWith("->", pos);
    }

    /**
     * Reads the arrow {@code S --(α)--> T}; spaces are ignored. An error quotes the text and gives the position.
     *
     * @throws LayoutArgumentException where the text is null or not {@code S --(α)--> T} with S and T positive tuples
     *         and α of positive indices and {@code *}
     */
    public static Arrow parseArrow(String text) {
        if (text == null) throw new LayoutArgumentException("no morphism to parse (null)");
        CuTeNotation p = of(text);
        try {
            return p.arrow();
        } finally {
            p.done();
        }
    }

    private Arrow arrow() {
        IntTuple domain = arrowEnd("domain", 0);
        if (!text.startsWith("--", pos)) throw arrowError(0, "expected a morphism S --(α)--> T");
        pos += 2;
        skip();
        int open = pos;
        if (peek() != '(') throw arrowError(open, "expected '(' opening the map α after \"--\"");
        pos++;
        List<Integer> images = new ArrayList<>();
        int close = open + 1;
        while (close < text.length() && text.charAt(close) != ')') close++;
        if (close == text.length()) throw arrowError(open, "the map α is not closed by ')'");
        boolean blank = true;
        for (int i = open + 1; i < close; i++) blank &= Character.isWhitespace(text.charAt(i));
        while (!blank) {
            int at = pos;
            while (pos < close && text.charAt(pos) != ',') pos++;
            String image = text.substring(at, pos).strip();
            images.add(image(image, at));
            if (pos == close) break;
            pos++;
        }
        pos = close + 1;
        skip();
        int tip = pos;
        if (!text.startsWith("-->", tip)) throw arrowError(tip, "expected \"-->\" after the map α");
        pos += 3;
        IntTuple codomain = arrowEnd("codomain", pos);
        end();
        return new Arrow(domain, images, codomain);
    }

    /** One image of α: {@code *} (0), or a positive index in decimal digits. */
    private int image(String image, int at) {
        if (image.equals("*")) return 0;
        boolean negative = image.startsWith("-");
        String digits = negative || image.startsWith("+") ? image.substring(1) : image;
        boolean number = !digits.isEmpty() && digits.length() <= 10;
        for (int i = 0; i < digits.length(); i++) number &= digit(digits.charAt(i));
        long v = number ? Long.parseLong(digits) : 0;
        if (!number || v > Integer.MAX_VALUE) throw arrowError(at, "an image of α is a positive index or *, got \"" + image + "\"");
        if (negative || v < 1) throw arrowError(at, "an image of α is a positive index or *, got " + image);
        return (int) v;
    }

    /** The domain or codomain of an arrow at pos: a tuple of positive integers. */
    private IntTuple arrowEnd(String what, int at) {
        skip();
        if (pos == text.length() || text.startsWith("--", pos)) throw arrowError(at, "the " + what + " is missing");
        IntTuple t = intTuple();
        if (!t.allPositive()) throw arrowError(at, "the " + what + " " + t + " has a non-positive entry");
        skip();
        return t;
    }

    private LayoutArgumentException arrowError(int at, String why) {
        return new LayoutArgumentException("in \"" + text + "\" at position " + at + ": " + why);
    }

    /** A stride of a layout: an integer ({@code 3}, {@code -2}, {@code _1}) or a scaled basis element ({@code 1@0@1}). */
    static ScaledBasis parseScaledBasis(String text) {
        CuTeNotation p = of(text);
        try {
            ScaledBasis b = p.scaledBasis();
            p.end();
            return b;
        } finally {
            p.done();
        }
    }

    /** The layout read from the whole text, which keeps the text where it is the one the layout prints. */
    private Layout printed(Layout l) {
        return canonical && explicit ? l.printedAs(text) : l;
    }

    /** Keeps nothing of the input past the parse, nor the room an unusually large one needed. */
    private void done() {
        reading = false;
        text = null;
        stride = null;
        if (profile.length > KEPT) {
            profile = new int[16];
            leaves = new long[16];
        }
    }

    /** A tuple, read by {@link #shape()}. */
    private IntTuple intTuple() {
        shape();
        return shapeTuple();
    }

    /** A tuple of integers of any sign, each perhaps with CuTe's static mark: an ArithTuple's coordinate. */
    private IntTuple signedTuple(int depth) {
        skip();
        if (depth >= Limits.MAX_DEPTH) throw error("nesting deeper than " + Limits.MAX_DEPTH + " levels (Limits.MAX_DEPTH)");
        if (peek() != '(') return IntTuple.of(integer());
        pos++;
        List<IntTuple> modes = new ArrayList<>();
        while (true) {
            modes.add(signedTuple(depth + 1));
            skip();
            char c = peek();
            if (c == ')') {
                pos++;
                return IntTuple.of(modes);
            }
            if (c != ',') throw error("expected ',' or ')' in ArithTuple's coordinate");
            pos++;
        }
    }

    private Tiler tiler(int depth) {
        skip();
        if (depth == 0 && startsSwizzle()) return swizzled();
        if (peek() == '<') {
            deeper(depth);
            pos++;
            List<Tiler> modes = new ArrayList<>();
            skip();
            if (peek() == '>') throw error("a by-mode tiler <> needs at least one entry");
            while (true) {
                modes.add(tiler(depth + 1));
                skip();
                char c = peek();
                if (c == ',') {
                    pos++;
                } else if (c == '>') {
                    pos++;
                    return new Tiler.ByMode(modes);
                } else {
                    throw error("expected ',' or '>' in a by-mode tiler");
                }
            }
        }
        int start = pos;
        shape();
        if (strideFollows()) return make(start);
        return Tiler.ofShape(checkedShape(start));
    }

    /** A layout of any kind: a swizzled one where the text starts with {@code Sw}, else {@code shape[:stride]}. */
    private AnyLayout anyLayout() {
        skip();
        if (startsSwizzle()) return swizzled();
        if (startsPointer()) { // CuTe's printout of a tensor, ptr o L: its layout is L, the element offsets from ptr
            Pointer at = pointer();
            pointerAddress = at.address;
            expectComposition();
            canonical = false;
            return anyLayout();
        }
        if (text.startsWith("ArithTuple", pos)) { // an identity tensor, ArithTuple(c) o L: its layout is L, the coordinates from c
            pos += "ArithTuple".length();
            skip();
            if (peek() != '(') throw error("expected '(' after ArithTuple: its coordinate, as CuTe prints it, e.g. ArithTuple(_0,_0)");
            arithOrigin = signedTuple(0);
            pointerMemory = Memory.COORDINATES;
            expectComposition();
            canonical = false;
            return anyLayout();
        }
        int start = pos;
        AnyLayout l = chainLayout();
        skip();
        return peek() == 'o' ? innerSwizzled(l, start) : l;
    }

    /** {@code L o OFFSET o Sw<B,M,S>}, after L: a layout after a swizzle, as CuTe prints its inverses of swizzled layouts. */
    private InnerSwizzledLayout innerSwizzled(AnyLayout l, int start) {
        canonical = false; // prints itself
        if (!(l instanceof Layout outer)) {
            pos = start;
            throw error("the layout after a swizzle has integer strides; " + l + " is " + l.kindInWords());
        }
        expectComposition();
        long offset = integer();
        expectComposition();
        skip();
        if (!startsSwizzle()) throw error("expected a swizzle Sw<B,M,S> in L o OFFSET o Sw<B,M,S>");
        int at = pos;
        int[] bms = swizzleParameters();
        try {
            return new InnerSwizzledLayout(outer, offset, new Swizzle(bms[0], bms[1], bms[2]));
        } catch (LayoutArgumentException e) {
            throw positioned(at, e);
        }
    }

    /**
     * A composed layout of composed layouts, as CuTe prints one: functions joined by {@code o OFFSET o}, read right
     * to left into {@link GeneralComposedLayout#of} ({@code f0 o n1 o f1 o ... o nk o fk} is {@code f0 o n1 o (f1 o ...
     * o nk o fk)}), each function a swizzle {@code Sw<B,M,S>}, a layout, a swizzled layout in CuTe's pointer form
     * (last), or a composed layout in parentheses; an offset left out is 0 (as {@code ((4,4):(4,1)) o (Sw<3,0,3> o
     * ((2,2,4):(1,4,2)))} writes it). An integer between two {@code o} is an offset, as CuTe prints one.
     */
    private AnyLayout chain(int depth) {
        List<LayoutFunction> parts = new ArrayList<>();
        List<Long> offsets = new ArrayList<>();
        int start = pos;
        parts.add(chainPart(depth));
        while (true) {
            skip();
            if (peek() != 'o') break;
            if (parts.size() == Limits.MAX_DEPTH) {
                throw error("a chain of more than " + Limits.MAX_DEPTH + " composed functions (Limits.MAX_DEPTH)");
            }
            pos++;
            offsets.add(offsetBetween());
            parts.add(chainPart(depth));
        }
        int k = parts.size() - 1;
        AnyLayout acc;
        if (parts.get(k) instanceof Swizzle sw) { // L o OFFSET o Sw: a layout after a swizzle, innermost
            if (k == 0 || !(parts.get(k - 1) instanceof Layout outer)) {
                pos = start;
                throw error("a chain of composed functions ends in a layout, or in L o OFFSET o Sw<B,M,S> with L of integer"
                        + " strides; " + (k == 0 ? "a swizzle alone has no shape" : parts.get(k - 1) + " is not such an L"));
            }
            acc = new InnerSwizzledLayout(outer, offsets.get(k - 1), sw);
            k -= 2;
        } else {
            acc = (AnyLayout) parts.get(k);
            k -= 1;
        }
        try {
            for (; k >= 0; k--) acc = GeneralComposedLayout.of(parts.get(k), offsets.get(k), acc);
        } catch (LayoutArgumentException e) {
            throw positioned(start, e);
        }
        return acc;
    }

    /** The offset after an {@code o} of a chain: an integer followed by {@code o}, else 0 (left out). */
    private long offsetBetween() {
        skip();
        int at = pos;
        boolean c = canonical;
        try {
            long n = integer();
            skip();
            if (peek() == 'o') {
                pos++;
                return n;
            }
        } catch (IllegalArgumentException notAnOffset) {
            // not an integer: the part that follows, with the offset left out
        }
        pos = at;
        canonical = c;
        return 0;
    }

    /** One function of a chain: a swizzle, a layout, a pointer-form swizzled layout, or a parenthesized chain. */
    private LayoutFunction chainPart(int depth) {
        skip();
        int start = pos;
        if (startsSwizzle()) {
            int[] bms = swizzleParameters();
            skip();
            int after = pos;
            boolean pointerForm = peek() == '_';
            if (!pointerForm && peek() == 'o') {
                pos++;
                skip();
                pointerForm = startsPointer();
            }
            if (pointerForm) {
                pos = start;
                return swizzled();
            }
            pos = after;
            try {
                return new Swizzle(bms[0], bms[1], bms[2]);
            } catch (LayoutArgumentException e) {
                throw positioned(start, e);
            }
        }
        if (peek() == '(') {
            try {
                return chainLayout();
            } catch (IllegalArgumentException notALayout) {
                int failedAt = pos;
                pos = start;
                deeper(depth);
                pos = start + 1;
                try {
                    AnyLayout inner = chain(depth + 1);
                    expect(')', "closing a composed layout in parentheses");
                    return inner;
                } catch (IllegalArgumentException notAChain) {
                    if (pos > failedAt) throw notAChain;
                    throw notALayout;
                }
            }
        }
        return chainLayout();
    }

    /** After a shape: whether {@code :stride} follows it, read past the {@code ':'} where it does ({@link #explicit}). */
    private boolean strideFollows() {
        skip();
        explicit = peek() == ':';
        if (explicit) pos++;
        return explicit;
    }

    /** A layout {@code shape[:stride]}, alone or as a factor of a chain; a shape alone is its column-major layout. */
    private AnyLayout chainLayout() {
        int start = pos;
        shape();
        if (strideFollows()) return make(start);
        return parsedColMajor(start);
    }

    /** {@code Sw<B,M,S>} as CuTe C++ prints a swizzle, or {@code S<B,M,S>} as CuTe DSL does. */
    private boolean startsSwizzle() {
        return text.startsWith("Sw", pos) || text.startsWith("S<", pos);
    }

    /** {@code Sw<B,M,S>} at pos: its three integers, read as written (the swizzle checks them). */
    private int[] swizzleParameters() {
        pos += text.startsWith("Sw", pos) ? 2 : 1; // CuTe DSL prints S<B,M,S>
        expect('<', "after Sw: a swizzle is Sw<B,M,S>");
        int b = smallInteger("B");
        expect(',', "between B and M of Sw<B,M,S>");
        int m = smallInteger("M");
        expect(',', "between M and S of Sw<B,M,S>");
        int sh = smallInteger("S");
        expect('>', "closing Sw<B,M,S>");
        return new int[] {b, m, sh};
    }

    /**
     * {@code Sw<B,M,S> o OFFSET o LAYOUT}, or CuTe's pointer form {@code Sw<B,M,S> o smem_ptr[Nb](...) o LAYOUT}, a
     * swizzle of byte addresses over N-bit elements read as the swizzle of element offsets it equals (M less log2 of
     * the element's bytes); the layout has integer strides.
     */
    private ComposedLayout swizzled() {
        int start = pos;
        canonical = false; // a composed layout prints itself
        int[] bms = swizzleParameters();
        int b = bms[0], m = bms[1], sh = bms[2];
        Swizzle sw;
        try {
            sw = new Swizzle(b, m, sh);
        } catch (LayoutArgumentException e) {
            throw positioned(start, e);
        }
        Pointer pointer = null;
        long offset = 0;
        if (peek() == '_') { // CuTe's printout of a tensor over a swizzled pointer: Sw<B,M,S>_smem_ptr[Nb](address)
            pos++;
            pointer = pointer();
        } else {
            expectComposition();
            skip();
            if (startsPointer()) {
                pointer = pointer();
            } else {
                int at = pos;
                offset = integer();
                if (offset < 0) {
                    pos = at;
                    throw error("the offset of a composed layout is ≥ 0");
                }
            }
        }
        expectComposition();
        skip();
        int innerAt = pos;
        AnyLayout inner = anyLayout();
        if (!(inner instanceof Layout l)) {
            pos = innerAt;
            throw error("the layout inside a swizzle has integer strides; " + inner + " is " + inner.kindInWords());
        }
        if (pointer == null) return new ComposedLayout(sw, offset, l);
        pointerAddress = pointer.address;
        int log2Bytes = ComposedLayout.log2Bytes(pointer.bits);
        if (b > 0 && m < log2Bytes) {
            throw new LayoutArgumentException("Sw<" + b + "," + m + "," + sh + "> over " + pointer.bits + "-bit elements"
                    + " swizzles bits inside an element (M < " + log2Bytes + "), so no swizzle of element offsets equals it");
        }
        Swizzle elements = b == 0 ? Swizzle.IDENTITY : new Swizzle(b, m - log2Bytes, sh);
        if (pointer.address != null && b > 0 && !addressed) {
            // a swizzle of byte addresses from this address: its element offsets are Sw' o 0 o L only where the
            // address leaves the swizzle's bits 0 (else Sw'(r + L(i)) - r, r its offset past the aligned address)
            int top = m + b + Math.abs(sh);
            long low = top >= 63 ? pointer.address : pointer.address & ((1L << top) - 1);
            if (low != 0) {
                long r = low / (pointer.bits / 8);
                pos = pointer.at;
                throw error("the swizzle " + sw + " of byte addresses from " + pointer.text + " depends on the address: its"
                        + " bits below bit " + top + " are " + low + ", not 0, so the tile's element offsets from that address are"
                        + " " + elements + "(" + r + " + L(i)) - " + r + ", no swizzled layout's; " + elements + " o " + r + " o " + l
                        + " gives them from the aligned address " + hex(pointer.address - low) + " below it, and"
                        + " Sw<" + b + "," + m + "," + sh + "> o smem_ptr[" + pointer.bits + "b](unset) o " + l + " the tile of an aligned one");
            }
        }
        return ComposedLayout.pointer(elements, l, pointer.bits);
    }

    /** A pointer of CuTe's printouts: {@code smem_ptr[16b](unset)}, {@code gmem_ptr[32b](0x7f0010400000)}. */
    private record Pointer(int bits, Long address, String text, int at) {}

    /** The memory-space prefixes of CuTe's pointer printouts, and the memory each names. */
    private static final String[] SPACES = {"smem_", "gmem_", "rmem_", ""};
    private static final Memory[] SPACE_MEMORY = {Memory.SHARED, Memory.GLOBAL, Memory.REGISTER, Memory.UNTAGGED};

    /** The prefix's index in {@link #SPACES} of a pointer at pos, or -1: {@code [s|g|r]mem_}{@code ptr[} or {@code subptr[}. */
    private int pointerSpace() {
        for (int i = 0; i < SPACES.length; i++) {
            String sp = SPACES[i];
            if (!text.startsWith(sp, pos)) continue;
            int after = pos + sp.length();
            if (text.startsWith("ptr[", after) || text.startsWith("subptr[", after)) return i;
        }
        return -1;
    }

    private boolean startsPointer() {
        return pointerSpace() >= 0;
    }

    /**
     * {@code [s|g|r]mem_ptr[Nb](unset | (nil) | 0xHEX | DECIMAL)}, the raw pointer {@code ptr[Nb](...)}, and a sub-byte
     * pointer {@code [s|g|r]mem_subptr[Nb](ADDRESS.BIT)} (CuTe's {@code subbyte_iterator}: its storage's address and
     * the bit its first element starts at).
     */
    private Pointer pointer() {
        int start = pos;
        int space = pointerSpace();
        if (space < 0) throw error("expected a pointer smem_ptr[Nb](address), as CuTe prints it");
        pos += SPACES[space].length();
        boolean subbyte = text.startsWith("subptr", pos);
        pos += subbyte ? "subptr".length() : "ptr".length();
        String name = text.substring(start, pos);
        expect('[', "in " + name + "[Nb]");
        int bitsAt = pos;
        long bits = integer();
        expect('b', "in " + name + "[Nb]: N bits");
        expect(']', "closing " + name + "[Nb]");
        if (bits < 1 || bits > ComposedLayout.MAX_POINTER_BITS || Long.bitCount(bits) != 1) {
            pos = bitsAt;
            throw error(name + "[" + bits + "b]: a pointer here holds elements of 1, 2, 4, 8, 16, ... up to "
                    + ComposedLayout.MAX_POINTER_BITS + " bits");
        }
        expect('(', "after the pointer's type: its address, e.g. (unset) or (0x7f001000)");
        skip();
        int addrAt = pos;
        Long address;
        if (text.startsWith("(nil)", pos)) { // the null pointer, as glibc's %p prints it in CuTe's printout
            pos += "(nil)".length();
            address = 0L;
        } else {
            while (pos < text.length() && Character.isLetterOrDigit(text.charAt(pos))) pos++;
            String addr = text.substring(addrAt, pos);
            try {
                address = addr.equals("unset") ? null
                        : addr.startsWith("0x") || addr.startsWith("0X") ? Long.parseUnsignedLong(addr.substring(2), 16) : Long.parseLong(addr);
            } catch (NumberFormatException e) {
                pos = addrAt;
                throw error("a pointer's address is unset, (nil), 0x and hexadecimal digits, or decimal digits (within 64 bits)");
            }
        }
        if (subbyte) {
            expect('.', "after a sub-byte pointer's address: the bit its first element starts at, ADDRESS.BIT");
            int bitAt = pos;
            long bit = integer();
            if (bit < 0 || bit > 63) {
                pos = bitAt;
                throw error("a sub-byte pointer's bit is 0 to 63 (a bit of its storage word), not " + bit);
            }
            if (bit % 8 != 0) {
                pos = bitAt;
                throw error("the sub-byte pointer starts at bit " + bit + " of the byte at its address: layoutcat reads a tensor from a"
                        + " whole byte (bit 0, 8, 16, ...), and an element offset from there is the layout's");
            }
            if (address != null) address = Math.addExact(address, bit / 8);
        }
        expect(')', "closing the pointer's address");
        pointerBits = (int) bits;
        pointerMemory = SPACE_MEMORY[space];
        return new Pointer((int) bits, address, text.substring(start, pos), start);
    }

    private static String hex(long v) {
        return "0x" + Long.toHexString(v);
    }


    /** The {@code o} between the parts of a composed layout. */
    private void expectComposition() {
        skip();
        if (peek() != 'o') throw error("expected 'o' between the parts of Sw<B,M,S> o OFFSET o LAYOUT");
        pos++;
    }

    private void expect(char c, String where) {
        skip();
        if (peek() != c) throw error("expected '" + c + "' " + where);
        pos++;
    }

    /** An integer of a swizzle's or pointer's fields, within int range. */
    private int smallInteger(String what) {
        int at = pos;
        long v = integer();
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            pos = at;
            throw error(what + " = " + v + " is outside the range of a swizzle's fields");
        }
        return (int) v;
    }

    private LayoutArgumentException positioned(int at, LayoutArgumentException e) {
        return new LayoutArgumentException("in \"" + LayoutArgumentException.quote(text) + "\" at position " + at + ": " + e.getMessage(), e);
    }

    /** The column-major layout of the shape read by {@link #shape()}, whose extents may be 0 (none negative). */
    private Layout parsedColMajor(int start) {
        try {
            return Layout.parsedColMajor(shapeTuple());
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw new LayoutArgumentException("in \"" + LayoutArgumentException.quote(text) + "\" at position " + start + ": " + e.getMessage(), e);
        }
    }

    /** The shape read by {@link #shape()} as a tuple, checked positive. */
    private IntTuple checkedShape(int start) {
        IntTuple shape = shapeTuple();
        if (!shape.allPositive()) {
            throw new LayoutArgumentException("in \"" + LayoutArgumentException.quote(text) + "\" at position " + start + ": shape " + shape
                    + " has a non-positive entry; shapes are positive");
        }
        return shape;
    }

    private IntTuple shapeTuple() {
        return Profile.tuple(profileRead(), Arrays.copyOf(leaves, leafCount));
    }

    /** The profile read, as a layout keeps it: the shared array of an integer or a flat tuple, else a copy. */
    private int[] profileRead() {
        if (tokens == 1 && profile[0] == Profile.LEAF) return Profile.integer();
        if (profile[0] == tokens - 1 && leafCount == tokens - 1) return Profile.flat(leafCount); // (a,b,...) or ()
        return Arrays.copyOf(profile, tokens);
    }

    /**
     * Reads a tuple into {@code profile} and {@code leaves}, as {@link #intTuple()} reads it into an IntTuple,
     * with the same errors.
     */
    private void shape() {
        tokens = 0;
        leafCount = 0;
        shapeAt(0);
    }

    /** Refuses a tuple or tiler opened at {@code depth} past {@link Limits#MAX_DEPTH}. */
    private void deeper(int depth) {
        if (depth >= Limits.MAX_DEPTH) {
            throw error("nesting deeper than " + Limits.MAX_DEPTH + " levels (Limits.MAX_DEPTH)");
        }
    }

    private void shapeAt(int depth) {
        skip();
        if (tokens == profile.length) profile = Arrays.copyOf(profile, 2 * tokens);
        if (peek() != '(') {
            long v = integer();
            if (leafCount == Limits.MAX_FLAT_MODES) {
                throw error("more than " + Limits.MAX_FLAT_MODES + " integers in one tuple (Limits.MAX_FLAT_MODES)");
            }
            if (leafCount == leaves.length) leaves = Arrays.copyOf(leaves, 2 * leafCount);
            profile[tokens++] = Profile.LEAF;
            leaves[leafCount++] = v;
            return;
        }
        deeper(depth);
        pos++;
        int at = tokens++; // the rank, written once the modes are read
        skip();
        if (peek() == ')') {
            pos++;
            profile[at] = 0;
            return;
        }
        int rank = 0;
        while (true) {
            shapeAt(depth + 1);
            rank++;
            skip();
            char d = peek();
            if (d == ',') {
                pos++;
                skip();
                if (peek() == ')') throw error("a trailing comma: CuTe writes a tuple of one mode (8), not (8,)");
            } else if (d == ')') {
                pos++;
                profile[at] = rank;
                return;
            } else {
                throw error("expected ',' or ')' in a tuple");
            }
        }
    }

    /**
     * The layout of the shape read by {@link #shape()} and the stride that follows: read straight into the flat
     * strides where it is congruent to the shape, else read as a tuple for {@link Layout#of(IntTuple, IntTuple)}
     * to word the error.
     */
    private AnyLayout make(int start) {
        int strideStart = pos;
        long[] flat = new long[leafCount];
        stride = flat;
        leafAt = 0;
        if (strideLike(0) == tokens) {
            try {
                return Layout.parsedParts(profileRead(), Arrays.copyOf(leaves, leafCount), flat);
            } catch (IllegalArgumentException | ArithmeticException e) {
                throw new LayoutArgumentException("in \"" + LayoutArgumentException.quote(text) + "\" at position " + start + ": " + e.getMessage(), e);
            }
        }
        IntTuple shape = shapeTuple();
        pos = strideStart;
        if (basisStride(strideStart)) return basisLayout(shape, start);
        return make(shape, intTuple(), start);
    }

    /** True where the stride from {@code at} holds a scaled basis element {@code @} (a stride has digits, _, -, @, (, ), comma, space). */
    private boolean basisStride(int at) {
        for (int i = at; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '@') return true;
            if (!(Character.isDigit(c) || c == '_' || c == '-' || c == '(' || c == ')' || c == ',' || Character.isWhitespace(c))) return false;
        }
        return false;
    }

    /** The layout of {@code shape} and the scaled-basis stride that follows, congruent to it. */
    private CoordLayout basisLayout(IntTuple shape, int start) {
        canonical = false; // a layout of basis strides prints itself
        List<ScaledBasis> d = new ArrayList<>();
        basisStrideLike(shape, d);
        try {
            return CoordLayout.of(shape, d);
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw new LayoutArgumentException("in \"" + LayoutArgumentException.quote(text) + "\" at position " + start + ": " + e.getMessage(), e);
        }
    }

    private void basisStrideLike(IntTuple shape, List<ScaledBasis> out) {
        skip();
        if (shape.isLeaf()) {
            if (peek() == '(') throw error("expected a stride congruent to the shape " + shape);
            out.add(scaledBasis());
            return;
        }
        if (peek() != '(') throw error("expected '(': the stride is not congruent to the shape " + shape);
        pos++;
        for (int i = 0; i < shape.rank(); i++) {
            basisStrideLike(shape.mode(i), out);
            skip();
            char want = i < shape.rank() - 1 ? ',' : ')';
            if (peek() != want) throw error("expected '" + want + "': the stride is not congruent to the shape " + shape);
            pos++;
        }
        if (shape.rank() == 0) {
            skip();
            if (peek() != ')') throw error("expected ')'");
            pos++;
        }
    }

    /** {@code v}, or {@code v@i@j...}: the scale, then the basis indices, innermost first as CuTe prints them. */
    private ScaledBasis scaledBasis() {
        long v = integer();
        List<Integer> indices = new ArrayList<>();
        while (peek() == '@') {
            pos++;
            int at = pos;
            long i = integer();
            if (i < 0 || i > Integer.MAX_VALUE) {
                pos = at;
                throw error("basis index " + i + " is out of range");
            }
            if (indices.size() == Limits.MAX_DEPTH) throw error("a basis element nested deeper than " + Limits.MAX_DEPTH + " levels (Limits.MAX_DEPTH)");
            indices.add((int) i);
        }
        int[] path = new int[indices.size()];
        for (int k = 0; k < path.length; k++) path[path.length - 1 - k] = indices.get(k); // printed innermost first
        return ScaledBasis.of(v, path);
    }

    private long[] stride; // where strideLike writes
    private int leafAt; // strideLike's next leaf

    /** Reads a tuple with the nesting of the profile's subtree at {@code at}; the next token, or -1 where it differs. */
    private int strideLike(int at) {
        skip();
        int v = profile[at++];
        if (v == Profile.LEAF) {
            if (peek() == '(') return -1;
            stride[leafAt++] = integer();
            return peek() == '@' ? -1 : at; // a scaled basis element: read as one (basisLayout)
        }
        if (peek() != '(') return -1;
        pos++;
        if (v == 0) {
            skip();
            if (peek() != ')') return -1;
            pos++;
            return at;
        }
        for (int i = 0; i < v; i++) {
            at = strideLike(at);
            if (at < 0) return -1;
            skip();
            if (peek() != (i < v - 1 ? ',' : ')')) return -1;
            pos++;
        }
        return at;
    }

    private AnyLayout make(IntTuple shape, IntTuple stride, int start) {
        try {
            return Layout.of(shape, stride);
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw new LayoutArgumentException("in \"" + LayoutArgumentException.quote(text) + "\" at position " + start + ": " + e.getMessage(), e);
        }
    }

    private long integer() {
        skip();
        int start = pos;
        int len = text.length();
        if (pos < len && text.charAt(pos) == '_') {
            pos++;
            canonical = false;
        }
        boolean negative = false;
        if (pos < len && text.charAt(pos) == '-') {
            negative = true;
            pos++;
        }
        int digits = pos;
        if (pos < len && text.charAt(pos) == '0' && (negative || (pos + 1 < len && Character.isDigit(text.charAt(pos + 1))))) canonical = false;
        long v = 0;
        while (pos < len) {
            int digit = text.charAt(pos) - '0';
            if (digit < 0 || digit > 9) break;
            if (v >= Long.MAX_VALUE / 10 && (v > Long.MAX_VALUE / 10 || digit > Long.MAX_VALUE % 10)) {
                pos = start;
                throw error("integer does not fit in 64 bits");
            }
            v = v * 10 + digit;
            pos++;
        }
        if (pos == digits) {
            pos = start;
            throw error("expected an integer or '('");
        }
        return negative ? -v : v;
    }

    private void end() {
        skip();
        if (pos != text.length()) throw error("unexpected text after the end");
    }

    private void skip() {
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (c != ' ' && (c > ' ' || !Character.isWhitespace(c))) return;
            pos++;
            canonical = false;
        }
    }

    private char peek() {
        return pos < text.length() ? text.charAt(pos) : '\0';
    }

    private IllegalArgumentException error(String what) {
        String found = pos < text.length() ? "'" + text.charAt(pos) + "'" : "end of text";
        return new LayoutArgumentException("cannot parse " + noun + "\"" + LayoutArgumentException.quote(text) + "\" at position " + pos + " (" + found + "): " + what);
    }

}
