package org.layoutcat.core.swizzle;

import java.util.Locale;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.CuTeNotation;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.Swizzle;
import org.layoutcat.core.swizzle.GmmaSmemAtoms.Major;

/**
 * The shared-memory matrix descriptor of an SM90 {@code wgmma} operand, as CuTe C++'s
 * {@code SM90::GMMA::make_gmma_desc<Major>} derives it from the operand's shared-memory tensor
 * ({@code cute/atom/mma_traits_sm90_gmma.hpp}; the 64-bit layout of {@code GmmaDescriptor} in
 * {@code cute/arch/mma_sm90_desc.hpp}; the PTX ISA's "Matrix Descriptor Format" of wgmma).
 *
 * <p>The reading of the operand and the canonical-form matching are {@link SmemMatrixOperand}'s, which SM100's
 * {@code make_umma_desc} shares; here are wgmma's own rules: its swizzles, its K sizes, its 2-bit layout types and the
 * base offset.
 *
 * <p>The tensor, one wgmma's (MN, K) operand, is read in units of 16 bytes (CuTe's {@code recast<uint128_t>}: the
 * layout upcast by {@code 128 / bits}). Its swizzle of byte addresses must be {@code Sw<B,4,3>}, B = 0 … 3, which gives
 * the layout type (INTERLEAVE, B32, B64, B128) and the row width W = 1, 2, 4, 8 (16-byte units). Divided by the
 * canonical tile ({@code <W:1, 8:1>} MN-major, {@code <8:1, 2:1>} K-major), each mode must split into two integers
 * with the canonical strides; the other two strides are the leading and stride byte offsets, in 16-byte units:
 * <ul>
 * <li>MN-major: {@code ((W,n),(8,k)):((1,LBO),(W,SBO))} swizzled, {@code ((1,n),(8,k)):((X,SBO),(1,LBO))}
 *     interleaved; K, in elements, 256 bits (dense) or 128 or 512 bits (sparse);</li>
 * <li>K-major: {@code ((8,n),2):((W,SBO),1)} swizzled, {@code ((8,n),2):((1,SBO),LBO)} interleaved; MN a multiple
 *     of 8, K 2 or 4 units of 16 bytes.</li>
 * </ul>
 * Where CuTe would write a wrong descriptor without a word, it is refused with the reason: an offset or stride past
 * the 14 bits of its field (CuTe truncates it), or a start address not 16-byte aligned (CuTe drops the low bits).
 *
 * <p><b>The start address and the base offset.</b> The start address is that of the operand's first element, at any
 * 16-byte boundary: a k-block inside a swizzled tile starts 32, 64, 96 bytes into a 128-byte row, as CuTe's
 * {@code DescriptorIterator} advances it along K. The base offset says where the swizzle's repeating pattern starts
 * (PTX ISA, wgmma "Matrix Descriptor Format": 0 where it starts at a 1024-, 512- or 256-byte boundary for the 128-,
 * 64- and 32-byte swizzles; {@code (pattern start addr >> 7) & 7} otherwise):
 * <ul>
 * <li>CuTe's pointer form {@code Sw<B,4,3> o smem_ptr[Nb](addr) o L} swizzles byte <em>addresses</em>: its pattern
 *     repeats at those boundaries wherever the tile lies, and the base offset is 0, as CuTe writes it;</li>
 * <li>the offset form {@code Sw<B,M,S> o OFF o L} swizzles offsets from the tile's start, so its pattern starts at
 *     the tile's address: the base offset is the ISA's {@code (address >> 7) & 7} where that is off a boundary, and
 *     CuTe's make_gmma_desc, which writes 0 ({@code base_offset_ = 0}), differs ({@link #cuteValue()}).</li>
 * </ul>
 * Both were run on an H100 (gpu/experiments/wgmma-base-offset): the whole K-loop and each k-block alone, tiles 0 to
 * 896 bytes past a boundary; the ISA's base offset gave D = A·B in every case, and 0 did off a boundary for the
 * offset form only.
 *
 * @param startAddress      the start address in 16-byte units (bits 0–13)
 * @param leadingByteOffset the leading dimension byte offset in 16-byte units (bits 16–29)
 * @param strideByteOffset  the stride dimension byte offset in 16-byte units (bits 32–45)
 * @param baseOffset        the base offset (bits 49–51): where the swizzle's repeating pattern starts, as the PTX ISA
 *                          computes it (CuTe writes 0)
 * @param layoutType        the swizzling (bits 62–63)
 */
