package org.layoutcat.ops;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.layoutcat.category.NestMorphism;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.atom.CopyAtom;
import org.layoutcat.core.atom.CopyStage;
import org.layoutcat.core.construct.TvLayout;
import org.layoutcat.core.atom.MmaAtom;
import org.layoutcat.core.atom.TiledCopy;
import org.layoutcat.core.atom.TiledMma;
import org.layoutcat.core.swizzle.BankConflicts;
import org.layoutcat.core.swizzle.SwizzleSearch;
import org.layoutcat.core.tma.TmaDataType;
import org.layoutcat.diagrams.Diagram;
import org.layoutcat.diagrams.Drawings;
import org.layoutcat.diagrams.picture.TilingPicture;

/**
 * The pictures of the table's operations ({@link Picture}, declared in their entries of {@link Operations}): their
 * drawings, as typed functions of the operations' parameters, and {@code draw NAME ARGS}: the picture NAME names (a
 * picture's name, or an operation's, for its first picture), its positional arguments read by the operation's
 * parameters and its options by their declarations, drawn. {@code layoutcat draw} and the explorer's views both draw
 * through here, with the same refusals.
 *
 * <p>A refusal of the arguments' values is an IllegalArgumentException; an unknown name, a wrong number of arguments
 * or an option the picture does not take is a {@link Usage}, which the command line reports as a usage error.
 */
public final class Pictures {
    private Pictures() {}

    /** A usage error of a picture: an unknown name, a wrong number of arguments, an option the picture does not take. */
    public static final class Usage extends IllegalArgumentException {
        Usage(String message) {
            super(message);
        }
    }

    /** An operation and one of its pictures. */
    public record Drawn(Operation op, Picture picture) {}

    /**
     * A picture's request, read: the operation, its picture, its arguments and the picture's options. Its answer is
     * the operation's, computed when first asked for (a drawing that needs none never computes it).
     */
    public static final class Drawing {
        private final Operation op;
        private final Picture picture;
        private final Args args;
        private final Picture.Values options;
        private Answer answer;

        Drawing(Operation op, Picture picture, Args args, Picture.Values options) {
            this.op = op;
            this.picture = picture;
            this.args = args;
            this.options = options;
        }

        public Operation op() {
            return op;
        }

        public Picture picture() {
            return picture;
        }

        public Args args() {
            return args;
        }

        public Picture.Values options() {
            return options;
        }

        /** The operation's answer, as the batch mode answers its request (the same refusals in the same words). */
        public Answer answer() {
            if (answer == null) answer = op.apply(args);
            return answer;
        }

        /** The picture. */
        public Diagram diagram() {
            return picture.draw().draw(args, this::answer, options);
        }
    }

    /** The names {@code draw} takes: each picture's name, first declared first, in the table's order. */
    public static List<String> names() {
        List<String> out = new ArrayList<>();
        for (Operation o : Operations.all()) for (Picture p : o.pictures()) if (!out.contains(p.name())) out.add(p.name());
        return out;
    }

    /** Every operation with its pictures, each picture once per operation, in the table's order. */
    public static List<Drawn> all() {
        List<Drawn> out = new ArrayList<>();
        for (Operation o : Operations.all()) for (Picture p : o.pictures()) out.add(new Drawn(o, p));
        return out;
    }

    /**
     * The picture a name names: the first declared under that name, else the first picture of the operation of that
     * name; null where there is none.
     */
    public static Drawn find(String name) {
        for (Operation o : Operations.all()) for (Picture p : o.pictures()) if (p.name().equals(name)) return new Drawn(o, p);
        Operation o = Operations.find(name);
        return o == null || o.pictures().isEmpty() ? null : new Drawn(o, o.pictures().getFirst());
    }

    /** {@code the mma picture}, {@code the layout, banks and tma pictures}: the pictures that take an option. */
    static String takers(String option) {
        List<String> names = new ArrayList<>();
        for (Drawn d : all()) {
            for (Picture.Option<?> o : d.picture().options()) {
                if (o.name().equals(option) && !names.contains(d.picture().name())) names.add(d.picture().name());
            }
        }
        if (names.isEmpty()) return "no picture";
        String last = names.removeLast();
        return (names.isEmpty() ? last : String.join(", ", names) + " and " + last) + " picture" + (names.isEmpty() ? "" : "s");
    }

