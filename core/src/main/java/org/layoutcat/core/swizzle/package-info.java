/**
 * Swizzled shared memory as kernels lay it out: the GMMA and UMMA shared-memory atoms (swizzled layouts of
 * {@link org.layoutcat.core.ComposedLayout}), the tensor-core operand a matrix descriptor reads
 * ({@link org.layoutcat.core.swizzle.SmemMatrixOperand}) and the shared-memory bank conflicts of one instruction's
 * accesses.
 */
package org.layoutcat.core.swizzle;

import org.layoutcat.core.ComposedLayout;
