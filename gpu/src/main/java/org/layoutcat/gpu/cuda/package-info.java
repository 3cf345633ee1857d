/** The GPU backend through the CUDA driver API (JCuda): loads generated PTX, launches it, times it. */
package org.layoutcat.gpu.cuda;
