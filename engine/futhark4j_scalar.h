/*
 * Futhark4J engine: the primitive operations with Futhark's semantics that generated scalar code
 * calls, shared by the host (C99, pasted into futhark4j_runtime.h) and the devices (OpenCL C, pasted
 * into the kernel prelude futhark4j_kernels.cl; CUDA C++, after futhark4j_kernels_cuda.h). Where the
 * languages differ (128-bit integers, bit counts, reinterpreting bits, device functions), the
 * device's spelling is chosen by __OPENCL_VERSION__ or __CUDACC__; everything else is the same
 * text, so a kernel computes what the host code computes. f16 is host only (binary16 storage, see
 * futhark4j_runtime.h).
 */

/* How the operations are declared: CUDA needs them marked as device functions. */
#ifdef __CUDACC__
#define FUT_SCALAR static __device__ inline
#else
#define FUT_SCALAR static inline
#endif

/* Integer ops: signed arithmetic goes through the unsigned type so overflow wraps instead of
   being undefined; division rounds toward negative infinity; shifts past the width give 0
   (or the sign fill for arithmetic right shift). */
#ifdef __OPENCL_VERSION__
#define FUT_MULHI(T, U, BITS) mul_hi(x, y)
#else
#define FUT_MULHI(T, U, BITS) (T)(((U)x * (U)y) >> BITS)
#endif
#define FUT_INT_OPS(T, U, BITS)                                                                   \
  FUT_SCALAR T fut_add_##T(T x, T y) { return (T)((U)x + (U)y); }                             \
  FUT_SCALAR T fut_sub_##T(T x, T y) { return (T)((U)x - (U)y); }                             \
  FUT_SCALAR T fut_mul_##T(T x, T y) { return (T)((U)x * (U)y); }                             \
  FUT_SCALAR T fut_neg_##T(T x) { return (T)(0 - (U)x); }                                     \
  FUT_SCALAR T fut_quot_##T(T x, T y) { return y == -1 ? fut_neg_##T(x) : (T)(x / y); }       \
  FUT_SCALAR T fut_rem_##T(T x, T y) { return y == -1 ? 0 : (T)(x % y); }                     \
  FUT_SCALAR T fut_div_##T(T x, T y) {                                                        \
    T q = fut_quot_##T(x, y), r = fut_rem_##T(x, y);                                             \
    return (r != 0 && ((r < 0) != (y < 0))) ? (T)(q - 1) : q;                                    \
  }                                                                                              \
  FUT_SCALAR T fut_mod_##T(T x, T y) {                                                        \
    T r = fut_rem_##T(x, y);                                                                     \
    return (r != 0 && ((r < 0) != (y < 0))) ? (T)(r + y) : r;                                    \
  }                                                                                              \
  FUT_SCALAR T fut_shl_##T(T x, T y) { return (U)y >= BITS ? 0 : (T)((U)x << (U)y); }         \
  FUT_SCALAR T fut_ashr_##T(T x, T y) { return (U)y >= BITS ? (x < 0 ? -1 : 0) : (T)(x >> y); } \
  FUT_SCALAR T fut_lshr_##T(T x, T y) { return (U)y >= BITS ? 0 : (T)((U)x >> (U)y); }        \
  FUT_SCALAR T fut_pow_##T(T x, T y) {                                                        \
    U r = 1, b = (U)x; U e = (U)y;                                                               \
    if (y < 0) return (T)(x == 1 ? 1 : x == -1 ? ((e & 1) ? -1 : 1) : 0);                       \
    while (e) { if (e & 1) r *= b; b *= b; e >>= 1; }                                            \
    return (T)r;                                                                                 \
  }                                                                                              \
  FUT_SCALAR T fut_abs_##T(T x) { return x < 0 ? fut_neg_##T(x) : x; }                        \
  FUT_SCALAR T fut_sgn_##T(T x) { return (T)((x > 0) - (x < 0)); }                            \
  FUT_SCALAR T fut_mulhi_##T(T x, T y) { return FUT_MULHI(T, FUT_WIDE_##T, BITS); }

