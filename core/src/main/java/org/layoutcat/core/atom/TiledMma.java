package org.layoutcat.core.atom;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.CoordLayout;
import org.layoutcat.core.CuTeNotation;
import org.layoutcat.core.GeneralComposedLayout;
import org.layoutcat.core.InnerSwizzledLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.algebra.Complement;
import org.layoutcat.core.algebra.Composition;
import org.layoutcat.core.algebra.Divide;
import org.layoutcat.core.algebra.Inverse;
import org.layoutcat.core.algebra.Product;
import org.layoutcat.core.construct.Compact;
import org.layoutcat.core.internal.Checked;
import org.layoutcat.core.modes.SliceCoord;
import org.layoutcat.core.modes.Sliced;
import org.layoutcat.core.modes.Slicing;
import org.layoutcat.core.swizzle.GmmaDescriptor;
import org.layoutcat.core.swizzle.GmmaSmemAtoms;

/**
 * CuTe's {@code make_tiled_mma(atom, atom_layout_MNK, permutation_MNK)}: copies of an MMA atom laid out over an
 * {@code M×N×K} grid of atoms, the threads of copy {@code (m, n, k)} numbered by {@code atom_layout_MNK}, the
 * tile's coordinates reordered by the permutation. Immutable.
 *
 * <p>Definitions, as in CuTe's {@code TiledMMA} ({@code cute/atom/mma_atom.hpp}), written with this library's
 * algebra:
 * <ul>
 * <li>{@code thr_layout_vmnk = tiled_product(thrID, atom_layout_MNK)}: (atom thread, m, n, k) → thread index;</li>
 * <li>the tile size in mode i is {@code size(permutation_i)}, and where no permutation is given
 *     {@code shape_MNK_i · size(atom_layout_i)} (the permutation then being the identity);</li>
 * <li>{@code thrfrg_C(T) = ((ThrV,(ThrM,ThrN)),(FrgV,(RestM,RestN)))}: T divided by the permutation, then by the
 *     atom's tile (zipped), the atom's mode composed with the atom's C layout, its rest divided by the atoms'
 *     grid (zipped); likewise A over (M,K) and B over (N,K);</li>
 * <li>{@code layoutC_TV = thrfrg_C(M×N) ∘ (thridx → thrid, _)} with
 *     {@code thridx → thrid = (T,1):(1,0) ∘ right_inverse((vmnk, complement(vmnk)))}; for A (and B) the thread
 *     mode is first widened over the N (M) atoms, which hold the same A (B), by a stride-0 mode.</li>
 * </ul>
 * Tensors given to the partitions have rank 2 or more: {@code (M,N)} for C, {@code (M,K)} for A, {@code (N,K)} for B,
 * and any further modes (a pipelined shared-memory tensor's stages, {@code (M,K,PIPE)}) are kept after the rest modes,
 * as CuTe keeps them: {@code (FrgV,RestM,RestK,PIPE)}.
 */
public final class TiledMma {
    private final MmaAtom atom;
    private final Layout atomLayout;
    private final Layout[] permutation; // one per mode M, N, K
    private final Layout vmnk;

    private TiledMma(MmaAtom atom, Layout atomLayout, Layout[] permutation) {
        this.atom = atom;
        this.atomLayout = atomLayout;
        this.vmnk = Product.tiledProduct(atom.thrID(), atomLayout);
        this.permutation = permutation;
    }

