package org.layoutcat.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.layoutcat.ops.batch.BatchEngine;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The batch mode's work on one request line of the shared request mix (the 2,000 requests of CuTe C++'s oracle
 * file: compositions, divides, products, complements, coalesces, inverses, a quarter of them refused): the line
 * decoded, its layouts read, the operation, and the reply line written, as {@link BatchEngine#reply(String)} does.
 * Each thread walks the file from its own start, so on 16 threads the library answers 16 different requests at
 * once; the time per operation at 16 threads against 1 says how it scales (a thread per core).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
@State(Scope.Thread)
public class RequestMixBenchmarks {
    /** The request file, relative to the repository root (where the README runs the suite). */
    @Param("ops/src/test/resources/oracle/cute-cpp-dev.jsonl")
    public String file;

    String[] lines;
    int next;

    @Setup
    public void setup() throws IOException {
        List<String> all = Files.readAllLines(Path.of(file), StandardCharsets.UTF_8);
        lines = all.stream().filter(l -> !l.isBlank()).toArray(String[]::new);
        next = (int) (Thread.currentThread().getId() * 131 % lines.length);
    }

    private String line() {
        String l = lines[next];
        next = next + 1 == lines.length ? 0 : next + 1;
        return l;
    }

    /** One request of the mix answered on one thread. */
    @Benchmark
    @Threads(1)
    public String reply() {
        return BatchEngine.reply(line());
    }

    /** The same on 16 threads at once: the library keeps no shared state, so the time per request stays. */
    @Benchmark
    @Threads(16)
    public String replyOn16Threads() {
        return BatchEngine.reply(line());
    }
}
