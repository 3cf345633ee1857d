package org.layoutcat.core.doctor;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.Swizzle;
import org.layoutcat.core.tma.EncodeIm2colRule;
import org.layoutcat.core.tma.EncodeTiledRule;
import org.layoutcat.core.tma.TmaDescriptor;
import org.layoutcat.core.tma.TmaDataType;
import org.layoutcat.core.tma.TmaSwizzle;

/**
 * The TMA descriptor doctor: the arguments of the driver's {@code cuTensorMapEncodeTiled} as a log shows them, decoded
 * into words and checked against every rule {@code cuda.h} states for them ({@link EncodeTiledRule}, the same rules
 * {@link org.layoutcat.core.tma.TmaDescriptor#derive} keeps), each one broken named with the nearest valid values; then
 * the shared-memory box and the global tile they imply, as CuTe layouts. The 128-byte {@code CUtensorMap} the call
 * writes is opaque (cuda.h documents none of its bits) and is not read.
 *
 * <p>Held to the driver on an H100 (driver 580.159.04, ops/src/test/resources/doctor/tma-driver-h100.txt): of 38 calls,
 * the driver refuses each one that breaks a rule and encodes each one that breaks none, but for two kinds it words in
 * its findings: it encodes INTERLEAVE_32B with any swizzle, and refuses the packed data types outright.
 */
public final class TmaDoctor {
    private TmaDoctor() {}

    /** {@code CUtensorMapDataType}'s names in cuda.h, by code, and their element bits (4 and 6 for the packed types). */
    private static final String[] DATA_TYPES = {"UINT8", "UINT16", "UINT32", "INT32", "UINT64", "INT64", "FLOAT16", "FLOAT32",
        "FLOAT64", "BFLOAT16", "FLOAT32_FTZ", "TFLOAT32", "TFLOAT32_FTZ", "16U4_ALIGN8B", "16U4_ALIGN16B", "16U6_ALIGN16B"};
    private static final int[] DATA_TYPE_BITS = {8, 16, 32, 32, 64, 64, 16, 32, 64, 16, 32, 32, 32, 4, 4, 6};
    private static final String[] INTERLEAVES = {"NONE", "16B", "32B"};
    private static final String[] SWIZZLES = {"NONE", "32B", "64B", "128B", "128B_ATOM_32B", "128B_ATOM_32B_FLIP_8B", "128B_ATOM_64B"};
    private static final String[] L2_PROMOTIONS = {"NONE", "L2_64B", "L2_128B", "L2_256B"};
    private static final String[] OOB_FILLS = {"NONE", "NAN_REQUEST_ZERO_FMA"};

    /** Codes of the packed data types. */
    private static final int U4_ALIGN8B = 13, U4_ALIGN16B = 14, U6_ALIGN16B = 15;
    /** Codes of the interleaves and swizzles the rules name. */
    private static final int INTERLEAVE_NONE = 0, INTERLEAVE_32B = 2, SWIZZLE_NONE = 0, SWIZZLE_32B = 1, SWIZZLE_128B = 3,
            SWIZZLE_128B_ATOM_32B = 4, SWIZZLE_128B_ATOM_64B = 6;

    /** An enum of cuda.h: its prefix and its names by code. */
    public enum Enum {
        DATA_TYPE("CU_TENSOR_MAP_DATA_TYPE_", DATA_TYPES), INTERLEAVE("CU_TENSOR_MAP_INTERLEAVE_", INTERLEAVES),
        SWIZZLE("CU_TENSOR_MAP_SWIZZLE_", SWIZZLES), L2_PROMOTION("CU_TENSOR_MAP_L2_PROMOTION_", L2_PROMOTIONS),
        OOB_FILL("CU_TENSOR_MAP_FLOAT_OOB_FILL_", OOB_FILLS);

        private final String prefix;
        private final String[] names;

        Enum(String prefix, String[] names) {
            this.prefix = prefix;
            this.names = names;
        }

        /** cuda.h's name of a code: {@code CU_TENSOR_MAP_SWIZZLE_128B}. */
        public String name(int code) {
            return prefix + names[code];
        }

        /** What the argument takes, in words. */
        public String words() {
            return prefix + "... (" + String.join(", ", names) + ") or its number, 0 to " + (names.length - 1);
        }

        /**
         * The code of a name as cuda.h spells it ({@code CU_TENSOR_MAP_DATA_TYPE_FLOAT16}), the name without its prefix
         * ({@code FLOAT16}), or its number; for the data type also an element as {@link TmaDataType#parse} reads it
         * ({@code f16}).
         *
         * @throws LayoutArgumentException for any other text, or a number outside the enum
         */
        public int parse(String text) {
            String t = text.strip().toUpperCase(Locale.ROOT);
            String bare = t.startsWith(prefix) ? t.substring(prefix.length()) : t;
            for (int i = 0; i < names.length; i++) if (names[i].equals(bare)) return i;
            if (!t.isEmpty() && t.chars().allMatch(Character::isDigit)) {
                if (t.length() < 4 && Integer.parseInt(t) < names.length) return Integer.parseInt(t);
                throw new LayoutArgumentException("\"" + LayoutArgumentException.quote(text) + "\": " + prefix + " has the values 0 to "
                        + (names.length - 1) + " in cuda.h");
            }
            if (this == DATA_TYPE) {
                try {
                    return TmaDataType.parse(text).code;
                } catch (LayoutArgumentException notAnElement) {
                    // refused below, in the enum's words
                }
            }
            throw new LayoutArgumentException("\"" + LayoutArgumentException.quote(text) + "\" is none of " + words());
        }
    }