public record GmmaDescriptor(int startAddress, int leadingByteOffset, int strideByteOffset, int baseOffset, LayoutType layoutType) {

    /** The descriptor's layout type: its swizzling, with the code the 2 bits hold (CuTe's {@code GMMA::LayoutType}). */
    public enum LayoutType {
        INTERLEAVE(0, 1), B128(1, 8), B64(2, 4), B32(3, 2);

        /** The code in bits 62–63. */
        public final int code;
        /** The row width in units of 16 bytes: the swizzle's repeat is 8 rows of it. */
        final int width;

        LayoutType(int code, int width) {
            this.code = code;
            this.width = width;
        }

        /** The row width in units of 16 bytes (1, 2, 4, 8): the swizzle's repeat is 8 rows of it. */
        public int width() {
            return width;
        }

        /** The byte swizzle of this layout type, {@code Sw<B,4,3>} with {@code 2^B} the row width. */
        public Swizzle byteSwizzle() {
            return new Swizzle(Integer.numberOfTrailingZeros(width), 4, 3);
        }

        /** The layout type whose code bits 62–63 hold (0 to 3). */
        public static LayoutType ofCode(int code) {
            for (LayoutType t : values()) if (t.code == code) return t;
            throw new IllegalArgumentException("a layout type's code is 0 to 3, not " + code);
        }

        /** The layout type of the byte swizzle {@code Sw<B,4,3>}. */
        static LayoutType of(int bits) {
            return switch (bits) {
                case 0 -> INTERLEAVE;
                case 1 -> B32;
                case 2 -> B64;
                default -> B128;
            };
        }
    }

    /** The widest value of a 14-bit field. */
    static final int FIELD = SmemMatrixOperand.FIELD;

    /** The 64-bit descriptor: the fields at their bits, as {@code GmmaDescriptor::desc_} holds them. */
    public long value() {
        return (long) startAddress | (long) leadingByteOffset << 16 | (long) strideByteOffset << 32
                | (long) baseOffset << 49 | (long) layoutType.code << 62;
    }

    /**
     * The descriptor CuTe's {@code make_gmma_desc} writes for the same operand: this one with base offset 0
     * ({@code mma_traits_sm90_gmma.hpp}: {@code desc.bitfield.base_offset_ = 0}). It differs from this one where the
     * swizzle's pattern starts off a boundary ({@link #baseOffset} not 0), and the hardware then reads the operand
     * wrong.
     */
    public GmmaDescriptor cuteValue() {
        return new GmmaDescriptor(startAddress, leadingByteOffset, strideByteOffset, 0, layoutType);
    }

    /** {@code 0x4000004000010000}: the descriptor as CuTe's {@code print(GmmaDescriptor)} heads it. */
    @Override
    public String toString() {
        return String.format(Locale.ROOT, "0x%016x", value());
    }

    /**
     * The descriptor of a wgmma operand in shared memory.
     *
     * @param major       how the operand is stored: K-major or MN-major
     * @param smem        its (MN, K) layout: CuTe's pointer form {@code Sw<B,4,3> o smem_ptr[Nb] o L}, a swizzled layout
     *                    of element offsets {@code Sw<B,M,S> o 0 o L}, or a layout (interleaved, no swizzle)
     * @param elementBits the element's bits (8, 16, 32 or 64); 0 to take them from the pointer form
     * @param address     the byte address in shared memory of the operand's first element (the pointer form, a plain
     *                    layout), or of the tile's start, where the offset form's offset 0 and its swizzle pattern lie
     * @throws LayoutArgumentException where the layout is not one CuTe's make_gmma_desc takes, in its words, or where
     *         CuTe's descriptor would be wrong without a word (see the class comment)
     */
    public static GmmaDescriptor of(Major major, AnyLayout smem, int elementBits, long address) {
        return of(major, "gmma_descriptor of " + smem, SmemMatrixOperand.read(SmemMatrixOperand.Family.GMMA, "gmma_descriptor of " + smem,
                smem, elementBits, GmmaDescriptor::isElementBits, BITS_WORDS, address));
    }

    /** The element widths a wgmma operand holds in shared memory. */
    private static boolean isElementBits(int bits) {
        return bits == 8 || bits == 16 || bits == 32 || bits == 64;
    }

    private static final String BITS_WORDS = "a wgmma operand holds 8-, 16-, 32- or 64-bit elements";

