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