    /**
     * One call of {@code cuTensorMapEncodeTiled}, its arguments as logged.
     *
     * @param dataType       the {@code CUtensorMapDataType} code
     * @param rank           tensorRank
     * @param globalAddress  the global address
     * @param globalDim      per dimension, its extent in elements
     * @param globalStrides  dimensions 1 … rank−1's strides in bytes
     * @param boxDim         the box's extents
     * @param elementStrides the traversal steps
     * @param interleave     the {@code CUtensorMapInterleave} code
     * @param swizzle        the {@code CUtensorMapSwizzle} code
     * @param l2Promotion    the {@code CUtensorMapL2promotion} code
     * @param oobFill        the {@code CUtensorMapFloatOOBfill} code
     */
    public record Call(int dataType, long rank, long globalAddress, List<Long> globalDim, List<Long> globalStrides,
                       List<Long> boxDim, List<Long> elementStrides, int interleave, int swizzle, int l2Promotion, int oobFill) {
        public Call {
            globalDim = List.copyOf(globalDim);
            globalStrides = List.copyOf(globalStrides);
            boxDim = List.copyOf(boxDim);
            elementStrides = List.copyOf(elementStrides);
        }
    }

    /**
     * The doctor's answer.
     *
     * @param words        the arguments in words, one entry per argument: its name and what it says
     * @param findings     the rules broken, in {@link EncodeTiledRule}'s order
     * @param smemBox      the box in shared memory, as a CuTe layout of element offsets in the pointer form
     * @param globalTensor the global tensor, as a CuTe layout in elements
     * @param globalTile   the elements of the global tensor the box at coordinate 0 covers
     * @param boxBytes     the bytes one box moves (the mbarrier's transaction count), where the layouts are given
     */
    public record Diagnosis(List<String> words, List<Finding> findings, Optional<String> smemBox, Optional<Layout> globalTensor,
                            Optional<Layout> globalTile, Optional<Long> boxBytes) {
        /** The names of the rules broken. */
        public List<String> broken() {
            return findings.stream().map(Finding::rule).toList();
        }
    }

    /**
     * The items' text of a list as a log writes it: inside its brackets, {@code (…)}, {@code {…}} or {@code […]}, or
     * the whole text where it has none.
     *
     * @throws LayoutArgumentException naming the text where a bracket is not closed by its own
     */
    private static String listBody(String text) {
        String t = text.strip();
        if (t.length() >= 2 && "({[".indexOf(t.charAt(0)) >= 0) {
            char close = ")}]".charAt("({[".indexOf(t.charAt(0)));
            if (t.charAt(t.length() - 1) != close) {
                throw new LayoutArgumentException("\"" + LayoutArgumentException.quote(text) + "\": a list opened by '" + t.charAt(0)
                        + "' closes with '" + close + "'");
            }
            t = t.substring(1, t.length() - 1).strip();
        }
        return t;
    }

    /**
     * Reads a list of integers as a log writes it: {@code (1024,512)}, {@code {1024, 512}}, {@code [1024,512]} or one
     * integer; decimal or {@code 0x} hexadecimal, with C's {@code u}, {@code l} suffixes allowed. Each is a value of
     * the driver's 64-bit unsigned type, read here below 2^63.
     *
     * @throws LayoutArgumentException naming the text where it is no such list
     */
    public static List<Long> parseList(String text) {
        String t = listBody(text);
        List<Long> out = new ArrayList<>();
        if (t.isEmpty()) return List.of();
        for (String item : t.split(",", -1)) out.add(parseNumber(item, text));
        return List.copyOf(out);
    }

    /**
     * One unsigned integer as a log writes it: decimal or {@code 0x} hexadecimal, with C's {@code u}, {@code l}
     * suffixes allowed, below 2^63.
     *
     * @throws LayoutArgumentException naming the text where it is no such integer
     */
    public static long parseNumber(String item, String whole) {
        String s = item.strip().replaceFirst("(?i)[ul]+$", "");
        BigInteger v;
        try {
            v = s.startsWith("0x") || s.startsWith("0X") ? new BigInteger(s.substring(2), 16) : new BigInteger(s);
        } catch (NumberFormatException e) {
            throw new LayoutArgumentException("\"" + LayoutArgumentException.quote(whole) + "\": \"" + LayoutArgumentException.quote(item.strip())
                    + "\" is no integer (decimal, or 0x and hexadecimal digits)");
        }
        if (v.signum() < 0 || v.bitLength() > 63) {
            throw new LayoutArgumentException("\"" + LayoutArgumentException.quote(whole) + "\": " + v + " is outside 0 to 2^63-1,"
                    + " which holds every value cuTensorMapEncodeTiled takes");
        }
        return v.longValueExact();
    }

    /** The data type's element bits (4 and 6 for the packed types). */
    static int bits(int dataType) {
        return DATA_TYPE_BITS[dataType];
    }

    private static boolean packed(int dataType) {
        return dataType >= U4_ALIGN8B;
    }

    private static boolean floating(int dataType) {
        return dataType >= 6 && dataType <= 12;
    }

