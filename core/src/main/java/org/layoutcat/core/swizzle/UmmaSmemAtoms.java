package org.layoutcat.core.swizzle;

import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;

/**
 * CuTe's shared-memory layout atoms for SM100 UMMA ({@code cute/atom/mma_traits_sm100.hpp}):
 * {@code UMMA::Layout_{K,MN}_{INTER,SW32,SW64,SW128}_Atom<T>} are SM90's GMMA atoms ({@link GmmaSmemAtoms}, which CuTe
 * names with {@code using}), here for 4-bit elements too ({@code smem_ptr[4b]}, UMMA's packed FP4); and
 * {@code UMMA::Layout_MN_SW128_32B_Atom<T>}, the 128-byte swizzle of 32-byte atoms, MN-major only: 1024 bits of MN by
 * 4 rows of K under {@code Sw<2,5,2>} of byte addresses, {@code Sw<2,5,2> o smem_ptr[16b](unset) o (64,4):(1,64)} for
 * 16-bit elements.
 */
public final class UmmaSmemAtoms {
    private UmmaSmemAtoms() {}

    /** The swizzling: GMMA's four, and the 128-byte swizzle of 32-byte atoms (SWIZZLE_128B_BASE32B). */
    public enum Swizzling {
        INTER, SW32, SW64, SW128, SW128_32B;

        /** GMMA's swizzling of the same name, where there is one. */
        GmmaSmemAtoms.Swizzling gmma() {
            return GmmaSmemAtoms.Swizzling.valueOf(name());
        }
    }

    /**
     * The atom as CuTe C++ prints it: the swizzle of byte addresses over a typed shared-memory pointer.
     *
     * @throws LayoutArgumentException unless {@code elementBits} is 4, 8, 16, 32 or 64, or for a K-major SW128_32B atom,
     *         which CuTe does not have
     */
    public static String cuteForm(GmmaSmemAtoms.Major major, Swizzling swizzling, int elementBits) {
        if (elementBits < 4 || elementBits > 64 || Integer.bitCount(elementBits) != 1) {
            throw new LayoutArgumentException("a UMMA shared-memory atom of " + elementBits + "-bit elements: 4, 8, 16, 32 or 64"
                    + " bits (CuTe upcasts the atom's bits by the element's: \"Divisibility condition\")");
        }
        if (swizzling != Swizzling.SW128_32B) return GmmaSmemAtoms.form(major, swizzling.gmma(), elementBits);
        if (major == GmmaSmemAtoms.Major.K) {
            throw new LayoutArgumentException("UMMA has no K-major SW128_32B atom: the 128-byte swizzle of 32-byte atoms is"
                    + " MN-major only (CuTe: Layout_MN_SW128_32B_Atom; \"SWIZZLE_128B_BASE32B is invalid for Major-K\")");
        }
        long n = 1024 / elementBits; // elements of MN in 1024 bits
        Layout inner = Layout.of(IntTuple.of(IntTuple.of(n), IntTuple.of(4)), IntTuple.of(IntTuple.of(1), IntTuple.of(n)));
        return "Sw<2,5,2> o smem_ptr[" + elementBits + "b](unset) o " + inner;
    }

    /**
     * The atom, in CuTe's pointer form (a swizzle of byte addresses).
     *
     * @throws LayoutArgumentException as {@link #cuteForm}
     */
    public static ComposedLayout atom(GmmaSmemAtoms.Major major, Swizzling swizzling, int elementBits) {
        return ComposedLayout.parse(cuteForm(major, swizzling, elementBits));
    }

    /** CuTe's name of the atom, e.g. {@code UMMA::Layout_MN_SW128_32B_Atom<16b>}. */
    public static String name(GmmaSmemAtoms.Major major, Swizzling swizzling, int elementBits) {
        return "UMMA::Layout_" + major + "_" + swizzling + "_Atom<" + elementBits + "b>";
    }
}
