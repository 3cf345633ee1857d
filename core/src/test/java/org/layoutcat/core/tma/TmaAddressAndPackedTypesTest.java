package org.layoutcat.core.tma;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;

/**
 * Global addresses and the packed sub-byte element types against CuTe C++'s {@code make_tma_copy}. The golden file
 * {@code tma/typed_cases.txt} is the output of {@code tma/cute/typed_cases.cu} (CUTLASS 4.7.0, nvcc 13.0, on a host
 * without a GPU): {@code tma/cute/encode_stub_address.h} stands for the driver's {@code cuTensorMapEncodeTiled} and
 * prints the address and the other arguments CuTe passes; a case CuTe's assert refuses ends in {@code #refused}, after
 * the assertion's words.
 *
 * <p>The driver's rules come from {@code cuda.h} (CUDA 13.0), the comment of {@code cuTensorMapEncodeTiled}: the
 * global address 16-byte aligned (32 for 16U4_ALIGN16B and 16U6_ALIGN16B), and for 16U6_ALIGN16B strides a multiple
 * of 32 bytes, {@code boxDim[0]} 128 and {@code globalDim[0]} a multiple of 128. CuTe checks only the 16 bytes.
 */
class TmaAddressAndPackedTypesTest {

    /** Cases CuTe passes on and the driver refuses, by the rule of cuda.h each breaks. */
    private static final Map<String, List<String>> DRIVER_REFUSES = Map.of(
            "e2m3-addr-16", List.of("global address 0x7f3a00000010", "not a multiple of 32 bytes", "must be 32 byte aligned",
                    "0x7f3a00000000 and 0x7f3a00000020"));

    private static List<Map<String, String>> golden() throws IOException {
        List<Map<String, String>> cases = new ArrayList<>();
        try (InputStream in = TmaAddressAndPackedTypesTest.class.getResourceAsStream("/tma/typed_cases.txt")) {
            Map<String, String> c = null;
            for (String l : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (l.startsWith("#case ")) {
                    if (c != null && c.get("case").equals(l.substring(6))) continue; // a refused case starts again to say so
                    c = new LinkedHashMap<>();
                    c.put("case", l.substring(6));
                    cases.add(c);
                } else if (c != null && l.startsWith("{") && !c.containsKey("json")) {
                    c.put("json", l);
                } else if (c != null && l.startsWith("#") && l.indexOf(' ') > 0) {
                    c.put(l.substring(1, l.indexOf(' ')), l.substring(l.indexOf(' ') + 1));
                }
            }
        }
        return cases;
    }

    private static TmaDataType type(String bits) {
        return switch (bits) {
            case "16" -> TmaDataType.parse("f16");
            case "4" -> TmaDataType.parse("e2m1");
            case "6" -> TmaDataType.parse("e2m3");
            default -> throw new IllegalArgumentException("bits " + bits);
        };
    }

    private static TmaDescriptor derive(Map<String, String> c, long address) {
        return TmaDescriptor.derive(Layout.parse(c.get("gmem")), AnyLayout.parse(c.get("smem")), type(c.get("bits")),
                IntTuple.parse(c.get("tile")), 1, TmaDescriptor.Extents.RUNTIME).at(address);
    }

    private static String json(TmaDescriptor d) {
        return "{\"dataType\":" + d.dataType().code + ",\"rank\":" + d.rank() + ",\"globalDim\":" + list(d.globalDim())
                + ",\"globalStrides\":" + list(d.globalStrides()) + ",\"boxDim\":" + list(d.boxDim()) + ",\"elementStrides\":"
                + list(d.elementStrides()) + ",\"interleave\":0,\"swizzle\":" + d.swizzle().code + ",\"l2\":2,\"oob\":0}";
    }

    private static String list(List<Long> xs) {
        return xs.stream().map(String::valueOf).collect(Collectors.joining(",", "[", "]"));
    }

    private static long address(String id) {
        // the addresses typed_cases.cu gives, in its order: the refused cases print none
        return switch (id) {
            case "addr-8" -> 0x7f3a00000008L;
            case "addr-1" -> 0x1001L;
            case "addr-2" -> 0x2L;
            default -> throw new IllegalArgumentException(id);
        };
    }

