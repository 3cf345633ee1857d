package org.layoutcat.core.tma;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.CoordLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.ScaledBasis;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.algebra.Coalesce;
import org.layoutcat.core.algebra.Composition;
import org.layoutcat.core.algebra.Divide;
import org.layoutcat.core.algebra.Inverse;
import org.layoutcat.core.construct.TileToShape;

/**
 * One CTA's part of a TMA copy, as CuTe C++'s {@code tma_partition(copy_atom, cta_coord, cta_layout, sA, gA)}
 * ({@code cute/atom/copy_traits_sm90_tma.hpp}) gives it: the shared-memory tile and the global tensor's tiles
 * ({@code local_tile} of {@code get_tma_tensor}) each seen as {@code ((TMA, TMA_Iter), Rest...)}, TMA the values of
 * one copy, and moved to the CTA's share of a multicast copy.
 *
 * <p>CuTe's arithmetic: {@code layout_v = tile_to_shape(right_inverse(S), size(S))} lists the tile's values in
 * shared-memory order, {@code layout_V = logical_divide(layout_v, NumValSrc)} cuts it into copies; each tensor's tile
 * mode is composed with {@code layout_V} and its two modes coalesced; the CTA of rank
 * {@code r = cta_layout(cta_coord)} starts {@code r · (NumValSrc / cosize(cta_layout))} values into the TMA mode
 * ({@code domain_offset}), the gmem tensor's start moved there in TMA coordinates and the smem pointer in elements.
 *
 * @param op              the TMA copy atom
 * @param descriptor      the tensor map {@code make_tma_copy} derives (its multicast {@code size(cta_layout)})
 * @param gmem            the CTA's view of the global tensor: {@code ((TMA, TMA_Iter), Rest...)} in TMA coordinates
 * @param gmemStart       the view's first coordinate, {@code ArithTuple(...)}, one entry per TMA dimension
 * @param smem            the CTA's view of the tile, {@code ((TMA, TMA_Iter))}, in elements
 * @param smemSwizzle     the tile's byte swizzle ({@code Sw<0,4,3>} where none)
 * @param smemOffset      the view's first element past the tile's start
 * @param multicastOffset the values the CTA's share starts into each copy
 */
