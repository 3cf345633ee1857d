package org.layoutcat.diagrams.picture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.Executable;
import org.layoutcat.diagrams.Diagram;
import org.layoutcat.diagrams.Samples;
import org.layoutcat.diagrams.export.PngWriter;
import org.layoutcat.diagrams.svg.SvgWriter;

/**
 * Snapshots of the seeds' and the paper's pictures (src/test/resources/snapshots): SVG files this code wrote, kept
 * so that a change to any picture shows up as a diff to look at. A snapshot alone is not evidence that a picture is
 * right, only that it has not changed; run with {@code -Dsnapshot.update=true} to rewrite them after an intended change
 * (each rewritten snapshot is reported, not compared with itself), and with {@code -Dgallery=true} to also write every
 * picture as PNG under target/gallery for looking at.
 *
 * <p>What every snapshot shows is checked against sources other than this code ({@link #everySnapshotHasAnIndependentCheck}):
 * the values the paper's notes, the seeds, CuTe C++ and the CUDA guide print, and the layout function, the encoded
 * layout of a morphism, the holders of a thread–value layout, swizzles and banks by their definitions, evaluated here
 * in a few lines independent of the core module. Read from the stored files, these facts hold for the pictures drawn
 * now too, since those equal the snapshots.
 */
class PictureSnapshotTest {
    private static final Path SNAPSHOTS = Path.of("src/test/resources/snapshots");
    private static final Path GALLERY = Path.of("target/gallery");

    @TestFactory
    Stream<DynamicTest> picturesMatchTheirSnapshots() {
        boolean update = Boolean.getBoolean("snapshot.update");
        boolean gallery = Boolean.getBoolean("gallery");
        return Samples.all().entrySet().stream().filter(e -> !e.getKey().equals("layout-64x64"))
                .map(e -> DynamicTest.dynamicTest(e.getKey(), () -> {
                    Diagram d = e.getValue().get();
                    String svg = SvgWriter.write(d);
                    Path file = SNAPSHOTS.resolve(e.getKey() + ".svg");
                    if (gallery) {
                        Files.createDirectories(GALLERY);
                        Files.write(GALLERY.resolve(e.getKey() + ".png"), PngWriter.write(d, 1));
                        Files.writeString(GALLERY.resolve(e.getKey() + ".svg"), svg);
                    }
                    if (update) {
                        // the snapshot is rewritten, and not compared with what was just written (that would pass always):
                        // the test says what changed, and everySnapshotHasAnIndependentCheck checks the new file
                        String old = Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : null;
                        Files.createDirectories(SNAPSHOTS);
                        Files.writeString(file, svg, StandardCharsets.UTF_8);
                        Assumptions.abort("snapshot.update: " + file + (old == null ? " written" : old.equals(svg) ? " unchanged" : " rewritten, it differed")
                                + "; not compared with itself");
                    }
                    assertTrue(Files.exists(file), "no snapshot " + file + " (run with -Dsnapshot.update=true)");
                    assertEquals(read(e.getKey()), svg, e.getKey() + " differs from its snapshot " + file);
                }));
    }

    /** PAPER-NOTES examples 2–7, 12, 13 and 16, as the notes print them. */
    @Test
    void snapshotsShowWhatThePapersNotesPrint() throws IOException {
        // the layouts the morphisms encode (examples 2, 3, 4, 6, 7)
        assertTrue(texts("morphism-ex2").contains("encodes L_f = ((5,5),8):((1,40),5)"));
        assertTrue(texts("morphism-ex3").contains("encodes L_f = (2,2):(3,30)"));
        assertTrue(texts("morphism-ex4").contains("encodes L_f = (2,2,2,2):(24,0,3,480)"));
        assertTrue(texts("morphism-ex6").contains("encodes L_f = (32,(2,2)):(192,(24,3))"));
        assertTrue(texts("morphism-ex7").contains("encodes L_f = (128,(4,4,2)):(16,(1,4,0))"));
        // f_L of example 6's layout is the morphism printed there
        assertTrue(texts("morphism-of-layout-ex6").contains("(32,(2,2)) --(6,4,2)--> (3,2,4,2,4,32)"));
        // the mutual refinements (examples 16 and 13)
        assertTrue(texts("refinement-ex16a").contains("T′ = ((2,3),(2,3)), U′ = (2,(3,2),3)"));
        assertTrue(texts("refinement-ex16b").contains("T′ = ((2,4),(2,4),(2,4)), U′ = (2,(4,2),(4,2),(4,2))"));
        assertTrue(texts("refinement-ex16c").contains("T′ = (4,2,2,(2,16)), U′ = ((4,2,2,2),(16,2))"));
        assertTrue(texts("refinement-computed-ex16c").contains("T′ = (4,2,2,(2,16)), U′ = ((4,2,2,2),(16,2))"));
        assertTrue(texts("refinement-ex13").contains("T′ = (6,(2,3)), U′ = ((6,2),3,6)"));
        // the composites (examples 12, 13, and 13 with the blog's B; the extension of the definitions)
        assertEquals("A∘B = (2,2):(25,50) (B applied first)", title("compose-ex12"));
        assertEquals("A∘B = ((2,3),6):((6,72),1) (B applied first)", title("compose-ex13"));
        assertEquals("A∘B = (6,(2,3)):(1,(6,72)) (B applied first)", title("compose-ex13-blog"));
        assertEquals("A∘B = 4:2 (B applied first)", title("compose-extension"));
    }

    /** Seed 001's coordinate table of (2,2,2):(2,1,4) and seed 003's thread–value printout, as the seeds print them. */
    @Test
    void snapshotsShowWhatTheSeedsPrint() throws IOException {
        // seed 001: offset -> coordinate, in offset order
        List<String> t = texts("coords-seed001-a");
        List<String> rows = new ArrayList<>();
        for (int k = t.indexOf("index") + 1; k + 2 < t.size(); k += 3) rows.add(t.get(k) + " -> " + t.get(k + 1));
        assertEquals(List.of("0 -> (0,0,0)", "1 -> (0,1,0)", "2 -> (1,0,0)", "3 -> (1,1,0)", "4 -> (0,0,1)", "5 -> (0,1,1)",
                "6 -> (1,0,1)", "7 -> (1,1,1)"), rows);
        // seed 003, the kernel's printout: DATA of TIDX 0..3, read off the tile's cells "Tt Vv" in offset order
        List<String> tv = texts("tv-seed003");
        int first = tv.indexOf("T0");
        Map<String, List<Integer>> byThread = new TreeMap<>();
        for (int o = 0; o < 24; o++) byThread.computeIfAbsent(tv.get(first + 2 * o), k -> new ArrayList<>()).add(o);
        assertEquals(Map.of("T0", List.of(0, 1, 4, 5, 8, 9), "T1", List.of(2, 3, 6, 7, 10, 11), "T2", List.of(12, 13, 16, 17, 20, 21),
                "T3", List.of(14, 15, 18, 19, 22, 23)), byThread);
    }

