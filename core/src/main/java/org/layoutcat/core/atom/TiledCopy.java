package org.layoutcat.core.atom;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.CoordLayout;
import org.layoutcat.core.GeneralComposedLayout;
import org.layoutcat.core.InnerSwizzledLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.algebra.Coalesce;
import org.layoutcat.core.algebra.Composition;
import org.layoutcat.core.algebra.Divide;
import org.layoutcat.core.algebra.Inverse;
import org.layoutcat.core.algebra.Product;
import org.layoutcat.core.construct.TvLayout;
import org.layoutcat.core.modes.SliceCoord;
import org.layoutcat.core.modes.Sliced;
import org.layoutcat.core.modes.Slicing;
import org.layoutcat.core.recast.Recast;

/**
 * CuTe's {@code TiledCopy}: a copy atom (of elements {@code valueBits} wide) repeated over a tile by a
 * thread–value layout {@code tiledLayoutTV: (thread, value) → index in the tile} (column-major over
 * {@code tiler}). Immutable.
 *
 * <p>As in {@code cute/atom/copy_atom.hpp}: the TV layout is given against the atom's reference layout, the registers
 * (the destination of {@code ldmatrix}, the source of {@code stmatrix} and of a one-thread copy). With
 * {@code ref2trg = right_inverse(ref) ∘ trg} (trg the atom's source or destination, in elements),
 * {@code tile2thrfrg} divides {@code tiledLayoutTV} into the atom's (threads, values) and the rest (zipped), composes
 * the atom's part with {@code ref2trg}, zips the two thread modes and the two value modes and coalesces each;
 * {@code layoutS_TV} ({@code layoutD_TV}) is the tile's column-major layout composed with that.
 */
public final class TiledCopy {
    private final CopyAtom atom;
    private final int valueBits;
    private final Layout tiledLayoutTV;
    private final IntTuple tiler;
    private final List<Layout> tilerModes; // Tiler_MN by mode: s:1 each, or make_cotiled_copy's layouts

    private TiledCopy(CopyAtom atom, int valueBits, Layout tiledLayoutTV, IntTuple tiler) {
        this(atom, valueBits, tiledLayoutTV, tiler, stepTiler(tiler));
    }

    /** {@code <s0:1, s1:1, ...>}: the by-mode tiler of a tile of extents s (make_tiled_copy's). */
    private static List<Layout> stepTiler(IntTuple tiler) {
        List<Layout> modes = new ArrayList<>();
        for (long s : tiler.flatten().leaves()) modes.add(Layout.of(s, 1));
        return List.copyOf(modes);
    }

    private TiledCopy(CopyAtom atom, int valueBits, Layout tiledLayoutTV, IntTuple tiler, List<Layout> tilerModes) {
        this.atom = Objects.requireNonNull(atom, "atom");
        this.valueBits = valueBits;
        this.tiledLayoutTV = tiledLayoutTV;
        this.tiler = tiler;
        this.tilerModes = tilerModes;
        Layout ref = ref();
        if (tiledLayoutTV.mode(0).size() % ref.mode(0).size() != 0 || tiledLayoutTV.mode(1).size() % ref.mode(1).size() != 0) {
            throw new LayoutArgumentException("the TV layout " + tiledLayoutTV + " of " + atom.name() + " does not split into the atom's "
                    + ref.mode(0).size() + " threads × " + ref.mode(1).size() + " values of " + valueBits + " bits");
        }
    }

