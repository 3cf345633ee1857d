package org.layoutcat.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.layoutcat.examples.Gallery;

/**
 * The gallery as a person sees it: headless Chromium loads {@code index.html}, and every inline picture must be
 * laid out with a non-zero size (the page marks the counts on its body once loaded). Skipped, with a message, only
 * where no Chromium is installed ({@code .ci/run} installs Debian's {@code chromium}).
 */
class GalleryBrowserTest {

    @Test
    void everyPictureOfTheGalleryRendersInABrowser() throws Exception {
        Optional<String> chromium = chromium();
        Assumptions.assumeTrue(chromium.isPresent(), "no chromium on this machine: the gallery was not loaded in a browser");
        Path dir = Path.of("target", "gallery-browser-test");
        Gallery.Result r = GalleryCommand.write(dir);
        assertEquals(0, r.failed(), r.summary());
        assertTrue(r.pictures() > 50, "pictures: " + r.pictures());

        Path profile = Files.createTempDirectory("chromium-profile");
        Process p = new ProcessBuilder(chromium.get(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--user-data-dir=" + profile, "--virtual-time-budget=20000", "--window-size=1400,1000", "--dump-dom",
                r.index().toAbsolutePath().toUri().toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        byte[] dom = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "chromium did not finish");
        String html = new String(dom, StandardCharsets.UTF_8);
        Matcher body = Pattern.compile("<body[^>]*data-pictures=\"(\\d+)\"[^>]*data-rendered=\"(\\d+)\"").matcher(html);
        assertTrue(body.find(), "the page's check script did not run; DOM starts: " + html.substring(0, Math.min(300, html.length())));
        assertEquals(r.pictures(), Integer.parseInt(body.group(1)), "pictures in the page");
        assertEquals(r.pictures(), Integer.parseInt(body.group(2)), "pictures laid out with a non-zero size");
        // each picture is an image of its own file: inline SVGs would share one stylesheet, their classes restyling
        // one another (the bank legend's labels a swatch off)
        assertTrue(!html.contains("<svg"), "a picture is inline in the page");
        // the page fits a 1,400-pixel window: nothing (long errors, wide pictures) widens it past the window
        Matcher width = Pattern.compile("data-scroll-width=\"(\\d+)\"[^>]*data-window-width=\"(\\d+)\"").matcher(html);
        assertTrue(width.find(), "the page's width was not measured");
        assertEquals(1400, Integer.parseInt(width.group(2)), "the window's width");
        assertTrue(Integer.parseInt(width.group(1)) <= 1400, "the page is " + width.group(1) + " px wide in a 1,400-px window");
    }

    private static Optional<String> chromium() {
        for (String name : List.of("chromium", "chromium-browser", "google-chrome")) {
            for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
                File f = new File(dir, name);
                if (f.canExecute()) return Optional.of(f.getPath());
            }
        }
        return Optional.empty();
    }
}
