package org.layoutcat.core.atom;

/**
 * The element types of the tensor-core instructions in the catalog, with their width in bits and PTX name. The
 * 6- and 4-bit floating-point types and the scale-factor types are those of the SM100 UMMA and SM120 atoms; the three
 * {@code DYNAMIC_*} types are CuTe's {@code type_erased_dynamic_float8_t}/{@code 6}/{@code 4}, whose format the
 * instruction descriptor names at run time (the PTX type is none of them: {@code .kind::f8f6f4} reads the descriptor).
 */
public enum Element {
    F16(16, "f16", "half_t"), BF16(16, "bf16", "bfloat16_t"), TF32(32, "tf32", "tfloat32_t"), F32(32, "f32", "float"),
    F64(64, "f64", "double"), S8(8, "s8", "int8_t"), S32(32, "s32", "int32_t"), U8(8, "u8", "uint8_t"),
    E4M3(8, "e4m3", "float_e4m3_t"), E5M2(8, "e5m2", "float_e5m2_t"), E2M3(6, "e2m3", "float_e2m3_t"),
    E3M2(6, "e3m2", "float_e3m2_t"), E2M1(4, "e2m1", "float_e2m1_t"), UE8M0(8, "ue8m0", "float_ue8m0_t"),
    UE4M3(8, "ue4m3", "float_ue4m3_t"), DYNAMIC_F8(8, "e4m3|e5m2 (at run time)", "type_erased_dynamic_float8_t"),
    DYNAMIC_F6(6, "e2m3|e3m2 (at run time)", "type_erased_dynamic_float6_t"),
    DYNAMIC_F4(4, "e2m1 (at run time)", "type_erased_dynamic_float4_t");

    private final int bits;
    private final String ptx;
    private final String cute;

    Element(int bits, String ptx, String cute) {
        this.bits = bits;
        this.ptx = ptx;
        this.cute = cute;
    }

    /** CuTe's name of the type ({@code half_t}, {@code float_e4m3_t}, {@code type_erased_dynamic_float8_t}). */
    public String cute() {
        return cute;
    }

    /** The width of one element in bits. */
    public int bits() {
        return bits;
    }

    /** The PTX type suffix, e.g. {@code f16}. */
    public String ptx() {
        return ptx;
    }
}
