package org.layoutcat.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code layoutcat draw}: each kind writes its file; errors are one line on stderr with a non-zero exit. */
class DrawCommandTest {

    private static CliRun run(String... args) {
        return CliRun.of(args);
    }

    /**
     * A picture whose PNG at the usual scale would pass 36 megapixels is drawn at the largest scale within it, as the
     * explorer's download draws it, and says so; a --scale past the limit is still refused with the one that fits.
     */
    @Test
    void aPngTooLargeAtTheUsualScaleIsDrawnAtTheLargestThatFits(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("big.png");
        CliRun r = run("draw", "layout", "(256,256):(256,1)", "-o", f.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("(scale 0.7, the largest within the PNG's limit of 36 megapixels)"), r.out());
        java.awt.image.BufferedImage png = javax.imageio.ImageIO.read(f.toFile());
        assertTrue((long) png.getWidth() * png.getHeight() <= 36_000_000L, png.getWidth() + "x" + png.getHeight());
        assertTrue(r.out().contains(png.getWidth() + "x" + png.getHeight() + " pixels"), r.out());
        CliRun refused = run("draw", "layout", "(256,256):(256,1)", "--scale", "1", "-o", dir.resolve("b.png").toString());
        assertEquals(Main.REFUSED, refused.code(), refused.err());
        assertTrue(refused.err().contains("--scale 0.7"), refused.err());
    }

