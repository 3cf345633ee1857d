/**
 * CuTe's values: nested integer tuples ({@link org.layoutcat.core.IntTuple}), layouts {@code shape:stride}
 * ({@link org.layoutcat.core.Layout}) with their layout functions and coordinate maps, by-mode tilers, and the
 * CuTe notation that reads and prints them (paper §2, "Layouts").
 */
package org.layoutcat.core;