    /**
     * The picture {@code name} names of positional {@code args}, with options by name ({@code elem}, {@code kind},
     * ...; blank ones left out).
     *
     * @throws Usage for an unknown name, a wrong number of arguments or an option the picture does not take
     * @throws IllegalArgumentException where the picture is refused
     */
    public static Diagram draw(String name, List<String> args, Map<String, String> options) {
        return read(name, args, options).diagram();
    }

    /**
     * The request of the picture {@code name} names: its operation, arguments read by the operation's parameters,
     * and options read by their declarations.
     *
     * @throws Usage for an unknown name, a wrong number of arguments or an option the picture does not take
     * @throws IllegalArgumentException where an argument cannot be read
     */
    public static Drawing read(String name, List<String> args, Map<String, String> options) {
        Drawn d = find(name);
        if (d == null) throw new Usage("unknown picture kind '" + LayoutArgumentException.quote(name) + "': one of " + String.join(", ", names()));
        Picture p = d.picture();
        Picture.Values values = Picture.Values.read(p, options);
        int n = args.size();
        if (!p.counts().contains(n)) {
            throw new Usage(p.name() + " takes " + p.words() + "; got " + n + " argument" + (n == 1 ? "" : "s"));
        }
        List<String> leading = args.subList(0, Math.min(n, p.leading()));
        for (int i = p.leading(); i < n; i++) values = values.withTrailing(p, p.trailing().get(i - p.leading()), args.get(i));
        Picture.Routing routing = p.route() == null ? new Picture.Routing.Own(leading) : p.route().route(leading, values);
        return switch (routing) {
            case Picture.Routing.Own own -> new Drawing(d.op(), p, d.op().read(new Request(d.op().name(), own.args(), "auto")), values);
            case Picture.Routing.Other other -> { // another operation's picture of the same name (a form, a morphism)
                Operation op = Operations.named(other.op());
                yield new Drawing(op, op.picture(p.name()), op.read(new Request(op.name(), other.args(), "auto")), values);
            }
        };
    }

    /**
     * The picture of an operation's request, by the picture's name (the explorer's view: the request as the batch mode
     * takes it, the options by name).
     */
    public static Drawing of(Operation op, Picture picture, List<String> args, Map<String, String> options) {
        return new Drawing(op, picture, op.read(new Request(op.name(), args, "auto")), Picture.Values.read(picture, options));
    }

    /** A layout with integer strides, which the picture takes; another kind refused by name. */
    public static Layout integer(AnyLayout l, String picture) {
        if (l instanceof Layout x) return x;
        throw new LayoutArgumentException(picture + " of " + LayoutArgumentException.quote(l.toString())
                + ": the picture takes a layout with integer strides");
    }

    // ---------------------------------------------------------------------------------------------------------
    // The pictures, by the parameters of the operations they draw

    /** Composition's walkthrough; for operands of other kinds (a swizzled layout), the composite's grid. */
    static Picture compose(Param<AnyLayout> a, Param<Tiler> b) {
        return Picture.of("compose", "compose", "layouts A and B (A o B, B applied first)", 2, 2, (args, answer, o) -> {
            if (args.get(a) instanceof Layout x && args.get(b) instanceof Layout y) return Drawings.compose(x, y, o.get(Picture.TITLE));
            return Drawings.layout((AnyLayout) answer.get().value(), null, 0, o.get(Picture.TITLE));
        }).shown(Picture.View.STEPS);
    }

    /** A divide's tiling picture in its form; {@code draw divide A B FORM} (or --kind) draws FORM_divide's. */
    static Picture divide(Param<AnyLayout> a, Param<? extends Tiler> b, TilingPicture.DivideKind form) {
        return Picture.of("divide", "divide", "a layout A, a tiler B and optionally a form (logical, zipped, tiled, flat)", 2, 3,
                (args, answer, o) -> Drawings.divide(integer(args.get(a), "divide"), args.get(b), form, o.get(Picture.TITLE)))
                .trailing(Picture.KIND).positional(2, 2, 3).shown(Picture.View.TILING)
                .routed((leading, o) -> o.has(Picture.KIND)
                        ? new Picture.Routing.Other(TilingPicture.DivideKind.parse(o.get(Picture.KIND).word()).cuteName(), leading)
                        : new Picture.Routing.Own(leading));
    }

