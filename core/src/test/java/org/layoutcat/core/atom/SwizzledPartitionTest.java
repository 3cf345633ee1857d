package org.layoutcat.core.atom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.Swizzle;
import org.layoutcat.core.modes.Sliced;

/**
 * Partitions of swizzled, pipelined shared-memory tensors against CuTe C++. Golden values: a host program compiled with
 * g++ (C++17) against the CUTLASS headers in {@code /work/cutlass/include}, with
 * {@code L = (_64,_32,_3):(_32,_1,_2048)} (a row-major (M,K) tile of 64×32 half_t, three pipeline stages) and
 * <ul>
 * <li>the offset form {@code off = make_composed_layout(Swizzle<3,3,3>{}, Int<0>{}, L)} over a counting tensor
 *     {@code make_tensor(counting_iterator<int>{0}, off)}: the partition's layout printed, its offset {@code *p.data()};</li>
 * <li>CuTe's pointer form {@code ptr = make_composed_layout(Swizzle<3,4,3>{}, smem_ptr_flag_bits<16>{}, L)} over a
 *     shared-memory tensor {@code make_tensor(make_smem_ptr<half_t>(nullptr), ptr)}: the tensor printed,
 *     {@code Sw<3,4,3>_smem_ptr[16b](0xBYTES) o L'}, whose element c is at {@code Sw<3,3,3>(BYTES/2 + L'(c))}, and
 *     {@code partition_fragment_A} of it; and over {@code as_position_independent_swizzle_layout(ptr)}, CuTe's own
 *     offset form of it, which printed as the offset form above.</li>
 * </ul>
 * MMA: {@code make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_2,_1>>{})}; copy:
 * {@code make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>{}, Layout<Shape<_16,_8>,Stride<_8,_1>>{},
 * Layout<Shape<_1,_8>>{})}. CuTe keeps the stage mode last, as for a layout.
 */
class SwizzledPartitionTest {
    static final TiledMma MMA = TiledMma.of(Atoms.mma("SM80_16x8x16_F32F16F16F32_TN"), IntTuple.flat(2, 2, 1));
    static final TiledCopy CP_ASYNC = TiledCopy.of(Atoms.copy("SM80_CP_ASYNC_CACHEALWAYS_U128"), 16, Layout.parse("(16,8):(8,1)"),
            Layout.parse("(1,8):(0,1)"));
    static final AnyLayout OFFSET_FORM = AnyLayout.parse("Sw<3,3,3> o 0 o (64,32,3):(32,1,2048)");
    static final AnyLayout POINTER_FORM = AnyLayout.parse("Sw<3,4,3> o smem_ptr[16b](unset) o (64,32,3):(32,1,2048)");
    /** The pointer form's swizzle of element offsets: Sw<3,4,3> of byte addresses of 16-bit elements. */
    static final Swizzle ELEMENTS = new Swizzle(3, 3, 3);

    /** Our partition is CuTe's counting-tensor printout, as a value and pointwise with its offset. */
    static void assertCounting(String cute, long cuteOffset, Sliced<AnyLayout> ours, String what) {
        Layout want = Layout.parse(cute);
        assertEquals(want, ours.layout(), what + ": CuTe prints " + cute);
        assertEquals(IntTuple.of(cuteOffset), ours.offset(), what + ": *data()");
        for (long i = 0; i < want.size(); i++) {
            assertEquals(cuteOffset + want.apply(i), ours.offset().value() + ours.layout().value(IntTuple.of(i)).value(), what + " at " + i);
        }
    }

    /** Our partition is CuTe's shared-memory tensor {@code Sw<3,4,3>_smem_ptr[16b](bytes) o L'}, point by point. */
    static void assertSmem(String cuteLayout, long pointerBytes, Sliced<AnyLayout> ours, String what) {
        Layout l = Layout.parse(cuteLayout);
        assertEquals(l.shape(), ours.layout().shape(), what + ": the shape of CuTe's " + cuteLayout);
        for (long i = 0; i < l.size(); i++) {
            long cute = ELEMENTS.apply(pointerBytes / 2 + l.apply(i));
            assertEquals(cute, ours.offset().value() + ours.layout().value(IntTuple.of(i)).value(), what + " at " + i);
        }
    }

    @Test
    void partitionAOfASwizzledPipelinedTileAgreesWithCuTe() {
        // t0 off A: ((_2,_2,_2),_2,_2,_3):((_1,288,8),_1024,16,_2048) data 0 -- the swizzle decays to a layout
        assertCounting("((2,2,2),2,2,3):((1,288,8),1024,16,2048)", 0, MMA.partitionA(OFFSET_FORM, 0), "partition_A, thread 0");
        // t5: ((_2,_2,_2),_2,_2,_3):((_1,224,8),_1024,16,_2048) data 34
        assertCounting("((2,2,2),2,2,3):((1,224,8),1024,16,2048)", 34, MMA.partitionA(OFFSET_FORM, 5), "partition_A, thread 5");
        // t37: the same layout, data 546
        assertCounting("((2,2,2),2,2,3):((1,224,8),1024,16,2048)", 546, MMA.partitionA(OFFSET_FORM, 37), "partition_A, thread 37");
    }