    private static void assertContains(String message, List<String> parts) {
        for (String p : parts) assertTrue(message.contains(p), () -> "\"" + p + "\" not in: " + message);
    }

    @Test
    void descriptorsAtAnAddressAreCuTesMakeTmaCopy() throws IOException {
        List<Map<String, String>> cases = golden();
        assertEquals(15, cases.size(), cases.stream().map(c -> c.get("case")).toList().toString());
        int passed = 0, refused = 0, driver = 0;
        for (Map<String, String> c : cases) {
            String id = c.get("case");
            if (c.containsKey("refused")) {
                long a = address(id);
                String m = assertThrows(LayoutArgumentException.class, () -> derive(c, a), id).getMessage();
                long below = a - a % 16;
                assertContains(m, List.of("global address 0x" + Long.toHexString(a), "is not a multiple of 16 bytes",
                        "must be 16 byte aligned", "(gmem_address & 0b1111) == 0",
                        "0x" + Long.toHexString(below) + " and 0x" + Long.toHexString(below + 16)));
                refused++;
                continue;
            }
            long a = Long.parseUnsignedLong(c.get("address").substring(2), 16);
            if (DRIVER_REFUSES.containsKey(id)) {
                assertContains(assertThrows(LayoutArgumentException.class, () -> derive(c, a), id).getMessage(), DRIVER_REFUSES.get(id));
                driver++;
                continue;
            }
            TmaDescriptor d = derive(c, a);
            assertEquals(c.get("json"), json(d), id);
            assertEquals(a, d.globalAddress().getAsLong(), id);
            assertEquals(c.get("valsrc").replace("_", ""), String.valueOf(d.valuesPerCopy()), id);
            String tensor = c.get("tensor");
            assertEquals(tensor.substring(tensor.indexOf(" o ") + 3).replace("_", ""), d.tmaTensor().toString(), id);
            assertEquals(c.get("coords").replace("_", ""), d.copies().stream().map(Object::toString).collect(Collectors.joining(" ")), id);
            passed++;
        }
        assertEquals(List.of(11, 3, 1), List.of(passed, refused, driver));
    }

    @Test
    void packedTypesAreCuTesToCUtensorMapDataType() {
        // cute/arch/copy_sm90_desc.hpp, to_CUtensorMapDataType: float_e2m1_t -> 16U4_ALIGN8B (13), float_e2m3_t and
        // float_e3m2_t -> 16U6_ALIGN16B (15); cuda.h numbers them 13, 14, 15
        assertEquals(13, TmaDataType.parse("f4").code);
        assertEquals(13, TmaDataType.parse("e2m1").code);
        assertEquals(15, TmaDataType.parse("e2m3").code);
        assertEquals(15, TmaDataType.parse("e3m2").code);
        assertEquals(15, TmaDataType.parse("f6").code);
        assertEquals(14, TmaDataType.U4X16_ALIGN16B.code);
        assertEquals("CU_TENSOR_MAP_DATA_TYPE_16U6_ALIGN16B", TmaDataType.U6X16_ALIGN16B.driverName());
        // an H100's driver refuses every packed type (gpu/experiments/tma-encode-rules/h100.txt) and takes the others
        for (TmaDataType t : TmaDataType.values()) assertEquals(!t.isPacked(), t.takenBySm90(), t.name());
        for (String w : List.of("u4", "s4", "int4b_t")) {
            String m = assertThrows(LayoutArgumentException.class, () -> TmaDataType.parse(w)).getMessage();
            assertContains(m, List.of("element \"" + w + "\"", "Unknown TMA Format!", "TmaInternalType uint8_t", "elem u8"));
        }
    }

