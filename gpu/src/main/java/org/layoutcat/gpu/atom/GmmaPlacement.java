package org.layoutcat.gpu.atom;

import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.algebra.Composition;
import org.layoutcat.core.construct.TileToShape;
import org.layoutcat.core.swizzle.GmmaDescriptor;
import org.layoutcat.core.swizzle.GmmaSmemAtoms;
import org.layoutcat.core.swizzle.GmmaSmemAtoms.Major;
import org.layoutcat.core.swizzle.GmmaSmemAtoms.Swizzling;
import org.layoutcat.gpu.ptx.AtomKernels;

/**
 * One wgmma operand, an {@code MN×K} tile of {@code elementBits}-bit elements, placed in shared memory through a GMMA
 * shared-memory atom as a CuTe mainloop places it: {@code tile = tile_to_shape(atom, (MN, K'))} with
 * {@code K' = max(K, the atom's K)} (a K-major atom of 64 or 128 bytes a row is wider than one wgmma's 256 bits of K,
 * so the tile holds several k-blocks), and the operand is its k-block 0, {@code operand = tile ∘ <MN:1, K:1>}. Element
 * {@code (mn, k)} lies at byte {@code bytes·operand(mn, k)}; the descriptor is CuTe's {@code make_gmma_desc} of the
 * operand ({@link GmmaDescriptor#of}) for the tile at shared address 0, which the kernel advances by the tile's
 * address. Immutable.
 *
 * @param major       K-major or MN-major
 * @param swizzling   the atom's swizzling: INTER (no swizzle), SW32, SW64, SW128
 * @param elementBits the bits of one element (8, 16 or 32)
 * @param mn          MN, the rows of the operand (M for A, N for B)
 * @param k           K, the reduction extent of one wgmma
 * @param tile        the whole shared-memory tile, {@code tile_to_shape(atom, (MN, K'))}
 * @param operand     the operand, the tile's first K columns
 * @param descriptor  the descriptor of the operand at shared address 0
 */
public record GmmaPlacement(Major major, Swizzling swizzling, int elementBits, long mn, long k, ComposedLayout tile,
                            ComposedLayout operand, GmmaDescriptor descriptor) {

    /**
     * The placement; see the components ({@link #of} derives them).
     *
     * @throws IllegalArgumentException for elements of other than 8, 16 or 32 bits, or an operand whose shape is not
     *         {@code (mn, k)}, or a descriptor that does not start at address 0
     */
    public GmmaPlacement {
        if (elementBits != 8 && elementBits != 16 && elementBits != 32) {
            throw new IllegalArgumentException("a wgmma operand of " + elementBits + "-bit elements; wgmma reads 8-, 16- and 32-bit inputs");
        }
        if (operand.shape().rank() != 2 || operand.shape().mode(0).product() != mn || operand.shape().mode(1).product() != k) {
            throw new IllegalArgumentException("the operand " + operand + " is not of shape (" + mn + "," + k + ")");
        }
        if (descriptor.startAddress() != 0) {
            throw new IllegalArgumentException("descriptor " + descriptor + " of " + operand + " starts at "
                    + 16L * descriptor.startAddress() + ", not at the tile's address 0");
        }
    }

    /**
     * The placement of an {@code mn×k} operand through {@code GMMA::Layout_<major>_<swizzling>_Atom} of
     * {@code elementBits}-bit elements.
     *
     * @throws LayoutArgumentException where the atom does not tile the operand (MN-major: MN not a multiple of the
     *         atom's MN; K-major: MN not a multiple of 8), or where CuTe's make_gmma_desc refuses the operand (see
     *         {@link GmmaDescriptor#of})
     */
    public static GmmaPlacement of(Major major, Swizzling swizzling, int elementBits, long mn, long k) {
        ComposedLayout atom = GmmaSmemAtoms.atom(major, swizzling, elementBits);
        long atomMn = atom.shape().mode(0).product();
        long atomK = atom.shape().mode(1).product();
        if (mn % atomMn != 0) {
            throw new LayoutArgumentException(GmmaSmemAtoms.name(major, swizzling, elementBits) + " " + atom + " does not tile an"
                    + " operand of " + mn + " rows: MN must be a multiple of the atom's " + atomMn);
        }
        long wideK = Math.max(k, atomK);
        AnyLayout tiled = TileToShape.tileToShape(atom, IntTuple.flat(mn, wideK), null);
        ComposedLayout tile = (ComposedLayout) tiled;
        ComposedLayout operand = (ComposedLayout) Composition.compose(tile, Tiler.ByMode.of(Layout.of(mn, 1), Layout.of(k, 1)));
        GmmaDescriptor d = GmmaDescriptor.of(major, operand, elementBits, 0);
        return new GmmaPlacement(major, swizzling, elementBits, mn, k, tile, operand, d);
    }

    /** Whether {@link #of} places an {@code mn×k} operand with this atom: MN a multiple of the atom's MN extent. */
    public static boolean fits(Major major, Swizzling swizzling, int elementBits, long mn) {
        return mn % GmmaSmemAtoms.atom(major, swizzling, elementBits).shape().mode(0).product() == 0;
    }

    /** The bytes of one element. */
    public int elementBytes() {
        return elementBits / 8;
    }

    /** The bytes the tile spans in shared memory, {@code bytes·cosize(tile)} (the swizzled function's codomain). */
    public int tileBytes() {
        return Math.toIntExact(elementBytes() * tile.cosize());
    }

    /**
     * The placement table: entry {@code mn + MN·k} is the byte offset of element (mn, k),
     * {@code bytes·operand(mn, k)}.
     */
    public int[] byteOffsets() {
        return offsets(operand, false);
    }

    /** The counter-check's table: the byte offsets of the operand's layout without its swizzle, {@code bytes·L(mn, k)}. */
    public int[] unswizzledByteOffsets() {
        return offsets(operand, true);
    }

    private int[] offsets(ComposedLayout l, boolean dropSwizzle) {
        int[] t = new int[Math.toIntExact(mn * k)];
        for (long c = 0; c < k; c++) {
            for (long r = 0; r < mn; r++) {
                IntTuple at = IntTuple.flat(r, c);
                long e = dropSwizzle ? l.inner().apply(at) : l.apply(at);
                t[(int) (r + mn * c)] = Math.toIntExact(elementBytes() * e);
            }
        }
        return t;
    }

    /** CuTe's name of the atom, e.g. {@code GMMA::Layout_K_SW128_Atom<16b>}. */
    public String atomName() {
        return GmmaSmemAtoms.name(major, swizzling, elementBits);
    }

    /** The operand as the kernel takes it: its major, its descriptor, the tile's bytes, and a line for the PTX. */
    public AtomKernels.SmemOperand smemOperand() {
        return new AtomKernels.SmemOperand(major, descriptor, tileBytes(),
                atomName() + " tiled to (" + mn + "," + Math.max(k, tile.shape().mode(1).product()) + "), k-block 0: " + operand);
    }
}
