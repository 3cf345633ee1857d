package org.layoutcat.ops.batch;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The classifier of {@code ../shared/tools/oracle_check.py}, ported line for line so that the oracle test judges
 * as the script does: its own parser and layout function (independent of the core under test), exact and
 * equivalent results, the defining property of inverses, and the definitions that verify an answer where the
 * reference has none (composition, complement, logical_divide, logical_product).
 *
 * <p>A nested tuple is a {@link Long} or a {@code List<Object>} of them; a layout is {@link Lay} (stride null for
 * a plain shape), a by-mode tiler {@link Til}. Arithmetic is exact (an overflow throws, and a check that throws
 * fails, as a Python exception does in the script).
 */
final class OracleCheck {
    /** Indices checked per case. */
    static final long LIMIT = 1L << 16;

    private OracleCheck() {}

    /** The outcomes, as the script names them. */
    enum Outcome { EXACT, EQUIVALENT, EXTENDED, REJECTED, REFUSED_OK, UNVERIFIED, MISSING, WRONG, CRASH }

    sealed interface Ref permits Lay, Til {}

    /** A layout {@code shape:stride}; stride null for a plain shape. */
    record Lay(Object shape, Object stride) implements Ref {}

    /** A by-mode tiler {@code <L0,L1,...>}. */
    record Til(List<Ref> modes) implements Ref {}

    // parsing ----------------------------------------------------------------------------------------------

    private record Parsed(Object value, int end) {}

    private static Parsed parseTuple(String s, int i) {
        if (s.charAt(i) == '(') {
            i++;
            List<Object> items = new ArrayList<>();
            if (s.charAt(i) == ')') return new Parsed(items, i + 1);
            while (true) {
                Parsed p = parseTuple(s, i);
                items.add(p.value());
                i = p.end();
                if (s.charAt(i) == ',') {
                    i++;
                    continue;
                }
                if (s.charAt(i) == ')') return new Parsed(items, i + 1);
                throw new IllegalArgumentException("bad tuple at " + i + " in " + s);
            }
        }
        int j = i;
        while (j < s.length() && (Character.isDigit(s.charAt(j)) || s.charAt(j) == '-')) j++;
        if (j == i) throw new IllegalArgumentException("expected integer at " + i + " in " + s);
        return new Parsed(Long.parseLong(s.substring(i, j)), j);
    }

    static Ref parse(String text) {
        String s = text.replace(" ", "");
        if (s.startsWith("<")) {
            String body = s.substring(1, s.length() - 1);
            List<String> parts = new ArrayList<>();
            int depth = 0;
            StringBuilder cur = new StringBuilder();
            for (char ch : body.toCharArray()) {
                if (ch == '(') depth++;
                if (ch == ')') depth--;
                String c = cur.toString();
                if (ch == ',' && depth == 0 && c.contains(":") && count(c, '(') == count(c, ')')) {
                    parts.add(c);
                    cur.setLength(0);
                    continue;
                }
                cur.append(ch);
            }
            parts.add(cur.toString());
            List<Ref> modes = new ArrayList<>();
            for (String p : parts) modes.add(parse(p));
            return new Til(modes);
        }
        Parsed shape = parseTuple(s, 0);
        int i = shape.end();
        if (i == s.length()) return new Lay(shape.value(), null);
        if (s.charAt(i) != ':') throw new IllegalArgumentException("expected ':' in " + s);
        Parsed stride = parseTuple(s, i + 1);
        if (stride.end() != s.length()) throw new IllegalArgumentException("trailing text in " + s);
        return new Lay(shape.value(), stride.value());
    }

    private static int count(String s, char c) {
        return (int) s.chars().filter(x -> x == c).count();
    }

    // the layout function ----------------------------------------------------------------------------------

    private static boolean isInt(Object t) {
        return t instanceof Long;
    }

    @SuppressWarnings("unchecked")
    private static List<Object> tuple(Object t) {
        if (!(t instanceof List)) throw new IllegalArgumentException("not a tuple: " + t);
        return (List<Object>) t;
    }