    @Test
    void everyKindWritesItsFile(@TempDir Path dir) throws Exception {
        String[][] cases = {
            {"layout", "((2,3),6):((6,72),1)"},
            {"tv", "((2,2),(2,3)):((2,12),(1,4))"}, // seed 003
            {"tv", "((2,2),(2,3)):((2,12),(1,4))", "(4,6)"},
            {"coords", "((2,2),(2,2)):((1,8),(2,4))"}, // seed 001
            {"divide", "(4,8):(1,4)", "(2,2):(1,4)"},
            {"product", "(2,3):(1,2)", "(3,2):(1,3)", "--kind", "blocked"},
            {"product", "(2,3):(1,2)", "(3,2):(1,3)", "raked"},
            {"morphism", "(2,2,2,2) --(4,*,2,6)--> (3,2,4,2,10,2)"},
            {"morphism", "(2,2,2,2):(24,0,3,480)"}, // PAPER-NOTES 4: f_L
            {"refinement", "(6,6)", "(2,6,3)", "((2,3),(2,3))", "(2,(3,2),3)"},
            {"refinement", "(8,8,8)", "(2,8,8,8)"}, // PAPER-NOTES 16, computed
            {"compose", "(12,3,6):(1,72,12)", "(6,6):(1,6)"}, // issue 4's done-when
            {"compose", "7:1", "4:2"}, // the extension
        };
        int n = 0;
        for (String[] c : cases) {
            for (String ext : new String[] {"svg", "png", "tex", "dot"}) {
                Path f = dir.resolve("p" + n++ + "." + ext);
                String[] args = new String[c.length + 3];
                args[0] = "draw";
                System.arraycopy(c, 0, args, 1, c.length);
                args[c.length + 1] = "-o";
                args[c.length + 2] = f.toString();
                CliRun r = run(args);
                if (ext.equals("dot") && !c[0].equals("morphism") && !c[0].equals("refinement")) {
                    // DOT is for the graphs; a grid or walkthrough is refused with the reason and the formats to use, as a
                    // usage error (the file's extension names a format the kind has not)
                    assertEquals(Main.USAGE, r.code(), String.join(" ", c) + " -> dot");
                    assertTrue(r.err().contains(".dot is for the graphs") && r.err().contains("write .svg, .png or .tex"), r.err());
                    continue;
                }
                assertEquals(0, r.code(), String.join(" ", c) + " -> " + ext + ": " + r.err());
                assertTrue(Files.size(f) > 0);
            }
        }
        assertTrue(Files.readString(dir.resolve("p0.svg")).startsWith("<?xml"));
        Path done = dir.resolve("c.svg");
        CliRun r = run("draw", "compose", "(12,3,6):(1,72,12)", "(6,6):(1,6)", "-o", done.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(Files.readString(done).contains("<title>A∘B = (6,(2,3)):(1,(6,72)) (B applied first)</title>"));
    }

    @Test
    void errorsAreOneLineWithANonZeroExit(@TempDir Path dir) {
        String svg = dir.resolve("x.svg").toString();
        String[][] bad = {
            {"draw", "pie", "4:1", "-o", svg},
            {"draw", "layout", "(4,8):(1,4)", "-o", dir.resolve("no/such/dir/x.svg").toString()},
            {"draw", "layout", "(4,8):(1,4)", "-o", dir.resolve("x.pdf").toString()},
            {"draw", "layout", "(4,8:(1,4)", "-o", svg},
            {"draw", "layout", "4:1", "8:1", "-o", svg},
            {"draw", "morphism", "(4,6):(1,5)", "-o", svg},
            {"draw", "morphism", "(2,2) --(1,1)--> (2,2)", "-o", svg},
            {"draw", "refinement", "(8,8)", "(3,8,8)", "-o", svg},
            {"draw", "refinement", "(6,6)", "(2,6,3)", "(6,6)", "-o", svg},
            {"draw", "compose", "(4,6):(1,5)", "3:2", "-o", svg},
            {"draw", "product", "(2,3):(1,2)", "(3,2):(1,3)", "raked", "--kind", "blocked", "-o", svg},
            {"draw", "tv", "((2,2),(2,3)):((2,12),(1,4))", "(4,5)", "-o", svg},
            {"draw", "product", "(2,2):(1,2)", "<2,2>", "-o", svg},
            {"draw", "divide", "(4,8):(1,4)", "(2,2):(1,4)", "--kind", "sideways", "-o", svg},
        };
        for (String[] args : bad) {
            CliRun r = run(args);
            assertTrue(r.code() != 0, String.join(" ", args));
            String err = r.err().strip();
            assertTrue(err.startsWith("layoutcat draw"), err);
            assertFalse(err.contains("\n"), "one line: " + err);
        }
        assertFalse(Files.exists(dir.resolve("x.svg")));
        assertTrue(run("draw", "morphism", "(4,6):(1,5)", "-o", svg).err().contains(
                "is not tractable: after sorting by stride, flat mode 1 (4:1) reaches 4, which does not divide the stride 5"));
        assertTrue(run("draw", "refinement", "(8,8)", "(3,8,8)", "-o", svg).err().contains("no mutual refinement of (8,8) and (3,8,8)"));
        assertTrue(run("draw", "compose", "(4,6):(1,5)", "3:2", "-o", svg).err().startsWith("layoutcat draw: compose: no composite: "));
        assertTrue(run("draw", "pie", "4:1", "-o", svg).err().contains("one of compose, divide, product"));
    }

    @Test
    void swizzledGridsAndBanksAreDrawnInEveryFormatButDot(@TempDir Path dir) throws Exception {
        String sw = "Sw<3,3,3> o 0 o (8,64):(64,1)";
        String[][] cases = {
            {"layout", sw, "--elem", "2"},
            {"layout", "(8,64):(64,1)", "--elem", "2", "--color", "banks"},
            {"banks", "(8,64):(64,1)", "8:1", "--elem", "2"},
            {"banks", sw, "(8,8):(1,8)", "--elem", "2"},
            {"banks", "(8,64):(64,1)", "8:1", "--elem", "2", "--vector", "16"},
        };
        int n = 0;
        for (String[] c : cases) {
            for (String ext : new String[] {"svg", "png", "tex", "dot"}) {
                Path f = dir.resolve("s" + n++ + "." + ext);
                java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("draw"));
                args.addAll(java.util.List.of(c));
                args.addAll(java.util.List.of("-o", f.toString()));
                CliRun r = run(args.toArray(String[]::new));
                if (ext.equals("dot")) {
                    assertEquals(Main.USAGE, r.code(), String.join(" ", c));
                    assertTrue(r.err().contains(".dot is for the graphs") && r.err().contains("write .svg, .png or .tex"), r.err());
                    continue;
                }
                assertEquals(0, r.code(), String.join(" ", c) + " -> " + ext + ": " + r.err());
                assertTrue(Files.size(f) > 0);
            }
        }
        // CuTe C++: composition(Swizzle<3,3,3>{}, Layout<Shape<_8,_64>,Stride<_64,_1>>{})(3,0) = 216, a half in bank 12
        String grid = Files.readString(dir.resolve("s0.svg"));
        assertTrue(grid.contains("<title>Sw&lt;3,3,3&gt; o 0 o (8,64):(64,1)</title>"), grid.substring(0, 300));
        assertTrue(grid.contains(">216</text>") && grid.contains(">b12</text>") && grid.contains(">banks 12–15</text>"));
        String column = Files.readString(dir.resolve("s8.svg"));
        assertTrue(column.contains("wavefronts 8, minimum 1: conflict degree 8-way; bank 0 holds 8 distinct words in one phase"));
        String swizzled = Files.readString(dir.resolve("s12.svg"));
        assertTrue(swizzled.contains("wavefronts 1, minimum 1: no bank conflict"));
        java.awt.image.BufferedImage png = javax.imageio.ImageIO.read(dir.resolve("s9.png").toFile());
        assertTrue(png.getWidth() > 1000 && png.getHeight() > 300, png.getWidth() + "x" + png.getHeight());
        assertTrue(Files.readString(dir.resolve("s10.tex")).contains("\\definecolor"));
    }

