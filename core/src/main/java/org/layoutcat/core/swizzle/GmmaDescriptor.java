package org.layoutcat.core.swizzle;

import java.util.Locale;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.CoordLayout;
import org.layoutcat.core.CuTeNotation;
import org.layoutcat.core.GeneralComposedLayout;
import org.layoutcat.core.InnerSwizzledLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.Swizzle;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.algebra.Divide;
import org.layoutcat.core.recast.Recast;
import org.layoutcat.core.swizzle.GmmaSmemAtoms.Major;

/**
 * The shared-memory matrix descriptor of an SM90 {@code wgmma} operand, as CuTe C++'s
 * {@code SM90::GMMA::make_gmma_desc<Major>} derives it from the operand's shared-memory tensor
 * ({@code cute/atom/mma_traits_sm90_gmma.hpp}; the 64-bit layout of {@code GmmaDescriptor} in
 * {@code cute/arch/mma_sm90_desc.hpp}; the PTX ISA's "Matrix Descriptor Format" of wgmma).
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
    static final int FIELD = (1 << 14) - 1;

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
        String what = "gmma_descriptor of " + smem;
        int bits = elementBits;
        Swizzle bytes;
        Layout inner;
        long offset = 0; // the offset form's OFF, in elements from the tile's start
        boolean patternAtTile = false; // whether the swizzle's pattern starts at the tile (offsets) or at boundaries (addresses)
        switch (smem) {
            case ComposedLayout c when c.pointerBits() != 0 -> {
                if (bits != 0 && bits != c.pointerBits()) {
                    throw new LayoutArgumentException(what + ": the pointer holds " + c.pointerBits() + "-bit elements, not " + bits);
                }
                bits = elementBits(what, c.pointerBits());
                bytes = c.byteSwizzle();
                inner = c.inner();
            }
            case ComposedLayout c -> {
                bits = elementBits(what, bits);
                offset = c.offset();
                patternAtTile = !c.outer().isIdentity();
                inner = c.inner();
                bytes = c.outer().isIdentity() ? Swizzle.IDENTITY
                        : new Swizzle(c.outer().bits(), c.outer().base() + Integer.numberOfTrailingZeros(bits / 8), c.outer().shift());
            }
            case Layout l -> {
                bits = elementBits(what, bits);
                inner = l;
                bytes = Swizzle.IDENTITY;
            }
            case CoordLayout _, InnerSwizzledLayout _, GeneralComposedLayout _ -> throw AnyLayout.refuse("gmma_descriptor", smem, "a wgmma operand is a layout of offsets in"
                    + " shared memory, swizzled or not");
        }
        if (!bytes.isIdentity() && (bytes.base() != 4 || bytes.shift() != 3 || bytes.bits() > 3)) {
            throw new LayoutArgumentException(what + ": its swizzle of byte addresses is " + bytes + ", and a wgmma descriptor"
                    + " has a layout type for Sw<0,4,3>, Sw<1,4,3>, Sw<2,4,3> and Sw<3,4,3> only (CuTe: \"Unsupported layout"
                    + " swizzle\")");
        }
        if (inner.rank() != 2) {
            throw new LayoutArgumentException(what + ": the operand has rank " + inner.rank() + "; GMMA Descriptors can only"
                    + " be constructed on rank-2 tensors (MN, K)");
        }
        LayoutType type = LayoutType.of(bytes.isIdentity() ? 0 : bytes.bits());
        int w = type.width;
        Layout u = Recast.upcast(inner, 128 / bits); // in units of 16 bytes
        if (offset < 0 || offset * bits % 128 != 0) {
            throw new LayoutArgumentException(what + ": the operand starts " + offset + " elements into the tile, "
                    + Math.multiplyExact(offset, bits / 8L) + " bytes, not at a 16-byte boundary (the descriptor's start address"
                    + " is in units of 16 bytes)");
        }
        int start = startAddress(what, Math.addExact(address, offset * bits / 8));
        int base = patternAtTile ? baseOffset(address, type) : 0;
        GmmaDescriptor d = major == Major.MN ? mnMajor(what, u, bits, w, type, start) : kMajor(what, u, w, type, start);
        return new GmmaDescriptor(d.startAddress, d.leadingByteOffset, d.strideByteOffset, base, d.layoutType);
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
        if (pointerAddress.isPresent() && address.isPresent() && pointerAddress.getAsLong() != address.getAsLong()) {
            throw new LayoutArgumentException("gmma_descriptor of " + LayoutArgumentException.quote(smem.toString()) + ": the address"
                    + " is given as " + address.getAsLong() + " (0x" + Long.toHexString(address.getAsLong()) + ") and the pointer's is"
                    + " 0x" + Long.toHexString(pointerAddress.getAsLong()) + " (" + Long.toUnsignedString(pointerAddress.getAsLong())
                    + "): one tensor has one address; give it once, or the same");
        }
        return of(major, smem, elementBits, address.orElse(pointerAddress.orElse(0)));
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
        if (smem.memory() != CuTeNotation.Memory.SHARED && smem.memory() != CuTeNotation.Memory.NONE) {
            throw new LayoutArgumentException("gmma_descriptor of " + LayoutArgumentException.quote(smem.layout().toString()) + ": the tensor"
                    + " lies in " + smem.memory().words() + ", and a wgmma descriptor describes shared memory (CuTe's make_gmma_desc"
                    + " asserts is_smem); give the operand's smem_ptr tensor, or its layout");
        }
        int bits = elementBits;
        if (smem.elementBits() != 0) {
            if (bits != 0 && bits != smem.elementBits()) {
                throw new LayoutArgumentException("gmma_descriptor of " + LayoutArgumentException.quote(smem.layout().toString())
                        + ": the pointer holds " + smem.elementBits() + "-bit elements, not " + bits);
            }
            bits = smem.elementBits();
        }
        return of(major, smem.layout(), bits, smem.address(), address);
    }

    private static int elementBits(String what, int bits) {
        if (bits != 8 && bits != 16 && bits != 32 && bits != 64) {
            throw new LayoutArgumentException(what + ": elements of " + bits + " bits; a wgmma operand holds 8-, 16-, 32-"
                    + " or 64-bit elements (give the bits, or the layout in CuTe's smem_ptr[Nb] form)");
        }
        return bits;
    }

    /** The start address in 16-byte units, refused where CuTe's would be wrong. */
    private static int startAddress(String what, long address) {
        if (address < 0 || address % 16 != 0 || (address >> 4) > FIELD) {
            throw new LayoutArgumentException(what + ": the start address " + address + " must be a multiple of 16 below "
                    + ((FIELD + 1L) << 4) + " (CuTe keeps address >> 4 in 14 bits, dropping the rest without a word)");
        }
        return (int) (address >> 4);
    }

    /** MN-major: {@code ((W,n),(8,k)):((1,LBO),(W,SBO))}, or interleaved {@code ((1,n),(8,k)):((X,SBO),(1,LBO))}. */
    private static GmmaDescriptor mnMajor(String what, Layout u, int bits, int w, LayoutType type, int start) {
        long k = u.mode(1).size();
        if (k != 256 / bits && k != 128 / bits && k != 512 / bits) {
            throw new LayoutArgumentException(what + ": Not a canonical GMMA_MN Layout: the K mode has " + k + " elements;"
                    + " expected " + 256 / bits + " (256 bits) for dense or " + 128 / bits + " or " + 512 / bits
                    + " for sparse");
        }
        Layout c = canonical(what, "GMMA_MN", u, w, 8);
        long s00 = stride(c, 0, 0), s10 = stride(c, 1, 0), s01 = stride(c, 0, 1), s11 = stride(c, 1, 1);
        if (type != LayoutType.INTERLEAVE && s00 != 1) {
            throw strideFailure(what, "GMMA_MN", c, "the first " + w + " units of 16 bytes of MN are not contiguous (stride "
                    + s00 + ", expected 1)");
        }
        if (s10 != w) {
            throw strideFailure(what, "GMMA_MN", c, "the 8 rows of K step " + s10 + " units of 16 bytes, expected " + w);
        }
        boolean inter = type == LayoutType.INTERLEAVE;
        return descriptor(what, start, inter ? s11 : s01, inter ? s01 : s11, type);
    }

    /** K-major: {@code ((8,n),2):((W,SBO),1)}, or interleaved {@code ((8,n),2):((1,SBO),LBO)}. */
    private static GmmaDescriptor kMajor(String what, Layout u, int w, LayoutType type, int start) {
        long mn = u.mode(0).size(), k = u.mode(1).size();
        if (mn % 8 != 0) {
            throw new LayoutArgumentException(what + ": Not a canonical GMMA_K Layout: the MN mode has " + mn + " rows;"
                    + " expected a multiple of 8");
        }
        if (k != 2 && k != 4) {
            throw new LayoutArgumentException(what + ": Not a canonical GMMA_K Layout: the K mode has " + k + " units of"
                    + " 16 bytes; expected 2 for dense or 4 for sparse");
        }
        Layout c = canonical(what, "GMMA_K", u, 8, 2);
        long s00 = stride(c, 0, 0), s10 = stride(c, 1, 0), s01 = stride(c, 0, 1);
        if (s00 != w) {
            throw strideFailure(what, "GMMA_K", c, "the 8 rows of MN step " + s00 + " units of 16 bytes, expected " + w);
        }
        if (type != LayoutType.INTERLEAVE && s10 != 1) {
            throw strideFailure(what, "GMMA_K", c, "the 2 units of 16 bytes of K are not contiguous (stride " + s10
                    + ", expected 1)");
        }
        return descriptor(what, start, s10, s01, type);
    }

    /** {@code logical_divide(u, <a:1, b:1>)}, each mode split into two integers (CuTe's profile check). */
    private static Layout canonical(String what, String form, Layout u, int a, int b) {
        Layout c;
        try {
            c = Divide.logicalDivide(u, Tiler.ByMode.of(Layout.of(a, 1), Layout.of(b, 1)));
        } catch (IllegalArgumentException e) {
            throw new LayoutArgumentException(what + ": Not a canonical " + form + " Layout: in units of 16 bytes it is " + u
                    + ", which the canonical tile <" + a + ":1," + b + ":1> does not divide (" + e.getMessage() + ")", e);
        }
        for (int m = 0; m < 2; m++) {
            IntTuple s = c.shape().mode(m);
            if (s.isLeaf() || s.rank() != 2 || !s.mode(0).isLeaf() || !s.mode(1).isLeaf()) {
                throw new LayoutArgumentException(what + ": Not a canonical " + form + " Layout: in units of 16 bytes, divided"
                        + " by the canonical tile <" + a + ":1," + b + ":1>, it is " + c + ", whose mode " + m
                        + " is not (tile, rest) of two integers (CuTe: \"Expected profile failure\")");
            }
        }
        return c;
    }

    private static long stride(Layout c, int mode, int part) {
        return c.stride().mode(mode).mode(part).value();
    }

    private static LayoutArgumentException strideFailure(String what, String form, Layout c, String why) {
        return new LayoutArgumentException(what + ": Not a canonical " + form + " Layout: in units of 16 bytes, divided by the"
                + " canonical tile, it is " + c + ": " + why + " (CuTe: \"Expected stride failure\")");
    }

    private static GmmaDescriptor descriptor(String what, int start, long lbo, long sbo, LayoutType type) {
        for (long[] f : new long[][] {{lbo, 0}, {sbo, 1}}) {
            if (f[0] < 0 || f[0] > FIELD) {
                String name = f[1] == 0 ? "leading byte offset" : "stride byte offset";
                throw new LayoutArgumentException(what + ": its " + name + " is " + f[0] + " units of 16 bytes, which the"
                        + " descriptor's 14 bits do not hold (0 to " + FIELD + "; CuTe keeps the low 14 bits without a word)");
            }
        }
        return new GmmaDescriptor(start, (int) lbo, (int) sbo, 0, type);
    }
}
