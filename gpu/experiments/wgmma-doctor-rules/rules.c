/*
 * What does wgmma do with the descriptors gmma_doctor calls broken or unusual? One warp group runs
 * wgmma.mma_async m64n8k16 f32.f16.f16 (../wgmma-base-offset/probe.ptx, both operands K-major) on an A laid out in
 * shared memory as the descriptor says under CuTe's pointer form (each element at Sw(start + canonical offset) of its
 * byte address, Sw the layout type's swizzle, or no swizzle), and B at a 1024-byte boundary as CuTe lays it (128-byte
 * swizzle, LBO 1, SBO 64). For each descriptor of A it prints whether D = A*B exactly: where it does, wgmma read A
 * where the pointer form says; where not, it read A elsewhere (or the descriptor is refused).
 *
 *   lbo:      a swizzled K-major A with leading byte offsets 0, 1, 2, 7, 64, 16383 (the ISA: "not used, assumed 1")
 *   sbo:      a 128-byte swizzled K-major A whose 8-row groups lie SBO units apart: 64 (CuTe's), 128, 72, 96, 80, 32
 *   reserved: CuTe's descriptor with one reserved bit set: 14, 15, 30, 31, 46, 47, 48, 52, 55, 61
 *   row:      a k-block's 32 bytes from its start address, 0..7 units into a 128-byte row (and 0, 1 of a 32-byte one)
 *   inter:    an interleaved K-major A (SBO 8, LBO 64) with base offsets 0..7
 *
 * Build: gcc -O2 -I$CUDA_HOME/include rules.c -o rules -ldl ; run ./rules ../wgmma-base-offset/probe.ptx
 */
