package org.layoutcat.ops.batch;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * The batch input cut into blocks of whole lines, so that the reading thread touches each byte once (to find the
 * last line end of what it read) and the lines are split where they are answered. The line-ending policy: a line
 * ends at LF; a CR just before that LF belongs to the ending (CRLF); any other CR is part of the line, where JSON
 * reads it as white space (or, inside a string, as an error of that request). The last line needs no ending. A
 * line longer than {@link #MAX_LINE} bytes (its ending excluded) is not answered: one that has arrived whole is
 * refused where its block is answered; one that has not is not kept but for its first {@link #PREFIX} bytes (where
 * its id may be), the rest skipped up to its end, where a block of its own says so ({@link Block#overLong()}), so
 * that its refusal is written as soon as its end is read.
 */
public final class BlockReader {
    /** The longest request line answered: 4 MiB (four times the longest layout text, {@code Limits.MAX_TEXT_LENGTH}). */
    public static final int MAX_LINE = 4 << 20;
    /** The least size a block aims at where input keeps coming: 64 KiB, about 400 lines of the shared oracle file. */
    public static final int BLOCK = 1 << 16;
    /** The bytes kept of a line too long to answer, to echo its id where the id comes first. */
    static final int PREFIX = 1 << 10;

    /**
     * Whole lines {@code data[from, to)}, each ending in LF but perhaps the last one of the input; or, where
     * {@code overLong}, the first bytes of a line longer than {@link #MAX_LINE} (at most {@link #PREFIX}).
     */
    record Block(byte[] data, int from, int to, boolean overLong) {
        /** Calls {@code each} with every line of the block, its ending (LF, CRLF) excluded. */
        void lines(LineConsumer each) {
            int start = from;
            while (start < to) {
                int lf = indexOfLf(data, start, to);
                int end = lf < 0 ? to : lf;
                each.line(data, start, end > start && data[end - 1] == '\r' ? end - 1 : end);
                start = end + 1;
            }
        }

        /** The position after the line end at or after {@code at} (or {@code to}): where a part of the block may start. */
        int lineStartFrom(int at) {
            if (at <= from) return from;
            int lf = indexOfLf(data, at - 1, to);
            return lf < 0 ? to : lf + 1;
        }
    }

    /** What is done with each line of a block. */
    interface LineConsumer {
        void line(byte[] data, int from, int to);
    }

    private final InputStream in;
    private final int target; // the bytes a block aims at
    private byte[] buf;
    private int start; // the next unread byte
    private int end; // one past the last byte read
    private boolean eof;
    private boolean skipping; // inside an over-long line, up to its end
    private byte[] prefix; // the first bytes of that line

    /** The blocks of {@code in}, each of about {@code target} bytes where input keeps coming. */
    BlockReader(InputStream in, int target) {
        this.in = in;
        this.target = target;
        this.buf = new byte[Math.max(BLOCK, target)];
    }

    /**
     * The next block, waiting until at least one line is complete: the whole lines read so far, and more where the
     * input has more ready without waiting (up to about the target size); null at the end of input.
     */
    Block next() throws IOException {
        while (true) {
            if (skipping) {
                int lf = indexOfLf(buf, start, end);
                if (lf >= 0 || eof) { // its end, or the input's inside it: its refusal now
                    skipping = false;
                    start = lf >= 0 ? lf + 1 : end;
                    byte[] p = prefix;
                    prefix = null;
                    return new Block(p, 0, p.length, true);
                }
                start = end;
            } else {
                int last = lastIndexOfLf(buf, start, end);
                if (last >= 0 && (eof || end - start >= target || in.available() <= 0 || end == buf.length)) {
                    return cut(last + 1);
                }
                if (eof) return start < end ? cut(end) : null;
                if (end - start > MAX_LINE && last < 0) { // a line too long to keep: its first bytes, the rest skipped
                    skipping = true;
                    prefix = Arrays.copyOfRange(buf, start, start + PREFIX);
                    start = end;
                    continue;
                }
            }
            fill();
        }
    }

    /** True when a whole line is buffered or more input is ready without blocking. */
    boolean ready() throws IOException {
        return (!skipping && indexOfLf(buf, start, end) >= 0) || (!eof && in.available() > 0) || (eof && start < end && !skipping);
    }

    /** The block {@code buf[start, to)}; the bytes after it move to a new buffer, so the block keeps its own. */
    private Block cut(int to) {
        Block b = new Block(buf, start, to, false);
        byte[] next = new byte[Math.max(Math.max(BLOCK, target), end - to + BLOCK)]; // not the room of a long line
        System.arraycopy(buf, to, next, 0, end - to);
        end -= to;
        start = 0;
        buf = next;
        return b;
    }

    private void fill() throws IOException {
        if (start > 0) { // move the partial line to the front
            System.arraycopy(buf, start, buf, 0, end - start);
            end -= start;
            start = 0;
        }
        if (end == buf.length) buf = Arrays.copyOf(buf, Math.min(buf.length * 2, MAX_LINE + BLOCK));
        int n = in.read(buf, end, buf.length - end);
        if (n < 0) eof = true;
        else end += n;
    }

    /** The first LF in {@code b[from, to)}, or -1. */
    static int indexOfLf(byte[] b, int from, int to) {
        return Swar.indexOf(b, from, to, (byte) '\n');
    }

    private static int lastIndexOfLf(byte[] b, int from, int to) {
        for (int i = to - 1; i >= from; i--) if (b[i] == '\n') return i;
        return -1;
    }
}
