/** Pictures of layouts and morphisms as SVG, PNG (Batik), TikZ and DOT; {@code Drawings} is the entry point. */
module org.layoutcat.diagrams {
    requires transitive org.layoutcat.category;
    requires org.jgrapht.core;
    requires org.jgrapht.io;
    requires org.apache.xmlgraphics.batik.transcoder;
    requires java.desktop;
    exports org.layoutcat.diagrams;
    exports org.layoutcat.diagrams.export;
    exports org.layoutcat.diagrams.picture;
}
