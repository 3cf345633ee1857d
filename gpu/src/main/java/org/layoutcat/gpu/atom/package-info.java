/**
 * The hardware cross-check of the atom catalog ({@code org.layoutcat.core.atom}): tables of element indices
 * built from the catalog's TV layouts, the one-instruction kernels of {@code gpu.ptx.AtomKernels} run on a
 * device, and the results compared with the CPU's matrix product or the catalog's copy layouts; for wgmma, operands
 * placed in shared memory through CuTe's GMMA shared-memory atoms ({@code GmmaPlacement}) with the descriptors of
 * {@code core.swizzle.GmmaDescriptor}, one case per catalog atom and a matrix of majors and swizzlings ({@code WgmmaCase}).
 */
package org.layoutcat.gpu.atom;
