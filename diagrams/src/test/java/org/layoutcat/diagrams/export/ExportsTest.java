package org.layoutcat.diagrams.export;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.jgrapht.Graph;
import org.jgrapht.graph.DefaultEdge;
import org.jgrapht.graph.builder.GraphTypeBuilder;
import org.jgrapht.nio.dot.DOTImporter;
import org.jgrapht.util.SupplierUtil;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.layoutcat.diagrams.Diagram;
import org.layoutcat.diagrams.Samples;
import org.layoutcat.diagrams.svg.SvgWriter;

/** PNG through Batik (strict), TikZ that compiles, DOT that reads back, formats by extension. */
class ExportsTest {

    @TestFactory
    Stream<DynamicTest> everySampleRasterizesWithBatikUnderAStrictErrorHandler() {
        return Samples.all().entrySet().stream().map(e -> DynamicTest.dynamicTest(e.getKey(), () -> {
            Diagram d = e.getValue().get();
            byte[] png = PngWriter.write(d, 1);
            BufferedImage img = ImageIO.read(new ByteArrayInputStream(png));
            assertEquals(Math.round(d.width()), img.getWidth(), 1);
            assertEquals(Math.round(d.height()), img.getHeight(), 1);
        }));
    }

    /**
     * The PNG painted from the scene shows what Batik draws from the SVG: at every pixel the two images differ by
     * little (fonts are rasterized by different code, so glyph edges move), and on nearly all pixels by nothing visible.
     */
    @TestFactory
    Stream<DynamicTest> thePaintedPngAgreesWithBatiksRasterOfTheSvg() {
        return Samples.all().entrySet().stream().filter(e -> !e.getKey().equals("layout-64x64"))
                .map(e -> DynamicTest.dynamicTest(e.getKey(), () -> {
                    Diagram d = e.getValue().get();
                    BufferedImage painted = ImageIO.read(new ByteArrayInputStream(PngWriter.write(d, 1)));
                    BufferedImage batik = ImageIO.read(new ByteArrayInputStream(PngWriter.rasterize(SvgWriter.write(d), d.width())));
                    assertEquals(batik.getWidth(), painted.getWidth());
                    assertEquals(batik.getHeight(), painted.getHeight());
                    int block = 8; // glyphs are rasterized by different code: compare the mean colour of 8x8 blocks
                    int w = batik.getWidth();
                    int[] a = batik.getRGB(0, 0, w, batik.getHeight(), null, 0, w);
                    int[] b = painted.getRGB(0, 0, w, batik.getHeight(), null, 0, w);
                    long differ = 0;
                    long blocks = 0;
                    for (int by = 0; by + block <= batik.getHeight(); by += block) {
                        for (int bx = 0; bx + block <= w; bx += block) {
                            blocks++;
                            if (blockDistance(a, b, w, bx, by, block) > 24) differ++;
                        }
                    }
                    double share = differ / (double) blocks;
                    assertTrue(share < 0.01, e.getKey() + ": " + differ + " of " + blocks + " blocks differ visibly from Batik's");
                }));
    }

    /**
     * The largest channel difference of the mean colours of a block of two images of width {@code w} (their ARGB pixels
     * row by row), alpha composited on white.
     */
    private static int blockDistance(int[] a, int[] b, int w, int x0, int y0, int n) {
        int d = 0;
        for (int shift = 0; shift < 24; shift += 8) {
            long sa = 0;
            long sb = 0;
            for (int y = y0; y < y0 + n; y++) {
                for (int x = x0; x < x0 + n; x++) {
                    sa += onWhite(a[y * w + x], shift);
                    sb += onWhite(b[y * w + x], shift);
                }
            }
            d = (int) Math.max(d, Math.abs(sa - sb) / (n * n));
        }
        return d;
    }

    private static int onWhite(int argb, int shift) {
        int alpha = argb >>> 24;
        int c = (argb >> shift) & 0xff;
        return (c * alpha + 255 * (255 - alpha)) / 255;
    }