    /**
     * {@code make_tiled_mma(atom, atom_layout_MNK, permutation_MNK)}.
     *
     * @param atomLayout  (m, n, k) of an atom copy → its index; rank 3 or less (missing modes are 1)
     * @param permutation a by-mode tiler {@code <PM,PN,PK>} (a layout or a size per mode; a mode given as its
     *                    size n means {@code n:1}), or null for none
     * @throws LayoutArgumentException where the atom layout has rank above 3, the permutation is not a by-mode tiler of
     *         at most 3 layouts or sizes, or a permutation's size is not a multiple of the atom's extent in its mode,
     *         or the tiled product of {@code thrID} and the atom layout is refused
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public static TiledMma of(MmaAtom atom, Layout atomLayout, Tiler permutation) {
        Objects.requireNonNull(atom, "atom");
        if (atomLayout.rank() > 3) {
            throw new LayoutArgumentException("atom layout " + atomLayout + " of " + atom.name() + " has rank "
                    + atomLayout.rank() + "; it lays atoms out over (M,N,K), rank at most 3");
        }
        List<Layout> modes = new ArrayList<>(atomLayout.rank() == 1 && atomLayout.shape().isLeaf() ? List.of(atomLayout) : atomLayout.modes());
        while (modes.size() < 3) modes.add(Layout.of(1, 0));
        Layout mnk = Layout.concat(modes);
        Layout[] perm = new Layout[3];
        for (int i = 0; i < 3; i++) {
            long natural = Checked.mul(atom.shapeMNK().mode(i).value(), mnk.mode(i).size(), "the tile", mnk);
            Tiler p = null;
            if (permutation instanceof Tiler.ByMode b) {
                if (b.rank() > 3) throw new LayoutArgumentException("permutation " + permutation + " has more than 3 modes (M,N,K)");
                if (i < b.rank()) p = b.mode(i);
            } else if (permutation != null) {
                throw new LayoutArgumentException("permutation " + permutation + " must be a by-mode tiler <M,N,K>");
            }
            if (p == null) {
                perm[i] = Layout.of(natural, 1);
            } else if (p instanceof Layout l) {
                perm[i] = l;
            } else {
                throw new LayoutArgumentException("permutation mode " + i + " " + p + " must be a layout or a size");
            }
            if (perm[i].size() % atom.shapeMNK().mode(i).value() != 0) {
                throw new LayoutArgumentException("permutation " + perm[i] + " of mode " + "MNK".charAt(i) + " has size "
                        + perm[i].size() + ", not a multiple of the atom's " + atom.shapeMNK().mode(i).value());
            }
        }
        return new TiledMma(atom, mnk, perm);
    }

    /**
     * {@code make_tiled_mma(atom, atom_layout_MNK)} with the column-major atom layout of the given shape.
     *
     * @throws LayoutArgumentException where the shape has an entry ≤ 0 or more than 3 entries
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public static TiledMma of(MmaAtom atom, IntTuple atomShape) {
        return of(atom, compact(atomShape), null);
    }

    /**
     * An atom layout from text: a layout ({@code (2,2,1):(2,1,0)}), or a shape ({@code (2,2,1)} or {@code 2x2x1})
     * read as {@link #compact}; the reader of CuTe notation says which ({@link CuTeNotation#parseShapeOrLayout}).
     *
     * @throws LayoutArgumentException where the text is neither a layout nor a shape (as {@link Layout#parse} and
     *         {@link IntTuple#parse} word it), or has an entry ≤ 0
     * @throws ArithmeticException where the size overflows a long
     */
    public static Layout parseAtomLayout(String text) {
        return switch (CuTeNotation.parseShapeOrLayout(text.trim())) {
            case CuTeNotation.ShapeOrLayout.Shape(IntTuple shape) -> compact(shape);
            case CuTeNotation.ShapeOrLayout.Strided(Layout layout) -> layout;
        };
    }

    /**
     * The column-major layout of a flat shape with stride 0 on its modes of size 1, as CuTe prints {@code
     * make_layout(shape)}.
     *
     * @throws LayoutArgumentException where the shape has an entry ≤ 0
     * @throws ArithmeticException where the size overflows a long
     */
    public static Layout compact(IntTuple flatShape) {
        long[] s = flatShape.flatten().leaves();
        long[] d = new long[s.length];
        long stride = 1;
        for (int i = 0; i < s.length; i++) {
            d[i] = s[i] == 1 ? 0 : stride;
            stride = Checked.mul(stride, s[i], "the atom layout", flatShape);
        }
        return Layout.flat(s, d);
    }

    public MmaAtom atom() {
        return atom;
    }

    public Layout atomLayout() {
        return atomLayout;
    }

    /** {@code thr_layout_vmnk = tiled_product(thrID, atom_layout_MNK)}. */
    public Layout thrLayoutVMNK() {
        return vmnk;
    }

    /** The number of threads, {@code size(thr_layout_vmnk)}. */
    public long threads() {
        return vmnk.size();
    }

    /** {@code tile_size_mnk<i>}: the size of the permutation of mode i (0 = M, 1 = N, 2 = K). */
    public long tileSize(int i) {
        return permutation[i].size();
    }

    /** {@code (tile M, tile N, tile K)}. */
    public IntTuple tileShape() {
        return IntTuple.flat(tileSize(0), tileSize(1), tileSize(2));
    }

