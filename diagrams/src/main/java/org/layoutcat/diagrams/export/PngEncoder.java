package org.layoutcat.diagrams.export;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;
import java.awt.image.SinglePixelPackedSampleModel;
import java.awt.image.WritableRaster;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import java.util.zip.Adler32;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * Encodes an image as PNG (ISO/IEC 15948): 8-bit truecolour, with alpha where the image has it; every row filtered
 * by Up (its bytes minus the row above's, so the many rows of a grid that repeat the row above are all zeros), the
 * rows deflated at zlib's level 1 in bands, one a processor (none under 4 MiB), compressed in parallel as pigz does:
 * each band a raw deflate stream ended by a sync flush (so the bands concatenate into one stream), the zlib trailer's
 * Adler-32 combined from the bands'. Each band is one IDAT chunk.
 *
 * <p>Why not ImageIO's PNG writer: it reads each row through the raster's sample model one sample at a time and
 * tries all five filters on every row; on a 256x256 grid at the explorer's scale (8,702 x 4,026 pixels) that took 1.5
 * to 2 s of CPU, where this encoder takes about 0.5 s (0.35 s of it zlib's deflate), spread over two cores. Its files
 * are larger (the filter is not chosen per row, the level is the fastest: 8.6 MB for ImageIO's 6.2 MB on that grid);
 * the pixels are the same.
 */
final class PngEncoder {
    private PngEncoder() {}

    private static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    /** CMF (deflate, 32 KiB window) and FLG (fastest level, no dictionary; CMF·256 + FLG is a multiple of 31). */
    private static final byte[] ZLIB_HEADER = {0x78, 0x01};
    private static final int FILTER_UP = 2;
    /** A band's filtered rows, at least: 4 MiB. */
    private static final int BAND_BYTES = 1 << 22;
    /** The filtered rows a band deflates at a time, at most (one row where a row is longer): well under half a G1 region. */
    private static final int CHUNK_BYTES = 1 << 17;
    private static final int ADLER_BASE = 65521;

    /** One band of rows: its raw deflate stream, and the Adler-32 and length of the filtered bytes it holds. */
    private record Band(byte[] deflated, int length, int adler, long rawLength) {}

    /**
     * The PNG of {@code image}, a {@link BufferedImage#TYPE_INT_RGB} or {@link BufferedImage#TYPE_INT_ARGB} image (the
     * two this package paints and rasterizes); {@code O(pixels)}.
     *
     * @throws IllegalArgumentException for an image of another type
     */
    static byte[] encode(BufferedImage image) {
        // as many bands as processors (each deflated by one thread), fewer where a band would hold less than BAND_BYTES
        // (counted at 4 bytes a pixel)
        long bytes = (1 + 4L * image.getWidth()) * image.getHeight();
        return encode(image, (int) Math.max(1, Math.min(Runtime.getRuntime().availableProcessors(), bytes / BAND_BYTES)));
    }

    /**
     * The PNG of {@code image} deflated in {@code bands} bands of rows (at most one a row), as {@link #encode(BufferedImage)}.
     *
     * @throws IllegalArgumentException for an image of another type, or fewer than one band
     */
    static byte[] encode(BufferedImage image, int bands) {
        if (bands < 1) throw new IllegalArgumentException("a PNG is deflated in at least one band, not " + bands);
        boolean alpha = switch (image.getType()) {
            case BufferedImage.TYPE_INT_RGB -> false;
            case BufferedImage.TYPE_INT_ARGB -> true;
            default -> throw new IllegalArgumentException("a PNG is encoded from an image of packed RGB or ARGB ints, not of type "
                    + image.getType());
        };
        int w = image.getWidth();
        int h = image.getHeight();
        WritableRaster raster = image.getRaster();
        int[] pixels = ((DataBufferInt) raster.getDataBuffer()).getData();
        int scan = ((SinglePixelPackedSampleModel) raster.getSampleModel()).getScanlineStride();
        // where pixel (0, 0) is: a subimage's raster shares its parent's data, translated
        int offset = raster.getDataBuffer().getOffset() - raster.getSampleModelTranslateY() * scan - raster.getSampleModelTranslateX();
        Rows rows = new Rows(pixels, offset, scan, w, alpha ? 4 : 3);
        int n = Math.min(bands, h);
        List<Band> parts = IntStream.range(0, n).parallel()
                .mapToObj(i -> band(rows, (int) ((long) h * i / n), (int) ((long) h * (i + 1) / n), i == n - 1))
                .toList();

        int adler = 1;
        for (Band b : parts) adler = combine(adler, b.adler(), b.rawLength());
        ByteArrayOutputStream out = new ByteArrayOutputStream(parts.stream().mapToInt(Band::length).sum() + 64 + 12 * n);
        out.writeBytes(SIGNATURE);
        byte[] header = new byte[13];
        putInt(header, 0, w);
        putInt(header, 4, h);
        header[8] = 8; // bits per sample
        header[9] = (byte) (alpha ? 6 : 2); // truecolour, with alpha or without
        // header[10..12]: deflate, adaptive filtering (the filter type byte of each row), not interlaced
        chunk(out, "IHDR", header, 0, header.length);
        chunk(out, "IDAT", ZLIB_HEADER, 0, ZLIB_HEADER.length);
        for (Band b : parts) chunk(out, "IDAT", b.deflated(), 0, b.length());
        byte[] trailer = new byte[4];
        putInt(trailer, 0, adler);
        chunk(out, "IDAT", trailer, 0, 4);
        chunk(out, "IEND", new byte[0], 0, 0);
        return out.toByteArray();
    }

    /** The pixels of the image, {@code bytesPerPixel} bytes each in PNG's order (R, G, B and alpha where it has one). */
    private record Rows(int[] pixels, int offset, int scan, int width, int bytesPerPixel) {
        /** Bytes of a filtered row: the filter type and the row's samples. */
        int stride() {
            return 1 + width * bytesPerPixel;
        }

        /**
         * Writes row {@code y} filtered by Up at {@code at}: its filter type, then each sample minus the sample above
         * it, mod 256 (the row above the first is zeros, ISO/IEC 15948, 9.2).
         */
        void filterUp(int y, byte[] into, int at) {
            into[at++] = FILTER_UP;
            int p = offset + y * scan;
            int[] above = y == 0 ? new int[width] : pixels;
            int q = y == 0 ? 0 : p - scan;
            if (bytesPerPixel == 3) {
                for (int x = 0; x < width; x++, at += 3) {
                    int v = pixels[p + x];
                    int u = above[q + x];
                    into[at] = (byte) ((v >> 16) - (u >> 16));
                    into[at + 1] = (byte) ((v >> 8) - (u >> 8));
                    into[at + 2] = (byte) (v - u);
                }
            } else {
                for (int x = 0; x < width; x++, at += 4) {
                    int v = pixels[p + x];
                    int u = above[q + x];
                    into[at] = (byte) ((v >> 16) - (u >> 16));
                    into[at + 1] = (byte) ((v >> 8) - (u >> 8));
                    into[at + 2] = (byte) (v - u);
                    into[at + 3] = (byte) ((v >>> 24) - (u >>> 24));
                }
            }
        }
    }

    /**
     * Rows {@code [y0, y1)} filtered by Up and deflated, a few rows at a time from one small buffer (so the band makes no
     * garbage but its output, and no array the deflater pins is large); the stream is finished after the last band,
     * else sync-flushed.
     */
    private static Band band(Rows rows, int y0, int y1, boolean last) {
        int stride = rows.stride();
        int perChunk = Math.max(1, CHUNK_BYTES / stride);
        byte[] raw = new byte[stride * Math.min(perChunk, y1 - y0)];
        Adler32 sum = new Adler32();
        Deflater deflater = new Deflater(Deflater.BEST_SPEED, true);
        try {
            byte[] out = new byte[(int) Math.max(1024, (long) stride * (y1 - y0) / 16)];
            int length = 0;
            for (int y = y0; y < y1; y += perChunk) {
                int n = Math.min(perChunk, y1 - y);
                for (int i = 0; i < n; i++) rows.filterUp(y + i, raw, i * stride);
                sum.update(raw, 0, n * stride);
                deflater.setInput(raw, 0, n * stride);
                while (!deflater.needsInput()) {
                    if (length == out.length) out = Arrays.copyOf(out, 2 * out.length);
                    length += deflater.deflate(out, length, out.length - length);
                }
            }
            if (last) deflater.finish();
            while (true) {
                if (length == out.length) out = Arrays.copyOf(out, 2 * out.length);
                length += last ? deflater.deflate(out, length, out.length - length)
                        : deflater.deflate(out, length, out.length - length, Deflater.SYNC_FLUSH);
                // a sync flush is complete once it leaves room in the buffer; a finish once the deflater says so
                if (last ? deflater.finished() : length < out.length) break;
            }
            return new Band(out, length, (int) sum.getValue(), (long) stride * (y1 - y0));
        } finally {
            deflater.end();
        }
    }

    /**
     * The Adler-32 of {@code A·B} from {@code adler(A)}, {@code adler(B)} and {@code |B|} (zlib's adler32_combine): with
     * {@code a = 1 + Σ bytes} and {@code b = Σ a after each byte}, both mod 65521, appending B adds B's byte sum to
     * {@code a}, and to {@code b} B's own {@code b - |B|} plus {@code |B|} times A's {@code a}.
     */
    static int combine(int adlerA, int adlerB, long lengthB) {
        long rem = lengthB % ADLER_BASE;
        long a1 = adlerA & 0xffff;
        long b1 = (adlerA >>> 16) & 0xffff;
        long a2 = adlerB & 0xffff;
        long b2 = (adlerB >>> 16) & 0xffff;
        long a = (a1 + a2 + ADLER_BASE - 1) % ADLER_BASE;
        long b = (rem * a1 + b1 + b2 + ADLER_BASE - rem) % ADLER_BASE;
        return (int) (b << 16 | a);
    }

    /** A chunk: its data's length, its type, its data and the CRC-32 of type and data. */
    private static void chunk(ByteArrayOutputStream out, String type, byte[] data, int from, int length) {
        byte[] head = new byte[8];
        putInt(head, 0, length);
        byte[] name = type.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(name, 0, head, 4, 4);
        CRC32 crc = new CRC32();
        crc.update(name);
        crc.update(data, from, length);
        byte[] tail = new byte[4];
        putInt(tail, 0, (int) crc.getValue());
        out.writeBytes(head);
        out.write(data, from, length);
        out.writeBytes(tail);
    }

    private static void putInt(byte[] into, int at, int v) {
        into[at] = (byte) (v >>> 24);
        into[at + 1] = (byte) (v >>> 16);
        into[at + 2] = (byte) (v >>> 8);
        into[at + 3] = (byte) v;
    }
}