#include <cuda.h>
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(x) do { CUresult e_ = (x); if (e_ != CUDA_SUCCESS) { const char *s_; p_cuGetErrorString(e_, &s_); \
    fprintf(stderr, "%s: %s\n", #x, s_); exit(2); } } while (0)
#define DRIVER(f) static __typeof__(&f) p_##f;
#define FUNCS(X) X(cuInit) X(cuDeviceGet) X(cuDeviceGetName) X(cuDevicePrimaryCtxRetain) X(cuCtxSetCurrent) \
    X(cuModuleLoadData) X(cuModuleGetFunction) X(cuMemAlloc) X(cuMemcpyHtoD) X(cuMemsetD8) X(cuLaunchKernel) \
    X(cuCtxSynchronize) X(cuMemcpyDtoH) X(cuGetErrorString)
FUNCS(DRIVER)
#define STR2(x) #x
#define STR(x) STR2(x)
#define BIND(f) if (!(p_##f = (__typeof__(&f)) dlsym(lib, STR(f)))) { fprintf(stderr, "libcuda.so.1 has no %s\n", STR(f)); exit(2); }

static void bind(void) {
    void *lib = dlopen("libcuda.so.1", RTLD_NOW);
    if (!lib) { fprintf(stderr, "no driver: %s\n", dlerror()); exit(2); }
    FUNCS(BIND)
}

static uint16_t half_of(int v) {
    switch (v) { case 0: return 0x0000; case 1: return 0x3C00; case 2: return 0x4000; case -1: return 0xBC00; default: return 0xC000; }
}

static uint32_t sw(uint32_t x, int b) { return x ^ ((x >> 3) & (((1u << b) - 1) << 4)); } /* Sw<b,4,3> on bytes */

enum { BUF = 40960, BOFF = 32768 };
static CUfunction fn;
static CUdeviceptr dimg, dout;
static int A[64][16], B[8][16];

/*
 * A at byte `start` of the buffer, element (m,k) of the k-block at sw(start + (m%8)*row + (m/8)*16*sbo + 2k) with
 * b swizzle bits (row = 16 << b bytes), or, interleaved (b < 0), at start + (m%8)*16 + (m/8)*16*sbo + (k/8)*16*lbo
 * + 2(k%8); run wgmma with A's descriptor template desca (start field 0) and say whether D = A*B.
 */
static int run(uint32_t start, int b, uint32_t sbo, uint32_t lbo, uint64_t desca) {
    static uint8_t img[BUF];
    static float out[520];
    memset(img, 0, sizeof img);
    for (int m = 0; m < 64; m++) for (int k = 0; k < 16; k++) {
        uint32_t addr = b >= 0 ? sw(start + (m % 8) * (16u << b) + (m / 8) * 16u * sbo + 2 * k, b)
                               : start + (m % 8) * 16 + (m / 8) * 16u * sbo + (k / 8) * 16u * lbo + 2 * (k % 8);
        if (addr + 2 > BOFF) { fprintf(stderr, "A reaches B at %u\n", addr); exit(2); }
        uint16_t h = half_of(A[m][k]);
        memcpy(img + addr, &h, 2);
    }
    for (int c = 0; c < 8; c++) for (int k = 0; k < 16; k++) {
        uint16_t h = half_of(B[c][k]);
        memcpy(img + sw(BOFF + c * 128 + 2 * k, 3), &h, 2);
    }
    CHECK(p_cuMemcpyHtoD(dimg, img, BUF));
    uint64_t descb = 1ull << 16 | 64ull << 32 | 1ull << 62;
    uint32_t nwords = BUF / 4, offa = start, offb = BOFF, kstep = 2, kb = 1;
    void *args[] = {&dimg, &nwords, &offa, &offb, &desca, &descb, &kstep, &kb, &dout};
    CHECK(p_cuMemsetD8(dout, 0xFF, sizeof out));
    CHECK(p_cuLaunchKernel(fn, 1, 1, 1, 128, 1, 1, 0, 0, args, 0));
    CHECK(p_cuCtxSynchronize());
    CHECK(p_cuMemcpyDtoH(out, dout, sizeof out));
    int bad = 0;
    for (int m = 0; m < 64; m++) for (int c = 0; c < 8; c++) {
        int s = 0;
        for (int k = 0; k < 16; k++) s += A[m][k] * B[c][k];
        bad += out[m * 8 + c] != (float) s;
    }
    return bad == 0;
}

static uint64_t desc(uint32_t lbo, uint32_t sbo, int bo, int type) {
    return (uint64_t) lbo << 16 | (uint64_t) sbo << 32 | (uint64_t) bo << 49 | (uint64_t) type << 62;
}

static void say(const char *what, const char *value, uint64_t d, uint32_t start, int ok) {
    printf("%-9s %-8s desc 0x%016llx start 0x%04x  %s\n", what, value, (unsigned long long) d, start, ok ? "D = A*B" : "WRONG");
}

int main(int argc, char **argv) {
    FILE *f = fopen(argc > 1 ? argv[1] : "../wgmma-base-offset/probe.ptx", "rb");
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
    CHECK(p_cuModuleGetFunction(&fn, mod, "probe"));
    CHECK(p_cuMemAlloc(&dimg, BUF));
    CHECK(p_cuMemAlloc(&dout, 520 * sizeof(float)));
    printf("device: %s\n", name);
    srand(11);
    for (int m = 0; m < 64; m++) for (int k = 0; k < 16; k++) A[m][k] = rand() % 5 - 2;
    for (int c = 0; c < 8; c++) for (int k = 0; k < 16; k++) B[c][k] = rand() % 5 - 2;
    char v[32];
    /* lbo: 128-byte swizzle, K-major, k-blocks 0 and 2 of a row; and the 32-byte swizzle */
    uint32_t lbos[] = {0, 1, 2, 7, 64, 16383};
    for (int i = 0; i < 6; i++) for (uint32_t s = 0; s <= 64; s += 64) {
        uint64_t d = desc(lbos[i], 64, 0, 1);
        snprintf(v, sizeof v, "%u", lbos[i]); say("lbo", v, d, 0x400 + s, run(0x400 + s, 3, 64, 0, d));
    }
    for (int i = 0; i < 6; i++) {
        uint64_t d = desc(lbos[i], 16, 0, 3);
        snprintf(v, sizeof v, "%u sw32", lbos[i]); say("lbo", v, d, 0x400, run(0x400, 1, 16, 0, d));
    }
    /* sbo: the 8-row groups SBO units apart, A's layout following it */
    uint32_t sbos[] = {64, 128, 72, 96, 80, 32};
    for (int i = 0; i < 6; i++) for (uint32_t s = 0; s <= 32; s += 32) {
        uint64_t d = desc(1, sbos[i], 0, 1);
        snprintf(v, sizeof v, "%u", sbos[i]); say("sbo", v, d, 0x400 + s, run(0x400 + s, 3, sbos[i], 0, d));
    }
    /* reserved: one bit set in CuTe's descriptor */
    int bits[] = {14, 15, 30, 31, 46, 47, 48, 52, 55, 61};
    for (int i = 0; i < 10; i++) {
        uint64_t d = desc(1, 64, 0, 1) | 1ull << bits[i];
        snprintf(v, sizeof v, "bit %d", bits[i]); say("reserved", v, d, 0x400, run(0x400, 3, 64, 0, d));
    }
    /* row: the k-block's start 0..7 units into a 128-byte row; 0, 1 into a 32-byte one */
    for (uint32_t u = 0; u < 8; u++) {
        uint64_t d = desc(1, 64, 0, 1);
        snprintf(v, sizeof v, "%u/8", u); say("row", v, d, 0x400 + 16 * u, run(0x400 + 16 * u, 3, 64, 0, d));
    }
    for (uint32_t u = 0; u < 2; u++) {
        uint64_t d = desc(1, 16, 0, 3);
        snprintf(v, sizeof v, "%u/2", u); say("row", v, d, 0x400 + 16 * u, run(0x400 + 16 * u, 1, 16, 0, d));
    }
    /* inter: interleaved K-major (SBO 8, LBO 64) with a base offset */
    for (int bo = 0; bo < 8; bo++) {
        uint64_t d = desc(64, 8, bo, 0);
        snprintf(v, sizeof v, "bo %d", bo); say("inter", v, d, 0x400, run(0x400, -1, 8, 64, d));
    }
    return 0;
}
