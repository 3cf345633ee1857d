package org.layoutcat.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * The lines of the batch input, as bytes. The line-ending policy: a line ends at LF; a CR just before that LF
 * belongs to the ending (CRLF); any other CR is part of the line, where JSON reads it as white space (or, inside
 * a string, as an error of that request). The last line needs no ending. A line longer than {@link #MAX_LINE}
 * bytes is not kept: its first bytes are, with {@link Line#overLong()} set, and the rest is skipped up to its end.
 */
final class LineReader {
    /** The longest request line kept: 4 MiB (four times the longest layout text, {@code Limits.MAX_TEXT_LENGTH}). */
    static final int MAX_LINE = 4 << 20;

    /** One line: its bytes (without the ending), whether it was cut at {@link #MAX_LINE}, and its number from 1. */
    record Line(byte[] bytes, boolean overLong, long number) {}

    private final InputStream in;
    private byte[] buf = new byte[1 << 16];
    private int start; // the next unread byte
    private int end; // one past the last byte read
    private boolean eof;
    private long number;

    LineReader(InputStream in) {
        this.in = in;
    }

    /** The next line, blocking until it is complete; null at the end of input. */
    Line next() throws IOException {
        boolean overLong = false;
        byte[] kept = null;
        while (true) {
            int lf = indexOfLf(start, end);
            if (lf >= 0) {
                byte[] line = overLong ? kept : lineBytes(start, lf);
                start = lf + 1;
                return new Line(line, overLong, ++number);
            }
            if (eof) {
                if (start == end && !overLong) return null;
                byte[] line = overLong ? kept : lineBytes(start, end);
                start = end;
                return new Line(line, overLong, ++number);
            }
            if (end - start >= MAX_LINE && !overLong) { // keep the head of an over-long line, skip the rest
                overLong = true;
                kept = Arrays.copyOfRange(buf, start, start + Math.min(256, end - start));
                start = end;
            } else if (overLong) {
                start = end;
            }
            fill();
        }
    }

    /** True when a whole line is buffered or more input is ready without blocking. */
    boolean ready() throws IOException {
        return indexOfLf(start, end) >= 0 || (!eof && in.available() > 0) || (eof && start < end);
    }

    private byte[] lineBytes(int from, int to) {
        if (to > from && buf[to - 1] == '\r') to--; // CRLF
        return Arrays.copyOfRange(buf, from, to);
    }

    private int indexOfLf(int from, int to) {
        for (int i = from; i < to; i++) if (buf[i] == '\n') return i;
        return -1;
    }

    private void fill() throws IOException {
        if (start > 0) { // move the partial line to the front
            System.arraycopy(buf, start, buf, 0, end - start);
            end -= start;
            start = 0;
        }
        if (end == buf.length) buf = Arrays.copyOf(buf, Math.min(buf.length * 2, MAX_LINE + (1 << 16)));
        int n = in.read(buf, end, buf.length - end);
        if (n < 0) eof = true;
        else end += n;
    }
}
