package org.layoutcat.core.blockscaled;

import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.construct.TileToShape;

/**
 * The layouts of the scale factors CUTLASS's block-scaled kernels read, as {@code Sm1xxBlockScaledConfig<SFVecSize>}
 * (SM100) and {@code Sm103BlockScaledConfig<SFVecSize>} (SM103) build them: a K-major atom of 128 rows of MN by 4
 * scale-factor vectors of K, 512 one-byte scale factors, tiled over the problem ({@code tile_atom_to_shape_SFA/SFB}):
 * <pre>
 * SM100  ((32,4),(SFVec,4)):((16,4),(0,1))
 * SM103  ((8,4,4),(SFVec,4)):((16,128,4),(0,1))
 * SFA = tile_to_shape(atom, (M,K,L), Step&lt;2,1,3&gt;)     SFB = tile_to_shape(atom, (N,K,L), Step&lt;2,1,3&gt;)
 * </pre>
 * (without L for a problem (M,N,K)); and the output's, SFD ({@link #output}). A layout maps (mn, k, l), k an element's index along K, to the scale factor's
 * offset in elements, which are bytes (UE8M0, UE4M3): the SFVec elements of K that share a scale factor have stride
 * 0. The atom's copies are laid out K first, then MN, then L, and a problem whose MN or K is not a multiple of the
 * atom's (128, 4·SFVec) is padded to one, as CuTe's tile_to_shape pads dynamic shapes ({@code ceil_div}). The problem
 * is dynamic (CUTLASS's int), so a mode of one copy keeps its stride, as CuTe prints it:
 * {@code (((32,4),1),((32,4),3),(1,2)):(((16,4),1536),((0,1),512),(0,1536))} for (100,200,300,2) and SFVec 32.
 */
public final class ScaleFactorLayouts {
    private ScaleFactorLayouts() {}

    /** The architecture whose kernels read the layout. */
    public enum Arch {
        /** {@code Sm1xxBlockScaledConfig}: the 128 rows of MN as (32,4):(16,4). */
        SM100,
        /** {@code Sm103BlockScaledConfig}: the 128 rows of MN as (8,4,4):(16,128,4). */
        SM103
    }

    /** The operand whose scale factors the layout holds: A's (along M) or B's (along N). */
    public enum Operand { SFA, SFB }

    /** The rows of MN in one atom (CUTLASS's {@code Blk_MN}). */
    public static final int BLOCK_MN = 128;
    /** The scale-factor vectors of K in one atom (CUTLASS's {@code Blk_SF}). */
    public static final int BLOCK_SF = 4;

    /**
     * The K-major atom ({@code Sm1xxBlockScaledBasicChunk<SFVec>::SfKMajorAtom}, SM103's likewise).
     *
     * @throws LayoutArgumentException unless {@code sfVec} is positive
     */
    public static Layout atom(Arch arch, int sfVec) {
        if (sfVec < 1) throw new LayoutArgumentException("SFVecSize " + sfVec + ": a scale factor scales a vector of 1 or more elements (CUTLASS's kernels: 16 or 32)");
        IntTuple k = IntTuple.of(IntTuple.of(sfVec), IntTuple.of(BLOCK_SF));
        IntTuple kStride = IntTuple.of(IntTuple.of(0), IntTuple.of(1));
        return arch == Arch.SM100
                ? Layout.of(IntTuple.of(IntTuple.of(IntTuple.of(32), IntTuple.of(4)), k),
                        IntTuple.of(IntTuple.of(IntTuple.of(16), IntTuple.of(4)), kStride))
                : Layout.of(IntTuple.of(IntTuple.of(IntTuple.of(8), IntTuple.of(4), IntTuple.of(4)), k),
                        IntTuple.of(IntTuple.of(IntTuple.of(16), IntTuple.of(128), IntTuple.of(4)), kStride));
    }

    /**
     * The layout of an operand's scale factors for a problem (M,N,K) or (M,N,K,L), as
     * {@code tile_atom_to_shape_SFA/SFB(problem)} returns it.
     *
     * @throws LayoutArgumentException where the problem is not 3 or 4 positive integers, or SFVec is not positive
     * @throws ArithmeticException on overflow of a size or stride
     */
    public static Layout of(Arch arch, Operand operand, int sfVec, IntTuple problem) {
        Problem p = Problem.of(problem);
        Layout atom = atom(arch, sfVec);
        long mn = operand == Operand.SFA ? p.m() : p.n();
        return tiled(atom, ceilDiv(mn, BLOCK_MN), ceilDiv(p.k(), (long) sfVec * BLOCK_SF), false, p.hasL() ? p.l() : 0);
    }

