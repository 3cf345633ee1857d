package org.layoutcat.core.atom;

/**
 * The element types of the tensor-core instructions in the catalog, with their width in bits and PTX name. The
 * 6- and 4-bit floating-point types and the scale-factor types are those of the SM100 UMMA and SM120 atoms; the three
 * {@code DYNAMIC_*} types are CuTe's {@code type_erased_dynamic_float8_t}/{@code 6}/{@code 4}, whose format the
 * instruction descriptor names at run time (the PTX type is none of them: {@code .kind::f8f6f4} reads the descriptor).
 */
public enum Element {
    F16(16, "f16"), BF16(16, "bf16"), TF32(32, "tf32"), F32(32, "f32"), F64(64, "f64"), S8(8, "s8"), S32(32, "s32"),
    U8(8, "u8"), E4M3(8, "e4m3"), E5M2(8, "e5m2"), E2M3(6, "e2m3"), E3M2(6, "e3m2"), E2M1(4, "e2m1"), UE8M0(8, "ue8m0"),
    UE4M3(8, "ue4m3"), DYNAMIC_F8(8, "e4m3|e5m2 (at run time)"), DYNAMIC_F6(6, "e2m3|e3m2 (at run time)"),
    DYNAMIC_F4(4, "e2m1 (at run time)");

    private final int bits;
    private final String ptx;

    Element(int bits, String ptx) {
        this.bits = bits;
        this.ptx = ptx;
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
