/**
 * Vectorization and element types: how many elements a copy between two layouts moves as one vector
 * ({@code max_common_vector}, {@code max_common_layout}) and a layout re-read in wider or narrower elements
 * ({@code upcast}, {@code downcast}, {@code recast_layout}) (CuTe's {@code layout.hpp}).
 */
package org.layoutcat.core.recast;
