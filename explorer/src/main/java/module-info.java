/**
 * The explorer: a local web page and the HTTP server behind it. Its forms and views are a projection of the table of
 * operations ({@code org.layoutcat.ops}); it answers and refuses as the batch mode does.
 */
module org.layoutcat.explorer {
    requires transitive org.layoutcat.ops;
    requires org.layoutcat.examples;
    requires com.fasterxml.jackson.core;
    requires jdk.httpserver;
    exports org.layoutcat.explorer;
}
