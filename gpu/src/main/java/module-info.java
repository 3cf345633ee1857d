/**
 * The GPU backend: PTX kernels generated from normalized layouts (realize, gather, scatter, compare, shared-memory
 * bank timing) run through JCuda, with a CPU backend of the same {@code Backend} interface.
 */
module org.layoutcat.gpu {
    requires transitive org.layoutcat.core;
    requires jcuda;
    requires commons.math3;
    exports org.layoutcat.gpu;
    exports org.layoutcat.gpu.atom to org.layoutcat.cli;
    exports org.layoutcat.gpu.bench to org.layoutcat.cli;
    exports org.layoutcat.gpu.cpu to org.layoutcat.cli;
    exports org.layoutcat.gpu.cuda to org.layoutcat.cli;
    exports org.layoutcat.gpu.ptx;
}
