package org.layoutcat.ops;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.LayoutArgumentException;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.atom.TiledMma;
import org.layoutcat.diagrams.Diagram;
import org.layoutcat.diagrams.picture.CoordinatePicture;
import org.layoutcat.diagrams.picture.LayoutPicture;

/**
 * A picture of an operation, declared in the operation's entry of the table ({@link Operation#pictures}): a typed
 * function from the operation's arguments (read by its {@link Param}s) and its answer to a {@link Diagram}, with the
 * picture's options declared typed beside it. {@code layoutcat draw NAME ARGS} and the explorer's views are generated
 * from these declarations ({@link Pictures}). Immutable.
 *
 * <p>Example, composition's walkthrough:
 * <pre>{@code
 * Picture.of("compose", "compose", "layouts A and B (A o B, B applied first)", (args, answer, o) ->
 *         Drawings.compose(args.get(A), args.get(B), o.get(Picture.TITLE)))
 * }</pre>
 *
 * @param name     the picture's name, as {@code draw NAME} and the explorer's views say it ({@code compose})
 * @param label    how the explorer's page names it ({@code tiled MMA})
 * @param words    what {@code draw NAME} takes, for its usage error ("layouts A and B (A o B, B applied first)")
 * @param counts   the numbers of positional arguments {@code draw NAME} takes
 * @param leading  how many of them are the operation's arguments; those after are {@code trailing} options
 * @param trailing options that may also be given as positional arguments after the leading ones, in order
 * @param options  every option the picture takes (the trailing ones included; {@link #TITLE} always)
 * @param route    the operation's request from the leading arguments and the options (the picture's own
 *                 operation with the arguments as given, unless the picture says otherwise)
 * @param draw     the drawing
 * @param view     how the explorer shows it
 * @param naming   the options that name arguments of the operation ({@code --atoms}: the atom layout), which a form of
 *                 the operation's arguments does not ask for twice
 */
