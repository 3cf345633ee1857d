package org.layoutcat.core.internal;

/**
 * The flat modes {@code shape[0..n):stride[0..n)} of a layout as parallel arrays: what the array kernels read from a
 * layout ({@code Layout.flatModes()}, the layout's own arrays, never written) and what a layout is built from
 * ({@code Layout.of(Flat)} and {@code Layout.refining}, which copy them). This package is exported to layoutcat's
 * modules alone, so the layout methods that take or give a {@code Flat} are theirs alone; it names no type of
 * {@code org.layoutcat.core}, which depends on it and not the other way round. Not public API.
 */
public record Flat(long[] shape, long[] stride, int n) {}