    /** Decodes and checks one call. */
    public static Diagnosis examine(Call c) {
        List<Finding> out = new ArrayList<>();
        int bits = bits(c.dataType());
        boolean packed = packed(c.dataType());
        boolean wide = c.interleave() == INTERLEAVE_32B || c.dataType() == U4_ALIGN16B || c.dataType() == U6_ALIGN16B;
        long align = wide ? EncodeTiledRule.WIDE_ALIGNMENT : EncodeTiledRule.ALIGNMENT;
        long rank = c.rank();
        if (!EncodeTiledRule.rankFits(rank)) {
            out.add(finding(EncodeTiledRule.TENSOR_RANK, "tensorRank " + rank, "tensorRank " + Math.max(1, Math.min(rank, 5))));
        }
        if (c.interleave() != INTERLEAVE_NONE && rank < 3) {
            out.add(finding(EncodeTiledRule.RANK_WITH_INTERLEAVE, "tensorRank " + rank + " with " + Enum.INTERLEAVE.name(c.interleave()),
                    "tensorRank 3 or more (a dimension of extent 1 added), or " + Enum.INTERLEAVE.name(0)));
        }
        int r = (int) Math.max(0, Math.min(rank, 64));
        List<String> lengths = new ArrayList<>();
        if (c.globalDim().size() != r) lengths.add("globalDim has " + c.globalDim().size());
        if (c.globalStrides().size() != Math.max(0, r - 1)) lengths.add("globalStrides has " + c.globalStrides().size());
        if (c.boxDim().size() != r) lengths.add("boxDim has " + c.boxDim().size());
        if (c.elementStrides().size() != r) lengths.add("elementStrides has " + c.elementStrides().size());
        if (!lengths.isEmpty()) {
            out.add(finding(EncodeTiledRule.LIST_LENGTHS, String.join(", ", lengths) + " entries for tensorRank " + rank,
                    "tensorRank " + c.globalDim().size() + " with " + Math.max(0, c.globalDim().size() - 1) + " globalStrides, or the"
                    + " lists cut to tensorRank " + rank + " (the driver reads tensorRank entries of each, whatever the log shows)"));
        }
        addressDimsStrides(c.dataType(), c.globalAddress(), c.globalDim(), c.globalStrides(), align, out);
        List<String> boxes = new ArrayList<>(), nearBoxes = new ArrayList<>();
        for (int i = 0; i < c.boxDim().size(); i++) {
            long b = c.boxDim().get(i);
            if (!EncodeTiledRule.boxDimFits(b)) {
                boxes.add("boxDim[" + i + "] = " + b);
                nearBoxes.add("boxDim[" + i + "] = " + (b <= 0 ? 1 : 256) + (b > 256 ? " (the box split into " + (b / 256 + (b % 256 == 0 ? 0 : 1))
                        + " copies along dimension " + i + ")" : ""));
            }
        }
        if (!boxes.isEmpty()) out.add(finding(EncodeTiledRule.BOX_DIM_BOUNDS, String.join(", ", boxes), String.join(", ", nearBoxes)));
        Optional<Long> innerBytes = Optional.empty();
        if (!c.boxDim().isEmpty() && !packed && c.boxDim().getFirst() <= TmaDescriptor.MAX_GLOBAL_DIM) { // past it, box-dim-bounds says all
            long b0 = c.boxDim().getFirst();
            long inner = b0 * (bits / 8);
            innerBytes = Optional.of(inner);
            if (c.interleave() == INTERLEAVE_NONE && !EncodeTiledRule.innerBoxBytesAligned(inner)) {
                long per = 16 / (bits / 8);
                long down = b0 - b0 % per;
                out.add(finding(EncodeTiledRule.BOX_INNER_BYTES, "boxDim[0] = " + b0 + " elements of " + bits / 8 + " bytes = " + inner
                        + " bytes, not a multiple of 16", "boxDim[0] = " + (down == 0 ? per : down + " or " + (down + per))
                        + " (a multiple of " + per + " elements)"));
            }
        }
        if ((c.dataType() == U4_ALIGN16B || c.dataType() == U6_ALIGN16B) && !c.boxDim().isEmpty() && c.boxDim().getFirst() != 128) {
            out.add(finding(EncodeTiledRule.BOX_DIM_PACKED, "boxDim[0] = " + c.boxDim().getFirst() + " for "
                    + Enum.DATA_TYPE.name(c.dataType()), "boxDim[0] = 128"));
        }
        elementStrides(c.elementStrides(), out);
        int span = swizzleSpan(c.swizzle());
        if (c.interleave() == INTERLEAVE_NONE && c.swizzle() != SWIZZLE_NONE && innerBytes.isPresent()
                && !EncodeTiledRule.withinSwizzleSpan(innerBytes.get(), span)) {
            long inner = innerBytes.get();
            String wider = inner <= 128 ? ", or " + Enum.SWIZZLE.name(inner <= 32 ? 1 : inner <= 64 ? 2 : 3) : "";
            out.add(finding(EncodeTiledRule.SWIZZLE_SPAN, "the box's inner dimension is " + c.boxDim().getFirst() + " elements = "
                    + inner + " bytes, past " + Enum.SWIZZLE.name(c.swizzle()) + "'s span of " + span + " bytes",
                    "boxDim[0] = " + span / (bits / 8) + " (the tile's inner dimension split into boxes of " + span + " bytes)" + wider));
        }
        interleaveSwizzleFill(c.dataType(), c.interleave(), c.swizzle(), c.oobFill(), out);
        Optional<Layout> tensor = Optional.empty(), tile = Optional.empty();
        Optional<Long> bytes = Optional.empty();
        try { // a tensor of more than 2^63 elements has no layout here: the layouts are left out, as where no rule lets them be drawn
            tensor = globalTensor(c, out);
            tile = globalTile(c, out);
            bytes = boxBytes(c, out);
        } catch (ArithmeticException | IllegalArgumentException tooLarge) {
            tensor = Optional.empty();
            tile = Optional.empty();
            bytes = Optional.empty();
        }
        if (tensor.isEmpty() || tile.isEmpty() || bytes.isEmpty()) {
            tensor = Optional.empty();
            tile = Optional.empty();
            bytes = Optional.empty();
        }
        return new Diagnosis(words(c), List.copyOf(out), smemBox(c, out), tensor, tile, bytes);
    }

