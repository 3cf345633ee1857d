package org.layoutcat.cli;

import org.layoutcat.ops.batch.BlockReader;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.layoutcat.ops.Operation;
import org.layoutcat.ops.Operations;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Issue 34: the exit codes follow one rule for every command, as the README says: 0 answered, 1 a refused input (read,
 * then refused by the operation) or an unreadable file, 2 a usage error (a missing, unknown or extra argument, an
 * unknown option, a bad option value), 3 an internal error. Every command is walked as picocli lists them (the
 * subcommands too, never a hand-made list), every operation of the table and every picture kind; each usage error is
 * one line naming the command, in the project's words.
 */
class ExitCodesTest {

    /** Java's words, which never reach a user (issue 34: "long overflow", "No enum constant", "Input length = 1"). */
    private static final List<String> JAVA_WORDS = List.of("Exception", "java.", "No enum constant", "long overflow",
            "integer overflow", "For input string", "out of bounds for length", "is not an int", "is not a long",
            "is not a double", "Input length =", "OutOfMemoryError", "NullPointer");

    /** A command as typed after {@code layoutcat} ([gpu, ptx]) and its picocli model. */
    private record Command(List<String> path, CommandLine cl) {}

    /** Every command and subcommand, as picocli lists them (picocli's own help command aside). */
    private static List<Command> commands(CommandLine cl, List<String> path) {
        List<Command> out = new ArrayList<>();
        for (var e : cl.getSubcommands().entrySet()) {
            if (e.getKey().equals("help")) continue;
            List<String> p = new ArrayList<>(path);
            p.add(e.getKey());
            out.add(new Command(p, e.getValue()));
            out.addAll(commands(e.getValue(), p));
        }
        return out;
    }

    private static String[] line(List<String> path, String... more) {
        List<String> a = new ArrayList<>(path);
        a.addAll(List.of(more));
        return a.toArray(String[]::new);
    }

    /** A usage error: exit 2, one line on stderr naming the command, in the project's words. */
    private static String usage(String what, CliRun r, String command) {
        assertEquals(Main.USAGE, r.code(), what + ": " + r.err());
        return oneLine(what, r, command);
    }

    private static String oneLine(String what, CliRun r, String command) {
        List<String> lines = r.err().lines().toList();
        assertEquals(1, lines.size(), what + ": " + r.err());
        String l = lines.get(0);
        assertTrue(l.startsWith("layoutcat " + command + ": "), what + ": " + l);
        for (String w : JAVA_WORDS) assertFalse(l.contains(w), what + ": Java's words '" + w + "' in " + l);
        return l;
    }

    /** True for an option whose value its type or converter reads as the line is parsed: a number, a name, a checked text. */
    private static boolean readAtParse(OptionSpec o) {
        Class<?> t = o.auxiliaryTypes()[0];
        return o.converters().length > 0 || t.isEnum() || (t.isPrimitive() && t != boolean.class) || Number.class.isAssignableFrom(t);
    }

    @Test
    void everyCommandsMissingArgumentAndBadOptionValueAreUsageErrors() {
        List<Command> commands = commands(Main.commandLine(), new ArrayList<>());
        assertTrue(commands.size() >= 25, commands.toString());
        int checked = 0;
        for (Command c : commands) {
            List<String> path = c.path();
            String name = String.join(" ", path);
            CommandLine cl = c.cl();
            boolean required = cl.getCommandSpec().positionalParameters().stream().anyMatch(p -> p.arity().min() > 0)
                    || cl.getCommandSpec().options().stream().anyMatch(OptionSpec::required);
            if (required) { // nothing given where something must be
                usage(name + " with nothing", CliRun.of(line(path)), name);
                checked++;
            }
            for (OptionSpec o : cl.getCommandSpec().options()) {
                if (o.usageHelp() || o.versionHelp() || o.arity().max() == 0) continue;
                String option = o.longestName();
                String l = usage(name + " " + option + " without its value", CliRun.of(line(path, option)), name);
                assertTrue(l.contains(option), l);
                checked++;
                if (readAtParse(o)) {
                    l = usage(name + " " + option + " bogus", CliRun.of(line(path, option, "bogus")), name);
                    assertTrue(l.contains(option), l);
                    checked++;
                }
            }
        }
        assertTrue(checked > 80, "only " + checked + " command lines checked");
    }

