package org.layoutcat.ops.batch;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.layoutcat.ops.Answer;
import org.layoutcat.ops.Field;
import org.layoutcat.ops.Failure;
import org.layoutcat.ops.Operations;
import org.layoutcat.ops.Request;
import org.layoutcat.core.Layout;

/**
 * The batch mode: JSON Lines in, exactly one JSON line out per non-blank line in, in input order.
 *
 * <p>Request {@code {"id": "7", "op": "logical_divide", "args": ["A", "B"], "engine": "auto"}}; reply
 * {@code {"id": "7", "result": "..."}} or {@code {"id": "7", "error": "why"}} (plus {@code "engine"} where the
 * operation has several, and the further parts of an answer that has them, such as a slice's {@code "offset"}). The id is echoed exactly as sent, whatever its JSON type ({@code -1e400} stays
 * {@code -1e400}); {@code null} where the line has none or cannot be read far enough to find it. A malformed line,
 * invalid UTF-8, an unknown op, wrong arguments, an overflow or an inadmissible input all get an error reply in
 * this project's words; the batch goes on. Line endings: see {@link BlockReader}; decoding: {@link RequestLine}.
 *
 * <p>Replies are written through a buffer that is flushed whenever the input has nothing more ready, so a caller
 * that sends one line and waits gets its reply at once, and a file of requests is answered without a flush per
 * line. The reading thread only cuts the input into blocks of whole lines and writes the replies; the answering
 * threads (one, or {@code --threads N}) split each block into lines, decode, answer and encode them, a part of a
 * block each, into their own reply buffers, written in input order.
 */
public final class BatchEngine {
    private BatchEngine() {}

    /** Answers every line of {@code in} on one answering thread. */
    public static void run(InputStream in, OutputStream out) throws IOException {
        run(in, out, 1);
    }

