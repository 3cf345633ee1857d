package org.layoutcat.core.tma;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.layoutcat.core.tma.TmaDescriptor.Extents.RUNTIME;
import static org.layoutcat.core.tma.TmaDescriptor.Extents.STATIC;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;

/**
 * TMA descriptors against CuTe C++'s {@code make_tma_copy}. The golden file {@code tma/make_tma_copy.txt} is the
 * output of {@code tma/cute/make_tma_copy_cases.cu}, compiled with nvcc against the CUTLASS headers (commit 7107b05)
 * and run on a host without a GPU: {@code cuTensorMapEncodeTiled} there is {@code tma/cute/encode_stub.h}, which prints
 * the arguments CuTe passes to the driver as one JSON line; CuTe prints the rest ({@code get_tma_tensor}, the values
 * of one copy, and the TMA coordinates of each copy of the tile at the origin through {@code tma_partition}'s
 * arithmetic).
 *
 * <p>CuTe merges contiguous runs of the box only where G's strides are compile-time constants; its cuTENSOR example
 * mixes static and run-time strides, which layoutcat's layouts do not tell apart, so the file holds that example with
 * every extent static ({@code static-doc-4d-cutensor}) and the rest with run-time extents, as kernels have them.
 */
class TmaDescriptorTest {

    private record Case(Map<String, String> lines) {
        String get(String k) {
            return lines.get(k);
        }

        TmaDescriptor derive() {
            int code = Integer.parseInt(get("json").replaceAll(".*\"dataType\":(\\d+).*", "$1"));
            TmaDataType t = Arrays.stream(TmaDataType.values()).filter(x -> x.code == code).findFirst().orElseThrow();
            return TmaDescriptor.derive(Layout.parse(get("gmem")), AnyLayout.parse(get("smem")), t, IntTuple.parse(get("tile")),
                    Integer.parseInt(get("multicast")), "1".equals(get("static")) ? STATIC : RUNTIME); // no #static line: run-time extents
        }
    }

    private static List<Case> golden() throws IOException {
        return CuteCaseFile.read("/tma/make_tma_copy.txt").stream().map(Case::new).toList();
    }

    /** The driver's arguments as the stub prints them. */
    private static String json(TmaDescriptor d) {
        return "{\"dataType\":" + d.dataType().code + ",\"rank\":" + d.rank() + ",\"globalDim\":" + list(d.globalDim())
                + ",\"globalStrides\":" + list(d.globalStrides()) + ",\"boxDim\":" + list(d.boxDim()) + ",\"elementStrides\":"
                + list(d.elementStrides()) + ",\"interleave\":0,\"swizzle\":" + d.swizzle().code + ",\"l2\":2,\"oob\":0}";
    }

    private static String list(List<Long> xs) {
        return xs.stream().map(String::valueOf).collect(Collectors.joining(",", "[", "]"));
    }

    private static String unstatic(String cute) {
        return cute.replace("_", "");
    }

    @Test
    void descriptorsAreCuTesMakeTmaCopy() throws IOException {
        List<Case> cases = golden();
        assertTrue(cases.size() >= 40, "golden cases: " + cases.size());
        for (Case c : cases) {
            TmaDescriptor d = c.derive();
            String id = c.get("case");
            assertEquals(c.get("json"), json(d), id);
            assertEquals(unstatic(c.get("valsrc")), String.valueOf(d.valuesPerCopy()), id);
            // ArithTuple(_0,_0) o (1024,256):(_1@1,_1@0)
            String tensor = c.get("tensor");
            assertEquals(unstatic(tensor.substring(tensor.indexOf(" o ") + 3)), d.tmaTensor().toString(), id);
            String coords = d.copies().stream().filter(x -> x.cta() == 0).map(Object::toString).collect(Collectors.joining(" "));
            assertEquals(unstatic(c.get("coords")), coords, id);
        }
    }

    /** Copy k of CTA 0 lands k·(values per copy) elements into the tile, in shared memory's order. */
    @Test
    void copiesTileSharedMemoryInOrder() throws IOException {
        for (Case c : golden()) {
            TmaDescriptor d = c.derive();
            List<TmaDescriptor.Copy> cta0 = d.copies().stream().filter(x -> x.cta() == 0).toList();
            for (int k = 0; k < cta0.size(); k++) {
                assertEquals(k * d.valuesPerCopy() * d.dataType().bytes(), cta0.get(k).smemOffset(), c.get("case"));
            }
            assertEquals(d.multicast() * cta0.size(), d.copies().size());
        }
    }

    private static String refusal(String gmem, String smem, String type, String tile, int multicast, TmaDescriptor.Extents extents) {
        return assertThrows(LayoutArgumentException.class, () -> {
            if (tile == null) TmaDescriptor.derive(Layout.parse(gmem), AnyLayout.parse(smem), TmaDataType.parse(type), multicast, extents);
            else TmaDescriptor.derive(Layout.parse(gmem), AnyLayout.parse(smem), TmaDataType.parse(type), IntTuple.parse(tile), multicast, extents);
        }).getMessage();
    }

