package org.layoutcat.core.umma;

import java.util.Arrays;
import java.util.stream.Collectors;
import org.layoutcat.core.LayoutArgumentException;

/**
 * The element types a UMMA instruction descriptor names, as CuTe's {@code UMMA::to_UMMAFormat<T>} codes them
 * ({@code cute/arch/mma_sm100_desc.hpp}): each CuTe type, the format family its code belongs to
 * ({@link Kind}: {@code F16F32Format}, {@code S8Format}, {@code MXF8F6F4Format}, {@code MXF4Format}) and the 3-bit
 * code the descriptor's a_format and b_format hold. The same code means different types in different families (1 is
 * BF16, INT8, E5M2 or MXF4's E2M1), so the family is part of the value.
 */
public enum UmmaFormat {
    F16("half_t", Kind.F16F32, 0, "F16"),
    BF16("bfloat16_t", Kind.F16F32, 1, "BF16"),
    TF32("tfloat32_t", Kind.F16F32, 2, "TF32"),
    UINT8("uint8_t", Kind.S8, 0, "UINT8"),
    INT8("int8_t", Kind.S8, 1, "INT8"),
    E4M3("float_e4m3_t", Kind.MXF8F6F4, 0, "E4M3"),
    E5M2("float_e5m2_t", Kind.MXF8F6F4, 1, "E5M2"),
    E2M3("float_e2m3_t", Kind.MXF8F6F4, 3, "E2M3"),
    E3M2("float_e3m2_t", Kind.MXF8F6F4, 4, "E3M2"),
    E2M3_UNPACKSMEM("detail::float_e2m3_unpacksmem_t", Kind.MXF8F6F4, 3, "E2M3"),
    E3M2_UNPACKSMEM("detail::float_e3m2_unpacksmem_t", Kind.MXF8F6F4, 4, "E3M2"),
    E2M1_UNPACKSMEM("detail::float_e2m1_unpacksmem_t", Kind.MXF8F6F4, 5, "E2M1"),
    E2M1("float_e2m1_t", Kind.MXF4, 1, "E2M1"),
    DYNAMIC_FLOAT8("type_erased_dynamic_float8_t", Kind.MXF8F6F4, 7, "INVALID"),
    DYNAMIC_FLOAT6("type_erased_dynamic_float6_t", Kind.MXF8F6F4, 7, "INVALID"),
    DYNAMIC_FLOAT4("type_erased_dynamic_float4_t", Kind.MXF8F6F4, 7, "INVALID"),
    DYNAMIC_FLOAT6_UNPACKSMEM("detail::type_erased_dynamic_float6_unpacksmem_t", Kind.MXF8F6F4, 7, "INVALID"),
    DYNAMIC_FLOAT4_UNPACKSMEM("detail::type_erased_dynamic_float4_unpacksmem_t", Kind.MXF8F6F4, 7, "INVALID");

    /** The format families of CuTe's {@code UMMA} enums, by their C++ names. */
    public enum Kind {
        F16F32("F16F32Format"), S8("S8Format"), MXF8F6F4("MXF8F6F4Format"), MXF4("MXF4Format");

        /** CuTe's name of the enum. */
        public final String cute;

        Kind(String cute) {
            this.cute = cute;
        }
    }

    /** CuTe's type, as a template argument names it ({@code half_t}; {@code detail::...} in cutlass::detail). */
    public final String cuteType;
    /** The family of the code. */
    public final Kind kind;
    /** The 3-bit code of the descriptor's a_format, b_format. */
    public final int code;
    /** The enumerator's name in its family ({@code MXF8F6F4Format::E4M3}: E4M3). */
    public final String enumerator;

    UmmaFormat(String cuteType, Kind kind, int code, String enumerator) {
        this.cuteType = cuteType;
        this.kind = kind;
        this.code = code;
        this.enumerator = enumerator;
    }

    /** {@code MXF8F6F4Format::E4M3}: the code as CuTe's enum names it. */
    public String cuteEnum() {
        return kind.cute + "::" + enumerator;
    }

    /** The C++ type, qualified as a test program outside namespace cutlass writes it. */
    public String cppType() {
        return cuteType.startsWith("detail::") ? "cutlass::" + cuteType : cuteType;
    }

    /**
     * The format of a CuTe type name ({@code half_t}, {@code float_e4m3_t}, {@code cutlass::detail::float_e2m1_unpacksmem_t};
     * {@code cute::} and {@code cutlass::} prefixes read alike).
     *
     * @throws LayoutArgumentException for a type CuTe's to_UMMAFormat does not know, in its words
     */
    public static UmmaFormat of(String type) {
        String t = strip(type);
        for (UmmaFormat f : values()) if (f.cuteType.equals(t)) return f;
        throw new LayoutArgumentException("\"" + LayoutArgumentException.quote(type) + "\" is not a UMMA operand type: CuTe's"
                + " to_UMMAFormat knows " + Arrays.stream(values()).map(f -> f.cuteType).collect(Collectors.joining(", "))
                + " (CuTe: \"Unknown type for UMMAFormat\")");
    }

    /** The name without {@code cute::} or {@code cutlass::}, as CuTe's types are written inside its namespaces. */
    static String strip(String type) {
        String t = type.trim();
        for (String p : new String[] {"cute::", "cutlass::"}) if (t.startsWith(p)) t = t.substring(p.length());
        return t;
    }
}
