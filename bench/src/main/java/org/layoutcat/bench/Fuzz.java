package org.layoutcat.bench;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.layoutcat.ops.batch.BatchEngine;
import org.layoutcat.ops.batch.FuzzCheck;
import org.layoutcat.ops.batch.FuzzRequests;

/**
 * The fuzz run of issue 34: seeded requests for every operation of the table ({@link FuzzRequests}), answered by the
 * batch engine in this process and through a pipe to {@code java -Xmx64m -jar layoutcat.jar batch}, each reply held
 * against what it must be ({@link FuzzCheck}: in our words, within its ranges, by its definition where that is
 * cheap), every request answered exactly once and in order, and every request timed warm (a warm-up pass over all of
 * them first; a request over the limit timed three times more, its best kept: a pause of the JVM's is not the
 * request's). Run it at {@code -Xmx64m} ({@code bench/fuzz.sh} does); it writes a report of each class of failure with
 * its shortest request, and the figures.
 *
 * <pre>
 * Fuzz [--seed S] [--per-op N] [--mode in|pipe|both] [--jar cli/target/layoutcat.jar] [--java JAVA]
 *      [--limit-ms 100] [--stall-s 30] [--report FILE]
 * </pre>
 */
public final class Fuzz {
    private Fuzz() {}

    /** The figures and findings of a run. */
    static final class Run {
        int requests;
        int answered;
        int refused;
        int wrongReplies;
        int javaWording;
        int lost;
        int stalled;
        int crashes;
        final Map<String, List<String>> classes = new TreeMap<>();
        final Map<String, Integer> counts = new TreeMap<>();
        /** Per class, the operations its requests are of, with their counts. */
        final Map<String, Map<String, Integer>> classOps = new TreeMap<>();
        final List<String> slow = new ArrayList<>();
        final List<String> notes = new ArrayList<>();
        /** Per operation: requests answered, refused. */
        final Map<String, int[]> perOp = new TreeMap<>();

        void find(String kind, String example) {
            counts.merge(kind, 1, Integer::sum);
            List<String> ex = classes.computeIfAbsent(kind, k -> new ArrayList<>());
            ex.add(example);
            // keep the three shortest examples
            ex.sort((a, b) -> Integer.compare(a.length(), b.length()));
            if (ex.size() > 3) ex.removeLast();
        }
    }

    public static void main(String[] argv) throws Exception {
        Map<String, String> o = options(argv);
        long seed = Long.parseLong(o.getOrDefault("seed", "34"));
        int perOp = Integer.parseInt(o.getOrDefault("per-op", "300"));
        String mode = o.getOrDefault("mode", "both");
        long limitNanos = Long.parseLong(o.getOrDefault("limit-ms", "100")) * 1_000_000L;
        long stallS = Long.parseLong(o.getOrDefault("stall-s", "30"));
        Path report = Path.of(o.getOrDefault("report", "target/fuzz-report.md"));
        List<FuzzRequests.Request> requests = FuzzRequests.of(seed, perOp);
        System.out.printf("fuzz: seed %d, %d requests over %d operations, max heap %d MiB%n", seed, requests.size(),
                requests.stream().map(FuzzRequests.Request::op).distinct().count(), Runtime.getRuntime().maxMemory() >> 20);
        StringBuilder md = new StringBuilder();
        md.append("# Fuzz run: seed ").append(seed).append(", ").append(requests.size()).append(" requests, ").append(perOp)
                .append(" per operation of the table\n\n");
        if (mode.equals("in") || mode.equals("both")) {
            Run in = inProcess(requests, limitNanos, stallS);
            write(md, "in-process (max heap " + (Runtime.getRuntime().maxMemory() >> 20) + " MiB)", in, limitNanos);
        }
        if (mode.equals("pipe") || mode.equals("both")) {
            String jar = o.getOrDefault("jar", "cli/target/layoutcat.jar");
            String java = o.getOrDefault("java", Path.of(System.getProperty("java.home"), "bin", "java").toString());
            Run pipe = pipe(requests, List.of(java, "-Xmx64m", "-jar", jar, "batch"), limitNanos, stallS);
            write(md, "through a pipe: " + java + " -Xmx64m -jar " + jar + " batch", pipe, limitNanos);
        }
        Files.createDirectories(report.toAbsolutePath().getParent());
        Files.writeString(report, md);
        System.out.println(md);
        System.out.println("report: " + report);
    }

