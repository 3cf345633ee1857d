package org.layoutcat.diagrams.export;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringReader;
import javax.imageio.ImageIO;
import org.apache.batik.transcoder.ErrorHandler;
import org.apache.batik.transcoder.SVGAbstractTranscoder;
import org.apache.batik.transcoder.TranscoderException;
import org.apache.batik.transcoder.TranscoderInput;
import org.apache.batik.transcoder.TranscoderOutput;
import org.apache.batik.transcoder.image.ImageTranscoder;
import org.layoutcat.diagrams.Diagram;
import org.layoutcat.diagrams.svg.SvgWriter;

/**
 * Rasterizes a picture's SVG to PNG with Apache Batik's image transcoder (the image encoded by ImageIO, which is
 * several times faster than Batik's own PNG encoder on large grids). Every warning or error Batik reports is
 * rethrown, so a PNG is produced only from an SVG that Batik reads cleanly.
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
     * The PNG of the diagram at {@code scale} device pixels per picture pixel.
     *
     * @throws IllegalArgumentException where {@code scale·width} is not in {@code (0, 20000]}, or when Batik reports
     *         any problem with the document
     * @throws IllegalStateException where the image cannot be encoded as PNG
     */
    public static byte[] write(Diagram d, double scale) {
        return rasterize(SvgWriter.write(d), d.width() * scale);
    }

    /**
     * The PNG of an SVG document, {@code widthPx} pixels wide (height in proportion).
     *
     * @throws IllegalArgumentException for a width not in {@code (0, 20000]}, or when Batik reports any problem with the
     *         document
     * @throws IllegalStateException where the image cannot be encoded as PNG
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
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            if (!ImageIO.write(image[0], "png", out)) throw new IllegalStateException("no PNG writer in ImageIO");
        } catch (IOException e) {
            throw new IllegalStateException("encoding the PNG in memory failed", e);
        }
        return out.toByteArray();
    }

    private static boolean scaleOk(double w) {
        return w > 0 && w <= 20000;
    }
}
