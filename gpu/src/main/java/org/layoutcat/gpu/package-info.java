/** A GPU backend running the data movement that layouts describe (realize, compare, gather/scatter, partition), with a CPU fallback. */
package org.layoutcat.gpu;