    /** {@code op NAME} and {@code cpp NAME} with a number of arguments other than the table declares: a usage error. */
    @Test
    void anOperationsArityIsTheTablesAndAWrongCountIsAUsageError() {
        for (Operation o : Operations.all()) {
            List<String> example = o.example();
            if (o.minArgs() > 0) {
                List<String> few = new ArrayList<>(List.of("op", o.name()));
                few.addAll(example.subList(0, o.minArgs() - 1));
                String l = usage("op " + o.name() + " with too few", CliRun.of(few.toArray(String[]::new)), "op");
                assertTrue(l.contains(o.name() + " takes "), l);
            }
            List<String> many = new ArrayList<>(List.of("cpp", o.name()));
            for (int k = 0; k <= o.maxArgs(); k++) many.add(k < example.size() ? example.get(k) : "1");
            String l = usage("cpp " + o.name() + " with too many", CliRun.of(many.toArray(String[]::new)), "cpp");
            assertTrue(l.contains(o.name() + " takes "), l);
        }
        usage("op to_f2", CliRun.of("op", "to_f2"), "op");
        usage("an unknown operation", CliRun.of("op", "no_such_op", "4:1"), "op");
        usage("an unknown operation to cpp", CliRun.of("cpp", "no_such_op"), "cpp");
    }

    @Test
    void everyPictureKindWithoutItsArgumentsAndAnUnknownKindAreUsageErrors(@TempDir Path dir) {
        String out = dir.resolve("x.svg").toString();
        for (String kind : org.layoutcat.ops.Pictures.names()) usage("draw " + kind, CliRun.of("draw", kind, "-o", out), "draw");
        usage("draw bogus", CliRun.of("draw", "bogus", "4:1", "-o", out), "draw");
        usage("an option of another picture", CliRun.of("draw", "layout", "4:1", "--only", "C", "-o", out), "draw");
        usage("an unknown format", CliRun.of("draw", "layout", "4:1", "-o", dir.resolve("x.bmp").toString()), "draw");
    }

    /** The command lines issue 34 found answering 1 or 2 for the same kind of mistake: each a usage error now. */
    @Test
    void theIssuesBadOptionValuesAreUsageErrors(@TempDir Path dir) throws Exception {
        Path requests = dir.resolve("r.jsonl");
        Files.writeString(requests, "{\"id\":1,\"op\":\"size\",\"args\":[\"4:1\"]}\n");
        String out = dir.resolve("x.svg").toString();
        usage("bench --engine", CliRun.of("bench", "--engine", "bogus", requests.toString()), "bench");
        usage("draw --color", CliRun.of("draw", "--color", "bogus", "layout", "4:1", "-o", out), "draw");
        usage("draw --scale", CliRun.of("draw", "--scale", "1000", "layout", "4:1", "-o", out), "draw");
        usage("draw --elem", CliRun.of("draw", "--elem", "3", "layout", "4:1", "-o", out), "draw");
        String strategy = usage("gpu ptx --strategy", CliRun.of("gpu", "ptx", "4:1", "--strategy", "bogus"), "gpu ptx");
        assertTrue(strategy.contains("AUTO, DIRECT, TILED_32, TILED_64"), strategy); // the valid values, listed
        usage("banks --elem", CliRun.of("banks", "--elem", "2147483648", "4:1", "4:1"), "banks");
        usage("divide --kind", CliRun.of("divide", "--kind", "bogus", "4:1", "2"), "divide");
        usage("atom --bits", CliRun.of("atom", "--bits", "4294967312", "SM75_U32x4_LDSM_N"), "atom");
        usage("batch --threads", CliRun.of("batch", "--threads", "0"), "batch");
        usage("gpu ptx --element-bytes", CliRun.of("gpu", "ptx", "4:1", "--kernel", "gather", "--element-bytes", "3"), "gpu ptx");
        usage("tma --elem", CliRun.of("tma", "(64,64):(64,1)", "(64,64):(64,1)", "--elem", "f17"), "tma");
        usage("tma --multicast", CliRun.of("tma", "(64,64):(64,1)", "(64,64):(64,1)", "--elem", "f16", "--multicast", "0"), "tma");
    }

