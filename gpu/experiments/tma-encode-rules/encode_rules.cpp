// The driver's answers to cuTensorMapEncodeTiled for the rules tma_descriptor states from cuda.h (global address
// alignment, the packed types 16U4_ALIGN8B and 16U6_ALIGN16B): each line is a case, the CUresult the driver returns
// and what layoutcat said of it before this probe ("accepts": layoutcat answers CuTe's arguments; for the packed types
// it now adds that SM90's driver refuses them: h100.txt). Build and run on an SM90 machine: ./run.sh (g++ with cuda.h; libcuda.so.1 is opened at run
// time, as gpu/experiments/wgmma-base-offset does).
#include <cstdio>
#include <cuda.h>
#include <dlfcn.h>
#define SYM(f, name) auto p_##f = (decltype(&f))dlsym(lib, name)
struct Case { const char* name; CUtensorMapDataType t; unsigned long long offset; cuuint64_t dim[2]; cuuint64_t stride; cuuint32_t box[2];
              CUtensorMapSwizzle sw; const char* layoutcat; };
int main() {
  void* lib = dlopen("libcuda.so.1", RTLD_NOW);
  if (!lib) { printf("no libcuda.so.1\n"); return 1; }
  SYM(cuInit, "cuInit"); SYM(cuDeviceGet, "cuDeviceGet"); SYM(cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain");
  SYM(cuCtxSetCurrent, "cuCtxSetCurrent"); SYM(cuMemAlloc, "cuMemAlloc_v2"); SYM(cuDeviceGetName, "cuDeviceGetName");
  SYM(cuDriverGetVersion, "cuDriverGetVersion"); SYM(cuTensorMapEncodeTiled, "cuTensorMapEncodeTiled");
  p_cuInit(0);
  CUdevice dev; p_cuDeviceGet(&dev, 0);
  CUcontext ctx; p_cuDevicePrimaryCtxRetain(&ctx, dev); p_cuCtxSetCurrent(ctx);
  CUdeviceptr base; p_cuMemAlloc(&base, 64 << 20);
  char name[64]; p_cuDeviceGetName(name, sizeof name, dev);
  int drv = 0; p_cuDriverGetVersion(&drv);
  printf("# %s, driver %d, base address 0x%llx\n", name, drv, (unsigned long long)base);
  Case cases[] = {
    {"f16-aligned-0", CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 0, {1024,512}, 2048, {64,128}, CU_TENSOR_MAP_SWIZZLE_128B, "accepts"},
    {"f16-aligned-16", CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 16, {1024,512}, 2048, {64,128}, CU_TENSOR_MAP_SWIZZLE_128B, "accepts"},
    {"f16-address-8", CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 8, {1024,512}, 2048, {64,128}, CU_TENSOR_MAP_SWIZZLE_128B, "refuses: address"},
    {"f16-address-1", CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 1, {1024,512}, 2048, {64,128}, CU_TENSOR_MAP_SWIZZLE_128B, "refuses: address"},
    {"e2m1-K-SW128", CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN8B, 0, {1024,512}, 512, {256,128}, CU_TENSOR_MAP_SWIZZLE_128B, "accepts"},
    {"e2m1-address-16", CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN8B, 16, {1024,512}, 512, {128,8}, CU_TENSOR_MAP_SWIZZLE_NONE, "accepts"},
    {"e2m1-dim0-odd", CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN8B, 0, {1023,512}, 512, {128,8}, CU_TENSOR_MAP_SWIZZLE_NONE, "refuses: globalDim[0] even"},
    {"e2m1-box-8-bytes", CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN8B, 0, {1024,512}, 512, {16,8}, CU_TENSOR_MAP_SWIZZLE_NONE, "refuses: box 16 bytes"},
    {"e2m3-rowmajor", CU_TENSOR_MAP_DATA_TYPE_16U6_ALIGN16B, 0, {1024,512}, 768, {128,8}, CU_TENSOR_MAP_SWIZZLE_NONE, "accepts"},
    {"e3m2-mnmajor-384", CU_TENSOR_MAP_DATA_TYPE_16U6_ALIGN16B, 0, {512,1024}, 384, {128,16}, CU_TENSOR_MAP_SWIZZLE_NONE, "accepts"},
    {"e2m3-address-16", CU_TENSOR_MAP_DATA_TYPE_16U6_ALIGN16B, 16, {1024,512}, 768, {128,8}, CU_TENSOR_MAP_SWIZZLE_NONE, "refuses: address 32"},
    {"e2m3-address-32", CU_TENSOR_MAP_DATA_TYPE_16U6_ALIGN16B, 32, {1024,512}, 768, {128,8}, CU_TENSOR_MAP_SWIZZLE_NONE, "accepts"},
    {"e2m3-box-64", CU_TENSOR_MAP_DATA_TYPE_16U6_ALIGN16B, 0, {1024,512}, 768, {64,16}, CU_TENSOR_MAP_SWIZZLE_NONE, "refuses: boxDim[0] 128"},
    {"e2m3-dim0-1000", CU_TENSOR_MAP_DATA_TYPE_16U6_ALIGN16B, 0, {1000,512}, 768, {128,8}, CU_TENSOR_MAP_SWIZZLE_NONE, "refuses: globalDim[0] 128"},
    {"e3m2-stride-528", CU_TENSOR_MAP_DATA_TYPE_16U6_ALIGN16B, 0, {512,128}, 528, {128,16}, CU_TENSOR_MAP_SWIZZLE_NONE, "refuses: stride 32"},
    {"e2m3-sw64", CU_TENSOR_MAP_DATA_TYPE_16U6_ALIGN16B, 0, {1024,512}, 768, {128,8}, CU_TENSOR_MAP_SWIZZLE_64B, "refuses: swizzle"},
    {"e2m3-sw128", CU_TENSOR_MAP_DATA_TYPE_16U6_ALIGN16B, 0, {1024,512}, 768, {128,8}, CU_TENSOR_MAP_SWIZZLE_128B, "accepts"},
  };
  for (const Case& c : cases) {
    alignas(64) CUtensorMap m;
    cuuint32_t es[2] = {1, 1};
    CUresult r = p_cuTensorMapEncodeTiled(&m, c.t, 2, (void*)(base + c.offset), c.dim, &c.stride, c.box, es, CU_TENSOR_MAP_INTERLEAVE_NONE,
                                        c.sw, CU_TENSOR_MAP_L2_PROMOTION_L2_128B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
    printf("%-20s CUresult %3d  layoutcat %s\n", c.name, (int)r, c.layoutcat);
  }
  return 0;
}
