package org.layoutcat.ops;

import static org.layoutcat.ops.CodeForm.call;
import static org.layoutcat.ops.CodeForm.callChecking;
import static org.layoutcat.ops.CodeForm.none;
import static org.layoutcat.ops.Operation.Engines.CUTE_OR_CATEGORY;
import static org.layoutcat.ops.Operation.Engines.ONE;
import static org.layoutcat.ops.Operation.declare;
import static org.layoutcat.ops.Operation.Group.ALGEBRA;
import static org.layoutcat.ops.Operation.Group.ATOMS;
import static org.layoutcat.ops.Operation.Group.BLACKWELL;
import static org.layoutcat.ops.Operation.Group.CATEGORY;
import static org.layoutcat.ops.Operation.Group.CONSTRUCTION;
import static org.layoutcat.ops.Operation.Group.FUNCTION;
import static org.layoutcat.ops.Operation.Group.MODES;
import static org.layoutcat.ops.Operation.Group.PARTITION;
import static org.layoutcat.ops.Operation.Group.RECAST;
import static org.layoutcat.ops.Operation.Group.SWIZZLE;
import static org.layoutcat.ops.Operation.Group.TUPLES;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.SortedMap;
import org.layoutcat.category.NestMorphism;
import org.layoutcat.category.StandardRepresentation;
import org.layoutcat.category.compose.CategoricalAlgebra;
import org.layoutcat.category.compose.CategoricalComposition;
import org.layoutcat.category.refine.MutualRefinement;
import org.layoutcat.category.refine.Pullback;
import org.layoutcat.category.refine.Pushforward;
import org.layoutcat.ops.CodeForm.When;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.CuTeNotation;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.CoordLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.atom.Atoms;
import org.layoutcat.core.atom.CopyStage;
import org.layoutcat.core.swizzle.SwizzleSearch;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.tma.TmaDataType;
import org.layoutcat.core.tma.ClusterMulticast;
import org.layoutcat.core.tma.TmaDescriptor;
import org.layoutcat.core.tma.TmaIm2colDescriptor;
import org.layoutcat.core.tma.TmaPartition;
import org.layoutcat.core.tma.TmaDescriptor.Extents;
import org.layoutcat.core.algebra.Coalesce;
import org.layoutcat.core.algebra.Complement;
import org.layoutcat.core.algebra.Composition;
import org.layoutcat.core.algebra.Divide;
import org.layoutcat.core.algebra.Inverse;
import org.layoutcat.core.algebra.Nullspace;
import org.layoutcat.core.algebra.Product;
import org.layoutcat.core.atom.CopyAtom;
import org.layoutcat.core.atom.MmaAtom;
import org.layoutcat.core.atom.TiledCopy;
import org.layoutcat.core.atom.TiledMma;
import org.layoutcat.core.atom.TmemCopyAtoms;
import org.layoutcat.core.atom.Element;
import org.layoutcat.core.tmem.TmemAccumulator;
import org.layoutcat.core.tmem.TmemAllocation;
import org.layoutcat.core.tmem.TmemCopy;
import org.layoutcat.core.tmem.TmemPlanner;
import org.layoutcat.core.construct.Compact;
import org.layoutcat.core.construct.TileToShape;
import org.layoutcat.core.construct.TvLayout;
import org.layoutcat.core.modes.Modes;
import org.layoutcat.core.modes.SliceCoord;
import org.layoutcat.core.modes.Sliced;
import org.layoutcat.core.modes.Slicing;
import org.layoutcat.core.modes.TupleArithmetic;
import org.layoutcat.core.partition.Partition;
import org.layoutcat.core.recast.Recast;
import org.layoutcat.core.recast.Vectorization;
import org.layoutcat.core.f2.F2Map;
import org.layoutcat.core.f2.F2View;
import org.layoutcat.core.swizzle.BankConflicts;
import org.layoutcat.core.swizzle.GmmaDescriptor;
import org.layoutcat.core.swizzle.GmmaSmemAtoms;
import org.layoutcat.diagrams.picture.TilingPicture;

/**
 * The table of operations: each declared once, here, by CuTe's name, with its arguments, its core function, the
 * fields of its reply, its CuTe C++ and CuTe DSL forms, a line of help and an example. Everything that answers or
 * describes an operation reads this table: the batch mode, {@code layoutcat op}, the commands that are its aliases
 * ({@code compose}, {@code complement}, …), {@code op list} and {@code op --help}, {@code cpp} and {@code cpp --dsl},
 * the README's list (a test compares them) and the batch fuzzer.
 *
 * <p>Adding an operation is adding its entry here and its core function in the library. The library chooses by the
 * kind of layout ({@link AnyLayout}); an argument's text is read by its kind ({@link ArgKind}) and nowhere else.
 */
public final class Operations {
    private Operations() {}

    // The parameters the entries share, by their usual names.
    private static final Param<AnyLayout> L = Param.of("L", ArgKind.ANY_LAYOUT, "the layout");
    /** {@link #L} where the operation takes a layout of size 0 too, as CuTe C++ does ({@code size((4,0):(1,4)) = 0}). */
    private static final Param<AnyLayout> L0 = L.takingSizeZero();
    private static final Param<AnyLayout> A = Param.of("A", ArgKind.ANY_LAYOUT, "the layout applied second, or divided, or repeated");
    private static final Param<Tiler> B = Param.of("B", ArgKind.TILER, "the layout or tiler <...> applied first");
    private static final Param<Layout> LI = Param.of("L", ArgKind.LAYOUT, "the layout");
    private static final Param<IntTuple> SHAPE = Param.of("shape", ArgKind.TUPLE, "the shape");

    /** Which engine answers an operation that has several. */
    private static final String CATEGORY_ENGINE = "category";
    private static final String CUTE_ENGINE = "cute";

    /**
     * The entries declared so far, in the table's order (guarded by the class's lock). The table is declared group
     * by group, in order, as far as a lookup needs: a command that answers one operation declares the groups up to
     * its own and no more (each entry's function is linked when declared, the start of a command's JVM).
     */
    private static final List<Operation> TABLE = new ArrayList<>();

    /** The groups of the table, in order, each declared by its method. */
    private static final int GROUPS = 11;

    /** How many groups are declared (guarded by the class's lock). */
    private static int declared;

    /** The entries declared so far by name: replaced, never changed, as groups are declared. */
    private static volatile Map<String, Operation> byName = Map.of();

    /** The whole table, once every group is declared. */
    private static volatile List<Operation> all;

    /** Declares the next group of the table; false where every group is declared. */
    private static synchronized boolean declareNext() {
        if (declared == GROUPS) return false;
        switch (declared) {
            case 0 -> algebra();
            case 1 -> layoutFunction();
            case 2 -> category();
            case 3 -> construction();
            case 4 -> partition();
            case 5 -> modes();
            case 6 -> recast();
            case 7 -> tuples();
            case 8 -> swizzle();
            case 9 -> atoms();
            case 10 -> blackwell();
            default -> throw new IllegalStateException("group " + declared);
        }
        declared++;
        Map<String, Operation> m = new LinkedHashMap<>();
        for (Operation o : TABLE) if (m.put(o.name(), o) != null) throw new IllegalStateException("operation " + o.name() + " declared twice");
        byName = Collections.unmodifiableMap(m);
        if (declared == GROUPS) all = List.copyOf(TABLE);
        return true;
    }

    /** Every operation, in the table's order. */
    public static List<Operation> all() {
        while (all == null) declareNext();
        return all;
    }

    /** The names of every operation, in the table's order. */
    public static Collection<String> names() {
        all();
        return byName.keySet();
    }

    /**
     * The operation of that name.
     *
     * @throws IllegalArgumentException for an unknown name, suggesting the nearest
     */
    public static Operation named(String name) {
        Operation o = find(name);
        if (o == null) throw new IllegalArgumentException(unknown(name));
        return o;
    }

    /** The operations some parameter of which takes a layout of size 0 ({@link Param#takingSizeZero}), by name. */
    static List<String> takingSizeZero() {
        return all().stream().filter(o -> o.params().stream().anyMatch(Param::takesSizeZero)).map(Operation::name).sorted().toList();
    }

    /** The operation of that name, or null. */
    public static Operation find(String name) {
        Operation o = byName.get(name);
        // declareNext answers false once another thread has declared the rest: the map is read again after it
        while (o == null) {
            boolean more = declareNext();
            o = byName.get(name);
            if (!more) break;
        }
        return o;
    }

    /**
     * The answer to a request.
     *
     * @throws IllegalArgumentException for an unknown operation, a wrong number of arguments, an argument that cannot
     *         be read, or an input the operation refuses, each with the reason
     * @throws ArithmeticException where the answer overflows
     */
    public static Answer answer(Request r) {
        return named(r.op()).answer(r);
    }

    /** {@code unknown op "x"; did you mean "y"? known ops: ...}. */
    static String unknown(String name) {
        String near = nearest(name);
        return "unknown op \"" + org.layoutcat.core.LayoutArgumentException.quote(name) + "\"" + (near == null ? "" : "; did you mean \"" + near + "\"?") + "; known ops: "
                + String.join(", ", names());
    }

    /**
     * The commands a person types, each an alias of an operation or of a family of them chosen by an option: the
     * command line generates each one's grammar and help from it and from its operations' parameters
     * ({@link Alias}). Declared without the entries, so that a command declares only the groups of its own.
     */
    private static final List<Alias> ALIASES = List.of(
            Alias.of("compose", "composition", "A", "B").telling(new Alias.Telling("--explain", "print every step: the categorical"
                    + " composition, or CuTe's algorithm where the category cannot compose", Operations::explain)),
            Alias.of("complement", "complement", "L", "N"),
            Alias.family("divide", new Alias.Choice.ByValue("--kind", "KIND", "which division"),
                    Alias.Form.of("logical_divide", "A", "B").when("logical"), Alias.Form.of("zipped_divide", "A", "B").when("zipped"),
                    Alias.Form.of("tiled_divide", "A", "B").when("tiled"), Alias.Form.of("flat_divide", "A", "B").when("flat")),
            Alias.family("product", new Alias.Choice.ByValue("--kind", "KIND", "which product"),
                    Alias.Form.of("logical_product", "A", "B").when("logical"), Alias.Form.of("zipped_product", "A", "B").when("zipped"),
                    Alias.Form.of("tiled_product", "A", "B").when("tiled"), Alias.Form.of("flat_product", "A", "B").when("flat"),
                    Alias.Form.of("blocked_product", "A", "B").when("blocked"), Alias.Form.of("raked_product", "A", "B").when("raked")),
            Alias.of("coalesce", "coalesce", "L", "profile"),
            Alias.of("eval", "eval", "L", "at"),
            Alias.of("morphism", "to_morphism", "L"),
            Alias.family("banks", new Alias.Choice.ByOption(), Alias.Form.of("bank_conflicts", "smem", "access"),
                    Alias.Form.of("copy_bank_conflicts", "smem").when("--copy").deriving(new Alias.Derived("value_bits", "--elem",
                            "with --copy, of the --copy's values alike (its value_bits, 8·BYTES)", Operations::copyValueBits))),
            Alias.of("tma", "tma_descriptor", "gmem", "smem", "elem"),
            Alias.family("doctor", new Alias.Choice.ByValue("--kind", "KIND", "which numbers: a wgmma descriptor (gmma) or"
                    + " cuTensorMapEncodeTiled's arguments (tma)"),
                    Alias.Form.of("gmma_doctor", "desc", "major", "smem", "bits").when("gmma"),
                    Alias.Form.of("tma_doctor", "data_type", "rank", "global_address", "global_dim", "global_strides", "box_dim",
                            "element_strides", "interleave", "swizzle", "l2_promotion", "oob_fill").when("tma")));

    /** The commands that are aliases of operations, in order. */
    public static List<Alias> aliases() {
        return ALIASES;
    }

    /** The alias {@code command}, or null. */
    public static Alias alias(String command) {
        for (Alias a : ALIASES) if (a.command().equals(command)) return a;
        return null;
    }

    /**
     * The operation a command stands for where it names one: its first form's, unless an option's value chooses among
     * its forms ({@code divide}, {@code product}); else null. {@code op CMD} reads it, and a typo of it is answered
     * with its operation.
     */
    public static String standsFor(String command) {
        Alias a = alias(command);
        return a == null || a.choice() instanceof Alias.Choice.ByValue ? null : a.forms().getFirst().op();
    }

    /** {@code compose --explain}: the walkthrough of the composition of layouts with integer strides. */
    private static Alias.Told explain(Args a) {
        Composition.Explained e = org.layoutcat.category.compose.CompositionExplanation.explain(Layout.parse(a.text(A)), Tiler.parse(a.text(B)));
        return new Alias.Told(e.steps().strip(), e.result().isPresent()); // where refused, the steps end with the refusal's words
    }

    /**
     * {@code banks --copy}'s value_bits: the copy's values are SMEM's elements, of the bytes {@code --elem} gives or
     * SMEM's pointer carries, read as {@code bank_conflicts} reads them ({@link BankConflicts#elementBytes(AnyLayout, int)}:
     * refused where neither says them or the two differ).
     */
    private static String copyValueBits(Map<String, String> given) {
        String elem = given.get("--elem");
        int bytes = BankConflicts.elementBytes(AnyLayout.parse(given.get("smem")), elem == null ? 0 : (int) ArgKind.index(elem, 2));
        return String.valueOf(8 * bytes);
    }

    /**
     * The operation whose name, or the name of a command standing for it ({@link #standsFor}), is nearest to
     * {@code name} by edit distance, where it is near enough to be a typo ({@code compse}: composition); else null.
     */
    public static String nearest(String name) {
        if (name == null || name.length() > 64) return null;
        List<String> candidates = new ArrayList<>(names());
        for (Alias a : ALIASES) if (standsFor(a.command()) != null) candidates.add(a.command());
        return org.layoutcat.core.internal.Spelling.nearest(name, candidates).map(n -> standsFor(n) != null ? standsFor(n) : n).orElse(null);
    }

    // ---------------------------------------------------------------------------------------------------------
    // The entries

    private static void algebra() {
        Param<IntTuple> profile = Param.optional("profile", ArgKind.TUPLE, "the target profile, e.g. (1,1)");
        TABLE.add(declare("coalesce", ALGEBRA, "the fewest modes with the same layout function, mode by mode for a profile")
                .params(L, profile)
                .body(a -> Answer.of(a.has(profile) ? Coalesce.coalesce(a.get(L), a.get(profile)) : Coalesce.coalesce(a.get(L))))
                .cpp(call("coalesce({L}⟦, {profile}⟧)")).dsl(call("cute.coalesce({L}⟦, target_profile={profile}⟧)"))
                .example("(2,(1,6)):(1,(6,2))").build());
        TABLE.add(declare("filter", ALGEBRA, "the layout without its size-1 and stride-0 modes, coalesced").params(L, profile)
                .body(a -> Answer.of(a.has(profile) ? Coalesce.filter(a.get(L), a.get(profile)) : Coalesce.filter(a.get(L))))
                .cpp(call("filter({L}⟦, {profile}⟧)")).dsl(call("cute.filter({L}⟦, {profile}⟧)")).example("(4,2,3):(2,0,8)")
                .build());
        TABLE.add(declare("composition", ALGEBRA, "A∘B (B applied first): R(c) = A(B(c)), shaped like B").params(A, B)
                .engines(CUTE_OR_CATEGORY).body(engineAware(CategoricalComposition::compose, Composition::compose, Composition::compose))
                .cpp(call("composition({A}, {B})")).dsl(call("cute.composition({A}, {B})")).example("(12,3,6):(1,72,12)", "(6,6):(1,6)")
                .pictures(Pictures.compose(A, B)).build());
        Param<IntTuple> cotarget = Param.optional("N", ArgKind.TUPLE, "the cotarget (default cosize(L))");
        TABLE.add(declare("complement", ALGEBRA, "comp(L, N): the offsets in [0, N) that L does not reach, as a layout")
                .params(L, cotarget)
                .body(a -> Answer.of(a.has(cotarget) ? Complement.complement(a.get(L), a.get(cotarget)) : Complement.complement(a.get(L))))
                .cpp(call("complement({L}⟦, {N}⟧)")).dsl(call("cute.complement({L}⟦, {N}⟧)")).example("(2,4):(1,2)", "16")
                .build());
        TABLE.add(declare("right_inverse", ALGEBRA, "R with L(R(i)) = i, as large as the strides allow").params(L)
                .body(a -> Answer.of(Inverse.rightInverse(a.get(L)))).cpp(call("right_inverse({L})"))
                .dsl(call("cute.right_inverse({L})")).example("(4,2):(2,1)").build());
        TABLE.add(declare("left_inverse", ALGEBRA, "R with R(L(i)) = i for an injective L; CuTe's quasi-inverse, L(R(L(i))) = L(i), for another")
                .params(L).body(a -> Answer.of(Inverse.leftInverse(a.get(L)))).cpp(call("left_inverse({L})"))
                .dsl(call("cute.left_inverse({L})")).example("(4,2):(1,5)").build());
        TABLE.add(declare("logical_divide", ALGEBRA, "A∘(B, comp(B, size A)): A split into tiles of B and the rest").params(A, B)
                .engines(CUTE_OR_CATEGORY).body(engineAware(CategoricalAlgebra::logicalDivide, Divide::logicalDivide, Divide::logicalDivide))
                .cpp(call("logical_divide({A}, {B})")).dsl(call("cute.logical_divide({A}, {B})")).example("(4,8):(1,4)", "(2,2):(1,4)")
                .pictures(Pictures.divide(A, B, TilingPicture.DivideKind.LOGICAL)).build());
        divide("zipped_divide", "((tiles),(rests)): the tile modes gathered, then the rests", Divide::zippedDivide);
        divide("tiled_divide", "((tiles),rest0,rest1,...)", Divide::tiledDivide);
        divide("flat_divide", "(tile0,tile1,...,rest0,rest1,...)", Divide::flatDivide);
        TABLE.add(declare("logical_product", ALGEBRA, "(A, comp(A, size A·cosize B)∘B): copies of A laid out by B").params(A, B)
                .engines(CUTE_OR_CATEGORY).body(engineAware(CategoricalAlgebra::logicalProduct, Product::logicalProduct, Product::logicalProduct))
                .cpp(call("logical_product({A}, {B})")).dsl(call("cute.logical_product({A}, {B})")).example("(2,2):(4,1)", "6:1")
                .pictures(Pictures.product(A, B, TilingPicture.ProductKind.LOGICAL)).build());
        product("zipped_product", "((A's modes),(copies...))", Product::zippedProduct);
        product("tiled_product", "((A's modes),copy0,copy1,...)", Product::tiledProduct);
        product("flat_product", "(A's modes..., copies...)", Product::flatProduct);
        Param<Layout> bl = Param.of("B", ArgKind.LAYOUT, "the layout of the copies");
        TABLE.add(declare("blocked_product", ALGEBRA, "((a0,b0),(a1,b1),...): A's blocks laid out by B, mode by mode").params(A, bl)
                .body(a -> Answer.of(Product.blockedProduct(a.get(A), a.get(bl)))).cpp(call("blocked_product({A}, {B})"))
                .dsl(call("cute.blocked_product({A}, {B})")).example("(2,2):(1,2)", "(2,3):(1,2)")
                .pictures(Pictures.product(A, bl, TilingPicture.ProductKind.BLOCKED)).build());
        TABLE.add(declare("raked_product", ALGEBRA, "((b0,a0),(b1,a1),...): A's elements raked across B's copies").params(A, bl)
                .body(a -> Answer.of(Product.rakedProduct(a.get(A), a.get(bl)))).cpp(call("raked_product({A}, {B})"))
                .dsl(call("cute.raked_product({A}, {B})")).example("(2,2):(1,2)", "(2,3):(1,2)")
                .pictures(Pictures.product(A, bl, TilingPicture.ProductKind.RAKED)).build());
    }

    private static void divide(String name, String help, BiFunction<AnyLayout, Tiler, AnyLayout> f) {
        TABLE.add(declare(name, ALGEBRA, help).params(A, B).body(a -> Answer.of(f.apply(a.get(A), a.get(B))))
                .cpp(call(name + "({A}, {B})")).dsl(call("cute." + name + "({A}, {B})")).example("(8,8):(1,8)", "<2:1,4:1>")
                .pictures(Pictures.divide(A, B, TilingPicture.DivideKind.parse(name.substring(0, name.indexOf('_'))))).build());
    }

    private static void product(String name, String help, BiFunction<AnyLayout, Tiler, AnyLayout> f) {
        TABLE.add(declare(name, ALGEBRA, help).params(A, B).body(a -> Answer.of(f.apply(a.get(A), a.get(B))))
                .cpp(call(name + "({A}, {B})")).dsl(call("cute." + name + "({A}, {B})")).example("(2,2):(1,2)", "<3:1,2:1>")
                .pictures(Pictures.product(A, B, TilingPicture.ProductKind.parse(name.substring(0, name.indexOf('_'))))).build());
    }

    /**
     * The body of an operation of {@code "engine": "category" | "cute" | "auto"} on layouts with integer strides: {@code category}
     * computes through morphisms and refuses a non-tractable input; {@code cute} runs CuTe's algorithm; {@code auto}
     * (the default) runs CuTe's and, where CuTe refuses a pair of tractable layouts, the category's, which composes some
     * pairs CuTe cannot. The reply names the engine that answered. Layouts of the other kinds have one engine, CuTe's
     * algebra of their kind, and name none.
     */
    private static Function<Args, Answer> engineAware(BiFunction<Layout, Tiler, Layout> category, BiFunction<Layout, Tiler, Layout> cute,
            BiFunction<AnyLayout, Tiler, AnyLayout> anyKind) {
        return a -> {
            if (!(a.get(A) instanceof Layout x) || !integerTiler(a.get(B))) return Answer.of(anyKind.apply(a.get(A), a.get(B)));
            Tiler y = a.get(B);
            switch (a.engine()) {
                case CUTE_ENGINE:
                    return Answer.of(cute.apply(x, y), CUTE_ENGINE);
                case CATEGORY_ENGINE:
                    return Answer.of(category.apply(x, y), CATEGORY_ENGINE);
                default:
                    try {
                        return Answer.of(cute.apply(x, y), CUTE_ENGINE);
                    } catch (IllegalArgumentException | ArithmeticException refused) {
                        if (!CategoricalComposition.isTractablePair(x, y)) throw refused;
                        try {
                            return Answer.of(category.apply(x, y), CATEGORY_ENGINE);
                        } catch (IllegalArgumentException | ArithmeticException alsoRefused) {
                            throw refused;
                        }
                    }
            }
        };
    }

    /** True for a tiler of layouts with integer strides only (a layout, or by-mode tilers of them). */
    private static boolean integerTiler(Tiler t) {
        if (t instanceof Tiler.ByMode m) {
            for (Tiler mode : m.modes()) if (!integerTiler(mode)) return false;
            return true;
        }
        return t instanceof Layout;
    }