    /**
     * CuTe's {@code make_tiled_copy(atom, thr_layout, val_layout)}: the TV layout and tiler of {@code make_layout_tv}.
     *
     * @throws LayoutArgumentException where {@code make_layout_tv} refuses the thread and value layouts (see {@link
     *         TvLayout#make}), where the TV layout's thread or value count is not a multiple of the atom's (in values
     *         of {@code valueBits} bits), or {@code upcast<valueBits>} of the atom is refused
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public static TiledCopy of(CopyAtom atom, int valueBits, Layout thrLayout, Layout valLayout) {
        TvLayout tv = TvLayout.make(thrLayout, valLayout);
        return new TiledCopy(atom, valueBits, tv.layout(), tv.tiler());
    }

    /**
     * CuTe's {@code make_tiled_copy_A(atom, mma)}: mma's A layout over (tile M, tile K).
     *
     * @throws LayoutArgumentException where mma's A layout is refused (see {@link TiledMma#layoutA}), where the TV
     *         layout's thread or value count is not a multiple of the atom's (in values of {@code valueBits} bits), or
     *         {@code upcast<valueBits>} of the atom is refused
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public static TiledCopy forA(CopyAtom atom, int valueBits, TiledMma mma) {
        return new TiledCopy(atom, valueBits, mma.layoutA(), IntTuple.flat(mma.tileSize(0), mma.tileSize(2)));
    }

    /**
     * CuTe's {@code make_tiled_copy_B(atom, mma)}: mma's B layout over (tile N, tile K).
     *
     * @throws LayoutArgumentException where mma's B layout is refused (see {@link TiledMma#layoutB}), where the TV
     *         layout's thread or value count is not a multiple of the atom's (in values of {@code valueBits} bits), or
     *         {@code upcast<valueBits>} of the atom is refused
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public static TiledCopy forB(CopyAtom atom, int valueBits, TiledMma mma) {
        return new TiledCopy(atom, valueBits, mma.layoutB(), IntTuple.flat(mma.tileSize(1), mma.tileSize(2)));
    }

    /**
     * CuTe's {@code make_tiled_copy_C(atom, mma)}: mma's C layout over (tile M, tile N).
     *
     * @throws LayoutArgumentException where mma's C layout is refused (see {@link TiledMma#layoutC}), where the TV
     *         layout's thread or value count is not a multiple of the atom's (in values of {@code valueBits} bits), or
     *         {@code upcast<valueBits>} of the atom is refused
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public static TiledCopy forC(CopyAtom atom, int valueBits, TiledMma mma) {
        return new TiledCopy(atom, valueBits, mma.layoutC(), IntTuple.flat(mma.tileSize(0), mma.tileSize(1)));
    }

    /**
     * CuTe's {@code make_cotiled_copy(atom, atom_tv_layout, data_layout)}: the tiled copy whose threads and values are
     * where {@code atomTv} ((thread, value) → data address) puts them in a tensor of layout {@code data} (coordinate →
     * data address). With {@code inv = (left_inverse(data), 1:0)} and {@code tv_data = inv ∘ atomTv} ((thread, value) →
     * data coordinate), the tiler of flat mode i is {@code filter(make_layout(flat_shape, e_i) ∘ tv_data)} (the
     * coordinates of mode i that the atom reaches), and the TV layout is {@code left_inverse(make_layout(flat_shape) ∘
     * tiler) ∘ tv_data}.
     *
     * @throws LayoutArgumentException where the atom's values address memory the data layout does not hold (CuTe's
     *         static_assert "The memory pointed to by AtomTVLayout does not exist in the DataLayout."), or an inverse,
     *         composition or filter is refused
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public static TiledCopy cotiled(CopyAtom atom, int valueBits, Layout atomTv, Layout data) {
        Layout inv = Layout.concat(Inverse.leftInverse(data), Layout.of(1, 0));
        Layout tvData = Composition.compose(inv, atomTv);
        Layout reached = Coalesce.coalesce(Composition.compose(Layout.concat(data, Layout.of(1, 0)), tvData.mode(1)));
        if (!reached.equals(Coalesce.coalesce(atomTv.mode(1)))) {
            throw new LayoutArgumentException("make_cotiled_copy of " + atom.name() + " over " + data + ": The memory pointed to by"
                    + " AtomTVLayout does not exist in the DataLayout (CuTe's static_assert): the atom's values " + atomTv.mode(1)
                    + " read through the data layout are " + reached);
        }
        List<Long> flat = new ArrayList<>();
        for (int i = 0; i < data.rank(); i++) flat.add(data.mode(i).size());
        IntTuple flatShape = IntTuple.flat(flat.stream().mapToLong(Long::longValue).toArray());
        List<Layout> tilers = new ArrayList<>();
        for (int i = 0; i < flat.size(); i++) {
            long[] unit = new long[flat.size()];
            unit[i] = 1;
            tilers.add(Coalesce.filter(Composition.compose(Layout.of(flatShape, IntTuple.flat(unit)), tvData)));
        }
        Layout tile2data = Composition.compose(Layout.colMajor(flatShape), new Tiler.ByMode(new ArrayList<Tiler>(tilers)));
        Layout tv = Composition.compose(Inverse.leftInverse(tile2data), tvData);
        long[] extents = tilers.stream().mapToLong(Layout::size).toArray();
        return new TiledCopy(atom, valueBits, tv, IntTuple.flat(extents), List.copyOf(tilers));
    }

    /** {@code Tiler_MN} as CuTe holds it: a layout per mode ({@code s:1} for make_tiled_copy, make_cotiled_copy's own). */
    public List<Layout> tilerLayouts() {
        return tilerModes;
    }