    private static void assertContains(String message, String... parts) {
        for (String p : parts) assertTrue(message.contains(p), () -> "\"" + p + "\" not in: " + message);
    }

    /*
     * Each refusal below is a case of tma/cute/refusals/*.cu; tma/cute/refusals.txt has what CuTe C++ or the driver
     * said of it (the driver's answers from `layoutcat gpu tma --verify` on an H100, gpu/BENCHMARKS.md).
     */

    /** CuTe: static assertion "Could not find a common tile-gmem vectorization" (r01-no-vector). */
    @Test
    void aTileSharingNoVectorWithGlobalMemoryIsRefused() {
        assertContains(refusal("(512,1024):(1024,1)", "(64,32):(2,128)", "f16", "(64,32)", 1, RUNTIME),
                "share no vector", "Could not find a common tile-gmem vectorization");
    }

    /** CuTe: static assertion "Expected S = 3 when M == 4. Unsupported layout swizzle." (r02-swizzle-no-mode). */
    @Test
    void aSwizzleTmaHasNoModeForIsRefused() {
        assertContains(refusal("(512,1024):(1024,1)", "Sw<2,4,2> o smem_ptr[16b](unset) o (8,32):(32,1)", "f16", "(8,32)", 1, RUNTIME),
                "Sw<2,4,2>", "Sw<1,4,3>, Sw<2,4,3>, Sw<3,4,3> of bytes", "Sw<1,3,3>, Sw<2,3,3>, Sw<3,3,3> of 2-byte element offsets");
    }

    /**
     * A swizzle of element offsets is read in bytes: {@code Sw<3,3,3>} of halves is SWIZZLE_128B; {@code Sw<3,4,3>} of
     * halves is {@code Sw<3,5,3>} of bytes, which TMA has no mode for, though CuTe encodes SWIZZLE_128B for it without a
     * word (r11-element-swizzle: the stub shows swizzle 3; on the GPU the tile lands elsewhere than the layout says). CuTe
     * prints a slice of a GMMA atom so ({@code sA(_,_,0)} of {@code tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, ...)}
     * prints {@code Sw<3,4,3> o 0 o ...}), meaning bytes: the refusal says how to write either meaning.
     */
    @Test
    void aSwizzleOfElementOffsetsIsReadInBytes() {
        TmaDescriptor d = TmaDescriptor.derive(Layout.parse("(512,1024):(1024,1)"), AnyLayout.parse("Sw<3,3,3> o 0 o (8,64):(64,1)"),
                TmaDataType.FLOAT16, 1, RUNTIME);
        assertEquals(TmaSwizzle.SWIZZLE_128B, d.swizzle());
        assertContains(refusal("(512,1024):(1024,1)", "Sw<3,4,3> o 0 o (8,64):(64,1)", "f16", null, 1, RUNTIME), "Sw<3,5,3> of bytes",
                "reads Sw<3,4,3> as a swizzle of bytes (SWIZZLE_128B)", "Sw<3,4,3> o smem_ptr[16b](unset) o L", "Sw<3,3,3> o 0 o L");
    }

    /** CuTe: assertion "Majorness of smem doesn't match majorness of gmem" (r03-majorness). */
    @Test
    void aTileWhoseContiguousModeIsNotGlobalMemorysIsRefused() {
        assertContains(refusal("(512,1024):(1,512)", "(64,32):(32,1)", "f16", null, 1, RUNTIME), "dimension 0", "stride 512",
                "Majorness of smem doesn't match majorness of gmem");
    }

    /** CuTe: assertion {@code (gmem_prob_stride[1] & 0b1111) == 0} (r04-stride-align). */
    @Test
    void aGlobalStrideNotAMultipleOf16BytesIsRefused() {
        assertContains(refusal("(100,60):(60,1)", "(64,32):(32,1)", "f16", null, 1, RUNTIME), "dimension 1", "stride 60 elements = 120 bytes",
                "multiple of 8 elements");
    }

    /** CuTe: assertion {@code smem_box_shape[0] <= (uint32_t(1) << 8)} (r05-box-256). */
    @Test
    void aBoxPast256IsRefused() {
        assertContains(refusal("4096:1", "512:1", "f16", null, 1, RUNTIME), "box dimension 0", "spans 512 elements", "(256,2)");
    }

    /** The driver: CUDA_ERROR_INVALID_VALUE (r06-inner-span; CuTe passes boxDim (64,8) with SWIZZLE_64B on). */
    @Test
    void anInnerBoxPastTheSwizzleSpanIsRefused() {
        assertContains(refusal("(512,1024):(1024,1)", "Sw<2,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)", "f16", null, 1, RUNTIME),
                "64 elements = 128 bytes", "SWIZZLE_64B's span of 64 bytes", "Sw<3,4,3> of bytes");
    }

    /** The driver: CUDA_ERROR_INVALID_VALUE (r07-inner-16B; CuTe passes boxDim (2,64) of floats on). */
    @Test
    void anInnerBoxNotAMultipleOf16BytesIsRefused() {
        assertContains(refusal("(512,1024):(1024,1)", "(64,2):(2,1)", "f32", null, 1, RUNTIME), "2 elements = 8 bytes", "multiple of 16");
    }

