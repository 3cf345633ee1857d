package org.layoutcat.core;

/**
 * An {@link IllegalArgumentException} for an input that violates a precondition of the layout algebra: a
 * malformed notation, a shape and stride that do not fit, an inadmissible composition or complement. Its message
 * names the input and the violated condition.
 *
 * <p>It records no stack trace: these errors answer users' inputs (the batch mode refuses many of them per
 * second), where the trace says nothing the message does not, and filling it in costs more than the algebra.
 */
public final class LayoutArgumentException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public LayoutArgumentException(String message) {
        super(message);
    }

    public LayoutArgumentException(String message, Throwable cause) {
        super(message, cause);
    }

    @Override
    public synchronized Throwable fillInStackTrace() {
        return this;
    }
}
