package org.layoutcat.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The aliases the table declares ({@link Operations#aliases}): each names operations of the table and their
 * parameters, every parameter of a form is given by position, by its option or derived, and a command line's request
 * is the batch mode's.
 */
class AliasesTest {

    @Test
    void everyAliasNamesTheTablesOperationsAndGivesEveryParameter() {
        Set<String> commands = new HashSet<>();
        for (Alias a : Operations.aliases()) {
            assertTrue(commands.add(a.command()), a.command() + " declared twice");
            if (Operations.find(a.command()) != null) {
                assertEquals(a.command(), Operations.standsFor(a.command()), a.command() + " is an operation's name and stands for another");
            }
            Set<String> options = new HashSet<>();
            for (Alias.Form f : a.forms()) {
                Operation o = Operations.named(f.op());
                for (Param<?> p : o.params()) if (p.named() != null) options.add(p.named().option());
            }
            for (Alias.Form f : a.forms()) {
                Operation o = Operations.named(f.op());
                for (String name : f.positional()) assertNotNull(o.param(name), a.command() + ": " + o.name() + " has no " + name);
                for (Alias.Derived d : f.derived()) {
                    assertNotNull(o.param(d.param()), a.command() + ": " + o.name() + " has no " + d.param());
                    assertTrue(options.contains(d.option()), a.command() + ": " + d.option() + " is no option of its operations");
                }
                for (Param<?> p : o.params()) {
                    boolean given = f.positional().contains(p.name()) || p.named() != null
                            || f.derived().stream().anyMatch(d -> d.param().equals(p.name()));
                    assertTrue(given, a.command() + ": " + o.name() + "'s " + p.name() + " cannot be given");
                }
                if (a.choice() instanceof Alias.Choice.ByOption && f != a.forms().getFirst()) {
                    assertNotNull(o.byOption(f.when()), a.command() + ": " + f.when() + " is no option of " + o.name());
                }
            }
        }
    }

    /** The commands that stand for one operation, as batch's "did you mean" names them: the ones before the table declared aliases. */
    @Test
    void theCommandsStandingForOneOperationAreTheFormerAliases() {
        Map<String, String> before = Map.of("compose", "composition", "complement", "complement", "coalesce", "coalesce", "eval", "eval",
                "morphism", "to_morphism", "banks", "bank_conflicts", "tma", "tma_descriptor");
        for (Alias a : Operations.aliases()) assertEquals(before.get(a.command()), Operations.standsFor(a.command()), a.command());
        assertEquals("composition", Operations.nearest("compse"));
    }

    private static Alias.Given given(List<String> positional, Map<String, String> options) {
        return new Alias.Given(positional, options);
    }

    /** A command line's request is the batch mode's: arguments in the operation's order, one left out as "". */
    @Test
    void aCommandLinesRequestIsTheBatchModes() {
        Alias tma = Operations.alias("tma");
        Request r = tma.request(given(List.of("G", "S"), Map.of("--elem", "f16", "--static", "STATIC")));
        assertEquals(new Request("tma_descriptor", List.of("G", "S", "f16", "", "", "STATIC"), "auto"), r);
        assertEquals(r, Alias.request(Operations.named("tma_descriptor"), given(List.of("G", "S", "f16"), Map.of("--static", "STATIC"))));
        assertEquals(new Request("tma_descriptor", List.of("G", "S", "f16"), "auto"), tma.request(given(List.of("G", "S", "f16"), Map.of())));
        Alias divide = Operations.alias("divide");
        assertEquals(new Request("flat_divide", List.of("A", "B"), "auto"), divide.request(given(List.of("A", "B"), Map.of("--kind", "flat"))));
        assertEquals(new Request("logical_divide", List.of("A", "B"), "cute"), divide.request(given(List.of("A", "B"), Map.of("--engine", "cute"))));
        assertThrows(Alias.Misuse.class, () -> divide.request(given(List.of("A", "B"), Map.of("--kind", "flat", "--engine", "cute"))));
        assertThrows(Alias.Misuse.class, () -> tma.request(given(List.of("G", "S", "f16"), Map.of("--elem", "f32"))));
        assertThrows(Alias.Misuse.class, () -> tma.request(given(List.of("G", "S"), Map.of())));
        Alias banks = Operations.alias("banks");
        Request copy = banks.request(given(List.of("(128,64):(64,1)"), Map.of("--copy", "SM80_CP_ASYNC_CACHEALWAYS_U128",
                "--thr", "(16,8):(8,1)", "--val", "(1,8)", "--elem", "2")));
        assertEquals(new Request("copy_bank_conflicts", List.of("(128,64):(64,1)", "SM80_CP_ASYNC_CACHEALWAYS_U128", "16", "(16,8):(8,1)",
                "(1,8)"), "auto"), copy);
    }
}
