package org.layoutcat.core.umma;

import java.util.Locale;
import java.util.OptionalLong;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.CuTeNotation;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.Swizzle;
import org.layoutcat.core.swizzle.GmmaSmemAtoms.Major;
import org.layoutcat.core.swizzle.SmemMatrixOperand;

/**
 * The shared-memory matrix descriptor of an SM100 {@code tcgen05.mma} operand, as CuTe C++'s
 * {@code UMMA::make_umma_desc<Major>} derives it from the operand's shared-memory tensor (the 64-bit
 * {@code UMMA::SmemDescriptor} of {@code cute/arch/mma_sm100_desc.hpp}; the PTX ISA's "Shared memory descriptor" of
 * tcgen05).
 *
 * <p>The canonical forms are SM90's ({@link SmemMatrixOperand}, shared with {@code GmmaDescriptor}), in units of 16
 * bytes: MN-major {@code ((W,n),(A,k)):((1,LBO),(W,SBO))}, interleaved {@code ((1,n),(8,k)):((X,SBO),(1,LBO))};
 * K-major {@code ((8,n),2):((W,SBO),1)}, interleaved {@code ((8,n),2):((1,SBO),LBO)}. UMMA differs from GMMA in:
 * <ul>
 * <li>its layout types, 3 bits at 61–63 ({@link LayoutType}): 0 none, 1 the 128-byte swizzle of 32-byte atoms
 *     ({@code Sw<2,5,2>} of byte addresses, MN-major only, A = 4 rows of K), 2, 4, 6 the 128-, 64-, 32-byte swizzles
 *     (GMMA's 2 bits at 62–63 code them 1, 2, 3);</li>
 * <li>a version, 2 bits at 46–47, which CuTe sets to 1 for Blackwell, and a leading-byte-offset mode, bit 52
 *     ({@link LboMode}), which make_umma_desc leaves relative (0);</li>
 * <li>no check of the K size (GMMA's 256 bits dense, 128 or 512 sparse): any K the canonical tile divides.</li>
 * </ul>
 * CuTe writes base offset 0 (bits 49–51). That holds where the swizzle's pattern starts at its repeat: always in the
 * pointer form {@code Sw<B,M,S> o smem_ptr[Nb] o L}, which swizzles byte addresses; the offset form
 * {@code Sw o OFF o L}, whose pattern starts at the tile, is taken where the tile lies at a repeat and refused
 * elsewhere. Where CuTe would write a wrong descriptor without a word (an offset past 14 bits, an address off 16
 * bytes) it is refused with the reason; where CuTe's static_assert refuses the layout, the refusal quotes it.
 *
 * @param startAddress      the start address in 16-byte units (bits 0–13)
 * @param leadingByteOffset the leading dimension byte offset in 16-byte units (bits 16–29)
 * @param strideByteOffset  the stride dimension byte offset in 16-byte units (bits 32–45)
 * @param version           the descriptor's version (bits 46–47): 1 for Blackwell, as CuTe writes it
 * @param baseOffset        the base offset (bits 49–51), 0 as CuTe writes it
 * @param lboMode           the leading-byte-offset mode (bit 52)
 * @param layoutType        the swizzling (bits 61–63)
 */