    static long size(Object sh) {
        if (isInt(sh)) return (Long) sh;
        long p = 1;
        for (Object x : tuple(sh)) p = Math.multiplyExact(p, size(x));
        return p;
    }

    static long ev(Object sh, Object st, long idx) {
        if (isInt(sh)) return Math.multiplyExact(idx, (Long) Objects.requireNonNull(st, "no stride"));
        List<Object> s = tuple(sh), d = tuple(st);
        long r = 0;
        for (int k = 0; k < s.size() - 1; k++) {
            long n = size(s.get(k));
            r = Math.addExact(r, ev(s.get(k), d.get(k), Math.floorMod(idx, n)));
            idx = Math.floorDiv(idx, n);
        }
        return Math.addExact(r, ev(s.get(s.size() - 1), d.get(d.size() - 1), idx));
    }

    static long ev(Lay l, long idx) {
        return ev(l.shape(), l.stride(), idx);
    }

    private static List<Long> modeSizes(Object sh) {
        List<Long> out = new ArrayList<>();
        if (isInt(sh)) {
            out.add((Long) sh);
        } else {
            for (Object x : tuple(sh)) out.add(size(x));
        }
        return out;
    }

    private static Lay lay(Ref r) {
        if (r instanceof Lay l) return l;
        throw new IllegalArgumentException("a tiler where a layout is needed: " + r);
    }

    // exact and equivalent ---------------------------------------------------------------------------------

    static String norm(String s) {
        return s.replace(" ", "");
    }

    /** {@code (8):(1)} and {@code 8:1} name the same rank-1 layout. */
    static Object unwrap1(String s) {
        try {
            Ref r = parse(s);
            if (!(r instanceof Lay l)) return r;
            Object sh = l.shape(), st = l.stride();
            while (sh instanceof List<?> t && t.size() == 1) {
                sh = t.get(0);
                st = tuple(st).get(0);
            }
            return new Lay(sh, st);
        } catch (RuntimeException e) {
            return s;
        }
    }

    static boolean sameFunction(Ref ra, Ref rb) {
        Lay a = lay(ra), b = lay(rb);
        if (size(a.shape()) != size(b.shape()) || !modeSizes(a.shape()).equals(modeSizes(b.shape()))) {
            if (!(modeSizes(a.shape()).size() == 1 || modeSizes(b.shape()).size() == 1) || size(a.shape()) != size(b.shape())) {
                return false;
            }
        }
        long n = Math.min(size(a.shape()), LIMIT);
        for (long x = 0; x < n; x++) if (ev(a, x) != ev(b, x)) return false;
        return true;
    }

    // definitions ------------------------------------------------------------------------------------------

    /** R(x) == A(B(x)) wherever B maps into A's domain; sizes of B's top-level modes kept. */
    /**
     * CuTe C++'s contract: R(x) == A(B(x)) wherever B(x) ≥ 0, A read past its size through its last flat mode; R
     * keeps B's top-level mode sizes; a by-mode tiler composes mode i with Bi and drops A's modes past it.
     */
    static boolean composeOk(Ref ra, Ref rb, Ref rr) {
        if (rb instanceof Til b) {
            Lay r = lay(rr);
            if (!(r.shape() instanceof List) || !(ra instanceof Lay a) || !(a.shape() instanceof List)) return false;
            List<Object> sr = tuple(r.shape()), dr = tuple(r.stride()), sa = tuple(a.shape()), da = tuple(a.stride());
            if (sr.size() != b.modes().size() || b.modes().size() > sa.size()) return false;
            for (int i = 0; i < b.modes().size(); i++) {
                if (!composeOk(new Lay(sa.get(i), da.get(i)), b.modes().get(i), new Lay(sr.get(i), dr.get(i)))) return false;
            }
            return true;
        }
        Lay a = lay(ra), b = lay(rb), r = lay(rr);
        if (size(r.shape()) != size(b.shape())) return false;
        if (modeSizes(b.shape()).size() > 1 && !modeSizes(r.shape()).equals(modeSizes(b.shape()))) return false;
        long n = Math.min(size(b.shape()), LIMIT);
        for (long x = 0; x < n; x++) {
            long bx = ev(b, x);
            if (0 <= bx && ev(r, x) != ev(a, bx)) return false;
        }
        return true;
    }

