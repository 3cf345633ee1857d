package org.layoutcat.examples;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * One worked example of a source: what the source states as input and result, and how the engine computes it.
 *
 * @param source   the document it comes from
 * @param section  where in the document (a section number or heading)
 * @param title    a one-line description
 * @param input    the input, in CuTe notation
 * @param printed  the result as the source prints it
 * @param expected the correct result; equal to {@code printed} unless the source is wrong (then {@link #note}
 *                 says so)
 * @param note     a remark: where the source is wrong, or how an unprinted detail was recovered; empty if none
 * @param compute  the engine's computation of the result, in the same notation as {@code expected}
 * @param figure   the picture that fits the example, or null
 */
public record Example(Source source, String section, String title, String input, String printed, String expected,
                      String note, Supplier<String> compute, Figure figure) {
    public Example {
        Objects.requireNonNull(source);
        Objects.requireNonNull(section);
        Objects.requireNonNull(title);
        Objects.requireNonNull(input);
        Objects.requireNonNull(printed);
        Objects.requireNonNull(expected);
        Objects.requireNonNull(note);
        Objects.requireNonNull(compute);
    }

    /** An example whose source prints the correct result. */
    static Example of(Source source, String section, String title, String input, String printed,
                      Supplier<String> compute, Figure figure) {
        return new Example(source, section, title, input, printed, printed, "", compute, figure);
    }

    /** The same example with a note. */
    Example noting(String text) {
        return new Example(source, section, title, input, printed, expected, text, compute, figure);
    }

    /** The same example where the source prints a wrong result: {@code correct} is what is asserted. */
    Example correcting(String correct, String why) {
        return new Example(source, section, title, input, printed, correct, why, compute, figure);
    }

    /** Runs the computation: the result, or the error message prefixed by {@code error: }. */
    public String run() {
        try {
            return compute.get();
        } catch (IllegalArgumentException | ArithmeticException e) {
            return "error: " + e.getMessage();
        }
    }

    /** The outcome of running the example. */
    public Outcome check() {
        String computed = run();
        return new Outcome(this, computed, matches(computed));
    }

    /** An expected {@code error: …} matches any error whose message contains the text after the prefix. */
    private boolean matches(String computed) {
        if (expected.startsWith("error:")) {
            return computed.startsWith("error:") && computed.contains(expected.substring("error:".length()).trim());
        }
        return expected.equals(computed);
    }

    public Optional<Figure> picture() {
        return Optional.ofNullable(figure);
    }

    /** An example with its computed result. */
    public record Outcome(Example example, String computed, boolean passed) {}
}