    private static void layoutFunction() {
        TABLE.add(declare("size", FUNCTION, "the number of indices in the domain").params(L0).body(a -> Answer.of(a.get(L0).size()))
                .cpp(call("size({L})")).dsl(call("cute.size({L})")).example("(2,(2,2)):(2,(1,4))").build());
        TABLE.add(declare("cosize", FUNCTION, "CuTe's cosize, 1 + Σ (s−1)·|d|: one past the largest offset where strides are ≥ 0; of a swizzled layout, 1 + its largest value")
                .params(L0).body(a -> Answer.of(a.get(L0).cosize())).cpp(call("cosize({L})")).dsl(call("cute.cosize({L})"))
                .example("(2,(2,2)):(2,(1,4))").build());
        TABLE.add(declare("rank", FUNCTION, "the number of top-level modes").params(L0).body(a -> Answer.of(a.get(L0).rank()))
                .cpp(call("rank({L})")).dsl(call("cute.rank({L})")).example("(2,(2,2)):(2,(1,4))").build());
        TABLE.add(declare("depth", FUNCTION, "the nesting depth of the shape").params(L0).body(a -> Answer.of(a.get(L0).depth()))
                .cpp(call("depth({L})")).dsl(call("cute.depth({L})")).example("(2,(2,2)):(2,(1,4))").build());
        Param<IntTuple> at = Param.of("at", ArgKind.TUPLE, "an index or a hierarchical coordinate");
        TABLE.add(declare("eval", FUNCTION, "the layout function at an index or a coordinate (a coordinate where strides are 1@i)")
                .params(L0, at).body(a -> Answer.of(value(a.get(L0), a.get(at))))
                .cpp(callChecking("{L}({at:literal})").checkValue(Field.RESULT, "r", "L", When.COMPILE))
                .dsl(none("CuTe DSL evaluates a layout"
                        + " inside @cute.jit only on dynamic values; use cute.crd2idx"))
                .example("(2,(2,2)):(2,(1,4))", "(1,(0,1))").build());
        Param<IntTuple> index = Param.of("index", ArgKind.TUPLE, "an index in [0, size), or a coordinate whose integers"
                + " are indices of the shape's modes they meet");
        TABLE.add(declare("idx2crd", FUNCTION, "the colexicographic coordinate of an index (or of each integer of a coordinate) in the shape")
                .params(L0, index).body(a -> Answer.of(a.get(L0).idx2crd(a.get(index))))
                .cpp(call("idx2crd({index:literal}, shape({L}))")).dsl(call("cute.idx2crd({index:literal}, {L}.shape)"))
                .example("(2,(3,4)):(1,(2,6))", "7").build());
        Param<IntTuple> coord = Param.of("coord", ArgKind.TUPLE, "a hierarchical coordinate");
        TABLE.add(declare("crd2idx", FUNCTION, "the index of a coordinate in the shape").params(L0, coord)
                .body(a -> Answer.of(a.get(L0).crd2idx(a.get(coord)))).cpp(call("crd2idx({coord:literal}, shape({L}))"))
                .dsl(call("cute.crd2idx({coord:literal}, {L}.shape)")).example("(2,(3,4)):(1,(2,6))", "(1,(0,1))").build());
        Param<Long> offset = Param.of("offset", ArgKind.INDEX, "an offset L reaches");
        TABLE.add(declare("hier_coord", FUNCTION, "the coordinate where L takes that offset (CuTeDSL's get_hier_coord)")
                .params(LI, offset).body(a -> Answer.of(a.get(LI).coordinateOf(a.get(offset))))
                .cpp(call("{L}.get_hier_coord({offset:literal})"))
                .dsl(none("CuTe DSL's get_hier_coord takes a dynamic offset inside @cute.jit"))
                .example("(2,(3,4)):(12,(1,3))", "9").build());
        TABLE.add(declare("print", FUNCTION, "the layout as CuTe's print(layout) prints it, shape:stride (any kind, any rank)").params(L)
                .body(a -> Answer.of(a.get(L))).cpp(call("{L}")).dsl(call("{L}")).example("(4,8):(1,4)")
                .pictures(Pictures.layout(L), Pictures.coords(L), Pictures.tv(L)).build());
        Param<AnyLayout> printed = Param.of("L", ArgKind.ANY_LAYOUT, "a rank-2 layout (m,n) -> idx");
        TABLE.add(declare("print_layout", FUNCTION, "the layout as CuTe's print_layout prints it: a grid of its offsets, rows m, columns n")
                .params(printed).body(a -> Answer.of(PrintLayout.print(a.get(printed))))
                .cpp(none("print_layout prints; the C++ test of its grid is the"
                        + " layout's own (eval at each (m,n))"))
                .dsl(none("CuTe DSL has no print_layout; cute.print_tensor prints a tensor's values")).example("(4,8):(1,4)")
                .pictures(Pictures.layout(printed)).build());
    }

    /** The layout function at an index or a coordinate, as {@link AnyLayout#value} gives it. */
    private static Object value(AnyLayout l, IntTuple at) {
        if (l instanceof CoordLayout c) return c.scaledBasisValue(at).map(Object.class::cast).orElseGet(() -> c.value(at));
        return l.value(at).value();
    }

    private static void category() {
        Param<NestMorphism> f = Param.of("f", ArgKind.MORPHISM, "a nest morphism S --(α)--> T");
        Param<IntTuple> t = Param.of("T", ArgKind.TUPLE, "a tuple");
        Param<IntTuple> u = Param.of("U", ArgKind.TUPLE, "a tuple");
        Param<IntTuple> refinement = Param.of("refinement", ArgKind.TUPLE, "a tuple refining f's codomain (pullback) or domain (pushforward)");
        String noCute = "CuTe has no categorical morphisms; the category module is layoutcat's (Categorical Foundations for CuTe Layouts)";
        TABLE.add(declare("to_morphism", CATEGORY, "the standard representation f_L of a tractable layout, S --(α)--> T").params(LI)
                .body(a -> Answer.of(StandardRepresentation.of(a.get(LI)).toString(), CATEGORY_ENGINE)).cpp(none(noCute))
                .dsl(none(noCute)).example("(2,2):(3,30)").pictures(Pictures.toMorphism(LI)).build());
        TABLE.add(declare("from_morphism", CATEGORY, "the layout a morphism encodes, L_f").params(f)
                .body(a -> Answer.of(a.get(f).encodedLayout().toString(), CATEGORY_ENGINE)).cpp(none(noCute)).dsl(none(noCute))
                .example("(2,2) --(2,4)--> (3,2,5,2)").pictures(Pictures.fromMorphism(f)).build());
        TABLE.add(declare("mutual_refinement", CATEGORY, "the mutual refinement (T′, U′) of two tuples").params(t, u)
                .body(a -> Answer.of(MutualRefinement.require(a.get(t), a.get(u)).toString(), CATEGORY_ENGINE))
                .cpp(none(noCute)).dsl(none(noCute)).example("(6,6)", "(12,3)").pictures(Pictures.refinement(t, u)).build());
        TABLE.add(declare("pullback", CATEGORY, "the pullback of f along a refinement of its codomain").params(f, refinement)
                .body(a -> Answer.of(Pullback.along(a.get(f), a.get(refinement)).toString(), CATEGORY_ENGINE)).cpp(none(noCute))
                .dsl(none(noCute)).example("(2,2) --(2,4)--> (3,2,5,2)", "(3,2,5,(2,1))").build());
        TABLE.add(declare("pushforward", CATEGORY, "the pushforward of f along a refinement of its domain").params(f, refinement)
                .body(a -> Answer.of(Pushforward.along(a.get(f), a.get(refinement)).toString(), CATEGORY_ENGINE))
                .cpp(none(noCute)).dsl(none(noCute)).example("(2,2) --(2,4)--> (3,2,5,2)", "(2,(2,1))").build());
    }

    // The reply's fields, each a typed key declared once (Field): the entries below list them, their bodies fill them.

    /** The tile a thread–value layout covers: make_layout_tv's, a tiled copy's {@code Tiler_MN}. */
    /** make_layout_tv's tiler: the tile its thread–value layout covers. */
    public static final Field<IntTuple> TILER = Field.of("tiler");

    private static void construction() {
        Param<Long> current = Param.optional("current", ArgKind.INDEX, "the stride to start from (default 1)");
        TABLE.add(declare("compact_col_major", CONSTRUCTION, "LayoutLeft strides of a shape, 0 at extent 1").params(SHAPE, current)
                .body(a -> Answer.of(a.has(current) ? Compact.colMajor(a.get(SHAPE), a.get(current)) : Compact.colMajor(a.get(SHAPE))))
                .cpp(call("compact_col_major({shape:literal}⟦, {current:literal}⟧)"))
                .dsl(call("cute.compact_col_major({shape:literal}⟦, {current:literal}⟧)")).example("(2,1,(3,1))").build());
        TABLE.add(declare("compact_row_major", CONSTRUCTION, "LayoutRight strides of a shape").params(SHAPE, current)
                .body(a -> Answer.of(a.has(current) ? Compact.rowMajor(a.get(SHAPE), a.get(current)) : Compact.rowMajor(a.get(SHAPE))))
                .cpp(call("compact_row_major({shape:literal}⟦, {current:literal}⟧)"))
                .dsl(call("cute.compact_row_major({shape:literal}⟦, {current:literal}⟧)")).example("(2,(3,4))").build());
        Param<IntTuple> order = Param.of("order", ArgKind.TUPLE, "the rank of each mode's stride");
        TABLE.add(declare("make_ordered_layout", CONSTRUCTION, "the compact layout with modes laid out in the given order")
                .params(SHAPE, order).body(a -> Answer.of(Compact.orderedLayout(a.get(SHAPE), a.get(order))))
                .cpp(call("make_ordered_layout({shape:literal}, {order:literal})"))
                .dsl(call("cute.make_ordered_layout({shape:literal}, order={order:literal})")).example("(2,2,2,2)", "(0,2,3,1)")
                .build());
        Param<Layout> thr = Param.of("thr", ArgKind.LAYOUT, "the threads' layout");
        Param<Layout> val = Param.of("val", ArgKind.LAYOUT, "each thread's values' layout");
        TABLE.add(declare("make_layout_tv", CONSTRUCTION, "(thread, value) → tile coordinate of a thread and value layout, with its tiler")
                .params(thr, val).fields(TILER)
                .body(a -> {
                    TvLayout tv = TvLayout.make(a.get(thr), a.get(val));
                    return Answer.of(tv.layout()).with(TILER, tv.tiler());
                })
                .cpp(callChecking("make_layout_tv_cpp({thr}, {val})")
                        .after("// CuTe DSL's make_layout_tv, as CuTe C++'s make_tiled_copy builds it",
                                "auto make_layout_tv_cpp = [](auto thr, auto val) { auto mn = raked_product(thr, val);"
                                        + " return make_tuple(right_inverse(mn).with_shape(make_shape(size(thr), size(val))),"
                                        + " product_each(shape(mn))); };")
                        .check(Field.RESULT, "get<0>(r)").check(TILER, "get<1>(r)"))
                .dsl(callChecking("cute.make_layout_tv({thr}, {val})").check(Field.RESULT, "r[1]").check(TILER, "r[0]"))
                .example("(2,2):(1,2)", "(2,3):(1,2)").pictures(Pictures.layoutTv(TILER)).build());
        TABLE.add(declare("make_identity_layout", CONSTRUCTION, "the layout whose value at each index is its coordinate: strides 1@0, 1@1, ...")
                .params(SHAPE).body(a -> Answer.of(CoordLayout.identity(a.get(SHAPE))))
                .cpp(callChecking("make_identity_layout({shape:literal})").checkIdentity(Field.RESULT, "r"))
                .dsl(call("cute.make_identity_layout({shape:literal})")).example("(4,8)").build());
    }

    /** Where a slice, a tile or a thread's part starts: L's value there, an integer where L has integer strides. */
    private static final Field<IntTuple> OFFSET = Field.of("offset");

    private static void partition() {
        Param<SliceCoord> c = Param.of("coord", ArgKind.COORD, "a coordinate, _ for the modes kept");
        TABLE.add(declare("slice", PARTITION, "the modes of L under the wildcards, and L at c with each _ read as 0").params(L, c)
                .fields(OFFSET).body(a -> sliced(Slicing.sliceAndOffset(a.get(c), a.get(L))))
                .cpp(callChecking("slice_and_offset({coord:literal}, {L})").check(Field.RESULT, "get<0>(r)")
                        .checkValue(OFFSET, "get<1>(r)", "L", When.COMPILE))
                .dsl(callChecking("cute.slice_({L}, {coord:literal})").check(Field.RESULT, "r"))
                .example("(2,(3,4)):(1,(2,6))", "(_,(1,_))").build());
        TABLE.add(declare("dice", PARTITION, "the modes of L at the integers of c").params(L, c)
                .body(a -> Answer.of(Slicing.dice(a.get(c), a.get(L)))).cpp(call("dice({coord:literal}, {L})"))
                .dsl(call("cute.dice({L}, {coord:literal})")).example("(2,(3,4)):(1,(2,6))", "(_,(1,_))").build());
        Param<Tiler> tiler = Param.of("tiler", ArgKind.TILER, "the tile's shape or tiler");
        Param<SliceCoord> at = Param.of("coord", ArgKind.COORD, "the tile's coordinate among the tiles, _ for all");
        Param<SliceCoord> step = Param.optional("step", ArgKind.COORD, "a projection of the tiler and the coordinate: 1 keeps"
                + " a mode, _ (CuTe's X) drops it, e.g. (1,_,1) for A's tile of a CTA tiler (M,N,K)");
        TABLE.add(declare("local_tile", PARTITION, "the tile of L at a coordinate among its tiles (a thread block's tile), and its offset")
                .params(L, tiler, at, step).fields(OFFSET)
                .body(a -> sliced(a.has(step)
                        ? Partition.localTile(a.get(L), a.get(tiler), a.get(at), a.get(step))
                        : Partition.localTile(a.get(L), a.get(tiler), a.get(at))))
                .cpp(callChecking("local_tile({L:tensor}, {tiler}, {coord:literal}⟦, {step:literal}⟧)").check(Field.RESULT, "r.layout()")
                        .checkValue(OFFSET, "*r.data()", "L", When.RUN))
                .dsl(none("CuTe DSL's local_tile takes a tensor; use cpp for the host test, or slice a layout"))
                .example("(16,64):(1,16)", "(4,8)", "(1,_)").build());
        Param<Layout> threads = Param.of("threads", ArgKind.LAYOUT, "the threads' layout");
        Param<Long> thread = Param.of("thread", ArgKind.INDEX, "the thread's index");
        TABLE.add(declare("local_partition", PARTITION, "a thread's elements of every tile of L, and the offset of its first")
                .params(L, threads, thread).fields(OFFSET)
                .body(a -> sliced(Partition.localPartition(a.get(L), a.get(threads), a.get(thread))))
                .cpp(callChecking("local_partition({L:tensor}, {threads}, {thread:literal})").check(Field.RESULT, "r.layout()")
                        .checkValue(OFFSET, "*r.data()", "L", When.RUN))
                .dsl(none("CuTe DSL's local_partition takes a tensor; use cpp for the host test, or slice a layout"))
                .example("(16,64):(1,16)", "(2,16):(1,2)", "5").build());
    }

    /** The fewest wavefronts the accesses could need. */
    private static final Field<Long> MINIMUM = Field.of("minimum");
    /** Wavefronts over that minimum (1.0: conflict-free). */
    private static final Field<Double> DEGREE = Field.of("degree");
    private static final Field<Integer> VECTOR_BYTES = Field.of("vector_bytes");
    /** The bank with the most words in one phase. */
    private static final Field<Integer> WORST_BANK = Field.of("worst_bank");
    /** That bank's words and the threads touching each: {@code word 0: threads 0, 8; word 32: threads 1}. */
    private static final Field<SortedMap<Long, List<Integer>>> COLLISIONS = Field.of("collisions", Operations::collisions);
    private static final Field<Integer> INSTRUCTIONS = Field.of("instructions");
    /** {@code warp 0, instruction 3: 8 wavefronts, minimum 4}. */
    private static final Field<BankConflicts.Stage.Instruction> WORST_INSTRUCTION = Field.of("worst_instruction",
            w -> "warp " + w.warp() + ", instruction " + w.index() + ": " + w.conflicts().wavefronts() + " wavefronts, minimum "
                    + w.conflicts().minimum());
    /** The count of one instruction, and of a stage, which a person's view prints as a table. */
    private static final Answer.Detail<BankConflicts> COUNT = new Answer.Detail<>("one instruction's count", BankConflicts.class);
    private static final Answer.Detail<BankConflicts.Stage> STAGE_COUNT = new Answer.Detail<>("a stage's count", BankConflicts.Stage.class);
    /** Where bank_conflicts gives the worst bank and its collisions. */
    private static final String CONFLICTED = "where one instruction has a bank conflict: a bank holds several words in one phase";
    private static final Predicate<Answer> CONFLICT = a -> a.detail(COUNT).map(c -> c.worstBank() >= 0).orElse(false);
    /** Where bank_conflicts gives a stage's instructions. */
    private static final String OF_A_STAGE = "where the access is a stage: more than 32 threads, or instruction modes";
    private static final Predicate<Answer> STAGE = a -> a.detail(STAGE_COUNT).isPresent();

    /** {@code word 0: threads 0; word 32: threads 1; ...}. */
    private static String collisions(SortedMap<Long, List<Integer>> words) {
        StringBuilder sb = new StringBuilder();
        words.forEach((w, ts) -> sb.append(sb.length() == 0 ? "" : "; ").append("word ").append(w)
                .append(": threads ").append(ts.toString().replaceAll("[\\[\\]]", "")));
        return sb.toString();
    }

    private static void copyBankConflicts(Param<CopyAtom> atom, Param<Integer> valueBits) {
        Param<AnyLayout> smem = Param.of("smem", ArgKind.ANY_LAYOUT, "the tile's layout in shared memory, swizzled or not");
        Param<CopyAtom> copy = atom.asOption("--copy", "ATOM");
        Param<Layout> thr = Param.of("thr_layout", ArgKind.LAYOUT, "the threads' layout").asOption("--thr", "LAYOUT");
        Param<Layout> val = Param.of("val_layout", ArgKind.LAYOUT, "each thread's values' layout").asOption("--val", "LAYOUT");
        Param<CopyAtom.Side> side = Param.optional("side", ArgKind.oneOf(CopyAtom.Side.class), "SRC or DST: the side in shared memory"
                + " (default: the atom's: ldmatrix reads, stmatrix and cp.async write)").asOption("--side", "SRC|DST");
        TABLE.add(declare("copy_bank_conflicts", ATOMS, "a tiled copy's shared-memory wavefronts over a tile: every instruction of"
                + " every warp, against the fewest possible")
                .params(smem, copy, valueBits, thr, val, side)
                .fields(MINIMUM, DEGREE, THREADS, VECTOR_BYTES, INSTRUCTIONS, WORST_INSTRUCTION)
                .body(a -> stageBanks(CopyStage.bankConflicts(TiledCopy.of(a.get(copy), a.get(valueBits), a.get(thr), a.get(val)), a.get(smem),
                        a.getOr(side, null))))
                .cpp(none("bank conflicts are the hardware's, not CuTe's: layoutcat gpu banks measures them on the GPU"))
                .dsl(none("bank conflicts are the hardware's, not CuTe's"))
                .example("Sw<3,3,3> o 0 o ((8,4),(64,1)):((64,512),(1,0))", "SM80_CP_ASYNC_CACHEALWAYS_U128", "16", "(16,8):(8,1)", "(1,8)")
                .display(answer -> answer.detail(STAGE_COUNT).orElseThrow().table())
                .pictures(Pictures.copyBanks(smem, copy, valueBits, thr, val, side)).build());
    }

    /**
     * One access of a stage, as {@code swizzle_search} reads it: a tiled copy and its side in shared memory (null: the
     * atom's), or an access layout (thread, value, instruction…) → index of the tile, column-major.
     */
    public record StageCopy(TiledCopy copy, CopyAtom.Side side, Layout access, String text) {
        static final String WORDS = "an access: ATOM/BITS/THR/VAL (make_tiled_copy), or ATOM/A|B|C/MMA/ATOMS (make_tiled_copy_A|B|C"
                + " of a tiled MMA), then /SRC or /DST where the atom does not say which side is shared memory; or a layout"
                + " (thread, value[, instruction...]) -> index of the tile, column-major";

        /**
         * Reads an access as {@code swizzle_search} takes it.
         *
         * @throws org.layoutcat.core.LayoutArgumentException where the text is none of {@link #WORDS}
         */
        public static StageCopy parse(String text) {
            return switch (org.layoutcat.core.CuTeNotation.parseAccessOrCopy(text)) {
                case org.layoutcat.core.CuTeNotation.AccessOrCopy.Access a -> new StageCopy(null, null, a.access(), text.trim());
                case org.layoutcat.core.CuTeNotation.AccessOrCopy.Copy c -> ofCopy(text, c.fields());
            };
        }

        /** The tiled copy whose fields {@code p} are, {@code text} read. */
        private static StageCopy ofCopy(String text, List<String> p) {
            if (p.size() < 4 || p.size() > 5) throw new org.layoutcat.core.LayoutArgumentException("copy \"" + text + "\": expected " + WORDS);
            CopyAtom atom = Atoms.copy(p.get(0));
            String how = p.get(1);
            TiledCopy c;
            if (how.equals("A") || how.equals("B") || how.equals("C")) {
                TiledMma m = TiledMma.of(Atoms.mma(p.get(2)), TiledMma.parseAtomLayout(p.get(3)), null);
                c = switch (how) {
                    case "A" -> TiledCopy.forA(atom, m.atom().ab().bits(), m);
                    case "B" -> TiledCopy.forB(atom, m.atom().bType().bits(), m);
                    default -> TiledCopy.forC(atom, m.atom().d().bits(), m);
                };
            } else {
                c = TiledCopy.of(atom, (int) ArgKind.integer("value bits", 1, 128).read(how, "swizzle_search", 0),
                        Layout.parse(p.get(2)), Layout.parse(p.get(3)));
            }
            CopyAtom.Side side = p.size() == 5 ? ArgKind.oneOf(CopyAtom.Side.class).read(p.get(4), "swizzle_search", 0) : null;
            return new StageCopy(c, side, null, text.trim());
        }

        /**
         * The access over a tile: its layout (thread, value, instruction...) → index, and the lanes that give addresses.
         *
         * @throws org.layoutcat.core.LayoutArgumentException where the atom does not say which side is shared memory and
         *         none is given, or the copy does not tile the tile
         */
        public SwizzleSearch.Access access(IntTuple tile) {
            if (access != null) return new SwizzleSearch.Access(text, access, 32);
            CopyAtom.Side s = side != null ? side : CopyStage.sharedSide(copy.atom());
            if (s == null) {
                throw new org.layoutcat.core.LayoutArgumentException("copy \"" + text + "\": " + copy.atom().name()
                        + " loads or stores either side: end it with /SRC or /DST, the side in shared memory");
            }
            return new SwizzleSearch.Access(copy.atom().name(), CopyStage.access(copy, tile, s), CopyStage.addressLanes(copy.atom()));
        }
    }

