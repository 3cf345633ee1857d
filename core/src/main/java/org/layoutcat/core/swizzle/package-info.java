/**
 * Swizzled shared memory as kernels lay it out: the GMMA shared-memory atoms (swizzled layouts of
 * {@link org.layoutcat.core.ComposedLayout}) and the shared-memory bank conflicts of one instruction's accesses.
 */
package org.layoutcat.core.swizzle;

import org.layoutcat.core.ComposedLayout;
