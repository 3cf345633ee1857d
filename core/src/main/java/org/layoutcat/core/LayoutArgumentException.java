package org.layoutcat.core;

import java.util.function.Supplier;

/**
 * An {@link IllegalArgumentException} for an input that violates a precondition of the layout algebra: a
 * malformed notation, a shape and stride that do not fit, an inadmissible composition or complement. Its message
 * names the input and the violated condition.
 *
 * <p>It records no stack trace: these errors answer users' inputs (the batch mode refuses many of them per
 * second), where the trace says nothing the message does not, and filling it in costs more than the algebra.
 * For the same reason the algebra may give its message as a {@link Supplier}: the words are written on the first
 * {@link #getMessage()}, so a search loop that tries many operands and skips the refused ones never pays for
 * printing them. The message is the same either way. Subclasses name particular refusals (the category module's
 * composite that exists but has no morphism).
 */
public class LayoutArgumentException extends IllegalArgumentException {
    private static final long serialVersionUID = 2L;

    private transient Supplier<String> words; // the message not yet written, or null
    private String message;

    /** An input text as a message quotes it: whole up to 120 characters, else its start and end around an ellipsis. */
    public static String quote(String text) {
        return text.length() <= 120 ? text : text.substring(0, 80) + "…(" + text.length() + " characters)…"
                + text.substring(text.length() - 20);
    }

    /** The longest message written whole; a longer one (it quotes a giant input) keeps its start and its end. */
    public static final int MAX_MESSAGE = 2000;

    /**
     * A message as every reply and report writes it (the batch mode's errors, the command line's, the explorer's):
     * whole up to {@value #MAX_MESSAGE} characters, else its first 1,500 and last 300 around the count of all of them,
     * so that an input quoted whole in a message is never echoed whole.
     */
    public static String cut(String message) {
        if (message == null || message.length() <= MAX_MESSAGE) return message;
        return message.substring(0, 1500) + " …(" + message.length() + " characters in all)… " + message.substring(message.length() - 300);
    }

    public LayoutArgumentException(String message) {
        super(message);
        this.message = message;
    }

    public LayoutArgumentException(String message, Throwable cause) {
        super(message, cause);
        this.message = message;
    }

    /** The exception whose message {@code words} writes when first asked for. */
    public LayoutArgumentException(Supplier<String> words) {
        super((String) null);
        this.words = words;
    }

    /** The exception whose message {@code words} writes when first asked for, caused by {@code cause}. */
    public LayoutArgumentException(Supplier<String> words, Throwable cause) {
        super(null, cause);
        this.words = words;
    }

    @Override
    public final synchronized String getMessage() {
        if (words != null) {
            message = words.get();
            words = null;
        }
        return message;
    }

    private void writeObject(java.io.ObjectOutputStream out) throws java.io.IOException {
        getMessage();
        out.defaultWriteObject();
    }

    @Override
    public final synchronized Throwable fillInStackTrace() {
        return this;
    }
}
