/**
 * Blackwell's (SM100) UMMA descriptors as CuTe C++ writes them on the host: the shared-memory matrix descriptor of a
 * {@code tcgen05.mma} operand ({@code make_umma_desc}) and the 32-bit instruction descriptor, plain and block-scaled
 * ({@code make_instr_desc}, {@code make_instr_desc_block_scaled}; {@code cute/arch/mma_sm100_desc.hpp}).
 */
package org.layoutcat.core.umma;
