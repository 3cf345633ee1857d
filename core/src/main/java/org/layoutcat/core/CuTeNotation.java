package org.layoutcat.core;

import java.util.ArrayList;
import java.util.List;

/**
 * Reader of CuTe notation: integers ({@code 4}, {@code -2}, CuTe's static mark {@code _4}), nested tuples
 * {@code (2,(3,4))}, layouts {@code shape:stride} and by-mode tilers {@code <L0,L1>}. Spaces are ignored.
 * A malformed text is an IllegalArgumentException that quotes the text and gives the position.
 */
final class CuTeNotation {
    private final String text;
    private int pos;

    private CuTeNotation(String text) {
        if (text == null) throw new LayoutArgumentException("no text to parse (null)");
        this.text = text;
    }

    static IntTuple parseIntTuple(String text) {
        CuTeNotation p = new CuTeNotation(text);
        IntTuple t = p.intTuple();
        p.end();
        return t;
    }

    static Layout parseLayout(String text) {
        CuTeNotation p = new CuTeNotation(text);
        Layout l = p.layout();
        p.end();
        return l;
    }

    static Tiler parseTiler(String text) {
        CuTeNotation p = new CuTeNotation(text);
        Tiler t = p.tiler();
        p.end();
        return t;
    }

    private Tiler tiler() {
        skip();
        if (peek() == '<') {
            pos++;
            List<Tiler> modes = new ArrayList<>();
            skip();
            if (peek() == '>') throw error("a by-mode tiler <> needs at least one entry");
            while (true) {
                modes.add(tiler());
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
        IntTuple shape = intTuple();
        skip();
        if (peek() == ':') {
            pos++;
            return make(shape, start);
        }
        check(shape, start);
        return Tiler.ofShape(shape);
    }

    private Layout layout() {
        skip();
        int start = pos;
        IntTuple shape = intTuple();
        skip();
        if (peek() == ':') {
            pos++;
            return make(shape, start);
        }
        check(shape, start);
        return Layout.colMajor(shape);
    }

    private void check(IntTuple shape, int start) {
        if (!shape.allPositive()) {
            throw new LayoutArgumentException("in \"" + text + "\" at position " + start + ": shape " + shape
                    + " has a non-positive entry; shapes are positive");
        }
    }

    /**
     * The layout of {@code shape} and the stride that follows: read straight into the flat strides where it is
     * congruent to the shape, else read as a tuple for {@link Layout#of(IntTuple, IntTuple)} to word the error.
     */
    private Layout make(IntTuple shape, int start) {
        int strideStart = pos;
        long[] flat = new long[shape.leafCount()];
        if (strideLike(shape, flat, 0) == flat.length) {
            try {
                return Layout.ofOwned(shape, flat);
            } catch (IllegalArgumentException | ArithmeticException e) {
                throw new LayoutArgumentException("in \"" + text + "\" at position " + start + ": " + e.getMessage(), e);
            }
        }
        pos = strideStart;
        return make(shape, intTuple(), start);
    }

    /** Reads a tuple with the nesting of {@code like} into {@code out} from {@code at}; -1 where it differs. */
    private int strideLike(IntTuple like, long[] out, int at) {
        skip();
        if (like.isLeaf()) {
            if (peek() == '(') return -1;
            out[at] = integer();
            return at + 1;
        }
        if (peek() != '(') return -1;
        pos++;
        int rank = like.rank();
        if (rank == 0) {
            skip();
            if (peek() != ')') return -1;
            pos++;
            return at;
        }
        for (int i = 0; i < rank; i++) {
            at = strideLike(like.mode(i), out, at);
            if (at < 0) return -1;
            skip();
            if (peek() != (i < rank - 1 ? ',' : ')')) return -1;
            pos++;
        }
        return at;
    }

    private Layout make(IntTuple shape, IntTuple stride, int start) {
        try {
            return Layout.of(shape, stride);
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw new LayoutArgumentException("in \"" + text + "\" at position " + start + ": " + e.getMessage(), e);
        }
    }

    private IntTuple intTuple() {
        skip();
        if (peek() != '(') return IntTuple.of(integer());
        pos++;
        skip();
        if (peek() == ')') {
            pos++;
            return IntTuple.EMPTY;
        }
        IntTuple[] modes = new IntTuple[4];
        int n = 0;
        while (true) {
            if (n == modes.length) modes = java.util.Arrays.copyOf(modes, 2 * n);
            modes[n++] = intTuple();
            skip();
            char d = peek();
            if (d == ',') {
                pos++;
            } else if (d == ')') {
                pos++;
                return IntTuple.ofOwned(modes, n);
            } else {
                throw error("expected ',' or ')' in a tuple");
            }
        }
    }

    private long integer() {
        skip();
        int start = pos;
        int len = text.length();
        if (pos < len && text.charAt(pos) == '_') pos++;
        boolean negative = false;
        if (pos < len && text.charAt(pos) == '-') {
            negative = true;
            pos++;
        }
        int digits = pos;
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
        }
    }

    private char peek() {
        return pos < text.length() ? text.charAt(pos) : '\0';
    }

    private IllegalArgumentException error(String what) {
        String found = pos < text.length() ? "'" + text.charAt(pos) + "'" : "end of text";
        return new LayoutArgumentException("cannot parse \"" + text + "\" at position " + pos + " (" + found + "): " + what);
    }
}
