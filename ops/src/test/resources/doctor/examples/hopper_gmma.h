// hopper_gmma.h -- prints, as JSON lines, every wgmma descriptor a CUTLASS Hopper tutorial mainloop hands wgmma:
// tCrA = thr_mma.make_fragment_A(thr_mma.partition_A(sA)) (CuTe's GMMA::smem_desc, a DescriptorIterator tensor of shape
// (MMA,MMA_M,MMA_K,PIPE)), read at tCrA(0,m,k,p) for every MMA_M tile m, k-block k and pipeline stage p as
// cute::gemm(mma, tCrA(_,_,_,pipe), ...) reads it, and likewise B; each line has the slice tensor<0>(tCsA(_,m,k,p)) of
// shared memory that descriptor stands for, as CuTe prints it. Shared by wgmma_sm90-cute.cu and wgmma_tma_sm90-cute.cu.
//
// The shared addresses: SharedStorage { alignas(128) A; alignas(128) B; } in dynamic shared memory at 0x400 (the first
// 1 KiB of an SM90 CTA's shared window is the system's), so A at 0x400 and B at 0x400 + cosize(sA) * sizeof(TA).
// Host start address: CuTe's CUTE_CVTA_GENERIC_TO_SHARED path with an identity __cvta_generic_to_shared (the including
// program defines it), so the start address field is ADDR>>4.
#pragma once
#include <cstdio>
#include <cstdint>
#include <cute/tensor.hpp>
#include <cute/atom/mma_traits_sm90_gmma.hpp>

template <class TA, class TB, class SA, class SB, class TiledMma>
void print_descriptors(char const* example, char const* variant, char const* major, SA sA, SB sB, TiledMma mma) {
  using namespace cute;
  uintptr_t addrA = 0x400, addrB = 0x400 + ((cosize(sA) * sizeof(TA) + 127) / 128) * 128;
  Tensor smemA = make_tensor(make_smem_ptr(reinterpret_cast<TA*>(addrA)), sA);
  Tensor smemB = make_tensor(make_smem_ptr(reinterpret_cast<TB*>(addrB)), sB);
  for (int thread = 0; thread < int(size(mma)); thread += 128) {  // one line set per warpgroup
    auto thr = mma.get_slice(thread);
    Tensor tCsA = thr.partition_A(smemA);
    Tensor tCrA = thr.make_fragment_A(tCsA);
    Tensor tCsB = thr.partition_B(smemB);
    Tensor tCrB = thr.make_fragment_B(tCsB);
    for (int which = 0; which < 2; ++which) {
      int tiles = which == 0 ? int(size<1>(tCrA)) : int(size<1>(tCrB));
      for (int p = 0; p < int(size<3>(tCrA)); ++p) {
        for (int k = 0; k < int(size<2>(tCrA)); ++k) {
          for (int m = 0; m < tiles; ++m) {
            GmmaDescriptor d = which == 0 ? tCrA(0,m,k,p) : tCrB(0,m,k,p);
            printf("{\"kind\":\"gmma\",\"example\":\"%s\",\"variant\":\"%s\",\"operand\":\"%s\",\"thread\":%d,\"stage\":%d,\"tile\":%d,\"kblock\":%d,"
                   "\"bits\":%d,\"major\":\"%s\",\"descriptor\":\"0x%016llx\",\"smem\":\"",
                   example, variant, which == 0 ? "A" : "B", thread, p, m, k, which == 0 ? int(sizeof_bits_v<TA>) : int(sizeof_bits_v<TB>),
                   major, (unsigned long long)d.desc_);
            if (which == 0) print(tensor<0>(tCsA(_,m,k,p))); else print(tensor<0>(tCsB(_,m,k,p)));
            printf("\"}\n");
          }
        }
      }
    }
  }
}
