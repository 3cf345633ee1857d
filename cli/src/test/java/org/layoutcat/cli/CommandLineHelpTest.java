package org.layoutcat.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Every command, subcommands included (those added later too), answers {@code --help} with its usage (exit 0) and
 * {@code help CMD} likewise, and answers a bad option with one line on stderr naming the command and the option,
 * exit code 2 (a usage error; 1 is a refused input, as the README says).
 */
class CommandLineHelpTest {

    /** The paths of every command and subcommand, e.g. [draw], [gpu, ptx]. */
    private static List<List<String>> commands() {
        List<List<String>> out = new ArrayList<>();
        collect(new CommandLine(new Main()), new ArrayList<>(), out);
        return out;
    }

    private static void collect(CommandLine cl, List<String> path, List<List<String>> out) {
        for (var e : cl.getSubcommands().entrySet()) {
            List<String> p = new ArrayList<>(path);
            p.add(e.getKey());
            out.add(p);
            collect(e.getValue(), p, out);
        }
    }

    private static String[] args(List<String> path, String... more) {
        List<String> a = new ArrayList<>(path);
        a.addAll(List.of(more));
        return a.toArray(String[]::new);
    }

    @Test
    void everyCommandAnswersHelp() {
        List<List<String>> commands = commands();
        assertTrue(commands.size() >= 15, commands.toString());
        for (List<String> path : commands) {
            String name = String.join(" ", path);
            CliRun r = CliRun.of(args(path, "--help"));
            assertEquals(0, r.code(), name + " --help: " + r.err());
            assertTrue(r.out().startsWith("Usage: layoutcat " + name), name + " --help: " + r.out());
            if (path.size() == 1) {
                CliRun h = CliRun.of("help", path.get(0));
                assertEquals(0, h.code(), "help " + name);
                assertEquals(r.out(), h.out(), "help " + name + " prints what --help does");
            }
        }
    }

    @Test
    void aBadOptionIsOneLineAndExitCodeTwo() {
        for (List<String> path : commands()) {
            String name = String.join(" ", path);
            CliRun r = CliRun.of(args(path, "--no-such-option"));
            assertEquals(Main.USAGE, r.code(), name + ": " + r.err());
            List<String> lines = r.err().lines().toList();
            assertEquals(1, lines.size(), name + ": " + r.err());
            assertTrue(lines.get(0).startsWith("layoutcat " + path.get(path.size() - 1) + ": "), lines.get(0));
            // picocli names the first problem it meets: the unknown option, or parameters still missing
            assertTrue(lines.get(0).contains("--no-such-option") || lines.get(0).contains("Missing required"), lines.get(0));
            assertTrue(lines.get(0).endsWith("--help')"), lines.get(0));
        }
    }

    @Test
    void noArgumentsPrintsUsageAndARefusedInputExitsOne() {
        CliRun r = CliRun.of();
        assertEquals(0, r.code());
        assertTrue(r.out().startsWith("Usage: layoutcat"), r.out());
        CliRun refused = CliRun.of("compose", "(4,6):(1,5)", "3:2");
        assertEquals(Main.REFUSED, refused.code());
        assertEquals(1, refused.err().lines().count(), refused.err());
        CliRun missing = CliRun.of("bench", "/nonexistent/requests.jsonl");
        assertEquals(Main.REFUSED, missing.code());
        assertEquals("layoutcat bench: no such file or directory: /nonexistent/requests.jsonl", missing.err().strip());
    }
}
