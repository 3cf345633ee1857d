package org.layoutcat.core.swizzle;

import java.util.OptionalLong;
import java.util.function.IntPredicate;
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

/**
 * A tensor-core operand in shared memory as a matrix descriptor reads it, and the canonical forms its layout must take:
 * what SM90's {@code make_gmma_desc} ({@link GmmaDescriptor}) and SM100's {@code make_umma_desc}
 * ({@code org.layoutcat.core.umma.UmmaDescriptor}) share. Both recast the (MN, K) tensor to 16-byte units
 * ({@code recast<uint128_t>}), read its swizzle of byte addresses, divide it by the canonical tile {@code <W:1, A:1>}
 * (MN-major) or {@code <8:1, 2:1>} (K-major), check that each mode splits into two integers with the canonical
 * strides, and take the other two strides as the leading and stride byte offsets. The descriptors differ in what they
 * check beside that (GMMA's K size, UMMA's 32-byte-atom swizzle) and in their bits.
 *
 * @param byteSwizzle   the swizzle of byte addresses ({@code Sw<0,4,3>}'s identity where the layout has none)
 * @param units         the (MN, K) layout in units of 16 bytes
 * @param elementBits   the bits of one element
 * @param startAddress  the byte address of the operand's first element
 * @param tileAddress   the byte address where the swizzle's pattern starts: the tile's, where the layout swizzles
 *                      offsets from it ({@link #patternAtTile}), else the same as the start address
 * @param patternAtTile whether the swizzle acts on offsets from the tile (CuTe's offset form {@code Sw o OFF o L}), so its
 *                      pattern starts at the tile, rather than on byte addresses (the pointer form), whose pattern lies
 *                      at the swizzle's boundaries wherever the tile does
 */
