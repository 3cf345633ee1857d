package org.layoutcat.ops;

import org.layoutcat.core.LayoutArgumentException;

/**
 * Why a request has no answer, told one way for every front end (the batch mode, the commands, the explorer): the
 * user's input was refused, or the engine failed on it.
 *
 * <ul>
 *   <li>{@link Refused}: the input violates a precondition. The engine says so with an {@link IllegalArgumentException}
 *       (its {@link LayoutArgumentException}s among them) naming the input and the condition, an
 *       {@link ArithmeticException} where an exact value does not fit in 64 bits, or a {@link StackOverflowError} where
 *       the input is nested past what the recursion takes. The reply is the reason: exit 1, a 400, an {@code error}.</li>
 *   <li>{@link Internal}: anything else thrown ({@code IndexOutOfBoundsException}, {@code NullPointerException},
 *       {@code ClassCastException}, ...) is a bug of the engine, not a fault of the input. The reply is a stable
 *       message that asks for a report, never the exception's own words: exit 3, a 500, an {@code error}.</li>
 * </ul>
 *
 * <p>An {@link Error} other than a stack overflow ({@link OutOfMemoryError} above all) is never classified: it is
 * rethrown, so that it ends the work it struck instead of being answered as if all were well. Bounds checked before
 * work keep memory in hand.
 */
public sealed interface Failure {

    /** The words the user reads. */
    String message();

    /** The input was refused: {@code reason} names it and the violated condition. */
    record Refused(String reason) implements Failure {
        @Override
        public String message() {
            return reason;
        }
    }

    /** The engine failed on {@code op}'s request: a bug, reported in stable words; {@code cause} is for the log. */
    record Internal(String op, Throwable cause) implements Failure {
        @Override
        public String message() {
            return message("the request");
        }

        /** The stable words, asking for {@code toReport} (the request, the command line) to be reported. */
        public String message(String toReport) {
            return (op == null ? "" : op + ": ") + "internal error (" + cause.getClass().getSimpleName()
                    + "): a bug of layoutcat, not a refusal of the input; please report " + toReport;
        }
    }

    /**
     * The failure {@code thrown} stands for, while answering {@code op} (the operation's name, or null before one is
     * known).
     *
     * @throws Error {@code thrown} itself where it is an {@link Error} other than a {@link StackOverflowError}
     */
    static Failure of(String op, Throwable thrown) {
        return switch (thrown) {
            case IllegalArgumentException e -> new Refused(reason(op, e));
            case ArithmeticException e -> new Refused(reason(op, e));
            case StackOverflowError e -> new Refused((op == null ? "" : op + ": ") + "the input is nested too deeply to process");
            case Error e -> throw e;
            default -> new Internal(op, thrown);
        };
    }

    /** What the JDK's exact arithmetic says of an overflow or a division by zero: its words, not the project's. */
    java.util.Set<String> JDK_ARITHMETIC = java.util.Set.of("long overflow", "integer overflow", "/ by zero", "BigInteger would overflow supported range");

    /** The exception's own message, which names the input; where it has none, what was refused. */
    private static String reason(String op, RuntimeException e) {
        String m = e.getMessage();
        if (m != null && !m.isBlank() && !(e instanceof ArithmeticException && JDK_ARITHMETIC.contains(m))) return m;
        return (op == null ? "the request" : op) + ": the input was refused ("
                + (e instanceof ArithmeticException ? "a value does not fit in 64 bits" : "an argument is invalid") + ")";
    }
}
