package org.layoutcat.cli;

import org.layoutcat.ops.batch.BatchEngine;
import com.fasterxml.jackson.core.io.JsonStringEncoder;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.layoutcat.ops.Operation;
import org.layoutcat.ops.Operations;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code layoutcat train DIR} (hidden) and {@link #main}: the build's training runs for the start caches. A JVM's
 * ahead-of-time cache holds what one run loaded and linked (classes, and the lambdas and method handles linked at their
 * first call), and JDK 25 maps and links all of it at every start, whatever the command needs: so each cache is trained
 * on what its commands start.
 *
 * <p>{@code train DIR} ({@code target/layoutcat.aot}) starts what people start: every operation of the table answered
 * once by its example, as the batch mode, {@code op} and the aliases answer it; each alias by its command generated
 * from the table; the batch mode over those requests; and one picture drawn into DIR. {@link #main} ({@code
 * target/layoutcat-aliases.aot}) starts what a person types for one answer, each alias by its example, and writes the
 * aliases' names into {@code DIR/commands}, which the {@code layoutcat} script reads to choose that cache for them.
 * What either prints is the answers; the build keeps it in {@code target/start-training*.log}.
 */
@Command(name = "train", hidden = true, description = "The build's training run for the start archive (draws into DIR).")
final class TrainCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "DIR", description = "where the picture is drawn") Path out;

    @Override
    public Integer call() throws Exception {
        List<String> requests = new ArrayList<>();
        for (Operation o : Operations.all()) {
            Main.run(prepend("op", o.name(), o.example()));
            requests.add(request(requests.size(), o.name(), o.example()));
        }
        for (org.layoutcat.ops.Alias a : Operations.aliases()) Main.run(a.example().toArray(String[]::new)); // as a person types each
        ByteArrayOutputStream replies = new ByteArrayOutputStream();
        BatchEngine.run(new ByteArrayInputStream(String.join("\n", requests).getBytes(StandardCharsets.UTF_8)), replies);
        new PrintStream(System.out, true, StandardCharsets.UTF_8).print(replies.toString(StandardCharsets.UTF_8));
        // one small picture (the diagrams module's common path), as SVG and PNG, not the whole gallery: the cache
        // holds what training loaded, and a command's start maps all of it
        java.nio.file.Files.createDirectories(out);
        int svg = Main.run("draw", "layout", "(4,8):(8,1)", "-o", out.resolve("training.svg").toString());
        // and its PNG: Java2D's painting and ImageIO's encoder, which a PNG's start loaded for 0.2 s (0.82 s against 0.61 s)
        return svg != 0 ? svg : Main.run("draw", "layout", "(4,8):(8,1)", "-o", out.resolve("training.png").toString());
    }

    /**
     * {@code java -cp layoutcat.jar org.layoutcat.cli.TrainCommand DIR}: the aliases' training. Each alias as a person
     * types it (its example, answered on the aliases' quick path), and the aliases' names, one line, into {@code
     * DIR/commands}. It starts without the command line: a {@code compose} builds none, and picocli's reflection over
     * its annotations would be a quarter of this cache, loaded at every alias's start (16.8 MB trained on compose alone
     * through {@code train}, against 12.9 MB here or for compose's own run).
     */
    public static void main(String[] args) throws java.io.IOException {
        if (args.length != 1) {
            System.err.println("usage: java -cp layoutcat.jar org.layoutcat.cli.TrainCommand DIR");
            System.exit(Main.USAGE);
        }
        java.io.File dir = new java.io.File(args[0]); // java.io's: NIO's channels would be in the cache for nothing
        dir.mkdirs();
        List<String> names = new ArrayList<>();
        int failed = 0;
        for (org.layoutcat.ops.Alias a : Operations.aliases()) {
            failed += Main.run(a.example().toArray(String[]::new)) == 0 ? 0 : 1;
            names.add(a.command());
        }
        try (java.io.OutputStream o = new java.io.FileOutputStream(new java.io.File(dir, "commands"))) {
            o.write((String.join(" ", names) + "\n").getBytes(StandardCharsets.UTF_8));
        }
        System.exit(failed == 0 ? 0 : Main.REFUSED);
    }

    /** The batch request {@code {"id":N,"op":"name","args":[...]}}. */
    private static String request(int id, String op, List<String> args) {
        JsonStringEncoder json = JsonStringEncoder.getInstance();
        StringBuilder sb = new StringBuilder("{\"id\":").append(id).append(",\"op\":\"").append(json.quoteAsString(op)).append("\",\"args\":[");
        for (int i = 0; i < args.size(); i++) sb.append(i == 0 ? "\"" : ",\"").append(json.quoteAsString(args.get(i))).append('"');
        return sb.append("]}").toString();
    }

    /** The command line {@code first [second] args...}. */
    private static String[] prepend(String first, String second, List<String> args) {
        List<String> line = new ArrayList<>();
        line.add(first);
        if (second != null) line.add(second);
        line.addAll(args);
        return line.toArray(String[]::new);
    }
}
