package org.layoutcat.ops.batch;

import org.layoutcat.ops.Request;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.layoutcat.ops.ArgKind;
import org.layoutcat.ops.Operation;
import org.layoutcat.ops.Operations;
import org.layoutcat.ops.Param;
import org.layoutcat.core.atom.Atoms;

/**
 * Seeded batch requests for every operation of the table ({@link Operations#all()}), each argument drawn for its
 * parameter's declared kind ({@link ArgKind}), with the boundary values of issue 34 mixed into shapes, strides,
 * offsets, swizzle bits, element widths, tile sizes and indices: 0, 1, −1, 2^31, 2^32, 2^32 + 16, 2^62, 2^63 − 1,
 * huge tiles, swizzle bits 0 to 31. Besides, each operation's own example with one or two of its integers replaced by
 * such values (this reaches the kinds an operation declares for itself, as {@code swizzle_search}'s accesses and
 * {@code tma_descriptor}'s element types), some arguments of another kind, and one argument too few. Most values are
 * small, so that most requests are answered and their answers can be held against the definitions
 * ({@link FuzzCheck}). The list of operations is the table's: an operation added to the table is fuzzed.
 *
 * <p>Used by {@code TableFuzzTest} (a small sample, functionally) and by the fuzz run of {@code bench} ({@code
 * bench/fuzz.sh}: every request timed warm, at {@code -Xmx64m}, in-process and through a pipe).
 */
public final class FuzzRequests {
    /** The boundary values of issue 34. */
    public static final long[] BOUNDARY = {0, 1, -1, 1L << 31, 1L << 32, (1L << 32) + 16, 1L << 62, Long.MAX_VALUE};

    /** Integers past 64 bits, which every reader refuses. */
    static final String PAST_64_BITS = "99999999999999999999";

    /** Tile shapes far larger than a kernel's: a request over them must be refused or answered in time. */
    static final String[] HUGE_TILES = {"(4096,4096)", "(65536,65536)", "(4096,4096,4096)", "(1048576,1024)", "(2147483648,2)",
        "(256,256,256,256,256)", "(4294967296,4294967296)", "(64,4096)", "(1024,64)", "(256,256)"};

    /** The copy atoms a copy_atom or tiled copy is asked of: the catalog less the TMEM atoms, which tmem_copy takes by its own kind. */
    private static final List<org.layoutcat.core.atom.CopyAtom> WARP_COPIES = Atoms.copyAtoms().stream()
            .filter(c -> !c.name().startsWith("SM100_TMEM_")).toList();
    private static final Pattern RANGE = Pattern.compile(", (-?\\d+) to (-?\\d+)$");
    private static final Pattern INTEGER = Pattern.compile("(?<![A-Za-z0-9_@.-])-?\\d+(?![A-Za-z0-9_.])");

    /**
     * One request: its id, operation, arguments and engine (null: the default), and whether one of its integers is
     * outside its parameter's range (which must be refused).
     */
    public record Request(String id, String op, List<String> args, String engine, boolean outOfRange) {
        public Request {
            args = List.copyOf(args);
        }

        /** The batch line: {@code {"id":"f7","op":"...","args":[...]}}. */
        public String line() {
            StringBuilder sb = new StringBuilder(64).append("{\"id\":");
            json(sb, id).append(",\"op\":");
            json(sb, op).append(",\"args\":[");
            for (int i = 0; i < args.size(); i++) json(i > 0 ? sb.append(',') : sb, args.get(i));
            sb.append(']');
            if (engine != null) json(sb.append(",\"engine\":"), engine);
            return sb.append('}').toString();
        }

        /** The line cut to {@code max} characters, for a report. */
        public String shortLine(int max) {
            String l = line();
            return l.length() <= max ? l : l.substring(0, max) + "… (" + l.length() + " characters)";
        }
    }