    /**
     * The CUDA C++ Programming Guide's bank rules, worked by hand: 8 threads reading halves 64t of a row-major 8×64
     * tile read bytes 128t, words 32t, all in bank 0: 8 wavefronts; through Sw&lt;3,3,3&gt; thread t's 16-byte chunk
     * lands in banks 4t..4t+3: one wavefront.
     */
    @Test
    void bankSnapshotsCountTheWavefrontsOfTheCudaGuide() throws IOException {
        assertTrue(texts("banks-column-8way").contains(
                "wavefronts 8, minimum 1: conflict degree 8-way; bank 0 holds 8 distinct words in one phase"));
        assertTrue(texts("banks-chunks-swizzled").stream().anyMatch(x -> x.startsWith("wavefronts 1, minimum 1: no bank conflict")));
    }

    /** A grid cell's paint in the snapshots' stylesheet. */
    private static final String CELL_CSS = "stroke:#3d444d;stroke-width:0.6;shape-rendering:crispEdges";
    private static final Pattern STYLE = Pattern.compile("\\.(r\\d+)\\{([^}]*)\\}");
    private static final Pattern RECT = Pattern.compile("<rect class=\"(r\\d+)\" x=\"([\\d.]+)\" y=\"([\\d.]+)\" width=\"([\\d.]+)\" height=\"([\\d.]+)\"/>");
    private static final Pattern PATH = Pattern.compile("<path class=\"(r\\d+)\" d=\"([^\"]*)\"/>");
    /** A rectangle's subpath: {@code M x y} absolute, or {@code m dx dy} from the last subpath's corner (where z leaves the pen). */
    private static final Pattern SUBPATH = Pattern.compile("([Mm])(-?[\\d.]+) (-?[\\d.]+)h([\\d.]+)v([\\d.]+)h-[\\d.]+z");
    private static final Pattern LABEL = Pattern.compile("<text[^>]* x=\"([\\d.]+)\" y=\"([\\d.]+)\">([^<]*)</text>");

    /**
     * The cells of a grid snapshot, {x, y, label, bank or null}: every rectangle of the cell style (a {@code <rect>} or a
     * subpath of a {@code <path>}) with the labels whose anchor lies inside it, top to bottom.
     */
    private static List<String[]> cells(String svg) {
        List<String> cellClasses = new ArrayList<>();
        Matcher st = STYLE.matcher(svg);
        while (st.find()) if (st.group(2).endsWith(CELL_CSS)) cellClasses.add(st.group(1));
        List<double[]> boxes = new ArrayList<>();
        Matcher r = RECT.matcher(svg);
        while (r.find()) {
            if (cellClasses.contains(r.group(1))) {
                boxes.add(new double[] {Double.parseDouble(r.group(2)), Double.parseDouble(r.group(3)), Double.parseDouble(r.group(4)),
                    Double.parseDouble(r.group(5))});
            }
        }
        Matcher p = PATH.matcher(svg);
        while (p.find()) {
            if (!cellClasses.contains(p.group(1))) continue;
            Matcher sp = SUBPATH.matcher(p.group(2));
            double px = 0, py = 0;
            while (sp.find()) {
                boolean relative = sp.group(1).equals("m");
                px = (relative ? px : 0) + Double.parseDouble(sp.group(2));
                py = (relative ? py : 0) + Double.parseDouble(sp.group(3));
                boxes.add(new double[] {Math.round(px * 100) / 100.0, Math.round(py * 100) / 100.0, Double.parseDouble(sp.group(4)),
                    Double.parseDouble(sp.group(5))});
            }
        }
        List<double[]> anchors = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        Matcher t = LABEL.matcher(svg);
        while (t.find()) {
            anchors.add(new double[] {Double.parseDouble(t.group(1)), Double.parseDouble(t.group(2))});
            labels.add(t.group(3));
        }
        List<String[]> out = new ArrayList<>();
        for (double[] b : boxes) {
            TreeMap<Double, String> inside = new TreeMap<>();
            for (int k = 0; k < anchors.size(); k++) {
                double[] a = anchors.get(k);
                if (a[0] > b[0] && a[0] < b[0] + b[2] && a[1] > b[1] && a[1] < b[1] + b[3]) inside.put(a[1], labels.get(k));
            }
            List<String> in = new ArrayList<>(inside.values());
            out.add(new String[] {SvgWriter.num(b[0]), SvgWriter.num(b[1]), in.isEmpty() ? "" : in.get(0),
                in.size() > 1 && in.get(1).matches("b\\d+") ? in.get(1) : null});
        }
        return out;
    }

    /**
     * Every cell of a grid snapshot holds the layout function at its index, evaluated here from the definition
     * (colexicographic coordinates of the flattened shape, dotted with the strides; CuTe's Swizzle&lt;B,M,S&gt;
     * {@code x ^ ((x & ((2^B−1) << (M+S))) >> S)}); the bank under a swizzled cell is {@code ⌊offset·bytes/4⌋ mod 32}.
     * Rows of mode 0 top to bottom, columns of mode 1 left to right, a rank-3 grid's panels of mode 2 side by side (its
     * {@code cols} counts the columns of all panels).
     */
    private static void assertGrid(String name, long[] shape, long[] stride, int rows, int cols, int[] swizzle, int elementBytes)
            throws IOException {
        TreeSet<Double> xs = new TreeSet<>();
        TreeSet<Double> ys = new TreeSet<>();
        List<String[]> cells = cells(read(name));
        for (String[] c : cells) {
            xs.add(Double.parseDouble(c[0]));
            ys.add(Double.parseDouble(c[1]));
        }
        assertEquals(rows * cols, cells.size(), name + ": one cell per index");
        List<Double> xl = new ArrayList<>(xs);
        List<Double> yl = new ArrayList<>(ys);
        for (String[] c : cells) {
            long index = yl.indexOf(Double.parseDouble(c[1])) + (long) rows * xl.indexOf(Double.parseDouble(c[0]));
            long offset = 0;
            long rest = index;
            for (int k = 0; k < shape.length; k++) {
                offset += (rest % shape[k]) * stride[k];
                rest /= shape[k];
            }
            if (swizzle != null) {
                long mask = ((1L << swizzle[0]) - 1) << (swizzle[1] + swizzle[2]);
                offset ^= (offset & mask) >> swizzle[2];
            }
            assertEquals(Long.toString(offset), c[2], name + " at index " + index);
            if (elementBytes > 0) assertEquals("b" + (offset * elementBytes / 4) % 32, c[3], name + " bank at index " + index);
        }
    }
    // ---- every snapshot's independent check: values read back from the stored picture against the definition ----

