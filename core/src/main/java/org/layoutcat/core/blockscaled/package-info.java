/**
 * Blackwell's block-scaled GEMMs: the layouts of the scale factors CUTLASS's SM100 and SM103 kernels read
 * ({@code cutlass/detail/sm100_blockscaled_layout.hpp}, {@code sm103_blockscaled_layout.hpp}) and the check of a
 * producer's layout against them.
 */
package org.layoutcat.core.blockscaled;