    static StringBuilder json(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) sb.append(String.format("\\u%04x", (int) c));
                    else sb.append(c);
                }
            }
        }
        return sb.append('"');
    }

    private final Random r;
    private boolean past;

    private FuzzRequests(Random r) {
        this.r = r;
    }

    /** {@code perOperation} requests of each operation of the table, then each operation's example, ids {@code f0, f1, ...}. */
    public static List<Request> of(long seed, int perOperation) {
        FuzzRequests g = new FuzzRequests(new Random(seed));
        List<Request> out = new ArrayList<>();
        for (Operation op : Operations.all()) {
            for (int k = 0; k < perOperation; k++) out.add(g.request("f" + out.size(), op));
        }
        for (Operation op : Operations.all()) out.add(new Request("f" + out.size(), op.name(), op.example(), null, false));
        return out;
    }

    private Request request(String id, Operation op) {
        past = false;
        List<String> args = new ArrayList<>();
        if (r.nextInt(5) == 0 && !op.example().isEmpty()) {
            args.addAll(op.example());
            int n = 1 + r.nextInt(2);
            for (int k = 0; k < n; k++) {
                int i = r.nextInt(args.size());
                args.set(i, mutate(args.get(i)));
            }
            // a second mutation may replace the first's integer: out of range only where one past 64 bits is left
            past = args.stream().anyMatch(a -> a.contains(PAST_64_BITS));
        } else if (op.name().equals("bank_conflicts") && r.nextInt(3) > 0) {
            args.addAll(oneInstruction());
        } else {
            List<Boolean> outside = new ArrayList<>(); // whether each argument was drawn out of its range
            for (Param<?> p : op.params()) {
                if (p.optional() && r.nextInt(3) == 0) break;
                past = false;
                args.add(argument(p.kind()));
                outside.add(past);
            }
            if (r.nextInt(40) == 0 && !args.isEmpty()) { // one argument too few: the one left out no longer counts
                args.removeLast();
                outside.removeLast();
            }
            past = outside.contains(true);
            String engine = op.takesEngine() && r.nextInt(6) == 0 ? (r.nextBoolean() ? "category" : "cute") : null;
            return new Request(id, op.name(), args, engine, past);
        }
        if (r.nextInt(40) == 0 && !args.isEmpty()) { // one argument too few
            args.removeLast();
            past = args.stream().anyMatch(a -> a.contains(PAST_64_BITS)); // what is left of a mutated example
        }
        String engine = op.takesEngine() && r.nextInt(6) == 0 ? (r.nextBoolean() ? "category" : "cute") : null;
        return new Request(id, op.name(), args, engine, past);
    }

    /** The text with one of its integers replaced by a boundary value or a small one. */
    private String mutate(String text) {
        Matcher m = INTEGER.matcher(text);
        List<int[]> at = new ArrayList<>();
        while (m.find()) at.add(new int[] {m.start(), m.end()});
        if (at.isEmpty()) return r.nextInt(4) == 0 ? anyText() : text;
        int[] p = at.get(r.nextInt(at.size()));
        String v = r.nextInt(3) == 0 ? Long.toString(pick(0, 1, 2, 3, 5, 31, 32, 33, 64)) : boundary();
        return text.substring(0, p[0]) + v + text.substring(p[1]);
    }

    /**
     * One instruction of a warp, one element each, over a tile of at least its size: the requests whose wavefronts
     * {@link FuzzCheck} counts by brute force (strides and offsets with the boundary values among them).
     */
    private List<String> oneInstruction() {
        long threads = pick(8, 16, 32, 32);
        String smem = switch (r.nextInt(4)) {
            case 0 -> "(" + pick(32, 64) + "," + pick(8, 16) + "):(" + stride() + "," + stride() + ")";
            case 1 -> swizzle() + " o " + (r.nextInt(4) == 0 ? boundary() : "0") + " o (" + pick(8, 16) + "," + pick(32, 64) + "):(" + pick(32, 64) + ",1)";
            case 2 -> "(" + pick(256, 512) + "):(" + stride() + ")";
            default -> "(" + pick(16, 32) + "," + pick(16, 32) + "):(" + pick(1, 16, 32, 33, 1L << 31, 1L << 32) + "," + pick(1, 16, 32, 64, 1L << 62) + ")";
        };
        String access = (r.nextBoolean() ? "(" + threads + ")" : "(" + threads + ",1)") + ":" + (r.nextBoolean() ? "(" + pick(1, 2, 4, 8, 16, 32, 33) + ")"
                : "(" + pick(1, 2, 4, 8, 16, 32, 33) + ",0)");
        if (access.startsWith("(" + threads + ")") && access.endsWith(",0)")) access = "(" + threads + "):(" + pick(1, 2, 8, 32) + ")";
        List<String> out = new ArrayList<>(List.of(smem, access, Long.toString(pick(1, 2, 4))));
        if (r.nextBoolean()) out.add("0");
        return out;
    }

    // ---------------------------------------------------------------------------------------------------------
    // Values

    private long pick(long... v) {
        return v[r.nextInt(v.length)];
    }

    private String boundary() {
        if (r.nextInt(40) == 0) {
            past = true;
            return PAST_64_BITS;
        }
        return Long.toString(BOUNDARY[r.nextInt(BOUNDARY.length)]);
    }

    /** An extent: small mostly, a boundary value at times. */
    private String extent() {
        return r.nextInt(12) == 0 ? boundary() : Long.toString(pick(1, 1, 2, 2, 2, 3, 4, 4, 4, 6, 8, 8, 16, 32));
    }

    /** A stride: small, zero or negative mostly, a boundary value at times. */
    private String stride() {
        return r.nextInt(10) == 0 ? boundary() : Long.toString(pick(0, 1, 1, 2, 3, 4, 8, 12, 16, 32, 64, -1, -2, -4));
    }

    /** A shape, nested up to {@code depth} levels; a huge tile at times. */
    String shape(int depth) {
        if (depth == 2 && r.nextInt(25) == 0) return HUGE_TILES[r.nextInt(HUGE_TILES.length)];
        if (depth == 0 || r.nextInt(3) == 0) return extent();
        int n = 1 + r.nextInt(3);
        StringBuilder sb = new StringBuilder("(");
        for (int k = 0; k < n; k++) sb.append(k > 0 ? "," : "").append(shape(depth - 1));
        return sb.append(')').toString();
    }

    /** The strides of a shape (its text), compact in some order, or drawn one by one. */
    private String stridesOf(String shape) {
        Matcher m = Pattern.compile("-?\\d+").matcher(shape);
        List<Long> e = new ArrayList<>();
        while (m.find()) e.add(parseOr(m.group(), 2));
        boolean compact = r.nextBoolean();
        StringBuilder out = new StringBuilder();
        m = Pattern.compile("-?\\d+").matcher(shape);
        int k = 0;
        long running = r.nextInt(6) == 0 ? pick(2, 4, 1L << 31, 1L << 32) : 1;
        int last = 0;
        while (m.find()) {
            out.append(shape, last, m.start());
            String d;
            if (compact) {
                d = Long.toString(running);
                running = running * e.get(k) * (r.nextInt(5) == 0 ? 2 : 1); // wraps where the shape is huge: a boundary of its own
            } else d = stride();
            out.append(d);
            last = m.end();
            k++;
        }
        return out.append(shape.substring(last)).toString();
    }

    private static long parseOr(String s, long otherwise) {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            return otherwise;
        }
    }

    /** An integer-stride layout. */
    String layout() {
        String s = shape(r.nextInt(8) == 0 ? 2 : 1 + r.nextInt(2));
        if (!s.startsWith("(") && r.nextBoolean()) s = "(" + s + ")";
        return s + ":" + stridesOf(s);
    }

    /** Swizzle bits: small mostly, 0 to 31 at times, S negative at times. */
    String swizzle() {
        int b, m, s;
        if (r.nextInt(3) == 0) {
            b = r.nextInt(32);
            m = r.nextInt(32);
            s = r.nextInt(32) * (r.nextInt(4) == 0 ? -1 : 1);
        } else {
            b = r.nextInt(4);
            m = r.nextInt(5);
            s = Math.max(b, 1 + r.nextInt(4)) * (r.nextInt(6) == 0 ? -1 : 1);
        }
        return "Sw<" + b + "," + m + "," + s + ">";
    }

    /** A layout of any kind: integer strides mostly, swizzled (offset and pointer forms), scaled-basis strides. */
    String anyLayout() {
        int k = r.nextInt(20);
        if (k < 11) return layout();
        if (k < 15) {
            String off = r.nextInt(3) == 0 ? (r.nextBoolean() ? boundary() : Long.toString(pick(8, 16, 64, 100))) : "0";
            return swizzle() + " o " + off + " o " + layout();
        }
        if (k == 15) return swizzle() + " o smem_ptr[" + bits() + "b](unset) o " + layout();
        if (k == 16) return swizzle() + "_smem_ptr[" + bits() + "b](0x" + Long.toHexString(r.nextBoolean() ? 0x7f001040L : r.nextLong() >>> 1) + ") o " + layout();
        if (k == 17) return "gmem_ptr[" + bits() + "b](0x7f00" + Integer.toHexString(r.nextInt(4096)) + ") o " + layout();
        if (k == 18) return layout() + " o " + pick(0, 8, 16) + " o " + swizzle();
        return "(" + extent() + "," + extent() + "):(" + (r.nextBoolean() ? "1@0,1@1" : stride() + "@1," + stride() + "@0") + ")";
    }

    /** An element width in bits: 8, 16, 32 mostly, a boundary value at times. */
    private String bits() {
        return r.nextInt(8) == 0 ? boundary() : Long.toString(pick(4, 8, 16, 32, 64));
    }

    private String tiler() {
        return switch (r.nextInt(5)) {
            case 0 -> shape(2);
            case 1 -> "<" + layout() + "," + shape(0) + ">";
            case 2 -> "<" + extent() + ":" + stride() + "," + extent() + ":1>";
            default -> layout();
        };
    }

    private String coord() {
        return switch (r.nextInt(4)) {
            case 0 -> "(_," + small() + ")";
            case 1 -> "(" + small() + ",_)";
            case 2 -> "(" + small() + "," + (r.nextBoolean() ? "_" : small()) + "," + small() + ")";
            default -> small();
        };
    }

    /** A swizzled tensor as CuTe prints it, its pointer at an address that may be off the swizzle's boundaries. */
    private String tensor() {
        int b = r.nextInt(4);
        String address = r.nextInt(6) == 0 ? "(nil)" : "0x" + Long.toHexString(16L * r.nextInt(1 << 12));
        return "Sw<" + b + ",4,3>_smem_ptr[16b](" + address + ") o " + anyLayout();
    }

    private String small() {
        return r.nextInt(10) == 0 ? boundary() : Integer.toString(r.nextInt(16));
    }

    /** An argument for a parameter of the kind, sometimes of another kind. */
    String argument(ArgKind<?> kind) {
        if (r.nextInt(40) == 0) return anyText();
        if (kind == ArgKind.ANY_LAYOUT) return anyLayout();
        if (kind == ArgKind.TENSOR) return r.nextInt(4) == 0 ? tensor() : anyLayout();
        if (kind == ArgKind.LAYOUT) return r.nextInt(8) == 0 ? anyLayout() : layout();
        if (kind == ArgKind.TILER) return tiler();
        if (kind == ArgKind.LAYOUT_OR_SWIZZLE) return r.nextInt(3) == 0 ? swizzle() : anyLayout();
        if (kind == ArgKind.F2_MAP) return f2Map();
        if (kind == ArgKind.TUPLE) return r.nextInt(4) == 0 ? small() : shape(2);
        if (kind == ArgKind.INDEX) return r.nextInt(5) == 0 ? boundary() : Integer.toString(r.nextInt(64));
        if (kind == ArgKind.COORD) return coord();
        if (kind == ArgKind.MORPHISM) return r.nextInt(5) == 0 ? shape(1) + " --(1)--> " + shape(1) : morphism();
        if (kind == ArgKind.MMA_ATOM) return Atoms.mmaAtoms().get(r.nextInt(Atoms.mmaAtoms().size())).name();
        if (kind == ArgKind.COPY_ATOM) return WARP_COPIES.get(r.nextInt(WARP_COPIES.size())).name();
        if (kind == ArgKind.ATOM_LAYOUT) {
            if (r.nextInt(6) == 0) return "1x" + extent() + "x" + extent();
            return (1 + r.nextInt(4)) + "x" + (1 + r.nextInt(4)) + "x" + (1 + r.nextInt(2));
        }
        if (kind == ArgKind.MODE_INDICES) return r.nextInt(6) == 0 ? "(0," + boundary() + ")" : "(0," + r.nextInt(3) + ")";
        Matcher range = RANGE.matcher(kind.words());
        if (range.find()) { // ArgKind.integer(what, lo, hi)
            long lo = Long.parseLong(range.group(1)), hi = Long.parseLong(range.group(2));
            return switch (r.nextInt(8)) {
                case 0 -> {
                    past = true;
                    yield Long.toString(r.nextBoolean() ? hi + 1 : lo - 1);
                }
                case 1 -> {
                    String b = boundary();
                    long v = parseOr(b, Long.MAX_VALUE);
                    if (v < lo || v > hi || b.equals(PAST_64_BITS)) past = true;
                    yield b;
                }
                case 2 -> Long.toString(lo + (long) (r.nextDouble() * Math.min(hi - lo + 1, 1 << 12)));
                case 3, 4 -> Long.toString(Math.max(lo, Math.min(hi, 1L << r.nextInt(11)))); // widths in bits or bytes
                default -> Long.toString(lo + r.nextInt((int) Math.min(hi - lo + 1, 4)));
            };
        }
        if (kind.words().startsWith("one of ")) {
            String[] names = kind.words().substring("one of ".length()).split(", ");
            return r.nextInt(10) == 0 ? anyText() : names[r.nextInt(names.length)];
        }
        // a kind an operation declares for itself: another operation's example arguments mutated, or text
        return anyText();
    }

    /** A tuple morphism S --(α)--> T: α increasing into T, an entry of S its image's, or * where α skips it. */
    private String morphism() {
        int m = 1 + r.nextInt(4);
        List<String> t = new ArrayList<>();
        for (int j = 0; j < m; j++) t.add(r.nextInt(10) == 0 ? boundary() : Integer.toString(1 + r.nextInt(8)));
        StringBuilder s = new StringBuilder("("), alpha = new StringBuilder("(");
        for (int j = 0; j < m; j++) {
            if (r.nextInt(3) == 0) continue;
            s.append(s.length() > 1 ? "," : "").append(t.get(j));
            alpha.append(alpha.length() > 1 ? "," : "").append(j + 1);
        }
        if (s.length() == 1) {
            s.append(t.get(0));
            alpha.append(1);
        }
        return s + ") --" + alpha + ")--> (" + String.join(",", t) + ")";
    }

    /** An F2 map: mostly one output dimension and bases of one bit each (a layout), some bases sharing bits. */
    private String f2Map() {
        int outs = r.nextInt(6) == 0 ? 2 : 1, bits = 1 + r.nextInt(r.nextInt(5) == 0 ? 63 : 10);
        StringBuilder sb = new StringBuilder("{");
        int dims = 1 + r.nextInt(3);
        for (int d = 0; d < dims; d++) {
            sb.append(d > 0 ? "," : "").append("mode").append(d).append("=[");
            int k = r.nextInt(4);
            for (int j = 0; j < k; j++) {
                sb.append(j > 0 ? "," : "").append(outs == 2 ? "(" : "");
                for (int o = 0; o < outs; o++) {
                    long v = r.nextInt(3) == 0 ? (r.nextLong() & ((1L << bits) - 1)) : 1L << r.nextInt(bits);
                    sb.append(o > 0 ? "," : "").append(r.nextInt(30) == 0 ? boundary() : Long.toString(v));
                }
                sb.append(outs == 2 ? ")" : "");
            }
            sb.append(']');
        }
        String size = r.nextInt(10) == 0 ? boundary() : Long.toString(1L << bits);
        sb.append("} -> {offset:").append(size);
        return (outs == 2 ? sb.append(",other:").append(size) : sb).append('}').toString();
    }

    private String anyText() {
        return switch (r.nextInt(6)) {
            case 0 -> "";
            case 1 -> "(" + "1,".repeat(r.nextInt(5000)) + "1)";
            case 2 -> "x".repeat(1 + r.nextInt(r.nextInt(50) == 0 ? 300_000 : 2_000));
            case 3 -> "((((((((" + r.nextInt(9);
            case 4 -> "α" + r.nextInt(9) + "\u0000";
            default -> "(8,):(1,)";
        };
    }
}