    /**
     * Every snapshot has a check of its own beside the comparison with itself: what it shows, read back from the stored
     * SVG, against the picture's definition evaluated here (the layout function, the morphism's encoded layout, the
     * holders of a thread–value layout, the CUDA guide's bank rules) or against CuTe C++'s printout, or a property of
     * what it shows (a mutual refinement refines both tuples). A snapshot with no check fails here.
     */
    @TestFactory
    Stream<DynamicTest> everySnapshotHasAnIndependentCheck() throws IOException {
        Map<String, Executable> checks = independentChecks();
        List<String> names = new ArrayList<>();
        try (Stream<Path> files = Files.list(SNAPSHOTS)) {
            files.map(f -> f.getFileName().toString()).filter(f -> f.endsWith(".svg")).sorted().forEach(f -> names.add(f.substring(0, f.length() - 4)));
        }
        assertEquals(new TreeSet<>(Samples.all().keySet().stream().filter(k -> !k.equals("layout-64x64")).toList()), new TreeSet<>(names),
                "a snapshot per sample");
        return names.stream().map(n -> DynamicTest.dynamicTest(n, () -> {
            assertTrue(checks.containsKey(n), "snapshot " + n + " has no independent check");
            checks.get(n).execute();
        }));
    }

    /** The check of each snapshot, by name; the definitions are written out here as the paper's notes and the seeds give them. */
    private static Map<String, Executable> independentChecks() {
        Map<String, Executable> m = new TreeMap<>();
        // morphisms (PAPER-NOTES 2-10): the entries, the arrows and the encoded layout
        m.put("morphism-ex2", () -> assertMorphismPicture("morphism-ex2", "((5,5),8) --(1,3,2)--> (5,8,5)"));
        m.put("morphism-ex3", () -> assertMorphismPicture("morphism-ex3", "(2,2) --(2,4)--> (3,2,5,2)"));
        m.put("morphism-ex4", () -> assertMorphismPicture("morphism-ex4", "(2,2,2,2) --(4,*,2,6)--> (3,2,4,2,10,2)"));
        m.put("morphism-ex6", () -> assertMorphismPicture("morphism-ex6", "(32,(2,2)) --(6,4,2)--> (3,2,4,2,4,32)"));
        m.put("morphism-ex7", () -> assertMorphismPicture("morphism-ex7", "(128,(4,4,2)) --(3,1,2,*)--> ((4,4),128)"));
        m.put("morphism-ex8", () -> assertMorphismPicture("morphism-ex8", "(2,2,5,5,5) --(1,2,4,5,6)--> (2,2,2,5,5,5)"));
        m.put("morphism-ex9", () -> assertMorphismPicture("morphism-ex9", "((2,2),(3,3),(5,5)) --(5,6,3,4,1,2)--> (5,5,3,3,2,2)"));
        m.put("morphism-ex10-complement", () -> assertMorphismPicture("morphism-ex10-complement", "(3,5) --(2,4)--> (2,3,2,5,2)"));
        m.put("morphism-32", () -> assertMorphismPicture("morphism-32", morphism32()));
        // f_L of a layout: L's standard representation encodes L itself
        m.put("morphism-of-layout-ex6", () -> {
            assertMorphismPicture("morphism-of-layout-ex6", "(32,(2,2)) --(6,4,2)--> (3,2,4,2,4,32)");
            assertTrue(texts("morphism-of-layout-ex6").contains("encodes L_f = (32,(2,2)):(192,(24,3))"));
        });
        // mutual refinements: T′ refines T, U′ refines U, one flattening extends the other
        for (String r : List.of("refinement-ex16a", "refinement-ex16b", "refinement-ex16c", "refinement-computed-ex16c", "refinement-ex13")) {
            m.put(r, () -> assertRefinement(r));
        }
        // composition walkthroughs: each step's morphism encodes its layout, g′∘f′ is the composite of g′ and f′, and the
        // result is CuTe C++'s composition (CUTLASS main, printed on the host)
        m.put("compose-ex13", () -> assertWalkthrough("compose-ex13", "((_2,_3),_6):((_6,_72),_1)", 1));
        m.put("compose-ex12", () -> assertWalkthrough("compose-ex12", "(_2,_2):(_25,_50)", 1));
        m.put("compose-ex13-blog", () -> assertWalkthrough("compose-ex13-blog", "(_6,(_2,_3)):(_1,(_6,_72))", 1));
        m.put("compose-extension", () -> assertWalkthrough("compose-extension", "_4:_2", 1));
        m.put("compose-by-mode", () -> {
            assertWalkthrough("compose-by-mode", "(_2,_2):(_3,_1)", 2);
            // the result is the concatenation of the modes' composites, A∘B_1 = 2:3 and A∘B_2 = 2:1
            List<String> t = texts("compose-by-mode");
            assertEquals("2:3", t.get(t.indexOf(t.stream().filter(x -> x.startsWith("A∘B_1 · 7 ·")).findFirst().orElseThrow()) + 1));
            assertEquals("2:1", t.get(t.indexOf(t.stream().filter(x -> x.startsWith("A∘B_2 · 7 ·")).findFirst().orElseThrow()) + 1));
        });
        // layout grids: each cell holds the layout function at its index
        m.put("layout-strip", () -> assertGrid("layout-strip", new long[] {24}, new long[] {1}, 24, 1, null, 0));
        m.put("layout-ex13-result", () -> assertGrid("layout-ex13-result", new long[] {2, 3, 6}, new long[] {6, 72, 1}, 6, 6, null, 0));
        m.put("layout-seed001-nested", () -> assertGrid("layout-seed001-nested", new long[] {2, 2, 2, 2}, new long[] {1, 8, 2, 4}, 4, 4, null, 0));
        m.put("layout-rank3", () -> assertGrid("layout-rank3", new long[] {2, 3, 2, 2}, new long[] {1, 2, 6, 12}, 2, 12, null, 0));
        m.put("layout-rowmajor-colour-row", () -> assertGrid("layout-rowmajor-colour-row", new long[] {4, 8}, new long[] {8, 1}, 4, 8, null, 0));
        m.put("layout-swizzle-doubles-banks", () -> assertGrid("layout-swizzle-doubles-banks", new long[] {8, 16}, new long[] {16, 1}, 8, 16,
                new int[] {3, 1, 3}, 8));
        m.put("layout-chunks-by-bank", () -> {
            assertGrid("layout-chunks-by-bank", new long[] {4, 8}, new long[] {8, 1}, 4, 8, null, 16);
            // coloured by the bank's 16-byte chunk: one colour per chunk of four banks, a different one for each
            Map<String, String> colourOfChunk = new TreeMap<>();
            Map<String, String> chunkOfColour = new TreeMap<>();
            for (Box b : boxes(read("layout-chunks-by-bank"), PictureSnapshotTest::isCell)) {
                String chunk = Long.toString(Long.parseLong(b.labels().get(1).substring(1)) / 4);
                assertEquals(colourOfChunk.computeIfAbsent(chunk, k -> b.fill()), b.fill(), "chunk " + chunk);
                assertEquals(chunkOfColour.computeIfAbsent(b.fill(), k -> chunk), chunk, "colour " + b.fill());
            }
            assertEquals(8, colourOfChunk.size());
        });
        // thread-value layouts (seed 003): each offset's first holder, the (thread, value) table
        m.put("tv-seed003", () -> assertTv("tv-seed003", "((2,2),(2,3)):((2,12),(1,4))", "24"));
        m.put("tv-seed003-tile4x6", () -> assertTv("tv-seed003-tile4x6", "((2,2),(2,3)):((2,12),(1,4))", "(4,6)"));
        m.put("tv-broadcast", () -> assertTv("tv-broadcast", "(4,(2,2)):(2,(1,0))", "(2,6)"));
        // coordinate tables (seed 001): each row's coordinate, index and offset
        m.put("coords-seed001-a", () -> assertCoordinates("coords-seed001-a", "(2,2,2):(2,1,4)", false));
        m.put("coords-seed001-b", () -> assertCoordinates("coords-seed001-b", "((2,2),2):((2,4),1)", false));
        m.put("coords-seed001-c", () -> assertCoordinates("coords-seed001-c", "(2,(2,2)):(2,(1,4))", false));
        m.put("coords-seed001-d", () -> assertCoordinates("coords-seed001-d", "(2,(2,2)):(1,(4,2))", false));
        m.put("coords-seed001-e", () -> assertCoordinates("coords-seed001-e", "((2,2),(2,2)):((1,8),(2,4))", false));
        m.put("coords-100-by-index", () -> assertCoordinates("coords-100-by-index", "(10,10):(10,1)", true));
        m.put("coords-gaps-and-repeats", () -> assertCoordinates("coords-gaps-and-repeats", "(2,(2,2)):(3,(1,0))", false));
        // tilings: the result CuTe C++ prints (CUTLASS main, on the host), and every panel's cells its layout function
        m.put("divide-ex18c", () -> assertTiling("divide-ex18c", "(4,8):(1,4)", null, "((_2,_2),(_2,_4)):((_1,_4),(_2,_8))", true));
        m.put("divide-bymode-logical", () -> assertTiling("divide-bymode-logical", "(8,8):(8,1)", null, "((_4,_2),(_2,_4)):((_8,_32),(_1,_2))", true));
        m.put("divide-zipped-bymode", () -> assertTiling("divide-zipped-bymode", "(8,8):(1,8)", null, "((_2,_4),(_4,_2)):((_1,_8),(_2,_32))", true));
        m.put("product-ex19b", () -> assertTiling("product-ex19b", "(2,2):(5,10)", "(3,5):(5,1)", "((_2,_2),(_3,_5)):((_5,_10),(_20,_1))", false));
        m.put("product-blocked", () -> assertTiling("product-blocked", "(2,3):(1,2)", "(3,2):(1,3)", "((_2,_3),(_3,_2)):((_1,_6),(_2,_18))", false));
        m.put("product-raked", () -> assertTiling("product-raked", "(2,3):(1,2)", "(3,2):(1,3)", "((_3,_2),(_2,_3)):((_6,_1),(_18,_2))", false));
        // shared-memory banks: every cell against the CUDA guide's rules, worked here
        m.put("banks-column-8way", () -> assertBanks("banks-column-8way", "(8,64):(64,1)", null, "8:1", 2, 0));
        m.put("banks-chunks-swizzled", () -> assertBanks("banks-chunks-swizzled", "(8,64):(64,1)", new int[] {3, 3, 3}, "(8,8):(1,8)", 2, 0));
        m.put("banks-rows-quarter-warps", () -> assertBanks("banks-rows-quarter-warps", "(8,64):(64,1)", null, "((8,4),8):((64,1),8)", 2, 0));
        m.put("banks-broadcast", () -> assertBanks("banks-broadcast", "256:1", null, "((4,8)):((0,32))", 4, 0));
        m.put("banks-half-warps", () -> assertBanks("banks-half-warps", "128:1", null, "(32,2):(4,1)", 4, 0));
        m.put("banks-vector", () -> assertBanks("banks-vector", "(8,64):(64,1)", null, "8:1", 2, 16));
        return m;
    }