    /** The best candidate's wavefronts. */
    private static final Field<Long> WAVEFRONTS = Field.of("wavefronts");
    private static final Field<Long> LOWER_BOUND = Field.of("lower_bound");
    private static final Field<Boolean> MEETS_BOUND = Field.of("meets_bound");
    /** CUTLASS's choice of tile layout, and its wavefronts. */
    private static final Field<AnyLayout> CUTLASS = Field.of("cutlass");
    private static final Field<Long> CUTLASS_WAVEFRONTS = Field.of("cutlass_wavefronts");
    private static final Field<Integer> CANDIDATES = Field.of("candidates");
    /** The XOR map found outside Sw<B,M,S>, its wavefronts, and its F2 view over the compact tile. */
    private static final Field<SwizzleSearch.XorMap> XOR_MAP = Field.of("xor_map");
    private static final Field<Long> XOR_WAVEFRONTS = Field.of("xor_wavefronts");
    private static final Field<F2Map> XOR_MAP_F2 = Field.of("xor_map_f2");
    /** The search's ranking, which a person's view prints as a table and the explorer's search view shows. */
    public static final Answer.Detail<SwizzleSearch.Result> SEARCH = new Answer.Detail<>("the ranked candidates", SwizzleSearch.Result.class);
    private static final String CUTLASS_CHOSE = "where CUTLASS's ss_smem_selector has an atom for the tile that both accesses take";
    private static final Predicate<Answer> CUTLASS_CHOICE = a -> a.detail(SEARCH).map(r -> r.cutlass() != null).orElse(false);
    private static final String BOUND_MISSED = "where no candidate meets the lower bound (meets_bound false)";
    private static final Predicate<Answer> XOR_SEARCHED = a -> !a.get(MEETS_BOUND);

    private static void swizzleSearch() {
        Param<IntTuple> tile = Param.of("tile", ArgKind.TUPLE, "the tile's shape (MN, K), powers of two");
        Param<Integer> elem = Param.of("elem", ArgKind.integer("the element's bytes", 1, 8), "bytes per element");
        Param<GmmaSmemAtoms.Major> major = Param.of("major", ArgKind.oneOf(GmmaSmemAtoms.Major.class), "K or MN: the tile's contiguous mode");
        ArgKind<StageCopy> stageCopy = new ArgKind<>(StageCopy.WORDS, (t, op, i) -> StageCopy.parse(t));
        Param<StageCopy> write = Param.of("write", stageCopy, "the copy that fills the tile");
        Param<StageCopy> read = Param.of("read", stageCopy, "the copy that drains it");
        TABLE.add(declare("swizzle_search", SWIZZLE, "the shared-memory tile layouts (swizzles, GMMA atoms) ranked by a stage's"
                + " wavefronts, against the lower bound and CUTLASS's choice")
                .params(tile, elem, major, write, read)
                .fields(WAVEFRONTS, LOWER_BOUND, MEETS_BOUND, CUTLASS.when(CUTLASS_CHOSE, CUTLASS_CHOICE), CUTLASS_WAVEFRONTS.when(CUTLASS_CHOSE, CUTLASS_CHOICE), CANDIDATES, XOR_MAP.when(BOUND_MISSED, XOR_SEARCHED), XOR_WAVEFRONTS.when(BOUND_MISSED, XOR_SEARCHED), XOR_MAP_F2.when(BOUND_MISSED, XOR_SEARCHED))
                .body(a -> {
                    IntTuple t = a.get(tile);
                    SwizzleSearch.Result r = SwizzleSearch.search(t, a.get(elem), a.get(major), List.of(a.get(write).access(t), a.get(read).access(t)));
                    Answer ans = Answer.of(r.best().smem()).withDetail(SEARCH, r).with(WAVEFRONTS, r.best().wavefronts())
                            .with(LOWER_BOUND, r.lowerBound()).with(MEETS_BOUND, r.meetsBound());
                    if (r.cutlass() != null) ans = ans.with(CUTLASS, r.cutlass().smem()).with(CUTLASS_WAVEFRONTS, r.cutlass().wavefronts());
                    ans = ans.with(CANDIDATES, r.candidates());
                    if (r.xor() != null) {
                        ans = ans.with(XOR_MAP, r.xor()).with(XOR_WAVEFRONTS, r.xor().wavefronts());
                        Layout compact = a.get(major) == GmmaSmemAtoms.Major.K ? Layout.of(t, IntTuple.flat(t.mode(1).product(), 1))
                                : Layout.of(t, IntTuple.flat(1, t.mode(0).product()));
                        ans = ans.with(XOR_MAP_F2, r.xor().f2(compact));
                    }
                    return ans;
                })
                .cpp(none("CuTe chooses no swizzle: CUTLASS's builders pick one by a fixed rule (ss_smem_selector), which the reply's"
                        + " \"cutlass\" field gives"))
                .dsl(none("CuTe DSL chooses no swizzle"))
                .example("(128,16)", "2", "K", "SM80_CP_ASYNC_CACHEALWAYS_U128/16/(64,2):(2,1)/(1,8)", "SM75_U32x4_LDSM_N/A/SM80_16x8x16_F16F16F16F16_TN/2x2x1")
                .display(answer -> answer.detail(SEARCH).orElseThrow().table(12))
                .pictures(Pictures.swizzleSearch()).build());
    }

    // the TMA tensor map's fields, as cuTensorMapEncodeTiled takes them, and its copies
    private static final Field<TmaDataType> DATA_TYPE = Field.of("data_type");
    private static final Field<Integer> TMA_RANK = Field.of("rank");
    private static final Field<List<Long>> GLOBAL_DIM = Field.of("global_dim", Operations::tuple);
    private static final Field<List<Long>> GLOBAL_STRIDES = Field.of("global_strides", Operations::tuple);
    private static final Field<List<Long>> BOX_DIM = Field.of("box_dim", Operations::tuple);
    private static final Field<List<Long>> ELEMENT_STRIDES = Field.of("element_strides", Operations::tuple);
    private static final Field<org.layoutcat.core.tma.TmaSwizzle> TMA_SWIZZLE = Field.of("swizzle");
    private static final Field<CoordLayout> TMA_TENSOR = Field.of("tma_tensor");
    private static final Field<CoordLayout> BOX_BASIS = Field.of("box_basis");
    private static final Field<Long> VALUES_PER_COPY = Field.of("values_per_copy");
    private static final Field<Long> BYTES_PER_COPY = Field.of("bytes_per_copy");
    private static final Field<Integer> COPIES = Field.of("copies");
    /** Each copy's coordinates, a multicast's prefixed by its CTA: {@code 0:(0,0) 1:(0,64)}. */
    private static final Field<String> COORDS = Field.of("coords");
    private static final Field<Integer> SMEM_ALIGNMENT = Field.of("smem_alignment");
    /** The global address the descriptor was given, in hexadecimal: {@code 0x7f3a00000000}. */
    private static final Field<Long> GLOBAL_ADDRESS = Field.<Long>of("global_address", v -> "0x" + Long.toHexString(v))
            .when("where the global address is given", a -> a.value() instanceof TmaDescriptor d && d.globalAddress().isPresent()
                    || a.value() instanceof TmaIm2colDescriptor i && i.globalAddress().isPresent());

    /** Where an SM90 driver refuses the data type CuTe passes (the packed 4- and 6-bit types), what it answers. */
    private static final Field<String> SM90_DRIVER = Field.<String>of("sm90_driver")
            .when("where an SM90 driver refuses the data type (the packed 4- and 6-bit types)",
                    a -> a.value() instanceof TmaDescriptor d && !d.dataType().takenBySm90());

    /** A byte address: {@code 0x} and hexadecimal digits, or decimal digits, 0 to 2^63−1. */
    static final ArgKind<Long> ADDRESS = new ArgKind<>("a byte address, 0x and hexadecimal digits or decimal digits", (t, op, i) -> {
        String x = t.strip();
        boolean hex = x.startsWith("0x") || x.startsWith("0X");
        String digits = hex ? x.substring(2) : x;
        if (digits.isEmpty() || !digits.chars().allMatch(c -> hex ? Character.digit(c, 16) >= 0 : c >= '0' && c <= '9')) {
            throw new LayoutArgumentException(() -> "argument " + (i + 1) + " \"" + LayoutArgumentException.quote(t) + "\": an address is"
                    + " 0x and hexadecimal digits (0x7f3a00000000) or decimal digits (4096)");
        }
        java.math.BigInteger v = new java.math.BigInteger(digits, hex ? 16 : 10);
        if (v.bitLength() > 63) {
            throw new LayoutArgumentException(() -> "argument " + (i + 1) + " \"" + LayoutArgumentException.quote(t) + "\": an address is"
                    + " at most 2^63−1 (0x7fffffffffffffff)");
        }
        return v.longValueExact();
    });

    private static void tmaDescriptor() {
        Param<Layout> gmem = Param.of("gmem", ArgKind.LAYOUT, "the global tensor's layout, in elements");
        Param<AnyLayout> smem = Param.of("smem", ArgKind.ANY_LAYOUT, "the tile's layout in shared memory, swizzled or not");
        Param<TmaDataType> elem = Param.of("elem", new ArgKind<>(TmaDataType.WORDS, (t, op, i) -> TmaDataType.parse(t)), "the element")
                .asOption("--elem", "TYPE");
        Param<IntTuple> ctaTile = Param.optional("cta_tile", ArgKind.TUPLE, "the CTA's tile of the tensor (default: the tile's mode sizes)")
                .asOption("--cta-tile", "TILE");
        Param<Integer> multicast = Param.optional("multicast", ArgKind.integer("the CTAs sharing each copy", 1, TmaDescriptor.MAX_MULTICAST),
                "the CTAs of the cluster that share each copy (default 1)").asOption("--multicast", "N");
        Param<Extents> extents = Param.optional("extents", ArgKind.oneOf(Extents.class), "RUNTIME (default, as kernels have them) or"
                + " STATIC (compile-time: CuTe then merges contiguous runs of the box)").asFlag("--static", "STATIC");
        Param<Long> address = Param.optional("address", ADDRESS, "the global tensor's address in bytes, 0x hexadecimal or decimal,"
                + " checked against the driver's alignment (16 bytes; 32 for 16U4_ALIGN16B and 16U6_ALIGN16B)").asOption("--address", "ADDR");
        TABLE.add(declare("tma_descriptor", ATOMS, "the TMA tensor map and copies of a tile (make_tma_copy's cuTensorMapEncodeTiled)")
                .params(gmem, smem, elem, ctaTile, multicast, extents, address)
                .fields(DATA_TYPE, TMA_RANK, GLOBAL_DIM, GLOBAL_STRIDES, BOX_DIM, ELEMENT_STRIDES, TMA_SWIZZLE, TMA_TENSOR, BOX_BASIS, VALUES_PER_COPY, BYTES_PER_COPY, COPIES, COORDS, SMEM_ALIGNMENT, GLOBAL_ADDRESS, SM90_DRIVER)
                .body(a -> {
                    Extents e = a.getOr(extents, Extents.RUNTIME);
                    if (a.has(address)) TmaDescriptor.checkAddress(a.get(address), a.get(elem)); // CuTe checks the address first
                    TmaDescriptor d = a.has(ctaTile)
                            ? TmaDescriptor.derive(a.get(gmem), a.get(smem), a.get(elem), a.get(ctaTile), a.getOr(multicast, 1), e)
                            : TmaDescriptor.derive(a.get(gmem), a.get(smem), a.get(elem), a.getOr(multicast, 1), e);
                    if (a.has(address)) d = d.at(a.get(address));
                    StringBuilder coords = new StringBuilder();
                    for (TmaDescriptor.Copy c : d.copies()) {
                        if (!coords.isEmpty()) coords.append(' ');
                        if (d.multicast() > 1) coords.append(c.cta()).append(':');
                        coords.append(c);
                    }
                    Answer ans = Answer.of(d).with(DATA_TYPE, d.dataType()).with(TMA_RANK, d.rank()).with(GLOBAL_DIM, d.globalDim())
                            .with(GLOBAL_STRIDES, d.globalStrides()).with(BOX_DIM, d.boxDim())
                            .with(ELEMENT_STRIDES, d.elementStrides()).with(TMA_SWIZZLE, d.swizzle()).with(TMA_TENSOR, d.tmaTensor())
                            .with(BOX_BASIS, d.basis()).with(VALUES_PER_COPY, d.valuesPerCopy()).with(BYTES_PER_COPY, d.bytesPerCopy())
                            .with(COPIES, d.copies().size()).with(COORDS, coords.toString()).with(SMEM_ALIGNMENT, d.smemAlignment());
                    if (d.globalAddress().isPresent()) ans = ans.with(GLOBAL_ADDRESS, d.globalAddress().getAsLong());
                    if (!d.dataType().takenBySm90()) {
                        ans = ans.with(SM90_DRIVER, "refuses " + d.dataType().driverName() + ": an H100's driver (CUDA 13.0) returns"
                                + " CUDA_ERROR_INVALID_VALUE for the packed types whatever the other arguments; these are the arguments"
                                + " CuTe's make_tma_copy passes, which SM100 takes");
                    }
                    return ans;
                })
                .cpp(none("CuTe C++'s make_tma_copy encodes the descriptor through the driver, which a host test cannot reach; its"
                        + " arguments, as CuTe passes them, are TmaDescriptorTest's golden values (host programs with the driver call"
                        + " printed: core/src/test/resources/tma/cute)"))
                .dsl(none("CuTe DSL's cpasync.make_tiled_tma_atom takes a tensor in device memory; layoutcat's golden values are CuTe C++'s"))
                .example("(512,1024):(1024,1)", "Sw<3,4,3> o smem_ptr[16b](unset) o ((8,16),(64,1)):((64,512),(1,0))", "f16")
                .pictures(Pictures.tma(gmem, smem, elem, ctaTile)).build());
        tmaDoctor();
        tmaIm2colDoctor();
    }

    // tma_im2col_descriptor's reply: cuTensorMapEncodeIm2col's arguments past tma_descriptor's, the TMA tensor, the tiled copy
    private static final Field<List<Long>> LOWER_CORNER = Field.of("pixel_box_lower_corner", Operations::tuple);
    private static final Field<List<Long>> UPPER_CORNER = Field.of("pixel_box_upper_corner", Operations::tuple);
    private static final Field<Long> CHANNELS_PER_PIXEL = Field.of("channels_per_pixel");
    private static final Field<Long> PIXELS_PER_COLUMN = Field.of("pixels_per_column");
    private static final Field<IntTuple> TMA_ORIGIN = Field.of("tma_origin");
    private static final Field<CoordLayout> TMA_LINEAR = Field.of("tma_linear");
    private static final Field<Long> BITS_PER_COPY = Field.of("bits_per_copy");
    private static final Field<IntTuple> COPY_TILER = Field.of("tiler");
    private static final Field<Layout> COPY_TV = Field.of("tv_layout");

    private static void tmaIm2colDescriptor() {
        Param<Layout> gmem = Param.of("gmem", ArgKind.LAYOUT, "the activation's layout in elements, two modes as CUTLASS's"
                + " collectives give it: ((W[,H[,D]],N),C) for fprop and dgrad, (C,(W[,H[,D]],N)) for wgrad");
        Param<AnyLayout> smem = Param.of("smem", ArgKind.ANY_LAYOUT, "the (M,K) tile in shared memory: a layout, or CuTe's"
                + " pointer form Sw<B,4,3> o smem_ptr[Nb](unset) o L");
        Param<TmaDataType> elem = Param.of("elem", new ArgKind<>(TmaDataType.WORDS, (t, op, i) -> TmaDataType.parse(t)), "the element")
                .asOption("--elem", "TYPE");
        String whd = ", one entry per spatial mode in CuTe's W,H,D order";
        Param<IntTuple> lowerCorner = Param.optional("lower_corner", ArgKind.TUPLE, "lower_corner_whd, the box's lower corner"
                + " (fprop: minus the lower padding)" + whd + " (default 0s)").asOption("--lower-corner", "WHD");
        Param<IntTuple> upperCorner = Param.optional("upper_corner", ArgKind.TUPLE, "upper_corner_whd, the box's upper corner"
                + " (fprop: upper padding - (filter - 1) * dilation)" + whd + " (default 0s)").asOption("--upper-corner", "WHD");
        Param<IntTuple> lowerPadding = Param.optional("lower_padding", ArgKind.TUPLE, "lower_padding_whd" + whd + " (default 0s)")
                .asOption("--lower-padding", "WHD");
        Param<IntTuple> upperPadding = Param.optional("upper_padding", ArgKind.TUPLE, "upper_padding_whd" + whd + " (default 0s)")
                .asOption("--upper-padding", "WHD");
        Param<IntTuple> stride = Param.optional("stride", ArgKind.TUPLE, "stride_whd, the traversal stride" + whd + " (default 1s)")
                .asOption("--stride", "WHD");
        Param<IntTuple> lowerSrt = Param.optional("lower_srt", ArgKind.TUPLE, "lower_srt, the filter's starting offset" + whd
                + " (default 0s)").asOption("--lower-srt", "WHD");
        Param<IntTuple> dilation = Param.optional("dilation", ArgKind.TUPLE, "stride_srt, the dilation (CUTLASS negates it for"
                + " dgrad)" + whd + " (default 1s)").asOption("--dilation", "WHD");
        Param<Integer> multicast = Param.optional("multicast", ArgKind.integer("the CTAs sharing each copy", 1, TmaDescriptor.MAX_MULTICAST),
                "the CTAs of the cluster that share each copy (default 1)").asOption("--multicast", "N");
        Param<Long> address = Param.optional("address", ADDRESS, "the activation's address in bytes, 0x hexadecimal or decimal,"
                + " checked against the driver's 16-byte alignment").asOption("--address", "ADDR");
        TABLE.add(declare("tma_im2col_descriptor", ATOMS, "the im2col TMA tensor map of a convolution's activation and its TMA"
                + " tensor (make_im2col_tma_copy's cuTensorMapEncodeIm2col)")
                .params(gmem, smem, elem, lowerCorner, upperCorner, lowerPadding, upperPadding, stride, lowerSrt, dilation, multicast, address)
                .fields(DATA_TYPE, TMA_RANK, GLOBAL_DIM, GLOBAL_STRIDES, LOWER_CORNER, UPPER_CORNER, CHANNELS_PER_PIXEL, PIXELS_PER_COLUMN,
                        ELEMENT_STRIDES, TMA_SWIZZLE, TMA_ORIGIN, TMA_TENSOR, TMA_LINEAR, BITS_PER_COPY, BYTES_PER_COPY, COPY_TILER, COPY_TV,
                        GLOBAL_ADDRESS)
                .body(a -> {
                    // the address first, as the driver reads it before the rest
                    if (a.has(address)) TmaDescriptor.checkAddress(a.get(address), a.get(elem), TmaDescriptor.Encode.IM2COL);
                    int spatial = Math.max(0, a.get(gmem).flatRank() - 2);
                    java.util.function.BiFunction<Param<IntTuple>, Long, List<Long>> list = (p, fill) -> a.has(p)
                            ? java.util.Arrays.stream(a.get(p).leaves()).boxed().toList()
                            : java.util.Collections.nCopies(spatial, fill);
                    var conv = new TmaIm2colDescriptor.Conv(list.apply(lowerCorner, 0L), list.apply(upperCorner, 0L),
                            list.apply(lowerPadding, 0L), list.apply(upperPadding, 0L), list.apply(stride, 1L), list.apply(lowerSrt, 0L),
                            list.apply(dilation, 1L));
                    TmaIm2colDescriptor derived = TmaIm2colDescriptor.derive(a.get(gmem), a.get(smem), a.get(elem), a.getOr(multicast, 1), conv);
                    TmaIm2colDescriptor d = a.has(address) ? derived.at(a.get(address)) : derived;
                    Answer ans = Answer.of(d).with(DATA_TYPE, d.dataType()).with(TMA_RANK, d.rank()).with(GLOBAL_DIM, d.globalDim())
                            .with(GLOBAL_STRIDES, d.globalStrides()).with(LOWER_CORNER, d.lowerCorner()).with(UPPER_CORNER, d.upperCorner())
                            .with(CHANNELS_PER_PIXEL, d.channelsPerPixel()).with(PIXELS_PER_COLUMN, d.pixelsPerColumn())
                            .with(ELEMENT_STRIDES, d.elementStrides()).with(TMA_SWIZZLE, d.swizzle()).with(TMA_ORIGIN, d.origin())
                            .with(TMA_TENSOR, d.gemmLayout()).with(TMA_LINEAR, d.linearLayout()).with(BITS_PER_COPY, d.bitsPerCopy())
                            .with(BYTES_PER_COPY, d.bytesPerCopy()).with(COPY_TILER, d.tiler()).with(COPY_TV, d.tv());
                    return d.globalAddress().isPresent() ? ans.with(GLOBAL_ADDRESS, d.globalAddress().getAsLong()) : ans;
                })
                .cpp(none("CuTe C++'s make_im2col_tma_copy encodes the descriptor through the driver, which a host test cannot reach;"
                        + " its arguments, as CuTe passes them, are TmaIm2colDescriptorTest's golden values (a host program with the"
                        + " driver call printed: core/src/test/resources/tma/im2col)"))
                .dsl(none("CuTe DSL's TMA atoms are made from a tensor in device memory; layoutcat's golden values are CuTe C++'s"))
                .example("((16,16,2),64):((64,1024,16384),1)", "Sw<3,4,3> o smem_ptr[16b](unset) o ((8,16),(64,1)):((64,512),(1,0))",
                        "f16", "(-1,-1)", "(-1,-1)", "(1,1)", "(1,1)", "(1,1)", "(0,0)", "(1,1)").build());
    }

    // tma_doctor's reply: each argument in words, the rules broken, the box and tile the arguments imply
    private static final Field<String> TD_DATA_TYPE = Field.of("data_type");
    private static final Field<String> TD_RANK = Field.of("rank");
    private static final Field<String> TD_ADDRESS = Field.of("global_address");
    private static final Field<String> TD_GLOBAL_DIM = Field.of("global_dim");
    private static final Field<String> TD_GLOBAL_STRIDES = Field.of("global_strides");
    private static final Field<String> TD_BOX_DIM = Field.of("box_dim");
    private static final Field<String> TD_ELEMENT_STRIDES = Field.of("element_strides");
    private static final Field<String> TD_INTERLEAVE = Field.of("interleave");
    private static final Field<String> TD_SWIZZLE = Field.of("swizzle");
    private static final Field<String> TD_L2 = Field.of("l2_promotion");
    private static final Field<String> TD_OOB = Field.of("oob_fill");
    private static final Field<String> SMEM_BOX = Field.of("smem_box");
    private static final Field<Layout> GLOBAL_TENSOR = Field.of("global_tensor");
    private static final Field<Layout> GLOBAL_TILE = Field.of("global_tile");
    private static final Field<Long> BOX_BYTES = Field.of("box_bytes");