    /** An input read and refused exits 1, its reason on one line. */
    @Test
    void aRefusedInputExitsOne(@TempDir Path dir) throws Exception {
        // banks takes bank_conflicts' element as op does (one grammar): --elem 3 is read (0 to 16 bytes) and refused by
        // the operation, as is an element neither --elem nor SMEM's pointer gives, with or without --copy
        for (String[] line : new String[][] {{"banks", "--elem", "3", "4:1", "4:1"}, {"banks", "(8,64):(64,1)", "8:1"},
            {"banks", "(8,64):(64,1)", "--copy", "SM80_CP_ASYNC_CACHEALWAYS_U128", "--thr", "(16,8):(8,1)", "--val", "(1,8)"},
            {"op", "bank_conflicts", "4:1", "4:1", "3"}}) {
            CliRun refused = CliRun.of(line);
            assertEquals(Main.REFUSED, refused.code(), String.join(" ", line) + ": " + refused.err());
            oneLine(String.join(" ", line), refused, line[0]);
        }
        CliRun r = CliRun.of("compose", "(4,6):(1,5)", "3:2");
        assertEquals(Main.REFUSED, r.code(), r.err());
        oneLine("compose", r, "compose");
        r = CliRun.of("op", "composition", "(4,6):(1,5)", "bogus");
        assertEquals(Main.REFUSED, r.code(), r.err());
        oneLine("op composition", r, "op");
        // issue 34: cpp worded an overflow as the JDK does ("long overflow"); op eval's words now
        r = CliRun.of("cpp", "eval", "Sw<3,3,3> o 9223372036854775807 o (8,64):(64,1)", "9");
        assertEquals(Main.REFUSED, r.code(), r.err());
        String why = oneLine("cpp eval", r, "cpp"); // the layout's offsets are refused where it is read, as op eval refuses them
        assertTrue(why.contains("overflow the 64-bit range") && !why.contains("long overflow"), r.err());
        // issue 34: bench read /dev/zero into an OutOfMemoryError and a binary file as "Input length = 1"
        if (Files.isReadable(Path.of("/dev/zero"))) {
            r = CliRun.of("bench", "/dev/zero");
            assertEquals(Main.REFUSED, r.code(), r.err());
            assertTrue(oneLine("bench /dev/zero", r, "bench").contains("line 1 is longer than " + BlockReader.MAX_LINE + " bytes"), r.err());
        }
        Path binary = dir.resolve("binary.jsonl");
        Files.write(binary, new byte[] {'{', (byte) 0xC3, (byte) 0x28, '}', '\n'});
        r = CliRun.of("bench", binary.toString());
        assertEquals(Main.REFUSED, r.code(), r.err());
        assertTrue(oneLine("bench of a binary file", r, "bench").contains("line 1 is not UTF-8 text"), r.err());
    }

    /** Issue 34: errors echoed inputs whole (8 KB for tma with 4,096 modes); every report is cut as the batch mode cuts. */
    @Test
    void aLongErrorIsCutAsTheBatchModeCutsIt() {
        String modes = "(" + "2,".repeat(4095) + "2)";
        CliRun r = CliRun.of("tma", modes, modes, "--elem", "2");
        assertEquals(Main.REFUSED, r.code(), r.err().substring(0, Math.min(300, r.err().length())));
        assertTrue(r.err().length() < org.layoutcat.core.LayoutArgumentException.MAX_MESSAGE + 200, r.err().length() + " characters");
        assertTrue(r.err().contains("characters in all"), r.err());
    }

    /** An exception only a bug throws exits 3 with a fixed message, never a stack trace or the exception's words. */
    @Test
    void anInternalErrorExitsThreeWithAFixedMessage() {
        PrintStream err = System.err;
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        try {
            System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
            assertEquals(Main.INTERNAL, Main.report("eval", new IndexOutOfBoundsException("Index -1 out of bounds for length 0")));
            assertEquals(Main.INTERNAL, Main.report("eval", new NullPointerException()));
            assertEquals(Main.REFUSED, Main.report("eval", new IllegalArgumentException("refused")));
        } finally {
            System.setErr(err);
        }
        List<String> lines = e.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(3, lines.size(), lines.toString());
        assertEquals("layoutcat eval: internal error (IndexOutOfBoundsException): a bug of layoutcat, not a refusal of the input;"
                + " please report the command line", lines.get(0));
        assertFalse(lines.get(0).contains("out of bounds for length"), lines.get(0));
        assertEquals("layoutcat eval: refused", lines.get(2));
    }
}