    /** The driver's rules on the packed types that CuTe does not check (cuda.h, cuTensorMapEncodeTiled). */
    @Test
    void packedTypesKeepTheDriversRules() {
        // 16U6_ALIGN16B: boxDim[0] must be 128
        String m = assertThrows(LayoutArgumentException.class, () -> TmaDescriptor.derive(Layout.parse("(512,1024):(1024,1)"),
                AnyLayout.parse("(16,64):(64,1)"), TmaDataType.parse("e2m3"), 1, TmaDescriptor.Extents.RUNTIME)).getMessage();
        assertContains(m, List.of("the box's inner dimension is 64 elements", "\"boxDim[0] must be 128\""));
        // 16U6_ALIGN16B: globalDim[0] a multiple of 128
        m = assertThrows(LayoutArgumentException.class, () -> TmaDescriptor.derive(Layout.parse("(512,1000):(1024,1)"),
                AnyLayout.parse("(8,128):(128,1)"), TmaDataType.parse("e2m3"), 1, TmaDescriptor.Extents.RUNTIME)).getMessage();
        assertContains(m, List.of("dimension 0 (mode 1 of G) has extent 1000", "\"globalDim[0] must be a multiple of 128\""));
        // 16U6_ALIGN16B: strides a multiple of 32 bytes (704 6-bit values are 528 bytes, a multiple of 16 only)
        m = assertThrows(LayoutArgumentException.class, () -> TmaDescriptor.derive(Layout.parse("(512,128):(1,704)"),
                AnyLayout.parse("(128,16):(1,128)"), TmaDataType.parse("e3m2"), 1, TmaDescriptor.Extents.RUNTIME)).getMessage();
        assertContains(m, List.of("dimension 1 (mode 1 of G) has stride 704 elements = 528 bytes", "not a multiple of 32",
                "\"the strides must be a multiple of 32\"", "pad the leading dimension to a multiple of 128 elements"));
        // 16U4_ALIGN8B: globalDim[0] a multiple of 2, a box of whole 16 bytes (32 values)
        m = assertThrows(LayoutArgumentException.class, () -> TmaDescriptor.derive(Layout.parse("(512,1023):(1024,1)"),
                AnyLayout.parse("(8,128):(128,1)"), TmaDataType.parse("e2m1"), 1, TmaDescriptor.Extents.RUNTIME)).getMessage();
        assertContains(m, List.of("has extent 1023", "\"globalDim[0] must be a multiple of 2\""));
        m = assertThrows(LayoutArgumentException.class, () -> TmaDescriptor.derive(Layout.parse("(512,1024):(1024,1)"),
                AnyLayout.parse("(8,16):(16,1)"), TmaDataType.parse("e2m1"), 1, TmaDescriptor.Extents.RUNTIME)).getMessage();
        assertContains(m, List.of("the box's inner dimension is 16 elements = 8 bytes, not a multiple of 16"));
    }

    @Test
    void addressesAreCheckedAgainstTheDriversAlignment() {
        TmaDescriptor.checkAddress(0, TmaDataType.FLOAT16);
        TmaDescriptor.checkAddress(0x7f3a00000020L, TmaDataType.U6X16_ALIGN16B);
        String m = assertThrows(LayoutArgumentException.class, () -> TmaDescriptor.checkAddress(-16, TmaDataType.FLOAT16)).getMessage();
        assertContains(m, List.of("global address -16 is negative"));
        m = assertThrows(LayoutArgumentException.class, () -> TmaDescriptor.checkAddress(Long.MAX_VALUE, TmaDataType.FLOAT16)).getMessage();
        assertContains(m, List.of("0x7fffffffffffffff", "nearest aligned addresses are 0x7ffffffffffffff0"));
        // cuda.h states the rule for cuTensorMapEncodeIm2col too, and CuTe's make_im2col_tma_copy does not check it
        m = assertThrows(LayoutArgumentException.class, () -> TmaDescriptor.checkAddress(0x1008, TmaDataType.FLOAT16, TmaDescriptor.Encode.IM2COL))
                .getMessage();
        assertContains(m, List.of("cuTensorMapEncodeIm2col's globalAddress", "must be 16 byte aligned", "make_im2col_tma_copy passes the address on unchecked",
                "0x1000 and 0x1010"));
    }
}
