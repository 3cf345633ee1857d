/**
 * Tensor-core atoms: the thread–value layouts of single MMA and copy instructions (CuTe's {@code MMA_Traits} and
 * {@code Copy_Traits}, the PTX ISA's matrix fragments), and their tiling over a warp group or a block (CuTe's
 * {@code make_tiled_mma} and {@code make_tiled_copy}); seed 003's thread–value layouts taken to the instructions.
 */
package org.layoutcat.core.atom;