    /** The permutation of mode i. */
    public Layout permutation(int i) {
        return permutation[i];
    }

    /** CuTe's {@code make_layout(n)}: {@code n:1}, and {@code 1:0} for n = 1. */
    private static Layout compact(long n) {
        return Layout.of(n, n == 1 ? 0 : 1);
    }

    private long thr(int mode) {
        return vmnk.mode(mode).size();
    }

    /**
     * The thread–fragment form of a rank-2 tensor layout over modes (p, q) of MNK, through the atom's TV layout
     * {@code atomTv}: {@code ((ThrV,(ThrP,ThrQ)),(FrgV,(RestP,RestQ)))}.
     */
    private Layout thrfrg(String what, Layout t, int p, int q, Layout atomTv) {
        if (t.rank() < 2) {
            throw new LayoutArgumentException(what + " of " + atom.name() + ": the tensor layout " + t + " must have rank 2 ("
                    + "MNK".charAt(p) + "," + "MNK".charAt(q) + ") or more (its further modes, a pipeline's stages say, kept)");
        }
        // the tilers touch modes 0 and 1 alone: the further modes go to the rest as they are (divided with them, they
        // come out the same, at a cost that grows with their number)
        List<Layout> further = t.modes().subList(2, t.rank());
        if (!further.isEmpty()) t = Layout.concat(t.mode(0), t.mode(1));
        Layout permuted = Divide.logicalDivide(t, Tiler.ByMode.of(permutation[p], permutation[q]));
        Layout tiles = Divide.zippedDivide(permuted, Tiler.ByMode.of(
                Layout.of(atom.shapeMNK().mode(p).value(), 1), Layout.of(atom.shapeMNK().mode(q).value(), 1)));
        Layout tv = Composition.compose(tiles.mode(0), atomTv); // (ThrV,FrgV)
        // CuTe's make_layout(size<i>(thr_layout_vmnk)): compact, so a grid of one atom is 1:0, and the thread index read
        // past (ThrV,(ThrP,ThrQ)) -- a thread that differs in the third mode of MNK only -- goes through that stride 0
        Layout rest = Divide.logicalDivide(tiles.mode(1), Tiler.ByMode.of(compact(thr(p + 1)), compact(thr(q + 1))));
        List<Layout> restModes = new ArrayList<>(List.of(rest.mode(0).mode(1), rest.mode(1).mode(1)));
        restModes.addAll(further); // the tensor's further modes, untiled, as CuTe keeps them
        return Layout.concat(
                Layout.concat(tv.mode(0), Layout.concat(rest.mode(0).mode(0), rest.mode(1).mode(0))),
                Layout.concat(tv.mode(1), Layout.concat(restModes)));
    }

    /**
     * CuTe's {@code thrfrg_C}: {@code ((ThrV,(ThrM,ThrN)),(FrgV,(RestM,RestN)))} of an (M,N) tensor layout.
     *
     * @throws LayoutArgumentException where the tensor layout does not have rank 2, or its divides by the permutations,
     *         the atom and the thread grid, or the composition with the atom's TV layout, are refused
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public Layout thrfrgC(Layout c) {
        return thrfrg("thrfrg_C", c, 0, 1, atom.c());
    }

    /**
     * CuTe's {@code thrfrg_A}: {@code ((ThrV,(ThrM,ThrK)),(FrgV,(RestM,RestK)))} of an (M,K) tensor layout.
     *
     * @throws LayoutArgumentException where the tensor layout does not have rank 2, or its divides by the permutations,
     *         the atom and the thread grid, or the composition with the atom's TV layout, are refused
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public Layout thrfrgA(Layout a) {
        return thrfrg("thrfrg_A", a, 0, 2, atom.a());
    }

    /**
     * CuTe's {@code thrfrg_B}: {@code ((ThrV,(ThrN,ThrK)),(FrgV,(RestN,RestK)))} of an (N,K) tensor layout.
     *
     * @throws LayoutArgumentException where the tensor layout does not have rank 2, or its divides by the permutations,
     *         the atom and the thread grid, or the composition with the atom's TV layout, are refused
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public Layout thrfrgB(Layout b) {
        return thrfrg("thrfrg_B", b, 1, 2, atom.b());
    }

    /** thread index → (ThrV,ThrM,ThrN,ThrK): {@code (T,1):(1,0) ∘ right_inverse((vmnk, complement(vmnk)))}. */
    private Layout thridxToThrid() {
        Layout full = Layout.concat(vmnk, Complement.bijectiveComplement(vmnk));
        return Composition.compose(Layout.of(IntTuple.flat(vmnk.size(), 1), IntTuple.flat(1, 0)), Inverse.rightInverse(full));
    }