    private static void tmaDoctor() {
        org.layoutcat.core.doctor.TmaDoctor.Enum types = org.layoutcat.core.doctor.TmaDoctor.Enum.DATA_TYPE;
        Param<Integer> type = Param.of("data_type", new ArgKind<>(types.words(), (t, op, i) -> types.parse(t)), "tensorDataType");
        Param<Long> rank = Param.of("rank", new ArgKind<>("an integer", (t, op, i) -> org.layoutcat.core.doctor.TmaDoctor.parseNumber(t, t)), "tensorRank");
        Param<Long> address = Param.of("global_address", new ArgKind<>("an address, 0x hexadecimal or decimal",
                (t, op, i) -> org.layoutcat.core.doctor.TmaDoctor.parseNumber(t, t)), "globalAddress");
        ArgKind<List<Long>> list = new ArgKind<>("a list of integers: (1024,512), {1024, 512} or [1024,512]",
                (t, op, i) -> org.layoutcat.core.doctor.TmaDoctor.parseList(t));
        Param<List<Long>> dims = Param.of("global_dim", list, "globalDim, in elements");
        Param<List<Long>> strides = Param.of("global_strides", list, "globalStrides, in bytes (tensorRank - 1 of them; {} for none)");
        Param<List<Long>> box = Param.of("box_dim", list, "boxDim");
        Param<List<Long>> steps = Param.of("element_strides", list, "elementStrides");
        Param<Integer> interleave = enumParam("interleave", org.layoutcat.core.doctor.TmaDoctor.Enum.INTERLEAVE);
        Param<Integer> swizzle = enumParam("swizzle", org.layoutcat.core.doctor.TmaDoctor.Enum.SWIZZLE);
        Param<Integer> l2 = enumParam("l2_promotion", org.layoutcat.core.doctor.TmaDoctor.Enum.L2_PROMOTION);
        Param<Integer> oob = enumParam("oob_fill", org.layoutcat.core.doctor.TmaDoctor.Enum.OOB_FILL);
        String drawn = "where the arguments read as layouts: whole-byte elements, no interleave, lists of tensorRank within bounds";
        Field<String> smemBox = SMEM_BOX.when(drawn + ", a swizzle CuTe names", a -> a.has(SMEM_BOX));
        Field<Layout> globalTensor = GLOBAL_TENSOR.when(drawn, a -> a.has(GLOBAL_TENSOR));
        Field<Layout> globalTile = GLOBAL_TILE.when(drawn, a -> a.has(GLOBAL_TENSOR));
        Field<Long> boxBytes = BOX_BYTES.when(drawn, a -> a.has(GLOBAL_TENSOR));
        TABLE.add(declare("tma_doctor", ATOMS, "the arguments of cuTensorMapEncodeTiled as a log shows them, decoded, checked against"
                + " cuda.h's rules, and read as the box and tile they imply")
                .params(type, rank, address, dims, strides, box, steps, interleave, swizzle, l2, oob)
                .fields(TD_DATA_TYPE, TD_RANK, TD_ADDRESS, TD_GLOBAL_DIM, TD_GLOBAL_STRIDES, TD_BOX_DIM, TD_ELEMENT_STRIDES, TD_INTERLEAVE,
                        TD_SWIZZLE, TD_L2, TD_OOB, BROKEN, FINDINGS, smemBox, globalTensor, globalTile, boxBytes)
                .body(a -> {
                    var call = new org.layoutcat.core.doctor.TmaDoctor.Call(a.get(type), a.get(rank), a.get(address), a.get(dims),
                            a.get(strides), a.get(box), a.get(steps), a.getOr(interleave, 0), a.getOr(swizzle, 0), a.getOr(l2, 0),
                            a.getOr(oob, 0));
                    var dx = org.layoutcat.core.doctor.TmaDoctor.examine(call);
                    List<String> w = dx.words();
                    Answer answer = Answer.of(verdict("cuTensorMapEncodeTiled", dx.broken()))
                            .with(TD_DATA_TYPE, w.get(0)).with(TD_RANK, w.get(1)).with(TD_ADDRESS, w.get(2)).with(TD_GLOBAL_DIM, w.get(3))
                            .with(TD_GLOBAL_STRIDES, w.get(4)).with(TD_BOX_DIM, w.get(5)).with(TD_ELEMENT_STRIDES, w.get(6))
                            .with(TD_INTERLEAVE, w.get(7)).with(TD_SWIZZLE, w.get(8)).with(TD_L2, w.get(9)).with(TD_OOB, w.get(10))
                            .with(BROKEN, dx.broken().isEmpty() ? "none" : String.join(" ", dx.broken()))
                            .with(FINDINGS, findings(dx.findings()));
                    if (dx.smemBox().isPresent()) answer = answer.with(SMEM_BOX, dx.smemBox().get());
                    if (dx.globalTensor().isPresent()) {
                        answer = answer.with(GLOBAL_TENSOR, dx.globalTensor().get()).with(GLOBAL_TILE, dx.globalTile().get())
                                .with(BOX_BYTES, dx.boxBytes().get());
                    }
                    return answer;
                })
                .cpp(none("the arguments are a driver call's, as a log shows them; CuTe's make_tma_copy values are the doctor's"
                        + " test cases (host programs with the driver call printed: ops/src/test/resources/doctor,"
                        + " core/src/test/resources/tma/cute)"))
                .dsl(none("CuTe DSL encodes tensor maps inside cpasync.make_tiled_tma_atom, with no call of its own"))
                .example("CU_TENSOR_MAP_DATA_TYPE_FLOAT16", "2", "0x10000", "{1024, 512}", "{2048}", "{64, 128}", "{1, 1}",
                        "CU_TENSOR_MAP_INTERLEAVE_NONE", "CU_TENSOR_MAP_SWIZZLE_128B", "CU_TENSOR_MAP_L2_PROMOTION_L2_128B",
                        "CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE").pictures(Pictures.tmaDoctor(type, SMEM_BOX, GLOBAL_TENSOR)).build());
    }

    // tma_im2col_doctor's reply: each argument in words, the rules broken
    private static final Field<String> TD_LOWER_CORNER = Field.of("pixel_box_lower_corner");
    private static final Field<String> TD_UPPER_CORNER = Field.of("pixel_box_upper_corner");
    private static final Field<String> TD_CHANNELS = Field.of("channels_per_pixel");
    private static final Field<String> TD_PIXELS = Field.of("pixels_per_column");

    private static void tmaIm2colDoctor() {
        org.layoutcat.core.doctor.TmaDoctor.Enum types = org.layoutcat.core.doctor.TmaDoctor.Enum.DATA_TYPE;
        ArgKind<Long> number = new ArgKind<>("an integer", (t, op, i) -> org.layoutcat.core.doctor.TmaDoctor.parseNumber(t, t));
        Param<Integer> type = Param.of("data_type", new ArgKind<>(types.words(), (t, op, i) -> types.parse(t)), "tensorDataType");
        Param<Long> rank = Param.of("rank", number, "tensorRank");
        Param<Long> address = Param.of("global_address", new ArgKind<>("an address, 0x hexadecimal or decimal",
                (t, op, i) -> org.layoutcat.core.doctor.TmaDoctor.parseNumber(t, t)), "globalAddress");
        ArgKind<List<Long>> list = new ArgKind<>("a list of integers: (1024,512), {1024, 512} or [1024,512]",
                (t, op, i) -> org.layoutcat.core.doctor.TmaDoctor.parseList(t));
        ArgKind<List<Long>> signed = new ArgKind<>("a list of signed integers: (-1,-1), {-1, -1} or [-1,-1]",
                (t, op, i) -> org.layoutcat.core.doctor.TmaDoctor.parseSignedList(t));
        Param<List<Long>> dims = Param.of("global_dim", list, "globalDim, in elements (C, W, H, D, N)");
        Param<List<Long>> strides = Param.of("global_strides", list, "globalStrides, in bytes (tensorRank - 1 of them)");
        Param<List<Long>> lower = Param.of("pixel_box_lower_corner", signed, "pixelBoxLowerCorner (tensorRank - 2 offsets)");
        Param<List<Long>> upper = Param.of("pixel_box_upper_corner", signed, "pixelBoxUpperCorner (tensorRank - 2 offsets)");
        Param<Long> channels = Param.of("channels_per_pixel", number, "channelsPerPixel");
        Param<Long> pixels = Param.of("pixels_per_column", number, "pixelsPerColumn");
        Param<List<Long>> steps = Param.of("element_strides", list, "elementStrides");
        Param<Integer> interleave = enumParam("interleave", org.layoutcat.core.doctor.TmaDoctor.Enum.INTERLEAVE);
        Param<Integer> swizzle = enumParam("swizzle", org.layoutcat.core.doctor.TmaDoctor.Enum.SWIZZLE);
        Param<Integer> l2 = enumParam("l2_promotion", org.layoutcat.core.doctor.TmaDoctor.Enum.L2_PROMOTION);
        Param<Integer> oob = enumParam("oob_fill", org.layoutcat.core.doctor.TmaDoctor.Enum.OOB_FILL);
        TABLE.add(declare("tma_im2col_doctor", ATOMS, "the arguments of cuTensorMapEncodeIm2col as a log shows them, decoded and"
                + " checked against cuda.h's rules (tma_doctor's where the two calls share them)")
                .params(type, rank, address, dims, strides, lower, upper, channels, pixels, steps, interleave, swizzle, l2, oob)
                .fields(TD_DATA_TYPE, TD_RANK, TD_ADDRESS, TD_GLOBAL_DIM, TD_GLOBAL_STRIDES, TD_LOWER_CORNER, TD_UPPER_CORNER, TD_CHANNELS,
                        TD_PIXELS, TD_ELEMENT_STRIDES, TD_INTERLEAVE, TD_SWIZZLE, TD_L2, TD_OOB, BROKEN, FINDINGS)
                .body(a -> {
                    var call = new org.layoutcat.core.doctor.TmaDoctor.Im2colCall(a.get(type), a.get(rank), a.get(address), a.get(dims),
                            a.get(strides), a.get(lower), a.get(upper), a.get(channels), a.get(pixels), a.get(steps),
                            a.getOr(interleave, 0), a.getOr(swizzle, 0), a.getOr(l2, 0), a.getOr(oob, 0));
                    var dx = org.layoutcat.core.doctor.TmaDoctor.examine(call);
                    List<String> w = dx.words();
                    return Answer.of(verdict("cuTensorMapEncodeIm2col", dx.broken()))
                            .with(TD_DATA_TYPE, w.get(0)).with(TD_RANK, w.get(1)).with(TD_ADDRESS, w.get(2)).with(TD_GLOBAL_DIM, w.get(3))
                            .with(TD_GLOBAL_STRIDES, w.get(4)).with(TD_LOWER_CORNER, w.get(5)).with(TD_UPPER_CORNER, w.get(6))
                            .with(TD_CHANNELS, w.get(7)).with(TD_PIXELS, w.get(8)).with(TD_ELEMENT_STRIDES, w.get(9))
                            .with(TD_INTERLEAVE, w.get(10)).with(TD_SWIZZLE, w.get(11)).with(TD_L2, w.get(12)).with(TD_OOB, w.get(13))
                            .with(BROKEN, dx.broken().isEmpty() ? "none" : String.join(" ", dx.broken()))
                            .with(FINDINGS, findings(dx.findings()));
                })
                .cpp(none("the arguments are a driver call's, as a log shows them; CuTe's make_im2col_tma_copy values are the doctor's"
                        + " test cases (a host program with the driver call printed: core/src/test/resources/tma/im2col)"))
                .dsl(none("CuTe DSL encodes tensor maps inside its TMA atoms, with no call of its own"))
                .example("CU_TENSOR_MAP_DATA_TYPE_FLOAT16", "4", "0x10000", "{64, 16, 16, 2}", "{128, 2048, 32768}", "{-1, -1}", "{-1, -1}",
                        "64", "128", "{1, 1, 1, 1}", "CU_TENSOR_MAP_INTERLEAVE_NONE", "CU_TENSOR_MAP_SWIZZLE_128B",
                        "CU_TENSOR_MAP_L2_PROMOTION_NONE", "CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE").build());
    }

    private static Param<Integer> enumParam(String name, org.layoutcat.core.doctor.TmaDoctor.Enum e) {
        return Param.optional(name, new ArgKind<>(e.words(), (t, op, i) -> e.parse(t)), name + " (default " + e.name(0) + ")");
    }

    // tma_partition's reply: the CTA's smem view as CuTe prints it, where its share of each copy starts, the instruction
    private static final Field<String> SMEM_PART = Field.of("smem");
    private static final Field<Long> MULTICAST_OFFSET = Field.of("multicast_offset");
    private static final Field<String> TMA_PTX = Field.of("ptx");

    private static void tmaPartition() {
        Param<TmaPartition.Op> op = Param.of("copy", new ArgKind<>(TmaPartition.Op.WORDS, (t, o, i) -> TmaPartition.Op.parse(t)),
                "the TMA copy atom (SM90_TMA_LOAD, SM90_TMA_LOAD_MULTICAST, SM90_TMA_STORE, SM90_TMA_REDUCE_ADD)");
        Param<Layout> gmem = Param.of("gmem", ArgKind.LAYOUT, "the global tensor's layout, in elements (a shape: column-major),"
                + " its extents run-time values as kernels have them");
        Param<AnyLayout> smem = Param.of("smem", ArgKind.ANY_LAYOUT, "one stage's tile in shared memory: a layout, or CuTe's"
                + " pointer form Sw<B,4,3> o smem_ptr[Nb](unset) o L");
        Param<TmaDataType> elem = Param.of("elem", new ArgKind<>(TmaDataType.WORDS, (t, o, i) -> TmaDataType.parse(t)), "the element")
                .asOption("--elem", "TYPE");
        Param<IntTuple> ctaTile = Param.optional("cta_tile", ArgKind.TUPLE, "the CTA's tile of the tensor (default: the tile's mode sizes)")
                .asOption("--cta-tile", "TILE");
        Param<Layout> ctaLayout = Param.optional("cta_layout", ArgKind.LAYOUT, "CTA coordinate -> rank in the multicast, its size"
                + " the multicast (default 1:0; CUTLASS's mainloops give A make_layout(size<1>(cluster)))").asOption("--cta-layout", "LAYOUT");
        Param<Long> ctaCoord = Param.optional("cta_coord", ArgKind.INDEX, "the CTA's coordinate in the CTA layout (default 0)")
                .asOption("--cta", "COORD");
        TABLE.add(declare("tma_partition", ATOMS, "a CTA's TMA view of the tiled global tensor and of its shared-memory tile"
                + " (tma_partition): ((TMA,TMA_Iter),Rest...) from its share of each copy")
                .params(op, gmem, smem, elem, ctaTile, ctaLayout, ctaCoord)
                .fields(SMEM_PART, VALUES_PER_COPY, MULTICAST_OFFSET, TMA_PTX)
                .body(a -> {
                    IntTuple tile = a.has(ctaTile) ? a.get(ctaTile) : TmaDescriptor.defaultTile(a.get(smem));
                    TmaPartition p = TmaPartition.of(a.get(op), a.get(gmem), a.get(smem), a.get(elem), tile,
                            a.getOr(ctaLayout, Layout.of(IntTuple.of(1L), IntTuple.of(0L))), a.getOr(ctaCoord, 0L), Extents.RUNTIME);
                    return Answer.of(p.gmemText()).with(SMEM_PART, p.smemText()).with(VALUES_PER_COPY, p.descriptor().valuesPerCopy())
                            .with(MULTICAST_OFFSET, p.multicastOffset()).with(TMA_PTX, p.op().ptx.replace("Nd", p.descriptor().rank() + "d"));
                })
                .cpp(none("CuTe C++'s tma_partition is device code over a TMA atom whose make_tma_copy calls the driver; its answers,"
                        + " as CuTe prints them, are TmaPartitionTest's golden values (a host program built by g++:"
                        + " core/src/test/resources/tma/cute/tma_partition_cases.cpp)"))
                .dsl(none("CuTe DSL's TMA atoms (cpasync.CopyBulkTensorTileG2SOp, CopyBulkTensorTileG2SMulticastOp,"
                        + " CopyBulkTensorTileS2GOp, CopyReduceBulkTensorTileS2GOp) are made from a tensor in device memory; layoutcat's"
                        + " golden values are CuTe C++'s"))
                .example("SM90_TMA_LOAD_MULTICAST", "(512,1024):(1024,1)", "Sw<3,4,3> o smem_ptr[16b](unset) o ((8,16),(64,1)):((64,512),(1,0))",
                        "f16", "(128,64)", "2:1", "1").build());
    }

    // tma_multicast's reply: per CTA by rank, the masks of its loads of A and B, and the operands' multicasts and atoms
    private static final Field<String> MASKS_A = Field.of("masks_a");
    private static final Field<String> MASKS_B = Field.of("masks_b");
    private static final Field<Long> MULTICAST_A = Field.of("multicast_a");
    private static final Field<Long> MULTICAST_B = Field.of("multicast_b");
    private static final Field<TmaPartition.Op> ATOM_A = Field.of("atom_a");
    private static final Field<TmaPartition.Op> ATOM_B = Field.of("atom_b");

    private static void tmaMulticast() {
        Param<Layout> cluster = Param.of("cluster", ArgKind.LAYOUT, "the cluster's (M,N) or (M,N,1) -> CTA rank layout; a shape"
                + " (2,2) is CUTLASS's column-major Layout<ClusterShape>");
        Param<Long> cta = Param.optional("cta", ArgKind.INDEX, "one CTA's rank in the cluster (default: every CTA)").asOption("--cta", "RANK");
        TABLE.add(declare("tma_multicast", ATOMS, "each CTA's TMA multicast masks of a GEMM's A and B over a cluster, as CUTLASS's"
                + " SM90 mainloops compute them (A along N, make_tma_copy_A_sm90; B along M)")
                .params(cluster, cta)
                .fields(MASKS_A, MASKS_B, MULTICAST_A, MULTICAST_B, ATOM_A, ATOM_B)
                .body(a -> {
                    ClusterMulticast m = ClusterMulticast.of(a.get(cluster));
                    List<ClusterMulticast.Cta> ctas = a.has(cta) ? List.of(ClusterMulticast.of(a.get(cluster), a.get(cta))) : m.ctas();
                    String result = ctas.size() == 1 && a.has(cta) ? new ClusterMulticast(m.blockLayout(), ctas).toString() : m.toString();
                    return Answer.of(result)
                            .with(MASKS_A, ctas.stream().map(c -> "0x" + Integer.toHexString(c.maskA())).collect(java.util.stream.Collectors.joining(",", "(", ")")))
                            .with(MASKS_B, ctas.stream().map(c -> "0x" + Integer.toHexString(c.maskB())).collect(java.util.stream.Collectors.joining(",", "(", ")")))
                            .with(MULTICAST_A, m.multicastA()).with(MULTICAST_B, m.multicastB()).with(ATOM_A, m.atomA()).with(ATOM_B, m.atomB());
                })
                .cpp(none("CUTLASS computes the masks in its mainloops' device code (a loop over Layout<ClusterShape>{}); CuTe's"
                        + " create_tma_multicast_mask gives them too; ClusterMulticastTest's golden values are both, from a host program"
                        + " (core/src/test/resources/tma/cute/multicast_masks.cpp)"))
                .dsl(none("CuTe DSL computes multicast masks in device code; layoutcat's golden values are CUTLASS C++'s"))
                .example("(2,2)").build());
    }

