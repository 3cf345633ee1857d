package org.layoutcat.ops.batch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.layoutcat.ops.Request;

/**
 * Times the batch mode's answers to a file of requests, as {@code layoutcat bench} reports them: a request is answered
 * as the batch mode answers a line once its JSON is read ({@link BatchEngine#answer}), the reply written as UTF-8 JSON.
 * Each measurement is a list of rounds, each round's nanoseconds per request one sample.
 */
public final class BatchTimer {
    private BatchTimer() {}

    /** The requests with {@code engine} asked for, whatever each asked. */
    public static List<RequestLine> withEngine(List<RequestLine> requests, String engine) {
        List<RequestLine> forced = new ArrayList<>(requests.size());
        for (RequestLine r : requests) {
            Request q = r.request();
            forced.add(new RequestLine(r.id(), r.idFrom(), r.idTo(), new Request(q.op(), q.args(), engine), null));
        }
        return forced;
    }

    private static double[] array(List<Double> samples) {
        return samples.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** The rounds a measurement of {@code seconds} aims at: enough samples for the percentiles, each round still short. */
    private static final int ROUNDS = 20;

    /**
     * Passes over the requests per round: about 20,000 answers, fewer where one pass takes long, so that
     * {@value #ROUNDS} rounds fit in {@code seconds} (at least one pass); {@code pass} is one pass's nanoseconds.
     */
    static int reps(List<RequestLine> requests, double seconds, long pass) {
        long byCount = Math.max(1, 20_000 / requests.size());
        long byTime = (long) (seconds * 1e9 / ROUNDS / Math.max(1, pass));
        return (int) Math.max(1, Math.min(byCount, byTime));
    }

    /** One pass over the requests, timed: its nanoseconds. */
    private static long pass(List<RequestLine> requests) {
        long t0 = System.nanoTime();
        long sink = answerAll(requests);
        return System.nanoTime() - t0 + (sink == Long.MIN_VALUE ? 1 : 0);
    }

    /**
     * Rounds of answering every request once or more, until {@code seconds} have passed (at least one round, each
     * sized by {@link #reps}); each round's ns per request is one sample.
     */
    public static double[] rounds(List<RequestLine> requests, double seconds) {
        List<Double> stats = new ArrayList<>();
        long end = System.nanoTime() + (long) (seconds * 1e9);
        int reps = reps(requests, seconds, pass(requests));
        do {
            long t0 = System.nanoTime();
            long sink = 0;
            for (int k = 0; k < reps; k++) sink += answerAll(requests);
            long t1 = System.nanoTime();
            stats.add((t1 - t0) / (double) (reps * requests.size()) + (sink == Long.MIN_VALUE ? 1 : 0));
        } while (System.nanoTime() < end);
        return stats.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /**
     * Rounds of the answers alone and of the whole batch mode over the same requests ({@link BatchEngine#run} on the
     * file's bytes, repeated to about 20,000 lines, one answering thread, replies to a null stream), interleaved so
     * that a host whose speed drifts slows both alike: ns per request, ns per line, and each round's ratio.
     */
    public static double[][] pipeRounds(List<RequestLine> requests, byte[] text, double seconds) throws IOException {
        long end = System.nanoTime() + (long) (seconds * 1e9);
        int reps = (int) Math.min(reps(requests, seconds, pass(requests)), Math.max(1, PIPE_BYTES / Math.max(1, text.length)));
        java.io.ByteArrayOutputStream all = new java.io.ByteArrayOutputStream(text.length * reps + reps);
        for (int k = 0; k < reps; k++) {
            all.write(text);
            if (text.length > 0 && text[text.length - 1] != '\n') all.write('\n');
        }
        byte[] input = all.toByteArray();
        long lines = (long) requests.size() * reps;
        List<Double> answered = new ArrayList<>(), piped = new ArrayList<>(), ratio = new ArrayList<>();
        BatchEngine.run(new java.io.ByteArrayInputStream(input), java.io.OutputStream.nullOutputStream(), 1); // warm-up, timed within
        do {
            long t0 = System.nanoTime();
            long sink = 0;
            for (int k = 0; k < reps; k++) sink += answerAll(requests);
            long t1 = System.nanoTime();
            BatchEngine.run(new java.io.ByteArrayInputStream(input), java.io.OutputStream.nullOutputStream(), 1);
            long t2 = System.nanoTime();
            double a = (t1 - t0) / (double) lines + (sink == Long.MIN_VALUE ? 1 : 0), p = (t2 - t1) / (double) lines;
            answered.add(a);
            piped.add(p);
            ratio.add(p / a);
        } while (System.nanoTime() < end);
        return new double[][] {array(answered), array(piped), array(ratio)};
    }

    /** The most bytes of requests the pipe's rounds feed the batch mode at once. */
    private static final long PIPE_BYTES = 16 << 20;

    /** Answers the requests over and over until {@code seconds} have passed (at least once): the warm-up. */
    public static long run(List<RequestLine> requests, double seconds) {
        long end = System.nanoTime() + (long) (seconds * 1e9);
        long sink = 0;
        do sink += answerAll(requests); while (System.nanoTime() < end);
        return sink;
    }

    /** The replies to every request, written into a buffer emptied every {@value #KEPT_BYTES} bytes; their size. */
    private static long answerAll(List<RequestLine> requests) {
        Replies replies = REPLIES.get();
        long sink = 0;
        for (RequestLine r : requests) {
            BatchEngine.answer(r, replies);
            if (replies.size() > KEPT_BYTES) {
                sink += replies.size();
                replies.truncate(0);
            }
        }
        sink += replies.size();
        replies.truncate(0);
        return sink;
    }

    private static final int KEPT_BYTES = 1 << 16;
    private static final ThreadLocal<Replies> REPLIES = ThreadLocal.withInitial(() -> new Replies(2 * KEPT_BYTES));

    /** The most bytes of a file bench reads: its requests are held in memory, answered again and again. */
    public static final long MAX_FILE = 64L << 20;

    /**
     * The requests of a batch file, read as the batch mode reads its input: lines of at most
     * {@link BlockReader#MAX_LINE} bytes, each UTF-8 text; a file past {@link #MAX_FILE} bytes, a longer line, or one
     * that is not UTF-8 is refused with its line number before it fills the memory (a device such as /dev/zero too).
     */
    public static List<RequestLine> read(Path file) throws IOException {
        List<RequestLine> out = new ArrayList<>();
        java.nio.charset.CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT).onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT);
        try (java.io.InputStream in = new java.io.BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
            java.io.ByteArrayOutputStream line = new java.io.ByteArrayOutputStream();
            long total = 0;
            int lineNo = 1;
            for (int b = in.read(); ; b = in.read()) {
                if (b >= 0 && ++total > MAX_FILE) {
                    throw new IllegalArgumentException(file + ": more than " + MAX_FILE + " bytes; bench times a file of at most"
                            + " that many (its requests are held in memory)");
                }
                if (b >= 0 && b != '\n') {
                    if (line.size() >= BlockReader.MAX_LINE) {
                        throw new IllegalArgumentException(file + " line " + lineNo + " is longer than " + BlockReader.MAX_LINE
                                + " bytes, the most the batch mode reads");
                    }
                    line.write(b);
                    continue;
                }
                String text;
                try {
                    text = utf8.decode(java.nio.ByteBuffer.wrap(line.toByteArray())).toString();
                } catch (java.nio.charset.CharacterCodingException e) {
                    throw new IllegalArgumentException(file + " line " + lineNo + " is not UTF-8 text: bench reads a JSON Lines"
                            + " file of batch requests");
                }
                if (text.endsWith("\r")) text = text.substring(0, text.length() - 1); // a CRLF line, as readAllLines split it
                if (!text.isBlank()) {
                    try {
                        out.add(BatchEngine.parseRequest(text));
                    } catch (IllegalArgumentException e) {
                        throw new IllegalArgumentException(file + " line " + lineNo + ": not a batch request: " + e.getMessage(), e);
                    }
                }
                if (b < 0) return out;
                line.reset();
                lineNo++;
            }
        }
    }
}
