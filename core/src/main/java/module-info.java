/**
 * layoutcat's core: integer tuples and CuTe's layouts of every kind (integer strides, scaled-basis strides,
 * swizzled), one sealed type {@code AnyLayout} that the algebra chooses by; the algebra (coalesce, composition,
 * complement, inverses, divides, products), the layouts kernels build (tensor-core atoms, swizzled shared memory,
 * slices and partitions). The array kernels in {@code org.layoutcat.core.internal} are shared with layoutcat's other modules
 * only.
 */
module org.layoutcat.core {
    exports org.layoutcat.core;
    exports org.layoutcat.core.algebra;
    exports org.layoutcat.core.atom;
    exports org.layoutcat.core.blockscaled;
    exports org.layoutcat.core.construct;
    exports org.layoutcat.core.doctor;
    exports org.layoutcat.core.f2;
    exports org.layoutcat.core.modes;
    exports org.layoutcat.core.partition;
    exports org.layoutcat.core.recast;
    exports org.layoutcat.core.swizzle;
    exports org.layoutcat.core.tma;
    exports org.layoutcat.core.tmem;
    exports org.layoutcat.core.umma;
    exports org.layoutcat.core.internal to org.layoutcat.category, org.layoutcat.diagrams, org.layoutcat.gpu, org.layoutcat.ops, org.layoutcat.explorer,
            org.layoutcat.cli;
}
