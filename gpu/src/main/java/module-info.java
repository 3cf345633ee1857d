/**
 * The GPU backend: PTX kernels generated from normalized layouts (realize, gather, scatter, compare, shared-memory
 * bank timing) run through JCuda, with a CPU backend of the same {@code Backend} interface.
 */
module org.layoutcat.gpu {
    requires transitive org.layoutcat.category;
    requires jcuda;
    requires commons.math3;
    exports org.layoutcat.gpu;
    exports org.layoutcat.gpu.atom;
    exports org.layoutcat.gpu.bench;
    exports org.layoutcat.gpu.cpu;
    exports org.layoutcat.gpu.cuda;
    exports org.layoutcat.gpu.ptx;
}