    /**
     * The layout of the scale factors a block-scaled kernel writes for its output D, as
     * {@code Sm1xxBlockScaledOutputConfig<SFVec, major>::tile_atom_to_shape_SFD(problem)} returns it: over (M, N, L), L 1
     * where the problem has none ({@code append<4>(problem, 1)}), the vectors along N (K-major: SM100's atom,
     * {@code Step<2,1,3>}) or along M (MN-major: {@code ((SFVec,4),(32,4)):((0,1),(16,4))}, {@code Step<1,2,3>}).
     *
     * @throws LayoutArgumentException where the problem is not 3 or 4 positive integers, or SFVec is not positive
     * @throws ArithmeticException on overflow of a size or stride
     */
    public static Layout output(int sfVec, org.layoutcat.core.swizzle.GmmaSmemAtoms.Major major, IntTuple problem) {
        Problem p = Problem.of(problem);
        Layout k = atom(Arch.SM100, sfVec);
        if (major == org.layoutcat.core.swizzle.GmmaSmemAtoms.Major.K) {
            return tiled(k, ceilDiv(p.m(), BLOCK_MN), ceilDiv(p.n(), (long) sfVec * BLOCK_SF), false, p.l());
        }
        Layout mnMajor = Layout.of(IntTuple.of(k.shape().mode(1), k.shape().mode(0)), IntTuple.of(k.stride().mode(1), k.stride().mode(0)));
        return tiled(mnMajor, ceilDiv(p.m(), (long) sfVec * BLOCK_SF), ceilDiv(p.n(), BLOCK_MN), true, p.l());
    }

    /**
     * The atom's copies over (mode 0, mode 1[, L]), each 512 scale factors on from the last in order: mode 1's copies
     * first (CUTLASS's {@code Step<2,1,3>}), or mode 0's ({@code Step<1,2,3>}, {@code mode0First}), then the other
     * mode's, then L's. A mode of one copy keeps its stride (CUTLASS's problem is dynamic). {@code l} 0: no L mode.
     */
    private static Layout tiled(Layout atom, long blocks0, long blocks1, boolean mode0First, long l) {
        long atomSize = (long) BLOCK_MN * BLOCK_SF; // the atom's 512 scale factors, its cosize
        long stride0 = mode0First ? atomSize : Math.multiplyExact(atomSize, blocks1);
        long stride1 = mode0First ? Math.multiplyExact(atomSize, blocks0) : atomSize;
        long strideL = Math.multiplyExact(Math.multiplyExact(atomSize, blocks0), blocks1);
        IntTuple m0 = IntTuple.of(atom.shape().mode(0), IntTuple.of(blocks0)), d0 = IntTuple.of(atom.stride().mode(0), IntTuple.of(stride0));
        IntTuple m1 = IntTuple.of(atom.shape().mode(1), IntTuple.of(blocks1)), d1 = IntTuple.of(atom.stride().mode(1), IntTuple.of(stride1));
        if (l == 0) return Layout.of(IntTuple.of(m0, m1), IntTuple.of(d0, d1));
        return Layout.of(IntTuple.of(m0, m1, IntTuple.of(IntTuple.of(1), IntTuple.of(l))),
                IntTuple.of(d0, d1, IntTuple.of(IntTuple.of(0), IntTuple.of(strideL))));
    }

    /**
     * The same layout as CuTe's {@code tile_to_shape(atom, padded problem, Step<2,1,3>)} with static shapes builds it
     * ({@link TileToShape#tileToShape}): equal as functions to {@link #of}; it differs in print only where a mode of
     * copies has size 1, to which CuTe gives a static problem stride 0 and CUTLASS's dynamic (int) problem the ordered
     * stride.
     */
    static Layout ofStatic(Arch arch, Operand operand, int sfVec, IntTuple problem) {
        Problem p = Problem.of(problem);
        Layout atom = atom(arch, sfVec);
        long mn = operand == Operand.SFA ? p.m() : p.n();
        long mnPadded = Math.multiplyExact(ceilDiv(mn, BLOCK_MN), BLOCK_MN);
        long kUnit = (long) sfVec * BLOCK_SF;
        long kPadded = Math.multiplyExact(ceilDiv(p.k(), kUnit), kUnit);
        IntTuple target = p.hasL() ? IntTuple.of(IntTuple.of(mnPadded), IntTuple.of(kPadded), IntTuple.of(p.l()))
                : IntTuple.of(IntTuple.of(mnPadded), IntTuple.of(kPadded));
        IntTuple order = p.hasL() ? IntTuple.of(IntTuple.of(2), IntTuple.of(1), IntTuple.of(3)) : IntTuple.of(IntTuple.of(2), IntTuple.of(1));
        return TileToShape.tileToShape(atom, target, order);
    }

    /** A GEMM's problem shape: (M,N,K) or (M,N,K,L). */
    record Problem(long m, long n, long k, long l, boolean hasL) {
        static Problem of(IntTuple t) {
            if (t.isLeaf() || (t.rank() != 3 && t.rank() != 4)) {
                throw new LayoutArgumentException("problem shape " + t + ": (M,N,K) or (M,N,K,L), as CUTLASS's tile_atom_to_shape_SFA takes it");
            }
            long[] v = new long[4];
            v[3] = 1;
            for (int i = 0; i < t.rank(); i++) {
                if (!t.mode(i).isLeaf() || t.mode(i).value() < 1) {
                    throw new LayoutArgumentException("problem shape " + t + ": mode " + i + " must be a positive integer");
                }
                v[i] = t.mode(i).value();
            }
            return new Problem(v[0], v[1], v[2], v[3], t.rank() == 4);
        }
    }

    static long ceilDiv(long a, long b) {
        return Math.addExact(a, b - 1) / b;
    }
}
