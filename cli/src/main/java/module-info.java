/**
 * The command line: the table's operations as commands (a projection of {@code org.layoutcat.ops}), and the commands
 * that are not operations (gpu, gallery, bench, train, serve). Commons Math, which names no module, stays on the class
 * path, which this module reads (as org.layoutcat.gpu does JCuda's).
 */
module org.layoutcat.cli {
    requires org.layoutcat.ops;
    requires org.layoutcat.explorer;
    requires org.layoutcat.examples;
    requires org.layoutcat.gpu;
    requires com.fasterxml.jackson.core;
    requires info.picocli;
    opens org.layoutcat.cli to info.picocli;
}
