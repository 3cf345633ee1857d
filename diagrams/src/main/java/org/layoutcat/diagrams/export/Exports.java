package org.layoutcat.diagrams.export;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.layoutcat.diagrams.Diagram;
import org.layoutcat.diagrams.svg.SvgWriter;

/** Writes a picture to a file in the format its extension names: .svg, .tex (TikZ), .dot, .png. */
public final class Exports {
    private Exports() {}

    /** The formats, by extension. */
    public enum Format {
        SVG, TEX, DOT, PNG;

        /**
         * The format of {@code file}'s extension, or an IllegalArgumentException naming the ones known.
         *
         * @throws IllegalArgumentException for an extension other than .svg, .tex, .dot, .gv or .png
         */
        public static Format of(Path file) {
            String name = file.getFileName() == null ? "" : file.getFileName().toString();
            int dot = name.lastIndexOf('.');
            String ext = dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
            return switch (ext) {
                case "svg" -> SVG;
                case "tex" -> TEX;
                case "dot", "gv" -> DOT;
                case "png" -> PNG;
                default -> throw new IllegalArgumentException("cannot tell the format of '" + file
                        + "': the extension must be .svg, .tex, .dot or .png");
            };
        }
    }

    /**
     * The bytes of the diagram in {@code format} (PNG at {@code scale} pixels per picture pixel).
     *
     * @throws IllegalArgumentException for TeX where a label has a character without a TeX form, and for PNG where the
     *         image would be empty or past {@link PngWriter#MAX_PIXELS} or {@link PngWriter#MAX_SIDE} (refused before
     *         any painting)
     */
    public static byte[] render(Diagram d, Format format, double scale) {
        return switch (format) {
            case SVG -> SvgWriter.write(d).getBytes(StandardCharsets.UTF_8);
            case TEX -> TikzWriter.write(d).getBytes(StandardCharsets.US_ASCII);
            case DOT -> DotWriter.write(d).getBytes(StandardCharsets.UTF_8);
            case PNG -> PngWriter.write(d, scale);
        };
    }

    /**
     * Writes the diagram to {@code file}, the format chosen by its extension.
     *
     * @throws IllegalArgumentException for an unknown extension or a file that cannot be written, or where the rendering is
     *         refused (see {@link #render})
     */
    public static void write(Diagram d, Path file, double scale) {
        byte[] bytes = render(d, Format.of(file), scale);
        try {
            Files.write(file, bytes);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot write " + file + ": " + describe(e), e);
        }
    }

    private static String describe(IOException e) {
        if (e instanceof java.nio.file.NoSuchFileException f) {
            java.nio.file.Path parent = java.nio.file.Path.of(f.getFile()).toAbsolutePath().getParent();
            return parent != null && java.nio.file.Files.isDirectory(parent)
                    ? "the directory " + parent + " does not take new files" : "no such directory: " + parent;
        }
        if (e instanceof java.nio.file.AccessDeniedException) return "permission denied";
        if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) return f.getReason();
        return e.getMessage() == null ? "input/output error" : e.getMessage();
    }
}
