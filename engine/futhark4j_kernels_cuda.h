/*
 * Futhark4J engine, kernel prelude for CUDA: the same generated kernels as the opencl backend's
 * (written in OpenCL C's spelling) compile as CUDA C++ after these definitions, as the reference's
 * GPU backends share one kernel text with a prelude per API. OpenCL's qualifiers and work-item
 * functions become CUDA's, the fixed-width integer types and limits are defined here (NVRTC has
 * no C library headers), and the primitive operations follow (futhark4j_scalar.h, device
 * functions under __CUDACC__). Compile without contraction (nvcc/NVRTC --fmad=false), as the host
 * rounds a*b+c twice.
 */
#define __kernel extern "C" __global__
#define __global
#define __local __shared__
#define get_global_id(d) ((int64_t)blockIdx.x * blockDim.x + threadIdx.x)
#define atomic_cmpxchg(p, cmp, val) atomicCAS((int *)(p), (cmp), (val))
#define fut_cas32(p, cmp, val) atomicCAS((unsigned int *)(p), (unsigned int)(cmp), (unsigned int)(val))
#define fut_cas64(p, cmp, val) atomicCAS((unsigned long long *)(p), (unsigned long long)(cmp), (unsigned long long)(val))
#define fut_add32(p, v) atomicAdd((unsigned int *)(p), (unsigned int)(v))
#define fut_add64(p, v) atomicAdd((unsigned long long *)(p), (unsigned long long)(v))

typedef signed char int8_t;
typedef short int16_t;
typedef int int32_t;
typedef long int64_t;
typedef unsigned char uint8_t;
typedef unsigned short uint16_t;
typedef unsigned int uint32_t;
typedef unsigned long uint64_t;

#ifndef INT8_MIN
#define INT8_MIN (-128)
#define INT16_MIN (-32767 - 1)
#define INT32_MIN (-2147483647 - 1)
#define INT64_MIN (-9223372036854775807L - 1)
#endif
#ifndef INFINITY
#define INFINITY __builtin_huge_valf()
#endif
#ifndef NAN
#define NAN __builtin_nanf("")
#endif

/* An array as the generated code sees it: its data in device memory and its shape. */
typedef struct fut_arr {
  char *data;
  int64_t shape[FUT_MAXRANK];
} fut_arr;

#include "futhark4j_scalar.h"
