package org.layoutcat.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.layoutcat.ops.Alias;
import org.layoutcat.ops.Operation;
import org.layoutcat.ops.Operations;
import org.layoutcat.ops.Param;
import picocli.CommandLine;

/**
 * Issue 33: the human commands are aliases the table declares, their commands generated from it, one grammar each: an
 * argument by position or by the option its parameter declares, the same for the alias and for {@code op NAME}; and
 * their help is the table's.
 */
class TableCommandsTest {

    private static final String G = "(512,1024):(1024,1)";
    private static final String S = "Sw<3,4,3> o smem_ptr[16b](unset) o ((8,16),(64,1)):((64,512),(1,0))";

    /** The answer of a command line, which must be answered. */
    private static String answered(String... line) {
        CliRun r = CliRun.of(line);
        assertEquals(0, r.code(), String.join(" ", line) + ": " + r.err());
        assertTrue(r.err().isEmpty(), r.err());
        return r.out();
    }

    /**
     * Issue 33's done-when: {@code tma G S f16 --static}, {@code tma G S --elem f16 --static} and {@code op tma_descriptor G
     * S f16 "" 1 STATIC} give the same answer; so do {@code op tma_descriptor} with the options by name. The second tile's
     * box is merged only where the extents are static (CuTe's answer, TmaCommandTest).
     */
    @Test
    void tmaTakesItsElementByPositionOrByNameAndStaticAsAFlag() {
        for (String[] gs : new String[][] {{G, S}, {"(64,4,16):(1,64,256)", "(64,4,2):(1,64,256)"}}) {
            String g = gs[0], s = gs[1];
            String op = answered("op", "tma_descriptor", g, s, "f16", "", "1", "STATIC");
            assertEquals(op, answered("tma", g, s, "f16", "--static"));
            assertEquals(op, answered("tma", g, s, "--elem", "f16", "--static"));
            assertEquals(op, answered("tma", "--static", g, "--elem=f16", s));
            assertEquals(op, answered("op", "tma_descriptor", g, s, "--elem", "f16", "--static"));
            assertEquals(op, answered("op", "tma_descriptor", g, s, "f16", "--static", "--multicast", "1"));
            String runtime = answered("op", "tma_descriptor", g, s, "f16");
            assertEquals(runtime, answered("tma", g, s, "f16"));
            assertEquals(runtime, answered("tma", g, s, "--elem", "f16"));
        }
        assertTrue(answered("tma", "(64,4,16):(1,64,256)", "(64,4,2):(1,64,256)", "f16", "--static").contains("boxDim (256,2)"));
        assertTrue(answered("tma", "(64,4,16):(1,64,256)", "(64,4,2):(1,64,256)", "f16").contains("boxDim (64,4,2)"));
    }

    /** An argument given twice, by position and by name, or missing both ways, is a usage error naming it. */
    @Test
    void anArgumentGivenTwiceOrNeitherWayIsAUsageError() {
        CliRun twice = CliRun.of("tma", G, S, "f16", "--elem", "f32");
        assertEquals(Main.USAGE, twice.code(), twice.err());
        assertTrue(twice.err().contains("elem is given twice, as f16 and as --elem f32"), twice.err());
        CliRun none = CliRun.of("tma", G, S, "--static");
        assertEquals(Main.USAGE, none.code(), none.err());
        assertTrue(none.err().contains("needs elem (") && none.err().contains("): argument ELEM or --elem TYPE"), none.err());
        CliRun other = CliRun.of("banks", "(8,64):(64,1)", "8:1", "--elem", "2", "--thr", "(32,1)");
        assertEquals(Main.USAGE, other.code(), other.err());
        assertTrue(other.err().contains("--thr") && other.err().contains("banks --copy"), other.err());
        CliRun notOfOp = CliRun.of("op", "composition", "4:1", "2:1", "--static");
        assertEquals(Main.USAGE, notOfOp.code(), notOfOp.err());
        assertTrue(notOfOp.err().startsWith("layoutcat op: ") && notOfOp.err().contains("'--static'"), notOfOp.err());
    }