    public CopyAtom atom() {
        return atom;
    }

    public int valueBits() {
        return valueBits;
    }

    /** {@code TiledLayout_TV}: (thread, value) → index in the tile, column-major over {@link #tiler()}. */
    public Layout tiledLayoutTV() {
        return tiledLayoutTV;
    }

    /** {@code Tiler_MN}: the tile's extent in each mode. */
    public IntTuple tiler() {
        return tiler;
    }

    /** The number of threads, {@code size<0>(TiledLayout_TV)}. */
    public long threads() {
        return tiledLayoutTV.mode(0).size();
    }

    private Layout ref() {
        return atom.ref(valueBits);
    }

    /** (thread, value) → (tile coordinate as tile index), seen through the atom's source or destination. */
    private Layout thrval2mn(Layout trg) {
        Layout ref = ref();
        Layout ref2trg = Composition.compose(Inverse.rightInverse(ref), trg);
        Layout atomTv = Divide.zippedDivide(tiledLayoutTV, Tiler.ByMode.of(Layout.of(ref.mode(0).size(), 1), Layout.of(ref.mode(1).size(), 1)));
        Layout trgTv = Layout.concat(Composition.compose(atomTv.mode(0), ref2trg), atomTv.mode(1));
        Layout zipped = Layout.concat(Layout.concat(trgTv.mode(0).mode(0), trgTv.mode(1).mode(0)),
                Layout.concat(trgTv.mode(0).mode(1), trgTv.mode(1).mode(1)));
        return Coalesce.coalesce(zipped, IntTuple.parse("(1,(1,1))"));
    }

    private Layout tileLayout() {
        return Layout.colMajor(tiler);
    }

    /**
     * CuTe's {@code get_layoutS_TV}: (thread, value) → index in the tile, as the source sees it.
     *
     * @throws LayoutArgumentException where a composition, divide or inverse of the atom's layouts with the TV layout
     *         is refused
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public Layout layoutS() {
        return Composition.compose(tileLayout(), thrval2mn(atom.src(valueBits)));
    }

    /**
     * CuTe's {@code get_layoutD_TV}: (thread, value) → index in the tile, as the destination sees it.
     *
     * @throws LayoutArgumentException where a composition, divide or inverse of the atom's layouts with the TV layout
     *         is refused
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public Layout layoutD() {
        return Composition.compose(tileLayout(), thrval2mn(atom.dst(valueBits)));
    }

    private Sliced<Layout> partition(Layout tensor, long thread, Layout trg) {
        if (thread < 0 || thread >= threads()) {
            throw new LayoutArgumentException("thread " + thread + " of a tiled copy of " + threads() + " threads");
        }
        List<Tiler> modes = new ArrayList<>(tilerModes);
        Layout tiles = Divide.zippedDivide(tensor, new Tiler.ByMode(modes)); // ((TileM,TileN),(RestM,RestN))
        Layout tv = Composition.compose(tiles.mode(0), thrval2mn(trg)); // (thread, value)
        Sliced<Layout> s = Slicing.sliceAndOffset(SliceCoord.of(SliceCoord.of(thread), SliceCoord.WILDCARD), tv);
        Layout vals = s.layout().rank() == 1 ? s.layout().mode(0) : s.layout();
        List<Layout> out = new ArrayList<>();
        out.add(vals);
        out.addAll(tiles.mode(1).modes());
        return new Sliced<>(Layout.concat(out), s.offset());
    }

    /**
     * A thread's partition of a swizzled tensor {@code Sw o off o L}: the tile and thread–value modes of L as above,
     * {@code ((thread,value),(RestM,RestN,...))}, kept under the swizzle, then sliced at {@code ((thread,_),_)} as CuTe
     * slices a swizzled layout (the swizzle kept with the thread's offset inside it, or decayed to a layout with an
     * offset); the pointer form is partitioned in element offsets, as {@code as_position_independent_swizzle_layout}
     * reads it.
     */
    private Sliced<AnyLayout> partition(ComposedLayout tensor, long thread, Layout trg) {
        if (thread < 0 || thread >= threads()) {
            throw new LayoutArgumentException("thread " + thread + " of a tiled copy of " + threads() + " threads");
        }
        ComposedLayout e = tensor.inOffsetForm();
        List<Tiler> modes = new ArrayList<>(tilerModes);
        Layout tiles = Divide.zippedDivide(e.inner(), new Tiler.ByMode(modes)); // ((TileM,TileN),(RestM,RestN))
        Layout tvRest = Layout.concat(Composition.compose(tiles.mode(0), thrval2mn(trg)), tiles.mode(1));
        Sliced<AnyLayout> s = Slicing.sliceAndOffset(SliceCoord.of(SliceCoord.of(SliceCoord.of(thread), SliceCoord.WILDCARD),
                SliceCoord.WILDCARD), e.withInner(tvRest));
        AnyLayout unfolded = switch (s.layout()) {
            case Layout l -> unfold(l);
            case ComposedLayout k -> k.withInner(unfold(k.inner()));
            case CoordLayout _, InnerSwizzledLayout _, GeneralComposedLayout _ -> throw new IllegalStateException("partition of " + tensor + ": a slice of a swizzled layout is " + s.layout());
        };
        return new Sliced<>(unfolded, s.offset());
    }

