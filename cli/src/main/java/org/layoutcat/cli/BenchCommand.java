package org.layoutcat.cli;

import org.layoutcat.ops.batch.BatchEngine;
import org.layoutcat.ops.batch.BatchTimer;
import org.layoutcat.ops.batch.RequestLine;
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
        List<RequestLine> requests = BatchTimer.read(file);
        if (requests.isEmpty()) throw new IllegalArgumentException(file + " holds no requests");
        if (engine != null) {
            requests = BatchTimer.withEngine(requests, engine.name());
        }
        Map<String, List<RequestLine>> byOp = new LinkedHashMap<>();
        for (RequestLine r : requests) byOp.computeIfAbsent(r.request().op(), k -> new ArrayList<>()).add(r);

        // Warm-up: the whole file, then each op on its own, so that the JIT has compiled every path (on a busy
        // machine its compiler threads lag behind; a first measurement of the mix would time them).
        long sink = 0;
        sink += BatchTimer.run(requests, warmup * 0.5);
        for (List<RequestLine> same : byOp.values()) sink += BatchTimer.run(same, warmup * 0.5 / byOp.size());
        DescriptiveStatistics all = stats(BatchTimer.rounds(requests, seconds * 0.5));
        Map<String, DescriptiveStatistics> perOp = new LinkedHashMap<>();
        double perOpSeconds = seconds * 0.5 / byOp.size();
        for (Map.Entry<String, List<RequestLine>> e : byOp.entrySet()) perOp.put(e.getKey(), stats(BatchTimer.rounds(e.getValue(), perOpSeconds)));
        if (sink == 42) System.err.print("");
        DescriptiveStatistics[] piped = null;
        if (pipe) {
            double[][] p = BatchTimer.pipeRounds(requests, Files.readAllBytes(file), seconds * 0.5);
            piped = new DescriptiveStatistics[] {stats(p[0]), stats(p[1]), stats(p[2])};
        }

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

    /** The samples of a measurement, for their percentiles. */
    private static DescriptiveStatistics stats(double[] samples) {
        return new DescriptiveStatistics(samples);
    }
}
