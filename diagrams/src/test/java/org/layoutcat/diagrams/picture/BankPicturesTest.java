package org.layoutcat.diagrams.picture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.imageio.ImageIO;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.Layout;
import org.layoutcat.core.swizzle.BankConflicts;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.Swizzle;
import org.layoutcat.diagrams.Box;
import org.layoutcat.diagrams.Diagram;
import org.layoutcat.diagrams.DiagramNode;
import org.layoutcat.diagrams.Drawings;
import org.layoutcat.diagrams.Palette;
import org.layoutcat.diagrams.Scene;
import org.layoutcat.diagrams.Style;
import org.layoutcat.diagrams.export.PngWriter;
import org.layoutcat.diagrams.svg.SvgWriter;
import org.layoutcat.diagrams.svg.SvgWriterTest;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** Swizzled grids coloured by bank and the banks of one instruction show what CuTe and the CUDA guide compute. */
class BankPicturesTest {
    private static final String SW128 = "Sw<3,3,3> o 0 o (8,64):(64,1)"; // CuTe's GMMA::Layout_K_SW128_Atom<half_t>, in elements

    /** The fill of the grid rectangle drawn at each node's box. */
    private static Map<Box, String> fills(Diagram d) {
        Map<Box, String> m = new HashMap<>();
        for (Scene.Shape s : d.scene().shapes()) if (s instanceof Scene.Rect r && !r.fill().equals("none")) m.put(r.box(), r.fill());
        return m;
    }

    @Test
    void theSwizzledGridShowsCuTesOffsetsAndTheirBanks() {
        Diagram d = Drawings.layout(AnyLayout.parse(SW128), null, 2, null);
        // CuTe C++ prints composition(Swizzle<3,3,3>{}, Layout<Shape<_8,_64>,Stride<_64,_1>>{}) at (3,0) as 216, at
        // (7,0) as 504 and at (5,17) as 377; the bank of a half at offset o is ⌊2o / 4⌋ mod 32
        assertEquals("216 b12", d.node("cell.3.0").label());
        assertEquals("504 b28", d.node("cell.7.0").label());
        assertEquals("377 b28", d.node("cell.5.17").label());
        ComposedLayout sw = ComposedLayout.parse(SW128);
        Map<Box, String> fills = fills(d);
        for (int r = 0; r < 8; r++) {
            Set<String> rowColours = new HashSet<>();
            for (int c = 0; c < 64; c++) {
                long o = sw.apply(r + 8L * c);
                long bank = (o * 2 / 4) % 32;
                DiagramNode cell = d.node("cell." + r + "." + c);
                assertEquals(o + " b" + bank, cell.label());
                assertEquals(Palette.fill(bank / 4), fills.get(cell.box()), "cell " + r + "," + c + " is coloured by its bank's chunk");
                if (c < 16) rowColours.add(fills.get(cell.box()));
            }
            // each row's first 128 bytes: 16 halves, two chunks of one colour each, and the swizzle moves them apart
            assertEquals(2, rowColours.size(), "row " + r);
        }
        // chunk 0 of row r moves to chunk r (Sw<3,3,3> XORs the row into the chunk): its colour is r's
        for (int r = 0; r < 8; r++) assertEquals(Palette.fill(r), fills.get(d.node("cell." + r + ".0").box()));
        assertTrue(d.scene().texts().stream().anyMatch(t -> t.text().equals("banks 28–31")), "the legend names the banks of each colour");
    }

    @Test
    void aPlainLayoutIsColouredByBankWithTheElementSize() {
        // a column of a row-major tile of halves: every row starts a 128-byte line, bank 0
        Diagram d = LayoutPicture.of(Layout.parse("(8,64):(64,1)"), null, null, 2);
        Map<Box, String> fills = fills(d);
        for (int r = 0; r < 8; r++) {
            assertEquals(64 * r + " b0", d.node("cell." + r + ".0").label());
            assertEquals(Palette.fill(0), fills.get(d.node("cell." + r + ".0").box()));
        }
        // colouring by offset keeps the banks under the offsets
        Diagram byOffset = LayoutPicture.of(Layout.parse("(8,64):(64,1)"), LayoutPicture.ColourBy.OFFSET, null, 2);
        assertEquals("65 b0", byOffset.node("cell.1.1").label());
        assertEquals(Palette.fill(65 % 8), fills(byOffset).get(byOffset.node("cell.1.1").box()));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LayoutPicture.of(Layout.parse("(8,64):(64,1)"), LayoutPicture.ColourBy.BANK, null, 0));
        assertTrue(e.getMessage().contains("needs the element's size"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Drawings.layout(AnyLayout.parse(SW128), null, 3, null));
    }

