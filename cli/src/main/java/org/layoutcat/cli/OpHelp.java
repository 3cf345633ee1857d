package org.layoutcat.cli;

import org.layoutcat.cli.op.CodeForm;
import org.layoutcat.cli.op.Operation;
import org.layoutcat.cli.op.Operations;
import org.layoutcat.cli.op.Param;

/** The help of the operations, read from the table: the list by group, and one operation's arguments. */
final class OpHelp {
    private OpHelp() {}

    /** Every operation by group: its usage line and help. */
    static String list() {
        StringBuilder sb = new StringBuilder();
        Operation.Group group = null;
        for (Operation o : Operations.all()) {
            if (o.group() != group) {
                group = o.group();
                sb.append('\n').append(capitalized(group.words())).append(":\n");
            }
            sb.append(String.format("  %-44s %s%n", o.usage(), o.help()));
        }
        return sb.toString();
    }

    /**
     * The README's table of the operations, by group: each operation's name, its arguments (optional ones in
     * brackets), what it answers and the reply's further fields. A test keeps the README's copy equal to it.
     */
    static String markdown() {
        StringBuilder sb = new StringBuilder("| operation | arguments | answers |\n|---|---|---|\n");
        Operation.Group group = null;
        for (Operation o : Operations.all()) {
            if (o.group() != group) {
                group = o.group();
                sb.append("| **").append(capitalized(group.words())).append("** | | |\n");
            }
            StringBuilder args = new StringBuilder();
            for (Param<?> p : o.params()) args.append(args.length() > 0 ? " " : "").append(p.usage());
            sb.append("| `").append(o.name()).append("` | ").append(args).append(" | ").append(o.help().replace("|", "\\|"));
            if (!o.fields().isEmpty()) sb.append("; also ").append(String.join(", ", o.fields().stream().map(f -> "`" + f + "`").toList()));
            if (o.engines()) sb.append("; takes `engine`");
            sb.append(" |\n");
        }
        return sb.toString();
    }

    /** One operation: its usage, help, arguments, reply fields, CuTe C++ and DSL forms, and its example. */
    static String of(Operation o) {
        StringBuilder sb = new StringBuilder();
        sb.append("Usage: layoutcat op ").append(o.usage()).append('\n');
        sb.append(o.help()).append('\n');
        for (Param<?> p : o.params()) {
            sb.append(String.format("  %-12s %s: %s%s%n", p.name(), p.help(), p.kind().words(), p.optional() ? " (optional)" : ""));
        }
        if (!o.fields().isEmpty()) sb.append("Reply: result, ").append(String.join(", ", o.fields())).append('\n');
        if (o.engines()) sb.append("Engines: auto (default), cute, category (batch field \"engine\")\n");
        sb.append("CuTe C++: ").append(form(o.cpp())).append('\n');
        sb.append("CuTe DSL: ").append(form(o.dsl())).append('\n');
        sb.append("Example: layoutcat op ").append(o.name());
        for (String x : o.example()) sb.append(" \"").append(x).append('"');
        return sb.append('\n').toString();
    }

    private static String form(CodeForm f) {
        return switch (f) {
            case CodeForm.Call c -> {
                StringBuilder sb = new StringBuilder();
                for (String line : c.setup()) if (!line.startsWith("//")) sb.append(line).append(' ');
                yield sb.append(c.call()).append("   (layoutcat cpp writes the test)").toString();
            }
            case CodeForm.None n -> "none: " + n.reason();
        };
    }

    private static String capitalized(String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