    /** {@code (values,(RestM,RestN,...))} → {@code (values,RestM,RestN,...)}. */
    private static Layout unfold(Layout l) {
        List<Layout> out = new ArrayList<>(List.of(l.mode(0)));
        out.addAll(l.mode(1).modes());
        return Layout.concat(out);
    }

    private Sliced<AnyLayout> partition(String what, AnyLayout tensor, long thread, Layout trg) {
        return switch (tensor) {
            case Layout l -> {
                Sliced<Layout> s = partition(l, thread, trg);
                yield new Sliced<>(s.layout(), s.offset());
            }
            case ComposedLayout c -> partition(c, thread, trg);
            case CoordLayout _, InnerSwizzledLayout _, GeneralComposedLayout _ -> throw AnyLayout.refuse(what, tensor, "a tensor partitioned among a tiled copy's threads has integer"
                    + " strides or is swizzled");
        };
    }

    /**
     * {@link #partitionS(Layout, long)} of a tensor of any kind: a swizzled shared-memory tile, {@code Sw o off o L} or
     * CuTe's pointer form, pipelined {@code (M,N,PIPE)} or not, its thread's part under the swizzle as CuTe slices it.
     *
     * @throws LayoutArgumentException for a thread outside {@code [0, threads())}, a layout with scaled-basis strides or
     *         after a swizzle, where L's zipped divide by the tiler or its composition with the thread–value layout is
     *         refused, or where the swizzled slice is not the layout's function
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public Sliced<AnyLayout> partitionS(AnyLayout tensor, long thread) {
        return partition("partition_S", tensor, thread, atom.src(valueBits));
    }

    /**
     * {@link #partitionD(Layout, long)} of a tensor of any kind; see {@link #partitionS(AnyLayout, long)}.
     *
     * @throws LayoutArgumentException as {@link #partitionS(AnyLayout, long)}
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public Sliced<AnyLayout> partitionD(AnyLayout tensor, long thread) {
        return partition("partition_D", tensor, thread, atom.dst(valueBits));
    }

    /**
     * CuTe's {@code get_slice(thread).partition_S(S)}: (CPY, CPY_M, CPY_N) of a tensor layout, and its offset.
     *
     * @throws LayoutArgumentException for a thread outside {@code [0, threads())}, or where the tensor's zipped divide
     *         by the tiler or its composition with the thread–value layout is refused
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public Sliced<Layout> partitionS(Layout tensor, long thread) {
        return partition(tensor, thread, atom.src(valueBits));
    }

    /**
     * CuTe's {@code get_slice(thread).partition_D(D)}.
     *
     * @throws LayoutArgumentException for a thread outside {@code [0, threads())}, or where the tensor's zipped divide
     *         by the tiler or its composition with the thread–value layout is refused
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public Sliced<Layout> partitionD(Layout tensor, long thread) {
        return partition(tensor, thread, atom.dst(valueBits));
    }

    /**
     * CuTe's {@code TiledCopy::retile(T)}: a thread's register tensor T, laid out for another partitioning (a tiled
     * MMA's fragment, {@code (FrgV,RestM,RestN,...)}), seen as this copy's partition expects it,
     * {@code ((AtomVal,RestVal),RestM,RestN,...)}. CuTe's {@code ThrCopy::retile_S} and {@code retile_D} are both
     * this: they read T against the atom's reference layout, for any thread (no offset). With {@code V = size<0>(T)},
     * {@code TV} the tiled TV layout and {@code NumThr = size<0>(TV)}:
     * <ul>
     * <li>{@code frg_mn = upcast<NumThr·V>(right_inverse(TV) ∘ make_layout(Tiler_MN))}: (m,n) → which run of V values of
     *     a thread holds it;</li>
     * <li>{@code frg_v = zipped_divide(logical_product(V:1, right_inverse(frg_mn)), AtomNumVal:1)}: (atom values, rest
     *     values) → (v,m,n) of that tile;</li>
     * <li>the result is {@code zipped_divide(T, (V, product_each(shape(frg_mn))...))} with its tile mode composed with
     *     {@code frg_v}, sliced at {@code (_, (0,_,...,_))}.</li>
     * </ul>
     * Like CuTe, this assumes T's first V values are the first values of {@code TiledLayout_TV}: it regroups T, it
     * does not check T against the copy.
     *
     * @throws LayoutArgumentException where T has fewer modes than one for the values and one per mode of the tiler
     *         (CuTe's divide needs them), or where {@code upcast}, an inverse, the product or a divide or composition of
     *         them is refused
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public Layout retile(Layout fragment) {
        int tilerRank = tiler.rank();
        if (fragment.rank() < 1 + tilerRank) {
            throw new LayoutArgumentException("retile of " + fragment + " by " + this + ": the tensor has rank " + fragment.rank()
                    + "; it needs a mode of values and one per mode of the tiler " + tiler + ", rank " + (1 + tilerRank) + " or more");
        }
        long v = fragment.mode(0).size();
        long perRun = Math.multiplyExact(threads(), v);
        Layout frgMn = Recast.upcast(Composition.compose(Inverse.rightInverse(tiledLayoutTV), tileLayout()), perRun); // (m,n) -> run
        Layout frgV = Divide.zippedDivide(Product.logicalProduct(Layout.of(v, v == 1 ? 0 : 1), Inverse.rightInverse(frgMn)),
                Layout.of(ref().mode(1).size(), 1)); // (atom values, rest values) -> (v,m,n)
        long[] tile = new long[1 + tilerRank];
        tile[0] = v;
        for (int i = 0; i < tilerRank; i++) tile[1 + i] = frgMn.mode(i).size();
        Layout tiles = Divide.zippedDivide(fragment, Tiler.ofShape(IntTuple.flat(tile))); // ((TileV,TileM,TileN),(1,RestM,RestN,...))
        Layout regrouped = Layout.concat(Composition.compose(tiles.mode(0), frgV), tiles.mode(1));
        SliceCoord[] rest = new SliceCoord[fragment.rank()];
        rest[0] = SliceCoord.of(0);
        for (int i = 1; i < rest.length; i++) rest[i] = SliceCoord.WILDCARD;
        return Slicing.slice(SliceCoord.of(SliceCoord.WILDCARD, SliceCoord.of(rest)), regrouped);
    }

    /**
     * CuTe's {@code get_slice(thread).retile_S(T)}: the same for every thread, {@link #retile}.
     *
     * @throws LayoutArgumentException as {@link #retile}
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public Layout retileS(Layout fragment) {
        return retile(fragment);
    }

    /**
     * CuTe's {@code get_slice(thread).retile_D(T)}: the same for every thread, {@link #retile}.
     *
     * @throws LayoutArgumentException as {@link #retile}
     * @throws ArithmeticException on overflow of a size, stride or offset
     */
    public Layout retileD(Layout fragment) {
        return retile(fragment);
    }

    @Override
    public String toString() {
        return "TiledCopy(" + atom.name() + " of " + valueBits + "-bit values, " + tiler + ", " + tiledLayoutTV + ")";
    }
}
