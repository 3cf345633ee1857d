/**
 * Layouts whose strides are scaled basis elements {@code v@i} (CuTe's {@code ScaledBasis}, {@code E<i>}), whose
 * values are coordinates rather than offsets: identity layouts, their coalescing, composition and divides, and the
 * coordinate tiles kernels build from them for predication (CuTe's {@code cute/numeric/arithmetic_tuple.hpp},
 * {@code make_identity_layout}, {@code composition_impl}'s basis case).
 */
package org.layoutcat.core.coord;
