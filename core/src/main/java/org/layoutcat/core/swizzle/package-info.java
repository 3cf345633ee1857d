/**
 * Swizzled layouts, as shared-memory tiles are built: CuTe's {@code Swizzle<B,M,S>} bit function, composed layouts
 * {@code Sw<B,M,S> o offset o L}, and the shared-memory bank conflicts of one instruction's accesses.
 */
package org.layoutcat.core.swizzle;
