/** Benchmark rows and tables for the GPU and CPU backends (medians and percentiles of repeated runs). */
package org.layoutcat.gpu.bench;