public record SmemMatrixOperand(Swizzle byteSwizzle, Layout units, int elementBits, long startAddress, long tileAddress,
        boolean patternAtTile) {

    /** The strides of a canonical form that are the descriptor's offsets, in units of 16 bytes. */
    public record Offsets(long leading, long stride) {}

    /**
     * The descriptor a family of instructions reads: {@link #GMMA} (SM90 wgmma) or {@link #UMMA} (SM100 tcgen05.mma).
     *
     * @param cute        CuTe's name of it, as its messages say ("GMMA Descriptors can only be constructed ...")
     * @param instruction the PTX instruction that reads the operand
     */
    public record Family(String cute, String instruction) {
        public static final Family GMMA = new Family("GMMA", "wgmma");
        public static final Family UMMA = new Family("UMMA", "tcgen05.mma");

        /** The operation's name in layoutcat's table: gmma_descriptor, umma_descriptor. */
        public String operation() {
            return cute.toLowerCase(java.util.Locale.ROOT) + "_descriptor";
        }
    }

    /**
     * Reads an operand's layout: CuTe's pointer form {@code Sw<B,M,S> o smem_ptr[Nb] o L}, a swizzled layout of element
     * offsets {@code Sw<B,M,S> o OFF o L}, or a layout (no swizzle).
     *
     * @param family      the descriptor's family, as CuTe's messages name it
     * @param what        the request, heading every refusal
     * @param elementBits the element's bits; 0 to take them from the pointer form
     * @param bitsAllowed the element widths the descriptor takes, and {@code bitsWords} names them
     * @param address     the byte address of the first element (pointer form, layout) or of the tile's start (offset form)
     * @throws LayoutArgumentException where the layout is of another kind, not of rank 2, its elements' bits are not
     *         allowed or said twice and differ, or it starts off a 16-byte boundary
     */
    public static SmemMatrixOperand read(Family family, String what, AnyLayout smem, int elementBits, IntPredicate bitsAllowed,
            String bitsWords, long address) {
        int bits = elementBits;
        Swizzle bytes;
        Layout inner;
        long offset = 0; // the offset form's OFF, in elements from the tile's start
        boolean patternAtTile = false;
        switch (smem) {
            case ComposedLayout c when c.pointerBits() != 0 -> {
                if (bits != 0 && bits != c.pointerBits()) {
                    throw new LayoutArgumentException(what + ": the pointer holds " + c.pointerBits() + "-bit elements, not " + bits);
                }
                bits = elementBits(what, c.pointerBits(), bitsAllowed, bitsWords);
                bytes = c.byteSwizzle();
                inner = c.inner();
            }
            case ComposedLayout c -> {
                bits = elementBits(what, bits, bitsAllowed, bitsWords);
                offset = c.offset();
                patternAtTile = !c.outer().isIdentity();
                inner = c.inner();
                bytes = c.outer().isIdentity() ? Swizzle.IDENTITY
                        : new Swizzle(c.outer().bits(), c.outer().base() + ComposedLayout.log2Bytes(bits), c.outer().shift());
            }
            case Layout l -> {
                bits = elementBits(what, bits, bitsAllowed, bitsWords);
                inner = l;
                bytes = Swizzle.IDENTITY;
            }
            case CoordLayout _, InnerSwizzledLayout _, GeneralComposedLayout _ -> throw AnyLayout.refuse(family.operation(), smem,
                    "a " + family.instruction() + " operand is a layout of offsets in shared memory, swizzled or not");
        }
        if (inner.rank() != 2) {
            throw new LayoutArgumentException(what + ": the operand has rank " + inner.rank() + "; " + family.cute() + " Descriptors can"
                    + " only be constructed on rank-2 tensors (MN, K)");
        }
        if (offset < 0 || Math.multiplyExact(offset, bits) % 128 != 0) {
            throw new LayoutArgumentException(what + ": the operand starts " + offset + " elements into the tile, "
                    + Math.multiplyExact(offset, bits) / 8 + " bytes, not at a 16-byte boundary (the descriptor's start address"
                    + " is in units of 16 bytes)");
        }
        Layout u = Recast.upcast(inner, 128 / bits); // in units of 16 bytes
        long start = Math.addExact(address, Math.multiplyExact(offset, bits) / 8);
        return new SmemMatrixOperand(bytes.isIdentity() ? Swizzle.IDENTITY : bytes, u, bits, start, address, patternAtTile);
    }

    /**
     * Reads an operand given as a tensor as CuTe prints it ({@link CuTeNotation#parseTensor}): its elements' bits are its
     * pointer's where it has one, its address its pointer's or the one given, each said once or the same.
     *
     * @throws LayoutArgumentException where the bits or the addresses are said twice and differ, or as
     *         {@link #read(Family, String, AnyLayout, int, IntPredicate, String, long)}
     */
    public static SmemMatrixOperand read(Family family, CuTeNotation.Tensor smem, int elementBits, IntPredicate bitsAllowed,
            String bitsWords, OptionalLong address) {
        String op = family.operation();
        String what = op + " of " + LayoutArgumentException.quote(smem.layout().toString());
        if (smem.memory() != CuTeNotation.Memory.SHARED && smem.memory() != CuTeNotation.Memory.NONE) {
            throw new LayoutArgumentException(what + ": the tensor lies in " + smem.memory().words() + ", and a " + family.instruction()
                    + " descriptor describes shared memory (CuTe's make_" + family.cute().toLowerCase(java.util.Locale.ROOT)
                    + "_desc asserts is_smem); give the operand's smem_ptr tensor, or its layout");
        }
        int bits = elementBits;
        if (smem.elementBits() != 0) {
            if (bits != 0 && bits != smem.elementBits()) {
                throw new LayoutArgumentException(what + ": the pointer holds " + smem.elementBits() + "-bit elements, not " + bits);
            }
            bits = smem.elementBits();
        }
        OptionalLong pointer = smem.address();
        if (pointer.isPresent() && address.isPresent() && pointer.getAsLong() != address.getAsLong()) {
            throw new LayoutArgumentException(what + ": the address is given as " + address.getAsLong() + " (0x"
                    + Long.toHexString(address.getAsLong()) + ") and the pointer's is 0x" + Long.toHexString(pointer.getAsLong())
                    + " (" + Long.toUnsignedString(pointer.getAsLong()) + "): one tensor has one address; give it once, or the same");
        }
        return read(family, op + " of " + smem.layout(), smem.layout(), bits, bitsAllowed, bitsWords, address.orElse(pointer.orElse(0)));
    }

    private static int elementBits(String what, int bits, IntPredicate allowed, String words) {
        if (!allowed.test(bits)) {
            throw new LayoutArgumentException(what + ": elements of " + bits + " bits; " + words
                    + " (give the bits, or the layout in CuTe's smem_ptr[Nb] form)");
        }
        return bits;
    }

    /**
     * The MN-major canonical form: {@code ((W,n),(A,k)):((1,LBO),(W,SBO))} swizzled, {@code ((1,n),(A,k)):((X,SBO),(1,LBO))}
     * interleaved ({@code interleaved} true), in units of 16 bytes; W is the swizzle's row width and A the rows of K in
     * its atom (8, or 4 for UMMA's 128-byte swizzle of 32-byte atoms).
     *
     * @throws LayoutArgumentException where the layout is not in the form, in CuTe's words for {@code form}
     *         ("GMMA_MN", "UMMA_MN")
     */
    public Offsets mnMajor(String what, String form, int w, int a, boolean interleaved) {
        Layout c = canonical(what, form, w, a);
        long s00 = stride(c, 0, 0), s10 = stride(c, 1, 0), s01 = stride(c, 0, 1), s11 = stride(c, 1, 1);
        if (!interleaved && s00 != 1) {
            throw strideFailure(what, form, c, "the first " + w + " units of 16 bytes of MN are not contiguous (stride "
                    + s00 + ", expected 1)");
        }
        if (s10 != w) {
            throw strideFailure(what, form, c, "the " + a + " rows of K step " + s10 + " units of 16 bytes, expected " + w);
        }
        return interleaved ? new Offsets(s11, s01) : new Offsets(s01, s11);
    }

    /**
     * The K-major canonical form: {@code ((8,n),2):((W,SBO),1)} swizzled, {@code ((8,n),2):((1,SBO),LBO)} interleaved,
     * in units of 16 bytes; MN a multiple of 8.
     *
     * @throws LayoutArgumentException where the layout is not in the form, in CuTe's words for {@code form}
     *         ("GMMA_K", "UMMA_K")
     */
    public Offsets kMajor(String what, String form, int w, boolean interleaved) {
        long mn = units.mode(0).size();
        if (mn % 8 != 0) {
            throw new LayoutArgumentException(what + ": Not a canonical " + form + " Layout: the MN mode has " + mn + " rows of"
                    + " 16 bytes; expected a multiple of 8 (CuTe: \"Expected MN-size multiple of 8\")");
        }
        Layout c = canonical(what, form, 8, 2);
        long s00 = stride(c, 0, 0), s10 = stride(c, 1, 0), s01 = stride(c, 0, 1);
        if (s00 != w) {
            throw strideFailure(what, form, c, "the 8 rows of MN step " + s00 + " units of 16 bytes, expected " + w);
        }
        if (!interleaved && s10 != 1) {
            throw strideFailure(what, form, c, "the 2 units of 16 bytes of K are not contiguous (stride " + s10 + ", expected 1)");
        }
        return new Offsets(s10, s01);
    }

    /** {@code logical_divide(units, <a:1, b:1>)}, each mode split into two integers (CuTe's profile check). */
    private Layout canonical(String what, String form, int a, int b) {
        Layout c;
        try {
            c = Divide.logicalDivide(units, Tiler.ByMode.of(Layout.of(a, 1), Layout.of(b, 1)));
        } catch (IllegalArgumentException e) {
            throw new LayoutArgumentException(what + ": Not a canonical " + form + " Layout: in units of 16 bytes it is " + units
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

    /**
     * The start address in 16-byte units, as the descriptor's 14 bits hold it.
     *
     * @throws LayoutArgumentException where the address is off a 16-byte boundary or past the 14 bits (CuTe drops the low
     *         bits and the high ones without a word)
     */
    public int startUnits(String what) {
        if (startAddress < 0 || startAddress % 16 != 0 || (startAddress >> 4) > FIELD) {
            throw new LayoutArgumentException(what + ": the start address " + startAddress + " must be a multiple of 16 below "
                    + ((FIELD + 1L) << 4) + " (CuTe keeps address >> 4 in 14 bits, dropping the rest without a word)");
        }
        return (int) (startAddress >> 4);
    }

    /** The widest value of a descriptor's 14-bit address and offset fields. */
    public static final int FIELD = (1 << 14) - 1;

    /**
     * The offsets as the descriptor's two 14-bit fields hold them.
     *
     * @throws LayoutArgumentException where one is past 14 bits (CuTe keeps the low 14 bits without a word)
     */
    public static void checkFields(String what, Offsets o) {
        for (long[] f : new long[][] {{o.leading(), 0}, {o.stride(), 1}}) {
            if (f[0] < 0 || f[0] > FIELD) {
                String name = f[1] == 0 ? "leading byte offset" : "stride byte offset";
                throw new LayoutArgumentException(what + ": its " + name + " is " + f[0] + " units of 16 bytes, which the"
                        + " descriptor's 14 bits do not hold (0 to " + FIELD + "; CuTe keeps the low 14 bits without a word)");
            }
        }
    }
}
