package org.layoutcat.diagrams.export;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Random;
import java.util.zip.Adler32;
import javax.imageio.ImageIO;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/** The PNG encoder's files, read back by ImageIO's PNG reader (an independent decoder), hold the image's pixels. */
class PngEncoderTest {

    /**
     * An image of {@code w x h} pixels, in bands of repeated rows and of noise, as a grid's rows repeat and its text's
     * do not; opaque where {@code type} has no alpha.
     */
    private static BufferedImage image(int w, int h, int type, long seed) {
        Random random = new Random(seed);
        BufferedImage img = new BufferedImage(w, h, type);
        int[] row = new int[w];
        for (int y = 0; y < h; y++) {
            if (y % 7 < 3 || y == 0) {
                for (int x = 0; x < w; x++) row[x] = random.nextInt(4) == 0 ? random.nextInt() : x > 0 ? row[x - 1] : 0xffffffff;
            }
            img.setRGB(0, y, w, 1, row, 0, w);
        }
        return img;
    }

    private static int[] pixels(BufferedImage img) {
        return img.getRGB(0, 0, img.getWidth(), img.getHeight(), null, 0, img.getWidth());
    }

    /**
     * The file as the PNG specification lays it out, checked where ImageIO's reader does not look: the signature, each
     * chunk's CRC-32 over its type and data, IHDR first and IEND last, and the IDAT data one zlib stream whose Adler-32
     * trailer the JDK's Inflater checks as it finishes, inflating to one filter byte and the samples of every row.
     */
    private static void wellFormed(byte[] png, int w, int h, int channels) throws Exception {
        java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(png);
        byte[] signature = new byte[8];
        b.get(signature);
        assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'}, signature);
        java.io.ByteArrayOutputStream idat = new java.io.ByteArrayOutputStream();
        java.util.List<String> types = new java.util.ArrayList<>();
        while (b.hasRemaining()) {
            int length = b.getInt();
            byte[] typeAndData = new byte[4 + length];
            b.get(typeAndData);
            java.util.zip.CRC32 crc = new java.util.zip.CRC32();
            crc.update(typeAndData);
            assertEquals(crc.getValue(), Integer.toUnsignedLong(b.getInt()), "the CRC of a chunk");
            String type = new String(typeAndData, 0, 4, java.nio.charset.StandardCharsets.US_ASCII);
            types.add(type);
            if (type.equals("IDAT")) idat.write(typeAndData, 4, length);
        }
        assertEquals("IHDR", types.getFirst());
        assertEquals("IEND", types.getLast());
        java.util.zip.Inflater inflater = new java.util.zip.Inflater();
        inflater.setInput(idat.toByteArray());
        byte[] out = new byte[(int) ((long) h * (1 + (long) w * channels))];
        int n = 0;
        while (!inflater.finished() && n < out.length) n += inflater.inflate(out, n, out.length - n);
        assertTrue(inflater.finished() && inflater.getRemaining() == 0, "one zlib stream, its trailer checked, nothing after it");
        assertEquals(out.length, n);
        inflater.end();
    }

    private static BufferedImage decode(byte[] png) throws IOException {
        BufferedImage read = ImageIO.read(new ByteArrayInputStream(png));
        assertTrue(read != null, "ImageIO reads the file as an image");
        return read;
    }

    @Test
    void anOpaqueImageDecodesToItsPixels() throws Exception {
        BufferedImage img = image(700, 4100, BufferedImage.TYPE_INT_RGB, 1);
        byte[] png = PngEncoder.encode(img);
        wellFormed(png, 700, 4100, 3);
        BufferedImage read = decode(png);
        assertEquals(700, read.getWidth());
        assertEquals(4100, read.getHeight());
        assertTrue(!read.getColorModel().hasAlpha(), "an opaque image is written without alpha");
        assertArrayEquals(pixels(img), pixels(read));
    }

