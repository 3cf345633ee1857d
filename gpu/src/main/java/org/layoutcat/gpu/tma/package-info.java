/**
 * TMA on the GPU: tensor maps encoded by the driver's {@code cuTensorMapEncodeTiled} (through the JDK's foreign-function
 * API, which JCuda does not wrap), tiles loaded with {@code cp.async.bulk.tensor}, and every landed element checked
 * against the shared-memory layout's prediction.
 */
package org.layoutcat.gpu.tma;
