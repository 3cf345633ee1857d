package org.layoutcat.explorer;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.layoutcat.ops.Answer;
import org.layoutcat.ops.ArgKind;
import org.layoutcat.ops.Operations;
import org.layoutcat.ops.Picture;
import org.layoutcat.ops.Pictures;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.atom.Atoms;
import org.layoutcat.core.atom.TiledCopy;
import org.layoutcat.core.atom.TiledMma;
import org.layoutcat.diagrams.Diagram;
import org.layoutcat.diagrams.Drawings;
import org.layoutcat.diagrams.export.Exports;
import org.layoutcat.diagrams.picture.Panels;
import org.layoutcat.diagrams.picture.Walkthrough;

/**
 * What the explorer shows for a request: a view of one of {@code layoutcat draw}'s kinds, or of an operation of the
 * table ({@code op}), as JSON. Grids go as data ({@link Grids}) for the page to draw; the categorical pictures go as
 * SVG; a composition as its walkthrough's panels, one step each. Every view names the batch request behind it, which
 * the page's copy buttons turn into CuTe C++ and CuTe DSL.
 */
final class Views {
    private Views() {}

    /**
     * A request: a picture's name ({@code draw}'s, from the table), or {@code op} (an operation of the table, named by
     * the first argument), its positional arguments as {@code draw} (or {@code op}) takes them, and options by name.
     */
    record Request(String kind, List<String> args, Map<String, String> options) {
        Request {
            args = List.copyOf(args);
            options = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(options));
            if (!kind.equals("op") && Pictures.find(kind) == null) {
                throw new IllegalArgumentException("unknown view '" + org.layoutcat.core.LayoutArgumentException.quote(kind)
                        + "': op or a picture, one of " + String.join(", ", Pictures.names()));
            }
        }

        String option(String name) {
            String v = options.get(name);
            return v == null || v.isBlank() ? null : v.trim();
        }

        String arg(int i, String what) {
            if (i >= args.size() || args.get(i).isBlank()) throw new IllegalArgumentException(kind + ": " + what + " is missing");
            return args.get(i);
        }