    /**
     * One call of {@code cuTensorMapEncodeIm2col}, its arguments as logged.
     *
     * @param dataType         the {@code CUtensorMapDataType} code
     * @param rank             tensorRank
     * @param globalAddress    the global address
     * @param globalDim        per dimension, its extent in elements (C, W, H, D, N as CuTe passes them)
     * @param globalStrides    dimensions 1 … rank−1's strides in bytes
     * @param lowerCorner      pixelBoxLowerCorner, signed
     * @param upperCorner      pixelBoxUpperCorner, signed
     * @param channelsPerPixel channelsPerPixel
     * @param pixelsPerColumn  pixelsPerColumn
     * @param elementStrides   the traversal steps
     * @param interleave       the {@code CUtensorMapInterleave} code
     * @param swizzle          the {@code CUtensorMapSwizzle} code
     * @param l2Promotion      the {@code CUtensorMapL2promotion} code
     * @param oobFill          the {@code CUtensorMapFloatOOBfill} code
     */
    public record Im2colCall(int dataType, long rank, long globalAddress, List<Long> globalDim, List<Long> globalStrides,
                             List<Long> lowerCorner, List<Long> upperCorner, long channelsPerPixel, long pixelsPerColumn,
                             List<Long> elementStrides, int interleave, int swizzle, int l2Promotion, int oobFill) {
        public Im2colCall {
            globalDim = List.copyOf(globalDim);
            globalStrides = List.copyOf(globalStrides);
            lowerCorner = List.copyOf(lowerCorner);
            upperCorner = List.copyOf(upperCorner);
            elementStrides = List.copyOf(elementStrides);
        }
    }

    /**
     * Reads a list of signed integers as a log writes it ({@code (-1,-1)}, {@code {-1, -1}}, {@code [-1,-1]}): C's
     * {@code int}, −2^31 to 2^31−1, as cuTensorMapEncodeIm2col's corners are.
     *
     * @throws LayoutArgumentException naming the text where it is no such list
     */
    public static List<Long> parseSignedList(String text) {
        String t = listBody(text);
        List<Long> out = new ArrayList<>();
        if (t.isEmpty()) return List.of();
        for (String item : t.split(",", -1)) {
            String x = item.strip();
            boolean negative = x.startsWith("-");
            long v = parseNumber(negative ? x.substring(1) : x, text);
            long signed = negative ? -v : v;
            if (signed < Integer.MIN_VALUE || signed > Integer.MAX_VALUE) {
                throw new LayoutArgumentException("\"" + LayoutArgumentException.quote(text) + "\": " + signed + " is outside C's int,"
                        + " -2^31 to 2^31-1, which the corners are");
            }
            out.add(signed);
        }
        return List.copyOf(out);
    }

    /**
     * The im2col doctor's answer.
     *
     * @param words    the arguments in words, one entry per argument of the call, in its order
     * @param findings the rules broken: the ones both calls share ({@link EncodeTiledRule}) and im2col's own
     *                 ({@link EncodeIm2colRule}), in the order of cuda.h's comment
     */
    public record Im2colDiagnosis(List<String> words, List<Finding> findings) {
        /** The names of the rules broken. */
        public List<String> broken() {
            return findings.stream().map(Finding::rule).toList();
        }
    }

