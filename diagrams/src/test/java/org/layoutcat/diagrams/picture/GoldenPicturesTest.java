package org.layoutcat.diagrams.picture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.layoutcat.diagrams.Diagram;
import org.layoutcat.diagrams.Samples;
import org.layoutcat.diagrams.export.PngWriter;
import org.layoutcat.diagrams.svg.SvgWriter;

/**
 * Golden SVG files for the seeds' and the paper's examples (src/test/resources/golden). Run with
 * {@code -Dgolden.update=true} to rewrite them after an intended change, and with {@code -Dgallery=true} to also
 * write every picture as PNG under target/gallery for looking at.
 */
class GoldenPicturesTest {
    private static final Path GOLDEN = Path.of("src/test/resources/golden");
    private static final Path GALLERY = Path.of("target/gallery");

    @TestFactory
    Stream<DynamicTest> picturesMatchTheirGoldenFiles() {
        boolean update = Boolean.getBoolean("golden.update");
        boolean gallery = Boolean.getBoolean("gallery");
        return Samples.all().entrySet().stream().filter(e -> !e.getKey().equals("layout-64x64"))
                .map(e -> DynamicTest.dynamicTest(e.getKey(), () -> {
                    Diagram d = e.getValue().get();
                    String svg = SvgWriter.write(d);
                    Path file = GOLDEN.resolve(e.getKey() + ".svg");
                    if (update) {
                        Files.createDirectories(GOLDEN);
                        Files.writeString(file, svg, StandardCharsets.UTF_8);
                    }
                    if (gallery) {
                        Files.createDirectories(GALLERY);
                        Files.write(GALLERY.resolve(e.getKey() + ".png"), PngWriter.write(d, 1));
                        Files.writeString(GALLERY.resolve(e.getKey() + ".svg"), svg);
                    }
                    assertTrue(Files.exists(file), "no golden file " + file + " (run with -Dgolden.update=true)");
                    assertEquals(read(file), svg, e.getKey() + " differs from " + file);
                }));
    }

    private static String read(Path p) throws IOException {
        return Files.readString(p, StandardCharsets.UTF_8);
    }
}