    /**
     * Past rank 5: CuTe groups the dimensions past the fifth, here modes 2, 1, 0 of strides 128, 512, 1024, into one of
     * stride 128 and box 8, which copies elements 0, 128, 256, ... instead of the tile's (r08-rank-grouped: CuTe passes
     * rank 5 on; the driver refuses the rank 7 the box needs).
     */
    @Test
    void aBoxOfMoreThanFiveDimensionsThatDoNotGroupIsRefused() {
        assertContains(refusal("(2,2,2,2,2,2,16):(1024,512,128,64,32,16,1)", "(2,2,2,2,2,2,16):(512,256,128,64,32,16,1)", "f32", null, 1, RUNTIME),
                "needs 7 dimensions", "TMA has 5", "no single run of stride 128");
        // contiguous modes group into one run: CuTe's answer stands
        TmaDescriptor d = TmaDescriptor.derive(Layout.parse("(2,2,2,2,2,2,16):(1024,512,256,128,64,32,1)"),
                AnyLayout.parse("(2,2,2,2,2,2,16):(512,256,128,64,32,16,1)"), TmaDataType.FLOAT32, 1, RUNTIME);
        assertEquals(List.of(16L, 2L, 2L, 2L, 8L), d.boxDim());
    }

    /** CuTe: assertion {@code smem_box_shape[i] % multicast == 0 || multicast % smem_box_shape[i] == 0} (r09-multicast). */
    @Test
    void aMulticastThatDoesNotSplitTheBoxIsRefused() {
        assertContains(refusal("(512,1024):(1024,1)", "(24,64):(64,1)", "f16", null, 16, RUNTIME), "multicast 16", "box dimension 1 (24)");
    }

    /** CuTe: assertion {@code gmem_prob_shape[0] <= (uint64_t(1) << 32)} (r10-global-dim). */
    @Test
    void aGlobalExtentPast2To32IsRefused() {
        assertContains(refusal("8589934592:1", "256:1", "u8", null, 1, RUNTIME), "extent 8589934592", "2^32");
    }

    @Test
    void elementsAreNamedAsCuTeAndPtxNameThem() {
        assertEquals(TmaDataType.UINT8, TmaDataType.parse("e4m3"));
        assertEquals(TmaDataType.BFLOAT16, TmaDataType.parse("bf16"));
        assertEquals(TmaDataType.UINT16, TmaDataType.parse("2"));
        assertContains(assertThrows(LayoutArgumentException.class, () -> TmaDataType.parse("3")).getMessage(), "element \"3\"", "1, 2, 4, 8");
    }

    @Test
    void theCallReadsAsTheDriverTakesIt() {
        TmaDescriptor d = TmaDescriptor.derive(Layout.parse("(1024,256):(256,1)"), AnyLayout.parse("(64,32):(32,1)"), TmaDataType.FLOAT32, 1, RUNTIME);
        assertEquals("cuTensorMapEncodeTiled(FLOAT32, rank 2, globalDim (256,1024), globalStrides (1024), boxDim (32,64),"
                + " elementStrides (1,1), INTERLEAVE_NONE, SWIZZLE_NONE, L2_PROMOTION_L2_128B, FLOAT_OOB_FILL_NONE)", d.toString());
        assertEquals(8192, d.bytesPerCopy());
        assertEquals(128, d.smemAlignment());
    }

    /**
     * A tile with gaps in shared memory, rows of 32 floats (128 bytes) 64 apart: one box a row, landing at the row's
     * offset, as CuTe's tma_partition places it (CuTe C++, tma/cute/refusals/r12-gapped-smem.cu for rows of 8 floats:
     * boxDim (8,1), copies at (0,0), (0,1), …, (0,7)).
     */
    @Test
    void aTileWithGapsInSharedMemoryTakesABoxARow() {
        TmaDescriptor d = TmaDescriptor.derive(Layout.parse("(64,64):(64,1)"), AnyLayout.parse("(8,32):(64,1)"), TmaDataType.FLOAT32, 1, RUNTIME);
        assertEquals(List.of(32L, 1L), d.boxDim());
        assertEquals("(0,0) (0,1) (0,2) (0,3) (0,4) (0,5) (0,6) (0,7)", d.copies().stream().map(Object::toString).collect(Collectors.joining(" ")));
        for (int k = 0; k < 8; k++) assertEquals(64L * k * 4, d.copies().get(k).smemOffset());
    }

    /**
     * Rows of 8 floats 16 apart put box 1 at byte 64: CuTe issues the copies (r12-gapped-smem: copies at (0,k)), and
     * on an H200 the first such copy faults with CUDA_ERROR_MISALIGNED_ADDRESS (gpu/BENCHMARKS.md).
     */
    @Test
    void aBoxNotAt128ByteAlignedSharedMemoryIsRefused() {
        assertContains(refusal("(64,64):(64,1)", "(8,8):(16,1)", "f32", null, 1, RUNTIME), "copy 1 lands at byte 64", "128-byte aligned",
                "CUDA_ERROR_MISALIGNED_ADDRESS");
    }
}