    @Test
    void partitionBOfASwizzledPipelinedTileAgreesWithCuTe() {
        // t0 off B: ((_2,_2),_4,_2,_3):((_1,8),_512,16,_2048) data 0; t5 and t37: data 34
        assertCounting("((2,2),4,2,3):((1,8),512,16,2048)", 0, MMA.partitionB(OFFSET_FORM, 0), "partition_B, thread 0");
        assertCounting("((2,2),4,2,3):((1,8),512,16,2048)", 34, MMA.partitionB(OFFSET_FORM, 5), "partition_B, thread 5");
        assertCounting("((2,2),4,2,3):((1,8),512,16,2048)", 34, MMA.partitionB(OFFSET_FORM, 37), "partition_B, thread 37");
    }

    @Test
    void thePointerFormIsPartitionedAsCuTesSharedMemoryTensor() {
        // as_position_independent_swizzle_layout(ptr): the offset form's values, threads 0, 5, 37
        assertCounting("((2,2,2),2,2,3):((1,288,8),1024,16,2048)", 0, MMA.partitionA(POINTER_FORM, 0), "partition_A, thread 0");
        assertCounting("((2,2,2),2,2,3):((1,224,8),1024,16,2048)", 34, MMA.partitionA(POINTER_FORM, 5), "partition_A, thread 5");
        // the shared-memory tensor: Sw<3,4,3>_smem_ptr[16b]((nil)), (0x44), (0x444) o ((_2,_2,_2),_2,_2,_3):((_1,_256,_8),_1024,_16,_2048)
        String smem = "((2,2,2),2,2,3):((1,256,8),1024,16,2048)";
        assertSmem(smem, 0, MMA.partitionA(POINTER_FORM, 0), "partition_A of the smem tensor, thread 0");
        assertSmem(smem, 0x44, MMA.partitionA(POINTER_FORM, 5), "partition_A of the smem tensor, thread 5");
        assertSmem(smem, 0x444, MMA.partitionA(POINTER_FORM, 37), "partition_A of the smem tensor, thread 37");
    }

    @Test
    void theFragmentOfASwizzledTileIsThatOfItsSharedMemoryTensor() {
        // smem fragA: ((_2,_2,_2),_2,_2,_3):((_1,_2,_4),_16,_8,_32), every thread
        Layout want = Layout.parse("((2,2,2),2,2,3):((1,2,4),16,8,32)");
        assertEquals(want, MMA.partitionFragmentA(POINTER_FORM));
        assertEquals(want, MMA.partitionFragmentA(OFFSET_FORM));
    }

    @Test
    void partitionSAndDOfASwizzledPipelinedTileAgreeWithCuTe() {
        // off D and off S: ((_8,_1),_4,_1,_3):((_1,_0),_512,_0,_2048), data 0, 40, 184 for threads 0, 5, 37
        long[][] threads = {{0, 0}, {5, 40}, {37, 184}};
        for (long[] t : threads) {
            assertCounting("((8,1),4,1,3):((1,0),512,0,2048)", t[1], CP_ASYNC.partitionD(OFFSET_FORM, t[0]), "partition_D, thread " + t[0]);
            assertCounting("((8,1),4,1,3):((1,0),512,0,2048)", t[1], CP_ASYNC.partitionS(OFFSET_FORM, t[0]), "partition_S, thread " + t[0]);
        }
        // smem D: Sw<3,4,3>_smem_ptr[16b]((nil)), (0x50), (0x150) o ((_8,_1),_4,_1,_3):((_1,_0),_512,_0,_2048)
        long[][] smem = {{0, 0}, {5, 0x50}, {37, 0x150}};
        for (long[] t : smem) {
            assertSmem("((8,1),4,1,3):((1,0),512,0,2048)", t[1], CP_ASYNC.partitionD(POINTER_FORM, t[0]), "partition_D of the smem tensor, thread " + t[0]);
        }
    }

    @Test
    void aTensorOfCoordinatesIsRefusedByKind() {
        LayoutArgumentException e = assertThrows(LayoutArgumentException.class,
                () -> MMA.partitionA(AnyLayout.parse("(64,32):(1@0,1@1)"), 0));
        assertTrue(e.getMessage().contains("partition_A") && e.getMessage().contains("scaled-basis"), e.getMessage());
    }
}