    /** Decodes and checks one call of {@code cuTensorMapEncodeIm2col}. */
    public static Im2colDiagnosis examine(Im2colCall c) {
        List<Finding> out = new ArrayList<>();
        int bits = bits(c.dataType());
        boolean wide = c.interleave() == INTERLEAVE_32B || c.dataType() == U4_ALIGN16B || c.dataType() == U6_ALIGN16B;
        long align = wide ? EncodeTiledRule.WIDE_ALIGNMENT : EncodeTiledRule.ALIGNMENT;
        long rank = c.rank();
        boolean rankOk = EncodeIm2colRule.rankFits(rank);
        if (!rankOk) {
            out.add(finding(EncodeIm2colRule.IM2COL_RANK, "tensorRank " + rank, "tensorRank " + Math.max(3, Math.min(rank, 5))
                    + " (3 for NWC, 4 for NHWC, 5 for NDHWC)"));
        }
        int r = (int) Math.max(0, Math.min(rank, 64));
        List<String> lengths = new ArrayList<>();
        if (c.globalDim().size() != r) lengths.add("globalDim has " + c.globalDim().size());
        if (c.globalStrides().size() != Math.max(0, r - 1)) lengths.add("globalStrides has " + c.globalStrides().size());
        if (c.lowerCorner().size() != Math.max(0, r - 2)) lengths.add("pixelBoxLowerCorner has " + c.lowerCorner().size());
        if (c.upperCorner().size() != Math.max(0, r - 2)) lengths.add("pixelBoxUpperCorner has " + c.upperCorner().size());
        if (c.elementStrides().size() != r) lengths.add("elementStrides has " + c.elementStrides().size());
        boolean lengthsOk = lengths.isEmpty();
        if (!lengthsOk) {
            out.add(finding(EncodeIm2colRule.IM2COL_LIST_LENGTHS, String.join(", ", lengths) + " entries for tensorRank " + rank,
                    "tensorRank " + c.globalDim().size() + " with " + Math.max(0, c.globalDim().size() - 1) + " globalStrides and "
                    + Math.max(0, c.globalDim().size() - 2) + " offsets a corner, or the lists cut to tensorRank " + rank));
        }
        addressDimsStrides(c.dataType(), c.globalAddress(), c.globalDim(), c.globalStrides(), align, out);
        if (rankOk) {
            long max = EncodeIm2colRule.maxCorner(rank);
            List<String> off = new ArrayList<>();
            for (int i = 0; i < c.lowerCorner().size(); i++) {
                if (!EncodeIm2colRule.cornerFits(c.lowerCorner().get(i), rank)) off.add("pixelBoxLowerCorner[" + i + "] = " + c.lowerCorner().get(i));
            }
            for (int i = 0; i < c.upperCorner().size(); i++) {
                if (!EncodeIm2colRule.cornerFits(c.upperCorner().get(i), rank)) off.add("pixelBoxUpperCorner[" + i + "] = " + c.upperCorner().get(i));
            }
            if (!off.isEmpty()) {
                out.add(finding(EncodeIm2colRule.CORNER_RANGE, String.join(", ", off) + ", outside [" + (-max - 1) + ", " + max + "] at"
                        + " tensorRank " + rank, "offsets within [" + (-max - 1) + ", " + max + "]"));
            }
        }
        if (lengthsOk) {
            List<String> empty = new ArrayList<>();
            for (int i = 0; i + 2 < r; i++) {
                long extent = c.globalDim().get(i + 1), lo = c.lowerCorner().get(i), hi = c.upperCorner().get(i);
                if (!EncodeIm2colRule.boxHasArea(extent, lo, hi)) {
                    empty.add("dimension " + (i + 1) + " (extent " + extent + "): from " + lo + " to " + extent + " - 1 + " + hi + ", "
                            + (extent + hi - lo) + " pixels");
                }
            }
            if (!empty.isEmpty()) {
                out.add(finding(EncodeIm2colRule.BOX_AREA, String.join(", ", empty) + " (corner i pairs with dimension i + 1, W first,"
                        + " as CuTe passes them)", "corners whose box holds a pixel: extent + upper - lower >= 1 along each"));
            }
        }
        if (!EncodeIm2colRule.channelsFit(c.channelsPerPixel())) {
            out.add(finding(EncodeIm2colRule.CHANNELS_PER_PIXEL, "channelsPerPixel = " + c.channelsPerPixel(), "channelsPerPixel = "
                    + (c.channelsPerPixel() <= 0 ? 1 : EncodeIm2colRule.MAX_CHANNELS) + (c.channelsPerPixel() > EncodeIm2colRule.MAX_CHANNELS
                    ? " (the channels split into copies of 256)" : "")));
        }
        if ((c.dataType() == U4_ALIGN16B || c.dataType() == U6_ALIGN16B) && c.channelsPerPixel() != 128) {
            out.add(finding(EncodeIm2colRule.CHANNELS_PACKED, "channelsPerPixel = " + c.channelsPerPixel() + " for "
                    + Enum.DATA_TYPE.name(c.dataType()), "channelsPerPixel = 128"));
        }
        if (!EncodeIm2colRule.pixelsFit(c.pixelsPerColumn())) {
            out.add(finding(EncodeIm2colRule.PIXELS_PER_COLUMN, "pixelsPerColumn = " + c.pixelsPerColumn(), "pixelsPerColumn = "
                    + (c.pixelsPerColumn() <= 0 ? 1 : EncodeIm2colRule.MAX_PIXELS)));
        }
        elementStrides(c.elementStrides(), out);
        if (c.interleave() == INTERLEAVE_NONE && c.swizzle() != SWIZZLE_NONE && !packed(c.dataType())
                && c.channelsPerPixel() <= EncodeIm2colRule.MAX_CHANNELS) {
            long inner = c.channelsPerPixel() * (bits / 8);
            int span = swizzleSpan(c.swizzle());
            if (!EncodeTiledRule.withinSwizzleSpan(inner, span)) {
                String wider = inner <= 128 ? ", or " + Enum.SWIZZLE.name(inner <= 32 ? 1 : inner <= 64 ? 2 : 3) : "";
                out.add(finding(EncodeIm2colRule.CHANNELS_SWIZZLE_SPAN, "channelsPerPixel = " + c.channelsPerPixel() + " elements = " + inner
                        + " bytes, past " + Enum.SWIZZLE.name(c.swizzle()) + "'s span of " + span + " bytes", "channelsPerPixel = "
                        + span / (bits / 8) + " (the channels split into copies of " + span + " bytes)" + wider));
            }
        }
        interleaveSwizzleFill(c.dataType(), c.interleave(), c.swizzle(), c.oobFill(), out);
        List<String> tiled = words(new Call(c.dataType(), rank, c.globalAddress(), c.globalDim(), c.globalStrides(), List.of(),
                c.elementStrides(), c.interleave(), c.swizzle(), c.l2Promotion(), c.oobFill()));
        List<String> w = new ArrayList<>(tiled.subList(0, 5));
        w.set(3, "globalDim " + tuple(c.globalDim()) + " elements, dimension 0 (C) innermost, then W, H, D, N");
        w.add("pixelBoxLowerCorner " + tuple(c.lowerCorner()) + ": the first filter window's offset, W first as CuTe passes it");
        w.add("pixelBoxUpperCorner " + tuple(c.upperCorner()) + ": the last window's offset from the far corner");
        w.add("channelsPerPixel " + c.channelsPerPixel() + (packed(c.dataType()) ? "" : " = " + c.channelsPerPixel() * (bits / 8)
                + " bytes a pixel"));
        w.add("pixelsPerColumn " + c.pixelsPerColumn() + " pixels a copy");
        w.add("elementStrides " + tuple(c.elementStrides()) + ": the traversal stride along W, H, D (the first is ignored without an interleave)");
        w.addAll(tiled.subList(7, 11));
        return new Im2colDiagnosis(List.copyOf(w), List.copyOf(out));
    }

