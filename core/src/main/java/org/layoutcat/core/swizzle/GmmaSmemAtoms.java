package org.layoutcat.core.swizzle;

import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.Swizzle;

/**
 * CuTe's shared-memory layout atoms for SM90 GMMA ({@code cute/atom/mma_traits_sm90_gmma.hpp},
 * {@code GMMA::Layout_{K,MN}_{INTER,SW32,SW64,SW128}_Atom<T>}): an 8-row block whose rows are 16, 32, 64 or 128
 * bytes, K-major {@code (8, n):(n, 1)} or MN-major {@code (n, 8):(1, n)} with n elements per row, under the swizzle
 * {@code Sw<b,4,3>} of byte addresses, b = 0, 1, 2, 3. CuTe C++ prints e.g. {@code GMMA::Layout_K_SW128_Atom<half_t>}
 * as {@code Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)}; each atom here is that layout, in element offsets
 * ({@code Sw<3,3,3> o 0 o (8,64):(64,1)} for 16-bit elements). The SM80 idiom {@code Swizzle<3,3,3> o (8,64):(64,1)}
 * over halves is {@code atom(K, SW128, 16)}.
 */
public final class GmmaSmemAtoms {
    private GmmaSmemAtoms() {}

    /** The major mode: K-major (rows of K) or MN-major. */
    public enum Major { K, MN }

    /** The swizzling width: the bytes of one row of the 8-row atom, and the B of its swizzle. */
    public enum Swizzling {
        INTER(0, 16), SW32(1, 32), SW64(2, 64), SW128(3, 128);

        final int bits;
        final int rowBytes;

        Swizzling(int bits, int rowBytes) {
            this.bits = bits;
            this.rowBytes = rowBytes;
        }
    }

    /**
     * The atom for elements of {@code elementBits} (8, 16, 32 or 64) bits, in element offsets.
     *
     * @throws LayoutArgumentException unless {@code elementBits} is 8, 16, 32 or 64, or where a row of the swizzling
     *         holds no such element
     */
    public static ComposedLayout atom(Major major, Swizzling swizzling, int elementBits) {
        return ComposedLayout.parse(cuteForm(major, swizzling, elementBits));
    }

    /**
     * The atom as CuTe C++ prints it: the swizzle of byte addresses over a typed shared-memory pointer.
     *
     * @throws LayoutArgumentException unless {@code elementBits} is 8, 16, 32 or 64, or where a row of the swizzling
     *         holds no such element
     */
    public static String cuteForm(Major major, Swizzling swizzling, int elementBits) {
        if (elementBits < 8 || elementBits > 64 || Integer.bitCount(elementBits) != 1) {
            throw new LayoutArgumentException("a GMMA shared-memory atom of " + elementBits + "-bit elements: 8, 16, 32 or 64 bits");
        }
        return form(major, swizzling, elementBits);
    }

    /** The atom's printout for elements of a power-of-two width (UMMA's atoms are these, for 4-bit elements too). */
    static String form(Major major, Swizzling swizzling, int elementBits) {
        long n = swizzling.rowBytes * 8L / elementBits; // elements per 8-row block's row
        if (n < 1) throw new LayoutArgumentException(swizzling + " rows of " + swizzling.rowBytes + " bytes hold no " + elementBits + "-bit element");
        Layout inner = major == Major.K
                ? Layout.of(IntTuple.of(IntTuple.of(8), IntTuple.of(n)), IntTuple.of(IntTuple.of(n), IntTuple.of(1)))
                : Layout.of(IntTuple.of(IntTuple.of(n), IntTuple.of(8)), IntTuple.of(IntTuple.of(1), IntTuple.of(n)));
        return "Sw<" + swizzling.bits + ",4,3> o smem_ptr[" + elementBits + "b](unset) o " + inner;
    }

    /** CuTe's name of the atom, e.g. {@code GMMA::Layout_K_SW128_Atom<16b>}. */
    public static String name(Major major, Swizzling swizzling, int elementBits) {
        return "GMMA::Layout_" + major + "_" + swizzling + "_Atom<" + elementBits + "b>";
    }
}