    /** A product's tiling picture in its form; {@code draw product A B FORM} (or --kind) draws FORM_product's. */
    static Picture product(Param<AnyLayout> a, Param<? extends Tiler> b, TilingPicture.ProductKind form) {
        return Picture.of("product", "product", "a layout A, a layout B and optionally a form (logical, zipped, tiled, flat, blocked, raked)",
                2, 3, (args, answer, o) -> Drawings.product(integer(args.get(a), "product"), args.get(b), form, o.get(Picture.TITLE)))
                .trailing(Picture.KIND).positional(2, 2, 3).shown(Picture.View.TILING)
                .routed((leading, o) -> o.has(Picture.KIND)
                        ? new Picture.Routing.Other(TilingPicture.ProductKind.parse(o.get(Picture.KIND).word()).cuteName(), leading)
                        : new Picture.Routing.Own(leading));
    }

    private static final String MORPHISM_WORDS = "a morphism \"S --(α)--> T\" or a tractable layout L";

    /** The standard representation f_L of a layout; {@code draw morphism "S --(α)--> T"} draws from_morphism's. */
    static Picture toMorphism(Param<Layout> l) {
        return Picture.of("morphism", "morphism", MORPHISM_WORDS, 1, 1, (args, answer, o) -> Drawings.morphism(args.get(l), o.get(Picture.TITLE)))
                .routed((leading, o) -> NestMorphism.isMorphismText(leading.getFirst()) ? new Picture.Routing.Other("from_morphism", leading)
                        : new Picture.Routing.Own(leading));
    }

    /** A morphism, drawn as it is. */
    static Picture fromMorphism(Param<NestMorphism> f) {
        return Picture.of("morphism", "morphism", MORPHISM_WORDS, 1, 1, (args, answer, o) -> Drawings.morphism(args.get(f), o.get(Picture.TITLE)));
    }

    /** The mutual refinement of T and U, computed; or T′ and U′ given, checked. */
    static Picture refinement(Param<IntTuple> t, Param<IntTuple> u) {
        return Picture.of("refinement", "refinement", "T and U, or T, U, T′ and U′", 2, 2, (args, answer, o) -> o.has(Picture.T_PRIME)
                        ? Drawings.refinement(args.get(t), args.get(u), o.get(Picture.T_PRIME), o.get(Picture.U_PRIME), o.get(Picture.TITLE))
                        : Drawings.refinement(args.get(t), args.get(u), o.get(Picture.TITLE)))
                .trailing(Picture.T_PRIME, Picture.U_PRIME).positional(2, 2, 4);
    }

    /** The layout's grid, its cells' banks with --elem. */
    static Picture layout(Param<AnyLayout> l) {
        return Picture.of("layout", "layout", "a layout or composed layout and optionally the element's bytes", 1, 2,
                (args, answer, o) -> Drawings.layout(args.get(l), o.get(Picture.COLOR), o.has(Picture.ELEM) ? o.get(Picture.ELEM) : 0,
                        o.get(Picture.TITLE)))
                .trailing(Picture.ELEM).with(Picture.COLOR).positional(1, 1, 2).shown(Picture.View.GRID);
    }

    /** The layout's coordinate table. */
    static Picture coords(Param<AnyLayout> l) {
        return Picture.of("coords", "coordinates", "a layout", 1, 1,
                (args, answer, o) -> Drawings.coords(integer(args.get(l), "coords"), o.get(Picture.ORDER), o.get(Picture.TITLE)))
                .with(Picture.ORDER);
    }

    /** A thread–value layout over a tile. */
    static Picture tv(Param<AnyLayout> l) {
        return Picture.of("tv", "TV layout", "a thread-value layout and optionally a tile shape", 1, 2,
                (args, answer, o) -> Drawings.tv(integer(args.get(l), "tv"), o.get(Picture.TILE), o.get(Picture.TITLE)))
                .trailing(Picture.TILE).positional(1, 1, 2).shown(Picture.View.TV);
    }

