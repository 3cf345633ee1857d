/**
 * Pictures of layouts and morphisms as data: a {@link org.layoutcat.diagrams.Diagram} is a drawing
 * ({@link org.layoutcat.diagrams.Scene}) plus its structure as a JGraphT graph of entries, brackets and arrows
 * (the tuple morphisms of paper §2–§4 and the layouts of CuTe); {@link org.layoutcat.diagrams.Drawings} draws
 * every picture from values (layouts, morphisms, tuples, tiled atoms).
 */
package org.layoutcat.diagrams;
