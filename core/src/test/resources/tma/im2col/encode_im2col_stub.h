// Stands for the driver's cuTensorMapEncodeIm2col on the host: prints the arguments CuTe passes as one JSON line.
#include <cstdio>
#include <cuda.h>
#include <cuda_runtime_api.h>
extern "C" CUresult cuTensorMapEncodeIm2col(CUtensorMap* m, CUtensorMapDataType fmt, cuuint32_t rank, void* addr,
    const cuuint64_t* dim, const cuuint64_t* strides, const int* lower, const int* upper, cuuint32_t channels,
    cuuint32_t pixels, const cuuint32_t* es, CUtensorMapInterleave il, CUtensorMapSwizzle sw,
    CUtensorMapL2promotion l2, CUtensorMapFloatOOBfill oob) {
  printf("{\"dataType\":%d,\"rank\":%u,\"globalAddress\":%llu,\"globalDim\":[", (int)fmt, rank, (unsigned long long)addr);
  for (unsigned i=0;i<rank;i++) printf("%s%llu", i?",":"", (unsigned long long)dim[i]);
  printf("],\"globalStrides\":[");
  for (unsigned i=0;i+1<rank;i++) printf("%s%llu", i?",":"", (unsigned long long)strides[i]);
  printf("],\"pixelBoxLowerCorner\":[");
  for (unsigned i=0;i+2<rank;i++) printf("%s%d", i?",":"", lower[i]);
  printf("],\"pixelBoxUpperCorner\":[");
  for (unsigned i=0;i+2<rank;i++) printf("%s%d", i?",":"", upper[i]);
  printf("],\"channelsPerPixel\":%u,\"pixelsPerColumn\":%u,\"elementStrides\":[", channels, pixels);
  for (unsigned i=0;i<rank;i++) printf("%s%u", i?",":"", es[i]);
  printf("],\"interleave\":%d,\"swizzle\":%d,\"l2\":%d,\"oob\":%d}\n", (int)il, (int)sw, (int)l2, (int)oob);
  return CUDA_SUCCESS;
}