    private Layout withThreadIndex(Layout thrfrg) {
        return Layout.concat(Composition.compose(thrfrg.mode(0), thridxToThrid()), thrfrg.mode(1));
    }

    /**
     * CuTe's {@code get_layoutC_TV}: (thread index, value) → {@code m + tileM·n}.
     *
     * @throws LayoutArgumentException where the divides and compositions that build it from the tile are refused (see
     *         {@link #thrfrgC})
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public Layout layoutC() {
        return withThreadIndex(thrfrgC(Layout.colMajor(IntTuple.flat(tileSize(0), tileSize(1)))));
    }

    /**
     * CuTe's {@code get_layoutA_TV}: (thread index, value) → {@code m + tileM·k}; the N atoms' threads share A.
     *
     * @throws LayoutArgumentException where the divides and compositions that build it from the tile are refused (see
     *         {@link #thrfrgC})
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public Layout layoutA() {
        Layout f = thrfrgA(Layout.colMajor(IntTuple.flat(tileSize(0), tileSize(2))));
        Layout widen = Layout.of(IntTuple.flat(thr(1), thr(2)), IntTuple.flat(1, 0));
        return withThreadIndex(widenThreads(f, widen));
    }

    /**
     * CuTe's {@code get_layoutB_TV}: (thread index, value) → {@code n + tileN·k}; the M atoms' threads share B.
     *
     * @throws LayoutArgumentException where the divides and compositions that build it from the tile are refused (see
     *         {@link #thrfrgC})
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public Layout layoutB() {
        Layout f = thrfrgB(Layout.colMajor(IntTuple.flat(tileSize(1), tileSize(2))));
        Layout widen = Layout.of(IntTuple.flat(thr(1), thr(2)), IntTuple.flat(0, 1));
        return withThreadIndex(widenThreads(f, widen));
    }

    /** {@code f ∘ (<_, <widen, _>>, _)}: the first thread-grid mode of f composed with widen. */
    private static Layout widenThreads(Layout f, Layout widen) {
        Layout thr = f.mode(0);
        Layout grid = thr.mode(1);
        Layout widened = Layout.concat(thr.mode(0), Layout.concat(Composition.compose(grid.mode(0), widen), grid.mode(1)));
        return Layout.concat(widened, f.mode(1));
    }

    /**
     * (v, m, n, k) of a thread index: where {@code thr_layout_vmnk} takes it, each mode's coordinate as an index.
     *
     * @throws LayoutArgumentException for a thread index outside {@code [0, threads())}, or where {@code
     *         thr_layout_vmnk} has a mode of extent > 1 with stride ≤ 0
     */
    public long[] threadCoord(long threadIndex) {
        if (threadIndex < 0 || threadIndex >= threads()) {
            throw new LayoutArgumentException("thread " + threadIndex + " of " + atom.name() + " tiled " + atomLayout
                    + ": not in [0, " + threads() + ")");
        }
        IntTuple c = vmnk.hierCoord(threadIndex);
        long[] out = new long[4];
        for (int i = 0; i < 4; i++) out[i] = Layout.colMajor(vmnk.mode(i).shape()).apply(c.mode(i));
        return out;
    }

    private static SliceCoord threadCoord(long v, long p, long q) {
        return SliceCoord.of(SliceCoord.of(SliceCoord.of(v), SliceCoord.of(SliceCoord.of(p), SliceCoord.of(q))), SliceCoord.WILDCARD);
    }

    /** The most modes a partitioned tensor has here: the modes past the first two are kept one by one. */
    public static final int MAX_PARTITION_RANK = 64;

    private Sliced<Layout> partition(Layout thrfrg, long v, long p, long q) {
        Sliced<Layout> s = Slicing.sliceAndOffset(threadCoord(v, p, q), thrfrg);
        return new Sliced<>(unfold(s.layout()), s.offset());
    }

    /** {@code ((FrgV,(RestP,RestQ,...)))} → {@code (FrgV,RestP,RestQ,...)}, as CuTe's slice of the thread's modes gives it. */
    private static Layout unfold(Layout l) {
        if (l.rank() == 1) l = l.mode(0);
        List<Layout> out = new ArrayList<>(List.of(l.mode(0)));
        out.addAll(l.mode(1).modes());
        return Layout.concat(out);
    }

