/** Every worked example of the source documents, executable and asserted, and the gallery that shows them. */
module org.layoutcat.examples {
    requires transitive org.layoutcat.diagrams;
    exports org.layoutcat.examples;
}