    /** Samples' 32-entry morphism, α(i) = 7(i−1) mod 32 + 1, written out from its definition. */
    private static String morphism32() {
        long[] domain = new long[32];
        long[] codomain = new long[32];
        List<String> alpha = new ArrayList<>();
        for (int i = 0; i < 32; i++) {
            domain[i] = 2 + i % 3;
            alpha.add(Long.toString(7 * i % 32 + 1));
            codomain[7 * i % 32] = domain[i];
        }
        return tuple(domain) + " --(" + String.join(",", alpha) + ")--> " + tuple(codomain);
    }

    private static String tuple(long[] xs) {
        StringBuilder s = new StringBuilder("(");
        for (int i = 0; i < xs.length; i++) s.append(i == 0 ? "" : ",").append(xs[i]);
        return s.append(')').toString();
    }

    // ---- the definitions, evaluated here without the core module ----

    private static final Pattern INT = Pattern.compile("-?\\d+");
    private static final Pattern MORPHISM = Pattern.compile("(.+) --\\(([^)]*)\\)--> (.+)");

    /** The integers of a tuple's text, in order: its flattening. */
    private static long[] ints(String text) {
        List<Long> out = new ArrayList<>();
        Matcher m = INT.matcher(text);
        while (m.find()) out.add(Long.parseLong(m.group()));
        return out.stream().mapToLong(Long::longValue).toArray();
    }

    private static long product(long[] xs) {
        long p = 1;
        for (long x : xs) p *= x;
        return p;
    }

    /** The top-level modes of a tuple's text: {@code (4,(2,2))} is {@code 4} and {@code (2,2)}; an integer is itself. */
    private static List<String> modes(String t) {
        if (!t.startsWith("(")) return List.of(t);
        List<String> out = new ArrayList<>();
        int depth = 0, from = 1;
        for (int i = 1; i < t.length() - 1; i++) {
            char c = t.charAt(i);
            if (c == '(') depth++;
            else if (c == ')') depth--;
            else if (c == ',' && depth == 0) {
                out.add(t.substring(from, i));
                from = i + 1;
            }
        }
        out.add(t.substring(from, t.length() - 1));
        return out;
    }

