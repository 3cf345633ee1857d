/** A GPU backend: PTX kernels generated from normalized layouts and morphisms, with a CPU fallback. */
package org.layoutcat.gpu;
