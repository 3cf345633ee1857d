package org.layoutcat.diagrams.svg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.layoutcat.diagrams.Diagram;
import org.layoutcat.diagrams.Samples;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.xml.sax.InputSource;

/** The SVG text: well-formed XML without DOCTYPE, deterministic, sized, one arrowhead marker. */
public class SvgWriterTest {

    /** Parses SVG with the JDK parser, DOCTYPE disallowed (no external entities can be reached). */
    public static Document parse(String svg) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        f.setNamespaceAware(true);
        f.setXIncludeAware(false);
        f.setExpandEntityReferences(false);
        DocumentBuilder b = f.newDocumentBuilder();
        b.setErrorHandler(null);
        return b.parse(new InputSource(new StringReader(svg)));
    }

    @TestFactory
    Stream<DynamicTest> everySampleIsWellFormedSvg() {
        return Samples.all().entrySet().stream().map(e -> DynamicTest.dynamicTest(e.getKey(), () -> {
            Diagram d = e.getValue().get();
            String svg = SvgWriter.write(d);
            Document doc = parse(svg);
            Element root = doc.getDocumentElement();
            assertEquals("svg", root.getLocalName());
            assertEquals("http://www.w3.org/2000/svg", root.getNamespaceURI());
            assertEquals(SvgWriter.num(d.width()), root.getAttribute("width"));
            assertEquals(SvgWriter.num(d.height()), root.getAttribute("height"));
            assertEquals("0 0 " + SvgWriter.num(d.width()) + " " + SvgWriter.num(d.height()), root.getAttribute("viewBox"));
            assertTrue(doc.getElementsByTagNameNS("*", "marker").getLength() <= 1, "at most one marker");
            assertEquals(d.scene().texts().size(), doc.getElementsByTagNameNS("*", "text").getLength());
            assertFalse(svg.contains("dominant-baseline"));
            assertEquals(svg, SvgWriter.write(e.getValue().get()), "the same picture gives the same text");
        }));
    }

    @Test
    void gridsAreCrispAndArrowsShareOneMarker() {
        String grid = SvgWriter.write(Samples.all().get("layout-ex13-result").get());
        assertTrue(grid.contains("shape-rendering:crispEdges}"));
        String morphism = SvgWriter.write(Samples.all().get("morphism-ex4").get());
        assertEquals(1, morphism.split("<marker ", -1).length - 1);
        assertEquals(5, morphism.split("marker-end=\"url\\(#arrowhead\\)\"", -1).length - 1, "4 entries and the basepoint");
    }

    @Test
    void numbersAreShortAndStable() {
        assertEquals("0", SvgWriter.num(-0.001));
        assertEquals("12", SvgWriter.num(12.0));
        assertEquals("12.5", SvgWriter.num(12.5));
        assertEquals("12.25", SvgWriter.num(12.251));
        assertEquals("-3.05", SvgWriter.num(-3.05));
        assertEquals("0.07", SvgWriter.num(0.07));
        assertThrows(IllegalArgumentException.class, () -> SvgWriter.num(Double.NaN));
    }

    @Test
    void textIsEscaped() {
        assertEquals("&lt;2:1,4:1&gt; &amp; &quot;x&quot;", org.layoutcat.diagrams.Markup.escape("<2:1,4:1> & \"x\""));
        assertThrows(IllegalArgumentException.class, () -> org.layoutcat.diagrams.Markup.escape("a\u0001"));
    }
}