#define FUT_UINT_OPS(T, BITS)                                                                     \
  FUT_SCALAR T fut_add_##T(T x, T y) { return (T)(x + y); }                                   \
  FUT_SCALAR T fut_sub_##T(T x, T y) { return (T)(x - y); }                                   \
  FUT_SCALAR T fut_mul_##T(T x, T y) { return (T)((uint64_t)x * (uint64_t)y); }              \
  FUT_SCALAR T fut_neg_##T(T x) { return (T)(0 - x); }                                        \
  FUT_SCALAR T fut_quot_##T(T x, T y) { return (T)(x / y); }                                  \
  FUT_SCALAR T fut_rem_##T(T x, T y) { return (T)(x % y); }                                   \
  FUT_SCALAR T fut_div_##T(T x, T y) { return (T)(x / y); }                                   \
  FUT_SCALAR T fut_mod_##T(T x, T y) { return (T)(x % y); }                                   \
  FUT_SCALAR T fut_shl_##T(T x, T y) { return y >= BITS ? 0 : (T)((uint64_t)x << y); }        \
  FUT_SCALAR T fut_ashr_##T(T x, T y) { return y >= BITS ? 0 : (T)(x >> y); }                 \
  FUT_SCALAR T fut_lshr_##T(T x, T y) { return y >= BITS ? 0 : (T)(x >> y); }                 \
  FUT_SCALAR T fut_pow_##T(T x, T y) {                                                        \
    T r = 1;                                                                                     \
    while (y) { if (y & 1) r = fut_mul_##T(r, x); x = fut_mul_##T(x, x); y >>= 1; }              \
    return r;                                                                                    \
  }                                                                                              \
  FUT_SCALAR T fut_abs_##T(T x) { return x; }                                                 \
  FUT_SCALAR T fut_sgn_##T(T x) { return (T)(x > 0); }                                        \
  FUT_SCALAR T fut_mulhi_##T(T x, T y) { return FUT_MULHI(T, FUT_WIDE_##T, BITS); }

/* The type a product of two T is computed in for its high half (host only). */
#define FUT_WIDE_int8_t __int128
#define FUT_WIDE_int16_t __int128
#define FUT_WIDE_int32_t __int128
#define FUT_WIDE_int64_t __int128
#define FUT_WIDE_uint8_t unsigned __int128
#define FUT_WIDE_uint16_t unsigned __int128
#define FUT_WIDE_uint32_t unsigned __int128
#define FUT_WIDE_uint64_t unsigned __int128

FUT_INT_OPS(int8_t, uint8_t, 8)
FUT_INT_OPS(int16_t, uint16_t, 16)
FUT_INT_OPS(int32_t, uint32_t, 32)
FUT_INT_OPS(int64_t, uint64_t, 64)
FUT_UINT_OPS(uint8_t, 8)
FUT_UINT_OPS(uint16_t, 16)
FUT_UINT_OPS(uint32_t, 32)
FUT_UINT_OPS(uint64_t, 64)

#ifdef __OPENCL_VERSION__
FUT_SCALAR int32_t fut_popc64(uint64_t x) { return (int32_t)popcount(x); }
FUT_SCALAR int32_t fut_clz64(uint64_t x, int bits) { return x == 0 ? bits : (int32_t)clz(x) - (64 - bits); }
FUT_SCALAR int32_t fut_ctz64(uint64_t x, int bits) { return x == 0 ? bits : (int32_t)popcount((x & (0 - x)) - 1); }
#elif defined(__CUDACC__)
FUT_SCALAR int32_t fut_popc64(uint64_t x) { return __popcll((unsigned long long)x); }
FUT_SCALAR int32_t fut_clz64(uint64_t x, int bits) { return x == 0 ? bits : __clzll((long long)x) - (64 - bits); }
FUT_SCALAR int32_t fut_ctz64(uint64_t x, int bits) { return x == 0 ? bits : __ffsll((long long)x) - 1; }
#else
FUT_SCALAR int32_t fut_popc64(uint64_t x) { return __builtin_popcountll(x); }
FUT_SCALAR int32_t fut_clz64(uint64_t x, int bits) { return x == 0 ? bits : __builtin_clzll(x) - (64 - bits); }
FUT_SCALAR int32_t fut_ctz64(uint64_t x, int bits) { return x == 0 ? bits : __builtin_ctzll(x); }
#endif

