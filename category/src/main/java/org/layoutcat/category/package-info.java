/**
 * The categories Tuple and Nest of "Categorical Foundations for CuTe Layouts": tuple morphisms over pointed
 * finite-set maps and the layouts they encode (paper §2–§4).
 */
package org.layoutcat.category;
