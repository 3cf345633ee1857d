package org.layoutcat.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code layoutcat tma} and the README's TMA section: the descriptors of CUTLASS's Hopper tutorial tiles are CuTe's.
 * CuTe's answers are {@code tma/wgmma_tma_sm90_tiles.txt}, the output of {@code tma/wgmma_tma_sm90_tiles.cu}.
 */
class TmaCommandTest {

    private static String cute() throws IOException {
        try (var in = TmaCommandTest.class.getResourceAsStream("/tma/wgmma_tma_sm90_tiles.txt")) {
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
    }

    /** The driver call CuTe printed for a tutorial tile, as layoutcat's call reads it. */
    private static String call(String json) {
        Matcher m = Pattern.compile("\"globalDim\":\\[([^]]*)],\"globalStrides\":\\[([^]]*)],\"boxDim\":\\[([^]]*)].*\"swizzle\":(\\d)").matcher(json);
        assertTrue(m.find(), json);
        String[] modes = {"SWIZZLE_NONE", "SWIZZLE_32B", "SWIZZLE_64B", "SWIZZLE_128B"};
        return "globalDim (" + m.group(1) + "), globalStrides (" + m.group(2) + "), boxDim (" + m.group(3) + "), elementStrides (1,1),"
                + " INTERLEAVE_NONE, " + modes[Integer.parseInt(m.group(4))];
    }

    private static List<String> words(String line) {
        List<String> words = new ArrayList<>();
        Matcher m = Pattern.compile("\"([^\"]*)\"|(\\S+)").matcher(line);
        while (m.find()) words.add(m.group(1) != null ? m.group(1) : m.group(2));
        return words;
    }

    @Test
    void theReadmesTutorialTilesAreCuTes() throws IOException {
        String cute = cute();
        String[] jsons = cute.lines().filter(l -> l.startsWith("{")).toArray(String[]::new);
        String[] tensors = cute.lines().filter(l -> l.startsWith("tma tensor: ")).map(l -> l.substring(l.indexOf(" o ") + 3).replace("_", ""))
                .toArray(String[]::new);
        String[] descs = cute.lines().filter(l -> l.startsWith("GmmaDescriptor: ")).map(l -> l.substring(16)).toArray(String[]::new);
        List<String> lines = Files.readAllLines(Path.of("..", "README.md"));
        int start = lines.indexOf("### TMA: tensor maps from layouts");
        assertTrue(start >= 0, "the README's TMA section");
        int tma = 0, gmma = 0;
        for (String line : lines.subList(start + 1, lines.size())) {
            if (line.startsWith("### ") || line.startsWith("## ")) break;
            if (line.startsWith("./layoutcat tma ") && line.contains("smem_ptr")) {
                CliRun r = CliRun.of(words(line.substring(12)).toArray(String[]::new));
                assertEquals(0, r.code(), r.err());
                assertTrue(r.out().contains(call(jsons[tma])), line + "\n" + r.out() + "\nCuTe: " + jsons[tma]);
                assertTrue(r.out().contains("tma_tensor: " + tensors[tma]), r.out());
                tma++;
            } else if (line.startsWith("./layoutcat op gmma_descriptor ")) {
                List<String> w = words(line.substring(12, line.indexOf(" # ")));
                CliRun r = CliRun.of(w.toArray(String[]::new));
                assertEquals(0, r.code(), r.err());
                assertTrue(r.out().startsWith(descs[gmma]), line + " answers " + r.out());
                assertTrue(line.endsWith(descs[gmma]), line + " says CuTe's " + descs[gmma]);
                gmma++;
            }
        }
        assertEquals(2, tma);
        assertEquals(2, gmma);
    }

    @Test
    void aRefusalNamesTheDimensionAndTheNumbersAndExitsOne() {
        CliRun r = CliRun.of("tma", "(100,60):(60,1)", "(64,32):(32,1)", "--elem", "f16");
        assertEquals(1, r.code());
        assertTrue(r.err().startsWith("layoutcat tma: "), r.err());
        assertTrue(r.err().contains("dimension 1 (mode 0 of G) has stride 60 elements = 120 bytes"), r.err());
    }

    @Test
    void optionsReachTheOperation() {
        CliRun r = CliRun.of("tma", "(512,1024):(1024,1)", "Sw<3,4,3> o smem_ptr[16b](unset) o ((8,16),(64,1)):((64,512),(1,0))",
                "--elem", "f16", "--multicast", "2");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("boxDim (64,64)") && r.out().contains("coords: 0:(0,0) 1:(0,64)"), r.out());
        r = CliRun.of("tma", "(64,4,16):(1,64,256)", "(64,4,2):(1,64,256)", "--elem", "f16", "--static");
        assertTrue(r.out().contains("boxDim (256,2)"), r.out());
        r = CliRun.of("tma", "(64,4,16):(1,64,256)", "(64,4,2):(1,64,256)", "--elem", "f16");
        assertTrue(r.out().contains("boxDim (64,4,2)"), r.out());
    }
}
