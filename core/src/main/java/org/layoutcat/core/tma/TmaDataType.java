package org.layoutcat.core.tma;

import java.util.Locale;
import org.layoutcat.core.LayoutArgumentException;

/**
 * The driver's {@code CUtensorMapDataType}: the element of a tensor map, with its code ({@code cuda.h}) and its bytes.
 * CuTe's {@code TMA::to_CUtensorMapDataType<T>} picks it from the element type: the 8-bit types (s8, u8, e4m3, e5m2)
 * as UINT8, half as FLOAT16, and so on.
 */
public enum TmaDataType {
    UINT8(0, 1), UINT16(1, 2), UINT32(2, 4), INT32(3, 4), UINT64(4, 8), INT64(5, 8), FLOAT16(6, 2), FLOAT32(7, 4),
    FLOAT64(8, 8), BFLOAT16(9, 2), TFLOAT32(11, 4);

    /** The value of {@code CU_TENSOR_MAP_DATA_TYPE_...}. */
    public final int code;
    /** The element's bytes. */
    public final int bytes;

    TmaDataType(int code, int bytes) {
        this.code = code;
        this.bytes = bytes;
    }

    /** The element's bits. */
    public int bits() {
        return 8 * bytes;
    }

    /** The words {@link #parse} takes. */
    public static final String WORDS = "an element type (f16, bf16, tf32, f32, f64, s8, u8, e4m3, e5m2, s32, u16, u32, s64, u64)"
            + " or its bytes (1, 2, 4, 8: an unsigned integer)";

    /**
     * The data type of an element named as CuTe and PTX name them ({@code f16}, {@code bf16}, {@code e4m3}, ...), as
     * CuTe's {@code to_CUtensorMapDataType} maps it, or of an unsigned element of 1, 2, 4 or 8 bytes.
     *
     * @throws LayoutArgumentException for any other text, naming it
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
            default -> throw new LayoutArgumentException(() -> "element \"" + LayoutArgumentException.quote(text) + "\": expected " + WORDS);
        };
    }
}
