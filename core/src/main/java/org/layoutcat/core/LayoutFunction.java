package org.layoutcat.core;

/**
 * A function of offsets that CuTe composes with a layout, its {@code ComposedLayout}'s {@code LayoutA}: a
 * {@link Swizzle} (which acts on every offset and has no shape) or a layout of any kind ({@link AnyLayout}). The outer
 * function of a {@link GeneralComposedLayout} is one; code chooses by type with a {@code switch} over this sealed type.
 */
public sealed interface LayoutFunction permits Swizzle, AnyLayout {}