    /** The words of an alias's command line for its form {@code f} answering operation {@code o}'s example. */
    private static List<String> line(Alias a, Alias.Form f, Operation o) {
        List<String> words = new ArrayList<>(List.of(a.command()));
        if (a.choice() instanceof Alias.Choice.ByValue v) words.addAll(List.of(v.option(), f.when()));
        List<String> example = o.example();
        for (String name : f.positional()) {
            int i = o.indexOf(o.param(name));
            if (i < example.size()) words.add(example.get(i));
        }
        for (int i = 0; i < example.size(); i++) {
            Param<?> p = o.params().get(i);
            if (f.positional().contains(p.name()) || example.get(i).isBlank()) continue;
            Param.Named n = p.named();
            words.addAll(n.isFlag() ? List.of(n.option()) : List.of(n.option(), example.get(i)));
        }
        return words;
    }

    /**
     * Every alias takes its operations' arguments as {@code op} does: each form's example, its arguments by position as
     * the alias declares them and the rest by their options, answers as {@code op NAME} answers the example; and
     * {@code op NAME} answers it with the options by name too.
     */
    @Test
    void everyAliasAnswersItsOperationsExampleAsOpDoes() {
        int checked = 0;
        for (Alias a : Operations.aliases()) {
            for (Alias.Form f : a.forms()) {
                if (!f.derived().isEmpty()) continue; // banks --copy derives value_bits: SwizzleOpsTest.banksCopyReadsTheElementInBytes
                Operation o = f.operation();
                List<String> op = new ArrayList<>(List.of("op", o.name()));
                op.addAll(o.example());
                String expected = answered(op.toArray(String[]::new));
                assertEquals(expected, answered(line(a, f, o).toArray(String[]::new)), String.join(" ", line(a, f, o)));
                List<String> named = new ArrayList<>(List.of("op", o.name()));
                List<String> later = new ArrayList<>();
                for (int i = 0; i < o.example().size(); i++) {
                    Param<?> p = o.params().get(i);
                    String x = o.example().get(i);
                    if (p.named() == null) named.add(x);
                    else if (!x.isBlank()) later.addAll(p.named().isFlag() ? List.of(p.named().option()) : List.of(p.named().option(), x));
                }
                named.addAll(later);
                assertEquals(expected, answered(named.toArray(String[]::new)), String.join(" ", named));
                checked++;
            }
        }
        assertTrue(checked >= 15, checked + " forms");
    }

    /** What the command line {@code line} prints and exits with, parsed by its alias's generated command alone. */
    private static CliRun parsed(String... line) {
        return parsed(() -> Main.commandLine(Operations.alias(line[0])), line);
    }