    /** A layout's function at index i: the colexicographic coordinates of i in the flat shape, dotted with the strides. */
    private static long apply(long[] shape, long[] stride, long i) {
        long offset = 0;
        for (int k = 0; k < shape.length; k++) {
            offset += (i % shape[k]) * stride[k];
            i /= shape[k];
        }
        return offset;
    }

    /** The layout a morphism encodes (paper §2): stride 0 where α is *, else the product of the codomain's entries before α(i). */
    private static long[] encodedStrides(String[] alpha, long[] codomain) {
        long[] d = new long[alpha.length];
        for (int i = 0; i < alpha.length; i++) {
            if (alpha[i].equals("*")) continue;
            d[i] = 1;
            for (int j = 0; j < Integer.parseInt(alpha[i]) - 1; j++) d[i] *= codomain[j];
        }
        return d;
    }

    // ---- reading a snapshot back ----

    /** A box of a snapshot: its place, its paint, and the labels whose anchor lies inside it, top to bottom. */
    private record Box(double x, double y, double w, double h, String css, List<String> labels) {
        String fill() {
            Matcher m = Pattern.compile("fill:(#[0-9a-f]{6}|none)").matcher(css);
            return m.find() ? m.group(1) : "";
        }

        boolean inside(Box frame) {
            return x >= frame.x && x + w <= frame.x + frame.w && y >= frame.y && y + h <= frame.y + frame.h;
        }
    }

    private static final Pattern ANY_RECT = Pattern.compile(
            "<rect class=\"(r\\d+)\" x=\"([\\d.]+)\" y=\"([\\d.]+)\" width=\"([\\d.]+)\" height=\"([\\d.]+)\"(?: rx=\"[\\d.]+\")?/>");

    /** A grid cell's paint: a dark thin crisp stroke, solid or dashed (a header's stroke is light). */
    private static boolean isCell(String css) {
        return css.contains("stroke:#3d444d;stroke-width:") && css.endsWith("shape-rendering:crispEdges");
    }

    /** A panel's frame. */
    private static boolean isFrame(String css) {
        return css.startsWith("fill:none;stroke:#c9d1d9");
    }

    /** The boxes of a snapshot whose paint the test accepts: {@code <rect>}s and the rectangles of {@code <path>}s. */
    private static List<Box> boxes(String svg, java.util.function.Predicate<String> paint) {
        Map<String, String> css = new java.util.HashMap<>();
        Matcher st = STYLE.matcher(svg);
        while (st.find()) css.put(st.group(1), st.group(2));
        List<double[]> geometry = new ArrayList<>();
        List<String> paints = new ArrayList<>();
        Matcher r = ANY_RECT.matcher(svg);
        while (r.find()) {
            if (!paint.test(css.getOrDefault(r.group(1), ""))) continue;
            geometry.add(new double[] {Double.parseDouble(r.group(2)), Double.parseDouble(r.group(3)), Double.parseDouble(r.group(4)),
                Double.parseDouble(r.group(5))});
            paints.add(css.get(r.group(1)));
        }
        Matcher p = PATH.matcher(svg);
        while (p.find()) {
            if (!paint.test(css.getOrDefault(p.group(1), ""))) continue;
            Matcher sp = SUBPATH.matcher(p.group(2));
            double px = 0, py = 0;
            while (sp.find()) {
                boolean relative = sp.group(1).equals("m");
                px = (relative ? px : 0) + Double.parseDouble(sp.group(2));
                py = (relative ? py : 0) + Double.parseDouble(sp.group(3));
                geometry.add(new double[] {Math.round(px * 100) / 100.0, Math.round(py * 100) / 100.0, Double.parseDouble(sp.group(4)),
                    Double.parseDouble(sp.group(5))});
                paints.add(css.get(p.group(1)));
            }
        }
        List<double[]> anchors = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        Matcher t = LABEL.matcher(svg);
        while (t.find()) {
            anchors.add(new double[] {Double.parseDouble(t.group(1)), Double.parseDouble(t.group(2))});
            labels.add(unescape(t.group(3)));
        }
        List<Box> out = new ArrayList<>();
        for (int k = 0; k < geometry.size(); k++) {
            double[] b = geometry.get(k);
            TreeMap<Double, String> in = new TreeMap<>();
            for (int a = 0; a < anchors.size(); a++) {
                double[] at = anchors.get(a);
                if (at[0] > b[0] && at[0] < b[0] + b[2] && at[1] > b[1] && at[1] < b[1] + b[3]) in.put(at[1] * 1e4 + at[0], labels.get(a));
            }
            out.add(new Box(b[0], b[1], b[2], b[3], paints.get(k), List.copyOf(in.values())));
        }
        return out;
    }

    /** The distinct values of a coordinate of the boxes, in order. */
    private static List<Double> distinct(List<Box> boxes, java.util.function.ToDoubleFunction<Box> at) {
        return new ArrayList<>(new TreeSet<>(boxes.stream().map(b -> at.applyAsDouble(b)).toList()));
    }

    /** The cells of each panel of a snapshot, panels in reading order. */
    private static List<List<Box>> panelCells(String svg) {
        List<Box> frames = new ArrayList<>(boxes(svg, PictureSnapshotTest::isFrame));
        frames.sort(java.util.Comparator.comparingDouble(Box::y).thenComparingDouble(Box::x));
        List<Box> cells = boxes(svg, PictureSnapshotTest::isCell);
        List<List<Box>> out = new ArrayList<>();
        for (Box f : frames) out.add(cells.stream().filter(c -> c.inside(f)).toList());
        return out;
    }

    // ---- the checks ----

