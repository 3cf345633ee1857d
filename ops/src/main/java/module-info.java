/**
 * The table of operations and what is generated from it without a command line or HTTP: the batch engine (JSON
 * Lines), help, and the CuTe C++ and CuTe DSL writers. The command line ({@code org.layoutcat.cli}) and the explorer
 * ({@code org.layoutcat.explorer}) are projections of it.
 */
module org.layoutcat.ops {
    requires transitive org.layoutcat.diagrams;
    requires com.fasterxml.jackson.core;
    exports org.layoutcat.ops;
    exports org.layoutcat.ops.batch;
    exports org.layoutcat.ops.code;
}