    @Test
    void elementAndVectorSizesAreRefusedWhereTheyDoNotBelong(@TempDir Path dir) {
        String svg = dir.resolve("x.svg").toString();
        String[][] bad = {
            {"draw", "tv", "((2,2),(2,3)):((2,12),(1,4))", "--elem", "2", "-o", svg},
            {"draw", "layout", "(8,64):(64,1)", "--elem", "2", "--vector", "16", "-o", svg},
            {"draw", "layout", "(8,64):(64,1)", "--color", "banks", "-o", svg},
            {"draw", "layout", "(8,64):(64,1)", "--elem", "3", "-o", svg},
            {"draw", "banks", "(8,64):(64,1)", "8:1", "-o", svg},
            {"draw", "banks", "(8,64):(64,1)", "8:1", "--vector", "16", "-o", svg},
            {"draw", "banks", "(8,64):(64,1)", "(8,8):(8,1)", "--elem", "2", "-o", svg},
            {"draw", "banks", "(8,64):(64,1)", "(8,8):(1,8)", "--elem", "2", "--vector", "8", "-o", svg},
        };
        // an option the kind does not take, a bad option value, and --elem missing where SMEM does not carry its width (CuTe's
        // smem_ptr[Nb]) are usage errors, as for banks itself; a picture refused for its values is a refused input
        int[] codes = {Main.USAGE, Main.USAGE, Main.REFUSED, Main.USAGE, Main.USAGE, Main.USAGE, Main.REFUSED, Main.REFUSED};
        for (int i = 0; i < bad.length; i++) {
            String[] args = bad[i];
            CliRun r = run(args);
            assertEquals(codes[i], r.code(), String.join(" ", args) + ": " + r.err());
            String err = r.err().strip();
            assertTrue(err.startsWith("layoutcat draw"), err);
            assertFalse(err.contains("\n"), "one line: " + err);
        }
        assertFalse(Files.exists(dir.resolve("x.svg")));
        assertTrue(run(bad[2]).err().contains("needs the element's size in bytes (--elem)"), run(bad[2]).err());
        assertTrue(run(bad[6]).err().contains("not one vector access"), run(bad[6]).err());
    }

    /** The command line's own words: the kinds, the arity of each, the trailing form and sizes, the atom's name. */
    @Test
    void theTextOfTheCommandLineIsReadHereAndRefusedInItsOwnWords(@TempDir Path dir) {
        String svg = dir.resolve("x.svg").toString();
        assertEquals("layoutcat draw: unknown picture kind 'pie': one of compose, divide, product, layout, coords, tv, morphism, refinement,"
                + " gmma-doctor, banks, mma_atom, mma, copy, tma, tma-doctor, copybanks, swizzle-search, tmem, tmem-copy (see 'layoutcat draw --help')", run("draw", "pie", "4:1", "-o", svg).err().strip());
        assertEquals("layoutcat draw: layout takes a layout or composed layout and optionally the element's bytes; got 3 arguments (see 'layoutcat draw --help')",
                run("draw", "layout", "4:1", "2", "8:1", "-o", svg).err().strip());
        assertEquals("layoutcat draw: layout: the element's bytes '8:1' are none of 1, 2, 4, 8, 16",
                run("draw", "layout", "4:1", "8:1", "-o", svg).err().strip());
        assertEquals("layoutcat draw: compose takes layouts A and B (A o B, B applied first); got 1 argument (see 'layoutcat draw --help')",
                run("draw", "compose", "(12,3,6):(1,72,12)", "-o", svg).err().strip());
        assertEquals("layoutcat draw: refinement takes T and U, or T, U, T′ and U′; got 3 arguments (see 'layoutcat draw --help')",
                run("draw", "refinement", "(6,6)", "(2,6,3)", "((2,3),(2,3))", "-o", svg).err().strip());
        assertEquals("layoutcat draw: product: the form is given twice, as 'raked' and as 'blocked' (see 'layoutcat draw --help')",
                run("draw", "product", "(2,3):(1,2)", "(3,2):(1,3)", "raked", "--kind", "blocked", "-o", svg).err().strip());
        assertEquals("layoutcat draw: copy: the value width 'x' is not a whole number of bits",
                run("draw", "copy", "SM75_U32x4_LDSM_N", "x", "(32,1)", "(1,8)", "-o", svg).err().strip());
        assertTrue(run("draw", "mma", "SM80_NOPE", "-o", svg).err().startsWith("layoutcat draw: no MMA atom \"SM80_NOPE\"; known: "));
        assertTrue(run("draw", "morphism", "(2,2) -> (2,2)", "-o", svg).err().contains("expected"));
        assertTrue(run("draw", "morphism", "(2,2) --(1,1)--> (2,2)", "-o", svg).err().contains("(2,2) --(1,1)--> (2,2)"));
        assertTrue(run("draw", "morphism", "(4,6):(1,5)", "-o", svg).err().startsWith(
                "layoutcat draw: morphism: f_L needs a tractable layout L, but L = (4,6):(1,5) is not tractable"));
        // a layout whose values are coordinates has no grid of offsets: the picture says why
        assertEquals("layoutcat draw: layout of (4,8):(1@0,1@1): it is a layout with scaled-basis strides; its values are"
                + " coordinates, and the grid shows an offset in each cell", run("draw", "layout", "(4,8):(1@0,1@1)", "-o", svg).err().strip());
        assertFalse(Files.exists(dir.resolve("x.svg")));
    }

