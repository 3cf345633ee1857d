// encode_stub.h's driver stand-in, which also prints the global address CuTe passes ("#address 0x...") before the
// driver's other arguments
#include <cstdio>
#include <cuda.h>
#include <cuda_runtime_api.h>
extern "C" CUresult cuTensorMapEncodeTiled(CUtensorMap* m, CUtensorMapDataType fmt, cuuint32_t rank, void* addr,
    const cuuint64_t* dim, const cuuint64_t* strides, const cuuint32_t* box, const cuuint32_t* es,
    CUtensorMapInterleave il, CUtensorMapSwizzle sw, CUtensorMapL2promotion l2, CUtensorMapFloatOOBfill oob) {
  printf("#address 0x%llx\n", (unsigned long long)addr);
  printf("{\"dataType\":%d,\"rank\":%u,\"globalDim\":[", (int)fmt, rank);
  for (unsigned i=0;i<rank;i++) printf("%s%llu", i?",":"", (unsigned long long)dim[i]);
  printf("],\"globalStrides\":[");
  for (unsigned i=0;i+1<rank;i++) printf("%s%llu", i?",":"", (unsigned long long)strides[i]);
  printf("],\"boxDim\":[");
  for (unsigned i=0;i<rank;i++) printf("%s%u", i?",":"", box[i]);
  printf("],\"elementStrides\":[");
  for (unsigned i=0;i<rank;i++) printf("%s%u", i?",":"", es[i]);
  printf("],\"interleave\":%d,\"swizzle\":%d,\"l2\":%d,\"oob\":%d}\n", (int)il, (int)sw, (int)l2, (int)oob);
  return CUDA_SUCCESS;
}
static cudaError_t my_cudaDriverGetVersion(int* v) { *v = 13000; return cudaSuccess; }
#define cudaDriverGetVersion my_cudaDriverGetVersion