    /**
     * A morphism's picture: the domain's and the codomain's entries top to bottom, an arrow from entry i to entry α(i)
     * (none from an entry sent to the basepoint *), and the layout it encodes.
     */
    private static void assertMorphismPicture(String name, String morphism) throws IOException {
        Matcher mm = MORPHISM.matcher(morphism);
        assertTrue(mm.matches(), morphism);
        long[] domain = ints(mm.group(1));
        String[] alpha = mm.group(2).split(",");
        long[] codomain = ints(mm.group(3));
        String svg = read(name);
        // the entries' boxes in two columns; a pointed morphism's basepoints * head both
        List<Box> boxes = boxes(svg, css -> css.contains("stroke") && !isFrame(css));
        List<Box> entries = boxes.stream().filter(b -> !b.labels().equals(List.of("*"))).toList();
        double left = entries.stream().mapToDouble(Box::x).min().orElseThrow(), right = entries.stream().mapToDouble(Box::x).max().orElseThrow();
        List<Box> dom = entries.stream().filter(b -> b.x() == left).sorted(java.util.Comparator.comparingDouble(Box::y)).toList();
        List<Box> cod = entries.stream().filter(b -> b.x() == right).sorted(java.util.Comparator.comparingDouble(Box::y)).toList();
        List<Box> stars = boxes.stream().filter(b -> b.labels().equals(List.of("*"))).sorted(java.util.Comparator.comparingDouble(Box::x)).toList();
        boolean pointed = Arrays.asList(alpha).contains("*");
        assertEquals(pointed ? 2 : 0, stars.size(), name + ": the basepoints, where an entry goes to *");
        assertEquals(Arrays.toString(domain), Arrays.toString(dom.stream().mapToLong(b -> Long.parseLong(b.labels().get(0))).toArray()), name + " domain");
        assertEquals(Arrays.toString(codomain), Arrays.toString(cod.stream().mapToLong(b -> Long.parseLong(b.labels().get(0))).toArray()),
                name + " codomain");
        Matcher a = Pattern.compile("<path id=\"arrow\\.(\\d+|\\*)\" d=\"M[\\d.]+,([\\d.]+) C.* [\\d.]+,([\\d.]+)\"").matcher(svg);
        int arrows = 0;
        while (a.find()) {
            double from = Double.parseDouble(a.group(2)), to = Double.parseDouble(a.group(3));
            if (a.group(1).equals("*")) {
                assertTrue(pointed, name + ": an arrow from * with no entry sent to *");
                assertEquals(0, indexAt(stars.subList(0, 1), from), name + ": the basepoint's arrow leaves *");
                assertEquals(0, indexAt(stars.subList(1, 2), to), name + ": the basepoint's arrow lands on *");
                continue;
            }
            int i = Integer.parseInt(a.group(1));
            assertEquals(i - 1, indexAt(dom, from), name + " arrow " + i + " leaves entry " + i);
            if (alpha[i - 1].equals("*")) assertEquals(0, indexAt(stars.subList(1, 2), to), name + " arrow " + i + " lands on *");
            else assertEquals(Integer.parseInt(alpha[i - 1]) - 1, indexAt(cod, to), name + " arrow " + i + " lands on entry α(" + i + ")");
            arrows++;
        }
        assertEquals(alpha.length, arrows, name + ": an arrow per entry");
        assertEncodes(name, lines(name));
    }

    private static int indexAt(List<Box> column, double y) {
        for (int k = 0; k < column.size(); k++) if (y >= column.get(k).y() && y <= column.get(k).y() + column.get(k).h()) return k;
        return -1;
    }

    /**
     * The lines of a snapshot: its texts, a wrapped line's continuation (indented two spaces) joined to it, and a
     * morphism printed as {@code S = ...}, {@code α = ...}, {@code T = ...} written as one {@code S --α--> T}.
     */
    private static List<String> lines(String name) throws IOException {
        List<String> out = new ArrayList<>();
        for (String x : texts(name)) {
            if (x.startsWith("  ") && !out.isEmpty()) out.set(out.size() - 1, out.get(out.size() - 1) + x.strip());
            else out.add(x);
        }
        for (int k = 0; k + 2 < out.size(); k++) {
            if (out.get(k).startsWith("S = ") && out.get(k + 1).startsWith("α = ") && out.get(k + 2).startsWith("T = ")) {
                out.set(k + 2, out.get(k).substring(4) + " --" + out.get(k + 1).substring(4) + "--> " + out.get(k + 2).substring(4));
            }
        }
        return out;
    }

    /** Every morphism a snapshot prints, followed by the layout it says it encodes, encodes that layout. */
    private static int assertEncodes(String name, List<String> t) {
        int pairs = 0;
        for (int k = 0; k + 1 < t.size(); k++) {
            Matcher m = MORPHISM.matcher(t.get(k));
            if (!m.matches() || !t.get(k + 1).startsWith("encodes L_f = ")) continue;
            String layout = t.get(k + 1).substring("encodes L_f = ".length());
            String shape = layout.substring(0, layout.indexOf(':'));
            assertEquals(m.group(1), shape, name + ": " + t.get(k));
            assertEquals(Arrays.toString(encodedStrides(m.group(2).split(","), ints(m.group(3)))),
                    Arrays.toString(ints(layout.substring(layout.indexOf(':') + 1))), name + ": " + t.get(k));
            pairs++;
        }
        assertTrue(pairs > 0, name + " prints no morphism and its layout");
        return pairs;
    }

    /**
     * A composition walkthrough: each morphism encodes the layout printed under it; in each part (a part per mode of B
     * where composition distributes), the fifth morphism g′∘f′ is the composite of the fourth, g′, after the third, f′
     * (α(i) = α_g′(α_f′(i)), * where either sends to *); and the result in the title is CuTe C++'s.
     */
    private static void assertWalkthrough(String name, String cute, int parts) throws IOException {
        List<String> t = lines(name);
        assertEncodes(name, t);
        List<Matcher> morphisms = new ArrayList<>();
        for (String x : t) {
            Matcher m = MORPHISM.matcher(x);
            if (m.matches()) morphisms.add(m);
        }
        assertEquals(5 * parts, morphisms.size(), name + ": f, g, f′, g′ and g′∘f′ per part");
        for (int p = 0; p < parts; p++) {
            Matcher f = morphisms.get(5 * p + 2), g = morphisms.get(5 * p + 3), gf = morphisms.get(5 * p + 4);
            assertEquals(f.group(3), g.group(1), name + ": f′ lands on g′'s domain");
            String[] af = f.group(2).split(","), ag = g.group(2).split(",");
            List<String> composite = new ArrayList<>();
            for (String x : af) composite.add(x.equals("*") ? "*" : ag[Integer.parseInt(x) - 1]);
            assertEquals(f.group(1) + " --(" + String.join(",", composite) + ")--> " + g.group(3), gf.group(), name + " part " + (p + 1));
        }
        assertEquals("A∘B = " + cute.replace("_", "") + " (B applied first)", title(name));
    }

    /** A mutual refinement (paper §4): each mode of T′ multiplies out to T's entry, each of U′ to U's, one flattening extends the other. */
    private static void assertRefinement(String name) throws IOException {
        List<String> t = texts(name);
        Matcher of = Pattern.compile("mutual refinement of T = (.+) and U = (.+)").matcher(t.get(0));
        assertTrue(of.matches(), t.get(0));
        String refined = t.stream().filter(x -> x.startsWith("T′ = ")).findFirst().orElseThrow();
        Matcher tu = Pattern.compile("T′ = (.+), U′ = (.+)").matcher(refined);
        assertTrue(tu.matches(), refined);
        for (String[] pair : List.of(new String[] {of.group(1), tu.group(1)}, new String[] {of.group(2), tu.group(2)})) {
            List<String> ms = modes(pair[1]);
            long[] entries = ints(pair[0]);
            assertEquals(entries.length, ms.size(), name + ": " + pair[1] + " refines " + pair[0]);
            for (int k = 0; k < entries.length; k++) assertEquals(entries[k], product(ints(ms.get(k))), name + ": " + pair[1] + " mode " + k);
        }
        long[] a = ints(tu.group(1)), b = ints(tu.group(2));
        long[] shorter = a.length <= b.length ? a : b, longer = a.length <= b.length ? b : a;
        assertEquals(Arrays.toString(shorter), Arrays.toString(Arrays.copyOf(longer, shorter.length)), name + ": one flattening extends the other");
    }

