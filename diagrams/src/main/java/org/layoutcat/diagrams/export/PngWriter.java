package org.layoutcat.diagrams.export;

import java.io.ByteArrayOutputStream;
import java.io.StringReader;
import org.apache.batik.transcoder.ErrorHandler;
import org.apache.batik.transcoder.SVGAbstractTranscoder;
import org.apache.batik.transcoder.TranscoderException;
import org.apache.batik.transcoder.TranscoderInput;
import org.apache.batik.transcoder.TranscoderOutput;
import org.apache.batik.transcoder.image.PNGTranscoder;
import org.layoutcat.diagrams.Diagram;
import org.layoutcat.diagrams.svg.SvgWriter;

/**
 * Rasterizes a picture's SVG to PNG with Apache Batik. Every warning or error Batik reports is rethrown, so a
 * PNG is produced only from an SVG that Batik reads cleanly.
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

    /** The PNG of the diagram at {@code scale} device pixels per picture pixel. */
    public static byte[] write(Diagram d, double scale) {
        return rasterize(SvgWriter.write(d), d.width() * scale);
    }

    /**
     * The PNG of an SVG document, {@code widthPx} pixels wide (height in proportion).
     *
     * @throws IllegalArgumentException when Batik reports any problem with the document
     */
    public static byte[] rasterize(String svg, double widthPx) {
        if (!(scaleOk(widthPx))) throw new IllegalArgumentException("PNG width " + widthPx + " is not in (0, 20000]");
        System.setProperty("java.awt.headless", "true");
        PNGTranscoder t = new PNGTranscoder();
        t.setErrorHandler(STRICT);
        t.addTranscodingHint(SVGAbstractTranscoder.KEY_WIDTH, (float) widthPx);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            t.transcode(new TranscoderInput(new StringReader(svg)), new TranscoderOutput(out));
        } catch (TranscoderException e) {
            throw new IllegalArgumentException("Batik could not rasterize the SVG: " + e.getMessage(), e);
        }
        return out.toByteArray();
    }

    private static boolean scaleOk(double w) {
        return w > 0 && w <= 20000;
    }
}
