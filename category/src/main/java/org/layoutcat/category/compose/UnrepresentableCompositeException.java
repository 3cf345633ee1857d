package org.layoutcat.category.compose;

/**
 * The composite {@code A∘B} of two tractable layouts exists (CuTe computes it) but is not tractable, so no tuple
 * morphism encodes it and the categorical algorithm cannot produce it. Example: {@code (2,3):(3,1) ∘ 4:1 =
 * (2,2):(3,1)}. A caller that only needs the layout can fall back to the core composition.
 */
public final class UnrepresentableCompositeException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public UnrepresentableCompositeException(String message) {
        super(message);
    }

    /** No stack trace: the batch mode falls back on it per request, and the message says everything. */
    @Override
    public synchronized Throwable fillInStackTrace() {
        return this;
    }
}
