package org.layoutcat.diagrams.picture;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.Layout;
import org.layoutcat.diagrams.Diagram;
import org.layoutcat.diagrams.DiagramNode;
import org.layoutcat.diagrams.Palette;
import org.layoutcat.diagrams.Scene;

/** The seeds' pictures reproduce: seed 001's coordinate tables and seed 003's thread–value picture. */
class SeedPicturesTest {

    private static List<String> table(Layout l) {
        List<String> out = new ArrayList<>();
        for (String[] r : CoordinatePicture.rows(l)) out.add(r[0] + " -> " + r[1]);
        return out;
    }

    @Test
    void seed001CoordinateTablesReproduce() {
        // seed 001, the map of (2,2,2):(2,1,4)
        assertEquals(List.of("0 -> (0,0,0)", "1 -> (0,1,0)", "2 -> (1,0,0)", "3 -> (1,1,0)", "4 -> (0,0,1)", "5 -> (0,1,1)",
                "6 -> (1,0,1)", "7 -> (1,1,1)"), table(Layout.parse("(2,2,2):(2,1,4)")));
        // seed 001, the map of ((2,2),2):((2,4),1)
        assertEquals(List.of("0 -> ((0,0),0)", "1 -> ((0,0),1)", "2 -> ((1,0),0)", "3 -> ((1,0),1)", "4 -> ((0,1),0)",
                "5 -> ((0,1),1)", "6 -> ((1,1),0)", "7 -> ((1,1),1)"), table(Layout.parse("((2,2),2):((2,4),1)")));
        // seed 001, the map of (2,(2,2)):(2,(1,4))
        assertEquals(List.of("0 -> (0,(0,0))", "1 -> (0,(1,0))", "2 -> (1,(0,0))", "3 -> (1,(1,0))", "4 -> (0,(0,1))",
                "5 -> (0,(1,1))", "6 -> (1,(0,1))", "7 -> (1,(1,1))"), table(Layout.parse("(2,(2,2)):(2,(1,4))")));
        // seed 001, the map of (2,(2,2)):(1,(4,2))
        assertEquals(List.of("0 -> (0,(0,0))", "1 -> (1,(0,0))", "2 -> (0,(0,1))", "3 -> (1,(0,1))", "4 -> (0,(1,0))",
                "5 -> (1,(1,0))", "6 -> (0,(1,1))", "7 -> (1,(1,1))"), table(Layout.parse("(2,(2,2)):(1,(4,2))")));
        // seed 001, the map of ((2,2),(2,2)):((1,8),(2,4))
        assertEquals(List.of("0 -> ((0,0),(0,0))", "1 -> ((1,0),(0,0))", "2 -> ((0,0),(1,0))", "3 -> ((1,0),(1,0))",
                "4 -> ((0,0),(0,1))", "5 -> ((1,0),(0,1))", "6 -> ((0,0),(1,1))", "7 -> ((1,0),(1,1))",
                "8 -> ((0,1),(0,0))", "9 -> ((1,1),(0,0))", "10 -> ((0,1),(1,0))", "11 -> ((1,1),(1,0))",
                "12 -> ((0,1),(0,1))", "13 -> ((1,1),(0,1))", "14 -> ((0,1),(1,1))", "15 -> ((1,1),(1,1))"),
                table(Layout.parse("((2,2),(2,2)):((1,8),(2,4))")));
    }

    @Test
    void seed001TablePictureShowsTheTable() {
        Layout l = Layout.parse("(2,(2,2)):(1,(4,2))");
        Diagram d = CoordinatePicture.of(l, null);
        List<String[]> rows = CoordinatePicture.rows(l);
        for (int r = 0; r < rows.size(); r++) {
            for (int c = 0; c < 3; c++) assertEquals(rows.get(r)[c], d.node("cell." + r + "." + c).label());
        }
    }

    @Test
    void seed003ThreadValuePictureReproduces() {
        Layout tv = Layout.parse("((2,2),(2,3)):((2,12),(1,4))");
        Diagram d = TvPicture.of(tv, null, null);
        // the tile, a column (a vector drawn as CuTe pads it, (N,1)): element o is labelled "Tt Vv" with TV(t, v) = o
        Map<Integer, TreeMap<Integer, Integer>> byThread = new TreeMap<>();
        for (int o = 0; o < 24; o++) {
            String[] tvLabel = d.node("p0.0.cell." + o + ".0").label().split(" ");
            int t = Integer.parseInt(tvLabel[0].substring(1));
            int v = Integer.parseInt(tvLabel[1].substring(1));
            byThread.computeIfAbsent(t, k -> new TreeMap<>()).put(v, o);
        }
        // seed 003, the kernel's printout: DATA of TIDX 0..3
        assertEquals(List.of(0, 1, 4, 5, 8, 9), List.copyOf(byThread.get(0).values()));
        assertEquals(List.of(2, 3, 6, 7, 10, 11), List.copyOf(byThread.get(1).values()));
        assertEquals(List.of(12, 13, 16, 17, 20, 21), List.copyOf(byThread.get(2).values()));
        assertEquals(List.of(14, 15, 18, 19, 22, 23), List.copyOf(byThread.get(3).values()));
        // thread 0 is blue, as the seed's "blue elements" are thread 0's values
        DiagramNode first = d.node("p0.0.cell.0.0");
        String fill = d.scene().shapes().stream().filter(s -> s instanceof Scene.Rect r && r.box().equals(first.box()))
                .map(s -> ((Scene.Rect) s).fill()).findFirst().orElseThrow();
        assertEquals(Palette.fill(0), fill);
        assertEquals("#77aadd", fill); // Tol's light blue
        // the second panel is the layout itself: thread t, value v holds TV(t, v)
        for (int t = 0; t < 4; t++) {
            for (int v = 0; v < 6; v++) {
                assertEquals(Long.toString(tv.apply(t + 4L * v)), d.node("p1.0.cell." + t + "." + v).label());
            }
        }
    }
}