    private static Map<String, String> options(String[] argv) {
        Map<String, String> o = new LinkedHashMap<>();
        for (int i = 0; i < argv.length; i++) {
            if (!argv[i].startsWith("--") || i + 1 >= argv.length) throw new IllegalArgumentException("usage: Fuzz [--name value]...: " + argv[i]);
            o.put(argv[i].substring(2), argv[++i]);
        }
        return o;
    }

    // ---------------------------------------------------------------------------------------------------------
    // In this process

    private static Run inProcess(List<FuzzRequests.Request> requests, long limitNanos, long stallS) throws Exception {
        Run run = new Run();
        run.requests = requests.size();
        int[] firstHash = new int[requests.size()];
        ExecutorService worker = single();
        // pass 1: the replies, checked (the JVM warms up on them)
        for (int i = 0; i < requests.size(); i++) {
            FuzzRequests.Request q = requests.get(i);
            String line = q.line();
            String reply;
            try {
                reply = worker.submit(() -> BatchEngine.reply(line)).get(stallS, TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                run.stalled++;
                run.find("stalled (no reply in " + stallS + " s) " + q.op(), q.shortLine(600));
                worker.shutdownNow();
                worker = single();
                firstHash[i] = 0;
                continue;
            } catch (java.util.concurrent.ExecutionException e) {
                run.crashes++;
                run.find("crash (" + e.getCause().getClass().getSimpleName() + ") " + q.op(), q.shortLine(600) + " -> " + e.getCause());
                continue;
            }
            firstHash[i] = reply == null ? 0 : reply.hashCode();
            judge(run, q, reply);
        }
        // pass 2: each request timed warm, and its reply the same as the first time
        for (int i = 0; i < requests.size(); i++) {
            FuzzRequests.Request q = requests.get(i);
            if (firstHash[i] == 0) continue;
            String line = q.line();
            long t0 = System.nanoTime();
            String reply;
            try {
                reply = worker.submit(() -> BatchEngine.reply(line)).get(stallS, TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                run.stalled++;
                run.find("stalled warm (no reply in " + stallS + " s) " + q.op(), q.shortLine(600));
                worker.shutdownNow();
                worker = single();
                continue;
            } catch (java.util.concurrent.ExecutionException e) {
                continue;
            }
            long t = System.nanoTime() - t0;
            if (reply != null && reply.hashCode() != firstHash[i]) run.find("reply differs the second time " + q.op(), q.shortLine(600) + " -> " + reply);
            if (t > limitNanos) {
                long best = t;
                for (int k = 0; k < 3 && best > limitNanos; k++) {
                    long t1 = System.nanoTime();
                    try {
                        worker.submit(() -> BatchEngine.reply(line)).get(stallS, TimeUnit.SECONDS);
                    } catch (TimeoutException | java.util.concurrent.ExecutionException e) {
                        break;
                    }
                    best = Math.min(best, System.nanoTime() - t1);
                }
                if (best > limitNanos) run.slow.add(String.format("%.0f ms %s", best / 1e6, q.shortLine(300)));
            }
        }
        worker.shutdownNow();
        // the streaming batch, on 1 and 2 answering threads: one reply per request, in order
        StringBuilder all = new StringBuilder();
        for (FuzzRequests.Request q : requests) if (!q.line().contains("x".repeat(50_000))) all.append(q.line()).append('\n');
        byte[] input = all.toString().getBytes(StandardCharsets.UTF_8);
        all = null;
        for (int threads : new int[] {1, 2}) {
            List<String> ids = new ArrayList<>();
            for (FuzzRequests.Request q : requests) if (!q.line().contains("x".repeat(50_000))) ids.add(q.id());
            IdCheck sink = new IdCheck(ids);
            try {
                BatchEngine.run(new ByteArrayInputStream(input), sink, threads);
            } catch (Throwable e) {
                run.crashes++;
                run.find("streaming batch failed (" + threads + " threads)", e.toString());
            }
            sink.finish(run, "streaming batch, " + threads + " thread" + (threads > 1 ? "s" : ""));
        }
        return run;
    }

    private static ExecutorService single() {
        return Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "fuzz");
            t.setDaemon(true);
            return t;
        });
    }

    /** Counts a reply and records what is wrong with it. */
    private static void judge(Run run, FuzzRequests.Request q, String reply) {
        List<FuzzCheck.Finding> fs = FuzzCheck.check(q, reply);
        Map<String, String> m = reply == null ? null : FuzzCheck.parseReply(reply);
        int[] counts = run.perOp.computeIfAbsent(q.op(), k -> new int[2]);
        if (m != null && m.get("result") != null) {
            run.answered++;
            counts[0]++;
        } else if (m != null && m.get("error") != null) {
            run.refused++;
            counts[1]++;
        }
        boolean wrong = false, java = false;
        for (FuzzCheck.Finding f : fs) {
            if (f.kind().equals("Java wording")) java = true;
            else wrong = true;
            String kind = f.kind().equals("Java wording") ? "Java wording " + q.op() : f.kind();
            run.find(kind, q.shortLine(600) + "\n  -> " + f.detail());
            run.classOps.computeIfAbsent(kind, k -> new TreeMap<>()).merge(q.op(), 1, Integer::sum);
        }
        if (wrong) run.wrongReplies++;
        if (java) run.javaWording++;
    }

    /** Reads the streaming batch's replies as they are written, checking the ids against the requests'. */
    private static final class IdCheck extends OutputStream {
        private final List<String> ids;
        private final java.io.ByteArrayOutputStream line = new java.io.ByteArrayOutputStream();
        private int next;
        private int outOfOrder;
        private String firstOutOfOrder;

        IdCheck(List<String> ids) {
            this.ids = ids;
        }

        @Override
        public void write(int b) {
            if (b != '\n') {
                line.write(b);
                return;
            }
            Map<String, String> m = FuzzCheck.parseReply(line.toString(StandardCharsets.UTF_8));
            String id = m == null ? null : m.get("id");
            if (next >= ids.size() || !ids.get(next).equals(id)) {
                outOfOrder++;
                if (firstOutOfOrder == null) firstOutOfOrder = "reply " + next + " has id " + id;
            }
            next++;
            line.reset();
        }

        @Override
        public void write(byte[] b, int off, int len) {
            for (int i = off; i < off + len; i++) write(b[i]);
        }

        void finish(Run run, String what) {
            if (next != ids.size()) {
                run.lost += Math.max(0, ids.size() - next);
                run.find("lost or extra replies", what + ": " + next + " replies to " + ids.size() + " requests");
            }
            if (outOfOrder > 0) run.find("replies out of order", what + ": " + outOfOrder + ", first " + firstOutOfOrder);
            run.notes.add(what + ": " + next + " replies to " + ids.size() + " requests, " + outOfOrder + " out of order");
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // Through a pipe to a batch process

    private static Run pipe(List<FuzzRequests.Request> requests, List<String> command, long limitNanos, long stallS) throws Exception {
        Run run = new Run();
        run.requests = requests.size();
        // 1. all requests streamed at once: one reply each, in order, each checked; the process ends well
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.PIPE).start();
        Thread writer = Thread.ofPlatform().daemon().start(() -> {
            try (Writer w = new BufferedWriter(new OutputStreamWriter(p.getOutputStream(), StandardCharsets.UTF_8), 1 << 16)) {
                for (FuzzRequests.Request q : requests) w.write(q.line() + "\n");
            } catch (IOException e) {
                // the process ended early: its replies tell
            }
        });
        StringBuilder err = new StringBuilder();
        Thread errs = Thread.ofPlatform().daemon().start(() -> drain(p.getErrorStream(), err));
        int n = 0;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String reply; (reply = r.readLine()) != null; n++) {
                if (n >= requests.size()) {
                    run.find("lost or extra replies", "extra reply " + reply);
                    continue;
                }
                judge(run, requests.get(n), reply);
            }
        }
        writer.join();
        boolean ended = p.waitFor(stallS, TimeUnit.SECONDS);
        errs.join(1000);
        if (n < requests.size()) {
            run.lost += requests.size() - n;
            run.find("lost or extra replies", "streamed: " + n + " replies to " + requests.size() + " requests; next unanswered "
                    + requests.get(n).shortLine(400));
        }
        if (!ended || p.exitValue() != 0 || !err.isEmpty()) {
            run.crashes++;
            run.find("batch process ended badly", "exit " + (ended ? p.exitValue() : "none") + ", stderr: " + cut(err.toString()));
        }
        run.notes.add("streamed: " + n + " replies to " + requests.size() + " requests, exit " + (ended ? p.exitValue() : "none"));
        // 2. one request at a time (send, wait for its reply): a warm-up pass, then each timed
        Pinger ping = new Pinger(command);
        long[] first = new long[requests.size()];
        for (int pass = 0; pass < 2; pass++) {
            for (int i = 0; i < requests.size(); i++) {
                FuzzRequests.Request q = requests.get(i);
                if (pass == 1 && first[i] < 0) continue;
                long t0 = System.nanoTime();
                String reply = ping.ask(q.line(), stallS);
                long t = System.nanoTime() - t0;
                if (reply == null) {
                    first[i] = -1;
                    run.stalled++;
                    run.find("stalled or died in the pipe (pass " + (pass + 1) + ") " + q.op(), q.shortLine(600) + ": " + cut(ping.errors()));
                    ping.close();
                    ping = new Pinger(command);
                    continue;
                }
                if (pass == 1 && t > limitNanos) {
                    long best = t;
                    for (int k = 0; k < 3 && best > limitNanos; k++) {
                        long t1 = System.nanoTime();
                        if (ping.ask(q.line(), stallS) == null) break;
                        best = Math.min(best, System.nanoTime() - t1);
                    }
                    if (best > limitNanos) run.slow.add(String.format("%.0f ms %s", best / 1e6, q.shortLine(300)));
                }
            }
        }
        ping.close();
        return run;
    }

    private static void drain(java.io.InputStream in, StringBuilder into) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String l; (l = r.readLine()) != null; ) synchronized (into) {
                if (into.length() < 20_000) into.append(l).append('\n');
            }
        } catch (IOException e) {
            // the process is gone
        }
    }

    private static String cut(String s) {
        return s.length() <= 600 ? s : s.substring(0, 600) + "… (" + s.length() + " characters)";
    }

    /** A batch process asked one line at a time. */
    private static final class Pinger {
        private final Process p;
        private final Writer in;
        private final BlockingQueue<String> replies = new ArrayBlockingQueue<>(16);
        private final StringBuilder err = new StringBuilder();

        Pinger(List<String> command) throws IOException {
            p = new ProcessBuilder(command).start();
            in = new BufferedWriter(new OutputStreamWriter(p.getOutputStream(), StandardCharsets.UTF_8), 1 << 16);
            Thread.ofPlatform().daemon().start(() -> {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String l; (l = r.readLine()) != null; ) replies.put(l);
                } catch (IOException | InterruptedException e) {
                    // the process is gone
                }
            });
            Thread.ofPlatform().daemon().start(() -> drain(p.getErrorStream(), err));
        }

        /** The reply to one line, or null where none comes within the stall limit. */
        String ask(String line, long stallS) throws InterruptedException {
            try {
                in.write(line);
                in.write('\n');
                in.flush();
            } catch (IOException e) {
                return null;
            }
            return replies.poll(stallS, TimeUnit.SECONDS);
        }

        String errors() {
            synchronized (err) {
                return (p.isAlive() ? "" : "exited " + p.exitValue() + "; ") + err;
            }
        }

        void close() throws InterruptedException {
            try {
                in.close();
            } catch (IOException e) {
                // gone already
            }
            if (!p.waitFor(5, TimeUnit.SECONDS)) p.destroyForcibly().waitFor();
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // The report

    private static void write(StringBuilder md, String title, Run run, long limitNanos) {
        md.append("## ").append(title).append("\n\n");
        md.append(String.format("| requests | answered | refused | wrong | Java wording | over %d ms warm | stalled | crashes | lost replies |%n",
                limitNanos / 1_000_000));
        md.append("|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        md.append(String.format("| %d | %d | %d | %d | %d | %d | %d | %d | %d |%n%n", run.requests, run.answered, run.refused, run.wrongReplies,
                run.javaWording, run.slow.size(), run.stalled, run.crashes, run.lost));
        for (String n : run.notes) md.append("- ").append(n).append('\n');
        md.append('\n');
        if (!run.classes.isEmpty()) {
            md.append("### Classes of failure (count, shortest examples)\n\n");
            run.classes.forEach((k, ex) -> {
                md.append("- **").append(k).append("** (").append(run.counts.get(k));
                Map<String, Integer> ops = run.classOps.get(k);
                if (ops != null && ops.size() > 1) md.append(": ").append(ops.toString().replaceAll("[{}]", ""));
                md.append(")\n");
                for (String e : ex) {
                    int cut = e.indexOf("\n  -> ");
                    md.append(cut < 0 ? "  - " + e : "  - `" + e.substring(0, cut) + "` → " + e.substring(cut + 6)).append('\n');
                }
            });
            md.append('\n');
        }
        md.append("<details><summary>answered / refused per operation</summary>\n\n");
        run.perOp.forEach((op, c) -> md.append(op).append(' ').append(c[0]).append('/').append(c[1]).append("; "));
        md.append("\n</details>\n\n");
        if (!run.slow.isEmpty()) {
            md.append("### Over ").append(limitNanos / 1_000_000).append(" ms warm (best of four)\n\n");
            run.slow.sort((a, b) -> Double.compare(Double.parseDouble(b.substring(0, b.indexOf(' '))), Double.parseDouble(a.substring(0, a.indexOf(' ')))));
            for (String s : run.slow) md.append("- ").append(s).append('\n');
            md.append('\n');
        }
    }
}