    /** However the rows are cut into bands (one deflate stream each, concatenated), the file holds the same pixels. */
    @Test
    void theBandsConcatenateIntoOneStream() throws IOException {
        BufferedImage img = image(301, 97, BufferedImage.TYPE_INT_RGB, 4);
        for (int bands : new int[] {1, 2, 3, 7, 96, 97, 500}) {
            assertArrayEquals(pixels(img), pixels(decode(PngEncoder.encode(img, bands))), bands + " bands");
        }
        assertThrows(IllegalArgumentException.class, () -> PngEncoder.encode(img, 0));
    }

    @Test
    void anImageWithAlphaDecodesToItsPixelsAndAlpha() throws Exception {
        BufferedImage img = image(333, 3200, BufferedImage.TYPE_INT_ARGB, 2);
        byte[] png = PngEncoder.encode(img, 3); // in three bands: three deflate runs, one stream
        wellFormed(png, 333, 3200, 4);
        BufferedImage read = decode(png);
        assertTrue(read.getColorModel().hasAlpha(), "alpha is kept");
        assertArrayEquals(pixels(img), pixels(read));
    }

    @Test
    void theSmallestImagesDecode() throws IOException {
        for (int[] size : new int[][] {{1, 1}, {1, 9000}, {9000, 1}}) {
            BufferedImage img = image(size[0], size[1], BufferedImage.TYPE_INT_RGB, 3);
            assertArrayEquals(pixels(img), pixels(decode(PngEncoder.encode(img))), size[0] + "x" + size[1]);
        }
    }

    /** A subimage shares its parent's pixels from an offset, with the parent's rows' stride. */
    @Test
    void aSubimageDecodesToItsOwnPixels() throws IOException {
        BufferedImage parent = image(120, 90, BufferedImage.TYPE_INT_RGB, 5);
        BufferedImage sub = parent.getSubimage(17, 23, 61, 44);
        BufferedImage read = decode(PngEncoder.encode(sub, 2));
        assertEquals(61, read.getWidth());
        assertArrayEquals(pixels(sub), pixels(read));
    }

    @Test
    void anImageOfAnotherTypeIsRefusedByName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PngEncoder.encode(new BufferedImage(4, 4, BufferedImage.TYPE_BYTE_GRAY)));
        assertTrue(e.getMessage().contains("packed RGB or ARGB ints"), e.getMessage());
    }

    /** zlib's adler32_combine: the checksum of A·B from those of A and B and B's length. */
    @Property(tries = 200)
    void combinedAdlerIsTheAdlerOfTheConcatenation(@ForAll byte[] a, @ForAll byte[] b) {
        Adler32 whole = new Adler32();
        whole.update(a);
        whole.update(b);
        Adler32 first = new Adler32();
        first.update(a);
        Adler32 second = new Adler32();
        second.update(b);
        assertEquals((int) whole.getValue(), PngEncoder.combine((int) first.getValue(), (int) second.getValue(), b.length));
    }

    /** Lengths past 65521 (the modulus) and past 2^32, by the definition: appending n zeros multiplies nothing away. */
    @Test
    void combinedAdlerOfLongRunsOfZerosFollowsTheDefinition() {
        byte[] zeros = new byte[200_000];
        Adler32 whole = new Adler32();
        whole.update(new byte[] {7, 8, 9});
        whole.update(zeros);
        Adler32 head = new Adler32();
        head.update(new byte[] {7, 8, 9});
        Adler32 tail = new Adler32();
        tail.update(zeros);
        assertEquals((int) whole.getValue(), PngEncoder.combine((int) head.getValue(), (int) tail.getValue(), zeros.length));
        // a = 1 + 24 stays; b gains a·n for n zero bytes: (b0 + 25·n) mod 65521, here with n = 2^32 + 5
        long n = (1L << 32) + 5;
        int a = 1 + 7 + 8 + 9;
        int b0 = (1 + 7) + (1 + 7 + 8) + a;
        int zerosAdler = (int) (((n % 65521) << 16) | 1); // zeros alone: a = 1, b = n
        assertEquals((int) (((b0 + (long) a * (n % 65521)) % 65521) << 16 | a), PngEncoder.combine(b0 << 16 | a, zerosAdler, n));
    }
}
