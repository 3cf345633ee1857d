/** Pictures of layouts and morphisms: SVG, TikZ and DOT renderings of the objects of core and category. */
package org.layoutcat.diagrams;
