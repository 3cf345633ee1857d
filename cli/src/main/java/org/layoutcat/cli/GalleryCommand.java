package org.layoutcat.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.layoutcat.examples.Catalog;
import org.layoutcat.examples.Gallery;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code layoutcat gallery [--out DIR]}: runs every worked example of the sources, writes {@code index.html} with
 * the pictures, and prints {@code N examples: N passed, N failed}; exit code 1 if any example fails.
 */
@Command(name = "gallery", description = "Run every worked example of the sources and write an HTML gallery of them.")
final class GalleryCommand implements Callable<Integer> {
    @Option(names = "--out", defaultValue = "gallery", description = "output folder (default gallery/)") Path out;

    @Override
    public Integer call() throws Exception {
        Gallery.Result r = write(out);
        System.out.println(r.summary());
        System.out.println("open " + r.index().toAbsolutePath().toUri() + " (" + r.pictures() + " pictures)");
        return r.failed() == 0 ? 0 : 1;
    }

    /** The gallery of the whole catalog, its pictures drawn by the diagrams module from the examples' values. */
    static Gallery.Result write(Path dir) throws java.io.IOException {
        return Gallery.write(Catalog.all(), dir);
    }
}
