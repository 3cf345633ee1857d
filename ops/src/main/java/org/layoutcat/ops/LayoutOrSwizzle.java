package org.layoutcat.ops;

import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.Swizzle;

/**
 * What an argument of kind {@link ArgKind#LAYOUT_OR_SWIZZLE} holds: a layout of any kind, or a bare swizzle
 * {@code Sw<B,M,S>}, a function of offsets with no shape of its own. Immutable.
 */
public sealed interface LayoutOrSwizzle {
    /** A layout of any kind. */
    record OfLayout(AnyLayout layout) implements LayoutOrSwizzle {}

    /** A bare swizzle. */
    record OfSwizzle(Swizzle swizzle) implements LayoutOrSwizzle {}
}
