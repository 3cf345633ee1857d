/**
 * CuTe's layout algebra on {@link org.layoutcat.core.Layout}: coalesce and filter, composition (also by mode),
 * complement, right and left inverse, the four divides and the six products, with CuTe's semantics and every
 * admissibility condition checked (paper §2 and CuTe's {@code layout.hpp}).
 */
package org.layoutcat.core.algebra;