    /**
     * draw mma of a wgmma atom draws its accumulators alone by default, as --only C does; --only ABC draws A and B too;
     * a warp-level atom draws all three unless told --only C; any other --only is refused in the command's words.
     */
    @Test
    void mmaDrawsTheAccumulatorsAloneForWgmmaOrWhenAsked(@TempDir Path dir) throws Exception {
        String wgmma = "SM90_64x64x16_F32F16F16_SS";
        String warp = "SM80_16x8x16_F16F16F16F16_TN";
        String[][] same = {{wgmma}, {wgmma, "--only", "C"}, {warp, "--only", "c"}, {warp}, {warp, "--only", "ABC"}, {wgmma, "--only", "ABC"}};
        String[] svg = new String[same.length];
        for (int k = 0; k < same.length; k++) {
            Path f = dir.resolve("m" + k + ".svg");
            java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("draw", "mma"));
            args.addAll(java.util.List.of(same[k]));
            args.addAll(java.util.List.of("-o", f.toString()));
            CliRun r = run(args.toArray(String[]::new));
            assertEquals(0, r.code(), String.join(" ", same[k]) + ": " + r.err());
            svg[k] = Files.readString(f);
        }
        assertEquals(svg[0], svg[1], "a wgmma atom draws C alone by default");
        assertEquals(svg[3], svg[4], "a warp-level atom draws A, B and C by default");
        assertTrue(svg[0].contains("C alone") && !svg[5].contains("C alone") && svg[5].length() > svg[0].length(), "--only ABC");
        assertTrue(svg[2].contains("C alone") && svg[2].length() < svg[3].length(), "--only c, any case");
        String f = dir.resolve("x.svg").toString();
        assertTrue(run("draw", "mma", warp, "--only", "AB", "-o", f).err().contains("--only takes C (the accumulators alone) or ABC"));
        assertEquals("layoutcat draw: layout: --only is for the mma picture (see 'layoutcat draw --help')", run("draw", "layout", "4:1", "--only", "C", "-o", f).err().strip());
    }

    /** The options and the trailing arguments name the same values: each pair of command lines draws one picture. */
    @Test
    void optionsAndTrailingArgumentsDrawTheSamePicture(@TempDir Path dir) throws Exception {
        String[][][] pairs = {
            {{"product", "(2,5):(5,1)", "(3,4):(1,3)", "blocked"}, {"product", "(2,5):(5,1)", "(3,4):(1,3)", "--kind", "blocked"}},
            {{"divide", "(8,8):(1,8)", "<2,4>", "zipped"}, {"divide", "(8,8):(1,8)", "<2,4>", "--kind", "ZIPPED"}},
            {{"layout", "(8,64):(64,1)", "2"}, {"layout", "(8,64):(64,1)", "--elem", "2"}},
            {{"banks", "(8,64):(64,1)", "8:1", "2", "16"}, {"banks", "(8,64):(64,1)", "8:1", "--elem", "2", "--vector", "16"}},
            {{"mma", "SM80_16x8x16_F16F16F16F16_TN", "2x2x1", "<32,32,16>"},
             {"mma", "SM80_16x8x16_F16F16F16F16_TN", "--atoms", "2x2x1", "--permute", "<32,32,16>"}},
            {{"refinement", "(6,6)", "(2,6,3)"}, {"refinement", "(6,6)", "(2,6,3)", "((2,3),(2,3))", "(2,(3,2),3)"}},
        };
        int n = 0;
        for (String[][] pair : pairs) {
            String[] files = new String[2];
            for (int k = 0; k < 2; k++) {
                Path f = dir.resolve("q" + n++ + ".svg");
                java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("draw"));
                args.addAll(java.util.List.of(pair[k]));
                args.addAll(java.util.List.of("-o", f.toString()));
                CliRun r = run(args.toArray(String[]::new));
                assertEquals(0, r.code(), String.join(" ", pair[k]) + ": " + r.err());
                files[k] = Files.readString(f);
            }
            assertEquals(files[0], files[1], String.join(" ", pair[0]));
        }
    }
}
