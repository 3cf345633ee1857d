package org.layoutcat.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;
import org.layoutcat.cli.op.Request;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code layoutcat bench FILE}: answers every request of a batch-format file repeatedly, on one thread, for a
 * fixed time after a warm-up, and prints the time per request overall and per op (medians over rounds, with
 * the 10th and 90th percentiles). A request is answered as the batch mode answers a line once its JSON is read
 * ({@link BatchEngine#answer}): the arguments read from CuTe notation, the operation, and the reply line written
 * as UTF-8 JSON (a refusal's too); the JSON decoding of the request and the output are not timed.
 */
@Command(name = "bench", description = "Time the answers to a file of batch requests (ns per request, per op).")
final class BenchCommand implements Callable<Integer> {
    @Parameters(index = "0", description = "a JSON Lines file in the batch format (UTF-8, lines of at most 4 MiB as the batch"
            + " mode reads them, 64 MiB in all)") Path file;
    @Option(names = "--warmup", defaultValue = "2", description = "warm-up seconds (default 2)") double warmup;
    @Option(names = "--seconds", defaultValue = "5", description = "measured seconds (default 5)") double seconds;
    @Option(names = "--json", description = "print one JSON line instead of the table") boolean json;
    @Option(names = "--engine", description = "answer every request with this engine (auto, cute or category),"
            + " whatever the file asks") Engine engine;

    /** The engines a request may ask for, as the batch mode names them. */
    enum Engine { auto, cute, category }
    @Option(names = "--pipe", description = "also time the whole batch mode in this process (the file's lines read from"
            + " memory, decoded, answered on one thread, replies to a null stream), in rounds interleaved with rounds of"
            + " the answers alone, and print the ratio of the two") boolean pipe;

    @Override
    public Integer call() throws IOException {
        List<RequestLine> requests = read(file);
        if (requests.isEmpty()) throw new IllegalArgumentException(file + " holds no requests");
        if (engine != null) {
            List<RequestLine> forced = new ArrayList<>(requests.size());
            for (RequestLine r : requests) {
                Request q = r.request();
                forced.add(new RequestLine(r.id(), r.idFrom(), r.idTo(), new Request(q.op(), q.args(), engine.name()), null));
            }
            requests = forced;
        }
        Map<String, List<RequestLine>> byOp = new LinkedHashMap<>();
        for (RequestLine r : requests) byOp.computeIfAbsent(r.request().op(), k -> new ArrayList<>()).add(r);

        // Warm-up: the whole file, then each op on its own, so that the JIT has compiled every path (on a busy
        // machine its compiler threads lag behind; a first measurement of the mix would time them).
        long sink = 0;
        sink += run(requests, warmup * 0.5);
        for (List<RequestLine> same : byOp.values()) sink += run(same, warmup * 0.5 / byOp.size());
        DescriptiveStatistics all = rounds(requests, seconds * 0.5);
        Map<String, DescriptiveStatistics> perOp = new LinkedHashMap<>();
        double perOpSeconds = seconds * 0.5 / byOp.size();
        for (Map.Entry<String, List<RequestLine>> e : byOp.entrySet()) perOp.put(e.getKey(), rounds(e.getValue(), perOpSeconds));
        if (sink == 42) System.err.print("");
        DescriptiveStatistics[] piped = pipe ? pipeRounds(requests, Files.readAllBytes(file), seconds * 0.5) : null;

        if (json) {
            StringBuilder sb = new StringBuilder();
            sb.append("{\"requests\": ").append(requests.size())
              .append(", \"ns_per_request\": ").append(fmt(all.getPercentile(50)))
              .append(", \"per_op\": {");
            int i = 0;
            for (Map.Entry<String, DescriptiveStatistics> e : perOp.entrySet()) {
                if (i++ > 0) sb.append(", ");
                sb.append('"').append(e.getKey()).append("\": ").append(fmt(e.getValue().getPercentile(50)));
            }
            sb.append('}');
            if (piped != null) {
                sb.append(", \"pipe_ns_per_line\": ").append(fmt(piped[1].getPercentile(50)))
                  .append(", \"answer_ns_per_request\": ").append(fmt(piped[0].getPercentile(50)))
                  .append(", \"pipe_ratio\": ").append(String.format(Locale.ROOT, "%.3f", piped[2].getPercentile(50)));
            }
            System.out.println(sb.append('}'));
        } else {
            System.out.printf(Locale.ROOT, "%d requests from %s, engine %s, one thread, %.1f s measured after %.1f s warm-up%n",
                    requests.size(), file, engine == null ? "as asked (auto by default)" : engine, seconds, warmup);
            System.out.printf(Locale.ROOT, "%-18s %8s %12s %12s %12s %14s%n", "op", "requests", "median ns", "p10 ns", "p90 ns", "requests/s");
            for (Map.Entry<String, DescriptiveStatistics> e : perOp.entrySet()) {
                line(e.getKey(), byOp.get(e.getKey()).size(), e.getValue());
            }
            line("all", requests.size(), all);
            if (piped != null) {
                System.out.printf(Locale.ROOT, "the batch mode in process: %.1f ns per line against %.1f ns per request"
                        + " answered alone, in %d interleaved rounds: %.2f times (median of the rounds' ratios)%n",
                        piped[1].getPercentile(50), piped[0].getPercentile(50), piped[2].getN(), piped[2].getPercentile(50));
            }
            System.out.println("each row: ns per request over rounds that answer those requests once each (median, 10th and"
                    + " 90th percentiles of the rounds); an op's row times its requests alone, 'all' the whole file in its order"
                    + " (the mean over a mix of cheap and costly ops, with the branches and caches of a mix)");
        }
        return 0;
    }

    private static void line(String name, int n, DescriptiveStatistics s) {
        double median = s.getPercentile(50);
        System.out.printf(Locale.ROOT, "%-18s %8d %12.1f %12.1f %12.1f %14.0f%n", name, n, median,
                s.getPercentile(10), s.getPercentile(90), 1e9 / median);
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
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
    private static DescriptiveStatistics rounds(List<RequestLine> requests, double seconds) {
        DescriptiveStatistics stats = new DescriptiveStatistics();
        long end = System.nanoTime() + (long) (seconds * 1e9);
        int reps = reps(requests, seconds, pass(requests));
        do {
            long t0 = System.nanoTime();
            long sink = 0;
            for (int k = 0; k < reps; k++) sink += answerAll(requests);
            long t1 = System.nanoTime();
            stats.addValue((t1 - t0) / (double) (reps * requests.size()) + (sink == Long.MIN_VALUE ? 1 : 0));
        } while (System.nanoTime() < end);
        return stats;
    }

    /**
     * Rounds of the answers alone and of the whole batch mode over the same requests ({@link BatchEngine#run} on the
     * file's bytes, repeated to about 20,000 lines, one answering thread, replies to a null stream), interleaved so
     * that a host whose speed drifts slows both alike: ns per request, ns per line, and each round's ratio.
     */
    private static DescriptiveStatistics[] pipeRounds(List<RequestLine> requests, byte[] text, double seconds) throws IOException {
        long end = System.nanoTime() + (long) (seconds * 1e9);
        int reps = (int) Math.min(reps(requests, seconds, pass(requests)), Math.max(1, PIPE_BYTES / Math.max(1, text.length)));
        java.io.ByteArrayOutputStream all = new java.io.ByteArrayOutputStream(text.length * reps + reps);
        for (int k = 0; k < reps; k++) {
            all.write(text);
            if (text.length > 0 && text[text.length - 1] != '\n') all.write('\n');
        }
        byte[] input = all.toByteArray();
        long lines = (long) requests.size() * reps;
        DescriptiveStatistics answered = new DescriptiveStatistics(), piped = new DescriptiveStatistics(), ratio = new DescriptiveStatistics();
        BatchEngine.run(new java.io.ByteArrayInputStream(input), java.io.OutputStream.nullOutputStream(), 1); // warm-up, timed within
        do {
            long t0 = System.nanoTime();
            long sink = 0;
            for (int k = 0; k < reps; k++) sink += answerAll(requests);
            long t1 = System.nanoTime();
            BatchEngine.run(new java.io.ByteArrayInputStream(input), java.io.OutputStream.nullOutputStream(), 1);
            long t2 = System.nanoTime();
            double a = (t1 - t0) / (double) lines + (sink == Long.MIN_VALUE ? 1 : 0), p = (t2 - t1) / (double) lines;
            answered.addValue(a);
            piped.addValue(p);
            ratio.addValue(p / a);
        } while (System.nanoTime() < end);
        return new DescriptiveStatistics[] {answered, piped, ratio};
    }

    /** The most bytes of requests the pipe's rounds feed the batch mode at once. */
    private static final long PIPE_BYTES = 16 << 20;

    /** Answers the requests over and over until {@code seconds} have passed (at least once): the warm-up. */
    private static long run(List<RequestLine> requests, double seconds) {
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
    static final long MAX_FILE = 64L << 20;

    /**
     * The requests of a batch file, read as the batch mode reads its input: lines of at most
     * {@link BlockReader#MAX_LINE} bytes, each UTF-8 text; a file past {@link #MAX_FILE} bytes, a longer line, or one
     * that is not UTF-8 is refused with its line number before it fills the memory (a device such as /dev/zero too).
     */
    static List<RequestLine> read(Path file) throws IOException {
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