    /**
     * Answers every line of {@code in} on {@code threads} answering threads, replies in input order. The work is
     * pipelined: while the workers answer one block of ready lines, this thread writes the replies of the blocks
     * before and reads the next one (at most {@value #IN_FLIGHT} blocks in flight, and of input lines that make
     * blocks past their usual size, as 4 MiB lines do, only the newest beyond that size), and it writes and flushes
     * every reply it has before it waits for input that is not ready. One answering thread takes each block whole.
     */
    public static void run(InputStream in, OutputStream out, int threads) throws IOException {
        if (threads < 1) throw new IllegalArgumentException("--threads must be at least 1, got " + threads);
        int target = Math.max(BlockReader.BLOCK, PART * threads);
        BlockReader blocks = new BlockReader(in, target);
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "layoutcat-batch");
            t.setDaemon(true);
            return t;
        });
        ArrayDeque<Chunk> inFlight = new ArrayDeque<>();
        // the input bytes in flight: a block's array holds up to target + BLOCK (the next one starts with the line
        // that was cut), so only blocks of long lines meet this bound
        long budget = (long) IN_FLIGHT * (target + BlockReader.BLOCK);
        long bytes = 0;
        try {
            while (true) {
                if (!inFlight.isEmpty() && !blocks.ready()) { // nothing more to read now: answer what was asked
                    while (!inFlight.isEmpty()) inFlight.removeFirst().writeTo(out);
                    bytes = 0;
                    out.flush();
                }
                BlockReader.Block block = blocks.next();
                if (block == null) break;
                Chunk chunk = Chunk.submit(block, pool, threads);
                inFlight.addLast(chunk);
                bytes += chunk.held();
                while (inFlight.size() > IN_FLIGHT || (inFlight.size() > 1 && bytes > budget)) {
                    Chunk done = inFlight.removeFirst();
                    done.writeTo(out);
                    bytes -= done.held();
                }
            }
            while (!inFlight.isEmpty()) inFlight.removeFirst().writeTo(out);
        } finally {
            out.flush();
            pool.shutdownNow();
        }
    }

    /**
     * The most blocks answered at once while earlier replies are written, and the input bytes a worker takes at a
     * time (about 400 lines of the shared oracle file). With 3 blocks of 16 KiB parts the 16 workers of the GPU
     * machine's host were busy 11.6 cores of 16 (283 ns per line); with 8 blocks of 64 KiB parts, 14.7 to 15.5
     * cores (157 to 201 ns per line): the reading thread's pauses (reading, writing, cutting) no longer leave the
     * workers without work (2026-11-25, {@code bench/pipe-cores.sh}: CPU time per thread over 2 s of a
     * 24-million-line run).
     */
    private static final int IN_FLIGHT = 8;
    private static final int PART = 64 << 10;

    /**
     * Appends the replies to the lines of a block: a line longer than {@link BlockReader#MAX_LINE} is refused unread,
     * with its id where the id is its first member ({@link RequestLine#leadingId}).
     */
    private static void answer(BlockReader.Block block, Replies out) {
        if (block.overLong()) tooLong(block.data(), block.from(), block.to(), out);
        else block.lines((data, from, to) -> {
            if (to - from > BlockReader.MAX_LINE) tooLong(data, from, Math.min(to, from + BlockReader.PREFIX), out);
            else reply(data, from, to, out);
        });
    }

    /** The refusal of a line too long to read, whose first bytes are {@code b[from, to)}. */
    private static void tooLong(byte[] b, int from, int to, Replies out) {
        int[] id = RequestLine.leadingId(b, from, to);
        String why = "the request line is longer than " + BlockReader.MAX_LINE + " bytes, the most the batch mode reads";
        if (id == null) error(null, 0, 0, why, out);
        else error(b, id[0], id[1], why, out);
    }

    /**
     * One block of lines being answered by the workers: k consecutive parts (cut at line ends), each answered by
     * one worker into its own reply buffer, so the replies stay in input order and this thread writes a part with
     * one call; {@code held} is the size of the input array the block keeps alive. A worker makes its reply buffer
     * itself: buffers that this thread made one after another would share cache lines, and the workers' writes to
     * them would contend for those lines.
     */
    private record Chunk(List<Future<Replies>> parts, int held) {
        static Chunk submit(BlockReader.Block block, ExecutorService pool, int threads) {
            int bytes = block.to() - block.from();
            int k = threads == 1 ? 1 : Math.max(1, Math.min(threads, bytes / (PART / 4))); // a few lines are not worth splitting
            List<Future<Replies>> parts = new ArrayList<>(k);
            int from = block.from();
            for (int t = 0; t < k; t++) {
                int to = t == k - 1 ? block.to() : block.lineStartFrom(block.from() + (int) ((long) bytes * (t + 1) / k));
                BlockReader.Block part = new BlockReader.Block(block.data(), from, Math.max(from, to), block.overLong());
                parts.add(pool.submit(() -> {
                    // room for replies as long as the requests, up to a part's usual size (a 4 MiB line's is short)
                    Replies r = new Replies(Math.max(256, Math.min(PART, part.to() - part.from())));
                    answer(part, r);
                    return r;
                }));
                from = Math.max(from, to);
            }
            return new Chunk(parts, block.data().length);
        }

        void writeTo(OutputStream out) throws IOException {
            for (Future<Replies> f : parts) {
                try {
                    f.get().writeTo(out);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("the batch was interrupted", e);
                } catch (java.util.concurrent.ExecutionException e) {
                    throw new IllegalStateException("a batch worker failed: " + e.getCause(), e.getCause());
                }
            }
        }
    }

    /** The reply line to one request line (a JSON object), without its line ending, for tests and tools; null for a blank line. Never throws. */
    public static String reply(String line) {
        Replies r = new Replies(256);
        byte[] b = line.getBytes(StandardCharsets.UTF_8);
        reply(b, 0, b.length, r);
        return r.size() == 0 ? null : r.text(0, r.size() - 1);
    }

    /** Appends the reply to the line {@code b[from, to)}, UTF-8 and ending in a line feed, to {@code out}; nothing for a blank line. Never throws. */
    static void reply(byte[] b, int from, int to, Replies out) {
        if (isBlank(b, from, to)) return;
        answer(RequestLine.decode(b, from, to), out);
    }

    /**
     * Appends the reply to a decoded line: the answer to its request, or the error that says why there is none.
     * This is the batch mode's work on a line once its JSON is read (what {@code layoutcat bench} times): the
     * arguments read from CuTe notation, the operation, and the reply written. Never throws.
     */
    static void answer(RequestLine line, Replies out) {
        if (line.error() != null) {
            error(line.id(), line.idFrom(), line.idTo(), line.error(), out);
            return;
        }
        Request request = line.request();
        int mark = out.size(); // a reply cut short by an error is taken back before the error is written
        try {
            result(line, Operations.answer(request), out);
        } catch (RuntimeException | StackOverflowError e) { // any other Error is rethrown: it ends the batch, never a reply
            error(line, Failure.of(request.op(), e).message(), out.truncate(mark));
        }
    }

    private static boolean isBlank(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) if (b[i] != ' ' && b[i] != '\t' && b[i] != '\r') return false;
        return true;
    }

    private static void result(RequestLine line, Answer a, Replies r) {
        r.begin(line.id(), line.idFrom(), line.idTo()).ascii(",\"result\":\"");
        if (a.value() instanceof Layout l) r.layout(l); // its notation written as bytes, no string made
        else r.string(a.result());
        r.ascii("\"");
        if (a.engine() != null) r.ascii(",\"engine\":\"").string(a.engine()).ascii("\"");
        for (int i = 0, n = a.fieldCount(); i < n; i++) {
            Field<?> key = a.key(i);
            r.ascii(",\"").ascii(key.name()).ascii("\":\""); // a name is lower_snake_case: JSON as it is
            if (a.fieldValue(i) instanceof Layout l && key.printsByToString()) r.layout(l); // as the result's
            else r.string(a.text(i));
            r.ascii("\"");
        }
        r.ascii("}\n");
    }

    private static void error(RequestLine line, String why, Replies r) {
        error(line.id(), line.idFrom(), line.idTo(), why, r);
    }

    private static void error(byte[] id, int idFrom, int idTo, String why, Replies r) {
        why = org.layoutcat.core.LayoutArgumentException.cut(why); // a giant input quoted in it keeps its start and end
        r.begin(id, idFrom, idTo).ascii(",\"error\":\"").string(why).ascii("\"}\n");
    }

    /** The request of one line, or an IllegalArgumentException saying why the line holds none (for bench). */
    static RequestLine parseRequest(String line) {
        byte[] b = line.getBytes(StandardCharsets.UTF_8);
        RequestLine r = RequestLine.decode(b, 0, b.length);
        if (r.error() != null) throw new IllegalArgumentException(r.error());
        return r;
    }
}