public record TmaPartition(Op op, TmaDescriptor descriptor, CoordLayout gmem, List<Long> gmemStart, Layout smem,
                           org.layoutcat.core.Swizzle smemSwizzle, long smemOffset, long multicastOffset) {

    /**
     * CuTe's SM90 TMA copy operations ({@code cute/arch/copy_sm90_tma.hpp}), whose {@code Copy_Traits} hold a tensor
     * map: one thread issues a copy of a whole box ({@code ThrID = Layout<_1>}, {@code SrcLayout = DstLayout =
     * (1, NumBitsPerTMA)}, the box's bits).
     */
    public enum Op {
        /** {@code cp.async.bulk.tensor.Nd.shared::cluster.global.mbarrier::complete_tx::bytes}: global to this CTA's shared memory. */
        SM90_TMA_LOAD("cp.async.bulk.tensor.Nd.shared::cluster.global.mbarrier::complete_tx::bytes", true, false),
        /** The load with {@code .multicast::cluster}: each CTA of the mask receives the box. */
        SM90_TMA_LOAD_MULTICAST("cp.async.bulk.tensor.Nd.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster", true, true),
        /** {@code cp.async.bulk.tensor.Nd.global.shared::cta.bulk_group}: shared memory to global. */
        SM90_TMA_STORE("cp.async.bulk.tensor.Nd.global.shared::cta.bulk_group", false, false),
        /** {@code cp.reduce.async.bulk.tensor.Nd.global.shared::cta.add.bulk_group}: adds shared memory into global. */
        SM90_TMA_REDUCE_ADD("cp.reduce.async.bulk.tensor.Nd.global.shared::cta.add.bulk_group", false, false);

        /** The PTX instruction (N the tensor map's rank). */
        public final String ptx;
        /** Whether it loads (global to shared memory). */
        public final boolean load;
        /** Whether it multicasts to the CTAs of a cluster. */
        public final boolean multicast;

        Op(String ptx, boolean load, boolean multicast) {
            this.ptx = ptx;
            this.load = load;
            this.multicast = multicast;
        }

        /** The words {@link #parse} takes. */
        public static final String WORDS = "a TMA copy atom: SM90_TMA_LOAD, SM90_TMA_LOAD_MULTICAST, SM90_TMA_STORE or SM90_TMA_REDUCE_ADD";

        /**
         * The operation of CuTe's name.
         *
         * @throws LayoutArgumentException for any other text, naming it
         */
        public static Op parse(String text) {
            for (Op o : values()) if (o.name().equals(text.strip())) return o;
            throw new LayoutArgumentException(() -> "\"" + LayoutArgumentException.quote(text) + "\" is no TMA copy atom: expected " + WORDS);
        }
    }

    /**
     * The CTA's part of a TMA copy between the global tensor G and the shared-memory tile S (see the class comment),
     * the global tensor tiled by the CTA tile over all of G ({@code local_tile(mA, tile, (_,_,...))}).
     *
     * @param op        the TMA copy atom
     * @param gmem      G, in elements
     * @param smem      S: a layout, or CuTe's pointer form {@code Sw<B,4,3> o smem_ptr[Nb] o L}
     * @param type      the element
     * @param ctaTile   the CTA's tile of G
     * @param ctaLayout CTA coordinate → rank in the multicast ({@code make_layout(size<1>(cluster))} for A in
     *                  CUTLASS's mainloops); its size is the multicast
     * @param ctaCoord  the CTA's coordinate, an index of {@code ctaLayout}'s domain
     * @param extents   run-time or compile-time extents of G ({@link TmaDescriptor.Extents})
     * @throws LayoutArgumentException where {@link TmaDescriptor#derive} refuses, for a multicast with an atom that
     *         has none, a CTA coordinate outside the CTA layout, or a tile in the offset form
     */
    public static TmaPartition of(Op op, Layout gmem, AnyLayout smem, TmaDataType type, IntTuple ctaTile, Layout ctaLayout,
                                  long ctaCoord, TmaDescriptor.Extents extents) {
        String what = "tma_partition of " + gmem + " and " + smem;
        long multicast = ctaLayout.size();
        if (multicast > 1 && !op.multicast) {
            throw new LayoutArgumentException(what + ": the CTA layout " + ctaLayout + " multicasts to " + multicast + " CTAs and " + op
                    + " has no multicast (" + (op.load ? "its with(mbar, mask) drops the mask, so each CTA would load 1/" + multicast
                    + " of each box and receive nothing of the rest: use SM90_TMA_LOAD_MULTICAST"
                    : "PTX's " + op.ptx + " writes global memory from one CTA: give the CTA layout 1:0") + ")");
        }
        if (ctaCoord < 0 || ctaCoord >= multicast) {
            throw new LayoutArgumentException(what + ": CTA coordinate " + ctaCoord + " is outside the CTA layout " + ctaLayout
                    + "'s domain [0," + multicast + ") (CuTe evaluates cta_layout(cta_coord) there without a check)");
        }
        if (type.isPacked()) {
            throw new LayoutArgumentException(what + ": " + type.driverName() + " holds " + type.bits + "-bit values, which CuTe"
                    + " addresses through its subbyte iterators; tma_partition here takes elements of whole bytes (tma_descriptor"
                    + " takes the packed types)");
        }
        Layout l;
        org.layoutcat.core.Swizzle sw;
        switch (smem) {
            case Layout x -> {
                l = x;
                sw = new org.layoutcat.core.Swizzle(0, 4, 3);
            }
            case ComposedLayout c when c.pointerBits() != 0 -> {
                l = c.inner();
                sw = c.byteSwizzle();
            }
            case ComposedLayout c -> throw new LayoutArgumentException(what + ": " + c + " is a swizzle of element offsets; give the tile"
                    + " in CuTe's pointer form, Sw<B,4,3> o smem_ptr[" + type.bits + "b](unset) o L, as CuTe prints a GMMA atom's tile");
            default -> throw AnyLayout.refuse("tma_partition", smem, "a TMA tile in shared memory is a layout of element offsets, swizzled or not");
        }
        TmaDescriptor d = TmaDescriptor.derive(gmem, smem, type, ctaTile, Math.toIntExact(multicast), extents);
        long values = d.valuesPerCopy();
        long size = l.size();
        // layout_v = tile_to_shape(make_layout(right_inverse(S)), size(S)); layout_V = logical_divide(layout_v, NumValSrc)
        Layout inverse = Inverse.rightInverse(l);
        Layout layoutV = inverse.size() == size ? inverse
                : TileToShape.tileToShape(Layout.of(IntTuple.of(inverse.shape()), IntTuple.of(inverse.stride())), IntTuple.of(size), null);
        Layout split = Divide.logicalDivide(layoutV, Layout.of(IntTuple.of(values), IntTuple.of(1)));
        long r = ctaLayout.apply(ctaCoord);
        long mcOffset = Math.multiplyExact(r, values / ctaLayout.cosize());

        // shared memory: ((TMA, TMA_Iter)) in elements
        Layout s = Composition.compose(l, split);
        Layout sTma = Coalesce.coalesce(s.mode(0)), sIter = Coalesce.coalesce(s.mode(1));
        Layout sPart = Layout.of(IntTuple.of(IntTuple.of(sTma.shape(), sIter.shape())), IntTuple.of(IntTuple.of(sTma.stride(), sIter.stride())));
        long sOffset = sTma.apply(mcOffset);

        // global memory: local_tile of the TMA tensor, its tile mode composed with layout_V
        CoordLayout tiled = (CoordLayout) Divide.zippedDivide(d.tmaTensor(), Tiler.ofShape(ctaTile));
        CoordLayout g = (CoordLayout) Composition.compose(tiled.mode(0), split);
        CoordLayout gTma = coord(Coalesce.coalesce(g.mode(0))), gIter = coord(Coalesce.coalesce(g.mode(1)));
        List<CoordLayout> modes = new ArrayList<>();
        modes.add(CoordLayout.concat(List.of(gTma, gIter)));
        CoordLayout rest = tiled.mode(1);
        modes.addAll(rest.shape().isLeaf() ? List.of(rest) : rest.modes());
        CoordLayout gPart = CoordLayout.concat(modes);
        List<Long> start = tmaCoord(gTma, mcOffset, d.rank());
        return new TmaPartition(op, d, gPart, start, sPart, sw, sOffset, mcOffset);
    }

    private static CoordLayout coord(AnyLayout l) {
        return switch (l) {
            case CoordLayout c -> c;
            case Layout i -> CoordLayout.of(i);
            default -> throw new IllegalStateException("the tile's TMA mode is " + l.kindInWords());
        };
    }

    /** The TMA coordinate of index i of a layout of scaled-basis strides, one entry per TMA dimension. */
    private static List<Long> tmaCoord(CoordLayout l, long index, int rank) {
        long[] c = new long[rank];
        addTmaCoord(c, l, index);
        return list(c);
    }

    /** Adds the TMA coordinate of index i of a layout of scaled-basis strides to c. */
    private static void addTmaCoord(long[] c, CoordLayout l, long index) {
        long rest = index;
        for (int k = 0; k < l.flatRank(); k++) {
            long x = k == l.flatRank() - 1 ? rest : rest % l.flatShape(k);
            rest /= l.flatShape(k);
            ScaledBasis e = l.flatStride(k);
            if (e.value() == 0 || e.path().length == 0) continue;
            c[e.path()[0]] = Math.addExact(c[e.path()[0]], Math.multiplyExact(x, e.value()));
        }
    }

    private static List<Long> list(long[] c) {
        List<Long> out = new ArrayList<>();
        for (long x : c) out.add(x);
        return List.copyOf(out);
    }

    /**
     * The copies this CTA issues for one tile of G, as a kernel's {@code copy(tma.with(bar, mask), tAgA(_,_,m,k),
     * tAsA(_,_))} issues them: for each index i of the TMA_Iter mode, the box at TMA coordinate
     * {@code gmemStart + gmem((0,i), tile...)} into the tile's element {@code smemOffset + smem((0,i))}.
     *
     * @param tile one index per Rest mode of {@link #gmem} (CuTe's {@code (m, k)} of {@code local_tile})
     * @return each copy with this CTA's rank in the multicast, its byte offset in the tile (before the swizzle) and its
     *         TMA coordinate
     * @throws LayoutArgumentException for another number of indices than Rest modes, or an index outside its mode
     */
    public List<TmaDescriptor.Copy> copies(long... tile) {
        int restModes = gmem.rank() - 1;
        if (tile.length != restModes) {
            throw new LayoutArgumentException("the copies of " + gmemText() + " take one tile index per mode after the first (" + restModes
                    + "), not " + tile.length);
        }
        long[] base = new long[descriptor.rank()];
        for (int i = 0; i < base.length; i++) base[i] = gmemStart.get(i);
        for (int j = 0; j < restModes; j++) {
            CoordLayout m = gmem.mode(1 + j);
            if (tile[j] < 0 || tile[j] >= m.size()) {
                throw new LayoutArgumentException("tile index " + tile[j] + " of mode " + (1 + j) + " of " + gmemText() + " is outside [0,"
                        + m.size() + ")");
            }
            addTmaCoord(base, m, tile[j]);
        }
        CoordLayout gIter = gmem.mode(0).mode(1);
        Layout sIter = smem.mode(0).mode(1);
        int cta = Math.toIntExact(multicastOffset / (descriptor.valuesPerCopy() / descriptor.multicast()));
        List<TmaDescriptor.Copy> out = new ArrayList<>();
        for (long i = 0; i < gIter.size(); i++) {
            long[] c = base.clone();
            addTmaCoord(c, gIter, i);
            long bytes = Math.multiplyExact(Math.addExact(smemOffset, sIter.apply(i)), descriptor.dataType().bits) / 8;
            out.add(new TmaDescriptor.Copy(cta, bytes, list(c)));
        }
        return List.copyOf(out);
    }

    /** {@code ArithTuple(0,64) o (((64,128),1),4,16):(((1@0,1@1),0),128@1,64@0)}: the gmem view as CuTe prints it. */
    public String gmemText() {
        return "ArithTuple(" + gmemStart.stream().map(String::valueOf).collect(Collectors.joining(",")) + ") o " + gmem;
    }

    /**
     * {@code Sw<3,4,3>_smem_ptr[16b](0x2000) o ((8192,1)):((1,0))}: the smem view as CuTe prints it, over a tile at
     * address 0 ({@code (nil)}; CuTe drops an identity swizzle).
     */
    public String smemText() {
        long bytes = Math.multiplyExact(smemOffset, descriptor.dataType().bits) / 8;
        String ptr = "smem_ptr[" + descriptor.dataType().bits + "b](" + (bytes == 0 ? "(nil)" : "0x" + Long.toHexString(bytes)) + ")";
        return (smemSwizzle.bits() == 0 ? "" : smemSwizzle + "_") + ptr + " o " + smem;
    }

    /** The default CTA tile of a shared-memory tile: its mode sizes ({@link TmaDescriptor#defaultTile}). */
    public static IntTuple defaultTile(AnyLayout smem) {
        return TmaDescriptor.defaultTile(smem);
    }
}
