package org.layoutcat.core.tma;

import java.util.Locale;
import org.layoutcat.core.LayoutArgumentException;

/**
 * The driver's {@code CUtensorMapDataType}: the element of a tensor map, with its code ({@code cuda.h}) and its bits.
 * CuTe's {@code TMA::to_CUtensorMapDataType<T>} picks it from the element type: the 8-bit types (s8, u8, e4m3, e5m2)
 * as UINT8, half as FLOAT16, the 4-bit float e2m1 as 16U4_ALIGN8B and the 6-bit floats e2m3, e3m2 as 16U6_ALIGN16B
 * (CUDA 12.8 and later), and so on. The packed types count their values, not bytes: a dimension of 1024 e2m1 values
 * is 512 bytes long; an SM90 driver refuses them ({@link #takenBySm90}).
 */
public enum TmaDataType {
    UINT8(0, 8), UINT16(1, 16), UINT32(2, 32), INT32(3, 32), UINT64(4, 64), INT64(5, 64), FLOAT16(6, 16), FLOAT32(7, 32),
    FLOAT64(8, 64), BFLOAT16(9, 16), TFLOAT32(11, 32),
    /** {@code CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN8B}: 4-bit values, packed without gaps in shared memory. */
    U4X16_ALIGN8B(13, 4),
    /** {@code CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN16B}: 4-bit values, 8 bytes of them in each 16 of shared memory. */
    U4X16_ALIGN16B(14, 4),
    /** {@code CU_TENSOR_MAP_DATA_TYPE_16U6_ALIGN16B}: 6-bit values, 12 bytes of them in each 16 of shared memory. */
    U6X16_ALIGN16B(15, 6);

    /** The value of {@code CU_TENSOR_MAP_DATA_TYPE_...}. */
    public final int code;
    /** The element's bits. */
    public final int bits;

    TmaDataType(int code, int bits) {
        this.code = code;
        this.bits = bits;
    }

    /** The element's bits. */
    public int bits() {
        return bits;
    }

    /**
     * The element's bytes.
     *
     * @throws IllegalStateException for a packed type of 4- or 6-bit values, which has no whole bytes
     */
    public int bytes() {
        if (isPacked()) throw new IllegalStateException(this + " holds " + bits + "-bit values, not whole bytes");
        return bits / 8;
    }

    /** Whether it is one of the packed types of 4- or 6-bit values (16U4_ALIGN8B, 16U4_ALIGN16B, 16U6_ALIGN16B). */
    public boolean isPacked() {
        return bits < 8;
    }

    /**
     * Whether an SM90 device's driver takes it. Not the packed types: an H100's driver (CUDA 13.0, 580.159.04) returns
     * CUDA_ERROR_INVALID_VALUE from {@code cuTensorMapEncodeTiled} for 16U4_ALIGN8B and 16U6_ALIGN16B whatever the
     * other arguments ({@code gpu/experiments/tma-encode-rules/h100.txt}); they are SM100's, though cuda.h does not say
     * so. CuTe's {@code make_tma_copy} passes them on for any architecture.
     */
    public boolean takenBySm90() {
        return !isPacked();
    }

    /**
     * Whether it is one of the packed types the driver holds to 32-byte rules (16U4_ALIGN16B, 16U6_ALIGN16B: the
     * global address and strides a multiple of 32 bytes, the box's inner extent 128, the global inner extent a
     * multiple of 128).
     */
    public boolean isAlign16B() {
        return this == U4X16_ALIGN16B || this == U6X16_ALIGN16B;
    }

    /**
     * The bytes the tensor map's global address must be a multiple of ({@code cuda.h}, at
     * {@code cuTensorMapEncodeTiled}): 16, and 32 for 16U4_ALIGN16B and 16U6_ALIGN16B.
     */
    public int addressAlignment() {
        return isAlign16B() ? 32 : 16;
    }

    /** The driver's name, {@code CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN8B}, {@code CU_TENSOR_MAP_DATA_TYPE_FLOAT16}. */
    public String driverName() {
        return "CU_TENSOR_MAP_DATA_TYPE_" + switch (this) {
            case U4X16_ALIGN8B -> "16U4_ALIGN8B";
            case U4X16_ALIGN16B -> "16U4_ALIGN16B";
            case U6X16_ALIGN16B -> "16U6_ALIGN16B";
            default -> name();
        };
    }

    /** The words {@link #parse} takes. */
    public static final String WORDS = "an element type (f16, bf16, tf32, f32, f64, s8, u8, e4m3, e5m2, s32, u16, u32, s64, u64;"
            + " the sub-byte floats f4 = e2m1, f6 = e2m3 or e3m2) or its bytes (1, 2, 4, 8: an unsigned integer)";

    /**
     * The data type of an element named as CuTe and PTX name them ({@code f16}, {@code bf16}, {@code e4m3},
     * {@code e2m1}, ...), as CuTe's {@code to_CUtensorMapDataType} maps it, or of an unsigned element of 1, 2, 4 or 8
     * bytes.
     *
     * @throws LayoutArgumentException for any other text, naming it; for a 4-bit integer (u4, s4), which CuTe maps to
     *         no data type, saying how CUTLASS copies it
     */
    public static TmaDataType parse(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        return switch (t) {
            case "1", "u8", "uint8", "s8", "int8", "e4m3", "e5m2" -> UINT8;
            case "2", "u16", "uint16" -> UINT16;
            case "4", "u32", "uint32" -> UINT32;
            case "s32", "int32" -> INT32;
            case "8", "u64", "uint64" -> UINT64;
            case "s64", "int64" -> INT64;
            case "f16", "half", "half_t", "float16" -> FLOAT16;
            case "f32", "float", "float32" -> FLOAT32;
            case "f64", "double", "float64" -> FLOAT64;
            case "bf16", "bfloat16", "bfloat16_t" -> BFLOAT16;
            case "tf32", "tfloat32", "tfloat32_t" -> TFLOAT32;
            case "f4", "e2m1", "float_e2m1_t" -> U4X16_ALIGN8B;
            case "f6", "e2m3", "e3m2", "float_e2m3_t", "float_e3m2_t" -> U6X16_ALIGN16B;
            case "u4", "s4", "uint4", "int4", "uint4b_t", "int4b_t" -> throw new LayoutArgumentException(() -> "element \""
                    + LayoutArgumentException.quote(text) + "\": CuTe's to_CUtensorMapDataType has no 4-bit integer (make_tma_copy"
                    + " of int4b_t or uint4b_t fails its static assertion \"Unknown TMA Format!\"); CUTLASS's mixed-input mainloop"
                    + " passes TmaInternalType uint8_t and copies the 4-bit integers two to a byte: give the tensor and the tile in"
                    + " bytes, with elem u8");
            default -> throw new LayoutArgumentException(() -> "element \"" + LayoutArgumentException.quote(text) + "\": expected " + WORDS);
        };
    }
}