    /**
     * A thread's partition of a tensor of any kind: of a layout with integer strides as above; of a swizzled layout
     * {@code Sw o off o L}, {@code thrfrg(Sw o off o L) = Sw o off o thrfrg(L)} (CuTe's divides and compositions act on
     * L and keep the swizzle outside) sliced at the thread as CuTe slices a swizzled layout: the swizzle kept with the
     * thread's offset inside it, or decayed to a layout with an offset ({@link Slicing#sliceAndOffset(SliceCoord,
     * AnyLayout)}). CuTe's pointer form {@code Sw o smem_ptr[Nb] o L} is partitioned in element offsets, as CuTe's
     * {@code as_position_independent_swizzle_layout} reads it; its function is that of CuTe's shared-memory tensor,
     * whose pointer keeps the swizzle and the thread's offset and whose layout is {@code thrfrg(L)} sliced.
     */
    private Sliced<AnyLayout> partition(String what, AnyLayout tensor, java.util.function.UnaryOperator<Layout> thrfrg,
            long v, long p, long q) {
        if (tensor.rank() > MAX_PARTITION_RANK) {
            throw new LayoutArgumentException(what + " of a tensor of rank " + tensor.rank() + ": the modes past (M,K) are kept one by one,"
                    + " and a tensor partitioned here has at most " + MAX_PARTITION_RANK + " (CuTe's kernels use a handful: (M,K,PIPE))");
        }
        return switch (tensor) {
            case Layout l -> {
                Sliced<Layout> s = partition(thrfrg.apply(l), v, p, q);
                yield new Sliced<>(s.layout(), s.offset());
            }
            case ComposedLayout c -> {
                ComposedLayout e = c.inOffsetForm();
                Sliced<AnyLayout> s = Slicing.sliceAndOffset(threadCoord(v, p, q), e.withInner(thrfrg.apply(e.inner())));
                AnyLayout unfolded = switch (s.layout()) {
                    case Layout l -> unfold(l);
                    case ComposedLayout k -> k.withInner(unfold(k.inner()));
                    case CoordLayout _, InnerSwizzledLayout _, GeneralComposedLayout _ -> throw new IllegalStateException(what + " of " + tensor + ": a slice of a swizzled layout is " + s.layout());
                };
                yield new Sliced<>(unfolded, s.offset());
            }
            case CoordLayout _, InnerSwizzledLayout _, GeneralComposedLayout _ -> throw AnyLayout.refuse(what, tensor, "a tensor partitioned among an MMA's threads has integer"
                    + " strides or is swizzled");
        };
    }

    /**
     * {@link #partitionA(Layout, long)} of a tensor of any kind: a swizzled shared-memory tile, {@code Sw o off o L}
     * or CuTe's pointer form, pipelined {@code (M,K,PIPE)} or not, keeps its further modes as a layout does; see
     * {@link #partition(String, AnyLayout, java.util.function.UnaryOperator, long, long, long)}.
     *
     * @throws LayoutArgumentException for a thread index outside {@code [0, threads())}, a layout with scaled-basis
     *         strides or after a swizzle, where the thread–fragment form of L is refused (see {@link #thrfrgA}), or
     *         where the swizzled slice is not the layout's function
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public Sliced<AnyLayout> partitionA(AnyLayout a, long threadIndex) {
        long[] t = threadCoord(threadIndex);
        return partition("partition_A", a, this::thrfrgA, t[0], t[1], t[3]);
    }

    /**
     * {@link #partitionB(Layout, long)} of a tensor of any kind; see {@link #partitionA(AnyLayout, long)}.
     *
     * @throws LayoutArgumentException as {@link #partitionA(AnyLayout, long)}
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public Sliced<AnyLayout> partitionB(AnyLayout b, long threadIndex) {
        long[] t = threadCoord(threadIndex);
        return partition("partition_B", b, this::thrfrgB, t[0], t[2], t[3]);
    }

    /**
     * {@link #partitionC(Layout, long)} of a tensor of any kind; see {@link #partitionA(AnyLayout, long)}.
     *
     * @throws LayoutArgumentException as {@link #partitionA(AnyLayout, long)}
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public Sliced<AnyLayout> partitionC(AnyLayout c, long threadIndex) {
        long[] t = threadCoord(threadIndex);
        return partition("partition_C", c, this::thrfrgC, t[0], t[1], t[2]);
    }

    /**
     * CuTe's {@code partition_fragment_A/B} of an operand that a wgmma reads from shared memory through descriptors (A
     * of an SS atom, B of an SS or RS one): a tensor of descriptors. Its layout is the thread's partition recast to
     * 16-byte units with its first mode, one wgmma's operand, replaced by {@code _1:_0}
     * ({@code mma_traits_sm90_gmma.hpp}: {@code replace<0>(recast<uint128_t const>(tensor).layout(), Layout<_1,_0>{})}),
     * e.g. {@code (_1,_1,_4):(_0,_0,_2)} for a K-major SW128 tile of 64 halves of K; its descriptor at each index is
     * the first's with that many 16-byte units added to the start address, as CuTe's {@code DescriptorIterator} adds
     * them ({@link GmmaDescriptor#of} of the first wgmma's operand, at {@code address}).
     *
     * @param layout      the fragment's layout, in 16-byte units
     * @param descriptors its descriptors, index by index
     */
    public record DescriptorFragment(Layout layout, java.util.List<GmmaDescriptor> descriptors) {
        public DescriptorFragment {
            descriptors = java.util.List.copyOf(descriptors);
        }
    }

