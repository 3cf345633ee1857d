/*
 * The driver's verdict on the calls of tma-driver-cases.txt: each passed to cuTensorMapEncodeTiled as written (a rank
 * past the lists' lengths reads 1s), its result printed beside its name ("ok" or the CUresult's name). DoctorOpsTest
 * holds the TMA doctor to it: a call the driver refuses breaks a rule, one it encodes breaks none.
 * Build: gcc -O2 -I$CUDA_HOME/include tma-driver.c -o tma-driver -ldl ; run ./tma-driver tma-driver-cases.txt
 */
#include <cuda.h>
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int list(const char *s, cuuint64_t *out) {
    int n = 0;
    for (int i = 0; i < 8; i++) out[i] = 1;
    if (strcmp(s, "-") == 0) return 0;
    for (const char *p = s; *p;) {
        out[n++] = strtoull(p, (char **) &p, 0);
        if (*p == ',') p++;
    }
    return n;
}

int main(int argc, char **argv) {
    void *lib = dlopen("libcuda.so.1", RTLD_NOW);
    if (!lib) { fprintf(stderr, "no driver\n"); return 2; }
    CUresult (*init)(unsigned) = dlsym(lib, "cuInit");
    CUresult (*get)(CUdevice *, int) = dlsym(lib, "cuDeviceGet");
    CUresult (*retain)(CUcontext *, CUdevice) = dlsym(lib, "cuDevicePrimaryCtxRetain");
    CUresult (*current)(CUcontext) = dlsym(lib, "cuCtxSetCurrent");
    CUresult (*alloc)(CUdeviceptr *, size_t) = dlsym(lib, "cuMemAlloc_v2");
    CUresult (*name)(CUresult, const char **) = dlsym(lib, "cuGetErrorName");
    CUresult (*encode)(CUtensorMap *, CUtensorMapDataType, cuuint32_t, void *, const cuuint64_t *, const cuuint64_t *,
                       const cuuint32_t *, const cuuint32_t *, CUtensorMapInterleave, CUtensorMapSwizzle,
                       CUtensorMapL2promotion, CUtensorMapFloatOOBfill) = dlsym(lib, "cuTensorMapEncodeTiled");
    CUdevice dev; CUcontext ctx; CUdeviceptr base;
    if (init(0) || get(&dev, 0) || retain(&ctx, dev) || current(ctx) || alloc(&base, 8 << 20)) { fprintf(stderr, "no device\n"); return 2; }
    base = (base + (2 << 20) - 1) & ~(CUdeviceptr) ((2 << 20) - 1);
    FILE *f = fopen(argc > 1 ? argv[1] : "tma-driver-cases.txt", "r");
    if (!f) { perror("cases"); return 2; }
    char line[1024];
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n') continue;
        char nm[128], dims[256], strides[256], box[256], es[256];
        unsigned type, rank, il, sw, l2, oob;
        unsigned long long off;
        if (sscanf(line, "%127s %u %u %llx %255s %255s %255s %255s %u %u %u %u", nm, &type, &rank, &off, dims, strides, box, es,
                   &il, &sw, &l2, &oob) != 12) { fprintf(stderr, "bad line: %s", line); return 2; }
        cuuint64_t d[8], s[8], b64[8], e64[8];
        cuuint32_t b[8], e[8];
        list(dims, d); list(strides, s); list(box, b64); list(es, e64);
        for (int i = 0; i < 8; i++) { b[i] = (cuuint32_t) b64[i]; e[i] = (cuuint32_t) e64[i]; }
        CUtensorMap map __attribute__((aligned(64)));
        CUresult r = encode(&map, (CUtensorMapDataType) type, rank, (void *) (uintptr_t) (base + off), d, s, b, e,
                            (CUtensorMapInterleave) il, (CUtensorMapSwizzle) sw, (CUtensorMapL2promotion) l2,
                            (CUtensorMapFloatOOBfill) oob);
        const char *why = "?";
        name(r, &why);
        printf("%s %s\n", nm, r == CUDA_SUCCESS ? "ok" : why);
    }
    return 0;
}
