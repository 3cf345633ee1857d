/**
 * The Tensor Memory Accelerator (TMA, SM90) from layouts: the arguments of the driver's {@code cuTensorMapEncodeTiled}
 * that CuTe C++'s {@code make_tma_copy} derives from a global tensor's layout and a shared-memory tile's layout, the
 * copies one tile takes and their coordinates, or the reason CuTe or the driver would refuse them.
 */
package org.layoutcat.core.tma;
