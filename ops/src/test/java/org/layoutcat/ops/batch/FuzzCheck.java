package org.layoutcat.ops.batch;

import org.layoutcat.ops.Request;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A fuzzed request's reply held against what it must be: a result or an error, never both; no Java wording
 * anywhere in it; no answer to an integer outside its parameter's range; no answer whose layout takes a value past
 * 2^63 − 1, nor to an input layout whose own values do; and, where the definition is cheap, the answer itself, by
 * the definition, computed here in exact arithmetic ({@link BigInteger}) on a reading of CuTe notation of its own, not
 * layoutcat's:
 * <ul>
 * <li>composition: R(i) = A(B(i)) pointwise (CuTe's layout function, extended past the domain by its last mode);</li>
 * <li>coalesce: size kept and R(i) = L(i); depth at most 1 without a profile; filter: the same image;</li>
 * <li>complement: CuTe's post-conditions (ordered, disjoint from L's image, size at least N / size(filter(L)));</li>
 * <li>right_inverse: L(R(i)) = i; left_inverse: R(L(i)) = i for an injective L, L(R(L(i))) = L(i) otherwise;</li>
 * <li>the divides: R(i) = A(B(i)) over the tile; the products: R(i) = A(i) over A, size(A)·size(B) in all;</li>
 * <li>size, rank, depth; cosize by CuTe's definition, 1 + Σ (s − 1)·|d| (coshape, layout.hpp);</li>
 * <li>eval of an integer-stride layout or {@code Sw<B,M,S> o off o L} (CuTe's Swizzle::apply); idx2crd, crd2idx,
 *     hier_coord (L(c) = offset); group keeps the function; append and prepend;</li>
 * <li>compact_col_major, compact_row_major and prefix_product by their definitions, refusing only where a stride
 *     itself passes 2^63 − 1; ceil_div of integers;</li>
 * <li>bank_conflicts of one instruction of one element per thread (1, 2 or 4 bytes): the most distinct 4-byte words
 *     of one bank, by brute force over exact byte addresses (no wrapping).</li>
 * </ul>
 */
public final class FuzzCheck {
    private FuzzCheck() {}

    /** One thing wrong with a reply: its class (e.g. {@code wrong cosize}) and the particulars. */
    public record Finding(String kind, String detail) {}

    /** Java's, Jackson's or picocli's wording, which must never reach a reply. */
    public static final Pattern JAVA_WORDING = Pattern.compile("Index -?\\d+ out of bounds|out of bounds for length|long overflow|"
            + "integer overflow|No enum constant|NullPointerException|\\bjava\\.|Exception|Input length =|For input string|"
            + "com\\.fasterxml|picocli|ClassCast|NumberFormat|/ by zero|StackOverflow|OutOfMemory");

    /** The most points a definition is checked on, per answer. */
    static final int POINTS = 4096;

    private static final BigInteger MAX = BigInteger.valueOf(Long.MAX_VALUE);
    private static final JsonFactory JSON = new JsonFactory();

    /** A reply's members, each as its text (a string's value, or a number's or a literal's text); null where the line is not a JSON object. */
    public static Map<String, String> parseReply(String line) {
        Map<String, String> m = new LinkedHashMap<>();
        try (JsonParser p = JSON.createParser(line)) {
            if (p.nextToken() != JsonToken.START_OBJECT) return null;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken t = p.nextToken();
                if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
                    p.skipChildren();
                    m.put(name, "<structure>");
                } else m.put(name, t == JsonToken.VALUE_NULL ? null : p.getText());
            }
            return m;
        } catch (IOException e) {
            return null;
        }
    }

    /** What is wrong with the reply {@code line} to {@code q}; empty where nothing is. */
    public static List<Finding> check(FuzzRequests.Request q, String line) {
        List<Finding> out = new ArrayList<>();
        Map<String, String> reply = line == null ? null : parseReply(line);
        if (reply == null) {
            out.add(new Finding("no reply or not JSON", String.valueOf(line)));
            return out;
        }
        if (!q.id().equals(reply.get("id"))) out.add(new Finding("reply out of order", "id " + reply.get("id") + " for " + q.id()));
        Matcher java = JAVA_WORDING.matcher(line);
        if (java.find()) out.add(new Finding("Java wording", "\"" + java.group() + "\" in " + cut(line)));
        String error = reply.get("error");
        String result = reply.get("result");
        if ((error == null) == (result == null)) {
            out.add(new Finding("not exactly one of result and error", cut(line)));
            return out;
        }
        if (error != null) {
            if (error.contains("internal error")) out.add(new Finding("internal error", cut(error)));
            if (error.length() > 2000) out.add(new Finding("error echoes a long input", error.length() + " characters"));
            refusedAnswerable(q, error, out);
            return out;
        }
        if (q.outOfRange()) out.add(new Finding("answers an integer out of its range", cut(line)));
        boolean inputPasses = false;
        for (int i = 0; i < q.args().size(); i++) {
            Lay in = Lay.parse(q.args().get(i));
            if (in != null && in.outside() != null) {
                inputPasses = true;
                out.add(new Finding("answers an input whose values pass 2^63-1", "argument " + (i + 1) + " reaches " + in.outside()));
            }
        }
        Lay res = Lay.parse(result);
        if (res != null && res.outside() != null && !inputPasses) { // (an input's that does is the finding above)
            out.add(new Finding("answer's values pass 2^63-1 (its inputs' do not)", result + " reaches " + res.outside()));
        }
        try {
            String wrong = definition(q, reply, result, res);
            if (wrong != null) out.add(new Finding("wrong " + q.op(), wrong));
        } catch (RuntimeException e) { // a reading of ours that does not fit: no verdict
        }
        return out;
    }

    private static String cut(String s) {
        return s.length() <= 400 ? s : s.substring(0, 400) + "… (" + s.length() + " characters)";
    }

    // ---------------------------------------------------------------------------------------------------------
    // The definitions

    private static String definition(FuzzRequests.Request q, Map<String, String> reply, String result, Lay res) {
        List<String> a = q.args();
        Lay l0 = a.isEmpty() ? null : Lay.parse(a.get(0));
        switch (q.op()) {
            case "composition" -> {
                Lay b = a.get(1).contains(":") && !a.get(1).contains("<") ? Lay.parse(a.get(1)) : null;
                if (l0 == null || b == null || res == null || b.size().compareTo(BigInteger.valueOf(POINTS)) > 0) return null;
                if (!res.size().equals(b.size())) return "size " + res.size() + ", B's is " + b.size();
                for (long i = 0; i < b.size().longValue(); i++) {
                    BigInteger want = l0.at(b.at(BigInteger.valueOf(i)));
                    if (!res.at(i).equals(want)) return "R(" + i + ") = " + res.at(i) + ", A(B(" + i + ")) = " + want;
                }
            }
            case "coalesce", "group" -> {
                if (l0 == null || res == null || small(l0)) return null;
                if (!res.size().equals(l0.size())) return "size " + res.size() + " for " + l0.size();
                if (q.op().equals("coalesce") && a.size() == 1 && res.depth() > 1) return "depth " + res.depth();
                for (long i = 0; i < l0.size().longValue(); i++) {
                    if (!res.at(i).equals(l0.at(i))) return "R(" + i + ") = " + res.at(i) + ", L(" + i + ") = " + l0.at(i);
                }
            }
            case "filter" -> {
                if (l0 == null || res == null || small(l0) || small(res)) return null;
                if (!res.image().equals(l0.image())) return "image " + res.image() + ", L's " + l0.image();
            }
            case "complement" -> {
                if (l0 == null || res == null || small(l0) || small(res) || l0.hasNegative()) return null;
                BigInteger n = a.size() > 1 ? leaf(a.get(1)) : l0.filtered().cosize();
                if (n == null) return null;
                Set<BigInteger> image = l0.image();
                for (long i = 1; i < res.size().longValue(); i++) {
                    if (res.at(i - 1).compareTo(res.at(i)) >= 0) return "not ordered: R(" + (i - 1) + ") = " + res.at(i - 1) + ", R(" + i + ") = " + res.at(i);
                    if (image.contains(res.at(i))) return "R(" + i + ") = " + res.at(i) + " is in L's image";
                }
                BigInteger fs = l0.filtered().size();
                if (res.size().compareTo(n.divide(fs)) < 0) return "size " + res.size() + " < N / size(filter(L)) = " + n + " / " + fs;
            }
            case "right_inverse" -> {
                if (l0 == null || res == null || small(res)) return null;
                for (long i = 0; i < res.size().longValue(); i++) {
                    if (!l0.at(res.at(i)).equals(BigInteger.valueOf(i))) return "L(R(" + i + ")) = " + l0.at(res.at(i));
                }
            }
            case "left_inverse" -> {
                if (l0 == null || res == null || small(l0) || l0.hasNegative()) return null;
                boolean injective = l0.image().size() == l0.size().intValue();
                for (long i = 0; i < l0.size().longValue(); i++) {
                    BigInteger back = res.at(l0.at(i));
                    if (injective && !back.equals(BigInteger.valueOf(i))) return "R(L(" + i + ")) = " + back;
                    if (!injective && !l0.at(back).equals(l0.at(i))) return "L(R(L(" + i + "))) = " + l0.at(back) + ", L(" + i + ") = " + l0.at(i);
                }
            }
            case "logical_divide", "zipped_divide", "tiled_divide", "flat_divide" -> {
                Lay b = a.get(1).contains(":") && !a.get(1).contains("<") ? Lay.parse(a.get(1)) : null;
                if (l0 == null || b == null || res == null || small(b)) return null;
                for (long i = 0; i < b.size().longValue(); i++) {
                    BigInteger want = l0.at(b.at(BigInteger.valueOf(i)));
                    if (!res.at(i).equals(want)) return "R(" + i + ") = " + res.at(i) + ", A(B(" + i + ")) = " + want;
                }
            }
            case "logical_product", "zipped_product", "tiled_product", "flat_product" -> {
                Lay b = a.get(1).contains(":") && !a.get(1).contains("<") ? Lay.parse(a.get(1)) : null;
                if (l0 == null || b == null || res == null || small(l0)) return null;
                if (!res.size().equals(l0.size().multiply(b.size()))) return "size " + res.size() + ", size(A)·size(B) = " + l0.size().multiply(b.size());
                for (long i = 0; i < l0.size().longValue(); i++) {
                    if (!res.at(i).equals(l0.at(i))) return "R(" + i + ") = " + res.at(i) + ", A(" + i + ") = " + l0.at(i);
                }
            }
            case "size" -> {
                if (l0 != null && !l0.size().toString().equals(result)) return result + ", the product of the shape is " + l0.size();
            }
            case "cosize" -> {
                if (l0 != null && !l0.cosize().toString().equals(result)) return result + ", 1 + Σ (s−1)·|d| = " + l0.cosize();
            }
            case "rank" -> {
                if (l0 != null && !String.valueOf(l0.shape.rank()).equals(result)) return result + ", the shape's rank is " + l0.shape.rank();
            }
            case "depth" -> {
                if (l0 != null && !String.valueOf(l0.depth()).equals(result)) return result + ", the shape's depth is " + l0.depth();
            }
            case "eval" -> {
                Sw sw = Sw.parse(a.get(0));
                Lay l = sw != null ? sw.inner : l0;
                Tup at = Tup.parse(a.get(1));
                if (l == null || at == null) return null;
                BigInteger v = at.isLeaf() ? l.at(at.v) : l.atCoord(at);
                if (v == null) return null;
                if (sw != null) {
                    v = v.add(sw.offset);
                    if (v.signum() < 0 || v.bitLength() > 62) return null;
                    v = BigInteger.valueOf(sw.apply(v.longValue()));
                }
                if (!v.toString().equals(result)) return result + ", by the definition " + v;
            }
            case "idx2crd" -> {
                BigInteger i = leaf(a.get(1));
                Tup c = Tup.parse(result);
                if (l0 == null || i == null || c == null || i.signum() < 0 || i.compareTo(l0.size()) >= 0) return null;
                Tup want = l0.shape.idx2crd(i);
                if (!want.toString().equals(c.toString())) return result + ", colexicographic " + want;
            }
            case "crd2idx" -> {
                Tup c = Tup.parse(a.get(1));
                if (l0 == null || c == null) return null;
                BigInteger want = l0.shape.crd2idx(c);
                if (want != null && !want.toString().equals(result)) return result + ", colexicographic " + want;
            }
            case "hier_coord" -> {
                Tup c = Tup.parse(result);
                BigInteger off = leaf(a.get(1));
                if (l0 == null || c == null || off == null) return null;
                BigInteger v = l0.atCoord(c);
                if (v != null && !v.equals(off)) return "L(" + result + ") = " + v + ", not " + off;
            }
            case "append", "prepend" -> {
                Lay x = a.size() > 1 ? Lay.parse(a.get(1)) : Lay.parse("1:0");
                if (l0 == null || x == null || res == null || small(res)) return null;
                if (!res.size().equals(l0.size().multiply(x.size()))) return "size " + res.size();
                long sl = l0.size().longValue(), sx = x.size().longValue();
                for (long i = 0; i < res.size().longValue(); i++) {
                    BigInteger want = q.op().equals("append") ? l0.at(i % sl).add(x.at(i / sl)) : x.at(i % sx).add(l0.at(i / sx));
                    if (!res.at(i).equals(want)) return "R(" + i + ") = " + res.at(i) + ", by the definition " + want;
                }
            }
            case "compact_col_major", "compact_row_major" -> {
                Tup s = Tup.parse(a.get(0));
                BigInteger cur = a.size() > 1 ? leaf(a.get(1)) : BigInteger.ONE;
                if (s == null || cur == null || res == null || !res.shape.toString().equals(s.toString())) return null;
                List<BigInteger> e = s.leaves(), d = res.stride.leaves();
                if (q.op().equals("compact_row_major")) {
                    e = e.reversed();
                    d = d.reversed();
                }
                BigInteger run = cur;
                for (int k = 0; k < e.size(); k++) {
                    boolean ok = d.get(k).equals(run) || (e.get(k).equals(BigInteger.ONE) && d.get(k).signum() == 0);
                    if (!ok) return "stride " + d.get(k) + " where the running product is " + run;
                    run = run.multiply(e.get(k));
                }
            }
            case "prefix_product" -> {
                Tup s = Tup.parse(a.get(0));
                Tup got = Tup.parse(result);
                BigInteger init = a.size() > 1 ? leaf(a.get(1)) : BigInteger.ONE;
                if (s == null || got == null || init == null || s.depth() > 1) return null;
                List<BigInteger> e = s.leaves(), g = got.leaves();
                if (e.size() != g.size()) return result + " for " + a.get(0);
                BigInteger run = init;
                for (int k = 0; k < e.size(); k++) {
                    if (!g.get(k).equals(run)) return result + ": entry " + k + " is " + g.get(k) + ", the product before it " + run;
                    run = run.multiply(e.get(k));
                }
            }
            case "ceil_div" -> {
                BigInteger x = leaf(a.get(0)), y = leaf(a.get(1));
                if (x == null || y == null || x.signum() <= 0 || y.signum() <= 0) return null;
                BigInteger want = x.add(y).subtract(BigInteger.ONE).divide(y);
                if (!want.toString().equals(result)) return result + ", ⌈" + x + "/" + y + "⌉ = " + want;
            }
            case "slice" -> {
                String off = reply.get("offset");
                if (l0 == null || off == null) return null;
                Tup c = Tup.parse(a.get(1).replace("_", "0"));
                BigInteger v = c == null ? null : c.isLeaf() ? null : l0.atCoord(c);
                if (v != null && !v.toString().equals(off)) return "offset " + off + ", L at the coordinate with _ as 0 is " + v;
            }
            case "select" -> {
                Tup idx = Tup.parse(a.get(1));
                if (l0 == null || res == null || idx == null || l0.shape.isLeaf() || idx.depth() > 1) return null;
                List<BigInteger> ks = idx.leaves();
                if (res.shape.rank() != ks.size() && !(ks.size() == 1 && res.shape.isLeaf())) return "rank " + res.shape.rank() + " for " + ks.size() + " modes";
                for (int k = 0; k < ks.size(); k++) {
                    int m = ks.get(k).intValueExact();
                    Tup rs = ks.size() == 1 && res.shape.isLeaf() ? res.shape : res.shape.modes().get(k);
                    Tup rd = ks.size() == 1 && res.stride.isLeaf() ? res.stride : res.stride.modes().get(k);
                    if (!rs.toString().equals(l0.shape.modes().get(m).toString()) || !rd.toString().equals(l0.stride.modes().get(m).toString())) {
                        return "mode " + k + " is " + rs + ":" + rd + ", L's mode " + m + " is " + l0.shape.modes().get(m) + ":" + l0.stride.modes().get(m);
                    }
                }
            }
            case "max_common_vector" -> {
                // CuTe (layout.hpp): for all 0 <= n < N, a(b.get_1d_coord(n)) == n
                Lay b = Lay.parse(a.get(1));
                BigInteger n = leaf(result);
                if (l0 == null || b == null || n == null || small(b)) return null;
                if (n.signum() <= 0) return "N = " + n + ", CuTe's is at least 1";
                Map<BigInteger, Long> where = new HashMap<>();
                for (long i = b.size().longValue() - 1; i >= 0; i--) where.put(b.at(i), i);
                for (long k = 0; k < n.longValue(); k++) {
                    Long i = where.get(BigInteger.valueOf(k));
                    if (i == null) return "N = " + n + " but B takes no value " + k;
                    if (!l0.at(i).equals(BigInteger.valueOf(k))) return "N = " + n + " but A(B⁻¹(" + k + ")) = " + l0.at(i);
                }
            }
            case "max_common_layout" -> {
                // CuTe (layout.hpp): for all 0 <= n < size(result), a(result(n)) == n && b(result(n)) == n
                Lay b = Lay.parse(a.get(1));
                if (l0 == null || b == null || res == null || small(res)) return null;
                for (long k = 0; k < res.size().longValue(); k++) {
                    BigInteger i = res.at(k);
                    if (!l0.at(i).equals(BigInteger.valueOf(k)) || !b.at(i).equals(BigInteger.valueOf(k))) {
                        return "R(" + k + ") = " + i + ", A there " + l0.at(i) + ", B there " + b.at(i);
                    }
                }
            }
            case "nullspace" -> {
                if (l0 == null || res == null || small(l0) || l0.hasNegative()) return null;
                long zeros = 0;
                for (long i = 0; i < l0.size().longValue(); i++) if (l0.at(i).signum() == 0) zeros++;
                Set<BigInteger> seen = new HashSet<>();
                for (long k = 0; k < res.size().longValue(); k++) {
                    BigInteger i = res.at(k);
                    if (l0.at(i).signum() != 0) return "R(" + k + ") = " + i + " where L is " + l0.at(i) + ", not 0";
                    seen.add(i);
                }
                if (seen.size() != zeros && !(zeros == 1 && res.size().equals(BigInteger.ONE))) {
                    return seen.size() + " distinct indices, L maps " + zeros + " to 0";
                }
            }
            case "make_ordered_layout" -> {
                if (res == null || small(res)) return null;
                Set<BigInteger> image = res.image();
                for (long k = 0; k < res.size().longValue(); k++) {
                    if (!image.contains(BigInteger.valueOf(k))) return "not compact: no index reaches " + k;
                }
            }
            case "tile_to_shape" -> {
                Tup t = Tup.parse(a.get(1));
                if (res == null || t == null) return null;
                if (!res.size().equals(t.product())) return "size " + res.size() + ", the target's " + t.product();
            }
            case "bank_conflicts" -> {
                return banks(a, result);
            }
            default -> {
                return null;
            }
        }
        return null;
    }

    /** Whether a layout has too many points to check pointwise. */
    private static boolean small(Lay l) {
        return l.size().compareTo(BigInteger.valueOf(POINTS)) > 0;
    }

    private static BigInteger leaf(String text) {
        Tup t = Tup.parse(text);
        return t != null && t.isLeaf() ? t.v : null;
    }

    /** Wavefronts of one instruction, one element of 1, 2 or 4 bytes per thread: the most distinct words of one bank. */
    private static String banks(List<String> a, String result) {
        Sw sw = Sw.parse(a.get(0));
        Lay smem = sw != null ? sw.inner : Lay.parse(a.get(0));
        Lay access = Lay.parse(a.get(1));
        BigInteger elem = leaf(a.get(2));
        if (smem == null || access == null || elem == null || access.shape.leaves().size() > 2) return null;
        if (access.shape.leaves().size() == 2 && !access.shape.leaves().get(1).equals(BigInteger.ONE)) return null;
        if (a.size() > 3 && !(leaf(a.get(3)) != null && (leaf(a.get(3)).signum() == 0 || leaf(a.get(3)).equals(elem)))) return null;
        int e = elem.intValue();
        if (e != 1 && e != 2 && e != 4 || access.size().compareTo(BigInteger.valueOf(32)) > 0) return null;
        Map<Integer, Set<BigInteger>> words = new HashMap<>();
        for (long t = 0; t < access.size().longValue(); t++) {
            BigInteger index = access.at(t);
            if (index.signum() < 0 || index.compareTo(smem.size()) >= 0) return null; // outside the tile: no verdict
            BigInteger off = smem.at(index);
            if (sw != null) {
                off = off.add(sw.offset);
                if (off.signum() < 0 || off.bitLength() > 62) return "answered " + result + " though an offset, " + off + ", is no shared-memory address";
                off = BigInteger.valueOf(sw.apply(off.longValue()));
            }
            BigInteger byteAddress = off.multiply(elem);
            // a negative offset is an address below the tile's base (a negative stride), banked as any other: its
            // word is floor(address / 4), its bank that word mod 32; only an address past 64 bits has no bank
            if (byteAddress.compareTo(MAX) > 0 || byteAddress.compareTo(MAX.negate().subtract(BigInteger.ONE)) < 0) {
                return "answered " + result + " though thread " + t + "'s byte address is " + byteAddress;
            }
            BigInteger word = byteAddress.shiftRight(2); // floor division, for negative addresses too
            words.computeIfAbsent(word.mod(BigInteger.valueOf(32)).intValue(), k -> new HashSet<>()).add(word);
        }
        int want = 0;
        for (Set<BigInteger> w : words.values()) want = Math.max(want, w.size());
        return String.valueOf(want).equals(result) ? null : result + " wavefronts, by brute force over exact addresses " + want;
    }

    /** Only what the definition says must be answered: a compact layout or prefix products whose values fit. */
    private static void refusedAnswerable(FuzzRequests.Request q, String error, List<Finding> out) {
        if (!q.op().equals("compact_col_major") && !q.op().equals("compact_row_major") && !q.op().equals("prefix_product")) return;
        if (q.outOfRange()) return;
        if (error.contains("(Limits.")) return; // a documented bound on the input's size (4,096 integers a tuple), not the answer
        Tup s = q.args().isEmpty() ? null : Tup.parse(q.args().get(0));
        BigInteger init = q.args().size() > 1 ? leaf(q.args().get(1)) : BigInteger.ONE;
        if (s == null || init == null || init.signum() <= 0 || s.leaves().isEmpty()) return;
        List<BigInteger> e = s.leaves();
        if (q.op().equals("compact_row_major")) e = e.reversed();
        if (q.op().equals("prefix_product") && s.depth() > 1) return;
        BigInteger run = init;
        for (int k = 0; k < e.size(); k++) {
            if (e.get(k).signum() <= 0) return;
            if (run.compareTo(MAX) > 0) return; // a stride that does not fit: a refusal is right
            run = run.multiply(e.get(k));
        }
        out.add(new Finding("refuses an answer that fits " + q.op(), cut(error)));
    }

    // ---------------------------------------------------------------------------------------------------------
    // CuTe notation, read here: integer tuples and integer-stride layouts, exact

    /** An integer tuple: a leaf or modes. */
    record Tup(BigInteger v, List<Tup> modes) {
        boolean isLeaf() {
            return modes == null;
        }

        int rank() {
            return isLeaf() ? 1 : modes.size();
        }

        int depth() {
            if (isLeaf()) return 0;
            int d = 0;
            for (Tup m : modes) d = Math.max(d, m.depth());
            return d + 1;
        }

        List<BigInteger> leaves() {
            List<BigInteger> out = new ArrayList<>();
            collect(out);
            return out;
        }

        private void collect(List<BigInteger> out) {
            if (isLeaf()) out.add(v);
            else for (Tup m : modes) m.collect(out);
        }

        BigInteger product() {
            BigInteger p = BigInteger.ONE;
            for (BigInteger x : leaves()) p = p.multiply(x);
            return p;
        }

        boolean congruent(Tup o) {
            if (isLeaf() || o.isLeaf()) return isLeaf() && o.isLeaf();
            if (modes.size() != o.modes.size()) return false;
            for (int i = 0; i < modes.size(); i++) if (!modes.get(i).congruent(o.modes.get(i))) return false;
            return true;
        }

        /** The colexicographic coordinate of {@code i} in this shape, congruent to it. */
        Tup idx2crd(BigInteger i) {
            if (isLeaf()) return new Tup(i, null);
            List<Tup> out = new ArrayList<>();
            for (int k = 0; k < modes.size(); k++) {
                BigInteger s = modes.get(k).product();
                BigInteger[] qr = k == modes.size() - 1 ? new BigInteger[] {BigInteger.ZERO, i} : i.divideAndRemainder(s);
                out.add(modes.get(k).idx2crd(qr[1]));
                i = qr[0];
            }
            return new Tup(null, out);
        }

        /** The colexicographic index of a coordinate (an integer per mode, or congruent); null where it does not fit the shape. */
        BigInteger crd2idx(Tup c) {
            if (c.isLeaf()) return c.v;
            if (isLeaf() || c.modes.size() != modes.size()) return null;
            BigInteger idx = BigInteger.ZERO, scale = BigInteger.ONE;
            for (int k = 0; k < modes.size(); k++) {
                BigInteger m = modes.get(k).crd2idx(c.modes.get(k));
                if (m == null) return null;
                idx = idx.add(m.multiply(scale));
                scale = scale.multiply(modes.get(k).product());
            }
            return idx;
        }

        @Override
        public String toString() {
            if (isLeaf()) return v.toString();
            StringBuilder sb = new StringBuilder("(");
            for (int i = 0; i < modes.size(); i++) sb.append(i > 0 ? "," : "").append(modes.get(i));
            return sb.append(')').toString();
        }

        /** The tuple the text writes, or null. */
        static Tup parse(String text) {
            int[] at = {0};
            String s = text.replace(" ", "");
            Tup t = read(s, at);
            return t != null && at[0] == s.length() ? t : null;
        }

        static Tup read(String s, int[] at) {
            if (at[0] >= s.length()) return null;
            if (s.charAt(at[0]) == '(') {
                at[0]++;
                List<Tup> ms = new ArrayList<>();
                while (true) {
                    Tup m = read(s, at);
                    if (m == null) return null;
                    ms.add(m);
                    if (at[0] >= s.length()) return null;
                    char c = s.charAt(at[0]++);
                    if (c == ')') return new Tup(null, ms);
                    if (c != ',') return null;
                }
            }
            int from = at[0];
            if (s.charAt(at[0]) == '_') from = ++at[0];
            if (at[0] < s.length() && s.charAt(at[0]) == '-') at[0]++;
            while (at[0] < s.length() && Character.isDigit(s.charAt(at[0]))) at[0]++;
            if (at[0] == from || (at[0] == from + 1 && s.charAt(from) == '-') || at[0] - from > 40) return null;
            return new Tup(new BigInteger(s.substring(from, at[0])), null);
        }
    }

    /** An integer-stride layout, its values exact. */
    record Lay(Tup shape, Tup stride) {
        static Lay parse(String text) {
            int colon = text.indexOf(':');
            if (colon < 0 || text.contains("@") || text.contains(" o ") || text.contains("<")) return null;
            Tup s = Tup.parse(text.substring(0, colon)), d = Tup.parse(text.substring(colon + 1));
            if (s == null || d == null || !s.congruent(d)) return null;
            for (BigInteger e : s.leaves()) if (e.signum() <= 0) return null;
            return new Lay(s, d);
        }

        BigInteger size() {
            return shape.product();
        }

        int depth() {
            return shape.depth();
        }

        boolean hasNegative() {
            for (BigInteger d : stride.leaves()) if (d.signum() < 0) return true;
            return false;
        }

        /**
         * The value past the 64-bit range that the layout reaches, or null where its values fit: its largest,
         * Σ (s − 1)·d over the positive strides, past 2^63 − 1, or its least, over the negative ones, below −2^63.
         */
        BigInteger outside() {
            BigInteger hi = BigInteger.ZERO, lo = BigInteger.ZERO;
            List<BigInteger> s = shape.leaves(), d = stride.leaves();
            for (int k = 0; k < s.size(); k++) {
                BigInteger v = s.get(k).subtract(BigInteger.ONE).multiply(d.get(k));
                if (v.signum() > 0) hi = hi.add(v); else lo = lo.add(v);
            }
            if (hi.compareTo(MAX) > 0) return hi;
            return lo.compareTo(MAX.negate().subtract(BigInteger.ONE)) < 0 ? lo : null;
        }

        /** Σ (s − 1)·|d|: CuTe's cosize less 1 (the largest value where no stride is negative). */
        BigInteger maxAbs() {
            BigInteger m = BigInteger.ZERO;
            List<BigInteger> s = shape.leaves(), d = stride.leaves();
            for (int k = 0; k < s.size(); k++) m = m.add(s.get(k).subtract(BigInteger.ONE).multiply(d.get(k).abs()));
            return m;
        }

        /** CuTe's cosize: 1 + Σ (s − 1)·|d| (coshape in layout.hpp). */
        BigInteger cosize() {
            return maxAbs().add(BigInteger.ONE);
        }

        /** The layout without its size-1 and stride-0 modes, flat. */
        Lay filtered() {
            List<Tup> s = new ArrayList<>(), d = new ArrayList<>();
            List<BigInteger> ss = shape.leaves(), dd = stride.leaves();
            for (int k = 0; k < ss.size(); k++) {
                if (ss.get(k).equals(BigInteger.ONE) || dd.get(k).signum() == 0) continue;
                s.add(new Tup(ss.get(k), null));
                d.add(new Tup(dd.get(k), null));
            }
            if (s.isEmpty()) return new Lay(new Tup(BigInteger.ONE, null), new Tup(BigInteger.ZERO, null));
            return new Lay(new Tup(null, s), new Tup(null, d));
        }

        BigInteger at(long i) {
            return at(BigInteger.valueOf(i));
        }

        /** CuTe's layout function at an index: colexicographic over the leaves, the last taking what is left. */
        BigInteger at(BigInteger i) {
            List<BigInteger> s = shape.leaves(), d = stride.leaves();
            BigInteger v = BigInteger.ZERO;
            for (int k = 0; k < s.size(); k++) {
                BigInteger c;
                if (k == s.size() - 1) c = i;
                else {
                    BigInteger[] qr = i.divideAndRemainder(s.get(k));
                    c = qr[1];
                    i = qr[0];
                }
                v = v.add(c.multiply(d.get(k)));
            }
            return v;
        }

        /** The value at a coordinate: an integer per mode (read colexicographically in it) or congruent; null where it does not fit. */
        BigInteger atCoord(Tup c) {
            return atCoord(shape, stride, c);
        }

        private static BigInteger atCoord(Tup s, Tup d, Tup c) {
            if (c.isLeaf()) {
                if (s.isLeaf()) return c.v.multiply(d.v);
                return new Lay(s, d).at(c.v);
            }
            if (s.isLeaf() || s.modes().size() != c.modes().size()) return null;
            BigInteger v = BigInteger.ZERO;
            for (int k = 0; k < c.modes().size(); k++) {
                BigInteger m = atCoord(s.modes().get(k), d.modes().get(k), c.modes().get(k));
                if (m == null) return null;
                v = v.add(m);
            }
            return v;
        }

        Set<BigInteger> image() {
            Set<BigInteger> out = new HashSet<>();
            for (long i = 0; i < size().longValue(); i++) out.add(at(i));
            return out;
        }
    }

    /** {@code Sw<B,M,S> o off o L}: CuTe's Swizzle::apply after the offset, over an integer-stride layout. */
    record Sw(int b, int m, int s, BigInteger offset, Lay inner) {
        private static final Pattern FORM = Pattern.compile("\\s*Sw<(\\d+),(\\d+),(-?\\d+)>\\s+o\\s+(-?\\d+)\\s+o\\s+(.*)");

        static Sw parse(String text) {
            Matcher m = FORM.matcher(text);
            if (!m.matches()) return null;
            int b = Integer.parseInt(m.group(1)), mm = Integer.parseInt(m.group(2)), s = Integer.parseInt(m.group(3));
            Lay l = Lay.parse(m.group(5));
            if (l == null || b > 20 || mm > 30 || Math.abs(s) > 30 || Math.abs(s) < b) return null;
            return new Sw(b, mm, s, new BigInteger(m.group(4)), l);
        }

        long apply(long x) {
            long bits = (1L << b) - 1;
            long yyy = bits << (m + Math.max(0, s));
            return s >= 0 ? x ^ ((x & yyy) >>> s) : x ^ ((x & yyy) << -s);
        }
    }
}