    private static Finding finding(EncodeIm2colRule rule, String problem, String nearest) {
        return new Finding(rule.id, problem + " (cuda.h: " + rule.text + ")", nearest);
    }

    /** The rules of the address, the global dimensions and strides, which cuTensorMapEncodeTiled and cuTensorMapEncodeIm2col share. */
    private static void addressDimsStrides(int dataType, long globalAddress, List<Long> globalDim, List<Long> globalStrides, long align,
                                           List<Finding> out) {
        if (!EncodeTiledRule.aligned(globalAddress, align)) {
            long down = globalAddress - globalAddress % align;
            out.add(finding(EncodeTiledRule.GLOBAL_ADDRESS_ALIGNMENT, "globalAddress " + hex(globalAddress) + " is "
                    + globalAddress % align + " bytes past a multiple of " + align, "globalAddress " + hex(down)
                    + (down <= Long.MAX_VALUE - align ? " or " + hex(down + align) : "")));
        }
        List<String> dims = new ArrayList<>(), nearDims = new ArrayList<>();
        for (int i = 0; i < globalDim.size(); i++) {
            long d = globalDim.get(i);
            if (!EncodeTiledRule.globalDimFits(d)) {
                dims.add("globalDim[" + i + "] = " + d);
                nearDims.add("globalDim[" + i + "] = " + (d <= 0 ? 1 : 1L << 32));
            }
        }
        if (!dims.isEmpty()) out.add(finding(EncodeTiledRule.GLOBAL_DIM_BOUNDS, String.join(", ", dims), String.join(", ", nearDims)));
        if (packed(dataType) && !globalDim.isEmpty()) {
            long m = dataType == U4_ALIGN8B ? 2 : 128, d0 = globalDim.getFirst();
            if (d0 % m != 0) {
                out.add(finding(EncodeTiledRule.GLOBAL_DIM_PACKED, "globalDim[0] = " + d0 + " for " + Enum.DATA_TYPE.name(dataType),
                        "globalDim[0] = " + (d0 < TmaDescriptor.MAX_GLOBAL_DIM ? d0 + m - d0 % m : TmaDescriptor.MAX_GLOBAL_DIM)
                        + " (padded to a multiple of " + m + ")"));
            }
        }
        List<String> misaligned = new ArrayList<>(), nearStrides = new ArrayList<>(), past = new ArrayList<>();
        for (int i = 0; i < globalStrides.size(); i++) {
            long s = globalStrides.get(i);
            if (!EncodeTiledRule.aligned(s, align)) {
                misaligned.add("globalStrides[" + i + "] = " + s);
                nearStrides.add("globalStrides[" + i + "] = " + (s < TmaDescriptor.MAX_GLOBAL_STRIDE ? s + align - s % align + " (padded)"
                        : "a multiple of " + align + " below 2^40"));
            }
            if (!EncodeTiledRule.globalStrideFits(s)) past.add("globalStrides[" + i + "] = " + s);
        }
        if (!misaligned.isEmpty()) {
            out.add(finding(EncodeTiledRule.GLOBAL_STRIDES_ALIGNMENT, String.join(", ", misaligned) + " bytes, not a multiple of "
                    + align, String.join(", ", nearStrides)));
        }
        if (!past.isEmpty()) {
            out.add(finding(EncodeTiledRule.GLOBAL_STRIDES_BOUND, String.join(", ", past) + " bytes, not below 2^40 = "
                    + (1L << 40), "strides below 2^40: split the tensor, or give the dimension its own tensor map"));
        }
    }