    /** make_layout_tv's answer: its thread–value layout over its tiler. */
    static Picture layoutTv(Field<IntTuple> tiler) {
        return Picture.of("tv", "TV layout", "a thread layout and a value layout", 2, 2, (args, answer, o) -> Drawings.tv(
                (Layout) answer.get().value(), answer.get().get(tiler), o.get(Picture.TITLE))).shown(Picture.View.TV);
    }

    private static final String MMA_WORDS = "an MMA atom's name, optionally an atom layout (2x2x1) and a permutation <M,N,K>";

    /** A tiled MMA as print_latex draws it; C alone with --only C, or by default for a wgmma atom. */
    static Picture tiledMma(Param<MmaAtom> mma, Param<Layout> atoms, Param<Tiler> permutation) {
        return Picture.of("mma", "tiled MMA", MMA_WORDS, 1, 3, (args, answer, o) -> mma(TiledMma.of(args.get(mma), args.get(atoms),
                args.getOr(permutation, null)), o)).with(Picture.ONLY, Picture.ATOMS, Picture.PERMUTE).shown(Picture.View.MMA)
                .routed((leading, o) -> { // --atoms and --permute name the arguments after the atom's name
                    List<String> a = new ArrayList<>(leading);
                    if (a.size() == 1) a.add(o.has(Picture.ATOMS) ? o.text(Picture.ATOMS) : "1x1x1");
                    if (o.has(Picture.PERMUTE) && a.size() == 2) a.add(o.text(Picture.PERMUTE));
                    return new Picture.Routing.Own(a);
                }, Picture.ATOMS, Picture.PERMUTE);
    }

    /** An MMA atom, tiled 1x1x1. */
    static Picture mmaAtom(Param<MmaAtom> mma) {
        return Picture.of("mma_atom", "MMA atom", "an MMA atom's name", 1, 1, (args, answer, o) -> mma(TiledMma.of(args.get(mma),
                TiledMma.parseAtomLayout("1x1x1"), null), o)).shown(Picture.View.MMA);
    }

    private static Diagram mma(TiledMma m, Picture.Values o) {
        return Picture.Operands.of(m, o.get(Picture.ONLY)) == Picture.Operands.C ? Drawings.mmaAccumulators(m, o.get(Picture.TITLE))
                : Drawings.mma(m, o.get(Picture.TITLE));
    }

    /** A tiled copy: source and destination, each cell's offsets in --src and --dst. */
    static Picture tiledCopy(Param<CopyAtom> copy, Param<Integer> bits, Param<Layout> thr, Param<Layout> val) {
        return Picture.of("copy", "tiled copy", "a copy atom's name, the value width in bits, a thread layout and a value layout", 4, 4,
                (args, answer, o) -> Drawings.copy(TiledCopy.of(args.get(copy), args.get(bits), args.get(thr), args.get(val)),
                        o.get(Picture.SRC), o.get(Picture.DST), o.get(Picture.TITLE)))
                .with(Picture.SRC, Picture.DST).shown(Picture.View.COPY)
                .routed((leading, o) -> { // the value width in the command line's words, before the parameter reads it
                    String t = leading.get(1).trim();
                    try {
                        Integer.parseInt(t);
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException("copy: the value width '" + leading.get(1) + "' is " + (t.matches("[+-]?[0-9]+")
                                ? "past the range of an int" : "not a whole number of bits"), e);
                    }
                    return new Picture.Routing.Own(leading);
                });
    }

    /** One instruction's threads against the 32 banks (a stage's worst instruction). */
    static Picture banks(Param<AnyLayout> smem, Param<Layout> access, Param<Integer> elem, Param<Integer> vector) {
        return Picture.of("banks", "banks", "a shared-memory layout, an access layout (thread, value) -> index, the element's bytes"
                + " (none where the layout is CuTe's smem_ptr[Nb] form, which gives them) and optionally the vector's bytes", 2, 4,
                (args, answer, o) -> {
                    int e = args.getOr(elem, 0);
                    if (e == 0 && BankConflicts.pointerBytes(args.get(smem)) == 0) {
                        throw new Usage("banks: --elem is required: the element's bytes, which SMEM gives only in CuTe's pointer form"
                                + " Sw<B,M,S> o smem_ptr[Nb](unset) o L");
                    }
                    return Drawings.banks(args.get(smem), args.get(access), e, args.getOr(vector, 0), o.get(Picture.TITLE));
                }).with(Picture.ELEM, Picture.VECTOR).shown(Picture.View.BANKS)
                .routed((leading, o) -> { // --elem and --vector name the arguments after the access (elem 0: the pointer's)
                    List<String> a = new ArrayList<>(leading);
                    if (o.has(Picture.ELEM) || o.has(Picture.VECTOR)) a.add(o.has(Picture.ELEM) ? o.text(Picture.ELEM) : "0");
                    if (o.has(Picture.VECTOR)) a.add(o.text(Picture.VECTOR));
                    return new Picture.Routing.Own(a);
                }, Picture.ELEM, Picture.VECTOR);
    }