    /**
     * {@link DescriptorFragment} of A, where this MMA's atom reads A from shared memory (an SS wgmma); null where it
     * reads A from registers.
     *
     * @param a       A's shared-memory tensor, {@code (M,K)} or with further modes
     * @param address the tensor's byte address in shared memory
     * @throws LayoutArgumentException as {@link #partitionA(AnyLayout, long)}, or where CuTe's make_gmma_desc refuses
     *         the operand or a stride is not a whole number of 16 bytes
     */
    public DescriptorFragment descriptorFragmentA(AnyLayout a, long address) {
        if (atom.family() != MmaAtom.Family.WGMMA_SS) return null;
        return descriptorFragment("partition_fragment_A", partitionA(a, 0).layout(), atom.majorA(), atom.ab().bits(), address);
    }

    /**
     * {@link DescriptorFragment} of B, where this MMA's atom reads B from shared memory (an SS or RS wgmma); null where
     * it reads B from registers.
     *
     * @throws LayoutArgumentException as {@link #descriptorFragmentA}
     */
    public DescriptorFragment descriptorFragmentB(AnyLayout b, long address) {
        if (atom.family() != MmaAtom.Family.WGMMA_SS && atom.family() != MmaAtom.Family.WGMMA_RS) return null;
        return descriptorFragment("partition_fragment_B", partitionB(b, 0).layout(), atom.majorB(), atom.bType().bits(), address);
    }

    private static DescriptorFragment descriptorFragment(String what, AnyLayout part, GmmaSmemAtoms.Major major, int bits, long address) {
        Layout inner = unswizzled(what, part);
        // tensor<0>: one wgmma's operand, with the tile's swizzle where it has one (unswizzled took every other kind)
        AnyLayout operand = part instanceof ComposedLayout c ? new ComposedLayout(c.outer(), c.offset(), inner.mode(0)) : inner.mode(0);
        GmmaDescriptor first;
        try {
            first = GmmaDescriptor.of(major, operand, bits, address);
        } catch (LayoutArgumentException e) { // said as the partition it is part of, with make_gmma_desc's reason
            throw new LayoutArgumentException(what + " of " + part + ", a tensor of " + major + "-major descriptors: its first"
                    + " wgmma's operand " + operand + " has none: " + e.getMessage(), e);
        }
        IntTuple[] shapes = new IntTuple[inner.rank()], strides = new IntTuple[inner.rank()];
        shapes[0] = IntTuple.of(1);
        strides[0] = IntTuple.of(0);
        for (int m = 1; m < inner.rank(); m++) {
            shapes[m] = inner.shape().mode(m);
            strides[m] = inUnits(what, inner.stride().mode(m), bits);
        }
        Layout layout = Layout.of(IntTuple.of(shapes), IntTuple.of(strides));
        java.util.List<GmmaDescriptor> descriptors = new java.util.ArrayList<>();
        for (long i = 0; i < layout.size(); i++) {
            long start = first.startAddress() + layout.apply(i);
            if (start > 16383) {
                throw new LayoutArgumentException(what + " of " + part + ": descriptor " + i + " starts " + 16 * start + " bytes in,"
                        + " past the descriptor's 14-bit start address (CuTe's iterator would carry into the next field)");
            }
            descriptors.add(new GmmaDescriptor((int) start, first.leadingByteOffset(), first.strideByteOffset(), first.baseOffset(), first.layoutType()));
        }
        return new DescriptorFragment(layout, descriptors);
    }

