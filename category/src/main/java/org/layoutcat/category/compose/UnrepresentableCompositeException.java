package org.layoutcat.category.compose;

import java.util.function.Supplier;

/**
 * The composite {@code A∘B} of two tractable layouts exists (CuTe computes it) but is not tractable, so no tuple
 * morphism encodes it and the categorical algorithm cannot produce it. Example: {@code (2,3):(3,1) ∘ 4:1 =
 * (2,2):(3,1)}. A caller that only needs the layout can fall back to the core composition.
 *
 * <p>Like {@link org.layoutcat.core.LayoutArgumentException} it records no stack trace, and its message may be
 * written on the first {@link #getMessage()}: a caller that falls back never pays for the words.
 */
public final class UnrepresentableCompositeException extends IllegalArgumentException {
    private static final long serialVersionUID = 2L;

    private transient Supplier<String> words; // the message not yet written, or null
    private String message;

    public UnrepresentableCompositeException(String message) {
        super(message);
        this.message = message;
    }

    /** The exception whose message {@code words} writes when first asked for. */
    public UnrepresentableCompositeException(Supplier<String> words) {
        super((String) null);
        this.words = words;
    }

    @Override
    public synchronized String getMessage() {
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

    /** No stack trace: the batch mode falls back on it per request, and the message says everything. */
    @Override
    public synchronized Throwable fillInStackTrace() {
        return this;
    }
}
