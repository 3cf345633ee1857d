package org.layoutcat.cli;

import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.algebra.Coalesce;
import org.layoutcat.core.algebra.Complement;
import org.layoutcat.core.algebra.Composition;

/**
 * The commands a person types most, answered by the core algebra alone, without loading the command-line parser,
 * the batch registry or the other modules: {@code compose A B}, {@code coalesce L}, {@code eval L X},
 * {@code complement L [N]}, with no options. Whatever they do not answer (an option, a refusal, which the full
 * command line words, or any other command) goes to {@link Main#run}, which prints the same answers: this is a
 * shortcut for a command's start time, not a second definition.
 */
final class QuickCommands {
    private QuickCommands() {}

    /** The exit code after printing the answer, or null where the full command line must answer. */
    static Integer run(String[] args) {
        if (args.length < 2 || args.length > 3) return null;
        for (String a : args) if (a.startsWith("-")) return null; // an option (or a negative number): the full parser
        try {
            Object answer = switch (args[0]) {
                case "compose" -> args.length == 3 ? Composition.compose(Layout.parse(args[1]), Tiler.parse(args[2])) : null;
                case "coalesce" -> args.length == 2 ? Coalesce.coalesce(Layout.parse(args[1])) : null;
                case "complement" -> args.length == 2 ? Complement.complement(Layout.parse(args[1]))
                        : Complement.complement(Layout.parse(args[1]), IntTuple.parse(args[2]));
                case "eval" -> args.length == 3 ? eval(Layout.parse(args[1]), IntTuple.parse(args[2])) : null;
                default -> null;
            };
            if (answer == null) return null;
            System.out.println(answer);
            return 0;
        } catch (RuntimeException | StackOverflowError refused) {
            return null; // the full command line answers with its words (and, for compose, the category's engine)
        }
    }

    private static long eval(Layout l, IntTuple at) {
        return at.isLeaf() ? l.apply(at.value()) : l.apply(at);
    }
}
