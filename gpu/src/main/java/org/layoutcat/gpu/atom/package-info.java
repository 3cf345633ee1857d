/**
 * The hardware cross-check of the atom catalog ({@code org.layoutcat.core.atom}): tables of element indices
 * built from the catalog's TV layouts, the one-instruction kernels of {@code gpu.ptx.AtomKernels} run on a
 * device, and the results compared with the CPU's matrix product or the catalog's copy layouts.
 */
package org.layoutcat.gpu.atom;
