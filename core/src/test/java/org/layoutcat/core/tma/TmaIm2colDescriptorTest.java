package org.layoutcat.core.tma;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
 * im2col TMA descriptors against CuTe C++'s {@code make_im2col_tma_copy}. The golden file
 * {@code tma/im2col/im2col_cases.txt} is the output of {@code tma/im2col/im2col_cases.cpp}, compiled with nvcc against
 * the CUTLASS 4.7.0 headers and run on a host without a GPU: {@code cuTensorMapEncodeIm2col} there is
 * {@code tma/im2col/encode_im2col_stub.h}, which prints the arguments CuTe passes to the driver as one JSON line (the
 * program places the tensor at address 1024); CuTe prints the rest (the TMA tensor's origin, its layout of GEMM
 * coordinates, its linearized layout, the bits of one copy, the tiled copy's tiler and thread-value layout).
 */
class TmaIm2colDescriptorTest {

    private record Case(Map<String, String> lines) {
        String get(String k) {
            return lines.get(k);
        }

        TmaIm2colDescriptor derive() {
            int code = Integer.parseInt(get("json").replaceAll(".*\"dataType\":(\\d+).*", "$1"));
            TmaDataType t = Arrays.stream(TmaDataType.values()).filter(x -> x.code == code).findFirst().orElseThrow();
            var conv = new TmaIm2colDescriptor.Conv(longs(get("lower_corner")), longs(get("upper_corner")), longs(get("lower_padding")),
                    longs(get("upper_padding")), longs(get("stride")), longs(get("lower_srt")), longs(get("dilation")));
            return TmaIm2colDescriptor.derive(Layout.parse(get("gmem")), AnyLayout.parse(get("smem")), t,
                    Integer.parseInt(get("multicast")), conv);
        }
    }

    private static List<Long> longs(String tuple) {
        return Arrays.stream(IntTuple.parse(tuple).leaves()).boxed().toList();
    }

    private static List<Case> golden() throws IOException {
        return CuteCaseFile.read("/tma/im2col/im2col_cases.txt").stream().map(Case::new).toList();
    }

    /** The driver's arguments as the stub prints them. */
    private static String json(TmaIm2colDescriptor d) {
        return "{\"dataType\":" + d.dataType().code + ",\"rank\":" + d.rank() + ",\"globalAddress\":1024,\"globalDim\":" + list(d.globalDim())
                + ",\"globalStrides\":" + list(d.globalStrides()) + ",\"pixelBoxLowerCorner\":" + list(d.lowerCorner())
                + ",\"pixelBoxUpperCorner\":" + list(d.upperCorner()) + ",\"channelsPerPixel\":" + d.channelsPerPixel()
                + ",\"pixelsPerColumn\":" + d.pixelsPerColumn() + ",\"elementStrides\":" + list(d.elementStrides())
                + ",\"interleave\":0,\"swizzle\":" + d.swizzle().code + ",\"l2\":0,\"oob\":0}";
    }

    private static String list(List<Long> xs) {
        return xs.stream().map(String::valueOf).collect(Collectors.joining(",", "[", "]"));
    }

    /** CuTe's print without its marks of static values ({@code _64} is 64). */
    private static String plain(String cute) {
        return cute.replace("_", "");
    }

    @Test
    void im2colDescriptorAgreesWithCuTe() throws IOException {
        List<Case> cases = golden();
        assertEquals(9, cases.size());
        for (Case c : cases) {
            TmaIm2colDescriptor d = c.derive();
            String id = c.get("case");
            assertEquals(c.get("json"), json(d), id);
            assertEquals(plain(c.get("tensor_origin")), d.origin().toString(), id);
            assertEquals(plain(c.get("tensor_outer_shape")), d.gemmLayout().shape().toString(), id);
            assertEquals(plain(c.get("tensor_outer_stride")), d.gemmLayout().toString().substring(d.gemmLayout().toString().indexOf(':') + 1), id);
            assertEquals(plain(c.get("tensor_inner")), d.linearLayout().toString(), id);
            assertEquals(Long.parseLong(plain(c.get("bits_per_tma"))), d.bitsPerCopy(), id);
            assertEquals(plain(c.get("tiler")), d.tiler().toString(), id);
            assertEquals(plain(c.get("tv")), d.tv().toString(), id);
        }
    }

    private static final Layout NHWC = Layout.parse("((16,16,2),64):((64,1024,16384),1)");
    private static final AnyLayout SW128 = AnyLayout.parse("Sw<3,4,3> o smem_ptr[16b](unset) o ((8,16),(64,1)):((64,512),(1,0))");

    private static TmaIm2colDescriptor.Conv conv2(long lc, long uc, long stride, long dilation) {
        return new TmaIm2colDescriptor.Conv(List.of(lc, lc), List.of(uc, uc), List.of(1L, 1L), List.of(1L, 1L), List.of(stride, stride),
                List.of(0L, 0L), List.of(dilation, dilation));
    }

    private static String refusal(Layout g, AnyLayout s, int mc, TmaIm2colDescriptor.Conv conv) {
        return assertThrows(LayoutArgumentException.class, () -> TmaIm2colDescriptor.derive(g, s, TmaDataType.FLOAT16, mc, conv)).getMessage();
    }

    @Test
    void cornerOutsideTheRangeOfRankFourIsRefusedByName() {
        String m = refusal(NHWC, SW128, 1, conv2(-129, -1, 1, 1));
        assertTrue(m.contains("corner-range") && m.contains("[-128, 127]"), m);
    }

    @Test
    void boxWithoutAreaIsRefusedByName() {
        String m = refusal(NHWC, SW128, 1, conv2(10, -10, 1, 1));
        assertTrue(m.contains("box-area"), m);
    }

    @Test
    void traversalStridePastEightIsRefusedByName() {
        String m = refusal(NHWC, SW128, 1, conv2(-1, -1, 9, 1));
        assertTrue(m.contains("element-strides-bounds"), m);
    }

    @Test
    void pixelsPastTheirBoundAreRefusedByName() {
        AnyLayout tall = AnyLayout.parse("Sw<3,4,3> o smem_ptr[16b](unset) o ((8,256),(64,1)):((64,512),(1,0))");
        String m = refusal(NHWC, tall, 1, conv2(-1, -1, 1, 1));
        assertTrue(m.contains("pixels-per-column") && m.contains("2048"), m);
    }

    @Test
    void channelsPastTheSwizzleSpanAreRefusedByName() {
        AnyLayout wide = AnyLayout.parse("Sw<3,4,3> o smem_ptr[16b](unset) o (64,128):(128,1)");
        Layout g = Layout.parse("((16,16,2),128):((128,2048,32768),1)");
        String m = refusal(g, wide, 1, conv2(-1, -1, 1, 1));
        assertTrue(m.contains("channels-swizzle-span") && m.contains("256 bytes"), m);
    }

    @Test
    void channelsPastTwoHundredFiftySixAreRefusedByName() {
        Layout g = Layout.parse("((16,16,2),512):((512,8192,131072),1)");
        String m = refusal(g, AnyLayout.parse("(16,512):(512,1)"), 1, conv2(-1, -1, 1, 1));
        assertTrue(m.contains("channels-per-pixel") && m.contains("512"), m);
    }

    @Test
    void unalignedStrideIsRefusedByName() {
        Layout g = Layout.parse("((16,16,2),4):((4,64,1024),1)");
        String m = refusal(g, AnyLayout.parse("(64,4):(4,1)"), 1, conv2(-1, -1, 1, 1));
        assertTrue(m.contains("global-strides-alignment"), m);
    }

    @Test
    void rankPastFiveIsRefusedByName() {
        Layout g = Layout.parse("((4,4,4,4,2),64):((64,256,1024,4096,16384),1)");
        String m = refusal(g, SW128, 1, conv2(-1, -1, 1, 1));
        assertTrue(m.contains("im2col-rank"), m);
    }

    @Test
    void channelsWithAStrideAreRefused() {
        Layout g = Layout.parse("((16,16,2),64):((128,2048,32768),2)");
        String m = refusal(g, SW128, 1, conv2(-1, -1, 1, 1));
        assertTrue(m.contains("stride 1"), m);
    }

    @Test
    void convolutionListsOfTheWrongLengthAreRefused() {
        var conv = new TmaIm2colDescriptor.Conv(List.of(-1L), List.of(-1L), List.of(1L), List.of(1L), List.of(1L), List.of(0L), List.of(1L));
        String m = refusal(NHWC, SW128, 1, conv);
        assertTrue(m.contains("lower_corner (-1) has 1 entries and the activation 2 spatial modes"), m);
    }
}