    /** A stride of {@code bits}-bit elements in 16-byte units (CuTe's recast to uint128_t), refused where not whole. */
    private static IntTuple inUnits(String what, IntTuple stride, int bits) {
        if (stride.isLeaf()) {
            long bitsStride = Math.multiplyExact(stride.value(), (long) bits);
            if (bitsStride % 128 != 0) {
                throw new LayoutArgumentException(what + ": a stride of " + stride.value() + " elements of " + bits + " bits is not a"
                        + " whole number of 16-byte units, which a descriptor advances by");
            }
            return IntTuple.of(bitsStride / 128);
        }
        IntTuple[] modes = new IntTuple[stride.rank()];
        for (int i = 0; i < modes.length; i++) modes[i] = inUnits(what, stride.mode(i), bits);
        return IntTuple.of(modes);
    }

    /** A tensor's layout with integer strides: itself, or a swizzled layout's inner layout L. */
    private static Layout unswizzled(String what, AnyLayout tensor) {
        return switch (tensor) {
            case Layout l -> l;
            case ComposedLayout c -> c.inner();
            case CoordLayout _, InnerSwizzledLayout _, GeneralComposedLayout _ -> throw AnyLayout.refuse(what, tensor, "a tensor partitioned among an MMA's threads has integer"
                    + " strides or is swizzled");
        };
    }

