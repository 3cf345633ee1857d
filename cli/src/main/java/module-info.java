/**
 * The command line and the batch mode (JSON Lines) over all of layoutcat. Commons Math, which names no module, stays on
 * the class path, which this module reads (as org.layoutcat.gpu does JCuda's).
 */
module org.layoutcat.cli {
    requires org.layoutcat.examples;
    requires org.layoutcat.gpu;
    requires com.fasterxml.jackson.core;
    requires info.picocli;
    requires jdk.httpserver;
    opens org.layoutcat.cli to info.picocli;
}