    private static String tuple(List<Long> xs) {
        return xs.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(",", "(", ")"));
    }

    private static Answer sliced(Sliced<? extends AnyLayout> s) {
        IntTuple o = s.offset();
        return Answer.of(s.layout()).with(OFFSET, o);
    }

    /** Blackwell (SM100): UMMA descriptors, block-scaled scale factors and tensor memory, each in its method. */
    private static void blackwell() {
        ummaDescriptors();
        blockScaled();
        tensorMemory();
    }

    // umma_descriptor's fields beside the wgmma descriptor's
    private static final Field<Integer> VERSION = Field.of("version");
    private static final Field<org.layoutcat.core.umma.UmmaDescriptor.LboMode> LBO_MODE = Field.of("lbo_mode",
            m -> m.ordinal() + " (" + m.name().toLowerCase(java.util.Locale.ROOT) + ")");
    private static final Field<org.layoutcat.core.umma.UmmaDescriptor.LayoutType> UMMA_LAYOUT_TYPE = Field.of("layout_type",
            t -> t.name() + " (" + t.code + ")");
    // umma_instr_descriptor's bit fields
    private static final Field<Long> INSTR_VALUE = Field.of("value");
    private static final Field<String> A_FORMAT = Field.of("a_format");
    private static final Field<String> B_FORMAT = Field.of("b_format");
    private static final Field<String> C_FORMAT = Field.of("c_format");
    private static final Field<Integer> M_DIM = Field.of("m_dim");
    private static final Field<Integer> N_DIM = Field.of("n_dim");
    private static final Field<String> A_MAJOR = Field.of("a_major");
    private static final Field<String> B_MAJOR = Field.of("b_major");
    private static final Field<Integer> A_NEGATE = Field.of("a_negate");
    private static final Field<Integer> B_NEGATE = Field.of("b_negate");
    private static final Field<Integer> SATURATE = Field.of("saturate");
    private static final Field<Integer> SPARSE_FLAG = Field.of("sparse_flag");
    private static final Field<Integer> SPARSE_ID2 = Field.of("sparse_id2");
    private static final Field<String> MAX_SHIFT = Field.of("max_shift");
    private static final Field<String> SCALE_FORMAT = Field.of("scale_format");
    private static final Field<Integer> A_SF_ID = Field.of("a_sf_id");
    private static final Field<Integer> B_SF_ID = Field.of("b_sf_id");
    private static final Field<Integer> K_SIZE = Field.of("k_size");
    private static final Field<String> RUNTIME = Field.of("runtime");

    /** A CuTe enumerator by its C++ spelling, case aside; the value is that spelling, as a C++ test writes it. */
    private static ArgKind<String> cppEnumerator(String type, String... names) {
        return new ArgKind<>("one of " + String.join(", ", names) + " (CuTe's " + type + ")", (t, op, i) -> {
            for (String n : names) if (n.equalsIgnoreCase(t.trim())) return n;
            throw new LayoutArgumentException("argument " + (i + 1) + " \"" + LayoutArgumentException.quote(t) + "\" is none of "
                    + String.join(", ", names) + " (CuTe's " + type + ")");
        });
    }

    /** A UMMA operand type by CuTe's name; the value is the C++ type a test writes (cutlass::detail:: where it lives there). */
    private static final ArgKind<String> UMMA_TYPE = new ArgKind<>("a CuTe type to_UMMAFormat knows: half_t, bfloat16_t,"
            + " tfloat32_t, uint8_t, int8_t, float_e4m3_t, float_e5m2_t, float_e2m3_t, float_e3m2_t, float_e2m1_t,"
            + " detail::float_e2m1_unpacksmem_t, ...", (t, op, i) -> org.layoutcat.core.umma.UmmaFormat.of(t).cppType());

    private static final ArgKind<Boolean> BOOL = new ArgKind<>("true or false", (t, op, i) -> {
        if (t.trim().equalsIgnoreCase("true")) return true;
        if (t.trim().equalsIgnoreCase("false")) return false;
        throw new LayoutArgumentException("argument " + (i + 1) + " \"" + LayoutArgumentException.quote(t) + "\" must be true or false");
    });

    /** "MXF8F6F4Format::E4M3 (0)". */
    private static String format(org.layoutcat.core.umma.UmmaFormat f) {
        return f.cuteEnum() + " (" + f.code + ")";
    }

    /** "K (0)", "MN (1)". */
    private static String major(GmmaSmemAtoms.Major m) {
        return m + " (" + m.ordinal() + ")";
    }

    /** UMMA's shared-memory and instruction descriptors (make_umma_desc, make_instr_desc). */
    private static void ummaDescriptors() {
        Param<GmmaSmemAtoms.Major> major = Param.of("major", ArgKind.oneOf(GmmaSmemAtoms.Major.class), "K or MN");
        Param<org.layoutcat.core.swizzle.UmmaSmemAtoms.Swizzling> sw = Param.of("swizzle",
                ArgKind.oneOf(org.layoutcat.core.swizzle.UmmaSmemAtoms.Swizzling.class), "INTER, SW32, SW64, SW128, or SW128_32B (MN only)");
        Param<Integer> bits = Param.of("bits", ArgKind.integer("the element's bits", 1, 1024), "the element's bits (4, 8, 16, 32, 64)");
        TABLE.add(declare("umma_smem_atom", BLACKWELL, "the swizzled shared-memory atom of a tcgen05.mma operand (UMMA::Layout_*_Atom)")
                .params(major, sw, bits).fields(CUTE)
                .body(a -> {
                    ComposedLayout atom = org.layoutcat.core.swizzle.UmmaSmemAtoms.atom(a.get(major), a.get(sw), a.get(bits));
                    return Answer.of(atom).with(CUTE, atom);
                })
                .cpp(callChecking("UMMA::Layout_{major:name}_{swizzle:name}_Atom<{bits:type}>{}").check(Field.RESULT, "r"))
                .dsl(none("CuTe DSL makes these atoms from its own kinds and element types (cute.nvgpu.tcgen05), not by CuTe C++'s"
                        + " UMMA::Layout_*_Atom<T> names; layoutcat writes the C++ test"))
                .example("MN", "SW128_32B", "16").display(Answer::result).build());

        Param<CuTeNotation.Tensor> operand = Param.of("smem", ArgKind.TENSOR, "one tcgen05.mma's (MN, K) operand in shared memory,"
                + " e.g. a swizzled tile or a k-block of it as CuTe prints it");
        Param<Integer> elementBits = Param.optional("bits", ArgKind.integer("the element's bits (0: the pointer's)", 0, 128),
                "the element's bits, where the layout is not in CuTe's smem_ptr[Nb] form");
        Param<Long> address = Param.optional("address", ArgKind.INDEX, "the tile's byte address in shared memory (default: its"
                + " pointer's, as CuTe prints a tensor, smem_ptr[16b](0x400), else 0; the two must agree)");
        TABLE.add(declare("umma_descriptor", BLACKWELL, "the tcgen05.mma shared-memory matrix descriptor of an operand (make_umma_desc)")
                .params(major, operand, elementBits, address)
                .fields(START_ADDRESS, LEADING_BYTE_OFFSET, STRIDE_BYTE_OFFSET, VERSION, BASE_OFFSET, LBO_MODE, UMMA_LAYOUT_TYPE)
                .body(a -> {
                    var d = org.layoutcat.core.umma.UmmaDescriptor.of(a.get(major), a.get(operand), a.getOr(elementBits, 0),
                            a.has(address) ? java.util.OptionalLong.of(a.get(address)) : java.util.OptionalLong.empty());
                    return Answer.of(d.toString()).with(START_ADDRESS, d.startAddress()).with(LEADING_BYTE_OFFSET, d.leadingByteOffset())
                            .with(STRIDE_BYTE_OFFSET, d.strideByteOffset()).with(VERSION, d.version()).with(BASE_OFFSET, d.baseOffset())
                            .with(LBO_MODE, d.lboMode()).with(UMMA_LAYOUT_TYPE, d.layoutType());
                })
                .cpp(none("CuTe C++'s make_umma_desc takes a shared-memory tensor whose start address the host cannot know"
                        + " (cast_smem_ptr_to_uint returns 0 there); its values are held equal to CuTe's by UmmaDescriptorOracleTest,"
                        + " from host programs compiled against CUTLASS (oracle/umma-desc-cute.cpp)"))
                .dsl(none("CuTe DSL builds tcgen05 descriptors inside its MMA atoms, with no call of its own"))
                .example("K", "Sw<3,4,3> o smem_ptr[16b](unset) o ((8,16),(64,1)):((64,512),(1,0))").build());

        Param<String> aType = Param.of("a_type", UMMA_TYPE, "A's element type, by CuTe's name (half_t, float_e4m3_t, ...)");
        Param<String> bType = Param.of("b_type", UMMA_TYPE, "B's element type");
        Param<String> cType = Param.of("c_type", new ArgKind<>("half_t, float or int32_t",
                (t, op, i) -> org.layoutcat.core.umma.UmmaInstrDescriptor.CFormat.of(t).cuteType), "the accumulator's type");
        Param<Integer> m = Param.of("M", ArgKind.integer("the MMA's M", 1, 4096), "the MMA's M (64, 128, 256)");
        Param<Integer> n = Param.of("N", ArgKind.integer("the MMA's N", 1, 4096), "the MMA's N (8 to 256, multiples of 8)");
        Param<GmmaSmemAtoms.Major> aMajor = Param.of("a_major", ArgKind.oneOf(GmmaSmemAtoms.Major.class), "A's major, K or MN");
        Param<GmmaSmemAtoms.Major> bMajor = Param.of("b_major", ArgKind.oneOf(GmmaSmemAtoms.Major.class), "B's major, K or MN");
        ArgKind<String> scaleIn = cppEnumerator("UMMA::ScaleIn", "One", "Neg");
        Param<String> aNeg = Param.optional("a_neg", scaleIn, "One (default) or Neg: A negated");
        Param<String> bNeg = Param.optional("b_neg", scaleIn, "One (default) or Neg: B negated");
        Param<String> sat = Param.optional("c_sat", cppEnumerator("UMMA::Saturate", "False", "True"), "False (default) or True: the"
                + " result saturates (S8 only)");
        Param<Boolean> sparse = Param.optional("is_sparse", BOOL, "false (default) or true: a sparse MMA");
        Param<String> maxShift = Param.optional("max_shift", cppEnumerator("UMMA::MaxShift", "NoShift", "MaxShift8", "MaxShift16",
                "MaxShift32"), "NoShift (default), MaxShift8, MaxShift16 or MaxShift32: the weight-stationary MMA's");
        Param<Integer> id2 = Param.optional("sparse_id2", ArgKind.integer("the sparse metadata id2", 0, 3),
                "make_runtime_instr_desc's sparse_id2 (default 0; 0 for a dense MMA)");
        TABLE.add(declare("umma_instr_descriptor", BLACKWELL, "the 32-bit tcgen05.mma instruction descriptor (make_instr_desc,"
                + " make_runtime_instr_desc)")
                .params(aType, bType, cType, m, n, aMajor, bMajor, aNeg, bNeg, sat, sparse, maxShift, id2)
                .fields(INSTR_VALUE, A_FORMAT, B_FORMAT, C_FORMAT, M_DIM, N_DIM, A_MAJOR, B_MAJOR, A_NEGATE, B_NEGATE, SATURATE,
                        SPARSE_FLAG, SPARSE_ID2, MAX_SHIFT, RUNTIME)
                .body(a -> {
                    var d = new org.layoutcat.core.umma.UmmaInstrDescriptor(org.layoutcat.core.umma.UmmaFormat.of(a.get(aType)),
                            org.layoutcat.core.umma.UmmaFormat.of(a.get(bType)), org.layoutcat.core.umma.UmmaInstrDescriptor.CFormat.of(a.get(cType)),
                            a.get(m), a.get(n), a.get(aMajor), a.get(bMajor), a.getOr(aNeg, "One").equals("Neg"),
                            a.getOr(bNeg, "One").equals("Neg"), a.getOr(sat, "False").equals("True"), a.getOr(sparse, false),
                            a.getOr(id2, 0), org.layoutcat.core.umma.UmmaInstrDescriptor.MaxShift.valueOf(
                                    a.getOr(maxShift, "NoShift").toUpperCase(java.util.Locale.ROOT)));
                    return Answer.of(d.toString()).with(INSTR_VALUE, Integer.toUnsignedLong(d.value()))
                            .with(A_FORMAT, format(d.a())).with(B_FORMAT, format(d.b()))
                            .with(C_FORMAT, "CFormat::" + d.c() + " (" + d.c().code + ")")
                            .with(M_DIM, d.m() >> 4).with(N_DIM, d.n() >> 3)
                            .with(A_MAJOR, major(d.aMajor())).with(B_MAJOR, major(d.bMajor()))
                            .with(A_NEGATE, d.aNegate() ? 1 : 0).with(B_NEGATE, d.bNegate() ? 1 : 0).with(SATURATE, d.saturate() ? 1 : 0)
                            .with(SPARSE_FLAG, d.sparse() ? 1 : 0).with(SPARSE_ID2, d.sparseId2())
                            .with(MAX_SHIFT, a.getOr(maxShift, "NoShift") + " (" + d.maxShift().ordinal() + ")")
                            .with(RUNTIME, String.format(java.util.Locale.ROOT, "0x%016x", d.runtimeValue()));
                })
                .cpp(callChecking("UMMA::make_runtime_instr_desc<{a_type:name}, {b_type:name}, {c_type:name}, {M:int}, {N:int},"
                        + " UMMA::Major::{a_major:name}, UMMA::Major::{b_major:name}⟦, UMMA::ScaleIn::{a_neg:name}⟧⟦,"
                        + " UMMA::ScaleIn::{b_neg:name}⟧⟦, UMMA::Saturate::{c_sat:name}⟧⟦, {is_sparse:literal}⟧⟦,"
                        + " UMMA::MaxShift::{max_shift:name}⟧>(⟦{sparse_id2:int}⟧)")
                        .checkAtRun(INSTR_VALUE, "uint32_t(r >> 32)"))
                .dsl(none("CuTe DSL builds the instruction descriptor inside its tcgen05 MMA atoms, with no call of its own"))
                .example("half_t", "half_t", "float", "128", "256", "K", "MN").build());

        Param<String> sfType = Param.of("sf_type", new ArgKind<>("float_ue4m3_t or float_ue8m0_t", (t, op, i) ->
                org.layoutcat.core.umma.UmmaInstrDescriptorBlockScaled.ScaleFormat.of(t).cuteType), "the scale factors' type");
        Param<Boolean> sparseBs = Param.optional("is_sparse", BOOL, "false (default) or true: a sparse MMA");
        Param<Long> sfaAddr = Param.optional("tmem_sfa_addr", ArgKind.INDEX, "SFA's tensor-memory address (default 0): its top two"
                + " bits are a_sf_id");
        Param<Long> sfbAddr = Param.optional("tmem_sfb_addr", ArgKind.INDEX, "SFB's tensor-memory address (default 0): its top two"
                + " bits are b_sf_id");
        Param<Integer> kSize = Param.optional("k_size", ArgKind.integer("the K size bit", 0, 1), "0 (default, as"
                + " make_instr_desc_block_scaled writes it) or 1 (MXF4's K96, as CuTe's K96 atoms set it)");
        TABLE.add(declare("umma_instr_descriptor_block_scaled", BLACKWELL, "the 32-bit block-scaled tcgen05.mma instruction descriptor"
                + " (make_instr_desc_block_scaled, make_runtime_instr_desc_block_scaled)")
                .params(aType, bType, cType, sfType, m, n, aMajor, bMajor, aNeg, bNeg, sparseBs, sfaAddr, sfbAddr, id2, kSize)
                .fields(INSTR_VALUE, A_FORMAT, B_FORMAT, SCALE_FORMAT, M_DIM, N_DIM, A_MAJOR, B_MAJOR, A_NEGATE, B_NEGATE,
                        SPARSE_FLAG, SPARSE_ID2, A_SF_ID, B_SF_ID, K_SIZE, RUNTIME)
                .body(a -> {
                    var d = new org.layoutcat.core.umma.UmmaInstrDescriptorBlockScaled(org.layoutcat.core.umma.UmmaFormat.of(a.get(aType)),
                            org.layoutcat.core.umma.UmmaFormat.of(a.get(bType)),
                            org.layoutcat.core.umma.UmmaInstrDescriptorBlockScaled.ScaleFormat.of(a.get(sfType)),
                            a.get(m), a.get(n), a.get(aMajor), a.get(bMajor), a.getOr(aNeg, "One").equals("Neg"),
                            a.getOr(bNeg, "One").equals("Neg"), a.getOr(sparseBs, false), a.getOr(id2, 0),
                            org.layoutcat.core.umma.UmmaInstrDescriptorBlockScaled.sfId(a.getOr(sfaAddr, 0L)),
                            org.layoutcat.core.umma.UmmaInstrDescriptorBlockScaled.sfId(a.getOr(sfbAddr, 0L)), a.getOr(kSize, 0));
                    return Answer.of(d.toString()).with(INSTR_VALUE, Integer.toUnsignedLong(d.value()))
                            .with(A_FORMAT, format(d.a())).with(B_FORMAT, format(d.b()))
                            .with(SCALE_FORMAT, "ScaleFormat::" + d.scaleFormat() + " (" + d.scaleFormat().ordinal() + ")")
                            .with(M_DIM, d.m() >> 4).with(N_DIM, d.n() >> 3)
                            .with(A_MAJOR, major(d.aMajor())).with(B_MAJOR, major(d.bMajor()))
                            .with(A_NEGATE, d.aNegate() ? 1 : 0).with(B_NEGATE, d.bNegate() ? 1 : 0)
                            .with(SPARSE_FLAG, d.sparse() ? 1 : 0).with(SPARSE_ID2, d.sparseId2())
                            .with(A_SF_ID, d.aSfId()).with(B_SF_ID, d.bSfId()).with(K_SIZE, d.kSize())
                            .with(RUNTIME, String.format(java.util.Locale.ROOT, "0x%016x", d.runtimeValue()));
                })
                .cpp(callChecking("UMMA::make_runtime_instr_desc_block_scaled⟦<{is_sparse:literal}>⟧(d, {tmem_sfa_addr:int=0}u,"
                        + " {tmem_sfb_addr:int=0}u⟦, {sparse_id2:int}⟧)")
                        .after("auto d = UMMA::make_instr_desc_block_scaled<{a_type:name}, {b_type:name}, {c_type:name},"
                                + " {sf_type:name}, {M:int}, {N:int}, UMMA::Major::{a_major:name}, UMMA::Major::{b_major:name}⟦,"
                                + " UMMA::ScaleIn::{a_neg:name}⟧⟦, UMMA::ScaleIn::{b_neg:name}⟧⟦, {is_sparse:literal}⟧>();",
                                "d.k_size_ = {k_size:int=0};  // CuTe's K96 atoms set the bit so before the call")
                        .checkAtRun(INSTR_VALUE, "uint32_t(r >> 32)"))
                .dsl(none("CuTe DSL builds the instruction descriptor inside its tcgen05 MMA atoms, with no call of its own"))
                .example("float_e2m1_t", "float_e2m1_t", "float", "float_ue8m0_t", "128", "256", "K", "K").build());
    }

    private static void modes() {
        Param<int[]> modes = Param.of("modes", ArgKind.MODE_INDICES, "mode indices, e.g. (0,2)");
        TABLE.add(declare("select", MODES, "the layout of the given modes").params(L, modes)
                .body(a -> Answer.of(Modes.select(a.get(L), a.get(modes)))).cpp(call("select<{modes:indices}>({L})"))
                .dsl(call("cute.select({L}, mode={modes:list})")).example("(2,3,4):(1,2,6)", "(0,2)").build());
        Param<Integer> begin = Param.of("B", ArgKind.integer("the first mode grouped, B", 0, Integer.MAX_VALUE), "the first mode grouped");
        Param<Integer> end = Param.of("E", ArgKind.integer("the mode past the group, E", 0, Integer.MAX_VALUE), "the mode past the group");
        TABLE.add(declare("group", MODES, "modes [B, E) nested into one").params(L, begin, end)
                .body(a -> Answer.of(Modes.group(a.get(L), a.get(begin), a.get(end)))).cpp(call("group<{B:int},{E:int}>({L})"))
                .dsl(call("cute.group_modes({L}, {B:literal}, {E:literal})")).example("(2,3,4):(1,2,6)", "0", "2").build());
        Param<Layout> x = Param.optional("x", ArgKind.LAYOUT, "the mode added (default 1:0)");
        TABLE.add(declare("append", MODES, "L with one more mode last").params(L, x)
                .body(a -> Answer.of(Modes.append(a.get(L), a.getOr(x, Layout.TRIVIAL)))).cpp(call("append({L}⟦, {x}⟧)"))
                .dsl(call("cute.append({L}⟦, {x}⟧)")).example("(2,3):(1,2)", "4:6").build());
        TABLE.add(declare("prepend", MODES, "L with one more mode first").params(L, x)
                .body(a -> Answer.of(Modes.prepend(a.get(L), a.getOr(x, Layout.TRIVIAL)))).cpp(call("prepend({L}⟦, {x}⟧)"))
                .dsl(call("cute.prepend({L}⟦, {x}⟧)")).example("(2,3):(1,2)", "4:6").build());
    }

    private static void recast() {
        Param<AnyLayout> a2 = Param.of("A", ArgKind.ANY_LAYOUT, "a layout");
        Param<AnyLayout> b2 = Param.of("B", ArgKind.ANY_LAYOUT, "a layout");
        TABLE.add(declare("max_common_vector", RECAST, "the most elements A and B both hold contiguously: a vector that moves between them")
                .params(a2, b2).body(a -> Answer.of(Vectorization.maxCommonVector(a.get(a2), a.get(b2))))
                .cpp(call("max_common_vector({A}, {B})")).dsl(call("cute.max_common_vector({A}, {B})"))
                .example("(4,8):(1,4)", "((2,2),8):((1,2),4)").build());
        TABLE.add(declare("max_common_layout", RECAST, "the layout of the elements A and B both hold contiguously").params(a2, b2)
                .body(a -> Answer.of(Vectorization.maxCommonLayout(a.get(a2), a.get(b2))))
                .cpp(call("max_common_layout({A}, {B})")).dsl(call("cute.max_common_layout({A}, {B})"))
                .example("(4,8):(1,4)", "(4,8):(1,8)").build());
        Param<Long> n = Param.of("n", ArgKind.INDEX, "how many elements become one (upcast) or one becomes (downcast)");
        TABLE.add(declare("upcast", RECAST, "L over elements n times wider").params(L, n)
                .body(a -> Answer.of(Recast.upcast(a.get(L), a.get(n)))).cpp(call("upcast<{n:int}>({L})"))
                .dsl(call("cute.upcast({L}, {n:literal})")).example("(4,3):(1,4)", "2").build());
        TABLE.add(declare("downcast", RECAST, "L over elements n times narrower").params(L, n)
                .body(a -> Answer.of(Recast.downcast(a.get(L), a.get(n)))).cpp(call("downcast<{n:int}>({L})"))
                .dsl(call("cute.downcast({L}, {n:literal})")).example("(4,3):(1,4)", "2").build());
        Param<Long> oldBits = Param.of("old", ArgKind.INDEX, "the bits of the elements L indexes");
        Param<Long> newBits = Param.of("new", ArgKind.INDEX, "the bits of the elements wanted");
        Param<AnyLayout> rl = Param.of("L", ArgKind.ANY_LAYOUT, "the layout");
        TABLE.add(declare("recast_layout", RECAST, "L over elements of another width (bytes as 32-bit words, say)")
                .params(oldBits, newBits, rl)
                .body(a -> Answer.of(Recast.recastLayout(a.get(oldBits), a.get(newBits), a.get(rl))))
                .cpp(call("recast_layout<{old:type}, {new:type}>({L})"))
                .dsl(call("cute.recast_layout({new:literal}, {old:literal}, {L})")).example("8", "32", "(16,4):(1,16)").build());
    }

    private static void tuples() {
        Param<IntTuple> ta = Param.of("a", ArgKind.TUPLE, "a tuple");
        Param<IntTuple> tb = Param.of("b", ArgKind.TUPLE, "a tuple");
        TABLE.add(declare("shape_div", TUPLES, "a ⊘ b: each mode divided, a divisor larger than a mode carried on").params(ta, tb)
                .body(a -> Answer.of(TupleArithmetic.shapeDiv(a.get(ta), a.get(tb))))
                .cpp(call("shape_div({a:literal}, {b:literal})")).dsl(call("cute.shape_div({a:literal}, {b:literal})"))
                .example("(4,5,6)", "40").build());
        TABLE.add(declare("ceil_div", TUPLES, "each mode divided, rounded up").params(ta, tb)
                .body(a -> Answer.of(TupleArithmetic.ceilDiv(a.get(ta), a.get(tb))))
                .cpp(call("ceil_div({a:literal}, {b:literal})")).dsl(call("cute.ceil_div({a:literal}, {b:literal})"))
                .example("(4,5,6)", "(3,2,4)").build());
        Param<Long> init = Param.optional("init", ArgKind.INDEX, "the first product (default 1)");
        TABLE.add(declare("prefix_product", TUPLES, "the exclusive prefix products of a tuple").params(ta, init)
                .body(a -> Answer.of(a.has(init) ? TupleArithmetic.prefixProduct(a.get(ta), a.get(init)) : TupleArithmetic.prefixProduct(a.get(ta))))
                .cpp(none("CuTe C++ no longer has prefix_product; compact_col_major is it but for extent 1 (stride 0 there)"))
                .dsl(call("cute.prefix_product({a:literal}⟦, {init:literal}⟧)")).example("(2,(3,4))").build());
        TABLE.add(declare("nullspace", TUPLES, "the layout of the indices L maps to 0").params(LI)
                .body(a -> Answer.of(Nullspace.nullspace(a.get(LI)))).cpp(call("nullspace({L})"))
                .dsl(call("cute.nullspace({L})")).example("(2,(3,4)):(0,(0,2))").build());
        TABLE.add(declare("weakly_congruent", TUPLES, "true where a's nesting is a prefix of b's").params(ta, tb)
                .body(a -> Answer.of(TupleArithmetic.weaklyCongruent(a.get(ta), a.get(tb))))
                .cpp(call("weakly_congruent({a:literal}, {b:literal})"))
                .dsl(call("cute.weakly_congruent({a:literal}, {b:literal})")).example("(2,3)", "(3,(4,5))").build());
        Param<Tiler> divisor = Param.of("tiler", ArgKind.TILER, "the tile: a shape, a layout or a by-mode tiler <...>");
        TABLE.add(declare("evenly_divides", TUPLES, "true where the tiler divides the shape with no partial tile").params(SHAPE, divisor)
                .body(a -> Answer.of(Divide.evenlyDivides(a.get(SHAPE), a.get(divisor))))
                .cpp(call("evenly_divides({shape:literal}, {tiler})"))
                .dsl(call("cute.evenly_divides({shape:literal}, {tiler})")).example("(8,32)", "<4:2,32>").build());
    }

    /** gmma_smem_atom's CuTe printout, as the shared kernel oracle names it. */
    private static final Field<ComposedLayout> CUTE = Field.of("cute");
    // the wgmma descriptor's bit fields
    private static final Field<Integer> START_ADDRESS = Field.of("start_address");
    private static final Field<Integer> LEADING_BYTE_OFFSET = Field.of("leading_byte_offset");
    private static final Field<Integer> STRIDE_BYTE_OFFSET = Field.of("stride_byte_offset");
    private static final Field<Integer> BASE_OFFSET = Field.of("base_offset");
    /** CuTe's make_gmma_desc, where it writes base offset 0 and the hardware needs the ISA's. */
    private static final Field<String> CUTE_DESCRIPTOR = Field.<String>of("cute")
            .when("where CuTe's make_gmma_desc differs: its base offset 0 where the swizzle pattern starts off a boundary",
                    a -> a.has(BASE_OFFSET) && a.get(BASE_OFFSET) != 0);
    private static final Field<GmmaDescriptor.LayoutType> LAYOUT_TYPE = Field.of("layout_type", GmmaDescriptor.LayoutType::name);
    // the F2 view's rank and whether it is injective, surjective
    private static final Field<Integer> F2_RANK = Field.of("rank");
    private static final Field<Boolean> INJECTIVE = Field.of("injective");
    private static final Field<Boolean> SURJECTIVE = Field.of("surjective");

    // gmma_doctor's reply: the descriptor's fields in words, the rules broken, the layout it implies, the comparison
    private static final Field<String> DOCTOR_START = Field.of("start_address");
    private static final Field<String> DOCTOR_LBO = Field.of("leading_byte_offset");
    private static final Field<String> DOCTOR_SBO = Field.of("stride_byte_offset");
    private static final Field<Integer> DOCTOR_BASE = Field.of("base_offset");
    private static final Field<String> DOCTOR_TYPE = Field.of("layout_type");
    private static final Field<String> DOCTOR_RESERVED = Field.of("reserved_bits");
    private static final Field<String> BROKEN = Field.of("broken");
    private static final Field<String> FINDINGS = Field.of("findings");
    private static final Field<String> IMPLIED = Field.of("implied");
    private static final Field<String> PATTERN_START = Field.of("pattern_start");
    private static final Field<String> SMEM_DESCRIPTOR = Field.of("smem_descriptor");
    private static final Field<Boolean> MATCHES = Field.of("matches");
    private static final Field<String> FIRST_DIFFERENCE = Field.of("first_difference");

    /** "no rule broken", or "2 rules broken: reserved-bits, base-offset-without-swizzle". */
    private static String verdict(String what, List<String> broken) {
        return what + ": " + (broken.isEmpty() ? "no rule broken" : broken.size() + (broken.size() == 1 ? " rule" : " rules")
                + " broken: " + String.join(", ", broken));
    }

    /** "1 unit", "64 units" (of 16 bytes). */
    private static String units(int n) {
        return n == 1 ? "1 unit" : n + " units";
    }

    private static String findings(List<org.layoutcat.core.doctor.Finding> fs) {
        return fs.isEmpty() ? "none" : fs.stream().map(Object::toString).collect(java.util.stream.Collectors.joining(" | "));
    }

    private static void gmmaDoctor(Param<GmmaSmemAtoms.Major> majorRequired, Param<CuTeNotation.Tensor> operandRequired) {
        Param<Long> desc = Param.of("desc", new ArgKind<>("a 64-bit wgmma descriptor: 0x and up to 16 hexadecimal digits, or decimal",
                (t, op, i) -> org.layoutcat.core.doctor.GmmaDoctor.parseDescriptor(t)), "the 64-bit descriptor, as a debugger shows it"
                + " (0x4000004000010040)");
        Param<GmmaSmemAtoms.Major> major = Param.optional("major", majorRequired.kind(), "K or MN: the operand's major (default:"
                + " unknown, the checks that need it left out)");
        Param<CuTeNotation.Tensor> smem = Param.optional("smem", operandRequired.kind(), "the operand's layout you meant, e.g. a k-block"
                + " as CuTe prints it; compared with the descriptor");
        Param<Integer> bits = Param.optional("bits", ArgKind.integer("the element's bits (0: the layout's pointer's)", 0, 64),
                "the element's bits (8, 16, 32), where SMEM's pointer does not say them");
        Field<String> implied = IMPLIED.when("where the major and the element's bits are known (and the operand has at most 256"
                + " rows)", a -> a.has(IMPLIED));
        Field<String> patternStart = PATTERN_START.when("where the implied layout's swizzle pattern starts off a boundary (base"
                + " offset not 0)", a -> a.has(PATTERN_START));
        Field<String> smemDescriptor = SMEM_DESCRIPTOR.when("where SMEM is given and is a wgmma operand", a -> a.has(SMEM_DESCRIPTOR));
        Field<Boolean> matches = MATCHES.when("where SMEM is given and is a wgmma operand", a -> a.has(SMEM_DESCRIPTOR));
        Field<String> firstDifference = FIRST_DIFFERENCE.when("where the descriptor is not SMEM's and an element's address differs",
                a -> a.has(FIRST_DIFFERENCE));
        TABLE.add(declare("gmma_doctor", SWIZZLE, "a wgmma shared-memory descriptor decoded, checked against the PTX ISA's rules,"
                + " and read back as a layout")
                .params(desc, major, smem, bits)
                .fields(DOCTOR_START, DOCTOR_LBO, DOCTOR_SBO, DOCTOR_BASE, DOCTOR_TYPE, DOCTOR_RESERVED, BROKEN, FINDINGS, implied,
                        patternStart, smemDescriptor, matches, firstDifference)
                .body(a -> {
                    long value = a.get(desc);
                    var dx = org.layoutcat.core.doctor.GmmaDoctor.examine(value, a.getOr(major, null), a.getOr(smem, null), a.getOr(bits, 0));
                    var d = dx.decoded();
                    Answer answer = Answer.of(verdict(org.layoutcat.core.doctor.GmmaDoctor.hex16(value), dx.broken()))
                            .with(DOCTOR_START, units(d.startAddress()) + " = " + d.startBytes() + " bytes (0x" + Long.toHexString(d.startBytes()) + ")")
                            .with(DOCTOR_LBO, units(d.leadingByteOffset()) + " = " + 16L * d.leadingByteOffset() + " bytes")
                            .with(DOCTOR_SBO, units(d.strideByteOffset()) + " = " + 16L * d.strideByteOffset() + " bytes")
                            .with(DOCTOR_BASE, d.baseOffset())
                            .with(DOCTOR_TYPE, d.layoutType() + " (" + d.layoutType().code + "): " + (d.layoutType() == GmmaDescriptor.LayoutType.INTERLEAVE
                                    ? "no swizzle" : 16 * d.layoutType().width() + "-byte swizzle, " + d.layoutType().byteSwizzle() + " of byte addresses"))
                            .with(DOCTOR_RESERVED, d.reserved() == 0 ? "none set" : "bits " + org.layoutcat.core.doctor.GmmaDoctor.bitList(d.reserved()) + " set")
                            .with(BROKEN, dx.broken().isEmpty() ? "none" : String.join(" ", dx.broken()))
                            .with(FINDINGS, findings(dx.findings()));
                    if (dx.implied().isPresent()) answer = answer.with(IMPLIED, dx.implied().get());
                    if (dx.patternStart().isPresent()) answer = answer.with(PATTERN_START, "0x" + Long.toHexString(dx.patternStart().getAsLong()));
                    if (dx.match().isPresent()) {
                        var m = dx.match().get();
                        answer = answer.with(SMEM_DESCRIPTOR, m.expected().toString()).with(MATCHES, m.matches());
                        if (m.firstDifference().isPresent()) answer = answer.with(FIRST_DIFFERENCE, m.firstDifference().get());
                    }
                    return answer;
                })
                .cpp(none("the descriptor is a value read in a debugger, not a CuTe C++ call; CuTe's make_gmma_desc values are"
                        + " the doctor's test cases (ops/src/test/resources/doctor, oracle/gmma-kloop-cute.cpp)"))
                .dsl(none("CuTe DSL builds wgmma descriptors inside its MMA atoms, with no call of its own"))
                .example("0x4000004000010040", "K", "Sw<3,4,3> o smem_ptr[16b](0x400) o (64,16):(64,1)")
                .pictures(Pictures.gmmaDoctor(IMPLIED)).build());
    }

    // blockscaled_conformance's reply
    private static final Field<Long> SF_BLOCKS = Field.of("scale_factors");
    private static final Field<Long> SF_DIFFERING = Field.of("differing");
    private static final Field<String> SF_FIRST = Field.<String>of("first_difference")
            .when("where the producer writes a scale factor elsewhere", a -> a.has(SF_DIFFERING) && a.get(SF_DIFFERING) > 0);
    private static final Field<Long> SF_PRODUCER_BYTE = Field.<Long>of("producer_byte")
            .when("where the producer writes a scale factor elsewhere", a -> a.has(SF_DIFFERING) && a.get(SF_DIFFERING) > 0);
    private static final Field<Long> SF_CUTLASS_BYTE = Field.<Long>of("cutlass_byte")
            .when("where the producer writes a scale factor elsewhere", a -> a.has(SF_DIFFERING) && a.get(SF_DIFFERING) > 0);
    private static final Field<Layout> SF_CUTLASS = Field.of("cutlass");

    /** Block-scaled scale-factor layouts (CUTLASS's SM100/SM103 SFA and SFB) and their conformance check. */
    private static void blockScaled() {
        Param<org.layoutcat.core.blockscaled.ScaleFactorLayouts.Arch> arch = Param.of("arch",
                ArgKind.oneOf(org.layoutcat.core.blockscaled.ScaleFactorLayouts.Arch.class),
                "SM100 (Sm1xxBlockScaledConfig) or SM103 (Sm103BlockScaledConfig)");
        Param<org.layoutcat.core.blockscaled.ScaleFactorLayouts.Operand> which = Param.of("operand",
                ArgKind.oneOf(org.layoutcat.core.blockscaled.ScaleFactorLayouts.Operand.class), "SFA (A's scale factors, along M)"
                + " or SFB (B's, along N)");
        Param<Integer> sfVec = Param.of("sf_vec", ArgKind.integer("SFVecSize", 1, 1 << 16), "SFVecSize: the elements of K one"
                + " scale factor scales (16 for NVF4, 32 for MX formats)");
        Param<IntTuple> problem = Param.of("problem", ArgKind.TUPLE, "the problem shape (M,N,K) or (M,N,K,L)");
        TABLE.add(declare("blockscaled_sf_layout", BLACKWELL, "the layout of the scale factors a block-scaled kernel reads"
                + " (CUTLASS's tile_atom_to_shape_SFA/SFB)")
                .params(arch, which, sfVec, problem)
                .body(a -> Answer.of(org.layoutcat.core.blockscaled.ScaleFactorLayouts.of(a.get(arch), a.get(which), a.get(sfVec),
                        a.get(problem))))
                .cpp(callChecking("{arch:name}::tile_atom_to_shape_{operand:name}({problem:ints})")
                        .including("cutlass/detail/sm100_blockscaled_layout.hpp", "cutlass/detail/sm103_blockscaled_layout.hpp")
                        .after("using SM100 = cutlass::detail::Sm1xxBlockScaledConfig<{sf_vec:int}>;",
                                "using SM103 = cutlass::detail::Sm103BlockScaledConfig<{sf_vec:int}>;")
                        .checkAtRun(Field.RESULT, "r"))
                .dsl(none("CuTe DSL's blockscaled_utils build these layouts in Python helpers, not one call of CuTe's"))
                .example("SM100", "SFA", "32", "(256,256,512,1)").build());
        Param<GmmaSmemAtoms.Major> sfdMajor = Param.of("major", ArgKind.oneOf(GmmaSmemAtoms.Major.class), "K (the vectors along"
                + " N) or MN (along M): Sm1xxBlockScaledOutputConfig's major");
        TABLE.add(declare("blockscaled_sfd_layout", BLACKWELL, "the layout of the scale factors a block-scaled kernel writes for D"
                + " (CUTLASS's tile_atom_to_shape_SFD of Sm1xxBlockScaledOutputConfig)")
                .params(sfVec, sfdMajor, problem)
                .body(a -> Answer.of(org.layoutcat.core.blockscaled.ScaleFactorLayouts.output(a.get(sfVec), a.get(sfdMajor), a.get(problem))))
                .cpp(callChecking("cutlass::detail::Sm1xxBlockScaledOutputConfig<{sf_vec:int}, UMMA::Major::{major:name}>"
                        + "::tile_atom_to_shape_SFD({problem:ints})")
                        .including("cutlass/detail/sm100_blockscaled_layout.hpp").checkAtRun(Field.RESULT, "r"))
                .dsl(none("CuTe DSL's blockscaled_utils build these layouts in Python helpers, not one call of CuTe's"))
                .example("16", "K", "(256,512,128)").build());
        Param<Layout> producer = Param.of("producer", ArgKind.LAYOUT, "the producer's layout of the scale factors' byte offsets:"
                + " (MN,K[,L]) with K in elements (stride 0 within a vector, as CUTLASS's) or in scale-factor blocks");
        TABLE.add(declare("blockscaled_conformance", BLACKWELL, "whether a producer writes each scale factor where CUTLASS's"
                + " block-scaled kernel reads it: the first (mn, k) block where they differ, and the two byte offsets")
                .params(arch, which, sfVec, problem, producer)
                .fields(SF_BLOCKS, SF_DIFFERING, SF_FIRST, SF_PRODUCER_BYTE, SF_CUTLASS_BYTE, SF_CUTLASS)
                .body(a -> {
                    var c = org.layoutcat.core.blockscaled.ScaleFactorConformance.check(a.get(arch), a.get(which), a.get(sfVec),
                            a.get(problem), a.get(producer));
                    Answer answer = Answer.of(c.agrees() ? "agree: every scale factor where the kernel reads it"
                            : "differ: " + c.differing() + " of " + c.blocks() + " scale factors elsewhere")
                            .with(SF_BLOCKS, c.blocks()).with(SF_DIFFERING, c.differing());
                    if (c.first().isPresent()) {
                        var d = c.first().get();
                        answer = answer.with(SF_FIRST, d.toString()).with(SF_PRODUCER_BYTE, d.producerByte())
                                .with(SF_CUTLASS_BYTE, d.cutlassByte());
                    }
                    return answer.with(SF_CUTLASS, c.cutlass());
                })
                .cpp(none("a check of two layouts over the problem's scale factors, which neither CuTe nor CUTLASS has; the"
                        + " layout it checks against is blockscaled_sf_layout's"))
                .dsl(none("a check of two layouts over the problem's scale factors, which CuTe DSL has no call for"))
                .example("SM100", "SFA", "32", "(256,256,128)", "(256,4):(4,1)").build());
    }

    private static void swizzle() {
        Param<GmmaSmemAtoms.Major> major = Param.of("major", ArgKind.oneOf(GmmaSmemAtoms.Major.class), "K or MN");
        Param<GmmaSmemAtoms.Swizzling> sw = Param.of("swizzle", ArgKind.oneOf(GmmaSmemAtoms.Swizzling.class), "INTER, SW32, SW64 or SW128");
        Param<Integer> bits = Param.of("bits", ArgKind.integer("the element's bits", 1, 1024), "the element's bits");
        // the reply's "cute" field is CuTe's printout, as the shared kernel oracle names it (the result prints the same);
        // a person sees the result alone, which pipes into another command
        TABLE.add(declare("gmma_smem_atom", SWIZZLE, "the swizzled shared-memory atom of a wgmma operand (GMMA::Layout_*_Atom)")
                .params(major, sw, bits).fields(CUTE)
                .body(a -> {
                    ComposedLayout atom = GmmaSmemAtoms.atom(a.get(major), a.get(sw), a.get(bits));
                    return Answer.of(atom).with(CUTE, atom);
                })
                .cpp(// CuTe's atom swizzles byte addresses behind an unset smem_ptr, as the result does
                callChecking("GMMA::Layout_{major:name}_{swizzle:name}_Atom<{bits:type}>{}").check(Field.RESULT, "r"))
                .dsl(none("CuTe DSL makes these atoms from its own kinds and element types (cute.nvgpu.warpgroup), not by CuTe C++'s"
                        + " GMMA::Layout_*_Atom<T> names; layoutcat writes the C++ test"))
                .example("K", "SW128", "16").display(Answer::result).build());
        Param<CuTeNotation.Tensor> operand = Param.of("smem", ArgKind.TENSOR, "one wgmma's (MN, K) operand in shared memory,"
                + " e.g. a k-block of a swizzled tile as CuTe prints it");
        Param<Integer> elementBits = Param.optional("bits", ArgKind.integer("the element's bits (0: the pointer's)", 0, 64),
                "the element's bits, where the layout is not in CuTe's smem_ptr[Nb] form");
        Param<Long> address = Param.optional("address", ArgKind.INDEX, "the tile's byte address in shared memory (default: its"
                + " pointer's, as CuTe prints a tensor, smem_ptr[16b](0x400), else 0; the two must agree)");
        TABLE.add(declare("gmma_descriptor", SWIZZLE, "the wgmma shared-memory matrix descriptor of an operand (make_gmma_desc)")
                .params(major, operand, elementBits, address)
                .fields(START_ADDRESS, LEADING_BYTE_OFFSET, STRIDE_BYTE_OFFSET, BASE_OFFSET, LAYOUT_TYPE, CUTE_DESCRIPTOR)
                .body(a -> {
                    // one address and one element width: the pointer's or the ones given, refused where they differ
                    CuTeNotation.Tensor smem = a.get(operand);
                    GmmaDescriptor d = GmmaDescriptor.of(a.get(major), smem, a.getOr(elementBits, 0),
                            a.has(address) ? java.util.OptionalLong.of(a.get(address)) : java.util.OptionalLong.empty());
                    Answer answer = Answer.of(d.toString()).with(START_ADDRESS, d.startAddress()).with(LEADING_BYTE_OFFSET, d.leadingByteOffset())
                            .with(STRIDE_BYTE_OFFSET, d.strideByteOffset()).with(BASE_OFFSET, d.baseOffset())
                            .with(LAYOUT_TYPE, d.layoutType());
                    return d.baseOffset() == 0 ? answer : answer.with(CUTE_DESCRIPTOR, d.cuteValue() + ": CuTe writes base offset 0,"
                            + " which holds where the pattern starts at a boundary (its smem_ptr tensors swizzle addresses); this"
                            + " operand's pattern starts at the tile, off a boundary, and wgmma reads it right with base offset "
                            + d.baseOffset() + " (PTX ISA: (pattern start addr >> 7) & 7; run on an H100)");
                })
                .cpp(none("CuTe C++'s make_gmma_desc takes a shared-memory tensor whose start address the host cannot know"
                        + " (cast_smem_ptr_to_uint returns 0 there), and only the pointer form; its golden values are in"
                        + " GmmaDescriptorTest, from host programs compiled against CUTLASS"))
                .dsl(none("CuTe DSL builds wgmma descriptors inside its MMA atoms, with no call of its own"))
                .example("K", "Sw<3,4,3> o smem_ptr[16b](unset) o ((8,8),16):((64,512),1)").build());
        gmmaDoctor(major, operand);
        Param<AnyLayout> block = Param.of("block", ArgKind.ANY_LAYOUT, "the atom tiled");
        Param<IntTuple> target = Param.of("target", ArgKind.TUPLE, "the shape to cover");
        Param<IntTuple> order = Param.optional("order", ArgKind.TUPLE, "the order of the copies' modes (default column-major)");
        TABLE.add(declare("tile_to_shape", SWIZZLE, "copies of an atom laid out to cover a shape (a whole shared-memory tile from its atom)")
                .params(block, target, order)
                .body(a -> Answer.of(TileToShape.tileToShape(a.get(block), a.get(target), a.getOr(order, null))))
                .cpp(call("tile_to_shape({block}, {target:literal}⟦, {order:literal}⟧)"))
                .dsl(call("cute.tile_to_shape({block}, {target:literal}⟦, {order:literal}⟧)"))
                .example("(8,64):(64,1)", "(128,128)").build());
        Param<LayoutOrSwizzle> linear = Param.of("L", ArgKind.LAYOUT_OR_SWIZZLE,
                "a layout of power-of-two shape, a swizzled one with offset 0, or a swizzle Sw<B,M,S>");
        TABLE.add(declare("to_f2", SWIZZLE, "the layout as a linear map over F2: the offset of each index bit, by mode (Triton's LinearLayout bases)")
                .params(linear).fields(F2_RANK, INJECTIVE, SURJECTIVE)
                .body(a -> {
                    F2Map m = switch (a.get(linear)) {
                        case LayoutOrSwizzle.OfLayout l -> F2View.of(l.layout());
                        case LayoutOrSwizzle.OfSwizzle s -> F2View.of(s.swizzle());
                    };
                    return Answer.of(m).with(F2_RANK, m.rank()).with(INJECTIVE, m.isInjective()).with(SURJECTIVE, m.isSurjective());
                })
                .cpp(none("CuTe C++ has no F2 view of a layout; Triton's LinearLayout (C++) holds the same bases"))
                .dsl(none("CuTe DSL has no F2 view of a layout; Triton's LinearLayout holds the same bases"))
                .example("Sw<3,3,3> o 0 o (8,64):(64,1)").build());
        Param<F2Map> bases = Param.of("map", ArgKind.F2_MAP, "an F2 map {IN=[B,...],...} -> {OUT:SIZE} with one output dimension");
        TABLE.add(declare("from_f2", SWIZZLE, "the layout, or swizzled layout, whose F2 view has these bases, one mode per input dimension")
                .params(bases).body(a -> Answer.of(F2View.layoutOf(a.get(bases))))
                .cpp(none("CuTe C++ builds no layout from F2 bases; the answer is a layout CuTe C++ reads"))
                .dsl(none("CuTe DSL builds no layout from F2 bases; the answer is a layout CuTe DSL reads"))
                .example("{mode0=[72,144,288],mode1=[1,2,4,8,16,32]} -> {offset:512}").build());
        Param<AnyLayout> smem = Param.of("smem", ArgKind.ANY_LAYOUT, "the shared-memory layout");
        Param<Layout> access = Param.of("access", ArgKind.LAYOUT, "(thread, value[, instruction...]) → index of smem; threads past 32"
                + " are further warps");
        Param<Integer> elem = Param.optional("elem", ArgKind.integer("the element's bytes (0: the pointer's)", 0, 16), "bytes per"
                + " element; where smem is CuTe's pointer form smem_ptr[Nb], its N/8 (leave it out, or give the same)").asOption("--elem", "BYTES");
        Param<Integer> vector = Param.optional("vector", ArgKind.integer("the vector's bytes", 0, 16), "bytes a thread moves at once (0: its values')")
                .asOption("--vector", "BYTES");
        TABLE.add(declare("bank_conflicts", SWIZZLE, "shared-memory wavefronts against the fewest possible: of one instruction,"
                + " or of every warp's instructions of a stage")
                .params(smem, access, elem, vector)
                .fields(MINIMUM, DEGREE, THREADS, VECTOR_BYTES, WORST_BANK.when(CONFLICTED, CONFLICT), COLLISIONS.when(CONFLICTED, CONFLICT), INSTRUCTIONS.when(OF_A_STAGE, STAGE), WORST_INSTRUCTION.when(OF_A_STAGE, STAGE))
                .body(a -> {
                    Layout acc = a.get(access);
                    int bytes = BankConflicts.elementBytes(a.get(smem), a.getOr(elem, 0));
                    boolean stage = acc.rank() > 2 || (acc.rank() >= 2 ? acc.mode(0).size() : acc.size()) > 32;
                    if (!stage) return banks(BankConflicts.offsets(a.get(smem)), bytes, acc, a.getOr(vector, 0));
                    if (a.getOr(vector, 0) != 0) {
                        throw new org.layoutcat.core.LayoutArgumentException("a stage's accesses take their vectors from the access's"
                                + " mode 1 (the values of one instruction); leave the vector out");
                    }
                    return stageBanks(BankConflicts.stage(BankConflicts.offsets(a.get(smem)), bytes, acc, 32));
                })
                .cpp(none("bank conflicts are the hardware's, not CuTe's: layoutcat gpu banks measures them on the GPU"))
                .dsl(none("bank conflicts are the hardware's, not CuTe's"))
                .example("Sw<3,3,3> o 0 o (8,64):(64,1)", "(8,8):(64,8)", "2")
                .display(answer -> answer.detail(STAGE_COUNT).map(BankConflicts.Stage::table).orElseGet(() -> answer.detail(COUNT).orElseThrow().table()))
                .pictures(Pictures.banks(smem, access, elem, vector)).build());
    }

    /** A stage's answer: its total wavefronts, the totals' fields, and its worst instruction. */
    /** A stage's answer, as {@code copy_bank_conflicts} and {@code bank_conflicts} of a stage give it. */
    public static Answer stageBanks(BankConflicts.Stage st) {
        return Answer.of(st.wavefronts()).withDetail(STAGE_COUNT, st).with(MINIMUM, st.minimum()).with(DEGREE, (double) st.wavefronts() / st.minimum())
                .with(THREADS, (long) st.threads()).with(VECTOR_BYTES, st.instructions().getFirst().conflicts().vectorBytes())
                .with(INSTRUCTIONS, st.instructions().size()).with(WORST_INSTRUCTION, st.worst());
    }

    private static Answer banks(java.util.function.LongUnaryOperator smem, int elem, Layout access, int vector) {
        BankConflicts.Access a = BankConflicts.vectorized(smem, elem, access, vector);
        BankConflicts c = BankConflicts.of(a.smem(), elem, a.access());
        Answer r = Answer.of(c.wavefronts()).withDetail(COUNT, c).with(MINIMUM, (long) c.minimum()).with(DEGREE, c.degree())
                .with(THREADS, (long) c.threads()).with(VECTOR_BYTES, c.vectorBytes());
        if (c.worstBank() >= 0) {
            r = r.with(WORST_BANK, c.worstBank()).with(COLLISIONS, c.collisions());
        }
        return r;
    }

    // an atom's instruction, and the layouts of atoms, tiled MMAs and tiled copies as CuTe's types name them
    private static final Field<String> PTX = Field.of("ptx");
    /** The PTX ISA section that defines the instruction's fragments. */
    private static final Field<String> ISA = Field.of("isa");
    private static final Field<IntTuple> SHAPE_MNK = Field.of("shape_mnk");
    /**
     * An MMA atom's element types as CuTe names them: the type of A, of B, and of the accumulators C and D (the
     * template's a_type, b_type, c_type; CuTe's traits may hold them in containers, ValTypeA = uint8_t for SM120's
     * 6- and 4-bit inputs).
     */
    private static final Field<String> TYPES = Field.of("types");
    private static final Field<Layout> THR_ID = Field.of("thr_id");
    private static final Field<Layout> LAYOUT_A_TV = Field.of("layout_a_tv");
    private static final Field<Layout> LAYOUT_B_TV = Field.of("layout_b_tv");
    private static final Field<Layout> LAYOUT_C_TV = Field.of("layout_c_tv");
    /**
     * An MMA atom's instruction family: MMA_SYNC, WGMMA_SS, WGMMA_RS, the sparse WGMMA_SP_SS, WGMMA_SP_RS, or the SM100
     * UMMA_SS, UMMA_TS (tcgen05.mma; A from tensor memory for TS).
     */
    private static final Field<MmaAtom.Family> FAMILY = Field.of("family");
    /** A sparse atom's metadata layout, its traits' ELayout (CuTe's MMA_Atom and TiledMMA print none). */
    private static final Field<Layout> LAYOUT_E_TV = Field.<Layout>of("layout_e_tv")
            .when("for a sparse wgmma atom (wgmma.mma_async.sp): its traits' ELayout, (thread, value) → m + M·k of A's"
                    + " logical tile, the elements whose 2:4 (tf32: 1:2) metadata each thread's E register holds",
                    a -> a.has(FAMILY) && a.get(FAMILY).sparse());
    private static final Field<Layout> LAYOUT_SRC_TV = Field.of("layout_src_tv");
    private static final Field<Layout> LAYOUT_DST_TV = Field.of("layout_dst_tv");
    private static final Field<IntTuple> TILE_MNK = Field.of("tile_mnk");
    /** The threads taking part: a tiled MMA's or copy's, or the accesses' of a bank count. */
    private static final Field<Long> THREADS = Field.of("threads");
    private static final Field<Layout> THR_LAYOUT_VMNK = Field.of("thr_layout_vmnk");
    private static final Field<Layout> LAYOUT_TV = Field.of("layout_tv");
    private static final Field<Layout> LAYOUT_S_TV = Field.of("layout_s_tv");
    private static final Field<Layout> LAYOUT_D_TV = Field.of("layout_d_tv");
    /**
     * A thread's fragment of an MMA operand (CuTe's partition_fragment_A/B/C): its registers, or, for an operand a
     * wgmma reads from shared memory, its tensor of descriptors in 16-byte units.
     */
    private static final Field<Layout> FRAGMENT = Field.of("fragment");
    /**
     * The descriptors of a fragment of descriptors, index by index, as CuTe's DescriptorIterator gives them; none
     * where the atom reads the operand from registers.
     */
    /** The atom a partition's answer was made by, for its conditional fields: a UMMA atom's fragments are not registers. */
    private static final Answer.Detail<MmaAtom> PARTITIONED_BY = new Answer.Detail<>("the tiled MMA's atom", MmaAtom.class);

    /** Whether a partition's answer is of a UMMA atom ({@code tcgen05.mma}), whose operands are not registers. */
    private static boolean ofUmma(Answer a) {
        return a.detail(PARTITIONED_BY).map(MmaAtom::umma).orElse(false);
    }

    /**
     * Where a UMMA atom keeps the operand, and what CuTe's partition_fragment_A/B/C makes of it: a tensor of UMMA
     * shared-memory descriptors, or a tensor-memory tensor (the accumulators; A of a TS atom).
     */
    private static final Field<String> UMMA_FRAGMENT = Field.<String>of("umma_fragment")
            .when("for a UMMA atom (tcgen05.mma): where the operand lives and the fragment CuTe makes of it", Operations::ofUmma);
    private static final Field<List<String>> DESCRIPTORS = Field.of("descriptors",
            d -> d.isEmpty() ? "none: the atom reads this operand from registers" : String.join(" ", d));

    /** An UMMA accumulator's element type, as the C++ test names it (a type alias each: F32 is float, ...). */
    private enum AccType {
        F32, S32, F16, BF16;

        Element element() {
            return Element.valueOf(name());
        }
    }

    /** CuTe's UMMA::TmemAllocMode, as the C++ test names it (a constant each: INTERLEAVED is TmemAllocMode::Interleaved). */
    private enum AllocMode {
        INTERLEAVED(TmemAccumulator.Mode.Interleaved), NON_INTERLEAVED(TmemAccumulator.Mode.NonInterleaved),
        DUPLICATED(TmemAccumulator.Mode.Duplicated);

        final TmemAccumulator.Mode mode;

        AllocMode(TmemAccumulator.Mode mode) {
            this.mode = mode;
        }
    }

    /** The C++ names the tensor-memory tests use for the enums above. */
    private static final String[] TMEM_NAMES = {"using F32 = float; using S32 = int32_t; using F16 = half_t; using BF16 = bfloat16_t;",
        "constexpr auto INTERLEAVED = UMMA::TmemAllocMode::Interleaved; constexpr auto NON_INTERLEAVED = UMMA::TmemAllocMode::NonInterleaved;"
                + " constexpr auto DUPLICATED = UMMA::TmemAllocMode::Duplicated;"};

    /** A TMEM copy atom, by CuTe's name: SM100_TMEM_LOAD_32dp32b8x, SM100_TMEM_STORE_16dp256b1x_16b, .... */
    public static final ArgKind<CopyAtom> TMEM_COPY_ATOM = new ArgKind<>("a TMEM copy atom's name, e.g. SM100_TMEM_LOAD_32dp32b8x",
            (t, op, i) -> TmemCopyAtoms.named(t).orElseThrow(() -> new LayoutArgumentException("argument " + (i + 1) + " \""
                    + LayoutArgumentException.quote(t) + "\" is no TMEM copy atom: SM100_TMEM_<LOAD|STORE>_<16dp256b|16dp128b|16dp64b|16dp32b|32dp32b><N>x[_16b]"
                    + " (N = 1, 2, 4, … up to 32, 64, 128, 128, 128)")));

    private static final Field<Long> TMEM_LANES = Field.of("lanes");
    /** The accumulator in tensor memory a reply is of (tmem_accumulator's, tmem_plan's), which the explorer's view draws. */
    public static final Answer.Detail<TmemAccumulator> TMEM_ACCUMULATOR = new Answer.Detail<>("the accumulator in tensor memory", TmemAccumulator.class);
    private static final Field<Long> TMEM_COLUMNS = Field.of("columns");
    private static final Field<Long> TMEM_ALLOCATION = Field.of("allocation");
    private static final Field<Long> TMEM_FITS = Field.of("fits");
    private static final Field<String> TMEM_CORNERS = Field.of("corners");
    private static final Field<Long> TMEM_NEEDED = Field.of("needed");
    private static final Field<Long> TMEM_UNUSED = Field.of("unused");
    private static final Field<Long> TMEM_BYTES = Field.of("bytes_per_sm");
    private static final Field<String> TMEM_PTX = Field.of("ptx");
    private static final Field<Long> TMEM_ADDRESS = Field.of("tmem_address");
    private static final Field<String> TMEM_LANE_RANGE = Field.of("warp_lanes");
    private static final Field<Layout> TMEM_TV = Field.of("tv_layout");
    private static final Field<String> TMEM_TILER = Field.of("tiler");
    private static final Field<Layout> TMEM_REGISTERS = Field.of("registers");
    private static final Field<IntTuple> TMEM_REGISTERS_OFFSET = Field.of("registers_offset");
    private static final Field<Long> TMEM_LOADS = Field.of("loads_per_warp");
    private static final Field<Long> TMEM_REGS = Field.of("registers_per_load");
    private static final Field<Layout> TMEM_SLICE = Field.of("slice");
    private static final Field<String> TMEM_CHOICES = Field.of("choices");
    private static final Field<Integer> TMEM_REFUSED = Field.of("refused");

    /** Why the tensor-memory operations have no CuTe DSL test. */
    private static final String DSL_TMEM = "CuTe DSL names tcgen05's atoms by operation objects (cute.nvgpu.tcgen05.Ld32x32bOp(Repetition,"
            + " Pack), make_tmem_copy over a tensor it allocates in a kernel), not CuTe C++'s type names that layoutcat's catalog uses;"
            + " layoutcat writes the C++ test";

    /** An accumulator tile (M,N): two positive integers. */
    private static IntTuple tmemTile(String op, IntTuple t) {
        if (t.isLeaf() || t.rank() != 2 || !t.mode(0).isLeaf() || !t.mode(1).isLeaf() || t.mode(0).value() < 1 || t.mode(1).value() < 1) {
            throw new LayoutArgumentException(op + ": the tile " + t + " is (M,N), two positive integers");
        }
        return t;
    }

    /** tmem_frg of an accumulator tile over its SMs (M split evenly among them). */
    private static TmemAccumulator tmemAccumulator(IntTuple tile, int sms, AccType type, AllocMode mode) {
        IntTuple t = tmemTile("tmem_accumulator", tile);
        if (t.mode(0).value() % sms != 0) {
            throw new LayoutArgumentException("tmem_accumulator: M = " + t.mode(0).value() + " splits evenly among the " + sms + " SMs");
        }
        return TmemAccumulator.of(type.element(), sms, mode.mode, t.mode(0).value() / sms, t.mode(1).value(), 1, 1);
    }

    /** Tensor memory: the accumulator's layout, allocation, TMEM copy atoms and the TMEM planner. */
    private static void tensorMemory() {
        Param<IntTuple> tile = Param.of("tile", ArgKind.TUPLE, "the accumulator tile (M,N) of the UMMA instruction, M across the SMs"
                + " (an UMMA_2SM M = 256 puts 128 rows in each SM)");
        Param<Integer> sms = Param.of("sm", ArgKind.integer("the SMs of the instruction", 1, 2), "1 (UMMA_1SM) or 2 (UMMA_2SM)");
        Param<AccType> type = Param.of("type", ArgKind.oneOf(AccType.class), "the accumulator's element type (in 32-bit columns)");
        Param<AllocMode> mode = Param.optional("mode", ArgKind.oneOf(AllocMode.class), "CuTe's TmemAllocMode (default INTERLEAVED)");
        TABLE.add(declare("tmem_accumulator", BLACKWELL, "an UMMA accumulator's layout in tensor memory (UMMA::tmem_frg_1sm/2sm):"
                        + " ((M,N),1,1) -> tmem_ptr offset, lane·DP + column")
                .params(tile, sms, type, mode).fields(TMEM_LANES, TMEM_COLUMNS, TMEM_ALLOCATION, TMEM_FITS, TMEM_CORNERS)
                .body(a -> {
                    TmemAccumulator acc = tmemAccumulator(a.get(tile), a.get(sms), a.get(type), a.getOr(mode, AllocMode.INTERLEAVED));
                    int n = a.get(sms);
                    TmemAllocation alloc = TmemAllocation.of(acc.columns(), 1, n);
                    Layout l = acc.layout().mode(0);
                    long m = l.mode(0).size(), cols = l.mode(1).size();
                    StringBuilder corners = new StringBuilder();
                    for (long[] c : new long[][] {{0, 0}, {m - 1, 0}, {0, cols - 1}, {m - 1, cols - 1}}) {
                        long addr = acc.address(l.apply(IntTuple.flat(c[0], c[1])));
                        if (corners.length() > 0) corners.append("; ");
                        corners.append("(").append(c[0]).append(",").append(c[1]).append(") lane ").append(TmemAccumulator.lane(addr))
                                .append(" column ").append(TmemAccumulator.column(addr));
                    }
                    return Answer.of(acc.layout()).withDetail(TMEM_ACCUMULATOR, acc).with(TMEM_LANES, acc.lanes()).with(TMEM_COLUMNS, acc.columns())
                            .with(TMEM_ALLOCATION, alloc.allocated()).with(TMEM_FITS, alloc.fits()).with(TMEM_CORNERS, corners.toString());
                })
                .cpp(callChecking("UMMA::tmem_frg<{type:name}, uint32_t, {sm:int}⟦, {mode:name}⟧>::make(make_shape(make_shape(get<0>(T)"
                        + " / Int<{sm:int}>{}, get<1>(T)), Int<1>{}, Int<1>{}))")
                        .after(TMEM_NAMES[0], TMEM_NAMES[1], "auto T = {tile:literal};").check(Field.RESULT, "r.layout()"))
                .dsl(none(DSL_TMEM)).example("(128,256)", "1", "F32")
                .pictures(Picture.of("tmem", "tensor memory", "an accumulator tile (M,N), its SMs, its type and mode", 3, 4,
                        (args, answer, o) -> org.layoutcat.diagrams.picture.TmemPicture.of(tmemAccumulator(args.get(tile), args.get(sms),
                                args.get(type), args.getOr(mode, AllocMode.INTERLEAVED)), o.get(Picture.TITLE))).shown(Picture.View.TMEM))
                .build());
        Param<Long> columns = Param.of("columns", ArgKind.INDEX, "the columns one buffer needs (an accumulator's: tmem_accumulator's columns)");
        Param<Long> buffers = Param.optional("buffers", ArgKind.INDEX, "how many such buffers (default 1; 2 double-buffers the accumulator)");
        TABLE.add(declare("tmem_alloc", BLACKWELL, "a tcgen05.alloc of tensor memory: the columns rounded up to a power of 2 in [32, 512],"
                        + " how many such allocations an SM holds")
                .params(columns, sms, buffers).fields(TMEM_NEEDED, TMEM_UNUSED, TMEM_FITS, TMEM_BYTES, TMEM_PTX)
                .body(a -> {
                    TmemAllocation t = TmemAllocation.of(a.get(columns), a.getOr(buffers, 1L), a.get(sms));
                    return Answer.of(t.allocated()).with(TMEM_NEEDED, t.needed()).with(TMEM_UNUSED, t.unused()).with(TMEM_FITS, t.fits())
                            .with(TMEM_BYTES, t.bytesPerSm()).with(TMEM_PTX, t.ptx());
                })
                .cpp(none("tcgen05.alloc takes its column count at run time on the device, and CuTe's TMEM::Allocator1Sm/2Sm check"
                        + " nothing on the host (their comments state the rule: 32 <= num_columns <= 512 and power of 2)"))
                .dsl(none(DSL_TMEM)).example("96", "2", "2").build());
        Param<CopyAtom> atom = Param.of("copy", TMEM_COPY_ATOM, "the TMEM copy atom (SM100_TMEM_LOAD_… or SM100_TMEM_STORE_…)");
        Param<Layout> tmem = Param.of("tmem", ArgKind.LAYOUT, "the TMEM tensor's layout, (M,N) -> tmem_ptr offset (tmem_accumulator's"
                + " ((M,N),1,1) mode 0: (128,256):(65536,1) for a 128x256 fp32 accumulator)");
        Param<Long> thread = Param.of("thread", ArgKind.INDEX, "the thread's index, 0 to 127");
        TABLE.add(declare("tmem_copy", BLACKWELL, "make_tmem_copy: a TMEM copy atom tiled over four warps and a TMEM tensor; a thread's"
                        + " TMEM partition, its address, and which (m,n) its registers hold")
                .params(atom, type, tmem, thread).fields(TMEM_ADDRESS, TMEM_LANE_RANGE, TMEM_TV, TMEM_TILER, TMEM_REGISTERS, TMEM_REGISTERS_OFFSET,
                        TMEM_LOADS, TMEM_REGS)
                .body(a -> {
                    CopyAtom c = a.get(atom);
                    Element e = a.get(type).element();
                    Layout t = a.get(tmem);
                    TiledCopy copy = TmemCopy.make(c, e.bits(), t);
                    long th = a.get(thread);
                    if (th < 0 || th >= copy.threads()) {
                        throw new LayoutArgumentException("tmem_copy: thread " + th + " of make_tmem_copy's " + copy.threads() + " threads");
                    }
                    TmemCopy.requireWarpLanes(copy, t);
                    Sliced<Layout> s = TmemCopy.tmemPartition(copy, t, th);
                    Layout indices = Layout.colMajor(t.shape());
                    Sliced<Layout> regs = c.reference() == CopyAtom.Side.SRC ? copy.partitionD(indices, th) : copy.partitionS(indices, th);
                    long atomValues = c.ref(e.bits()).mode(1).size();
                    long w = (th / 32) % 4;
                    long offset = s.offset().value();
                    long address = Integer.toUnsignedLong(Integer.rotateRight((int) offset, 5 - Integer.numberOfTrailingZeros(e.bits())));
                    return Answer.of(s.layout()).with(TMEM_ADDRESS, address).with(TMEM_LANE_RANGE, 32 * w + " … " + (32 * w + 31))
                            .with(TMEM_TV, copy.tiledLayoutTV())
                            .with(TMEM_TILER, "(" + String.join(",", copy.tilerLayouts().stream().map(Layout::toString).toList()) + ")")
                            .with(TMEM_REGISTERS, regs.layout()).with(TMEM_REGISTERS_OFFSET, regs.offset())
                            .with(TMEM_LOADS, s.layout().size() / atomValues).with(TMEM_REGS, TmemCopyAtoms.registersPerThread(c));
                })
                .cpp(callChecking("[&] { if constexpr (LOAD) return thr.partition_S(T); else return thr.partition_D(T); }()")
                        .after(TMEM_NAMES[0], "auto T = make_tensor(make_tmem_ptr<{type:name}>(), {tmem});", "auto tc = make_tmem_copy({copy:type}{}, T);",
                                "auto thr = tc.get_slice({thread:literal});",
                                "constexpr bool LOAD = std::is_same_v<typename decltype(tc)::ValLayoutRef, typename decltype(tc)::ValLayoutSrc>;",
                                "auto I = make_tensor(counting_iterator<int>(0), make_layout(shape(T)));",
                                "auto R = [&] { if constexpr (LOAD) return thr.partition_D(I); else return thr.partition_S(I); }();")
                        .check(Field.RESULT, "r.layout()").checkAtRun(TMEM_ADDRESS, "r.data().get()")
                        .check(TMEM_TV, "typename decltype(tc)::TiledLayout_TV{}").check(TMEM_REGISTERS, "R.layout()")
                        .checkAtRun(TMEM_REGISTERS_OFFSET, "*R.data()"))
                .dsl(none(DSL_TMEM)).example("SM100_TMEM_LOAD_32dp32b8x", "F32", "(128,256):(65536,1)", "33")
                .pictures(Picture.of("tmem-copy", "TMEM copy", "a TMEM copy atom, the accumulator's type, the TMEM tensor's layout and a"
                        + " thread", 4, 4, (args, answer, o) -> {
                            TiledCopy copy = TmemCopy.make(args.get(atom), args.get(type).element().bits(), args.get(tmem));
                            TmemCopy.requireWarpLanes(copy, args.get(tmem));
                            // the copy's first tile of the accumulator, each (m,n) by the thread and register that hold it; the
                            // TMEM side's offsets are tmem_ptr's, lane·65536 + column (the tile by mode: make_cotiled_copy's tiler)
                            List<Tiler> byMode = copy.tilerLayouts().stream().map(l -> (Tiler) l).toList();
                            AnyLayout first = Composition.compose(args.get(tmem), new Tiler.ByMode(byMode));
                            return org.layoutcat.diagrams.Drawings.copy(copy, first, null, o.get(Picture.TITLE) != null
                                    ? o.get(Picture.TITLE) : copy.atom().name() + " over the first " + copy.tiler() + " tile of "
                                    + args.get(tmem) + ": each (m,n) by the thread (T) and register (V) that hold it, and its TMEM address");
                        }))
                .build());
        Param<Integer> warps = Param.optional("warps", ArgKind.integer("the epilogue's warps", 1, 32), "the epilogue's warps reading"
                + " the accumulator (default 4: one warpgroup; 8 splits N between two)");
        TABLE.add(declare("tmem_plan", BLACKWELL, "the epilogue's TMEM loads of an accumulator: every load atom make_tmem_copy takes,"
                        + " its loads per warp and registers, the cheapest first")
                .params(tile, sms, type, warps).fields(TMEM_COLUMNS, TMEM_ALLOCATION, TMEM_FITS, TMEM_SLICE, TMEM_LOADS, TMEM_REGS, TMEM_CHOICES,
                        TMEM_REFUSED)
                .body(a -> {
                    IntTuple t = tmemTile("tmem_plan", a.get(tile));
                    TmemPlanner.Plan p = TmemPlanner.plan(a.get(type).element(), a.get(sms), t.mode(0).value(), t.mode(1).value(),
                            a.getOr(warps, 4));
                    TmemPlanner.Load best = p.loads().get(0);
                    List<String> choices = new ArrayList<>();
                    for (TmemPlanner.Load l : p.loads()) {
                        choices.add(l.atom().name() + " " + l.loadsPerWarp() + "×" + l.registersPerLoad());
                    }
                    return Answer.of(best.atom().name()).withDetail(TMEM_ACCUMULATOR, p.accumulator()).with(TMEM_COLUMNS, p.accumulator().columns())
                            .with(TMEM_ALLOCATION, p.allocation().allocated()).with(TMEM_FITS, p.allocation().fits()).with(TMEM_SLICE, p.slice())
                            .with(TMEM_LOADS, best.loadsPerWarp()).with(TMEM_REGS, best.registersPerLoad())
                            .with(TMEM_CHOICES, String.join(", ", choices)).with(TMEM_REFUSED, p.refused().size());
                })
                .cpp(none("the plan ranks the atoms by counts read off make_tmem_copy's partitions; each atom's partition is tmem_copy's,"
                        + " whose C++ test checks it against CuTe (CuTe has no ranking to compare)"))
                .dsl(none(DSL_TMEM)).example("(128,256)", "1", "F32")
                .pictures(Picture.of("tmem", "tensor memory", "an accumulator tile (M,N), its SMs, its type and mode", 3, 4,
                        (args, answer, o) -> org.layoutcat.diagrams.picture.TmemPicture.of(tmemAccumulator(args.get(tile), args.get(sms),
                                args.get(type), args.getOr(mode, AllocMode.INTERLEAVED)), o.get(Picture.TITLE))).shown(Picture.View.TMEM))
                .build());
    }

    private static void atoms() {
        Param<MmaAtom> mma = Param.of("mma", ArgKind.MMA_ATOM, "an MMA atom, by CuTe's type: its name, with the template arguments it takes (SM90_64x64x16_F32F16F16_SS<GMMA::Major::MN, GMMA::Major::K>)");
        Param<CopyAtom> copy = Param.of("copy", ArgKind.COPY_ATOM, "a copy atom, by CuTe's name");
        Param<Integer> valueBits = Param.of("value_bits", ArgKind.integer("value_bits", 1, 128), "the bits of each value copied");
        Param<Integer> optionalBits = Param.optional("value_bits", ArgKind.integer("value_bits", 1, 128), "layouts in elements of these bits (default: bits)");
        Param<Layout> atomLayout = Param.of("atom_layout", ArgKind.ATOM_LAYOUT, "how atoms tile the MMA, e.g. 2x2x1");
        Param<Tiler> permutation = Param.optional("permutation", ArgKind.TILER, "the tiled MMA's permutation, e.g. <32,32,16>");
        TABLE.add(declare("mma_atom", ATOMS, "an MMA atom's shape and thread–value layouts").params(mma)
                .fields(PTX, ISA, FAMILY, TYPES, SHAPE_MNK, THR_ID, LAYOUT_A_TV, LAYOUT_B_TV, LAYOUT_C_TV, LAYOUT_E_TV).body(a -> mmaAtom(a.get(mma)))
                .cpp(callChecking("MMA_Atom<{mma:type}>{}").check(SHAPE_MNK, "typename decltype(r)::Shape_MNK{}")
                        .check(THR_ID, "typename decltype(r)::ThrID{}").check(LAYOUT_A_TV, "typename decltype(r)::LayoutA_TV{}")
                        .check(LAYOUT_B_TV, "typename decltype(r)::LayoutB_TV{}").check(LAYOUT_C_TV, "typename decltype(r)::LayoutC_TV{}"))
                .dsl(none(DSL_ATOMS)).example("SM80_16x8x16_F32F16F16F32_TN").pictures(Pictures.mmaAtom(mma)).build());
        TABLE.add(declare("copy_atom", ATOMS, "a copy atom's thread–value layouts of source and destination").params(copy, optionalBits)
                .fields(PTX, ISA, THR_ID, LAYOUT_SRC_TV, LAYOUT_DST_TV)
                .body(a -> {
                    CopyAtom c = a.get(copy);
                    int b = a.getOr(optionalBits, 1);
                    return Answer.of(c.name()).with(PTX, c.ptx()).with(ISA, c.isaSection()).with(THR_ID, c.thrID())
                            .with(LAYOUT_SRC_TV, b == 1 ? c.src() : c.src(b)).with(LAYOUT_DST_TV, b == 1 ? c.dst() : c.dst(b));
                })
                .cpp(callChecking("Copy_Atom<{copy:type}, {value_bits:type=1}>{}").check(THR_ID, "typename decltype(r)::ThrID{}")
                        .check(LAYOUT_SRC_TV, "typename decltype(r)::ValLayoutSrc{}")
                        .check(LAYOUT_DST_TV, "typename decltype(r)::ValLayoutDst{}"))
                .dsl(none(DSL_ATOMS)).example("SM75_U32x4_LDSM_N", "16").build());
        List<Field<?>> tiledMmaFields = List.of(TILE_MNK, THREADS, THR_LAYOUT_VMNK, LAYOUT_A_TV, LAYOUT_B_TV, LAYOUT_C_TV);
        TABLE.add(declare("tiled_mma", ATOMS, "an MMA atom tiled over an atom layout: its tile, threads and thread–value layouts")
                .params(mma, atomLayout, permutation).fields(tiledMmaFields)
                .body(a -> {
                    TiledMma m = TiledMma.of(a.get(mma), a.get(atomLayout), a.getOr(permutation, null));
                    return Answer.of(m.toString()).with(TILE_MNK, m.tileShape()).with(THREADS, m.threads())
                            .with(THR_LAYOUT_VMNK, m.thrLayoutVMNK()).with(LAYOUT_A_TV, m.layoutA()).with(LAYOUT_B_TV, m.layoutB())
                            .with(LAYOUT_C_TV, m.layoutC());
                })
                .cpp(tiledMmaChecks(callChecking("make_tiled_mma({mma}, {atom_layout}⟦, {permutation}⟧)"))).dsl(none(DSL_ATOMS))
                .example("SM80_16x8x16_F32F16F16F32_TN", "2x2x1")
                .pictures(Pictures.tiledMma(mma, atomLayout, permutation)).build());
        Param<Layout> thrLayout = Param.of("thr_layout", ArgKind.LAYOUT, "the threads' layout");
        Param<Layout> valLayout = Param.of("val_layout", ArgKind.LAYOUT, "each thread's values' layout");
        List<Field<?>> tiledCopyFields = List.of(TILER, THREADS, LAYOUT_TV, LAYOUT_S_TV, LAYOUT_D_TV);
        TABLE.add(declare("tiled_copy", ATOMS, "make_tiled_copy: a copy atom tiled over threads and values")
                .params(copy, valueBits, thrLayout, valLayout).fields(tiledCopyFields)
                .body(a -> tiledCopy(TiledCopy.of(a.get(copy), a.get(valueBits), a.get(thrLayout), a.get(valLayout))))
                .cpp(tiledCopyChecks(callChecking("make_tiled_copy(Copy_Atom<{copy:type}, {value_bits:type}>{}, {thr_layout}, {val_layout})")))
                .dsl(none(DSL_ATOMS)).example("SM75_U32x4_LDSM_N", "16", "(32,1)", "(1,8)")
                .pictures(Pictures.tiledCopy(copy, valueBits, thrLayout, valLayout)).build());
        for (String which : List.of("a", "b", "c")) {
            TABLE.add(declare("tiled_copy_" + which, ATOMS, "make_tiled_copy_" + which.toUpperCase() + ": a copy atom tiled to a tiled MMA's "
                            + which.toUpperCase() + " operand")
                    .params(copy, valueBits, mma, atomLayout, permutation).fields(tiledCopyFields)
                    .body(a -> {
                        TiledMma m = TiledMma.of(a.get(mma), a.get(atomLayout), a.getOr(permutation, null));
                        CopyAtom c = a.get(copy);
                        int b = a.get(valueBits);
                        return tiledCopy(switch (which) {
                            case "a" -> TiledCopy.forA(c, b, m);
                            case "b" -> TiledCopy.forB(c, b, m);
                            default -> TiledCopy.forC(c, b, m);
                        });
                    })
                    .cpp(tiledCopyChecks(callChecking("make_tiled_copy_" + which.toUpperCase() + "(Copy_Atom<{copy:type}, {value_bits:type}>{},"
                            + " make_tiled_mma({mma}, {atom_layout}⟦, {permutation}⟧))")))
                    .dsl(// ldmatrix for A and B (x4 for A's 32x16 tile, x2 for B's 16x16), plain 32-bit stores for C
                    none(DSL_ATOMS))
                    .example(which.equals("a") ? "SM75_U32x4_LDSM_N" : which.equals("b") ? "SM75_U32x2_LDSM_N" : "UniversalCopy_U32", "16", "SM80_16x8x16_F32F16F16F32_TN", "2x2x1")
                    .build());
        }
        Param<AnyLayout> tensor = Param.of("tensor", ArgKind.ANY_LAYOUT, "the operand's layout, (M,K), (N,K), (M,N) or with further"
                + " modes (a pipeline's stages): with integer strides or swizzled (Sw<B,M,S> o off o L, or CuTe's pointer form)");
        Param<Long> thread = Param.of("thread", ArgKind.INDEX, "the thread's index");
        for (String which : List.of("a", "b", "c")) {
            boolean operand = !which.equals("c"); // A and B: registers, or descriptors of shared memory
            Field<Layout> fragmentField = FRAGMENT.when("where the atom holds the operand in registers or reads it by wgmma descriptors"
                    + " (not a UMMA atom's: see umma_fragment)", x -> !ofUmma(x));
            Field<List<String>> descriptorsField = DESCRIPTORS.when("where the atom holds the operand in registers or reads it by wgmma"
                    + " descriptors (not a UMMA atom's: see umma_fragment)", x -> !ofUmma(x));
            TABLE.add(declare("partition_" + which, ATOMS, "a thread's part of the " + which.toUpperCase() + " operand, its offset and its"
                            + (operand ? " fragment: registers, or a wgmma's descriptors" : " register fragment")
                            + " (a UMMA atom's: where it lives, shared or tensor memory)")
                    .params(mma, atomLayout, tensor, thread)
                    .fields(operand ? List.of(OFFSET, fragmentField, descriptorsField, UMMA_FRAGMENT) : List.of(OFFSET, fragmentField, UMMA_FRAGMENT))
                    .body(a -> {
                        TiledMma m = TiledMma.of(a.get(mma), a.get(atomLayout), null);
                        AnyLayout t = a.get(tensor);
                        long th = a.get(thread);
                        Sliced<AnyLayout> s = switch (which) {
                            case "a" -> m.partitionA(t, th);
                            case "b" -> m.partitionB(t, th);
                            default -> m.partitionC(t, th);
                        };
                        if (m.atom().umma()) {
                            return Answer.of(s.layout()).with(OFFSET, s.offset()).with(UMMA_FRAGMENT, ummaFragment(m.atom(), which))
                                    .withDetail(PARTITIONED_BY, m.atom());
                        }
                        if (!operand) return Answer.of(s.layout()).with(OFFSET, s.offset()).with(FRAGMENT, m.partitionFragmentC(t));
                        // a shared-memory operand of a wgmma: CuTe's fragment is a tensor of descriptors, at the tensor's address
                        long address = AnyLayout.pointerAddress(a.text(tensor)).orElse(0);
                        TiledMma.DescriptorFragment d = which.equals("a") ? m.descriptorFragmentA(t, address) : m.descriptorFragmentB(t, address);
                        if (d == null) {
                            Layout fragment = which.equals("a") ? m.partitionFragmentA(t) : m.partitionFragmentB(t);
                            return Answer.of(s.layout()).with(OFFSET, s.offset()).with(FRAGMENT, fragment).with(DESCRIPTORS, List.of());
                        }
                        return Answer.of(s.layout()).with(OFFSET, s.offset()).with(FRAGMENT, d.layout())
                                .with(DESCRIPTORS, d.descriptors().stream().map(Object::toString).toList());
                    })
                    .cpp(callChecking("thr_mma.partition_" + which.toUpperCase() + "(T)")
                            .after("auto thr_mma = make_tiled_mma({mma}, {atom_layout}).get_slice({thread:literal});", "auto T = {tensor:tensor};",
                                    // a swizzled tile's registers are those of its shared-memory tensor, whose pointer
                                    // holds the swizzle: the fragment of its inner layout (a counting tensor of the
                                    // swizzled layout would order a decayed slice's dynamic strides last)
                                    "auto registers_of = [](auto t) { if constexpr (is_composed_layout<decltype(t.layout())>::value)"
                                            + " return make_tensor(t.data(), t.layout().layout_b()); else return t; };")
                            .checkAtRun(Field.RESULT, "r.layout()").checkAtRun(OFFSET, "*r.data()")
                            .check(FRAGMENT, "thr_mma.partition_fragment_" + which.toUpperCase() + "(registers_of(T)).layout()"))
                    .dsl(none(DSL_ATOMS)).example("SM80_16x8x16_F32F16F16F32_TN", "2x2x1", "(64,32):(1,64)", "5").build());
        }
        for (String side : List.of("s", "d")) {
            String upper = side.toUpperCase();
            TABLE.add(declare("partition_" + side, ATOMS, "a thread's part of a tiled copy's " + (side.equals("s") ? "source" : "destination")
                            + " tensor (ThrCopy::partition_" + upper + "): (CPY, CPY_M, CPY_N) and its offset")
                    .params(copy, valueBits, thrLayout, valLayout, tensor, thread).fields(OFFSET)
                    .body(a -> {
                        TiledCopy c = TiledCopy.of(a.get(copy), a.get(valueBits), a.get(thrLayout), a.get(valLayout));
                        Sliced<AnyLayout> p = side.equals("s") ? c.partitionS(a.get(tensor), a.get(thread)) : c.partitionD(a.get(tensor), a.get(thread));
                        return Answer.of(p.layout()).with(OFFSET, p.offset());
                    })
                    .cpp(callChecking("thr_copy.partition_" + upper + "(T)")
                            .after("auto thr_copy = make_tiled_copy(Copy_Atom<{copy:type}, {value_bits:type}>{}, {thr_layout},"
                                    + " {val_layout}).get_slice({thread:literal});", "auto T = {tensor:tensor};")
                            .checkAtRun(Field.RESULT, "r.layout()").checkAtRun(OFFSET, "*r.data()"))
                    .dsl(none(DSL_ATOMS))
                    .example("SM80_CP_ASYNC_CACHEALWAYS_U128", "16", "(32,4):(4,1)", "(1,8)", "(64,64):(64,1)", "5").build());
        }
        Param<Operand> operand = Param.of("operand", ArgKind.oneOf(Operand.class), "the tiled MMA's operand the copy is tiled to: A, B or C");
        Param<Layout> fragment = Param.of("fragment", ArgKind.LAYOUT, "a thread's register tensor as another partitioning lays it out,"
                + " e.g. partition_a's fragment (FrgV,RestM,RestK)");
        for (String side : List.of("s", "d")) {
            String upper = side.toUpperCase();
            TABLE.add(declare("retile_" + side, ATOMS, "a thread's register fragment seen as a tiled copy's " + (side.equals("s") ? "source" : "destination")
                            + " partition expects it (ThrCopy::retile_" + upper + ", the copy tiled to an MMA operand):"
                            + " ((AtomVal,RestVal),RestM,RestN,...)")
                    .params(copy, valueBits, mma, atomLayout, operand, fragment, permutation)
                    .body(a -> {
                        TiledMma m = TiledMma.of(a.get(mma), a.get(atomLayout), a.getOr(permutation, null));
                        TiledCopy c = switch (a.get(operand)) {
                            case A -> TiledCopy.forA(a.get(copy), a.get(valueBits), m);
                            case B -> TiledCopy.forB(a.get(copy), a.get(valueBits), m);
                            case C -> TiledCopy.forC(a.get(copy), a.get(valueBits), m);
                        };
                        return Answer.of(side.equals("s") ? c.retileS(a.get(fragment)) : c.retileD(a.get(fragment)));
                    })
                    .cpp(callChecking("thr_copy.retile_" + upper + "(T)")
                            .after("auto thr_copy = make_tiled_copy_{operand:name}(Copy_Atom<{copy:type}, {value_bits:type}>{},"
                                    + " make_tiled_mma({mma}, {atom_layout}⟦, {permutation}⟧)).get_slice(0);", "auto T = {fragment:tensor};")
                            .check(Field.RESULT, "r.layout()"))
                    .dsl(none(DSL_ATOMS))
                    .example("SM75_U32x4_LDSM_N", "16", "SM80_16x8x16_F32F16F16F32_TN", "2x2x1", "A", "((2,2,2),2,2):((1,2,4),16,8)")
                    .build());
        }
        tmaDescriptor();
        tmaIm2colDescriptor();
        tmaPartition();
        tmaMulticast();
        copyBankConflicts(copy, valueBits);
        swizzleSearch();
    }

    /** The operand of a tiled MMA that a tiled copy is tiled to, as {@code make_tiled_copy_A/B/C} name it. */
    private enum Operand { A, B, C }

    /** Why the atoms' operations have no CuTe DSL test. */
    private static final String DSL_ATOMS = "CuTe DSL builds atoms from operation objects and element types"
            + " (cute.nvgpu.warp.MmaF16BF16Op(...), cute.make_copy_atom(op, dtype)), not from CuTe C++'s type names that"
            + " layoutcat's catalog uses; layoutcat writes the C++ test";

    /** The checks of a tiled MMA {@code r}: its tile, threads, thread layout and thread–value layouts. */
    private static CodeForm.Call tiledMmaChecks(CodeForm.Call c) {
        return c.check(TILE_MNK, "make_shape(tile_size<0>(r), tile_size<1>(r), tile_size<2>(r))").check(THREADS, "size(r)")
                .check(THR_LAYOUT_VMNK, "r.get_thr_layout_vmnk()").check(LAYOUT_A_TV, "r.get_layoutA_TV()")
                .check(LAYOUT_B_TV, "r.get_layoutB_TV()").check(LAYOUT_C_TV, "r.get_layoutC_TV()");
    }

    /** The checks of a tiled copy {@code r}: its tiler, threads and thread–value layouts. */
    private static CodeForm.Call tiledCopyChecks(CodeForm.Call c) {
        return c.check(TILER, "typename decltype(r)::Tiler_MN{}").check(THREADS, "size(r)")
                .check(LAYOUT_TV, "typename decltype(r)::TiledLayout_TV{}").check(LAYOUT_S_TV, "r.get_layoutS_TV()")
                .check(LAYOUT_D_TV, "r.get_layoutD_TV()");
    }

    /**
     * Where a UMMA atom keeps operand {@code which} ("a", "b" or "c") and the fragment CuTe's partition_fragment makes
     * of it ({@code FrgTypeA/B/C} of {@code cute/atom/mma_traits_sm100.hpp}).
     */
    private static String ummaFragment(MmaAtom atom, String which) {
        String frg = atom.threads() == 2 ? "UMMA::tmem_frg_2sm" : "UMMA::tmem_frg_1sm";
        return switch (which) {
            case "a" -> atom.tensorMemoryA()
                    ? "A in tensor memory, not registers: partition_fragment_A is a tensor-memory tensor (" + frg + ", from the"
                            + " tensor memory allocation)"
                    : "A in shared memory: partition_fragment_A of a shared-memory tensor is a tensor of UMMA descriptors"
                            + " (UMMA::smem_desc<UMMA::Major::" + atom.majorA() + ">)";
            case "b" -> "B in shared memory: partition_fragment_B of a shared-memory tensor is a tensor of UMMA descriptors"
                    + " (UMMA::smem_desc<UMMA::Major::" + atom.majorB() + ">)";
            default -> "C in tensor memory, not registers: partition_fragment_C is a tensor-memory tensor (" + frg + ")";
        };
    }

    /** An MMA atom's answer: its type as CuTe spells it (the majors a bare GMMA name was read with), its traits' layouts. */
    private static Answer mmaAtom(MmaAtom a) {
        Answer r = Answer.of(a.type()).with(PTX, a.ptx()).with(ISA, a.isaSection()).with(FAMILY, a.family())
                .with(TYPES, "A " + a.ab().cute() + ", B " + a.bType().cute() + ", C " + a.d().cute()).with(SHAPE_MNK, a.shapeMNK())
                .with(THR_ID, a.thrID()).with(LAYOUT_A_TV, a.a()).with(LAYOUT_B_TV, a.b()).with(LAYOUT_C_TV, a.c());
        return a.metadata().map(e -> r.with(LAYOUT_E_TV, e)).orElse(r);
    }

    private static Answer tiledCopy(TiledCopy c) {
        return Answer.of(c.toString()).with(TILER, c.tiler()).with(THREADS, c.threads())
                .with(LAYOUT_TV, c.tiledLayoutTV()).with(LAYOUT_S_TV, c.layoutS()).with(LAYOUT_D_TV, c.layoutD());
    }

    /** An answer as a person reads it: the result, then a line {@code name: value} per field. */
    static String lines(Answer a) {
        StringBuilder sb = new StringBuilder(a.result());
        for (int i = 0; i < a.fieldCount(); i++) sb.append(System.lineSeparator()).append(a.key(i).name()).append(": ").append(a.text(i));
        return sb.toString();
    }
}
