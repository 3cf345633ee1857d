/**
 * The modes of a layout as a tuple, and the integer-tuple arithmetic kernels index with: select, group, append,
 * prepend, slice and dice at a coordinate with {@code _} wildcards ({@link org.layoutcat.core.modes.SliceCoord}),
 * shape division, prefix products and the congruence predicates (CuTe's {@code layout.hpp},
 * {@code underscore.hpp}, {@code int_tuple.hpp}; paper §2, "Layouts").
 */
package org.layoutcat.core.modes;
