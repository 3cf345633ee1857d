package org.layoutcat.core.atom;

/** The element types of the tensor-core instructions in the catalog, with their width in bits and PTX name. */
public enum Element {
    F16(16, "f16"), BF16(16, "bf16"), TF32(32, "tf32"), F32(32, "f32"), F64(64, "f64"), S8(8, "s8"), S32(32, "s32"),
    U8(8, "u8"), E4M3(8, "e4m3"), E5M2(8, "e5m2");

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