    /** The rule of the element strides, which both calls share. */
    private static void elementStrides(List<Long> elementStrides, List<Finding> out) {
        List<String> steps = new ArrayList<>(), nearSteps = new ArrayList<>();
        for (int i = 0; i < elementStrides.size(); i++) {
            long e = elementStrides.get(i);
            if (!EncodeTiledRule.elementStrideFits(e)) {
                steps.add("elementStrides[" + i + "] = " + e);
                nearSteps.add("elementStrides[" + i + "] = " + (e <= 0 ? 1 : 8));
            }
        }
        if (!steps.isEmpty()) out.add(finding(EncodeTiledRule.ELEMENT_STRIDES_BOUNDS, String.join(", ", steps), String.join(", ", nearSteps)));
    }

    /** The rules of the interleave, the swizzles of the packed types and the NaN fill, which both calls share. */
    private static void interleaveSwizzleFill(int dataType, int interleave, int swizzle, int oobFill, List<Finding> out) {
        if (interleave == INTERLEAVE_32B && swizzle != SWIZZLE_32B) {
            out.add(finding(EncodeTiledRule.INTERLEAVE_32B_SWIZZLE, Enum.SWIZZLE.name(swizzle) + " with " + Enum.INTERLEAVE.name(interleave)
                    + ", which an H100's driver (580.159.04) encodes all the same, though cuda.h says otherwise",
                    Enum.SWIZZLE.name(SWIZZLE_32B)));
        }
        if (dataType == U6_ALIGN16B && interleave != INTERLEAVE_NONE) {
            out.add(finding(EncodeTiledRule.PACKED_INTERLEAVE, Enum.INTERLEAVE.name(interleave) + " with " + Enum.DATA_TYPE.name(dataType),
                    Enum.INTERLEAVE.name(INTERLEAVE_NONE)));
        }
        if (dataType == U6_ALIGN16B || dataType == U4_ALIGN16B) {
            List<Integer> allowed = dataType == U6_ALIGN16B ? List.of(SWIZZLE_NONE, SWIZZLE_128B, SWIZZLE_128B_ATOM_32B, SWIZZLE_128B_ATOM_64B)
                    : List.of(SWIZZLE_NONE, SWIZZLE_128B, SWIZZLE_128B_ATOM_32B);
            if (!allowed.contains(swizzle)) {
                out.add(finding(EncodeTiledRule.PACKED_SWIZZLE, Enum.SWIZZLE.name(swizzle) + " with " + Enum.DATA_TYPE.name(dataType),
                        allowed.stream().map(Enum.SWIZZLE::name).collect(Collectors.joining(", "))));
            }
        }
        if (oobFill != 0 && (!floating(dataType) || packed(dataType))) {
            out.add(finding(EncodeTiledRule.OOB_FILL_FLOAT, Enum.OOB_FILL.name(oobFill) + " with " + Enum.DATA_TYPE.name(dataType),
                    Enum.OOB_FILL.name(0) + " (zeros)"));
        }
    }

    private static Finding finding(EncodeTiledRule rule, String problem, String nearest) {
        return new Finding(rule.id, problem + " (cuda.h: " + rule.text + ")", nearest);
    }

    /** The swizzle's span in bytes: {@link TmaSwizzle#span} for SM90's four, 128 for the 128-byte atoms. */
    private static int swizzleSpan(int code) {
        return code <= SWIZZLE_128B ? TmaSwizzle.values()[code].span : 128;
    }

    private static List<String> words(Call c) {
        List<String> w = new ArrayList<>();
        int bits = bits(c.dataType());
        w.add(Enum.DATA_TYPE.name(c.dataType()) + " (" + c.dataType() + "): " + (bits < 8 ? "16 packed " + bits + "-bit values"
                + (c.dataType() == U4_ALIGN8B ? " in 8 bytes" : " in 16 bytes") + " (an H100's driver, 580.159.04, refuses the"
                + " packed types)" : bits / 8 + "-byte elements"));
        w.add("tensorRank " + c.rank());
        w.add("globalAddress " + hex(c.globalAddress()));
        w.add("globalDim " + tuple(c.globalDim()) + " elements, dimension 0 innermost");
        w.add("globalStrides " + tuple(c.globalStrides()) + " bytes, of dimensions 1 to " + (c.rank() - 1)
                + (bits >= 8 && c.globalStrides().stream().allMatch(s -> s % (bits / 8) == 0)
                        ? " = " + tuple(c.globalStrides().stream().map(s -> s / (bits / 8)).toList()) + " elements" : ""));
        w.add("boxDim " + tuple(c.boxDim()) + " elements a copy");
        w.add("elementStrides " + tuple(c.elementStrides()) + (c.interleave() == INTERLEAVE_NONE ? " (the first is ignored without an interleave)" : ""));
        w.add(Enum.INTERLEAVE.name(c.interleave()) + " (" + c.interleave() + ")");
        w.add(Enum.SWIZZLE.name(c.swizzle()) + " (" + c.swizzle() + ")" + (c.swizzle() == SWIZZLE_NONE ? ": no swizzle"
                : c.swizzle() <= SWIZZLE_128B ? ": 16-byte chunks swizzled in " + swizzleSpan(c.swizzle()) + "-byte spans, CuTe's "
                        + TmaSwizzle.values()[c.swizzle()].byteSwizzle() + " of byte addresses"
                : ": " + (c.swizzle() == SWIZZLE_128B_ATOM_64B ? "64" : "32") + "-byte chunks swizzled in 128-byte spans"
                        + (c.swizzle() == SWIZZLE_128B_ATOM_32B ? ", CuTe's Sw<2,5,2> of byte addresses" : "")));
        w.add(Enum.L2_PROMOTION.name(c.l2Promotion()) + " (" + c.l2Promotion() + ")");
        w.add(Enum.OOB_FILL.name(c.oobFill()) + " (" + c.oobFill() + "): out-of-bound elements read as "
                + (c.oobFill() == 0 ? "zeros" : "NaN"));
        return List.copyOf(w);
    }

