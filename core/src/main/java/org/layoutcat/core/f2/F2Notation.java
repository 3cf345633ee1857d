package org.layoutcat.core.f2;

import java.util.ArrayList;
import java.util.List;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.Limits;

/**
 * The reader of {@link F2Map}'s notation, {@code {IN=[B,...],...} -> {OUT:SIZE,...}}: one pass, errors with the text,
 * the position and what was expected. Not thread-safe; one per text.
 */
final class F2Notation {
    private final String text;
    private int pos;

    F2Notation(String text) {
        if (text == null) throw new LayoutArgumentException("no text to read as an F2 map");
        if (text.length() > Limits.MAX_TEXT_LENGTH) {
            throw new LayoutArgumentException("an F2 map of " + text.length() + " characters: at most " + Limits.MAX_TEXT_LENGTH
                    + " are read");
        }
        this.text = text;
    }

    /** A raw basis: its entries and where it starts, checked against the output dimensions once they are read. */
    private record RawBasis(List<Long> entries, int at) {}

    private record RawIn(String name, List<RawBasis> bases) {}

    F2Map map() {
        List<RawIn> ins = new ArrayList<>();
        expect('{', "an F2 map starts with { and its input dimensions");
        if (!peekIs('}')) {
            do {
                ins.add(inDim());
                if (ins.size() > F2Map.MAX_DIMS) throw error("at most " + F2Map.MAX_DIMS + " input dimensions");
            } while (accept(','));
        }
        expect('}', "} closing the input dimensions, or , before the next");
        expect('-', "-> between the input and the output dimensions");
        if (pos >= text.length() || text.charAt(pos) != '>') throw error("-> between the input and the output dimensions");
        pos++;
        expect('{', "{ opening the output dimensions");
        List<F2Map.OutDim> outs = new ArrayList<>();
        if (!peekIs('}')) {
            do {
                String name = name("an output dimension's name");
                expect(':', ": between output dimension " + name + " and its size");
                int at = skip();
                long size = number("the size of output dimension " + name);
                if (Long.bitCount(size) != 1 || Long.numberOfTrailingZeros(size) > F2Map.MAX_BITS) {
                    pos = at;
                    throw error("output dimension " + name + " of size " + size + ": a size is a power of two up to 2^"
                            + F2Map.MAX_BITS);
                }
                outs.add(new F2Map.OutDim(name, Long.numberOfTrailingZeros(size)));
                if (outs.size() > F2Map.MAX_DIMS) throw error("at most " + F2Map.MAX_DIMS + " output dimensions");
            } while (accept(','));
        }
        expect('}', "} closing the output dimensions, or , before the next");
        skip();
        if (pos != text.length()) throw error("the end of the F2 map");
        List<F2Map.InDim> in = new ArrayList<>();
        for (RawIn r : ins) {
            List<List<Long>> b = new ArrayList<>();
            for (RawBasis v : r.bases()) {
                if (v.entries().size() != outs.size()) {
                    pos = v.at();
                    throw error("a basis of " + outs.size() + " entr" + (outs.size() == 1 ? "y" : "ies") + ", one per output dimension ("
                            + String.join(", ", outs.stream().map(F2Map.OutDim::name).toList()) + "), not " + v.entries().size());
                }
                b.add(v.entries());
            }
            in.add(new F2Map.InDim(r.name(), b));
        }
        return F2Map.of(in, outs);
    }

    private RawIn inDim() {
        String name = name("an input dimension's name");
        expect('=', "= between input dimension " + name + " and its bases");
        expect('[', "[ opening the bases of input dimension " + name);
        List<RawBasis> bases = new ArrayList<>();
        if (!peekIs(']')) {
            do {
                int at = skip();
                List<Long> v = new ArrayList<>();
                if (accept('(')) {
                    if (!peekIs(')')) {
                        do {
                            v.add(number("an entry of a basis of " + name));
                            if (v.size() > F2Map.MAX_DIMS) throw error("at most " + F2Map.MAX_DIMS + " entries, one per output dimension");
                        } while (accept(','));
                    }
                    expect(')', ") closing a basis of " + name + ", or , before its next entry");
                } else {
                    v.add(number("a basis of " + name + ": an integer, or a tuple (v0,v1,...) where there are several output dimensions"));
                }
                bases.add(new RawBasis(v, at));
                if (bases.size() > F2Map.MAX_BITS) throw error("at most " + F2Map.MAX_BITS + " bases (bits) of input dimension " + name);
            } while (accept(','));
        }
        expect(']', "] closing the bases of input dimension " + name + ", or , before the next");
        return new RawIn(name, bases);
    }

    private String name(String what) {
        int at = skip();
        int end = at;
        while (end < text.length() && end - at <= 256 && isNameChar(text.charAt(end), end == at)) end++;
        if (end == at) throw error(what + " (a letter or _ then letters, digits or _)");
        pos = end;
        return text.substring(at, end);
    }

    private static boolean isNameChar(char c, boolean first) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || (!first && c >= '0' && c <= '9');
    }

    /** A non-negative decimal integer that fits a long. */
    private long number(String what) {
        int at = skip();
        long v = 0;
        int end = at;
        while (end < text.length() && text.charAt(end) >= '0' && text.charAt(end) <= '9') {
            int d = text.charAt(end) - '0';
            if (v > (Long.MAX_VALUE - d) / 10) {
                pos = at;
                throw error(what + " within 64 bits");
            }
            v = v * 10 + d;
            end++;
        }
        if (end == at) throw error(what + " (a non-negative integer)");
        pos = end;
        return v;
    }

    private int skip() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) pos++;
        return pos;
    }

    private boolean peekIs(char c) {
        skip();
        return pos < text.length() && text.charAt(pos) == c;
    }

    private boolean accept(char c) {
        if (!peekIs(c)) return false;
        pos++;
        return true;
    }

    private void expect(char c, String what) {
        if (!accept(c)) throw error(what);
    }

    private LayoutArgumentException error(String expected) {
        int at = pos;
        return new LayoutArgumentException(() -> "\"" + LayoutArgumentException.quote(text) + "\" is no F2 map: at position " + at
                + (at < text.length() ? " ('" + text.charAt(at) + "')" : " (its end)") + ", expected " + expected
                + " — an F2 map is {IN=[B,...],...} -> {OUT:SIZE,...}");
    }
}