    private static List<Long> flat(Object t) {
        List<Long> out = new ArrayList<>();
        if (isInt(t)) {
            out.add((Long) t);
        } else {
            for (Object x : tuple(t)) out.addAll(flat(x));
        }
        return out;
    }

    /** CuTe C++'s complement (filter, sort by stride, floor division) with respect to N, or null at a zero extent. */
    static Lay complementOf(Lay l, long n) {
        List<Long> s = flat(l.shape()), d = flat(l.stride());
        List<long[]> pairs = new ArrayList<>();
        for (int k = 0; k < s.size(); k++) if (d.get(k) != 0 && s.get(k) != 1) pairs.add(new long[] {d.get(k), s.get(k)});
        pairs.sort((x, y) -> x[0] != y[0] ? Long.compare(x[0], y[0]) : Long.compare(x[1], y[1])); // Python's sorted((d, s))
        List<Object> shape = new ArrayList<>(), stride = new ArrayList<>();
        long cur = 1;
        for (long[] p : pairs) {
            if (p[0] < 0) return null;
            if (Math.floorDiv(p[0], cur) == 0) return null;
            shape.add(Math.floorDiv(p[0], cur));
            stride.add(cur);
            cur = Math.multiplyExact(p[1], p[0]);
        }
        shape.add(-Math.floorDiv(-n, cur));
        stride.add(cur);
        return new Lay(shape, stride);
    }

    static boolean divideOk(Ref ra, Ref rb, Ref rr) {
        Lay r = lay(rr);
        if (rb instanceof Til b) {
            if (!(ra instanceof Lay a) || !(a.shape() instanceof List) || !(r.shape() instanceof List)) return false;
            List<Object> sa = tuple(a.shape()), da = tuple(a.stride()), sr = tuple(r.shape()), dr = tuple(r.stride());
            if (sr.size() != sa.size()) return false;
            for (int i = 0; i < b.modes().size(); i++) {
                if (!divideOk(new Lay(sa.get(i), da.get(i)), b.modes().get(i), new Lay(sr.get(i), dr.get(i)))) return false;
            }
            return true;
        }
        Lay a = lay(ra), b = lay(rb);
        Lay comp = complementOf(b, size(a.shape()));
        if (comp == null || !(r.shape() instanceof List) || tuple(r.shape()).size() != 2) return false;
        Lay inner = new Lay(List.of(b.shape(), comp.shape()), List.of(b.stride(), comp.stride()));
        return size(tuple(r.shape()).get(0)) == size(b.shape()) && composeOk(a, inner, r);
    }

    /** True/false where the definition decides, null where the script cannot (a B beyond LIMIT points). */
    static Boolean productOk(Ref ra, Ref rb, Ref rr) {
        Lay r = lay(rr);
        if (rb instanceof Til b) {
            if (!(ra instanceof Lay a) || !(a.shape() instanceof List) || !(r.shape() instanceof List)) return false;
            List<Object> sa = tuple(a.shape()), da = tuple(a.stride()), sr = tuple(r.shape()), dr = tuple(r.stride());
            for (int i = 0; i < b.modes().size(); i++) {
                Boolean ok = productOk(new Lay(sa.get(i), da.get(i)), b.modes().get(i), new Lay(sr.get(i), dr.get(i)));
                if (ok == null || !ok) return false; // Python's all() is False at the first falsy value, None included
            }
            return true;
        }
        Lay a = lay(ra), b = lay(rb);
        if (size(b.shape()) > LIMIT) return null;
        long cos = Long.MIN_VALUE;
        for (long x = 0; x < size(b.shape()); x++) cos = Math.max(cos, ev(b, x));
        cos = cos + 1;
        Lay comp = complementOf(a, Math.multiplyExact(size(a.shape()), cos));
        if (comp == null || !(r.shape() instanceof List) || tuple(r.shape()).size() != 2) return false;
        Lay first = new Lay(tuple(r.shape()).get(0), tuple(r.stride()).get(0));
        Lay second = new Lay(tuple(r.shape()).get(1), tuple(r.stride()).get(1));
        if (size(first.shape()) != size(a.shape())) return false;
        long n = Math.min(size(a.shape()), LIMIT);
        for (long x = 0; x < n; x++) if (ev(first, x) != ev(a, x)) return false;
        return composeOk(comp, b, second);
    }