    /** A PNG past the pixel limit is refused before painting, with its size, the limit and the scale that fits. */
    @Test
    void aPngPastThePixelLimitIsRefusedWithItsSizeAndTheScaleThatFits() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PngWriter.checkSize(8000, 9000, 1));
        assertEquals("a PNG of 8000x9000 pixels (72.0 megapixels) is past the limit of 36 megapixels and 20000 pixels a side:"
                + " write .svg (no limit), or --scale 0.7 or less", e.getMessage());
        PngWriter.checkSize(8000, 9000, 0.7);
        IllegalArgumentException side = assertThrows(IllegalArgumentException.class, () -> PngWriter.checkSize(30000, 100, 1));
        assertTrue(side.getMessage().contains("--scale 0.66 or less"), side.getMessage());
        assertThrows(IllegalArgumentException.class, () -> PngWriter.checkSize(10, 10, 0.01));
    }

    @Test
    void batikRejectsABrokenSvg() {
        String broken = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><rect width=\"-5\" height=\"3\"/></svg>";
        assertThrows(IllegalArgumentException.class, () -> PngWriter.rasterize(broken, 10));
    }

    @TestFactory
    Stream<DynamicTest> everySampleIsAsciiTikz() {
        return Samples.all().entrySet().stream().filter(e -> !e.getKey().equals("layout-64x64"))
                .map(e -> DynamicTest.dynamicTest(e.getKey(), () -> {
                    String tex = TikzWriter.write(e.getValue().get());
                    assertTrue(StandardCharsets.US_ASCII.newEncoder().canEncode(tex), "pure ASCII");
                    assertTrue(tex.contains("\\documentclass[tikz,border=2pt]{standalone}"));
                    assertTrue(tex.strip().endsWith("\\end{document}"));
                    int depth = 0;
                    for (char c : tex.toCharArray()) {
                        if (c == '{') depth++;
                        if (c == '}') depth--;
                        assertTrue(depth >= 0);
                    }
                    assertEquals(0, depth, "balanced braces");
                }));
    }

    /** Compiles the TikZ of three pictures with pdflatex where it is installed. */
    @Test
    @Tag("pdflatex") // where /usr/bin/pdflatex is (the profile pdflatex)
    void tikzCompilesAsWritten(@TempDir Path dir) throws Exception {
        assumeTrue(onPath("pdflatex"), "pdflatex is not installed");
        for (String name : new String[] {"compose-ex13", "tv-seed003", "refinement-ex16c"}) {
            Path tex = dir.resolve(name + ".tex");
            Exports.write(Samples.all().get(name).get(), tex, 1);
            Process p = new ProcessBuilder("pdflatex", "-interaction=nonstopmode", "-halt-on-error", tex.getFileName().toString())
                    .directory(dir.toFile()).redirectErrorStream(true).redirectOutput(dir.resolve(name + ".out").toFile()).start();
            assertTrue(p.waitFor(180, TimeUnit.SECONDS), name + ": pdflatex finished");
            assertEquals(0, p.exitValue(), name + ": " + Files.readString(dir.resolve(name + ".out")));
            assertTrue(Files.size(dir.resolve(name + ".pdf")) > 0);
        }
    }

    private static boolean onPath(String exe) {
        String path = System.getenv("PATH");
        if (path == null) return false;
        for (String d : path.split(java.io.File.pathSeparator)) if (Files.isExecutable(Path.of(d, exe))) return true;
        return false;
    }

    @TestFactory
    Stream<DynamicTest> everySampleReadsBackAsDot() {
        return Samples.all().entrySet().stream().filter(e -> !e.getKey().equals("layout-64x64"))
                .map(e -> DynamicTest.dynamicTest(e.getKey(), () -> {
                    Diagram d = e.getValue().get();
                    String dot = DotWriter.write(d);
                    Graph<String, DefaultEdge> g = GraphTypeBuilder.<String, DefaultEdge>directed().allowingMultipleEdges(true)
                            .allowingSelfLoops(true).vertexSupplier(SupplierUtil.createStringSupplier())
                            .edgeSupplier(SupplierUtil.DEFAULT_EDGE_SUPPLIER).buildGraph();
                    new DOTImporter<String, DefaultEdge>().importGraph(g, new StringReader(dot));
                    assertEquals(d.graph().vertexSet().size(), g.vertexSet().size());
                    assertEquals(d.graph().edgeSet().size(), g.edgeSet().size());
                }));
    }

    @Test
    void theExtensionPicksTheFormat(@TempDir Path dir) throws Exception {
        Diagram d = Samples.all().get("morphism-ex3").get();
        Exports.write(d, dir.resolve("m.svg"), 1);
        assertEquals(SvgWriter.write(d), Files.readString(dir.resolve("m.svg")));
        Exports.write(d, dir.resolve("m.PNG"), 2);
        byte[] png = Files.readAllBytes(dir.resolve("m.PNG"));
        assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G'}, java.util.Arrays.copyOf(png, 4));
        assertEquals(Math.round(2 * d.width()), ImageIO.read(new ByteArrayInputStream(png)).getWidth(), 1);
        Exports.write(d, dir.resolve("m.dot"), 1);
        assertTrue(Files.readString(dir.resolve("m.dot")).startsWith("strict digraph") || Files.readString(dir.resolve("m.dot")).startsWith("digraph"));
        Exports.write(d, dir.resolve("m.tex"), 1);
        assertTrue(Files.readString(dir.resolve("m.tex")).contains("\\begin{tikzpicture}"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Exports.write(d, dir.resolve("m.pdf"), 1));
        assertTrue(e.getMessage().contains(".svg, .tex, .dot or .png"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Exports.write(d, dir.resolve("missing/m.svg"), 1));
        assertTrue(e.getMessage().startsWith("cannot write"), e.getMessage());
    }
}
