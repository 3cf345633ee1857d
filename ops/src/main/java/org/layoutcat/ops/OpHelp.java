package org.layoutcat.ops;

import org.layoutcat.ops.CodeForm;
import org.layoutcat.ops.Operation;
import org.layoutcat.ops.Operations;
import org.layoutcat.ops.Param;

/** The help of the operations, read from the table: the list by group, and one operation's arguments. */
public final class OpHelp {
    private OpHelp() {}

    /** Every operation by group: its usage line and help. */
    public static String list() {
        StringBuilder sb = new StringBuilder();
        Operation.Group group = null;
        for (Operation o : Operations.all()) {
            if (o.group() != group) {
                group = o.group();
                sb.append('\n').append(capitalized(group.words())).append(":\n");
            }
            sb.append(row(o.usage(), 40, o.help()));
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
            if (!o.fields().isEmpty()) sb.append("; also ").append(String.join(", ", o.fields().stream().map(f -> "`" + f.name() + "`").toList()));
            if (o.takesEngine()) sb.append("; takes `engine`");
            sb.append(" |\n");
        }
        return sb.toString();
    }

    /** One operation: its usage, help, arguments, reply fields, CuTe C++ and DSL forms, and its example. */
    public static String of(Operation o) {
        StringBuilder sb = new StringBuilder();
        sb.append(paragraph("Usage: layoutcat op " + o.usage()));
        sb.append(paragraph(o.help()));
        for (Param<?> p : o.params()) {
            String named = p.named() == null ? "" : p.named().isFlag() ? "; or the flag " + p.named().option() + " for " + p.named().flag()
                    : "; or " + p.named().option() + " " + p.named().label();
            sb.append(row(p.name(), 16, p.help() + ": " + p.kind().words() + (p.optional() ? " (optional)" : "") + named));
        }
        if (!o.fields().isEmpty()) sb.append(paragraph("Reply: result, " + String.join(", ", o.fields().stream().map(Field::name).toList())));
        if (o.takesEngine()) sb.append("Engines: auto (default), cute, category (batch field \"engine\", option --engine)\n");
        sb.append(paragraph("CuTe C++: " + form(o.cpp())));
        sb.append(paragraph("CuTe DSL: " + form(o.dsl())));
        StringBuilder example = new StringBuilder("Example: layoutcat op ").append(o.name());
        for (String x : o.example()) example.append(" \"").append(x).append('"');
        return sb.append(paragraph(example.toString())).toString();
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

    /** A paragraph wrapped to {@link #WIDTH}, its lines after the first indented by 2. */
    static String paragraph(String text) {
        StringBuilder sb = new StringBuilder();
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            if (word.isEmpty()) continue;
            boolean blank = line.toString().isBlank();
            if (!blank && line.length() + 1 + word.length() > WIDTH) {
                sb.append(line).append('\n');
                line = new StringBuilder("  ");
                blank = true;
            }
            if (!blank) line.append(' ');
            line.append(word);
        }
        return sb.append(line).append('\n').toString();
    }

    /** The widest line of help, as picocli's. */
    static final int WIDTH = 80;

    /**
     * A row of two columns: {@code left} indented by 2 (its words wrapped to {@link #WIDTH}, indented by 4 after the
     * first line), {@code text} from column {@code col} (on the next line where left reaches it), its words wrapped to
     * {@link #WIDTH} with that indent. A word longer than a line stands alone.
     */
    static String row(String left, int col, String text) {
        StringBuilder sb = new StringBuilder();
        String pad = " ".repeat(col);
        StringBuilder line = new StringBuilder("  ");
        for (String word : left.split(" ")) { // a left column wider than a line goes on, indented by 4
            if (line.length() > 2 && line.length() + 1 + word.length() > WIDTH) {
                sb.append(line).append('\n');
                line = new StringBuilder("    ");
            } else if (line.length() > 2) {
                line.append(' ');
            }
            line.append(word);
        }
        if (line.length() >= col - 1) {
            sb.append(line).append('\n');
            line = new StringBuilder(pad);
        } else {
            while (line.length() < col) line.append(' ');
        }
        boolean first = true;
        for (String word : text.split(" ")) {
            if (word.isEmpty()) continue;
            if (!first && line.length() + 1 + word.length() > WIDTH) {
                sb.append(line).append('\n');
                line = new StringBuilder(pad);
                first = true;
            }
            if (!first) line.append(' ');
            line.append(word);
            first = false;
        }
        return sb.append(line).append('\n').toString();
    }

    private static String capitalized(String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
