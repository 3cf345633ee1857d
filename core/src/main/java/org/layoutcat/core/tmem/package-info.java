/**
 * Blackwell (SM100) tensor memory: the accumulator's layout in TMEM (CuTe's {@code tmem_frg}), allocation
 * ({@code tcgen05.alloc}), the tiled copy of a TMEM tensor ({@code make_tmem_copy}) and a planner of the epilogue's TMEM
 * loads; the copy atoms themselves are in the catalog ({@link org.layoutcat.core.atom.TmemCopyAtoms}).
 */
package org.layoutcat.core.tmem;