    @Test
    void theEightWayColumnTakesEightRowsOfBankZero() {
        // 8 threads read column 0 of a row-major 8×64 tile of halves: element 64t, word 32t, bank 0 for all: 8
        // wavefronts where 1 would do (CUDA C++ Programming Guide, shared memory: one word per bank per wavefront)
        Diagram d = Drawings.banks(AnyLayout.parse("(8,64):(64,1)"), Layout.parse("8:1"), 2, 0);
        assertEquals(8, rows(d));
        for (int t = 0; t < 8; t++) {
            assertEquals("T" + t + " e" + 64 * t, d.node("cell." + t + ".0").label());
            for (int b = 1; b < 32; b++) assertEquals("", d.node("cell." + t + "." + b).label());
        }
        assertTrue(titles(d).contains("wavefronts 8, minimum 1: conflict degree 8-way; bank 0 holds 8 distinct words in one phase"),
                titles(d));
        List<Box> red = conflicts(d);
        assertEquals(1, red.size(), "bank 0 is outlined");
        Box top = d.node("cell.0.0").box(), bottom = d.node("cell.7.0").box();
        assertTrue(red.get(0).y() > top.y() && red.get(0).bottom() < bottom.bottom() && red.get(0).bottom() > bottom.y(), "over all 8 rows");
    }

    @Test
    void theSwizzledChunksTakeOneWavefront() {
        // thread t reads the first 16-byte chunk of row t; Sw<3,3,3> moves it to chunk t: element 72t, banks 4t..4t+3
        Diagram d = Drawings.banks(AnyLayout.parse(SW128), Layout.parse("(8,8):(1,8)"), 2, 0);
        assertEquals(1, rows(d));
        for (int b = 0; b < 32; b++) {
            int t = b / 4;
            assertEquals("T" + t + " e" + (72 * t + 2 * (b % 4)), d.node("cell.0." + b).label());
        }
        assertTrue(titles(d).contains("wavefronts 1, minimum 1: no bank conflict"), titles(d));
        assertTrue(titles(d).contains("1 phase (quarter warps of 8 threads)"), titles(d));
        assertEquals(0, conflicts(d).size());
        // the same chunks unswizzled: every thread's four words in banks 0..3, 8 rows, four red banks
        Diagram plain = Drawings.banks(AnyLayout.parse("(8,64):(64,1)"), Layout.parse("(8,8):(1,8)"), 2, 0);
        assertEquals(8, rows(plain));
        assertEquals(4, conflicts(plain).size());
    }