        /** The picture this request draws, read by the table: its operation, arguments and options. */
        Pictures.Drawing drawing() {
            List<String> given = new ArrayList<>(args);
            while (!given.isEmpty() && given.getLast().isBlank()) given.removeLast(); // a form's optional fields left empty
            return Pictures.read(kind, given, options);
        }
    }

    /**
     * Reads a request: {@code {"kind": "layout", "args": ["(4,8):(1,4)"], "options": {"elem": "2"}}}.
     *
     * @throws IllegalArgumentException where the JSON is not such an object, naming what is wrong
     */
    static Request read(byte[] body) {
        String kind = null;
        List<String> args = new ArrayList<>();
        Map<String, String> options = new LinkedHashMap<>();
        try (JsonParser p = JSON.createParser(body)) {
            if (p.nextToken() != JsonToken.START_OBJECT) throw new IllegalArgumentException("the request is not a JSON object");
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken t = p.nextToken();
                switch (field) {
                    case "kind" -> kind = text(p, t, "kind");
                    case "args" -> {
                        if (t != JsonToken.START_ARRAY) throw new IllegalArgumentException("\"args\" must be an array of strings");
                        while (p.nextToken() != JsonToken.END_ARRAY) args.add(text(p, p.currentToken(), "each of \"args\""));
                    }
                    case "options" -> {
                        if (t != JsonToken.START_OBJECT) throw new IllegalArgumentException("\"options\" must be an object of strings");
                        while (p.nextToken() == JsonToken.FIELD_NAME) {
                            String name = p.currentName();
                            options.put(name, text(p, p.nextToken(), "option \"" + name + "\""));
                        }
                    }
                    default -> p.skipChildren();
                }
            }
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException("the request is not valid JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (kind == null) throw new IllegalArgumentException("the request names no \"kind\"");
        return new Request(kind, args, options);
    }

    private static String text(JsonParser p, JsonToken t, String what) throws IOException {
        if (t == JsonToken.VALUE_STRING) return p.getText();
        if (t == JsonToken.VALUE_NUMBER_INT) return p.getText();
        throw new IllegalArgumentException(what + " must be a string");
    }

    static final JsonFactory JSON = new JsonFactory();

    /**
     * Whether a copybanks request's copy is an MMA operand's ({@code ATOM/A|B|C/MMA/ATOMS}, as swizzle_search reads a
     * stage's copy), which no operation's arguments name, rather than a copy atom's name: read as CuTe notation reads it.
     */
    private static boolean operandCopy(Request r) {
        return r.kind().equals("copybanks") && r.args().size() > 1
                && org.layoutcat.core.CuTeNotation.parseAccessOrCopy(r.args().get(1)) instanceof org.layoutcat.core.CuTeNotation.AccessOrCopy.Copy c
                && c.fields().size() > 1;
    }

    /** The view of a request, as JSON. Refusals are IllegalArgumentException and ArithmeticException, in the engine's words. */
    static byte[] view(Request r) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(1 << 14);
        try (JsonGenerator g = JSON.createGenerator(bytes)) {
            g.writeStartObject();
            g.writeStringField("kind", r.kind());
            if (r.kind().equals("op")) {
                op(g, r);
            } else if (operandCopy(r)) {
                copyBanks(g, r); // an MMA operand's copy, which no operation's arguments name
            } else {
                Pictures.Drawing d = r.drawing();
                Answer answer = d.answer(); // answered and refused as the batch mode answers the request
                switch (d.picture().view()) {
                    case GRID -> layout(g, d, answer);
                    case TV -> tv(g, d, answer);
                    case MMA -> mma(g, d, answer);
                    case COPY -> copy(g, d, answer);
                    case BANKS -> banks(g, d, answer);
                    case STAGE -> stage(g, d, answer);
                    case STEPS -> compose(g, d, answer);
                    case FIGURE -> picture(g, d, answer);
                    case TILING -> tiling(g, d, answer);
                    case TMA -> tma(g, d, answer);
                    case TMEM -> tmem(g, d, answer);
                    case SEARCH -> search(g, d, answer);
                }
            }
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    private static void layout(JsonGenerator g, Pictures.Drawing d, Answer answer) throws IOException {
        AnyLayout l = d.args().value("L", AnyLayout.class);
        Integer given = d.options().get(Picture.ELEM);
        int elem = given == null ? 0 : org.layoutcat.core.swizzle.BankConflicts.elementBytes(l, given); // one width: the pointer's, where it has one
        g.writeStringField("title", l.toString());
        g.writeStringField("text", answer.result());
        reply(g, answer);
        List<String> notes = new ArrayList<>();
        notes.add("size " + l.size() + ", rank " + l.rank() + ", depth " + l.depth());
        if (l instanceof org.layoutcat.core.ComposedLayout c) {
            notes.add("each cell: " + c.outer() + "(" + c.offset() + " + L(i)), the swizzled offset of L = " + c.inner());
        }
        if (elem > 0) notes.add("bank = ⌊offset·" + elem + " B / 4 B⌋ mod 32");
        notes(g, notes);
        Grids.Panel grid = Grids.layout(l, elem);
        org.layoutcat.diagrams.picture.LayoutPicture.ColourBy by = d.options().get(Picture.COLOR); // as draw layout --color colours it
        if (by != null) {
            // by bank needs the element's bytes: refused as the picture refuses it (its download would be)
            if (elem == 0) org.layoutcat.diagrams.picture.LayoutPicture.Colouring.of(by);
            grid = grid.colouredBy(by.name().toLowerCase(Locale.ROOT));
        }
        panels(g, List.of(grid));
        request(g, d);
    }

    private static void tv(JsonGenerator g, Pictures.Drawing d, Answer answer) throws IOException {
        boolean made = answer.has(Operations.TILER); // make_layout_tv's answer: the TV layout and its tiler
        Layout tv = made ? (Layout) answer.value() : Pictures.integer(d.args().value("L", AnyLayout.class), "tv");
        IntTuple tile = made ? answer.get(Operations.TILER) : d.options().get(Picture.TILE);
        g.writeStringField("title", "TV " + tv + (tile != null ? " over " + tile : ""));
        g.writeStringField("text", answer.result());
        reply(g, answer);
        notes(g, List.of("left: the tile, each element with the thread T and value V that hold it; right: the TV layout,"
                + " threads down, values across, each cell its element; colour: the thread"));
        panels(g, Grids.tv(tv, tile));
        request(g, d);
    }

    private static void mma(JsonGenerator g, Pictures.Drawing d, Answer answer) throws IOException {
        // tiled_mma's picture, or mma_atom's: an atom alone, tiled 1x1x1
        boolean tiled = d.op().params().stream().anyMatch(p -> p.name().equals("atom_layout"));
        Layout atoms = tiled ? d.args().value("atom_layout", Layout.class) : null;
        TiledMma mma = TiledMma.of(d.args().value("mma", org.layoutcat.core.atom.MmaAtom.class),
                atoms != null ? atoms : TiledMma.parseAtomLayout("1x1x1"), tiled ? d.args().value("permutation", Tiler.class) : null);
        String operands = Picture.Operands.of(mma, d.options().get(Picture.ONLY)).name(); // as draw mma --only takes them
        g.writeStringField("title", mma.atom().name() + " tiled " + mma.atomLayout() + ": tile " + mma.tileShape());
        g.writeStringField("text", "C " + mma.layoutC() + "\nA " + mma.layoutA() + "\nB " + mma.layoutB());
        reply(g, answer);
        notes(g, List.of(mma.atom().ptx() + "; " + mma.threads() + " threads; A (M×K) left, B (K×N) top, C (M×N); T thread, V value",
                "C " + mma.layoutC() + "   A " + mma.layoutA() + "   B " + mma.layoutB()));
        g.writeNumberField("threads", mma.threads());
        panels(g, Grids.mma(mma, operands));
        request(g, d);
    }

    private static void copy(JsonGenerator g, Pictures.Drawing d, Answer answer) throws IOException {
        TiledCopy copy = TiledCopy.of(d.args().value("copy", org.layoutcat.core.atom.CopyAtom.class), d.args().value("value_bits", Integer.class),
                d.args().value("thr_layout", Layout.class), d.args().value("val_layout", Layout.class));
        g.writeStringField("title", copy.atom().name() + " of " + copy.valueBits() + "-bit values over a " + copy.tiler() + " tile");
        g.writeStringField("text", "S " + copy.layoutS() + "\nD " + copy.layoutD());
        reply(g, answer);
        notes(g, List.of(copy.atom().ptx() + "; " + copy.threads() + " threads; source left, destination right; T thread, V value;"
                + " hover a cell for where its (T, V) lands on the other side", "S " + copy.layoutS() + "   D " + copy.layoutD()));
        g.writeNumberField("threads", copy.threads());
        panels(g, Grids.copy(copy, d.options().get(Picture.SRC), d.options().get(Picture.DST)));
        request(g, d);
    }

    private static void banks(JsonGenerator g, Pictures.Drawing d, Answer answer) throws IOException {
        AnyLayout smem = d.args().value("smem", AnyLayout.class);
        Layout access = d.args().value("access", Layout.class);
        Integer given = d.args().value("elem", Integer.class);
        int elem = org.layoutcat.core.swizzle.BankConflicts.elementBytes(smem, given == null ? 0 : given);
        g.writeStringField("title", "bank conflicts of " + access + " over " + smem);
        g.writeStringField("text", answer.result());
        notes(g, List.of("the tile's offsets and banks; the cells the instruction reads show their thread T and value V",
                "below: the instruction against the 32 banks, a row per wavefront, a bank with several words in one phase outlined red"));
        reply(g, answer);
        panels(g, List.of(Grids.banks(smem, access, elem)));
        figures(g, List.of(new Figure("the instruction's wavefronts", svg(d.diagram()), null)));
        request(g, d);
    }

    /** A tiled copy's stage over a shared-memory tile, as copy_bank_conflicts counts it. */
    private static void stage(JsonGenerator g, Pictures.Drawing d, Answer answer) throws IOException {
        AnyLayout smem = d.args().value("smem", AnyLayout.class);
        TiledCopy copy = TiledCopy.of(d.args().value("copy", org.layoutcat.core.atom.CopyAtom.class), d.args().value("value_bits", Integer.class),
                d.args().value("thr_layout", Layout.class), d.args().value("val_layout", Layout.class));
        org.layoutcat.core.atom.CopyAtom.Side given = d.args().value("side", org.layoutcat.core.atom.CopyAtom.Side.class);
        org.layoutcat.core.atom.CopyAtom.Side side = given != null ? given : org.layoutcat.core.atom.CopyStage.sharedSide(copy.atom());
        Layout access = org.layoutcat.core.atom.CopyStage.access(copy, org.layoutcat.core.construct.TvLayout.productEach(smem.shape()), side);
        int elem = org.layoutcat.core.swizzle.BankConflicts.elementBytes(smem, copy.valueBits() / 8);
        stageView(g, new Stage(smem, copy, side, access, org.layoutcat.core.atom.CopyStage.addressLanes(copy.atom()), elem, copy.atom().name(), null),
                answer, d.diagram());
        request(g, d);
    }

    /**
     * A tiled copy's stage over a shared-memory tile    /**
     * A tiled copy's stage over a shared-memory tile: every instruction of every warp, counted as copy_bank_conflicts
     * counts it; the copy is make_tiled_copy's (atom, bits, thread and value layouts) or an MMA operand's
     * (ATOM/A|B|C/MMA/ATOMS, as swizzle_search reads it: make_tiled_copy_A|B|C).
     */
    private static void copyBanks(JsonGenerator g, Request r) throws IOException {
        Stage s = Stage.of(r);
        org.layoutcat.core.swizzle.BankConflicts.Stage stage = org.layoutcat.core.swizzle.BankConflicts.stage(
                org.layoutcat.core.swizzle.BankConflicts.offsets(s.smem()), s.elementBytes(), s.access(), s.lanes());
        stageView(g, s, Operations.stageBanks(stage), s.picture());
    }

    private static void stageView(JsonGenerator g, Stage s, Answer answer, Diagram picture) throws IOException {
        g.writeStringField("title", "bank conflicts of " + s.name() + " over " + s.smem());
        g.writeStringField("text", answer.result());
        notes(g, List.of(s.copy().atom().ptx() + "; " + s.copy().threads() + " threads; the " + (s.side() == org.layoutcat.core.atom.CopyAtom.Side.SRC
                ? "source" : "destination") + " is shared memory: access " + s.access(),
                "each cell: its bank, the thread, value and warp instruction that reach it; red: a bank with several words in its phase",
                "below: the instruction with the most wavefronts over its minimum, against the 32 banks"));
        reply(g, answer);
        panels(g, List.of(Grids.banks(s.smem(), s.access(), s.elementBytes(), s.lanes())));
        figures(g, List.of(new Figure("the worst instruction's wavefronts", svg(picture), null)));
    }

    /**
     * A tiled copy's stage as the view reads it: [SMEM, COPY, BITS, THR, VAL, (SRC|DST)], or [SMEM, ATOM/A|B|C/MMA/ATOMS,
     * (SRC|DST)]; the copy, its shared side, its access layout (thread, atom value, instructions...), the lanes that give
     * addresses, the tile's element bytes, and the copy_bank_conflicts arguments where there are such (null for an MMA
     * operand's copy).
     */
    private record Stage(AnyLayout smem, TiledCopy copy, org.layoutcat.core.atom.CopyAtom.Side side, Layout access, int lanes,
            int elementBytes, String name, List<String> op) {
        static Stage of(Request r) {
            AnyLayout smem = AnyLayout.parse(r.arg(0, "the shared-memory tile"));
            String spec = r.arg(1, "the copy atom");
            IntTuple tile = org.layoutcat.core.construct.TvLayout.productEach(smem.shape());
            if (spec.contains("/")) { // an MMA operand's copy, as swizzle_search reads it
                Operations.StageCopy read = Operations.StageCopy.parse(spec);
                // the shared side, a value (SRC or DST) given after the copy where its atom does not say, or the copy's own /SRC, /DST
                String given = r.args().size() > 2 ? r.args().get(r.args().size() - 1) : "";
                org.layoutcat.core.atom.CopyAtom.Side side = given.isBlank() ? read.side()
                        : SIDE.reader().read(given, "copybanks", r.args().size() - 1);
                Operations.StageCopy sc = new Operations.StageCopy(read.copy(), side, read.access(), read.text());
                if (sc.copy() == null) throw new IllegalArgumentException("copybanks: " + spec + " is an access layout: the banks view takes it");
                org.layoutcat.core.swizzle.SwizzleSearch.Access a = sc.access(tile);
                return new Stage(smem, sc.copy(), sc.side() != null ? sc.side() : org.layoutcat.core.atom.CopyStage.sharedSide(sc.copy().atom()),
                        a.access(), a.lanes(), org.layoutcat.core.swizzle.BankConflicts.elementBytes(smem, bytes(sc.copy().valueBits())),
                        sc.text(), null);
            }
            throw new IllegalArgumentException("copybanks: " + spec + " is not an MMA operand's copy ATOM/A|B|C/MMA/ATOMS");
        }

        /** A value width in bytes; shared memory's banks count bytes. */
        private static int bytes(int bits) {
            if (bits % 8 != 0) throw new IllegalArgumentException("copybanks: values of " + bits + " bits: shared memory's banks count bytes");
            return bits / 8;
        }

        Diagram picture() {
            return Drawings.banks(smem, access, elementBytes, 0, null);
        }
    }

    /**
     * A composition: the table's answer (as the batch mode answers it), and its walkthrough where both operands have
     * integer strides; for other kinds (a swizzled layout, scaled-basis strides) the composite's grid.
     */
    private static void compose(JsonGenerator g, Pictures.Drawing d, Answer answer) throws IOException {
        if (!(d.args().value("A", AnyLayout.class) instanceof Layout a && d.args().value("B", Tiler.class) instanceof Layout b)) {
            g.writeStringField("title", "A∘B = " + answer.result() + " (B applied first)");
            g.writeStringField("text", answer.result());
            reply(g, answer);
            notes(g, List.of("The categorical walkthrough composes layouts with integer strides; this composite is CuTe's"
                    + " composition of the operands' kinds, drawn as its grid"));
            if (answer.value() instanceof AnyLayout l && l.size() <= Grids.MAX_CELLS) panels(g, List.of(Grids.layout(l, 0)));
            request(g, d);
            return;
        }
        Walkthrough.Steps steps = Drawings.composeSteps(a, b);
        g.writeStringField("title", steps.title());
        g.writeStringField("text", answer.result());
        reply(g, answer);
        List<Figure> figures = new ArrayList<>();
        if (steps.title().endsWith("by CuTe's algorithm")) { // the category cannot compose: CuTe's steps, one a step, then the grid
            notes(g, steps.notes().subList(0, 1));
            List<String> cute = steps.notes().subList(1, steps.notes().size());
            for (int i = 0; i < cute.size(); i++) figures.add(new Figure("CuTe's algorithm, step " + (i + 1) + " of " + cute.size(), null, cute.get(i)));
        } else {
            notes(g, steps.notes());
        }
        for (Panels.Panel p : steps.panels()) figures.add(new Figure(p.label(), svg(p.content()), null));
        figures(g, figures);
        g.writeBooleanField("steps", true);
        request(g, d);
    }

    /** An operation of the table: its reply, and the grid of its result where that is a layout. */
    private static void op(JsonGenerator g, Request r) throws IOException {
        String name = r.arg(0, "the operation");
        List<String> args = r.args().subList(1, r.args().size());
        Answer answer = answer(name, args);
        g.writeStringField("title", name + "(" + String.join(", ", args) + ")");
        g.writeStringField("text", answer.result());
        reply(g, answer);
        // a grid only where the value is a layout: size answers 32, which read back would be the layout 32:1
        if (answer.value() instanceof AnyLayout l && l.size() <= Grids.MAX_CELLS) {
            notes(g, List.of("the result's grid"));
            panels(g, List.of(Grids.layout(l, 0)));
        }
        request(g, Operations.find(name) != null ? Operations.find(name).name() : name, args, answer.value());
    }

    /**
     * The table's answer to an operation, as the batch mode answers it (the same reading of the arguments, the same
     * refusals in the same words).
     */
    private static Answer answer(String op, List<String> args) {
        return Operations.answer(new org.layoutcat.ops.Request(op, args, "auto"));
    }

    /** The answer as the batch mode's reply gives it: the result, the engine where named, and the further parts. */
    private static void reply(JsonGenerator g, Answer a) throws IOException {
        g.writeObjectFieldStart("reply");
        g.writeStringField("result", a.result());
        if (a.engine() != null) g.writeStringField("engine", a.engine());
        for (var f : a.fields().entrySet()) g.writeStringField(f.getKey(), f.getValue());
        g.writeEndObject();
    }

    /** A picture the page shows whole: the categorical pictures, coordinate tables, tilings and TMA copies. */
    private static void picture(JsonGenerator g, Pictures.Drawing d, Answer answer) throws IOException {
        Diagram diagram = d.diagram();
        g.writeStringField("title", diagram.title());
        g.writeStringField("text", answer.result()); // the text a view copies is its operation's value, as CuTe prints it
        reply(g, answer);
        figures(g, List.of(new Figure(diagram.title(), svg(diagram), null)));
        request(g, d);
    }

    /**
     * A divide's or product's view: its tiling picture, and the result's grid below it, each cell hoverable (its index,
     * coordinate and offset) as a layout's view is.
     */
    private static void tiling(JsonGenerator g, Pictures.Drawing d, Answer answer) throws IOException {
        picture(g, d, answer);
        if (answer.value() instanceof AnyLayout l && l.size() <= Grids.MAX_CELLS) {
            notes(g, List.of("below the picture: the result, " + answer.result() + ", a cell to hover"));
            panels(g, List.of(Grids.layout(l, 0)));
        }
    }

    /**
     * A TMA copy's view: its picture (the tile by copy, the box, its swizzled landing, in 16-byte chunks), and below it
     * the tile element by element in global memory and in shared memory by address, each cell hoverable and pointing
     * at its counterpart ({@link Grids#tma}).
     */
    private static void tma(JsonGenerator g, Pictures.Drawing d, Answer answer) throws IOException {
        picture(g, d, answer);
        org.layoutcat.core.tma.TmaDescriptor t = (org.layoutcat.core.tma.TmaDescriptor) answer.value();
        if (t.dataType().isPacked()) {
            notes(g, List.of(t.dataType() + " packs " + t.dataType().bits() + "-bit values: the picture draws its 16-byte chunks"));
            return;
        }
        Layout gmem = d.args().value("gmem", Layout.class);
        AnyLayout smem = d.args().value("smem", AnyLayout.class);
        IntTuple tile = d.args().value("cta_tile", IntTuple.class);
        notes(g, List.of(t.copies().size() + (t.copies().size() == 1 ? " copy" : " copies") + " of " + t.bytesPerCopy() + " bytes, box " + t.boxDim() + "; below the picture: left, the"
                + " CTA's tile in global memory, each element its offset; right, shared memory by address in 128-byte lines, each"
                + " element offset the tile element landing there (its coordinate in the tile); colour: the 16-byte chunk of"
                + " the element's line before " + t.swizzle() + ", so each line's colours come out permuted as the swizzle"
                + " permutes them (or colour by TMA copy); hover an element for its counterpart"));
        g.writeArrayFieldStart("copies");
        for (org.layoutcat.core.tma.TmaDescriptor.Copy c : t.copies()) g.writeString(c.toString());
        g.writeEndArray();
        panels(g, Grids.tma(t, gmem, smem, tile != null ? tile : org.layoutcat.core.tma.TmaDescriptor.defaultTile(smem)));
    }

    /**
     * An accumulator in tensor memory: its lanes × columns as a grid of data (the picture's cells, each the elements
     * it holds, coloured by quarter of lanes), hoverable as the other grids are.
     */
    private static void tmem(JsonGenerator g, Pictures.Drawing d, Answer answer) throws IOException {
        org.layoutcat.core.tmem.TmemAccumulator acc = answer.detail(Operations.TMEM_ACCUMULATOR).orElseThrow(
                () -> new IllegalStateException(d.op().name() + " answers no accumulator in tensor memory"));
        g.writeStringField("title", acc + " in tensor memory");
        g.writeStringField("text", answer.result());
        reply(g, answer);
        notes(g, List.of("lanes × columns: each cell the accumulator's (m,n) at that TMEM address (lane in bits 16–22, column in bits"
                + " 0–8); colour: the quarter of lanes warp w reaches, w mod 4 (tcgen05.ld/st of a warp reach its quarter only)"));
        panels(g, List.of(Grids.tmem(acc)));
        request(g, d);
    }

    /**
     * The swizzle search's view: its ranking as data for the page's table ({@code ranking}: the lower bound, and each
     * candidate's rank, name, layout, wavefronts per access and in all, and whether it is CUTLASS's choice), and the
     * stage over the candidate the picture's trailing rank names (1, the best, by default): each access's tile of banks
     * as the copy banks view draws one (write left, read right). Each access's worst instruction is the picture itself
     * ({@code draw swizzle-search}), which the page asks for once this first picture is drawn. Choosing another
     * candidate asks for the view again with its rank: the search is answered anew, nothing kept between requests.
     */
    private static void search(JsonGenerator g, Pictures.Drawing d, Answer answer) throws IOException {
        Pictures.SearchStage s = Pictures.SearchStage.of(d.args(), answer, d.options());
        org.layoutcat.core.swizzle.SwizzleSearch.Result r = s.result();
        int rank = s.rank();
        org.layoutcat.core.swizzle.SwizzleSearch.Candidate chosen = s.chosen();
        IntTuple tile = s.tile();
        int elem = s.elementBytes();
        List<org.layoutcat.core.swizzle.SwizzleSearch.Access> accesses = s.accesses();
        List<String> sides = Pictures.SearchStage.SIDES;
        g.writeStringField("title", s.title() + ", " + chosen.smem());
        g.writeStringField("text", answer.result());
        reply(g, answer);
        boolean grid = tile.product() <= Grids.MAX_CELLS;
        notes(g, List.of(r.candidates() + " layouts tried, " + r.ranked().size() + " take both copies; ranked by the stage's wavefronts (write + read)"
                        + " against the lower bound, one wavefront per 128 bytes a phase: choose a candidate (click it, or Tab to it and Enter) to draw its banks",
                (grid ? "below: candidate " + rank + "'s tile under each copy, write left and read right; each cell its bank and the thread, value and"
                        + " warp instruction that reach it; red: a bank with several words in its phase; under it, "
                        : "the tile's " + tile.product() + " cells are past the " + Grids.MAX_CELLS + " a grid of the explorer draws; below, ")
                        + "each copy's worst instruction against the 32 banks, as draw swizzle-search draws them"));
        g.writeObjectFieldStart("ranking");
        g.writeNumberField("lowerBound", r.lowerBound());
        g.writeNumberField("chosen", rank);
        g.writeNumberField("tried", r.candidates());
        g.writeArrayFieldStart("accesses");
        for (int i = 0; i < accesses.size(); i++) g.writeString(sides.get(i) + ": " + accesses.get(i).name());
        g.writeEndArray();
        g.writeArrayFieldStart("candidates");
        for (int i = 1; i <= r.ranked().size(); i++) {
            org.layoutcat.core.swizzle.SwizzleSearch.Candidate c = r.ranked(i);
            g.writeStartObject();
            g.writeNumberField("rank", i);
            g.writeStringField("name", c.name());
            g.writeStringField("layout", c.smem().toString());
            g.writeNumberField("wavefronts", c.wavefronts());
            g.writeArrayFieldStart("perAccess");
            for (long w : c.perAccess()) g.writeNumber(w);
            g.writeEndArray();
            g.writeBooleanField("cutlass", r.isCutlass(c));
            g.writeEndObject();
        }
        g.writeEndArray();
        if (r.xor() != null) g.writeStringField("xor", r.xor() + " over the compact tile: " + r.xor().wavefronts() + " wavefronts");
        g.writeEndObject();
        List<Grids.Panel> panels = new ArrayList<>();
        Grids.Panel offsets = grid ? Grids.layout(chosen.smem(), elem) : null; // the tile's offsets and banks, which both copies read
        for (int i = 0; i < accesses.size(); i++) {
            org.layoutcat.core.swizzle.SwizzleSearch.Access a = accesses.get(i);
            String name = sides.get(i) + ", candidate " + rank + ": " + chosen.perAccess().get(i) + " wavefronts";
            if (grid) {
                Grids.Panel p = Grids.banks(offsets, chosen.smem(), a.access(), elem, a.lanes()).named(name);
                panels.add(panels.isEmpty() ? p : p.at(panels.getFirst().cols(), 0).sharing(0)); // one tile: its offsets and banks sent once
            }
        }
        if (grid) panels(g, panels);
        request(g, d);
    }

    /** The bytes of a picture of a request in a format ({@code svg}, {@code png}, {@code tex}). */
    static byte[] draw(Request r, String format) {
        Exports.Format f = switch (format) {
            case "svg" -> Exports.Format.SVG;
            case "png" -> Exports.Format.PNG;
            case "tex" -> Exports.Format.TEX;
            default -> throw new IllegalArgumentException("format '" + org.layoutcat.core.LayoutArgumentException.quote(format)
                    + "': svg, png or tex");
        };
        Diagram d;
        if (operandCopy(r)) { // an MMA operand's stage: its worst instruction
            d = Stage.of(r).picture();
        } else if (r.kind().equals("op")) { // the picture of an operation is its result's grid
            String name = r.arg(0, "the operation");
            List<String> args = r.args().subList(1, r.args().size());
            Answer answer = answer(name, args);
            if (!(answer.value() instanceof AnyLayout l)) {
                throw new IllegalArgumentException("op: " + name + " answers " + answer.result() + ", not a layout to draw");
            }
            d = Drawings.layout(l, null, 0, null);
        } else {
            d = r.drawing().diagram();
        }
        return Exports.render(d, f, f == Exports.Format.PNG ? pngScale(d) : 1);
    }

    /**
     * The PNG's pixels per picture pixel: 2, or 1 past 1600 px wide (as {@code draw} picks), or less where that
     * would pass the PNG's limits (a 256×256 grid is 12,432 × 5,751 picture pixels: about 0.7).
     */
    static double pngScale(Diagram d) {
        return org.layoutcat.diagrams.export.PngWriter.defaultScale(d.width(), d.height());
    }

    /** A figure: a picture (SVG), or a step in words. */
    private record Figure(String label, String svg, String text) {}

    private static String svg(Diagram d) {
        return new String(Exports.render(d, Exports.Format.SVG, 1), StandardCharsets.UTF_8);
    }

    private static final ArgKind<org.layoutcat.core.atom.CopyAtom.Side> SIDE = ArgKind.oneOf(org.layoutcat.core.atom.CopyAtom.Side.class);

    private static void notes(JsonGenerator g, List<String> notes) throws IOException {
        g.writeArrayFieldStart("notes");
        for (String n : notes) g.writeString(n);
        g.writeEndArray();
    }

    /** The request of a picture's view: its operation and the arguments it read. */
    private static void request(JsonGenerator g, Pictures.Drawing d) throws IOException {
        request(g, d.op().name(), d.args().texts(), d.answer().value());
    }

    /**
     * The batch request behind a view, whether CuTe C++ and CuTe DSL have a form of it, and whether its answer is a
     * layout a C++ type can declare (the copy buttons).
     */
    private static void request(JsonGenerator g, String op, List<String> args, Object value) throws IOException {
        if (op == null) return;
        g.writeObjectFieldStart("request");
        g.writeStringField("op", op);
        g.writeArrayFieldStart("args");
        for (String a : args) g.writeString(a);
        g.writeEndArray();
        org.layoutcat.ops.Operation o = Operations.find(op);
        g.writeBooleanField("cpp", o != null && o.cpp() instanceof org.layoutcat.ops.CodeForm.Call);
        g.writeBooleanField("dsl", o != null && o.dsl() instanceof org.layoutcat.ops.CodeForm.Call);
        g.writeBooleanField("decl", value instanceof Layout || value instanceof org.layoutcat.core.ComposedLayout
                || value instanceof org.layoutcat.core.CoordLayout);
        g.writeEndObject();
    }

    private static void figures(JsonGenerator g, List<Figure> figures) throws IOException {
        g.writeArrayFieldStart("figures");
        for (Figure f : figures) {
            g.writeStartObject();
            g.writeStringField("label", f.label());
            if (f.svg() != null) g.writeStringField("svg", f.svg());
            if (f.text() != null) g.writeStringField("text", f.text());
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    private static void panels(JsonGenerator g, List<Grids.Panel> panels) throws IOException {
        g.writeArrayFieldStart("panels");
        for (Grids.Panel p : panels) {
            g.writeStartObject();
            g.writeStringField("name", p.name());
            g.writeFieldName("shape");
            tuple(g, p.shape());
            g.writeNumberField("rows", p.rows());
            g.writeNumberField("cols", p.cols());
            g.writeBooleanField("transposed", p.transposed());
            g.writeNumberField("x", p.x());
            g.writeNumberField("y", p.y());
            g.writeStringField("colour", p.colour());
            array(g, "offset", p.layer(Grids.Offsets.class).map(Grids.Offsets::offset));
            array(g, "unswizzled", p.layer(Grids.Swizzle.class).map(Grids.Swizzle::unswizzled));
            array(g, "bank", p.layer(Grids.Banks.class).map(Grids.Banks::bank));
            Optional<Grids.Threads> threads = p.layer(Grids.Threads.class);
            array(g, "thread", threads.map(Grids.Threads::thread));
            array(g, "value", threads.map(Grids.Threads::value));
            array(g, "holders", p.layer(Grids.Holders.class).map(Grids.Holders::holders));
            Optional<Grids.Peers> peers = p.layer(Grids.Peers.class);
            array(g, "peer", peers.map(Grids.Peers::peer));
            array(g, "address", p.layer(Grids.Addresses.class).map(Grids.Addresses::address));
            array(g, "ways", p.layer(Grids.Conflicts.class).map(Grids.Conflicts::ways));
            array(g, "instruction", p.layer(Grids.Stage.class).map(Grids.Stage::instruction));
            array(g, "copy", p.layer(Grids.Copies.class).map(Grids.Copies::copy));
            array(g, "chunk", p.layer(Grids.Chunks.class).map(Grids.Chunks::chunk));
            array(g, "quarter", p.layer(Grids.Quarters.class).map(Grids.Quarters::quarter));
            Optional<Grids.Pairs> pairs = p.layer(Grids.Pairs.class);
            if (pairs.isPresent()) {
                array(g, "pairs", pairs.map(Grids.Pairs::pairs));
                g.writeNumberField("threads", pairs.get().threads());
            }
            if (peers.isPresent()) g.writeNumberField("peerPanel", peers.get().panel());
            Optional<Grids.Shared> shared = p.layer(Grids.Shared.class);
            if (shared.isPresent()) g.writeNumberField("shares", shared.get().panel());
            Optional<Grids.Text> text = p.layer(Grids.Text.class);
            if (text.isPresent()) strings(g, "text", text.get().text());
            Optional<Grids.TmaCoords> tma = p.layer(Grids.TmaCoords.class);
            if (tma.isPresent()) {
                g.writeArrayFieldStart("tmaCoord");
                for (long[] along : tma.get().coord()) g.writeArray(along, 0, along.length);
                g.writeEndArray();
            }
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    private static void strings(JsonGenerator g, String name, String[] values) throws IOException {
        g.writeArrayFieldStart(name);
        for (String t : values) g.writeString(t);
        g.writeEndArray();
    }

    private static void array(JsonGenerator g, String name, Optional<long[]> values) throws IOException {
        if (values.isEmpty()) return;
        g.writeFieldName(name);
        g.writeArray(values.get(), 0, values.get().length);
    }

    /** A shape as nested JSON arrays of integers: {@code (2,(3,4))} as {@code [2,[3,4]]}. */
    private static void tuple(JsonGenerator g, IntTuple t) throws IOException {
        if (t.isLeaf()) {
            g.writeNumber(t.value());
            return;
        }
        g.writeStartArray();
        for (IntTuple m : t.modes()) tuple(g, m);
        g.writeEndArray();
    }
}
