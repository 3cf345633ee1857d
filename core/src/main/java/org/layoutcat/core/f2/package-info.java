/**
 * Layouts as linear maps over F2, as Triton's {@code LinearLayout} writes them: {@link org.layoutcat.core.f2.F2Map}
 * (input bits to output bits by named dimensions, with composition, inversion and a notation read back) and
 * {@link org.layoutcat.core.f2.F2View} (the view of a power-of-two layout, a swizzle or a swizzled layout, the
 * condition under which a CuTe layout is linear over F2, and the layout read back from its bases).
 */
package org.layoutcat.core.f2;