    @Test
    void broadcastsShareACellAndVectorsWidenOneValuePerThread() {
        // threads 4b..4b+3 read word 32b: 8 distinct words in bank 0, each read by 4 threads (one broadcast each)
        Diagram d = Drawings.banks(AnyLayout.parse("256:1"), Layout.parse("((4,8)):((0,32))"), 4, 0);
        assertEquals(8, rows(d));
        assertEquals("T4+3 e32", d.node("cell.1.0").label());
        // 8-byte accesses: half warps; threads t and t+8 of a half warp share bank 4t mod 32: 2 wavefronts each
        Diagram half = Drawings.banks(AnyLayout.parse("128:1"), Layout.parse("(32,2):(4,1)"), 4, 0);
        assertEquals(4, rows(half));
        assertTrue(titles(half).contains("2 phases (half warps of 16 threads)") && titles(half).contains("wavefronts 4, minimum 2"), titles(half));
        // --vector 16 over one half per thread reads the thread's 8 halves: the picture of (8,8):(1,8)
        Diagram wide = Drawings.banks(AnyLayout.parse("(8,64):(64,1)"), Layout.parse("8:1"), 2, 16);
        Diagram values = Drawings.banks(AnyLayout.parse("(8,64):(64,1)"), Layout.parse("(8,8):(1,8)"), 2, 0);
        for (int r = 0; r < 8; r++) {
            for (int b = 0; b < 32; b++) assertEquals(values.node("cell." + r + "." + b).label(), wide.node("cell." + r + "." + b).label());
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Drawings.banks(AnyLayout.parse("(8,64):(64,1)"), Layout.parse("(8,8):(1,8)"), 2, 8));
        assertTrue(e.getMessage().contains("not the 8 bytes of the vector"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Drawings.banks(AnyLayout.parse("(8,64):(64,1)"), Layout.parse("8:3"), 2, 16));
        assertTrue(e.getMessage().contains("not 16-byte aligned"), e.getMessage());
    }

    /**
     * Over random swizzles and strided accesses: as many rows as wavefronts, every thread's words in the banks
     * of its addresses, and a red outline for each bank of a phase holding several distinct words.
     */
    @Property(tries = 60)
    void thePictureHasARowPerWavefrontAndOutlinesEachConflict(@ForAll @IntRange(min = 0, max = 3) int b,
            @ForAll @IntRange(min = 0, max = 40) int stride, @ForAll @IntRange(min = 0, max = 3) int log2Values,
            @ForAll @IntRange(min = 1, max = 32) int threads) {
        int values = 1 << log2Values;
        Layout tile = Layout.parse("65536:1");
        ComposedLayout smem = new ComposedLayout(new Swizzle(b, 3, 3), 0, tile);
        Layout access = Layout.parse("(" + threads + "," + values + "):(" + stride * values + ",1)");
        BankConflicts c = BankConflicts.of(smem::apply, 2, access);
        Diagram d = BankPicture.of(smem, 2, access, 0, null);
        assertEquals(c.wavefronts(), rows(d));
        int conflicted = 0;
        for (BankConflicts.Phase p : BankConflicts.phases(smem::apply, 2, access)) {
            for (int k = 0; k < 32; k++) if (p.banks().get(k).size() > 1) conflicted++;
        }
        assertEquals(conflicted, conflicts(d).size());
        int pairs = 0; // (thread, word) pairs: each is in exactly one cell, "T4+3" holding four
        for (DiagramNode n : d.graph().vertexSet()) {
            if (n.kind() != DiagramNode.Kind.CELL || !n.id().startsWith("cell.") || n.label().isEmpty()) continue;
            int bank = Integer.parseInt(n.id().substring(n.id().lastIndexOf('.') + 1));
            long element = Long.parseLong(n.label().substring(n.label().indexOf(" e") + 2));
            assertEquals(bank, (element * 2 / 4) % 32, n + " is in the bank of its element");
            String who = n.label().substring(0, n.label().indexOf(' '));
            pairs += who.contains("+") ? 1 + Integer.parseInt(who.substring(who.indexOf('+') + 1)) : 1;
        }
        assertEquals(threads * Math.max(1, values * 2 / 4), pairs, "every thread in the cells of each word it touches");
    }

    @Test
    void theSvgIsWellFormedAndThePngRenders() throws Exception {
        Map<String, Diagram> pictures = Map.of("layout", Drawings.layout(AnyLayout.parse(SW128), null, 2, null),
                "banks", Drawings.banks(Layout.parse("(8,64):(64,1)"), Layout.parse("8:1"), 2, 0));
        for (Map.Entry<String, Diagram> picture : pictures.entrySet()) {
            Diagram d = picture.getValue();
            Document doc = SvgWriterTest.parse(SvgWriter.write(d));
            // the red outlines: rectangles (or paths of rectangles) of a class whose stroke is the alert colour
            String css = doc.getElementsByTagNameNS("*", "style").item(0).getTextContent();
            java.util.Set<String> alert = new java.util.HashSet<>();
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\.(r\\d+)\\{[^}]*stroke:" + Style.ALERT + "[;}]").matcher(css + "}");
            while (m.find()) alert.add(m.group(1));
            int red = 0;
            for (String tag : new String[] {"rect", "path"}) {
                NodeList shapes = doc.getElementsByTagNameNS("*", tag);
                for (int i = 0; i < shapes.getLength(); i++) {
                    Element e = (Element) shapes.item(i);
                    if (alert.contains(e.getAttribute("class"))) red += tag.equals("rect") ? 1 : e.getAttribute("d").split("z", -1).length - 1;
                }
            }
            assertEquals(picture.getKey().equals("banks") ? 1 : 0, red, picture.getKey());
            BufferedImage img = ImageIO.read(new ByteArrayInputStream(PngWriter.write(d, 1)));
            assertEquals(Math.round(d.width()), img.getWidth(), 1);
        }
    }

    private static long rows(Diagram d) {
        return d.graph().vertexSet().stream().filter(n -> n.id().startsWith("row.0.")).count();
    }

    private static String titles(Diagram d) {
        StringBuilder sb = new StringBuilder();
        for (Scene.Text t : d.scene().texts()) sb.append(t.text()).append(' ');
        return sb.toString().replaceAll("\\s+", " ");
    }

    private static List<Box> conflicts(Diagram d) {
        List<Box> out = new ArrayList<>();
        for (Scene.Shape s : d.scene().shapes()) if (s instanceof Scene.Rect r && r.stroke().equals(Style.ALERT)) out.add(r.box());
        return out;
    }
}