    /**
     * A copy stage's worst instruction against the 32 banks: the copy's access of the shared-memory tile, as
     * copy_bank_conflicts counts it (drawn once the operation answers).
     */
    static Picture copyBanks(Param<AnyLayout> smem, Param<CopyAtom> copy, Param<Integer> bits, Param<Layout> thr, Param<Layout> val,
            Param<CopyAtom.Side> side) {
        return Picture.of("copybanks", "copy banks", "a shared-memory tile, a copy atom, the value width in bits, a thread layout, a"
                + " value layout and optionally the shared side (SRC or DST)", 5, 6, (args, answer, o) -> {
                    answer.get(); // refused as the operation refuses
                    TiledCopy c = TiledCopy.of(args.get(copy), args.get(bits), args.get(thr), args.get(val));
                    AnyLayout s = args.get(smem);
                    CopyAtom.Side shared = args.has(side) ? args.get(side) : CopyStage.sharedSide(c.atom());
                    Layout access = CopyStage.access(c, TvLayout.productEach(s.shape()), shared);
                    return Drawings.banks(s, access, BankConflicts.elementBytes(s, args.get(bits) / 8), 0, o.get(Picture.TITLE));
                }).shown(Picture.View.STAGE);
    }

    /** The most candidates the swizzle search's picture lists (the candidate drawn and CUTLASS's choice besides). */
    static final int SEARCH_ROWS = 12;

    /**
     * swizzle_search's picture: its candidates ranked, each with its wavefronts per access and in all against the lower
     * bound, CUTLASS's choice marked, and the stage over one candidate, by its rank (1, the best, unless a trailing rank
     * says): each access's worst warp instruction against the 32 banks over that candidate's layout, counted as the search
     * counts it (the addressing lanes of each copy).
     */
    static Picture swizzleSearch() {
        return Picture.of("swizzle-search", "swizzle search", "a tile (MN,K), the element's bytes, the tile's major (K or MN), the"
                + " copies that write and read it, and optionally the rank of the candidate drawn (1, the best)", 5, 6, (args, answer, o) -> {
                    SearchStage s = SearchStage.of(args, answer.get(), o);
                    SwizzleSearch.Candidate c = s.chosen();
                    List<org.layoutcat.diagrams.picture.Panels.Panel> row = new ArrayList<>();
                    for (int i = 0; i < s.accesses().size(); i++) {
                        SwizzleSearch.Access a = s.accesses().get(i);
                        String side = SearchStage.SIDES.get(i);
                        row.add(new org.layoutcat.diagrams.picture.Panels.Panel(side + ": " + a.name() + ", " + c.perAccess().get(i) + " wavefronts",
                                org.layoutcat.diagrams.picture.BankPicture.worstOfStage(c.smem().toString(), BankConflicts.offsets(c.smem()),
                                        s.elementBytes(), a.access(), a.lanes(), side + " " + a.access() + " into candidate " + s.rank())));
                    }
                    String title = o.get(Picture.TITLE) != null ? o.get(Picture.TITLE) : s.title() + " drawn, " + c.name();
                    return org.layoutcat.diagrams.picture.Panels.arrange(title, searchLines(s.result(), s.rank()), List.of(row));
                }).trailing(Picture.CANDIDATE).positional(5, 5, 6).shown(Picture.View.SEARCH);
    }

