/**
 * The GPU backend: PTX kernels generated from normalized layouts (realize, gather, scatter, compare, shared-memory
 * bank timing) run through JCuda, with a CPU backend of the same {@code Backend} interface.
 *
 * <p>JCuda and Commons Math name no module (their jars are read as automatic modules named after the file), so this
 * module does not require them: they stay on the class path, which it reads ({@code --add-reads
 * org.layoutcat.gpu=ALL-UNNAMED} at compile time and in tests; the command line runs from the class path).
 */
module org.layoutcat.gpu {
    requires transitive org.layoutcat.core;
    exports org.layoutcat.gpu;
    exports org.layoutcat.gpu.atom to org.layoutcat.cli;
    exports org.layoutcat.gpu.bench to org.layoutcat.cli;
    exports org.layoutcat.gpu.cpu to org.layoutcat.cli;
    exports org.layoutcat.gpu.cuda to org.layoutcat.cli;
    exports org.layoutcat.gpu.ptx;
    exports org.layoutcat.gpu.tma;
}
