/** The CPU backend: the GPU backend's operations, in parallel chunks walked by an odometer. */
package org.layoutcat.gpu.cpu;
