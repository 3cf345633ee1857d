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

    private static BufferedImage decode(byte[] png) throws IOException {
        BufferedImage read = ImageIO.read(new ByteArrayInputStream(png));
        assertTrue(read != null, "ImageIO reads the file as an image");
        return read;
    }

    @Test
    void anOpaqueImageDecodesToItsPixels() throws IOException {
        BufferedImage img = image(700, 4100, BufferedImage.TYPE_INT_RGB, 1);
        BufferedImage read = decode(PngEncoder.encode(img));
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
    void anImageWithAlphaDecodesToItsPixelsAndAlpha() throws IOException {
        BufferedImage img = image(333, 3200, BufferedImage.TYPE_INT_ARGB, 2);
        BufferedImage read = decode(PngEncoder.encode(img, 3));
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