    /** left: R(L(i)) == i on L's domain; right: L(R(i)) == i on R's domain, and R no smaller than the reference. */
    static boolean inverseOk(String op, String layout, String res, String exp) {
        try {
            Lay l = lay(parse(layout)), r = lay(parse(res)), e = lay(parse(exp));
            if (op.equals("left_inverse")) {
                long n = Math.min(size(l.shape()), LIMIT);
                for (long i = 0; i < n; i++) if (ev(r, ev(l, i)) != i) return false;
                return true;
            }
            if (size(r.shape()) < size(e.shape())) return false;
            long n = Math.min(size(r.shape()), LIMIT);
            for (long i = 0; i < n; i++) if (ev(l, ev(r, i)) != i) return false;
            return true;
        } catch (RuntimeException x) {
            return false;
        }
    }

    /** True/false where the definition decides, null where the script cannot. */
    static Boolean verifyByDefinition(String op, List<String> args, String res) {
        try {
            Ref r = parse(res);
            if (r instanceof Til) return false;
            switch (op) {
                case "composition":
                    return composeOk(parse(args.get(0)), parse(args.get(1)), r);
                case "logical_divide":
                    return divideOk(parse(args.get(0)), parse(args.get(1)), r);
                case "logical_product":
                    return productOk(parse(args.get(0)), parse(args.get(1)), r);
                case "complement": {
                    Lay l = lay(parse(args.get(0)));
                    Lay comp = complementOf(l, Long.parseLong(args.get(1)));
                    Lay got = lay(r);
                    if (comp == null || size(got.shape()) != size(comp.shape())) return false;
                    long n = Math.min(size(comp.shape()), LIMIT);
                    for (long x = 0; x < n; x++) if (ev(got, x) != ev(comp, x)) return false;
                    return true;
                }
                default:
                    return null;
            }
        } catch (RuntimeException e) {
            return false;
        }
    }

    /**
     * The outcome of one case: {@code expect} the reference answer (null where it rejects), {@code result} and
     * {@code error} the reply's fields (exactly one non-null, else a crash).
     */
    static Outcome classify(String op, List<String> args, String expect, boolean expectError, String result, String error) {
        if ((result == null) == (error == null)) return Outcome.CRASH;
        if (error != null) {
            if (expect == null) return Outcome.REJECTED;
            return refusalJustified(op, args, expect) ? Outcome.REFUSED_OK : Outcome.MISSING;
        }
        if (expect != null) {
            if (norm(result).equals(norm(expect)) || unwrap1(result).equals(unwrap1(expect))) return Outcome.EXACT;
            Outcome o;
            try {
                o = sameFunction(parse(result), parse(expect)) ? Outcome.EQUIVALENT : Outcome.WRONG;
            } catch (RuntimeException e) {
                o = Outcome.WRONG;
            }
            if (o == Outcome.WRONG && (op.equals("left_inverse") || op.equals("right_inverse"))
                    && inverseOk(op, args.get(0), result, expect)) {
                o = Outcome.EQUIVALENT; // inverses are not unique: the defining property decides
            }
            return o;
        }
        if (expectError) return Outcome.WRONG; // malformed input must be refused
        Boolean ok = verifyByDefinition(op, args, result);
        return ok == null ? Outcome.UNVERIFIED : ok ? Outcome.EXTENDED : Outcome.WRONG;
    }

    /** The reference's answer fails the defining property (a left inverse that is none) or needs more than 64 bits. */
    static boolean refusalJustified(String op, List<String> args, String expect) {
        try {
            size(lay(parse(expect)).shape());
        } catch (NumberFormatException | ArithmeticException x) {
            return true; // a size or stride past 64 bits
        } catch (RuntimeException x) {
            return false;
        }
        return op.equals("left_inverse") && !inverseOk(op, args.get(0), expect, expect);
    }
}
