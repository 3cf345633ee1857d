/** The hand-written SVG writer: scenes of layout and morphism pictures (paper §2–§4) as deterministic SVG text. */
package org.layoutcat.diagrams.svg;