public record Picture(String name, String label, String words, Set<Integer> counts, int leading, List<Option<?>> trailing,
        List<Option<?>> options, Route route, Draw draw, View view, List<Option<?>> naming) {

    /** A picture's drawing: from the operation's arguments, its answer (computed when first asked for), the options. */
    @FunctionalInterface
    public interface Draw {
        Diagram draw(Args args, Supplier<Answer> answer, Values options);
    }

    /**
     * The request a picture draws, from {@code draw}'s leading positional arguments and the options: its own
     * operation's, of those arguments or of arguments the options complete, or another operation's picture of the same
     * name (a form of divide, a morphism written as an arrow).
     */
    @FunctionalInterface
    public interface Route {
        Routing route(List<String> leading, Values options);
    }

    /** Where a picture's request goes. */
    public sealed interface Routing {
        /** The picture's own operation, with these arguments. */
        record Own(List<String> args) implements Routing {}

        /** Another operation's picture of the same name. */
        record Other(String op, List<String> args) implements Routing {}
    }

    /** How the explorer shows a picture: as data for its canvas, or as the picture itself. */
    public enum View {
        /** the layout's grid of offsets (and banks) */
        GRID,
        /** a thread–value layout over its tile */
        TV,
        /** a tiled MMA's A, B and C */
        MMA,
        /** a tiled copy's source and destination */
        COPY,
        /** one instruction's banks */
        BANKS,
        /** a copy stage's banks */
        STAGE,
        /** the composition walkthrough, a step at a time */
        STEPS,
        /** a divide's or product's tiling picture, and its result's grid to hover */
        TILING,
        /** a TMA copy's picture, and the tile's elements in global and shared memory to hover */
        TMA,
        /** tensor memory's lanes × columns as an accumulator fills them, each cell the elements it holds */
        TMEM,
        /** the swizzle search: its candidates ranked against the bound and CUTLASS's choice, and one candidate's stage banks */
        SEARCH,
        /** the picture as drawn (SVG) */
        FIGURE
    }

    public Picture {
        counts = Set.copyOf(counts);
        naming = List.copyOf(naming);
        trailing = List.copyOf(trailing);
        List<Option<?>> all = new ArrayList<>(options);
        if (!all.contains(TITLE)) all.add(TITLE);
        options = List.copyOf(all);
        for (Option<?> t : trailing) if (!options.contains(t)) throw new IllegalArgumentException(name + ": a trailing option not declared");
    }

    /**
     * A picture whose positional arguments are its operation's ({@code min} to {@code max} of them), no option but
     * the title, shown as a figure.
     */
    public static Picture of(String name, String label, String words, int min, int max, Draw draw) {
        return new Picture(name, label, words, range(min, max), max, List.of(), List.of(), null, draw, View.FIGURE, List.of());
    }

    /** This picture taking these options too. */
    public Picture with(Option<?>... more) {
        List<Option<?>> all = new ArrayList<>(options);
        all.addAll(List.of(more));
        return new Picture(name, label, words, counts, leading, trailing, all, route, draw, view, naming);
    }

    /** This picture taking these options after its leading arguments too ({@code draw layout L BYTES}). */
    public Picture trailing(Option<?>... after) {
        List<Option<?>> t = new ArrayList<>(trailing);
        t.addAll(List.of(after));
        List<Option<?>> all = new ArrayList<>(options);
        for (Option<?> o : after) if (!all.contains(o)) all.add(o);
        return new Picture(name, label, words, counts, leading, t, all, route, draw, view, naming);
    }

    /** This picture with {@code leading} positional arguments for its operation and {@code counts} in all. */
    public Picture positional(int leading, Integer... counts) {
        return new Picture(name, label, words, Set.of(counts), leading, trailing, options, route, draw, view, naming);
    }

    /** This picture drawing the request {@code route} makes, these options naming the operation's arguments. */
    public Picture routed(Route route, Option<?>... naming) {
        return new Picture(name, label, words, counts, leading, trailing, options, route, draw, view, List.of(naming));
    }

    /** This picture drawing the request {@code route} makes. */
    public Picture routed(Route route) {
        return new Picture(name, label, words, counts, leading, trailing, options, route, draw, view, naming);
    }

    /** This picture shown by the explorer as {@code view}. */
    public Picture shown(View view) {
        return new Picture(name, label, words, counts, leading, trailing, options, route, draw, view, naming);
    }

    /** This picture under another name and label (the same drawing, of another operation). */
    public Picture named(String name, String label) {
        return new Picture(name, label, words, counts, leading, trailing, options, route, draw, view, naming);
    }

    private static Set<Integer> range(int min, int max) {
        Set<Integer> s = new java.util.HashSet<>();
        for (int i = min; i <= max; i++) s.add(i);
        return s;
    }

    /** The fewest positional arguments. */
    public int minArgs() {
        return counts.stream().mapToInt(Integer::intValue).min().orElse(0);
    }

    /** The most positional arguments. */
    public int maxArgs() {
        return counts.stream().mapToInt(Integer::intValue).max().orElse(0);
    }

    // ---------------------------------------------------------------------------------------------------------
    // Options

    /**
     * An option of a picture: its name (as {@code --NAME} and the explorer's forms say it), how its text is read
     * as a flag ({@code --elem 2}: a refusal is a usage error) and as a trailing positional argument
     * ({@code draw layout L 2}: a refusal names the picture), its value where not given, and, where it has a few, its
     * choices. Immutable.
     */
    public record Option<T>(String name, String label, Function<String, T> flag, Positional<T> positional, T otherwise,
            List<String> choices, boolean usage) {
        public Option {
            choices = List.copyOf(choices);
        }

        /** Options are declared once, as constants: one is the same option only as itself. */
        @Override
        public boolean equals(Object o) {
            return this == o;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(this);
        }

        /** How a trailing positional argument is read: {@code picture} is the picture's name, for the refusal's words. */
        @FunctionalInterface
        public interface Positional<T> {
            T read(String picture, String text);
        }

        /**
         * The value of a flag's text. A refusal is a usage error in picocli's words where the option's value is read as
         * the line is parsed ({@code usage}), else a refused input (a layout, a tiler), in its reading's words.
         */
        T readFlag(String text) {
            try {
                return flag.apply(text);
            } catch (IllegalArgumentException e) {
                if (!usage) throw e;
                throw new Pictures.Usage("Invalid value for option '--" + name + "': " + e.getMessage());
            }
        }
    }

    /** An option read when the picture is drawn, its refusal a refused input (a layout, a tiler), not a usage error. */
    private static <T> Option<T> value(String name, String label, Function<String, T> reading) {
        return new Option<>(name, label, reading, (p, t) -> reading.apply(t), null, List.of(), false);
    }

    /** An element's or a vector's bytes: 1, 2, 4, 8 or 16. */
    public static Integer bytes(String text) {
        Integer b = byteCount(text);
        if (b == null) throw new IllegalArgumentException("'" + LayoutArgumentException.quote(text) + "' bytes are none of 1, 2, 4, 8, 16");
        return b;
    }

    private static Option.Positional<Integer> bytesOf(String what) {
        return (p, text) -> {
            Integer b = byteCount(text);
            if (b == null) throw new IllegalArgumentException(p + ": the " + what + "'s bytes '" + text + "' are none of 1, 2, 4, 8, 16");
            return b;
        };
    }

    /** The bytes {@code text} writes (one or two digits, spaces aside), where they are 1, 2, 4, 8 or 16; else null. */
    private static Integer byteCount(String text) {
        String t = text.trim();
        if (t.isEmpty() || t.length() > 2 || t.chars().anyMatch(c -> c < '0' || c > '9')) return null;
        int b = Integer.parseInt(t);
        return b == 1 || b == 2 || b == 4 || b == 8 || b == 16 ? b : null;
    }

    private static final List<String> BYTES = List.of("1", "2", "4", "8", "16");

    /** The forms of divide and product. */
    public enum Form {
        LOGICAL, ZIPPED, TILED, FLAT, BLOCKED, RAKED;

        /** One of the forms, case aside. */
        public static Form parse(String text) {
            String t = text.trim().toUpperCase(Locale.ROOT);
            for (Form f : values()) if (f.name().equals(t)) return f;
            throw new IllegalArgumentException("the form '" + LayoutArgumentException.quote(text)
                    + "' is none of logical, zipped, tiled, flat (divide and product), blocked, raked (product)");
        }

        /** Lower case, as CuTe's names begin: {@code zipped}. */
        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The operands an MMA picture draws. */
    public enum Operands {
        /** the accumulators alone */
        C,
        /** A, B and C */
        ABC;

        /** C or ABC, case aside. */
        public static Operands parse(String text) {
            return switch (text.trim().toUpperCase(Locale.ROOT)) {
                case "C" -> C;
                case "ABC" -> ABC;
                default -> throw new IllegalArgumentException("--only takes C (the accumulators alone) or ABC (A, B and C); got \""
                        + LayoutArgumentException.quote(text) + "\"");
            };
        }

        /**
         * The operands drawn where none are asked for: C alone for a {@code wgmma} or {@code tcgen05.mma} atom (its A and
         * B are read from shared memory by descriptors, or A from tensor memory, CuTe's TV layouts giving every thread
         * every element of them), A, B and C otherwise.
         */
        public static Operands of(TiledMma mma, Operands asked) {
            if (asked != null) return asked;
            return switch (mma.atom().family()) {
                case MMA_SYNC -> ABC;
                case WGMMA_SS, WGMMA_RS, WGMMA_SP_SS, WGMMA_SP_RS, UMMA_SS, UMMA_TS -> C;
            };
        }
    }

    /** {@code --title}: a title instead of the picture's own. */
    public static final Option<String> TITLE = new Option<>("title", "title", t -> t, (p, t) -> t, null, List.of(), false);
    /** {@code --elem}: bytes per element. */
    public static final Option<Integer> ELEM = new Option<>("elem", "element bytes", Picture::bytes, bytesOf("element"), null, BYTES, true);
    /** {@code --vector}: bytes each thread accesses at once. */
    public static final Option<Integer> VECTOR = new Option<>("vector", "vector bytes per thread", Picture::bytes, bytesOf("vector"), null, BYTES, true);
    /** {@code --color}: how a layout's cells are coloured. */
    public static final Option<LayoutPicture.ColourBy> COLOR = new Option<>("color", "colour", LayoutPicture.ColourBy::parse,
            (p, t) -> LayoutPicture.ColourBy.parse(t), null, List.of("offset", "row", "column", "none", "banks"), true);
    /** {@code --order}: the rows' order of a coordinate table. */
    public static final Option<CoordinatePicture.Order> ORDER = new Option<>("order", "rows by", CoordinatePicture.Order::parse,
            (p, t) -> CoordinatePicture.Order.parse(t), CoordinatePicture.Order.BY_OFFSET, List.of("offset", "index"), true);
    /** {@code --kind} or a trailing FORM: the form of divide or product. */
    public static final Option<Form> KIND = new Option<>("kind", "form", Form::parse, (p, t) -> Form.parse(t), null,
            List.of("logical", "zipped", "tiled", "flat", "blocked", "raked"), true);
    /** {@code --only}: the operands an MMA picture draws. */
    public static final Option<Operands> ONLY = new Option<>("only", "operands", Operands::parse, (p, t) -> Operands.parse(t), null,
            List.of("C", "ABC"), true);
    /** {@code --atoms}: a tiled MMA's atom layout, e.g. 2x2x1. */
    public static final Option<Layout> ATOMS = value("atoms", "atom layout MxNxK", TiledMma::parseAtomLayout);
    /** {@code --permute}: a tiled MMA's permutation <M,N,K>. */
    public static final Option<Tiler> PERMUTE = value("permute", "permutation <M,N,K>", Tiler::parse);
    /** {@code --src}: a copy's source tensor over the tile. */
    public static final Option<AnyLayout> SRC = value("src", "source tensor over the tile", AnyLayout::parse);
    /** {@code --dst}: a copy's destination tensor over the tile. */
    public static final Option<AnyLayout> DST = value("dst", "destination tensor over the tile", AnyLayout::parse);
    /** A candidate of a search by its rank (1: the best), trailing the search's arguments. */
    public static final Option<Integer> CANDIDATE = new Option<>("candidate", "candidate drawn: its rank (1, the best)",
            t -> rank(t, "the candidate"), (p, t) -> rank(t, p + ": the candidate"), null, List.of(), true);

    /** A rank: a whole number from 1. */
    private static Integer rank(String text, String what) {
        String t = text.trim();
        if (t.isEmpty() || t.length() > 9 || t.chars().anyMatch(c -> c < '0' || c > '9') || Integer.parseInt(t) < 1) {
            throw new IllegalArgumentException(what + " '" + LayoutArgumentException.quote(text) + "' is no rank: 1 (the best), 2, 3, ...");
        }
        return Integer.parseInt(t);
    }

    /** A thread–value layout's tile, trailing its layout. */
    public static final Option<IntTuple> TILE = value("tile", "tile shape", IntTuple::parse);
    /** A given mutual refinement's T′, trailing T and U. */
    public static final Option<IntTuple> T_PRIME = value("t_prime", "T′", IntTuple::parse);
    /** A given mutual refinement's U′. */
    public static final Option<IntTuple> U_PRIME = value("u_prime", "U′", IntTuple::parse);

    // ---------------------------------------------------------------------------------------------------------
    // Values

    /** The options of one picture's request, read once by their declarations. Immutable. */
    public static final class Values {
        private final Map<Option<?>, Object> values;
        private final Map<Option<?>, String> texts;

        Values(Map<Option<?>, Object> values, Map<Option<?>, String> texts) {
            this.values = values;
            this.texts = texts;
        }

        /** No option given. */
        public static final Values NONE = new Values(Map.of(), Map.of());

        /** The value of option o, or its value where not given (null for most). */
        @SuppressWarnings("unchecked") // read by o's own reading
        public <T> T get(Option<T> o) {
            return values.containsKey(o) ? (T) values.get(o) : o.otherwise();
        }

        /** True where o was given. */
        public boolean has(Option<?> o) {
            return values.containsKey(o);
        }

        /** The text o was given as, or null. */
        public String text(Option<?> o) {
            return texts.get(o);
        }

        /** The options given, in the picture's order, as text. */
        public Map<String, String> texts() {
            Map<String, String> m = new java.util.LinkedHashMap<>();
            texts.forEach((o, t) -> m.put(o.name(), t));
            return m;
        }

        /**
         * The options of {@code picture} named in {@code given} (blank values left out), each read by its declaration.
         *
         * @throws Pictures.Usage for an option the picture does not take, or a value a flag's reading refuses
         */
        public static Values read(Picture picture, Map<String, String> given) {
            Map<Option<?>, Object> values = new IdentityHashMap<>();
            Map<Option<?>, String> texts = new java.util.LinkedHashMap<>();
            for (Map.Entry<String, String> e : given.entrySet()) {
                if (e.getValue() == null || e.getValue().isBlank()) continue;
                Option<?> o = null;
                for (Option<?> c : picture.options()) if (c.name().equals(e.getKey())) o = c;
                if (o == null) throw new Pictures.Usage(picture.name() + ": --" + e.getKey() + " is for the " + Pictures.takers(e.getKey()));
                String t = e.getValue().trim();
                values.put(o, o.readFlag(t));
                texts.put(o, t);
            }
            return new Values(values, texts);
        }

        /** These values with o given as {@code text} by a trailing positional argument. */
        Values withTrailing(Picture picture, Option<?> o, String text) {
            Object read = o.positional().read(picture.name(), text);
            if (values.containsKey(o)) {
                if (read.equals(values.get(o))) return this;
                throw new Pictures.Usage(picture.name() + ": the " + o.label() + " is given twice, as '" + text + "' and as '" + texts.get(o) + "'");
            }
            Map<Option<?>, Object> v = new IdentityHashMap<>(values);
            Map<Option<?>, String> t = new java.util.LinkedHashMap<>(texts);
            v.put(o, read);
            t.put(o, text.trim());
            return new Values(v, t);
        }
    }
}