    /**
     * A swizzle search's stage over the candidate a picture draws, as its picture and the explorer's view read it from
     * the request: the search's result, the rank drawn (the trailing option, 1 by default) and its candidate, the tile,
     * the write's and the read's accesses, and the element's bytes as the candidate's pointer gives them.
     */
    public record SearchStage(SwizzleSearch.Result result, int rank, SwizzleSearch.Candidate chosen, IntTuple tile, int elem,
                              Object major, List<SwizzleSearch.Access> accesses, int elementBytes) {
        /** The accesses' sides, in order. */
        public static final List<String> SIDES = List.of("write", "read");

        /** The stage of a swizzle_search request's picture. */
        public static SearchStage of(Args args, Answer answer, Picture.Values o) {
            SwizzleSearch.Result r = answer.detail(Operations.SEARCH).orElseThrow();
            int rank = o.get(Picture.CANDIDATE) == null ? 1 : o.get(Picture.CANDIDATE);
            SwizzleSearch.Candidate c = r.ranked(rank);
            IntTuple t = args.value("tile", IntTuple.class);
            int elem = args.value("elem", Integer.class);
            List<SwizzleSearch.Access> accesses = List.of(args.value("write", Operations.StageCopy.class).access(t),
                    args.value("read", Operations.StageCopy.class).access(t));
            return new SearchStage(r, rank, c, t, elem, args.value("major", Object.class), accesses, BankConflicts.elementBytes(c.smem(), elem));
        }

        /** "swizzle search of a (256,128) tile of 2-byte elements, K-major: candidate 1 of 48". */
        public String title() {
            return "swizzle search of a " + tile + " tile of " + elem + "-byte elements, " + major + "-major: candidate " + rank + " of "
                    + result.ranked().size();
        }
    }

    /**
     * The ranking as the search's picture lists it: the bound, the first {@link #SEARCH_ROWS} candidates and the one drawn
     * (rank, wavefronts in all and per access, against the bound; CUTLASS's choice marked), and CUTLASS's choice.
     */
    static List<String> searchLines(SwizzleSearch.Result r, int drawn) {
        List<String> lines = new ArrayList<>();
        lines.add(r.candidates() + " candidates; lower bound " + r.lowerBound() + " wavefronts (one per 128 bytes a phase), "
                + (r.meetsBound() ? "met" : "met by none"));
        for (int i = 1; i <= r.ranked().size(); i++) {
            if (i > SEARCH_ROWS && i != drawn) continue;
            SwizzleSearch.Candidate c = r.ranked(i);
            long over = c.wavefronts() - r.lowerBound();
            lines.add(i + ". " + c.wavefronts() + " wavefronts " + c.perAccess() + (over == 0 ? ", the bound" : ", bound + " + over)
                    + (r.isCutlass(c) ? ", CUTLASS's choice" : "") + (i == drawn ? ", drawn" : "") + ": " + c.name());
        }
        if (r.cutlass() != null) {
            lines.add("CUTLASS (SM90 ss_smem_selector): " + r.cutlass().wavefronts() + " wavefronts " + r.cutlass().perAccess() + ": " + r.cutlass().name());
        }
        return lines;
    }

    /** A TMA copy (make_tma_copy): the tile by copy, the box, and its swizzled landing in shared memory. */
    static Picture tma(Param<Layout> gmem, Param<AnyLayout> smem, Param<TmaDataType> elem, Param<IntTuple> ctaTile) {
        return Picture.of("tma", "TMA", "the global tensor's layout, the tile's shared-memory layout, the element (f16, ... or its bytes)"
                + " and optionally the CTA tile", 3, 4, (args, answer, o) -> Drawings.tma(args.get(gmem), args.get(smem), args.get(elem),
                        args.getOr(ctaTile, null), o.get(Picture.TITLE)))
                .with(Picture.ELEM).positional(4, 2, 3, 4)
                .routed((leading, o) -> {
                    List<String> a = new ArrayList<>(leading);
                    if (o.has(Picture.ELEM)) a.add(Math.min(2, a.size()), o.text(Picture.ELEM)); // the element's bytes, after the two layouts
                    if (a.size() < 3) {
                        throw new Usage("tma takes the global tensor's layout, the tile's shared-memory layout, the element (f16, ... or"
                                + " its bytes) and optionally the CTA tile; got " + leading.size() + " argument" + (leading.size() == 1 ? "" : "s"));
                    }
                    return new Picture.Routing.Own(a);
                }, Picture.ELEM).shown(Picture.View.TMA);
    }

