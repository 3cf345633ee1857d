/*
 * Which matrix-descriptor base offset does wgmma need, and does CuTe's K-loop advance hold?
 *
 * For each swizzling (128, 64, 32 bytes), each place of the tiles in shared memory (T bytes past a 1024-byte boundary,
 * in steps of 128 below the swizzle's repeat), and each way of laying the data out:
 *   absolute: the swizzle of CuTe's smem_ptr tensors, Sw<B,4,3> of the byte address (the pattern repeats at absolute
 *             multiples of 1024, 512, 256 bytes), as CuTe's copies and TMA write it;
 *   relative: the swizzle of the byte offset from the tile's start (the pattern starts at the tile, T past a boundary);
 * of A (B sits at a boundary, laid out as CuTe does), it runs the whole K-loop (every k-block of the tile's row, the descriptors advanced by 32 bytes each) with each
 * base offset 0..7, and each k-block alone, and prints which base offsets give D = A*B exactly in every run, beside the PTX ISA's formula
 * (pattern start addr >> 7) & 7.
 *
 * Build: gcc -O2 -I$CUDA_HOME/include probe.c -o probe -ldl ; run ./probe probe.ptx (the driver's libcuda.so.1 is
 * opened at run time, so no stub library is needed to build).
 */
#include <cuda.h>
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(x) do { CUresult e_ = (x); if (e_ != CUDA_SUCCESS) { const char *s_; p_cuGetErrorString(e_, &s_); \
    fprintf(stderr, "%s: %s\n", #x, s_); exit(2); } } while (0)

/* the driver's entry points, from libcuda.so.1 (cuda.h's macros name the versioned ones, e.g. cuMemAlloc_v2) */
#define DRIVER(f) static __typeof__(&f) p_##f;
#define BIND(f) if (!(p_##f = (__typeof__(&f)) dlsym(lib, #f))) { fprintf(stderr, "libcuda.so.1 has no %s\n", #f); exit(2); }
#define FUNCS(X) X(cuInit) X(cuDeviceGet) X(cuDeviceGetName) X(cuDevicePrimaryCtxRetain) X(cuCtxSetCurrent) \
    X(cuModuleLoadData) X(cuModuleGetFunction) X(cuMemAlloc) X(cuMemcpyHtoD) X(cuMemsetD8) X(cuLaunchKernel) \
    X(cuCtxSynchronize) X(cuMemcpyDtoH) X(cuGetErrorString)
FUNCS(DRIVER)
#define STR2(x) #x
#define STR(x) STR2(x)

static void bind(void) {
    void *lib = dlopen("libcuda.so.1", RTLD_NOW);
    if (!lib) { fprintf(stderr, "no driver: %s\n", dlerror()); exit(2); }
#undef BIND
#define BIND(f) if (!(p_##f = (__typeof__(&f)) dlsym(lib, STR(f)))) { fprintf(stderr, "libcuda.so.1 has no %s\n", STR(f)); exit(2); }
    FUNCS(BIND)
}

static uint16_t half_of(int v) { /* small integers -2..2, exact in f16 */
    switch (v) { case 0: return 0x0000; case 1: return 0x3C00; case 2: return 0x4000; case -1: return 0xBC00; default: return 0xC000; }
}

static uint32_t sw(uint32_t x, int b) { return x ^ ((x >> 3) & (((1u << b) - 1) << 4)); } /* Sw<b,4,3> on bytes */

int main(int argc, char **argv) {
    FILE *f = fopen(argc > 1 ? argv[1] : "probe.ptx", "rb");
    if (!f) { perror("probe.ptx"); return 2; }
    static char ptx[1 << 16];
    size_t n = fread(ptx, 1, sizeof ptx - 1, f);
    ptx[n] = 0;
    fclose(f);
    CHECK((bind(), p_cuInit(0)));
    CUdevice dev; CHECK(p_cuDeviceGet(&dev, 0));
    char name[256]; CHECK(p_cuDeviceGetName(name, sizeof name, dev));
    CUcontext ctx; CHECK(p_cuDevicePrimaryCtxRetain(&ctx, dev)); CHECK(p_cuCtxSetCurrent(ctx));
    CUmodule mod; CHECK(p_cuModuleLoadData(&mod, ptx));
    CUfunction fn; CHECK(p_cuModuleGetFunction(&fn, mod, "probe"));
    printf("device: %s\n", name);

    enum { BUF = 40960, BOFF = 16384 };
    static uint8_t img[BUF];
    static float out[520], want[512];
    CUdeviceptr dimg, dout;
    CHECK(p_cuMemAlloc(&dimg, BUF));
    CHECK(p_cuMemAlloc(&dout, sizeof out));
    srand(7);
    int failures = 0;
    printf("%-6s %-5s %-9s %-7s %-8s %s\n", "swz", "T", "layout", "kblocks", "ISA bo", "base offsets giving D = A*B");
    for (int b = 3; b >= 1; b--) {
        int rowbytes = 16 << b, repeat = 128 << b, kelems = rowbytes / 2, kblocks = kelems / 16;
        int code = b == 3 ? 1 : b == 2 ? 2 : 3; /* layout type: 1 = 128B, 2 = 64B, 3 = 32B */
        for (int t = 0; t < repeat; t += 128) {
            for (int rel = 0; rel < 2; rel++) {
                static int A[64][64], B[8][64];
                for (int m = 0; m < 64; m++) for (int k = 0; k < kelems; k++) A[m][k] = rand() % 5 - 2;
                for (int c = 0; c < 8; c++) for (int k = 0; k < kelems; k++) B[c][k] = rand() % 5 - 2;

                memset(img, 0, sizeof img);
                for (int tile = 0; tile < 2; tile++) {
                    /* the tile's start in the 1024-aligned buffer: A's at T, B's at a boundary, laid out as CuTe does, so
                       that a wrong reading of A permutes A's K against B's (a permutation common to both cancels in A*B) */
                    uint32_t at = tile ? BOFF : t;
                    int relative = rel && !tile;
                    int rows = tile ? 8 : 64;
                    for (int r = 0; r < rows; r++) for (int k = 0; k < kelems; k++) {
                        uint32_t o = r * rowbytes + 2 * k;
                        uint32_t addr = relative ? at + sw(o, b) : sw(at + o, b);
                        uint16_t h = half_of(tile ? B[r][k] : A[r][k]);
                        memcpy(img + addr, &h, 2);
                    }
                }
                CHECK(p_cuMemcpyHtoD(dimg, img, BUF));
                int isa = rel && t % repeat ? (t >> 7) & 7 : 0; /* the pattern starts at the tile (relative) or at a boundary */
                char ok[64] = "";
                for (int bo = 0; bo < 8; bo++) {
                    uint64_t sbo = (uint64_t) (8 * rowbytes) >> 4;
                    uint64_t descb = 1ull << 16 | sbo << 32 | (uint64_t) code << 62;
                    uint64_t desca = descb | (uint64_t) bo << 49;
                    int bad = 0;
                    /* run -1: the K-loop, every k-block accumulated, both descriptors advanced by 32 bytes a block as
                       CuTe's DescriptorIterator does; run j: k-block j alone, its descriptors started 32*j bytes in */
                    for (int run = -1; run < kblocks; run++) {
                        int k0 = run < 0 ? 0 : 16 * run, k1 = run < 0 ? kelems : k0 + 16;
                        for (int m = 0; m < 64; m++) for (int c = 0; c < 8; c++) {
                            int s = 0;
                            for (int k = k0; k < k1; k++) s += A[m][k] * B[c][k];
                            want[m * 8 + c] = (float) s;
                        }
                        uint32_t skip = run < 0 ? 0 : 32 * run;
                        uint32_t nwords = BUF / 4, offa = t + skip, offb = BOFF + skip, kstep = 2; /* 32 bytes = 16 halves */
                        uint32_t kb = run < 0 ? kblocks : 1;
                        void *args[] = {&dimg, &nwords, &offa, &offb, &desca, &descb, &kstep, &kb, &dout};
                        CHECK(p_cuMemsetD8(dout, 0xFF, sizeof out));
                        CHECK(p_cuLaunchKernel(fn, 1, 1, 1, 128, 1, 1, 0, 0, args, 0));
                        CHECK(p_cuCtxSynchronize());
                        CHECK(p_cuMemcpyDtoH(out, dout, sizeof out));
                        if (((uint32_t *) out)[512] != 0) { printf("buffer not 1024-aligned: %u\n", ((uint32_t *) out)[512]); return 2; }
                        for (int i = 0; i < 512; i++) bad += out[i] != want[i];
                    }
                    if (!bad) { char s[4]; snprintf(s, sizeof s, "%d ", bo); strcat(ok, s); }
                    if (bo == isa && bad) failures++;
                }
                printf("SW%-4d %-5d %-9s %-7d %-8d %s\n", rowbytes, t, rel ? "relative" : "absolute", kblocks, isa, ok[0] ? ok : "none");
            }
        }
    }
    printf("%s: %d configurations where the ISA's base offset did not give D = A*B\n", failures ? "FAIL" : "PASS", failures);
    return 0;
}
