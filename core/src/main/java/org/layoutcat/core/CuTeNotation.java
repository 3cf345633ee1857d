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
    private final char[] chars; // the text and a '\0' after it, so that reading one past the end needs no test
    private final int length;
    private int pos;
    private IntTuple[] stack = new IntTuple[16]; // the modes of the tuples being read, innermost last
    private int top;

    private CuTeNotation(String text) {
        if (text == null) throw new LayoutArgumentException("no text to parse (null)");
        this.text = text;
        this.length = text.length();
        this.chars = new char[length + 1];
        text.getChars(0, length, chars, 0);
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
        int from = top; // the modes read so far sit on the stack from here
        while (true) {
            IntTuple mode = intTuple();
            if (top == stack.length) stack = java.util.Arrays.copyOf(stack, 2 * top);
            stack[top++] = mode;
            skip();
            char d = peek();
            if (d == ',') {
                pos++;
            } else if (d == ')') {
                pos++;
                IntTuple t = IntTuple.ofOwned(java.util.Arrays.copyOfRange(stack, from, top), top - from);
                top = from;
                return t;
            } else {
                throw error("expected ',' or ')' in a tuple");
            }
        }
    }

    private long integer() {
        skip();
        int start = pos;
        int p = pos;
        char[] cs = chars;
        if (cs[p] == '_') p++;
        boolean negative = false;
        if (cs[p] == '-') {
            negative = true;
            p++;
        }
        int digits = p;
        long v = 0;
        for (int digit; (digit = cs[p] - '0') >= 0 && digit <= 9; p++) {
            if (v >= Long.MAX_VALUE / 10 && (v > Long.MAX_VALUE / 10 || digit > Long.MAX_VALUE % 10)) {
                pos = start;
                throw error("integer does not fit in 64 bits");
            }
            v = v * 10 + digit;
        }
        if (p == digits) {
            pos = start;
            throw error("expected an integer or '('");
        }
        pos = p;
        return negative ? -v : v;
    }

    private void end() {
        skip();
        if (pos != length) throw error("unexpected text after the end");
    }

    private void skip() {
        int p = pos;
        for (char c; p < length && ((c = chars[p]) == ' ' || (c <= ' ' && Character.isWhitespace(c))); p++) {
            // spaces are ignored
        }
        pos = p;
    }

    private char peek() {
        return chars[pos]; // '\0' at the end
    }

    private IllegalArgumentException error(String what) {
        String found = pos < text.length() ? "'" + text.charAt(pos) + "'" : "end of text";
        return new LayoutArgumentException("cannot parse \"" + text + "\" at position " + pos + " (" + found + "): " + what);
    }
}
