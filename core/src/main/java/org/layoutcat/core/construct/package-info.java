/**
 * Layouts built from shapes and from other layouts the way kernels build them: CuTe's compact strides
 * ({@code LayoutLeft}, {@code LayoutRight}), ordered layouts, and thread–value layouts from a thread layout and a
 * value layout (CuTe's {@code stride.hpp}, {@code layout.hpp}, {@code make_tiled_copy}; CuTe DSL's
 * {@code make_layout_tv}).
 */
package org.layoutcat.core.construct;