/* Float to integer conversions as the reference's generated C behaves on x86-64: NaN and the
   infinities give 0 (explicitly, as in the reference), other values are truncated, and a value out
   of the range of the conversion instruction gives its "integer indefinite" value (the lowest
   integer), whose low bits are what narrower types keep. Signed targets of 8-32 bits convert
   through 32 bits, u32 and i64 through 64 bits, u8/u16 through 32 bits; u64 as gcc does it. */
FUT_SCALAR int32_t fut_ftoi32(double x) {
  if (x != x || x == INFINITY || x == -INFINITY) return 0;
  if (x >= 2147483648.0 || x < -2147483648.0) return INT32_MIN;
  return (int32_t)x;
}
FUT_SCALAR int64_t fut_ftoi64(double x) {
  if (x != x || x == INFINITY || x == -INFINITY) return 0;
  if (x >= 9223372036854775808.0 || x < -9223372036854775808.0) return INT64_MIN;
  return (int64_t)x;
}
FUT_SCALAR uint64_t fut_ftou64(double x) {
  if (x != x || x == INFINITY || x == -INFINITY) return 0;
  if (x < 9223372036854775808.0) return (uint64_t)fut_ftoi64(x);
  if (x >= 18446744073709551616.0) return 0;
  return (uint64_t)(int64_t)(x - 9223372036854775808.0) ^ 0x8000000000000000ULL;
}

FUT_SCALAR double fut_fmod64(double x, double y) { return fmod(x, y); }
FUT_SCALAR float fut_fmod32(float x, float y) { return fmodf(x, y); }
FUT_SCALAR double fut_sgn64(double x) { return x > 0 ? 1.0 : x < 0 ? -1.0 : x; }
FUT_SCALAR float fut_sgn32(float x) { return x > 0 ? 1.0f : x < 0 ? -1.0f : x; }
FUT_SCALAR double fut_lerp64(double v0, double v1, double t) { return v0 + (v1 - v0) * t; }
FUT_SCALAR float fut_lerp32(float v0, float v1, float t) { return v0 + (v1 - v0) * t; }
FUT_SCALAR double fut_exp10_64(double x) { return pow(10.0, x); }
FUT_SCALAR float fut_exp10_32(float x) { return powf(10.0f, x); }
FUT_SCALAR double fut_fmin64(double x, double y) { return fmin(x, y); }
FUT_SCALAR double fut_fmax64(double x, double y) { return fmax(x, y); }

#ifdef __OPENCL_VERSION__
FUT_SCALAR uint32_t fut_f32_bits(float x) { return as_uint(x); }
FUT_SCALAR float fut_bits_f32(uint32_t b) { return as_float(b); }
FUT_SCALAR uint64_t fut_f64_bits(double x) { return as_ulong(x); }
FUT_SCALAR double fut_bits_f64(uint64_t b) { return as_double(b); }
#else
FUT_SCALAR uint32_t fut_f32_bits(float x) { uint32_t b; memcpy(&b, &x, 4); return b; }
FUT_SCALAR float fut_bits_f32(uint32_t b) { float x; memcpy(&x, &b, 4); return x; }
FUT_SCALAR uint64_t fut_f64_bits(double x) { uint64_t b; memcpy(&b, &x, 8); return b; }
FUT_SCALAR double fut_bits_f64(uint64_t b) { double x; memcpy(&x, &b, 8); return x; }
#endif
