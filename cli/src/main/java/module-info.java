/** The command line and the batch mode (JSON Lines) over all of layoutcat. */
module org.layoutcat.cli {
    requires org.layoutcat.examples;
    requires org.layoutcat.gpu;
    requires com.fasterxml.jackson.core;
    requires info.picocli;
    requires commons.math3;
    opens org.layoutcat.cli to info.picocli;
}
