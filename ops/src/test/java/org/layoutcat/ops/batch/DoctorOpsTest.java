package org.layoutcat.ops.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.Layout;
import org.layoutcat.core.Swizzle;
import org.layoutcat.core.doctor.GmmaDoctor;
import org.layoutcat.core.tma.EncodeIm2colRule;
import org.layoutcat.core.tma.EncodeTiledRule;

/**
 * Issue 35, section 3: the descriptor doctors. Every rule each doctor knows is broken by a request here and named in
 * the answer; the descriptors CuTe C++ makes (make_gmma_desc and its DescriptorIterator over every k-block of the
 * 19 host cases of oracle/gmma-kloop-cute.cpp and of the Hopper tutorial GEMM, doctor/hopper-tutorial-cute.cu) break
 * none and are the layouts CuTe printed; the arguments CuTe's make_tma_copy passes to cuTensorMapEncodeTiled (the 40
 * cases of core's tma/cute/make_tma_copy_cases.cu and the tutorial's A and B) break none of cuda.h's rules.
 */
class DoctorOpsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A descriptor CuTe writes: a (64,16) k-block of tile_to_shape(Layout_K_SW128_Atom<half_t>, (64,64)) at 0x400. */
    private static final String GOOD = "0x4000004000010040";
    private static final String GOOD_SMEM = "Sw<3,4,3> o smem_ptr[16b](0x400) o (64,16):(64,1)";

    private static JsonNode reply(String op, String... args) throws Exception {
        ObjectNode request = JSON.createObjectNode().put("op", op);
        ArrayNode a = request.putArray("args");
        for (String s : args) a.add(s);
        return JSON.readTree(BatchEngine.reply(JSON.writeValueAsString(request)));
    }

    private static Set<String> broken(JsonNode reply) {
        assertTrue(reply.has("broken"), reply.toString());
        String b = reply.get("broken").asText();
        return b.equals("none") ? Set.of() : new HashSet<>(Arrays.asList(b.split(" ")));
    }

    /** Each request breaks the rule it names: {rule, op, args...}. */
    private static final List<String[]> GMMA_BREAKS = List.of(
            new String[] {"reserved-bits", "0x4000004000014040", "K", "", "16"},
            new String[] {"base-offset-without-swizzle", "0x0002000800400040", "K", "", "16"},
            new String[] {"start-address-past-shared-memory", "0x4000004000013ffe", "K", "", "16"},
            // SBO 32: the 8-row groups of 8 rows of 128 bytes (64 units) overlap
            new String[] {"k-major-swizzled-lbo", "0x4000004000020040", "K", "", "16"},
            new String[] {"k-major-swizzled-sbo", "0x4000002000010040", "K", "", "16"},
            // MN-major, 64-byte swizzle, half_t: CuTe's 0x8000004000200040 (LBO 32, SBO 64) with LBO 16, SBO 16
            new String[] {"mn-major-swizzled-lbo", "0x8000004000100040", "MN", "", "16"},
            new String[] {"mn-major-swizzled-sbo", "0x8000001000200040", "MN", "", "16"},
            // interleaved K-major, CuTe's 0x0000000800400040 (SBO 8, LBO 64) with LBO 0: the two K core matrices at one place
            new String[] {"operand-overlaps", "0x0000000800000040", "K", "", "16"},
            new String[] {"smem-not-a-wgmma-operand", GOOD, "K", "(64,16):(1,64)", "16"},
            new String[] {"smem-differs", "0x4000004000010042", "K", GOOD_SMEM, ""});

    @Test
    void everyGmmaRuleBrokenIsNamed() throws Exception {
        Set<String> seen = new HashSet<>();
        for (String[] c : GMMA_BREAKS) {
            JsonNode r = reply("gmma_doctor", Arrays.copyOfRange(c, 1, c.length));
            assertTrue(broken(r).contains(c[0]), c[0] + " <- " + String.join(" ", c) + ": " + r);
            assertTrue(r.get("findings").asText().contains(c[0] + ": "), r.toString());
            assertTrue(r.get("result").asText().contains(c[0]), r.toString());
            seen.add(c[0]);
        }
        Set<String> all = new HashSet<>();
        for (GmmaDoctor.Rule rule : GmmaDoctor.Rule.values()) all.add(rule.id);
        assertEquals(all, seen, "a test breaks each rule the wgmma doctor knows");
    }

    /**
     * What an H100 reads as the pointer form says (gpu/experiments/wgmma-doctor-rules/h100-rules.txt) is no broken rule:
     * a stride byte offset past 8 rows that is no multiple of them, a k-block starting anywhere in a swizzle row.
     */
    @Test
    void whatAnH100ReadsAsTheLayoutSaysBreaksNoRule() throws Exception {
        for (String desc : new String[] {"0x4000004800010040", "0x4000005000010040", "0x4000006000010040", "0x4000008000010040",
            "0x4000004000010047", "0x4000004000010041", "0xc000001000010041"}) {
            assertEquals("none", reply("gmma_doctor", desc, "K", "", "16").get("broken").asText(), desc);
        }
    }

    @Test
    void aWrongStartIsFoundAtTheFirstElement() throws Exception {
        JsonNode r = reply("gmma_doctor", "0x4000004000010042", "K", GOOD_SMEM);
        assertEquals(false, r.get("matches").asBoolean());
        assertEquals(GOOD, r.get("smem_descriptor").asText());
        assertEquals("the first element whose byte address differs is (mn,k) = (0,0): 0x420 by the descriptor, 0x400 in the layout",
                r.get("first_difference").asText());
        // LBO is not used by a swizzled K-major operand: it differs, and no element does
        JsonNode unused = reply("gmma_doctor", "0x4000004000020040", "K", GOOD_SMEM);
        assertEquals(false, unused.get("matches").asBoolean());
        assertTrue(!unused.has("first_difference"), unused.toString());
        assertTrue(unused.get("findings").asText().contains("no element's byte address differs"), unused.toString());
    }

    @Test
    void theFieldsAreDecodedInBytesAndUnits() throws Exception {
        JsonNode r = reply("gmma_doctor", GOOD, "K", "", "16");
        assertEquals("0x4000004000010040: no rule broken", r.get("result").asText());
        assertEquals("64 units = 1024 bytes (0x400)", r.get("start_address").asText());
        assertEquals("1 unit = 16 bytes", r.get("leading_byte_offset").asText());
        assertEquals("64 units = 1024 bytes", r.get("stride_byte_offset").asText());
        assertEquals(0, r.get("base_offset").asInt());
        assertTrue(r.get("layout_type").asText().startsWith("B128 (1)"), r.toString());
        assertEquals("Sw<3,4,3> o smem_ptr[16b](0x400) o ((8,8),(8,2)):((64,512),(1,8))", r.get("implied").asText());
        // no major: the fields and the field rules alone; CuTe's print(GmmaDescriptor) head is read too
        JsonNode bare = reply("gmma_doctor", "GmmaDescriptor: " + GOOD);
        assertEquals("none", bare.get("broken").asText());
        assertTrue(!bare.has("implied"), bare.toString());
    }

    /**
     * A base offset b ≠ 0 implies the offset form, its pattern at the 128-byte boundary P at or below the start with
     * (P >> 7) & 7 = b, and gmma_descriptor of that layout at P gives the descriptor back (PTX ISA's base offset).
     */
    @Test
    void aBaseOffsetImpliesTheOffsetForm() throws Exception {
        String desc = "0x4002004000010060"; // start 0x600, base offset 1
        JsonNode r = reply("gmma_doctor", desc, "K", "", "16");
        assertEquals("none", r.get("broken").asText(), r.toString());
        assertEquals("0x480", r.get("pattern_start").asText());
        assertEquals("Sw<3,3,3> o 192 o ((8,8),(8,2)):((64,512),(1,8))", r.get("implied").asText());
        JsonNode back = reply("gmma_descriptor", "K", r.get("implied").asText(), "16", "1152");
        assertEquals(desc, back.get("result").asText(), back.toString());
    }

    @Test
    void theDescriptorsCuTeMakesAlongKBreakNoRule() throws Exception {
        int blocks = 0;
        for (JsonNode c : lines("/oracle/gmma-kloop-cute.jsonl")) {
            for (int k = 0; k < c.get("descriptors").size(); k++) {
                String desc = c.get("descriptors").get(k).asText(), smem = c.get("kblock_smem").get(k).asText();
                healthy(desc, c.get("major").asText(), smem, c.get("bits").asText(), c + " k-block " + k);
                blocks++;
            }
        }
        assertTrue(blocks >= 60, blocks + " k-blocks");
    }

    @Test
    void theHopperTutorialsOperandsBreakNoRule() throws Exception {
        int blocks = 0;
        for (JsonNode c : lines("/doctor/hopper-tutorial-cute.jsonl")) {
            if (!c.has("kind") || !c.get("kind").asText().equals("gmma")) continue;
            healthy(c.get("descriptor").asText(), c.get("major").asText(), c.get("smem").asText(), c.get("bits").asText(), c.toString());
            blocks++;
        }
        assertEquals(48, blocks, "2 warpgroups x 3 stages x 4 k-blocks x A and B");
    }

    /**
     * No rule broken, the descriptor is the layout's, and the layout it implies alone gives it back through
     * gmma_descriptor (its base offset 0: CuTe's pointer form).
     */
    private static void healthy(String desc, String major, String smem, String bits, String where) throws Exception {
        JsonNode r = reply("gmma_doctor", desc, major, smem);
        assertEquals("none", r.get("broken").asText(), where + " -> " + r);
        assertTrue(r.get("matches").asBoolean(), where + " -> " + r);
        JsonNode alone = reply("gmma_doctor", desc, major, "", bits);
        assertEquals("none", alone.get("broken").asText(), where + " -> " + alone);
        JsonNode back = reply("gmma_descriptor", major, alone.get("implied").asText());
        assertEquals(desc, back.get("result").asText(), where + ": " + alone.get("implied").asText() + " -> " + back);
    }

    // -------- TMA --------

    /** The example's arguments: the tutorial's A, as make_tma_copy passes them. */
    private static String[] tma(int i, String v) {
        String[] a = {"CU_TENSOR_MAP_DATA_TYPE_FLOAT16", "2", "0x10000", "{1024, 512}", "{2048}", "{64, 128}", "{1, 1}",
            "CU_TENSOR_MAP_INTERLEAVE_NONE", "CU_TENSOR_MAP_SWIZZLE_128B", "CU_TENSOR_MAP_L2_PROMOTION_L2_128B",
            "CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE"};
        if (i >= 0) a[i] = v;
        return a;
    }

    private static String[] tma(String... pairs) {
        String[] a = tma(-1, null);
        for (int i = 0; i < pairs.length; i += 2) a[Integer.parseInt(pairs[i])] = pairs[i + 1];
        return a;
    }

    private static final List<Object[]> TMA_BREAKS = List.of(
            new Object[] {EncodeTiledRule.TENSOR_RANK, tma(1, "6")},
            new Object[] {EncodeTiledRule.RANK_WITH_INTERLEAVE, tma(7, "CU_TENSOR_MAP_INTERLEAVE_16B")},
            new Object[] {EncodeTiledRule.LIST_LENGTHS, tma(3, "(1024,512,4)")},
            new Object[] {EncodeTiledRule.GLOBAL_ADDRESS_ALIGNMENT, tma(2, "0x10008")},
            new Object[] {EncodeTiledRule.GLOBAL_DIM_BOUNDS, tma(3, "{0, 512}")},
            new Object[] {EncodeTiledRule.GLOBAL_DIM_PACKED, tma("0", "CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN8B", "3", "{1023, 512}", "5", "{128, 128}", "8", "NONE")},
            new Object[] {EncodeTiledRule.GLOBAL_STRIDES_ALIGNMENT, tma(4, "{2056}")},
            new Object[] {EncodeTiledRule.GLOBAL_STRIDES_BOUND, tma(4, "{1099511627776}")},
            new Object[] {EncodeTiledRule.BOX_DIM_BOUNDS, tma(5, "{64, 300}")},
            new Object[] {EncodeTiledRule.BOX_INNER_BYTES, tma(5, "{60, 128}")},
            new Object[] {EncodeTiledRule.BOX_DIM_PACKED, tma("0", "CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN16B", "5", "{64, 128}")},
            new Object[] {EncodeTiledRule.ELEMENT_STRIDES_BOUNDS, tma(6, "{1, 9}")},
            new Object[] {EncodeTiledRule.SWIZZLE_SPAN, tma(5, "{128, 128}")},
            new Object[] {EncodeTiledRule.INTERLEAVE_32B_SWIZZLE, tma("1", "3", "3", "{64, 8, 8}", "4", "{2048, 16384}", "5", "{64, 8, 8}",
                    "6", "{1, 1, 1}", "7", "CU_TENSOR_MAP_INTERLEAVE_32B")},
            new Object[] {EncodeTiledRule.PACKED_INTERLEAVE, tma("0", "15", "1", "3", "3", "{1024, 8, 8}", "4", "{2048, 16384}", "5",
                    "{128, 8, 8}", "6", "{1, 1, 1}", "7", "1")},
            new Object[] {EncodeTiledRule.PACKED_SWIZZLE, tma("0", "CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN16B", "5", "{128, 128}", "8", "CU_TENSOR_MAP_SWIZZLE_32B")},
            new Object[] {EncodeTiledRule.OOB_FILL_FLOAT, tma("0", "CU_TENSOR_MAP_DATA_TYPE_UINT8", "10", "CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA")});

    @Test
    void everyRuleOfCudaHBrokenIsNamed() throws Exception {
        Set<EncodeTiledRule> seen = new HashSet<>();
        for (Object[] c : TMA_BREAKS) {
            EncodeTiledRule rule = (EncodeTiledRule) c[0];
            JsonNode r = reply("tma_doctor", (String[]) c[1]);
            assertTrue(broken(r).contains(rule.id), rule.id + " <- " + String.join(" ", (String[]) c[1]) + ": " + r);
            assertTrue(r.get("findings").asText().contains(rule.id + ": "), r.toString());
            seen.add(rule);
        }
        assertEquals(Set.of(EncodeTiledRule.values()), seen, "a test breaks each rule of cuda.h the doctor knows");
    }

    @Test
    void theNearestValidValuesAreSaid() throws Exception {
        String f = reply("tma_doctor", tma(5, "{60, 128}")).get("findings").asText();
        assertTrue(f.contains("nearest valid: boxDim[0] = 56 or 64 (a multiple of 8 elements)"), f);
        f = reply("tma_doctor", tma(4, "{2056}")).get("findings").asText();
        assertTrue(f.contains("nearest valid: globalStrides[0] = 2064 (padded)"), f);
        f = reply("tma_doctor", tma(5, "{128, 128}")).get("findings").asText();
        assertTrue(f.contains("nearest valid: boxDim[0] = 64"), f);
    }

    /**
     * The tutorial's A: (M,K) = (512,1024) K-major half_t, tile (128,64) of Layout_K_SW128_Atom. The doctor reads the
     * global tensor as mA transposed (dimension 0 is K), the box as the tile's (K,M) and, in shared memory, the stage
     * sA(_,_,0) that CuTe printed: element (k,m) of the box lies where sA puts (m,k), swizzled by byte address.
     */
    @Test
    void theTutorialsTmaArgumentsReadAsItsLayouts() throws Exception {
        JsonNode r = reply("tma_doctor", tma(-1, null));
        assertEquals("none", r.get("broken").asText(), r.toString());
        assertEquals("(1024,512):(1,1024)", r.get("global_tensor").asText());
        assertEquals("(64,128):(1,1024)", r.get("global_tile").asText());
        assertEquals(16384, r.get("box_bytes").asLong());
        ComposedLayout box = (ComposedLayout) AnyLayout.parse(r.get("smem_box").asText());
        Layout sA = Layout.parse("((8,16),(64,1)):((64,512),(1,0))"); // the tutorial's sA(_,_,0), printed by CuTe
        Swizzle bytes = new Swizzle(3, 4, 3);
        for (long m = 0; m < 128; m++) {
            for (long k = 0; k < 64; k++) {
                long want = bytes.apply(2 * sA.apply(m + 128 * k));
                long got = box.byteSwizzle().apply(2 * box.inner().apply(k + 64 * m));
                assertEquals(want, got, "(m,k) = (" + m + "," + k + ")");
            }
        }
    }

    @Test
    void theArgumentsCuTePassesTheDriverBreakNoRule() throws Exception {
        int calls = 0;
        List<JsonNode> all = new ArrayList<>();
        for (JsonNode c : lines("/doctor/hopper-tutorial-cute.jsonl")) if (c.has("dataType")) all.add(c);
        assertEquals(2, all.size());
        // core's golden cases of make_tma_copy (core/src/test/resources/tma/cute/make_tma_copy_cases.cu), read where they are
        java.nio.file.Path cases = java.nio.file.Path.of("").toAbsolutePath().resolveSibling("core").resolve("src/test/resources/tma/make_tma_copy.txt");
        for (String line : java.nio.file.Files.readAllLines(cases)) if (line.startsWith("{\"dataType\"")) all.add(JSON.readTree(line));
        for (JsonNode c : all) {
            // tma_case.h's global tensor lies at 1024
            String address = c.has("globalAddress") ? c.get("globalAddress").asText() : "1024";
            JsonNode r = reply("tma_doctor", c.get("dataType").asText(), c.get("rank").asText(), address, c.get("globalDim").toString(),
                    c.get("globalStrides").toString(), c.get("boxDim").toString(), c.get("elementStrides").toString(),
                    c.get("interleave").asText(), c.get("swizzle").asText(), c.get("l2").asText(), c.get("oob").asText());
            assertEquals("none", r.get("broken").asText(), c + " -> " + r);
            assertTrue(r.has("global_tile"), r.toString());
            calls++;
        }
        assertTrue(calls >= 40, calls + " calls");
    }

    /**
     * The doctor against the driver (doctor/tma-driver.c on an H100, driver 580.159.04: doctor/tma-driver-h100.txt): a
     * call the driver refuses breaks a rule, one it encodes breaks none, but where the driver and cuda.h part, each
     * named here with what the doctor says of it.
     */
    @Test
    void theDriverRefusesWhatBreaksARuleAndEncodesTheRest() throws Exception {
        java.util.Map<String, String> driver = new java.util.HashMap<>();
        for (String line : text("/doctor/tma-driver-h100.txt")) if (!line.startsWith("#")) driver.put(line.split(" ")[0], line.split(" ")[1]);
        // cuda.h: INTERLEAVE_32B takes SWIZZLE_32B only; the driver encodes it with 128B, 64B and none
        Set<String> encodedAnyway = Set.of("interleave-32b-swizzle", "interleave-32b-swizzle-none", "interleave-32b-swizzle-64");
        int calls = 0;
        for (String line : text("/doctor/tma-driver-cases.txt")) {
            if (line.startsWith("#") || line.isBlank()) continue;
            String[] f = line.split(" ");
            String[] args = new String[11];
            for (int i = 1; i <= 11; i++) args[i - 1] = i >= 4 && i <= 7 ? "{" + (f[i].equals("-") ? "" : f[i]) + "}" : f[i];
            JsonNode r = reply("tma_doctor", args);
            boolean refused = !driver.get(f[0]).equals("ok");
            boolean broken = !broken(r).isEmpty();
            if (encodedAnyway.contains(f[0])) {
                assertTrue(!refused && broken(r).contains("interleave-32b-swizzle")
                        && r.get("findings").asText().contains("encodes all the same"), f[0] + ": " + driver.get(f[0]) + " " + r);
            } else if (f[0].startsWith("good-packed")) {
                // the driver refuses the packed types outright; cuda.h does not say so, and the doctor words it
                assertTrue(refused && !broken && r.get("data_type").asText().contains("refuses the packed types"), f[0] + ": " + r);
            } else {
                assertEquals(refused, broken, f[0] + ": the driver says " + driver.get(f[0]) + ", the doctor " + r.get("broken"));
                if (!f[0].startsWith("good")) assertTrue(broken(r).contains(f[0].replaceFirst("-(0|6|big|32b|9|300|128|32)$", "")), f[0] + ": " + r);
            }
            calls++;
        }
        assertEquals(38, calls);
    }

    private static List<String> text(String resource) throws Exception {
        try (var in = DoctorOpsTest.class.getResourceAsStream(resource)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
    }

    private static List<JsonNode> lines(String resource) throws Exception {
        List<JsonNode> out = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(DoctorOpsTest.class.getResourceAsStream(resource), StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) if (line.startsWith("{")) out.add(JSON.readTree(line));
        }
        return out;
    }

    // -------- TMA im2col --------

    /** The example's arguments: CuTe's NHWC fprop call (core's tma/im2col/im2col_cases.txt, nhwc-3x3-pad1). */
    private static String[] im2col(String... pairs) {
        String[] a = {"CU_TENSOR_MAP_DATA_TYPE_FLOAT16", "4", "0x10000", "{64, 16, 16, 2}", "{128, 2048, 32768}", "{-1, -1}", "{-1, -1}",
            "64", "128", "{1, 1, 1, 1}", "CU_TENSOR_MAP_INTERLEAVE_NONE", "CU_TENSOR_MAP_SWIZZLE_128B", "CU_TENSOR_MAP_L2_PROMOTION_NONE",
            "CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE"};
        for (int i = 0; i < pairs.length; i += 2) a[Integer.parseInt(pairs[i])] = pairs[i + 1];
        return a;
    }

    private static final List<Object[]> IM2COL_BREAKS = List.of(
            new Object[] {EncodeIm2colRule.IM2COL_RANK, im2col("1", "2", "3", "{64, 16}", "4", "{128}", "5", "{}", "6", "{}", "9", "{1, 1}")},
            new Object[] {EncodeIm2colRule.IM2COL_LIST_LENGTHS, im2col("5", "{-1}")},
            new Object[] {EncodeIm2colRule.CORNER_RANGE, im2col("5", "{-129, -1}")},
            new Object[] {EncodeIm2colRule.BOX_AREA, im2col("5", "{10, -1}", "6", "{-10, -1}")},
            new Object[] {EncodeIm2colRule.CHANNELS_PER_PIXEL, im2col("7", "512", "11", "CU_TENSOR_MAP_SWIZZLE_NONE")},
            new Object[] {EncodeIm2colRule.CHANNELS_PACKED, im2col("0", "CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN16B", "2", "0x10000", "3",
                    "{128, 16, 16, 2}", "4", "{128, 2048, 32768}", "7", "64")},
            new Object[] {EncodeIm2colRule.PIXELS_PER_COLUMN, im2col("8", "2048")},
            new Object[] {EncodeIm2colRule.CHANNELS_SWIZZLE_SPAN, im2col("7", "128")},
            new Object[] {EncodeTiledRule.GLOBAL_ADDRESS_ALIGNMENT, im2col("2", "0x10008")},
            new Object[] {EncodeTiledRule.GLOBAL_DIM_BOUNDS, im2col("3", "{64, 0, 16, 2}")},
            new Object[] {EncodeTiledRule.GLOBAL_STRIDES_ALIGNMENT, im2col("4", "{136, 2048, 32768}")},
            new Object[] {EncodeTiledRule.ELEMENT_STRIDES_BOUNDS, im2col("9", "{1, 9, 1, 1}")},
            new Object[] {EncodeTiledRule.OOB_FILL_FLOAT, im2col("0", "CU_TENSOR_MAP_DATA_TYPE_UINT8", "13",
                    "CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA")});

    @Test
    void everyIm2colRuleOfCudaHBrokenIsNamed() throws Exception {
        Set<Object> seen = new HashSet<>();
        for (Object[] c : IM2COL_BREAKS) {
            String id = c[0] instanceof EncodeIm2colRule r ? r.id : ((EncodeTiledRule) c[0]).id;
            JsonNode r = reply("tma_im2col_doctor", (String[]) c[1]);
            assertTrue(broken(r).contains(id), id + " <- " + String.join(" ", (String[]) c[1]) + ": " + r);
            assertTrue(r.get("findings").asText().contains(id + ": "), r.toString());
            seen.add(c[0]);
        }
        assertTrue(seen.containsAll(Set.of(EncodeIm2colRule.values())), "a test breaks each im2col rule of cuda.h the doctor knows");
    }

    @Test
    void theIm2colArgumentsCuTePassesTheDriverBreakNoRule() throws Exception {
        // core's golden cases of make_im2col_tma_copy (core/src/test/resources/tma/im2col/im2col_cases.cpp), read where they are
        java.nio.file.Path cases = java.nio.file.Path.of("").toAbsolutePath().resolveSibling("core").resolve("src/test/resources/tma/im2col/im2col_cases.txt");
        int calls = 0;
        for (String line : java.nio.file.Files.readAllLines(cases)) {
            if (!line.startsWith("{\"dataType\"")) continue;
            JsonNode c = JSON.readTree(line);
            JsonNode r = reply("tma_im2col_doctor", c.get("dataType").asText(), c.get("rank").asText(), c.get("globalAddress").asText(),
                    c.get("globalDim").toString(), c.get("globalStrides").toString(), c.get("pixelBoxLowerCorner").toString(),
                    c.get("pixelBoxUpperCorner").toString(), c.get("channelsPerPixel").asText(), c.get("pixelsPerColumn").asText(),
                    c.get("elementStrides").toString(), c.get("interleave").asText(), c.get("swizzle").asText(), c.get("l2").asText(),
                    c.get("oob").asText());
            assertEquals("none", r.get("broken").asText(), c + " -> " + r);
            calls++;
        }
        assertEquals(9, calls);
    }

}
