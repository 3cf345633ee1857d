package org.layoutcat.diagrams.picture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.layoutcat.diagrams.Diagram;
import org.layoutcat.diagrams.Samples;
import org.layoutcat.diagrams.export.PngWriter;
import org.layoutcat.diagrams.svg.SvgWriter;

/**
 * Snapshots of the seeds' and the paper's pictures (src/test/resources/snapshots): SVG files this code wrote, kept
 * so that a change to any picture shows up as a diff to look at. A snapshot is not evidence that a picture is right,
 * only that it has not changed; run with {@code -Dsnapshot.update=true} to rewrite them after an intended change,
 * and with {@code -Dgallery=true} to also write every picture as PNG under target/gallery for looking at.
 *
 * <p>What the snapshots show is checked against sources other than this code: the values the paper's notes, the
 * seeds and the CUDA guide print, and the layout function and swizzle by their definitions, evaluated here in a few
 * lines independent of the core module. Read from the stored files, these facts hold for the pictures drawn now too,
 * since those equal the snapshots.
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
                    if (update) {
                        Files.createDirectories(SNAPSHOTS);
                        Files.writeString(file, svg, StandardCharsets.UTF_8);
                    }
                    if (gallery) {
                        Files.createDirectories(GALLERY);
                        Files.write(GALLERY.resolve(e.getKey() + ".png"), PngWriter.write(d, 1));
                        Files.writeString(GALLERY.resolve(e.getKey() + ".svg"), svg);
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

    /**
     * Every cell of a grid snapshot holds the layout function at its index, evaluated here from the definition
     * (colexicographic coordinates of the flattened shape, dotted with the strides; CuTe's Swizzle&lt;B,M,S&gt;
     * {@code x ^ ((x & ((2^B−1) << (M+S))) >> S)}); the bank under a swizzled cell is {@code ⌊offset·bytes/4⌋ mod 32}.
     */
    @Test
    void gridSnapshotsHoldTheLayoutFunction() throws IOException {
        assertGrid("layout-strip", new long[] {24}, new long[] {1}, 24, 1, null, 0);
        assertGrid("layout-ex13-result", new long[] {2, 3, 6}, new long[] {6, 72, 1}, 6, 6, null, 0);
        assertGrid("layout-seed001-nested", new long[] {2, 2, 2, 2}, new long[] {1, 8, 2, 4}, 4, 4, null, 0);
        assertGrid("layout-rowmajor-colour-row", new long[] {4, 8}, new long[] {8, 1}, 4, 8, null, 0);
        assertGrid("layout-swizzle-doubles-banks", new long[] {8, 16}, new long[] {16, 1}, 8, 16, new int[] {3, 1, 3}, 8);
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

    /** The cells of a rank-1 or rank-2 grid snapshot: rows of mode 0 top to bottom, columns of mode 1 left to right. */
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