    /**
     * {@code line} parsed and run by the command line {@code cl} makes (made here: it prints where System.out and
     * System.err are when it is made), whatever quick path {@link Main#run} would take.
     */
    private static CliRun parsed(java.util.function.Supplier<CommandLine> cl, String... line) {
        java.io.PrintStream out = System.out;
        java.io.PrintStream err = System.err;
        java.io.ByteArrayOutputStream o = new java.io.ByteArrayOutputStream();
        java.io.ByteArrayOutputStream e = new java.io.ByteArrayOutputStream();
        try {
            System.setOut(new java.io.PrintStream(o, true, java.nio.charset.StandardCharsets.UTF_8));
            System.setErr(new java.io.PrintStream(e, true, java.nio.charset.StandardCharsets.UTF_8));
            int code = cl.get().execute(line);
            return new CliRun(code, o.toString(java.nio.charset.StandardCharsets.UTF_8), e.toString(java.nio.charset.StandardCharsets.UTF_8));
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
    }

    /**
     * A line of arguments alone, answered without building the alias's command ({@link TableCommands#plain}), is
     * answered as the command answers it: each alias's example, too few and too many arguments, a refused input.
     */
    @Test
    void aLineOfArgumentsAloneIsAnsweredAsTheCommandAnswersIt() {
        for (Alias a : Operations.aliases()) {
            List<String> example = a.example();
            List<List<String>> lines = List.of(example, example.subList(0, 1), example.subList(0, example.size() - 1),
                    java.util.stream.Stream.concat(example.stream(), java.util.stream.Stream.of("1")).toList(),
                    List.of(a.command(), "bogus", "4:1"));
            for (List<String> line : lines) {
                String[] words = line.toArray(String[]::new);
                CliRun run = CliRun.of(words);
                CliRun command = parsed(words);
                assertEquals(command, run, String.join(" ", line));
            }
        }
    }

    /**
     * {@code op NAME ARGS} alone, answered without building the command line ({@link TableCommands#plainOp}), is
     * answered as {@code op}'s command answers it: each operation's example, by its name and by a command's, too few
     * and too many arguments, a refused input, an unknown name.
     */
    @Test
    void opWithArgumentsAloneIsAnsweredAsItsCommandAnswersIt() {
        List<List<String>> lines = new ArrayList<>();
        for (Operation o : Operations.all()) {
            List<String> line = new ArrayList<>(List.of("op", o.name()));
            line.addAll(o.example());
            lines.add(line);
            lines.add(line.subList(0, line.size() - 1));
            List<String> more = new ArrayList<>(line);
            more.add("1");
            lines.add(more);
            lines.add(List.of("op", o.name(), "bogus"));
        }
        for (Alias a : Operations.aliases()) lines.add(List.of("op", a.command(), "(4,8):(1,4)", "(2,2):(1,4)"));
        lines.add(List.of("op", "no_such_op", "4:1"));
        lines.add(List.of("op", "list"));
        for (List<String> line : lines) {
            String[] words = line.toArray(String[]::new);
            assertEquals(parsed(() -> Main.commandLine("op"), words), CliRun.of(words), String.join(" ", line));
        }
    }

    /** {@code divide --kind K} is K_divide, {@code product --kind K} K_product; without --kind, the logical ones. */
    @Test
    void theKindChoosesTheOperation() {
        assertEquals(answered("op", "zipped_divide", "(8,8):(1,8)", "<2:1,4:1>"), answered("divide", "(8,8):(1,8)", "<2:1,4:1>", "--kind", "zipped"));
        assertEquals(answered("op", "blocked_product", "(2,2):(1,2)", "(2,3):(1,2)"), answered("product", "--kind", "BLOCKED", "(2,2):(1,2)", "(2,3):(1,2)"));
        assertEquals(answered("op", "logical_divide", "(4,8):(1,4)", "(2,2):(1,4)"), answered("divide", "(4,8):(1,4)", "(2,2):(1,4)"));
        assertEquals(answered("op", "composition", "(4,4):(4,1)", "(2,2):(1,2)", "--engine", "category"),
                answered("compose", "(4,4):(4,1)", "(2,2):(1,2)", "--engine", "category"));
    }

    /** {@code compose --explain}: the walkthrough, declared with the composition's alias; exit 1 where it ends refused. */
    @Test
    void composeExplainPrintsTheWalkthrough() {
        CliRun r = CliRun.of("compose", "(12,3,6):(1,72,12)", "(6,6):(1,6)", "--explain");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().strip().endsWith("(6,(2,3)):(1,(6,72))") || r.out().contains("(6,(2,3)):(1,(6,72))"), r.out());
        CliRun refused = CliRun.of("compose", "(4,6):(1,5)", "3:2", "--explain");
        assertEquals(Main.REFUSED, refused.code(), refused.err());
        assertTrue(refused.out().contains("refused"), refused.out());
    }

    /**
     * An alias's {@code --help} is the table's: its description is the alias's (its operations' help), each argument
     * by position shows its parameter's help, each option its parameter's help or the choosing option's values.
     */
    @Test
    void everyAliasesHelpIsTheTables() {
        CommandLine cl = Main.commandLine();
        for (Alias a : Operations.aliases()) {
            String help = CliRun.of(a.command(), "--help").out().replaceAll("\\s+", " ");
            assertEquals(help, CliRun.of("help", a.command()).out().replaceAll("\\s+", " "));
            assertTrue(help.startsWith("Usage: layoutcat " + a.command()), help);
            for (String line : a.description()) assertTrue(help.contains(line.replaceAll("\\s+", " ")), a.command() + ": " + line + "\n" + help);
            for (Alias.Form f : a.forms()) {
                Operation o = f.operation();
                for (String name : f.positional()) assertTrue(help.contains(Alias.label(o.param(name))), a.command() + ": " + name);
                for (Param<?> p : o.params()) {
                    if (p.named() == null) continue;
                    assertTrue(help.contains(p.named().option()) && help.contains(p.help().replaceAll("\\s+", " ")),
                            a.command() + ": " + p.named().option() + "\n" + help);
                }
                if (o.takesEngine()) assertTrue(help.contains(Operation.Engines.OPTION), a.command());
                if (a.choice() instanceof Alias.Choice.ByValue v) assertTrue(help.contains(v.option()) && help.contains(f.when()), help);
            }
            assertFalse(cl.getSubcommands().get(a.command()).getCommandSpec().userObject().getClass().getName().contains("Main$"),
                    a.command() + " is written by hand");
        }
    }
}
