package org.layoutcat.category.compose;

import java.util.function.Supplier;
import org.layoutcat.core.LayoutArgumentException;

/**
 * The composite {@code A∘B} of two tractable layouts exists (CuTe computes it) but is not tractable, so no tuple
 * morphism encodes it and the categorical algorithm cannot produce it. Example: {@code (2,3):(3,1) ∘ 4:1 =
 * (2,2):(3,1)}. A caller that only needs the layout can fall back to the core composition. Like every
 * {@link LayoutArgumentException} it records no stack trace and may write its message when first asked: a
 * caller that falls back never pays for the words.
 */
public final class UnrepresentableCompositeException extends LayoutArgumentException {
    private static final long serialVersionUID = 2L;

    public UnrepresentableCompositeException(String message) {
        super(message);
    }

    /** The exception whose message {@code words} writes when first asked for. */
    public UnrepresentableCompositeException(Supplier<String> words) {
        super(words);
    }
}
