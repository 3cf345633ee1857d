package org.layoutcat.core.umma;

import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.swizzle.GmmaSmemAtoms.Major;

/**
 * The 32-bit instruction descriptor of a block-scaled {@code tcgen05.mma}, as CuTe C++'s
 * {@code UMMA::make_instr_desc_block_scaled} and {@code make_runtime_instr_desc_block_scaled} write it
 * ({@code UMMA::InstrDescriptorBlockScaled}):
 * <pre>
 * bits  0–1  sparse_id2     bit  2  sparse_flag   bits 4–5  b_sf_id     bits 7–9  a_format   bits 10–12 b_format
 * bit  13    a_negate       bit 14  b_negate      bit 15 a_major        bit 16 b_major
 * bits 17–22 n_dim = N >> 3 bit 23  scale_format  bits 24–28 m_dim = M >> 4   bits 29–30 a_sf_id   bit 31 k_size
 * </pre>
 * It has no C format, saturation or max shift (their bits hold the scale factors' ids, format and the K size). The
 * scale factors' ids are the top two bits of their tensor-memory addresses ({@code (tmem_sf_addr & 0xC0000000) >> 30},
 * the byte within a 32-bit column); make_instr_desc_block_scaled writes 0, as it writes K size 0 (CuTe's K96 MXF4
 * atoms set 1 before the call).
 *
 * @param a           A's format
 * @param b           B's format
 * @param scaleFormat the scale factors' format
 * @param m           the MMA's M (a multiple of 16, up to 496)
 * @param n           the MMA's N (a multiple of 8, up to 504)
 * @param aMajor      A's major
 * @param bMajor      B's major
 * @param aNegate     whether A is negated
 * @param bNegate     whether B is negated
 * @param sparse      whether the MMA is sparse
 * @param sparseId2   the sparse metadata id2, 0 to 3 (0 for a dense MMA)
 * @param aSfId       A's scale-factor id, 0 to 3
 * @param bSfId       B's scale-factor id, 0 to 3
 * @param kSize       the K size bit: 0 (dense K32 for 8-bit, K64 for MXF4) or 1 (MXF4's K96)
 */
public record UmmaInstrDescriptorBlockScaled(UmmaFormat a, UmmaFormat b, ScaleFormat scaleFormat, int m, int n, Major aMajor,
        Major bMajor, boolean aNegate, boolean bNegate, boolean sparse, int sparseId2, int aSfId, int bSfId, int kSize) {

    /** CuTe's {@code UMMA::ScaleFormat} (bit 23): the scale factors' type. */
    public enum ScaleFormat {
        UE4M3("float_ue4m3_t"), UE8M0("float_ue8m0_t");

        /** CuTe's type. */
        public final String cuteType;

        ScaleFormat(String cuteType) {
            this.cuteType = cuteType;
        }

        /**
         * The format of a CuTe type name ({@code float_ue8m0_t}), or of its enumerator's name ({@code UE8M0}).
         *
         * @throws LayoutArgumentException for another type, in CuTe's words
         */
        public static ScaleFormat of(String type) {
            String t = UmmaFormat.strip(type);
            for (ScaleFormat f : values()) if (f.cuteType.equals(t) || f.name().equalsIgnoreCase(t)) return f;
            throw new LayoutArgumentException("\"" + LayoutArgumentException.quote(type) + "\" is not a scale-factor type: CuTe's"
                    + " to_ScaleFormat knows float_ue4m3_t and float_ue8m0_t (CuTe: \"Unknown type for ScaleFormat\")");
        }
    }

    /**
     * Checks the fields against their bits.
     *
     * @throws LayoutArgumentException where M or N is off its unit or past its bits, an id past 2 bits, sparse_id2 set on
     *         a dense MMA, or the K size not a bit
     */
    public UmmaInstrDescriptorBlockScaled {
        if (a == null || b == null || scaleFormat == null || aMajor == null || bMajor == null) {
            throw new LayoutArgumentException("a block-scaled UMMA instruction descriptor needs A's and B's formats, the scale"
                    + " format and both majors");
        }
        UmmaInstrDescriptor.checkShape(m, n);
        UmmaInstrDescriptor.checkSparseId2(sparse, sparseId2);
        if (aSfId < 0 || aSfId > 3 || bSfId < 0 || bSfId > 3) {
            throw new LayoutArgumentException("scale-factor ids " + aSfId + " and " + bSfId + ": each is 2 bits, 0 to 3");
        }
        if (kSize != 0 && kSize != 1) throw new LayoutArgumentException("k_size = " + kSize + ": the descriptor holds it in 1 bit");
    }

    /** The scale-factor id of a tensor-memory address, as make_runtime_instr_desc_block_scaled reads it: its top two bits. */
    public static int sfId(long tmemAddress) {
        if (tmemAddress < 0 || tmemAddress > 0xFFFF_FFFFL) {
            throw new LayoutArgumentException("tensor-memory address " + tmemAddress + ": a 32-bit address, 0 to 0xffffffff");
        }
        return (int) ((tmemAddress & 0xC000_0000L) >> 30);
    }

    /** The 32-bit descriptor, as {@code UMMA::InstrDescriptorBlockScaled::desc_} holds it. */
    public int value() {
        return sparseId2 | UmmaInstrDescriptor.bit(sparse) << 2 | bSfId << 4 | a.code << 7 | b.code << 10
                | UmmaInstrDescriptor.bit(aNegate) << 13 | UmmaInstrDescriptor.bit(bNegate) << 14 | aMajor.ordinal() << 15
                | bMajor.ordinal() << 16 | (n >> 3) << 17 | scaleFormat.ordinal() << 23 | (m >> 4) << 24 | aSfId << 29
                | kSize << 31;
    }

    /** make_runtime_instr_desc_block_scaled's 64-bit value: the descriptor in the upper 32 bits. */
    public long runtimeValue() {
        return Integer.toUnsignedLong(value()) << 32;
    }

    /** {@code 0x08800490}: the 32-bit value in hexadecimal, 8 digits. */
    @Override
    public String toString() {
        return UmmaInstrDescriptor.hex32(value());
    }
}
