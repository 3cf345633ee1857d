/**
 * Partitioning a layout into tiles and among threads, as kernels do with tensors: CuTe's {@code local_tile}
 * (the tile at a block's coordinate) and {@code local_partition} (a thread's share of every tile), each a
 * zipped divide followed by a slice ({@code tensor_impl.hpp}).
 */
package org.layoutcat.core.partition;
