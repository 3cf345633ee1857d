package org.layoutcat.core.umma;

import java.util.Locale;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.swizzle.GmmaSmemAtoms.Major;

/**
 * The 32-bit instruction descriptor of a {@code tcgen05.mma}, as CuTe C++'s {@code UMMA::make_instr_desc} and
 * {@code make_runtime_instr_desc} write it ({@code UMMA::InstrDescriptor} of {@code cute/arch/mma_sm100_desc.hpp}):
 * <pre>
 * bits  0–1  sparse_id2     bit  2  sparse_flag   bit 3  saturate     bits 4–5  c_format
 * bits  7–9  a_format       bits 10–12 b_format   bit 13 a_negate     bit 14 b_negate    bit 15 a_major
 * bit  16    b_major        bits 17–22 n_dim = N >> 3                 bits 24–28 m_dim = M >> 4
 * bits 30–31 max_shift
 * </pre>
 * The runtime form is the descriptor in the upper 32 bits of a 64-bit value ({@code idescE}), with sparse_id2 set
 * where the MMA is sparse. Where CuTe would write a field that does not hold its value (M, N off their units or past
 * their bits; CuTe truncates without a word) it is refused; a type CuTe's to_UMMAFormat or to_CFormat does not know is
 * refused in its words.
 *
 * @param a         A's format
 * @param b         B's format
 * @param c         the accumulator's format
 * @param m         the MMA's M (a multiple of 16, up to 496)
 * @param n         the MMA's N (a multiple of 8, up to 504)
 * @param aMajor    A's major
 * @param bMajor    B's major
 * @param aNegate   whether A is negated (CuTe's {@code UMMA::ScaleIn::Neg})
 * @param bNegate   whether B is negated
 * @param saturate  whether the result saturates ({@code UMMA::Saturate::True})
 * @param sparse    whether the MMA is sparse
 * @param sparseId2 the sparse metadata id2, 0 to 3 (0 for a dense MMA: CuTe asserts it)
 * @param maxShift  the maximum shift of the weight-stationary instruction
 */
public record UmmaInstrDescriptor(UmmaFormat a, UmmaFormat b, CFormat c, int m, int n, Major aMajor, Major bMajor,
        boolean aNegate, boolean bNegate, boolean saturate, boolean sparse, int sparseId2, MaxShift maxShift) {

    /** CuTe's {@code UMMA::CFormat}: the accumulator's type and code (bits 4–5). */
    public enum CFormat {
        F16("half_t", 0), F32("float", 1), S32("int32_t", 2);

        /** CuTe's type. */
        public final String cuteType;
        /** The code in bits 4–5. */
        public final int code;

        CFormat(String cuteType, int code) {
            this.cuteType = cuteType;
            this.code = code;
        }

        /**
         * The format of a CuTe type name ({@code half_t}, {@code float}, {@code int32_t}).
         *
         * @throws LayoutArgumentException for another type, in CuTe's words
         */
        public static CFormat of(String type) {
            String t = UmmaFormat.strip(type);
            for (CFormat f : values()) if (f.cuteType.equals(t)) return f;
            throw new LayoutArgumentException("\"" + LayoutArgumentException.quote(type) + "\" is not a UMMA accumulator type: CuTe's"
                    + " to_CFormat knows half_t, float and int32_t (CuTe: \"Unknown type for CFormat\")");
        }
    }

    /** CuTe's {@code UMMA::MaxShift} (bits 30–31): the weight-stationary MMA's maximum shift. */
    public enum MaxShift { NOSHIFT, MAXSHIFT8, MAXSHIFT16, MAXSHIFT32 }

    /**
     * Checks the fields against their bits.
     *
     * @throws LayoutArgumentException where M or N is off its unit or past its bits, or sparse_id2 is past 2 bits or set
     *         on a dense MMA
     */
    public UmmaInstrDescriptor {
        if (a == null || b == null || c == null || aMajor == null || bMajor == null || maxShift == null) {
            throw new LayoutArgumentException("a UMMA instruction descriptor needs A's, B's and C's formats, both majors and a max shift");
        }
        checkShape(m, n);
        checkSparseId2(sparse, sparseId2);
    }

    static void checkShape(int m, int n) {
        if (m <= 0 || m % 16 != 0 || (m >> 4) > 31) {
            throw new LayoutArgumentException("M = " + m + ": the descriptor's m_dim holds M >> 4 in 5 bits, so M is a multiple"
                    + " of 16 from 16 to 496 (CuTe writes M >> 4 and drops the rest without a word; tcgen05.mma takes 64, 128"
                    + " and 256)");
        }
        if (n <= 0 || n % 8 != 0 || (n >> 3) > 63) {
            throw new LayoutArgumentException("N = " + n + ": the descriptor's n_dim holds N >> 3 in 6 bits, so N is a multiple"
                    + " of 8 from 8 to 504 (CuTe writes N >> 3 and drops the rest without a word; tcgen05.mma takes 8 to 256)");
        }
    }

    static void checkSparseId2(boolean sparse, int sparseId2) {
        if (sparseId2 < 0 || sparseId2 > 3) {
            throw new LayoutArgumentException("sparse_id2 = " + sparseId2 + ": the descriptor holds it in 2 bits, 0 to 3");
        }
        if (!sparse && sparseId2 != 0) {
            throw new LayoutArgumentException("sparse_id2 = " + sparseId2 + " of a dense MMA: make_runtime_instr_desc asserts"
                    + " sparse_id2 == 0 where the MMA is not sparse (CuTe: assert(sparse_id2 == 0u))");
        }
    }

    /** The 32-bit descriptor, as {@code UMMA::InstrDescriptor::desc_} holds it (make_runtime_instr_desc's sparse_id2). */
    public int value() {
        return sparseId2 | bit(sparse) << 2 | bit(saturate) << 3 | c.code << 4 | a.code << 7 | b.code << 10
                | bit(aNegate) << 13 | bit(bNegate) << 14 | aMajor.ordinal() << 15 | bMajor.ordinal() << 16 | (n >> 3) << 17
                | (m >> 4) << 24 | maxShift.ordinal() << 30;
    }

    /** make_runtime_instr_desc's 64-bit value: the descriptor in the upper 32 bits. */
    public long runtimeValue() {
        return Integer.toUnsignedLong(value()) << 32;
    }

    /** {@code 0x08410010}: the 32-bit value in hexadecimal, 8 digits. */
    @Override
    public String toString() {
        return hex32(value());
    }

    static String hex32(int v) {
        return String.format(Locale.ROOT, "0x%08x", v);
    }

    static int bit(boolean b) {
        return b ? 1 : 0;
    }
}
