package org.layoutcat.core.tmem;

import org.layoutcat.core.LayoutArgumentException;

/**
 * A {@code tcgen05.alloc} of tensor memory: whole columns of all 128 lanes of an SM's 128 × 512 × 32-bit tensor memory.
 * Immutable.
 *
 * <p>The rule (PTX ISA, "Tensor Memory Allocation: tcgen05.alloc": the number of columns "must be a power of 2" and in
 * the range [32, 512]; CuTe's {@code TMEM::Allocator1Sm} and {@code Allocator2Sm}: "Must be 32 <= num_columns <= 512
 * and power of 2", {@code ColumnsPerAllocationSlice = 32}, {@code Sm100TmemCapacityColumns = 512}). With
 * {@code cta_group::2} (Allocator2Sm) each of the two SMs of the pair allocates the same columns in its own tensor
 * memory.
 *
 * @param needed    the columns asked for (the accumulator's columns times its buffers)
 * @param allocated the columns {@code tcgen05.alloc} takes: {@code needed} rounded up to a power of two, at least 32
 * @param sms       1 ({@code cta_group::1}) or 2 ({@code cta_group::2})
 */
public record TmemAllocation(long needed, long allocated, int sms) {
    /** Columns of one SM's tensor memory, CuTe's {@code Sm100TmemCapacityColumns}. */
    public static final long CAPACITY_COLUMNS = 512;
    /** The least allocation, CuTe's {@code ColumnsPerAllocationSlice}. */
    public static final long MIN_COLUMNS = 32;

    /**
     * @throws LayoutArgumentException where {@code allocated} breaks the rule ({@link #requireLegal}), is less than
     *         {@code needed}, or sms is not 1 or 2
     */
    public TmemAllocation {
        requireLegal(allocated);
        if (needed < 1 || needed > allocated) {
            throw new LayoutArgumentException("an allocation of " + allocated + " columns for " + needed + " needed: 1 ≤ needed ≤ allocated");
        }
        if (sms != 1 && sms != 2) throw new LayoutArgumentException("tcgen05.alloc.cta_group::" + sms + ": cta_group is ::1 or ::2");
    }

    /**
     * The rule of {@code tcgen05.alloc}'s column count.
     *
     * @throws LayoutArgumentException naming it where {@code columns} is not a power of two in [32, 512]
     */
    public static void requireLegal(long columns) {
        if (columns < MIN_COLUMNS || columns > CAPACITY_COLUMNS || Long.bitCount(columns) != 1) {
            throw new LayoutArgumentException("tcgen05.alloc of " + columns + " columns: the number of columns must be a power of 2"
                    + " in [32, 512] (PTX ISA, tcgen05.alloc; CuTe's TMEM::Allocator1Sm/2Sm: 32 <= num_columns <= 512 and power of 2)");
        }
    }

    /**
     * The allocation that holds {@code buffers} copies of {@code columns} columns: their sum rounded up to a power of
     * two, at least 32.
     *
     * @throws LayoutArgumentException where columns or buffers is below 1, or their product exceeds the 512 columns of an
     *         SM's tensor memory
     */
    public static TmemAllocation of(long columns, long buffers, int sms) {
        if (columns < 1 || buffers < 1) {
            throw new LayoutArgumentException("an allocation of " + buffers + " × " + columns + " columns: both are at least 1");
        }
        long needed = Math.multiplyExact(columns, buffers);
        if (needed > CAPACITY_COLUMNS) {
            throw new LayoutArgumentException("an allocation of " + buffers + " × " + columns + " = " + needed + " columns: more than"
                    + " the 512 columns of an SM's tensor memory (128 lanes × 512 columns × 32 bits; PTX ISA, tcgen05.alloc)");
        }
        long allocated = Math.max(MIN_COLUMNS, Long.highestOneBit(needed) == needed ? needed : Long.highestOneBit(needed) << 1);
        return new TmemAllocation(needed, allocated, sms);
    }

    /** How many allocations of this size one SM's tensor memory holds at once: 512 / allocated. */
    public long fits() {
        return CAPACITY_COLUMNS / allocated;
    }

    /** The columns allocated and not needed. */
    public long unused() {
        return allocated - needed;
    }

    /** The bytes allocated in each SM: 128 lanes × allocated columns × 4 bytes. */
    public long bytesPerSm() {
        return 128 * allocated * 4;
    }

    /** The instruction: {@code tcgen05.alloc.cta_group::N.sync.aligned.shared::cta.b32 [dst], allocated}. */
    public String ptx() {
        return "tcgen05.alloc.cta_group::" + sms + ".sync.aligned.shared::cta.b32 [dst], " + allocated;
    }

    @Override
    public String toString() {
        return allocated + " columns";
    }
}