    /** The descriptor of an operand read ({@link SmemMatrixOperand#read}): make_gmma_desc's checks and the fields. */
    private static GmmaDescriptor of(Major major, String what, SmemMatrixOperand o) {
        Swizzle bytes = o.byteSwizzle();
        if (!bytes.isIdentity() && (bytes.base() != 4 || bytes.shift() != 3 || bytes.bits() > 3)) {
            throw new LayoutArgumentException(what + ": its swizzle of byte addresses is " + bytes + ", and a wgmma descriptor"
                    + " has a layout type for Sw<0,4,3>, Sw<1,4,3>, Sw<2,4,3> and Sw<3,4,3> only (CuTe: \"Unsupported layout"
                    + " swizzle\")");
        }
        LayoutType type = LayoutType.of(bytes.isIdentity() ? 0 : bytes.bits());
        int bits = o.elementBits();
        Layout u = o.units();
        int start = o.startUnits(what);
        int base = o.patternAtTile() ? baseOffset(o.tileAddress(), type) : 0;
        boolean inter = type == LayoutType.INTERLEAVE;
        SmemMatrixOperand.Offsets f;
        if (major == Major.MN) {
            long k = u.mode(1).size();
            if (k != 256 / bits && k != 128 / bits && k != 512 / bits) {
                throw new LayoutArgumentException(what + ": Not a canonical GMMA_MN Layout: the K mode has " + k + " elements;"
                        + " expected " + 256 / bits + " (256 bits) for dense or " + 128 / bits + " or " + 512 / bits
                        + " for sparse");
            }
            f = o.mnMajor(what, "GMMA_MN", type.width, 8, inter);
        } else {
            long k = u.mode(1).size();
            if (k != 2 && k != 4) {
                throw new LayoutArgumentException(what + ": Not a canonical GMMA_K Layout: the K mode has " + k + " units of"
                        + " 16 bytes; expected 2 for dense or 4 for sparse");
            }
            f = o.kMajor(what, "GMMA_K", type.width, inter);
        }
        SmemMatrixOperand.checkFields(what, f);
        return new GmmaDescriptor(start, (int) f.leading(), (int) f.stride(), base, type);
    }

    /**
     * The base offset of a swizzle pattern that starts at {@code patternStart} (PTX ISA, wgmma matrix descriptor):
     * 0 at a repeat of the pattern (1024, 512, 256 bytes for B128, B64, B32) and without a swizzle, else
     * {@code (patternStart >> 7) & 7}.
     */
    static int baseOffset(long patternStart, LayoutType type) {
        if (type == LayoutType.INTERLEAVE || patternStart % (128L * type.width) == 0) return 0;
        return (int) ((patternStart >> 7) & 7);
    }

    /**
     * The descriptor of a wgmma operand whose tensor's address may be said twice: by its pointer, as CuTe prints a
     * tensor ({@code smem_ptr[16b](0x400)}, {@link AnyLayout#pointerAddress}), and by an address given with it. One
     * address: the one said, or 0 where neither says one (make_gmma_desc writes {@code address >> 4}).
     *
     * @param pointerAddress the address of the layout's pointer, empty where it has none or it is unset
     * @param address        the address given, empty where none is
     * @throws LayoutArgumentException where both are said and differ (both named), or as {@link #of(Major, AnyLayout,
     *         int, long)}
     */
    public static GmmaDescriptor of(Major major, AnyLayout smem, int elementBits, java.util.OptionalLong pointerAddress,
            java.util.OptionalLong address) {
        return of(major, CuTeNotation.Tensor.shared(smem, pointerAddress, 0), elementBits, address);
    }

    /**
     * The descriptor of a wgmma operand given as a tensor as CuTe prints it ({@link CuTeNotation#parseTensor}): its
     * elements' bits are its pointer's where it has one ({@code smem_ptr[16b](0x400) o L}), its address is its
     * pointer's or the one given, each said once or the same.
     *
     * @throws LayoutArgumentException where the bits or the addresses are said twice and differ, or as
     *         {@link #of(Major, AnyLayout, int, long)}
     */
    public static GmmaDescriptor of(Major major, CuTeNotation.Tensor smem, int elementBits, java.util.OptionalLong address) {
        SmemMatrixOperand o = SmemMatrixOperand.read(SmemMatrixOperand.Family.GMMA, smem, elementBits, GmmaDescriptor::isElementBits,
                BITS_WORDS, address);
        return of(major, "gmma_descriptor of " + smem.layout(), o);
    }

}