    /**
     * gmma_doctor's picture: the operand the descriptor implies (its {@code implied} field, needing the major and the
     * element's bits) drawn as the swizzled tile it is, a cell an element, each holding its offset and coloured by
     * bank; refused, with the reason, where the descriptor implies no layout.
     */
    static Picture gmmaDoctor(Field<String> implied) {
        return Picture.of("gmma-doctor", "wgmma operand", "a wgmma descriptor, the operand's major (K or MN), optionally the layout meant and"
                + " the element's bits", 2, 4, (args, answer, o) -> {
                    Answer a = answer.get();
                    if (!a.has(implied)) {
                        throw new LayoutArgumentException("gmma-doctor: the descriptor implies no layout; give the"
                                + " operand's major (K or MN) and the element's bits (or a layout meant whose pointer says them)");
                    }
                    String text = a.get(implied);
                    // CuTe's tensor form: a k-block off the swizzle pattern's boundary (K-major k-block 1 at 0x420) is the
                    // swizzle of its own addresses, so it is drawn as element offsets from the boundary P below it, the
                    // swizzled layout Sw o (address - P) o L, which is the same tile at its place in the pattern
                    org.layoutcat.core.CuTeNotation.Tensor t = org.layoutcat.core.CuTeNotation.parseTensor(text);
                    AnyLayout drawn = t.layout();
                    String from = "";
                    if (drawn instanceof org.layoutcat.core.ComposedLayout c && c.pointerBits() >= 8 && t.address().isPresent()) {
                        org.layoutcat.core.Swizzle sw = c.outer();
                        long bytes = c.pointerBits() / 8, address = t.address().getAsLong();
                        long period = (1L << (sw.base() + sw.shift() + sw.bits())) * bytes;
                        long p = address - address % period;
                        drawn = new org.layoutcat.core.ComposedLayout(sw, (address - p) / bytes, c.inner());
                        from = text + ", drawn as " + c.pointerBits() + "-bit element offsets from 0x" + Long.toHexString(p) + ": " + drawn;
                    }
                    int bytes = t.elementBits() / 8;
                    String title = o.get(Picture.TITLE) != null ? o.get(Picture.TITLE) : from.isEmpty() ? null : from;
                    return Drawings.layout(drawn, null, bytes == 1 || bytes == 2 || bytes == 4 ? bytes : 0, title);
                });
    }

    /**
     * tma_doctor's picture: the TMA picture ({@link Drawings#tma}) of the global tensor and the shared-memory box the
     * arguments imply (its {@code global_tensor} and {@code smem_box} fields): the box over the global tensor's tile, the
     * box, and its swizzled landing; refused, with the reason, where the arguments do not read as layouts.
     */
    static Picture tmaDoctor(Param<Integer> type, Field<String> smemBox, Field<Layout> globalTensor) {
        return Picture.of("tma-doctor", "TMA box", "the 7 to 11 arguments of cuTensorMapEncodeTiled, as tma_doctor takes them", 7, 11,
                (args, answer, o) -> {
                    Answer a = answer.get();
                    if (!a.has(smemBox) || !a.has(globalTensor)) {
                        throw new LayoutArgumentException("tma-doctor: the arguments read as no box of a global tensor (whole-byte"
                                + " elements, no interleave, lists of tensorRank within bounds and a swizzle CuTe names are needed)");
                    }
                    int code = args.get(type);
                    TmaDataType t = null;
                    for (TmaDataType x : TmaDataType.values()) if (x.code == code) t = x;
                    AnyLayout box = AnyLayout.parse(a.get(smemBox));
                    // drawn from the layouts the arguments imply: make_tma_copy's call of them, which sets the L2
                    // promotion and OOB fill as CuTe does, whatever the arguments said of those two
                    org.layoutcat.core.tma.TmaDescriptor d = org.layoutcat.core.tma.TmaDescriptor.derive(a.get(globalTensor), box, t, 1,
                            org.layoutcat.core.tma.TmaDescriptor.Extents.RUNTIME);
                    String title = o.get(Picture.TITLE) != null ? o.get(Picture.TITLE) : "the box of global_tensor " + a.get(globalTensor)
                            + " and smem_box " + box + ", as make_tma_copy encodes them: " + d;
                    return org.layoutcat.diagrams.picture.TmaPicture.of(d, title);
                });
    }
}