public record UmmaDescriptor(int startAddress, int leadingByteOffset, int strideByteOffset, int version, int baseOffset,
        LboMode lboMode, LayoutType layoutType) {

    /** CuTe's {@code UMMA::LayoutType}: the swizzling, with its 3-bit code and row width. */
    public enum LayoutType {
        SWIZZLE_NONE(0, 1), SWIZZLE_128B_BASE32B(1, 8), SWIZZLE_128B(2, 8), SWIZZLE_64B(4, 4), SWIZZLE_32B(6, 2);

        /** The code in bits 61–63. */
        public final int code;
        private final int width;

        LayoutType(int code, int width) {
            this.code = code;
            this.width = width;
        }

        /** The swizzle atom's width along MN in units of 16 bytes (CuTe's SwizzleAtomMNSize): 1, 2, 4, 8. */
        public int width() {
            return width;
        }

        /** The swizzle of byte addresses of this type: {@code Sw<B,4,3>}, or {@code Sw<2,5,2>} for the 32-byte atoms. */
        public Swizzle byteSwizzle() {
            return this == SWIZZLE_128B_BASE32B ? new Swizzle(2, 5, 2) : new Swizzle(Integer.numberOfTrailingZeros(width), 4, 3);
        }

        /** The layout type of a swizzle of byte addresses, as CuTe's {@code UMMA::layout_type} reads it. */
        static LayoutType of(String what, Swizzle bytes) {
            if (bytes.isIdentity()) return SWIZZLE_NONE;
            int b = bytes.bits(), m = bytes.base(), s = bytes.shift();
            if (m == 4) {
                if (s != 3) throw swizzle(what, bytes, "Expected S = 3 when M == 4. Unsupported layout swizzle.");
                if (b > 3) throw swizzle(what, bytes, "Expected B = 0,1,2, or 3 when M == 4. Unsupported layout swizzle.");
                return b == 1 ? SWIZZLE_32B : b == 2 ? SWIZZLE_64B : SWIZZLE_128B;
            }
            if (m == 5) {
                if (b != 2) throw swizzle(what, bytes, "Expected B = 2 when M == 5. Unsupported layout swizzle.");
                if (s != 2) throw swizzle(what, bytes, "Expected S = 2 when M == 5. Unsupported layout swizzle.");
                return SWIZZLE_128B_BASE32B;
            }
            throw swizzle(what, bytes, "Only 16B and 32B Atoms are supported for UMMA. Unsupported layout swizzle.");
        }

        private static LayoutArgumentException swizzle(String what, Swizzle bytes, String cute) {
            return new LayoutArgumentException(what + ": its swizzle of byte addresses is " + bytes + ", and a UMMA descriptor has"
                    + " a layout type for Sw<0,4,3>, Sw<1,4,3>, Sw<2,4,3>, Sw<3,4,3> and Sw<2,5,2> only (CuTe: \"" + cute + "\")");
        }
    }

    /** The leading-byte-offset mode of bit 52: a byte offset relative to the start, or an absolute address. */
    public enum LboMode {
        /** 0: the leading byte offset is relative to the start address (CuTe's "legacy mode", make_umma_desc's). */
        RELATIVE,
        /** 1: the leading byte offset is the address of the next block (CuTe's K96 block-scaled atoms set it). */
        ABSOLUTE
    }

    /**
     * Checks that each field fits its bits.
     *
     * @throws LayoutArgumentException for a null mode or type, or a field past its bits
     */
    public UmmaDescriptor {
        if (lboMode == null || layoutType == null) throw new LayoutArgumentException("a UMMA descriptor needs an LBO mode and a layout type");
        int[][] fields = {{startAddress, SmemMatrixOperand.FIELD}, {leadingByteOffset, SmemMatrixOperand.FIELD},
                {strideByteOffset, SmemMatrixOperand.FIELD}, {version, 3}, {baseOffset, 7}};
        String[] names = {"start address", "leading byte offset", "stride byte offset", "version", "base offset"};
        for (int i = 0; i < fields.length; i++) {
            if (fields[i][0] < 0 || fields[i][0] > fields[i][1]) {
                throw new LayoutArgumentException("a UMMA descriptor's " + names[i] + " is 0 to " + fields[i][1] + ", not " + fields[i][0]);
            }
        }
    }

    /** The version CuTe writes for Blackwell ({@code desc.version_ = 1}). */
    public static final int BLACKWELL = 1;

    /** The 64-bit descriptor: the fields at their bits, as {@code UMMA::SmemDescriptor::desc_} holds them. */
    public long value() {
        return (long) startAddress | (long) leadingByteOffset << 16 | (long) strideByteOffset << 32 | (long) version << 46
                | (long) baseOffset << 49 | (long) lboMode.ordinal() << 52 | (long) layoutType.code << 61;
    }

    /** {@code 0x4000404000010040}: the 64-bit value in hexadecimal, 16 digits. */
    @Override
    public String toString() {
        return String.format(Locale.ROOT, "0x%016x", value());
    }

    /** The element widths make_umma_desc recasts to {@code uint128_t}: a power of two that divides 128. */
    private static boolean isElementBits(int bits) {
        return bits >= 1 && bits <= 128 && Integer.bitCount(bits) == 1;
    }

    private static final String BITS_WORDS = "make_umma_desc recasts the operand to uint128_t, which holds a whole number of"
            + " elements of 1, 2, 4, 8, 16, 32, 64 or 128 bits only (CuTe: \"Divisibility condition\")";

    /**
     * The descriptor of a tcgen05.mma operand in shared memory.
     *
     * @param major       how the operand is stored: K-major or MN-major
     * @param smem        its (MN, K) layout: CuTe's pointer form {@code Sw<B,M,S> o smem_ptr[Nb] o L}, a swizzled layout of
     *                    element offsets {@code Sw<B,M,S> o 0 o L}, or a layout (no swizzle)
     * @param elementBits the element's bits; 0 to take them from the pointer form
     * @param address     the byte address of the operand's first element (pointer form, layout) or of the tile's start
     *                    (offset form)
     * @throws LayoutArgumentException where CuTe's make_umma_desc refuses the layout (its words quoted), or where its
     *         descriptor would be wrong without a word (see the class comment)
     */
    public static UmmaDescriptor of(Major major, AnyLayout smem, int elementBits, long address) {
        String what = "umma_descriptor of " + smem;
        return of(major, what, SmemMatrixOperand.read(SmemMatrixOperand.Family.UMMA, what, smem, elementBits,
                UmmaDescriptor::isElementBits, BITS_WORDS, address));
    }

    /**
     * The descriptor of an operand given as a tensor as CuTe prints it ({@link CuTeNotation#parseTensor}): its elements'
     * bits are its pointer's where it has one, its address its pointer's or the one given (0 where neither is), each
     * said once or the same.
     *
     * @throws LayoutArgumentException where bits or addresses are said twice and differ, or as
     *         {@link #of(Major, AnyLayout, int, long)}
     */
    public static UmmaDescriptor of(Major major, CuTeNotation.Tensor smem, int elementBits, OptionalLong address) {
        SmemMatrixOperand o = SmemMatrixOperand.read(SmemMatrixOperand.Family.UMMA, smem, elementBits, UmmaDescriptor::isElementBits,
                BITS_WORDS, address);
        return of(major, "umma_descriptor of " + smem.layout(), o);
    }

    private static UmmaDescriptor of(Major major, String what, SmemMatrixOperand o) {
        LayoutType type = LayoutType.of(what, o.byteSwizzle());
        int start = o.startUnits(what);
        if (o.patternAtTile()) {
            long repeat = 1L << (o.byteSwizzle().bits() + o.byteSwizzle().base() + o.byteSwizzle().shift());
            if (Math.floorMod(o.tileAddress(), repeat) != 0) {
                throw new LayoutArgumentException(what + ": its swizzle acts on offsets from the tile at " + o.tileAddress()
                        + " (0x" + Long.toHexString(o.tileAddress()) + "), so its pattern starts there, off the " + repeat
                        + "-byte repeat of " + o.byteSwizzle() + "; make_umma_desc writes base offset 0, which holds only where"
                        + " the pattern starts at a repeat (rule base-offset: give the tile at a multiple of " + repeat
                        + " bytes, or the pointer form Sw<B,M,S> o smem_ptr[Nb](addr) o L, which swizzles addresses)");
            }
        }
        boolean none = type == LayoutType.SWIZZLE_NONE;
        SmemMatrixOperand.Offsets f;
        if (major == Major.MN) {
            f = o.mnMajor(what, "UMMA_MN", type.width(), type == LayoutType.SWIZZLE_128B_BASE32B ? 4 : 8, none);
        } else {
            if (type == LayoutType.SWIZZLE_128B_BASE32B) {
                throw new LayoutArgumentException(what + ": its swizzle " + o.byteSwizzle() + " is the 128-byte swizzle of 32-byte"
                        + " atoms, which UMMA reads MN-major only (CuTe: \"SWIZZLE_128B_BASE32B is invalid for Major-K\")");
            }
            f = o.kMajor(what, "UMMA_K", type.width(), none);
        }
        SmemMatrixOperand.checkFields(what, f);
        return new UmmaDescriptor(start, (int) f.leading(), (int) f.stride(), BLACKWELL, 0, LboMode.RELATIVE, type);
    }
}