    /**
     * A coordinate table: each row's coordinate is its index's colexicographic coordinate (written in the shape's
     * nesting), its offset the layout function there; every index once; rows by index, or by offset with every offset
     * from 0 to the largest listed and those no coordinate reaches marked –.
     */
    private static void assertCoordinates(String name, String layout, boolean byIndex) throws IOException {
        String shapeText = layout.substring(0, layout.indexOf(':'));
        long[] shape = ints(shapeText), stride = ints(layout.substring(layout.indexOf(':') + 1));
        long size = product(shape);
        List<String> t = new ArrayList<>(texts(name));
        t = t.subList(t.indexOf(t.stream().filter(x -> x.contains("→")).findFirst().orElseThrow()) + 1, t.size());
        t = t.stream().filter(x -> !List.of("offset", "coordinate", "index").contains(x)).toList();
        assertEquals(0, t.size() % 3, name);
        Set<Long> reached = new java.util.HashSet<>();
        for (long i = 0; i < size; i++) reached.add(apply(shape, stride, i));
        List<Long> indices = new ArrayList<>();
        List<long[]> order = new ArrayList<>();
        for (int k = 0; k < t.size(); k += 3) {
            String index = t.get(k + (byIndex ? 0 : 2)), coordinate = t.get(k + 1), offset = t.get(k + (byIndex ? 2 : 0));
            if (coordinate.equals("–")) {
                assertEquals("–", index, name);
                assertTrue(!reached.contains(Long.parseLong(offset)), name + ": offset " + offset + " is reached");
                order.add(new long[] {Long.parseLong(offset), -1});
                continue;
            }
            long i = Long.parseLong(index);
            long rest = i;
            StringBuilder expected = new StringBuilder();
            Matcher n = INT.matcher(shapeText);
            int k2 = 0;
            while (n.find()) {
                n.appendReplacement(expected, Long.toString(rest % shape[k2]));
                rest /= shape[k2++];
            }
            n.appendTail(expected);
            assertEquals(expected.toString(), coordinate, name + " index " + i);
            assertEquals(apply(shape, stride, i), Long.parseLong(offset), name + " index " + i);
            indices.add(i);
            order.add(new long[] {Long.parseLong(offset), i});
        }
        assertEquals(size, indices.size(), name + ": every index once");
        assertEquals(size, new TreeSet<>(indices).size(), name + ": every index once");
        for (int k = 1; k < order.size(); k++) {
            long[] a = order.get(k - 1), b = order.get(k);
            if (byIndex) assertEquals(a[1] + 1, b[1], name + " in index order");
            else assertTrue(a[0] < b[0] || a[0] == b[0] && a[1] < b[1], name + " in offset order at row " + k);
        }
        if (!byIndex) {
            long max = order.get(order.size() - 1)[0];
            assertEquals(max + 1, order.stream().map(o -> o[0]).distinct().count(), name + ": every offset from 0 to " + max + " listed");
        }
    }

    /**
     * A thread–value picture: a tile cell at offset o = r + M·c holds the first (thread, value) index t + T·v reaching o
     * (none where none does), its border dashed where more than one reaches it, in its thread's colour; the table's
     * cell (t, v) holds the layout function there, in its thread's colour.
     */
    private static void assertTv(String name, String tv, String tile) throws IOException {
        List<String> shape = modes(tv.substring(0, tv.indexOf(':'))), stride = modes(tv.substring(tv.indexOf(':') + 1));
        long[] ts = ints(shape.get(0)), td = ints(stride.get(0)), vs = ints(shape.get(1)), vd = ints(stride.get(1));
        long threads = product(ts), values = product(vs);
        List<List<Box>> panels = panelCells(read(name));
        assertEquals(2, panels.size(), name + ": the tile and the table");
        // the table: rows of threads, columns of values
        List<Box> table = panels.get(1);
        List<Double> xs = distinct(table, Box::x), ys = distinct(table, Box::y);
        assertEquals(threads * values, table.size(), name + " table");
        Map<Long, String> colourOfThread = new TreeMap<>();
        for (Box b : table) {
            long t = ys.indexOf(b.y()), v = xs.indexOf(b.x());
            assertEquals(Long.toString(apply(ts, td, t) + apply(vs, vd, v)), b.labels().get(0), name + " T" + t + " V" + v);
            assertEquals(colourOfThread.computeIfAbsent(t, k -> b.fill()), b.fill(), name + ": thread " + t + "'s colour");
        }
        // the tile
        long[] mn = ints(tile);
        long rows = mn[0];
        List<Box> cells = panels.get(0);
        assertEquals(product(mn), cells.size(), name + " tile");
        List<Double> cx = distinct(cells, Box::x), cy = distinct(cells, Box::y);
        boolean column = cx.size() == 1 && mn.length == 1; // a tile of one mode, drawn as one column or one row
        for (Box b : cells) {
            long offset = mn.length == 1 ? (column ? cy.indexOf(b.y()) : cx.indexOf(b.x())) : cy.indexOf(b.y()) + rows * cx.indexOf(b.x());
            long first = -1, count = 0;
            for (long i = threads * values - 1; i >= 0; i--) {
                if (apply(ts, td, i % threads) + apply(vs, vd, i / threads) == offset) {
                    first = i;
                    count++;
                }
            }
            if (first < 0) {
                assertEquals(List.of(), b.labels(), name + " offset " + offset + " has no holder");
                continue;
            }
            long t = first % threads, v = first / threads;
            assertEquals(List.of("T" + t, "V" + v), b.labels(), name + " offset " + offset);
            assertEquals(count > 1, b.css().contains("dasharray"), name + " offset " + offset + ": " + count + " holders");
            assertEquals(colourOfThread.get(t), b.fill(), name + " offset " + offset + " in thread " + t + "'s colour");
        }
    }

