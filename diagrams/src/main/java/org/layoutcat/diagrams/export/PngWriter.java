package org.layoutcat.diagrams.export;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.StringReader;
import org.apache.batik.transcoder.ErrorHandler;
import org.apache.batik.transcoder.SVGAbstractTranscoder;
import org.apache.batik.transcoder.TranscoderException;
import org.apache.batik.transcoder.TranscoderInput;
import org.apache.batik.transcoder.TranscoderOutput;
import org.apache.batik.transcoder.image.ImageTranscoder;
import org.layoutcat.diagrams.Diagram;
import org.layoutcat.diagrams.svg.SvgWriter;

/**
 * Writes a picture as PNG: its scene painted directly with Java2D ({@link #write}), or any SVG document rasterized
 * with Apache Batik's image transcoder ({@link #rasterize}, which tests use to check that the SVG reads cleanly: every
 * warning or error Batik reports is rethrown). Both images are encoded by {@link PngEncoder}, several times faster than
 * ImageIO's PNG writer (and that several times faster than Batik's own) on large grids.
 */
public final class PngWriter {
    private PngWriter() {}

    /** The error handler that turns every Batik report into an exception. */
    public static final ErrorHandler STRICT = new ErrorHandler() {
        @Override
        public void error(TranscoderException e) throws TranscoderException {
            throw e;
        }

        @Override
        public void fatalError(TranscoderException e) throws TranscoderException {
            throw e;
        }

        @Override
        public void warning(TranscoderException e) throws TranscoderException {
            throw e;
        }
    };

    /**
     * The most pixels a PNG may have: 36 megapixels (6000 x 6000, a 144 MB image in memory before encoding, about
     * 4 s to paint and encode on a loaded 2-core machine). Past it a picture is refused before any painting; its SVG has
     * no such limit.
     */
    public static final long MAX_PIXELS = 36_000_000L;
    /** The most pixels a PNG may have on a side. */
    public static final int MAX_SIDE = 20_000;

    /**
     * The PNG of the diagram at {@code scale} device pixels per picture pixel, its primitives painted directly with
     * Java2D (see {@link ScenePainter}) and encoded by {@link PngEncoder}; {@code O(pixels + primitives)}.
     *
     * @throws IllegalArgumentException where the image would be empty, or larger than {@link #MAX_PIXELS} or
     *         {@link #MAX_SIDE} on a side (checked before any painting; the message gives the size and what to do)
     */
    public static byte[] write(Diagram d, double scale) {
        checkSize(d.width(), d.height(), scale);
        int w = (int) Math.round(d.width() * scale);
        int h = (int) Math.round(d.height() * scale);
        return PngEncoder.encode(ScenePainter.paint(d.scene(), w, h));
    }

    /**
     * Refuses a picture of {@code width x height} picture pixels whose PNG at {@code scale} would be empty or too large,
     * saying its size, the limit, the largest scale that fits and that .svg has no limit.
     *
     * @throws IllegalArgumentException as {@link #write} does
     */
    public static void checkSize(double width, double height, double scale) {
        long w = Math.round(width * scale);
        long h = Math.round(height * scale);
        if (!(scale > 0) || w < 1 || h < 1) {
            throw new IllegalArgumentException("a PNG of " + w + "x" + h + " pixels (scale " + scale + ") is empty");
        }
        if (w * h <= MAX_PIXELS && w <= MAX_SIDE && h <= MAX_SIDE) return;
        double floor = largestScale(width, height);
        String advice = floor > 0 ? "write .svg (no limit), or --scale " + SvgWriter.num(floor) + " or less"
                : "write .svg (no limit)";
        throw new IllegalArgumentException(String.format(java.util.Locale.ROOT,
                "a PNG of %dx%d pixels (%.1f megapixels) is past the limit of %d megapixels and %d pixels a side: %s",
                w, h, w * (double) h / 1e6, MAX_PIXELS / 1_000_000, MAX_SIDE, advice));
    }

    /**
     * The largest scale, in hundredths, at which a picture of {@code width x height} picture pixels makes a PNG within
     * {@link #MAX_PIXELS} and {@link #MAX_SIDE}: what {@link #checkSize} advises and the explorer's downloads use.
     */
    public static double largestScale(double width, double height) {
        // a side of round(x·s) pixels is at most x·s + 1/2: (w·s + 1/2)(h·s + 1/2) ≤ MAX_PIXELS, solved for s, and
        // max(w, h)·s + 1/2 ≤ MAX_SIDE
        double a = width * height, b = (width + height) / 2, c = 0.25 - MAX_PIXELS;
        double byArea = (-b + Math.sqrt(b * b - 4 * a * c)) / (2 * a);
        double bySide = (MAX_SIDE - 0.5) / Math.max(width, height);
        return Math.floor(Math.min(byArea, bySide) * 100) / 100;
    }

    /**
     * The scale a PNG is drawn at unless one is asked for: 2 PNG pixels a picture pixel, 1 for a picture over 1,600 px
     * wide, and never past {@link #largestScale}, so that a picture too large for 36 megapixels is drawn smaller rather
     * than refused ({@code layoutcat draw} and the explorer's download alike).
     */
    public static double defaultScale(double width, double height) {
        return Math.min(usualScale(width), largestScale(width, height));
    }

    /** 2 PNG pixels a picture pixel, 1 for a picture over 1,600 px wide: the scale a PNG is drawn at where it fits. */
    public static double usualScale(double width) {
        return width > 1600 ? 1 : 2;
    }

    /**
     * The PNG of an SVG document, {@code widthPx} pixels wide (height in proportion).
     *
     * @throws IllegalArgumentException for a width not in {@code (0, 20000]}, or when Batik reports any problem with the
     *         document
     */
    public static byte[] rasterize(String svg, double widthPx) {
        if (!(scaleOk(widthPx))) throw new IllegalArgumentException("PNG width " + widthPx + " is not in (0, 20000]");
        System.setProperty("java.awt.headless", "true");
        BufferedImage[] image = new BufferedImage[1];
        ImageTranscoder t = new ImageTranscoder() {
            @Override
            public BufferedImage createImage(int width, int height) {
                return new BufferedImage(width, height, BufferedImage.TYPE_INT_ARGB);
            }

            @Override
            public void writeImage(BufferedImage img, TranscoderOutput output) {
                image[0] = img;
            }
        };
        t.setErrorHandler(STRICT);
        t.addTranscodingHint(SVGAbstractTranscoder.KEY_WIDTH, (float) widthPx);
        try {
            t.transcode(new TranscoderInput(new StringReader(svg)), new TranscoderOutput(new ByteArrayOutputStream()));
        } catch (TranscoderException e) {
            throw new IllegalArgumentException("Batik could not rasterize the SVG: " + e.getMessage(), e);
        }
        return PngEncoder.encode(image[0]);
    }

    private static boolean scaleOk(double w) {
        return w > 0 && w <= 20000;
    }
}
