/*
 * Futhark4J engine, kernel prelude: the OpenCL C text that comes before the generated kernels of
 * every program of the opencl backend. It gives OpenCL C the names that generated scalar code uses
 * on the host (the C99 fixed-width integer types, the f32 math functions' names, the limits) and
 * then the primitive operations themselves (futhark4j_scalar.h, the same text as the host's), so a
 * kernel body is the host's code for the same lambda.
 *
 * Targets OpenCL C 1.2 with cl_khr_fp64 (FUT_FP64 is defined by the build when the device has
 * doubles). No floating-point contraction: a*b+c rounds twice, as on the host.
 */
#pragma OPENCL FP_CONTRACT OFF
#ifdef FUT_FP64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif

typedef char int8_t;
typedef short int16_t;
typedef int int32_t;
typedef long int64_t;
typedef uchar uint8_t;
typedef ushort uint16_t;
typedef uint uint32_t;
typedef ulong uint64_t;

#define INT8_MIN CHAR_MIN
#define INT16_MIN SHRT_MIN
#define INT32_MIN INT_MIN
#define INT64_MIN LONG_MIN

/* OpenCL's math functions are overloaded on float and double; the host's f32 names map to them. */
#define sqrtf sqrt
#define cbrtf cbrt
#define expf exp
#define exp2f exp2
#define logf log
#define log2f log2
#define log10f log10
#define log1pf log1p
#define sinf sin
#define cosf cos
#define tanf tan
#define asinf asin
#define acosf acos
#define atanf atan
#define sinhf sinh
#define coshf cosh
#define tanhf tanh
#define asinhf asinh
#define acoshf acosh
#define atanhf atanh
#define erff erf
#define erfcf erfc
#define lgammaf lgamma
#define tgammaf tgamma
#define floorf floor
#define ceilf ceil
#define truncf trunc
#define rintf rint
#define fabsf fabs
#define fminf fmin
#define fmaxf fmax
#define fmodf fmod
#define powf pow
#define atan2f atan2
#define hypotf hypot
#define copysignf copysign
#define nextafterf nextafter
#define fmaf fma
#define ldexpf ldexp

/* Atomic updates of a histogram's buckets (by their bits; 64-bit ones need the device's
   cl_khr_int64_base_atomics, which GPUs and POCL have). */
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#define fut_cas32(p, cmp, val) atomic_cmpxchg((volatile __global uint *)(p), (cmp), (val))
#define fut_cas64(p, cmp, val) atom_cmpxchg((volatile __global ulong *)(p), (cmp), (val))
#define fut_add32(p, v) atomic_add((volatile __global uint *)(p), (v))
#define fut_add64(p, v) atom_add((volatile __global ulong *)(p), (v))

/* An array as the generated code sees it: its data in device memory and its shape. */
typedef struct fut_arr {
  __global char *data;
  int64_t shape[FUT_MAXRANK];
} fut_arr;

#include "futhark4j_scalar.h"