    /** Whether the call is one whose box and tile read as layouts: whole-byte elements, no interleave, lists of rank. */
    private static boolean drawable(Call c, List<Finding> findings) {
        return c.interleave() == INTERLEAVE_NONE && !packed(c.dataType()) && findings.stream().noneMatch(f ->
                f.rule().equals(EncodeTiledRule.LIST_LENGTHS.id) || f.rule().equals(EncodeTiledRule.TENSOR_RANK.id)
                        || f.rule().equals(EncodeTiledRule.BOX_DIM_BOUNDS.id) || f.rule().equals(EncodeTiledRule.ELEMENT_STRIDES_BOUNDS.id)
                        || f.rule().equals(EncodeTiledRule.GLOBAL_DIM_BOUNDS.id));
    }

    /** The box's elements along each dimension: boxDim[0], then ceil(boxDim[i] / elementStrides[i]). */
    private static long[] boxExtents(Call c) {
        long[] n = new long[(int) c.rank()];
        for (int i = 0; i < n.length; i++) {
            long b = c.boxDim().get(i), e = i == 0 ? 1 : c.elementStrides().get(i);
            n[i] = (b + e - 1) / e;
        }
        return n;
    }

    private static Optional<Long> boxBytes(Call c, List<Finding> findings) {
        if (!drawable(c, findings)) return Optional.empty();
        long n = bits(c.dataType()) / 8;
        for (long x : boxExtents(c)) n = Math.multiplyExact(n, x);
        return Optional.of(n);
    }

    /**
     * The box in shared memory: dense, dimension 0 innermost, {@code (n0,n1,...):(1,n0,n0·n1,...)}, its bytes swizzled
     * by address as the mode says: {@code Sw<B,4,3> o smem_ptr[Nb](unset) o box} (CuTe's pointer form).
     */
    private static Optional<String> smemBox(Call c, List<Finding> findings) {
        if (!drawable(c, findings) || c.swizzle() == 5 || c.swizzle() == SWIZZLE_128B_ATOM_64B) return Optional.empty();
        long[] n = boxExtents(c);
        Layout box = Layout.colMajor(tupleOf(n));
        int bits = bits(c.dataType());
        int log2 = Integer.numberOfTrailingZeros(bits / 8);
        Swizzle bytes = c.swizzle() <= SWIZZLE_128B ? TmaSwizzle.values()[c.swizzle()].byteSwizzle() : new Swizzle(2, 5, 2);
        if (bytes.base() - log2 < 0) return Optional.empty();
        Swizzle elements = bytes.bits() == 0 ? Swizzle.IDENTITY : new Swizzle(bytes.bits(), bytes.base() - log2, bytes.shift());
        return Optional.of(ComposedLayout.pointer(elements, box, bits).toString());
    }

    /** The global tensor: {@code (globalDim...):(1, globalStrides / element bytes...)}, in elements. */
    private static Optional<Layout> globalTensor(Call c, List<Finding> findings) {
        if (!drawable(c, findings)) return Optional.empty();
        long bytes = bits(c.dataType()) / 8;
        long[] stride = new long[(int) c.rank()];
        stride[0] = 1;
        for (int i = 1; i < stride.length; i++) {
            long s = c.globalStrides().get(i - 1);
            if (s % bytes != 0) return Optional.empty();
            stride[i] = s / bytes;
        }
        long[] dims = c.globalDim().stream().mapToLong(Long::longValue).toArray();
        return Optional.of(Layout.of(tupleOf(dims), tupleOf(stride)));
    }

    /** The box at coordinate 0 in the global tensor: its extents, strided by elementStrides along dimensions 1 …. */
    private static Optional<Layout> globalTile(Call c, List<Finding> findings) {
        Optional<Layout> g = globalTensor(c, findings);
        if (g.isEmpty()) return Optional.empty();
        long[] n = boxExtents(c);
        long[] stride = new long[n.length];
        for (int i = 0; i < n.length; i++) {
            stride[i] = Math.multiplyExact(g.get().stride().mode(i).value(), i == 0 ? 1 : c.elementStrides().get(i));
        }
        return Optional.of(Layout.of(tupleOf(n), tupleOf(stride)));
    }

    private static IntTuple tupleOf(long[] xs) {
        if (xs.length == 1) return IntTuple.of(xs[0]);
        List<IntTuple> modes = new ArrayList<>();
        for (long x : xs) modes.add(IntTuple.of(x));
        return IntTuple.of(modes);
    }

    private static String tuple(List<Long> xs) {
        return xs.stream().map(String::valueOf).collect(Collectors.joining(",", "(", ")"));
    }

    private static String hex(long v) {
        return "0x" + Long.toHexString(v);
    }
}