    /**
     * A tiling: the result CuTe C++ prints, and each panel's grid (rows of mode 0, columns of mode 1) the layout function
     * of A, of B (a product's) and of the result; a divide's result in A's colours, element by element.
     */
    private static void assertTiling(String name, String a, String b, String cute, boolean divide) throws IOException {
        String result = cute.replace("_", "");
        assertTrue(texts(name).contains("= " + result), name + " prints " + result);
        List<String> layouts = b == null ? List.of(a, result) : List.of(a, b, result);
        List<List<Box>> panels = panelCells(read(name));
        assertEquals(layouts.size(), panels.size(), name + " panels");
        for (int p = 0; p < layouts.size(); p++) {
            String l = layouts.get(p);
            long[] shape = ints(l.substring(0, l.indexOf(':'))), stride = ints(l.substring(l.indexOf(':') + 1));
            long rows = product(ints(modes(l.substring(0, l.indexOf(':'))).get(0)));
            List<Box> cells = panels.get(p);
            assertEquals(product(shape), cells.size(), name + " " + l + ": one cell per index");
            List<Double> xs = distinct(cells, Box::x), ys = distinct(cells, Box::y);
            assertEquals(rows, ys.size(), name + " " + l + ": rows of mode 0");
            for (Box c : cells) {
                long index = ys.indexOf(c.y()) + rows * xs.indexOf(c.x());
                assertEquals(Long.toString(apply(shape, stride, index)), c.labels().get(0), name + " " + l + " at index " + index);
            }
        }
        if (divide) {
            Map<String, String> colourOfElement = new TreeMap<>();
            for (Box c : panels.get(0)) colourOfElement.put(c.labels().get(0), c.fill());
            for (Box c : panels.get(1)) assertEquals(colourOfElement.get(c.labels().get(0)), c.fill(), name + ": element " + c.labels().get(0));
        }
    }

    /**
     * Shared-memory banks by the CUDA guide's rules, worked here: thread t reads its values' bytes (or, with a vector
     * width, that many bytes from its first element) at element smem(access(t, v)); accesses of up to 4 bytes are one
     * phase of the warp, 8-byte ones half warps, 16-byte ones quarter warps; word w lies in bank w mod 32; a phase takes
     * as many wavefronts as its fullest bank has distinct words. Each cell (bank column, wavefront row) names the
     * lowest thread touching its word, how many more do, and the first element that thread reads in the word.
     */
    private static void assertBanks(String name, String smem, int[] swizzle, String access, int elementBytes, int vector) throws IOException {
        long[] ss = ints(smem.substring(0, smem.indexOf(':'))), sd = ints(smem.substring(smem.indexOf(':') + 1));
        List<String> accessModes = modes(access.substring(0, access.indexOf(':')));
        long[] as = ints(access.substring(0, access.indexOf(':'))), ad = ints(access.substring(access.indexOf(':') + 1));
        long threads = product(ints(accessModes.get(0))), values = product(as) / threads;
        long bytes = vector > 0 ? vector : values * elementBytes;
        long perPhase = bytes >= 16 ? 8 : bytes == 8 ? 16 : 32;
        List<List<String>> expected = new ArrayList<>();
        long wavefronts = 0;
        for (long first = 0; first < threads; first += perPhase) {
            // word -> (thread -> first byte it reads in the word)
            TreeMap<Long, TreeMap<Long, Long>> words = new TreeMap<>();
            for (long t = first; t < Math.min(threads, first + perPhase); t++) {
                for (long v = 0; v < (vector > 0 ? 1 : values); v++) {
                    long e = apply(ss, sd, apply(as, ad, t + threads * v));
                    if (swizzle != null) e ^= (e & (((1L << swizzle[0]) - 1) << (swizzle[1] + swizzle[2]))) >> swizzle[2];
                    long from = e * elementBytes, to = from + (vector > 0 ? vector : elementBytes);
                    for (long w = from / 4; w * 4 < to; w++) words.computeIfAbsent(w, k -> new TreeMap<>()).merge(t, Math.max(from, 4 * w), Math::min);
                }
            }
            List<String> cells = new ArrayList<>();
            Map<Long, Long> perBank = new TreeMap<>();
            for (Map.Entry<Long, TreeMap<Long, Long>> w : words.entrySet()) {
                long t = w.getValue().firstKey();
                int more = w.getValue().size() - 1;
                cells.add("b" + w.getKey() % 32 + " T" + t + (more > 0 ? "+" + more : "") + " e" + w.getValue().get(t) / elementBytes);
                perBank.merge(w.getKey() % 32, 1L, Long::sum);
            }
            long rows = perBank.values().stream().mapToLong(Long::longValue).max().orElse(0);
            for (long r = 0; r < rows; r++) expected.add(r == 0 ? cells : List.of());
            wavefronts += rows;
        }
        List<String> t = texts(name);
        long total = wavefronts;
        assertTrue(t.stream().anyMatch(x -> x.startsWith("wavefronts " + total + ",")), name + ": " + total + " wavefronts");
        List<Box> grid = boxes(read(name), PictureSnapshotTest::isCell);
        List<Double> xs = distinct(grid, Box::x), ys = distinct(grid, Box::y);
        assertEquals(32, xs.size(), name + ": a column per bank");
        assertEquals(total, ys.size(), name + ": a row per wavefront");
        // the cells of each phase (the rows from its first to the next phase's), as bank, thread and element
        List<List<String>> read = new ArrayList<>();
        for (int r = 0; r < ys.size(); r++) read.add(new ArrayList<>());
        for (Box b : grid) {
            if (b.labels().isEmpty()) continue;
            read.get(ys.indexOf(b.y())).add("b" + xs.indexOf(b.x()) + " " + String.join(" ", b.labels()));
        }
        List<String> want = new ArrayList<>(), got = new ArrayList<>();
        for (int r = 0; r <= ys.size(); r++) {
            if (r == ys.size() || r > 0 && !expected.get(r).isEmpty()) {
                Collections.sort(want);
                Collections.sort(got);
                assertEquals(want, got, name + ": the phase ending before row " + r);
                want.clear();
                got.clear();
                if (r == ys.size()) break;
            }
            want.addAll(expected.get(r));
            got.addAll(read.get(r));
        }
    }


    private static String read(String name) throws IOException {
        return Files.readString(SNAPSHOTS.resolve(name + ".svg"), StandardCharsets.UTF_8);
    }

    private static final Pattern TEXT = Pattern.compile("<text[^>]*>([^<]*)</text>");

    /** The text elements of a snapshot, in order, unescaped. */
    private static List<String> texts(String name) throws IOException {
        List<String> out = new ArrayList<>();
        Matcher m = TEXT.matcher(read(name));
        while (m.find()) out.add(unescape(m.group(1)));
        return out;
    }

    private static String title(String name) throws IOException {
        Matcher m = Pattern.compile("<title>([^<]*)</title>").matcher(read(name));
        assertTrue(m.find(), name + " has no title");
        return unescape(m.group(1));
    }

    private static String unescape(String s) {
        return s.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&amp;", "&");
    }
}
