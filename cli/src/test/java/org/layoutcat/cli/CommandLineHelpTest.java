package org.layoutcat.cli;

import org.layoutcat.ops.Operations;
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
        collect(Main.commandLine(), new ArrayList<>(), out);
        return out;
    }

    private static void collect(CommandLine cl, List<String> path, List<List<String>> out) {
        for (var e : cl.getSubcommands().entrySet()) {
            if (e.getKey().equals("help")) continue; // picocli's own help command
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

    /**
     * Issue 23: help is not cut mid-sentence and keeps its columns. A command's summary in its parent's list (the
     * first line of its description) is a whole phrase, ending in '.', ')' or ':'; no line of any help, the list of
     * operations ({@code op --help}) and one operation's ({@code op NAME --help}) included, is wider than 80 columns,
     * so nothing wraps back to column 0; a row of the list of operations that continues is indented.
     */
    @Test
    void helpIsWholeSentencesInItsColumns() {
        for (List<String> path : commands()) {
            String name = String.join(" ", path);
            CommandLine cl = Main.commandLine();
            for (String p : path) cl = cl.getSubcommands().get(p);
            String[] description = cl.getCommandSpec().usageMessage().description();
            assertTrue(description.length > 0, name + " has no description");
            String first = description[0].stripTrailing();
            assertTrue(first.endsWith(".") || first.endsWith(")") || first.endsWith(":"), name + "'s summary is cut: " + first);
            for (String line : CliRun.of(args(path, "--help")).out().lines().toList()) {
                assertTrue(line.length() <= 80, name + " --help: a line of " + line.length() + " columns: " + line);
            }
        }
        List<String> list = CliRun.of("op", "--help").out().lines().toList();
        boolean inList = false;
        for (String line : list) {
            assertTrue(line.length() <= 80, "op --help: a line of " + line.length() + " columns: " + line);
            if (line.startsWith("Operations")) inList = true;
            else if (inList && !line.isBlank()) {
                assertTrue(line.startsWith("  ") || line.endsWith(":"), "op --help: a row back at column 0: " + line);
            }
        }
        for (String op : org.layoutcat.ops.Operations.names()) {
            for (String line : CliRun.of("op", op, "--help").out().lines().toList()) {
                assertTrue(line.length() <= 80, "op " + op + " --help: a line of " + line.length() + " columns: " + line);
            }
        }
    }

    /** Issue 23: a long input is echoed cut in the middle, as the batch mode quotes it, never whole. */
    @Test
    void aLongInputIsQuotedCut() {
        String huge = "x".repeat(100_000);
        for (String[] args : new String[][] {{"atom", huge}, {"draw", huge, "1", "-o", "x.svg"}, {"op", huge}, {huge},
            {"compose", "(" + "2,".repeat(50_000) + "2):(" + "1,".repeat(50_000) + "1)", "4:1"}}) {
            CliRun r = CliRun.of(args);
            assertTrue(r.code() != 0 && r.err().length() < 2000, args[0].length() + " characters: " + r.err().length()
                    + " characters of error");
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
            assertTrue(lines.get(0).startsWith("layoutcat " + name + ": "), lines.get(0)); // gpu banks: its whole name
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
        assertEquals(CliRun.of("--help").out(), r.out(), "a bare layoutcat lists every command, as --help does");
        assertTrue(r.out().contains("  compose ") && r.out().contains("  serve ") && r.out().contains("  gpu "), r.out());
        CliRun refused = CliRun.of("compose", "(4,6):(1,5)", "3:2");
        assertEquals(Main.REFUSED, refused.code());
        assertEquals(1, refused.err().lines().count(), refused.err());
        CliRun missing = CliRun.of("bench", "/nonexistent/requests.jsonl");
        assertEquals(Main.REFUSED, missing.code());
        assertEquals("layoutcat bench: no such file or directory: /nonexistent/requests.jsonl", missing.err().strip());
    }
}