    /**
     * CuTe's {@code get_slice(thr).partition_C(C)}: thread's (FrgV,RestM,RestN) of an (M,N) layout, and its offset.
     *
     * @throws LayoutArgumentException for a thread index outside {@code [0, threads())}, or where the thread–fragment
     *         form of the tensor is refused (see {@link #thrfrgC})
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public Sliced<Layout> partitionC(Layout c, long threadIndex) {
        long[] t = threadCoord(threadIndex);
        return partition(thrfrgC(c), t[0], t[1], t[2]);
    }

    /**
     * CuTe's {@code partition_A}: thread's (FrgV,RestM,RestK) of an (M,K) layout, and its offset.
     *
     * @throws LayoutArgumentException for a thread index outside {@code [0, threads())}, or where the thread–fragment
     *         form of the tensor is refused (see {@link #thrfrgC})
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public Sliced<Layout> partitionA(Layout a, long threadIndex) {
        long[] t = threadCoord(threadIndex);
        return partition(thrfrgA(a), t[0], t[1], t[3]);
    }

    /**
     * CuTe's {@code partition_B}: thread's (FrgV,RestN,RestK) of an (N,K) layout, and its offset.
     *
     * @throws LayoutArgumentException for a thread index outside {@code [0, threads())}, or where the thread–fragment
     *         form of the tensor is refused (see {@link #thrfrgC})
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public Sliced<Layout> partitionB(Layout b, long threadIndex) {
        long[] t = threadCoord(threadIndex);
        return partition(thrfrgB(b), t[0], t[2], t[3]);
    }

    /**
     * CuTe's {@code partition_fragment_C}: the accumulators' register fragment, {@code make_layout(shape)} of thread
     * 0's partition of C (CuTe never follows the tensor's strides for accumulators): compact column-major, stride 0 at
     * extent 1.
     *
     * @throws LayoutArgumentException where the thread–fragment form of the tensor is refused (see {@link #thrfrgC})
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public Layout partitionFragmentC(Layout c) {
        return Compact.colMajorLayout(partitionC(c, 0).layout().shape());
    }

    /**
     * CuTe's {@code partition_fragment_A}: {@code make_fragment_like} of thread 0's partition of A, so that a copy
     * between them vectorizes ({@link #fragmentLike}).
     *
     * @throws LayoutArgumentException where the thread–fragment form of the tensor is refused (see {@link #thrfrgC})
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public Layout partitionFragmentA(Layout a) {
        return fragmentLike(partitionA(a, 0).layout());
    }

    /**
     * CuTe's {@code partition_fragment_B}: {@code make_fragment_like} of thread 0's partition of B.
     *
     * @throws LayoutArgumentException where the thread–fragment form of the tensor is refused (see {@link #thrfrgC})
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public Layout partitionFragmentB(Layout b) {
        return fragmentLike(partitionB(b, 0).layout());
    }

    /**
     * The register fragment of A for a tensor of any kind: a swizzled tile's is that of its layout L, as CuTe's
     * {@code partition_fragment_A} of a shared-memory tensor gives it (the swizzle and the offset live in the pointer;
     * registers are not swizzled). CuTe C++ over a counting tensor of the offset form orders a decayed partition's
     * rest modes otherwise, its strides there being dynamic ({@code compact_order} puts dynamic orders last): an
     * artefact of that stand-in tensor, not a kernel's.
     *
     * @throws LayoutArgumentException for a layout with scaled-basis strides or after a swizzle, or as
     *         {@link #partitionFragmentA(Layout)} of L
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public Layout partitionFragmentA(AnyLayout a) {
        return partitionFragmentA(unswizzled("partition_fragment_A", a));
    }

    /**
     * The register fragment of B for a tensor of any kind; see {@link #partitionFragmentA(AnyLayout)}.
     *
     * @throws LayoutArgumentException as {@link #partitionFragmentA(AnyLayout)}
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public Layout partitionFragmentB(AnyLayout b) {
        return partitionFragmentB(unswizzled("partition_fragment_B", b));
    }

    /**
     * The accumulators' register fragment for a tensor of any kind; see {@link #partitionFragmentA(AnyLayout)}.
     *
     * @throws LayoutArgumentException as {@link #partitionFragmentA(AnyLayout)}
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public Layout partitionFragmentC(AnyLayout c) {
        return partitionFragmentC(unswizzled("partition_fragment_C", c));
    }

    /**
     * CuTe's {@code make_fragment_like(L)}: a compact layout of L's shape whose strides follow L's order, so that a
     * copy between L and it moves vectors. Mode 0 (the atom's values) is column-major, stride 0 kept where L has it
     * ({@code compact_major<LayoutLeft>(filter_zeros(stride0, shape0))}); the other modes are laid out after it in the
     * order of L's strides ({@code make_ordered_layout(take<1,R>(shape), take<1,R>(stride))}), by
     * {@code tiled_product}. A layout of rank 1 is {@code make_layout(shape)}.
     */
    static Layout fragmentLike(Layout l) {
        if (l.rank() <= 1) return Compact.colMajorLayout(l.shape());
        Layout m0 = l.mode(0);
        Layout first = Layout.of(m0.shape(), Compact.colMajor(filterZeros(m0.stride(), m0.shape())));
        List<Layout> rest = l.modes().subList(1, l.rank());
        IntTuple shape = IntTuple.of(rest.stream().map(Layout::shape).toArray(IntTuple[]::new));
        IntTuple order = IntTuple.of(rest.stream().map(Layout::stride).toArray(IntTuple[]::new));
        return Product.tiledProduct(first, Layout.of(shape, compactOrder(shape, order)));
    }

    /** CuTe's {@code filter_zeros(stride, shape)}: the shape with 1 wherever the stride is 0. */
    private static IntTuple filterZeros(IntTuple stride, IntTuple shape) {
        if (shape.isLeaf()) return stride.value() == 0 ? IntTuple.ONE : shape;
        IntTuple[] m = new IntTuple[shape.rank()];
        for (int i = 0; i < m.length; i++) m[i] = filterZeros(stride.mode(i), shape.mode(i));
        return IntTuple.of(m);
    }

    /**
     * CuTe's {@code compact_order(shape, order)} for an order congruent to the shape: each leaf starts at the product
     * of the leaves of lesser order (equal orders start together, as in CuTe), stride 0 at extent 1.
     */
    private static IntTuple compactOrder(IntTuple shape, IntTuple order) {
        long[] s = shape.leaves();
        long[] o = order.leaves();
        long[] d = new long[s.length];
        for (int k = 0; k < s.length; k++) {
            long start = 1;
            for (int j = 0; j < s.length; j++) if (o[j] < o[k]) start = Checked.mul(start, s[j], "the fragment", shape);
            d[k] = s[k] == 1 ? 0 : start;
        }
        return Layout.of(shape, d).stride();
    }

    @Override
    public String toString() {
        return "TiledMMA(" + atom.type() + ", " + atomLayout + ", <" + permutation[0] + "," + permutation[1] + "," + permutation[2] + ">)";
    }
}
