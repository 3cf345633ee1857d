/** Exports of pictures of layouts and morphisms (paper §2–§4): SVG, TikZ, DOT and PNG, chosen by file extension. */
package org.layoutcat.diagrams.export;
