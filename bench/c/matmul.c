/* matmul: C = A B for row-major f32 matrices A (n x m) and B (m x p).
 * Futhark: map (\a_row -> map (\b_col -> f32.sum (map2 (*) a_row b_col)) (transpose b)) a
 *
 * Two variants (--variant):
 *   tiled     cache blocking with a vectorised i-k-j inner loop; rows split across threads.
 *   regblock  (default) packed panels and a register-blocked micro-kernel: an MR x NR tile of C
 *             lives in vector registers while k runs, so each loaded B vector feeds MR FMAs.
 * Compute-bound: 2 n m p flops.  GCC vector extensions keep the micro-kernel portable across
 * -march targets; the vector (VF) is one register of the target: 16 floats (zmm) with AVX-512,
 * else 8 (ymm). With 16 vector registers (AVX2) the tile is 6 x 2 vectors, so its 12 accumulators,
 * two B vectors and the broadcast fit; with 32 (AVX-512) 8 x 2. */
#include "bench.h"

#if defined(__AVX512F__)
enum { VL = 16, MR = 8 };
#else
enum { VL = 8, MR = 6 };
#endif
typedef float vf __attribute__((vector_size(VL * 4)));

typedef struct {
  int64_t n, m, p;
  const float *a, *b;
  float *c;
  float *bpack; /* regblock: packed B panels, reused across runs */
} mm_ctx;

/* ---- tiled ---- */

enum { TI = 32, TK = 256, TJ = 512 };

static void mm_tiled(void *vp) {
  mm_ctx *x = vp;
  const int64_t n = x->n, m = x->m, p = x->p;
  const float *restrict a = x->a, *restrict b = x->b;
  float *restrict c = x->c;
#pragma omp parallel for schedule(static)
  for (int64_t i0 = 0; i0 < n; i0 += TI) {
    int64_t i1 = i0 + TI < n ? i0 + TI : n;
    for (int64_t i = i0; i < i1; i++) memset(c + i * p, 0, sizeof(float) * (size_t)p);
    for (int64_t k0 = 0; k0 < m; k0 += TK) {
      int64_t k1 = k0 + TK < m ? k0 + TK : m;
      for (int64_t j0 = 0; j0 < p; j0 += TJ) {
        int64_t j1 = j0 + TJ < p ? j0 + TJ : p;
        for (int64_t i = i0; i < i1; i++) {
          float *restrict ci = c + i * p;
          for (int64_t k = k0; k < k1; k++) {
            const float aik = a[i * m + k];
            const float *restrict bk = b + k * p;
#pragma omp simd
            for (int64_t j = j0; j < j1; j++) ci[j] += aik * bk[j];
          }
        }
      }
    }
  }
}

/* ---- register-blocked ---- */

enum { NR = 2 * VL, KC = 256 };

/* Packs B[k0..k0+kc) x [all columns] into panels of NR columns, zero-padded at the right edge:
 * panel q holds kc rows of NR contiguous floats, so the micro-kernel streams it linearly. */
static void pack_b(const mm_ctx *x, int64_t k0, int64_t kc, float *bp) {
  const int64_t p = x->p, panels = (p + NR - 1) / NR;
#pragma omp for schedule(static)
  for (int64_t q = 0; q < panels; q++) {
    float *dst = bp + q * kc * NR;
    for (int64_t k = 0; k < kc; k++) {
      const float *src = x->b + (k0 + k) * p + q * NR;
      int64_t w = p - q * NR < NR ? p - q * NR : NR;
      for (int64_t j = 0; j < w; j++) dst[k * NR + j] = src[j];
      for (int64_t j = w; j < NR; j++) dst[k * NR + j] = 0.0f;
    }
  }
}

/* Packs A[i0..i0+MR) x [k0..k0+kc) transposed (k-major), zero-padding missing rows. */
static void pack_a(const mm_ctx *x, int64_t i0, int64_t k0, int64_t kc, float *ap) {
  for (int64_t k = 0; k < kc; k++)
    for (int64_t r = 0; r < MR; r++)
      ap[k * MR + r] = i0 + r < x->n ? x->a[(i0 + r) * x->m + k0 + k] : 0.0f;
}

/* C[i0.., j0..] += Ap * Bp for an MR x NR tile (mr, nr: the valid part at the edges). */
static void micro(int64_t kc, const float *restrict ap, const float *restrict bp, float *c, int64_t ldc,
                  int64_t mr, int64_t nr) {
  vf acc[MR][2];
  for (int r = 0; r < MR; r++) acc[r][0] = acc[r][1] = (vf){0};
  for (int64_t k = 0; k < kc; k++) {
    const vf b0 = *(const vf *)(bp + k * NR), b1 = *(const vf *)(bp + k * NR + VL);
    for (int r = 0; r < MR; r++) {
      const float av = ap[k * MR + r];
      acc[r][0] += av * b0;
      acc[r][1] += av * b1;
    }
  }
  if (mr == MR && nr == NR) {
    for (int r = 0; r < MR; r++) {
      vf c0, c1;
      memcpy(&c0, c + r * ldc, sizeof c0);
      memcpy(&c1, c + r * ldc + VL, sizeof c1);
      c0 += acc[r][0];
      c1 += acc[r][1];
      memcpy(c + r * ldc, &c0, sizeof c0);
      memcpy(c + r * ldc + VL, &c1, sizeof c1);
    }
  } else {
    float tile[MR][NR];
    memcpy(tile, acc, sizeof tile);
    for (int64_t r = 0; r < mr; r++)
      for (int64_t j = 0; j < nr; j++) c[r * ldc + j] += tile[r][j];
  }
}

static void mm_regblock(void *vp) {
  mm_ctx *x = vp;
  const int64_t n = x->n, m = x->m, p = x->p, panels = (p + NR - 1) / NR;
  memset(x->c, 0, sizeof(float) * (size_t)(n * p));
#pragma omp parallel
  {
    float ap[KC * MR] __attribute__((aligned(64)));
    for (int64_t k0 = 0; k0 < m; k0 += KC) {
      const int64_t kc = k0 + KC < m ? KC : m - k0;
      pack_b(x, k0, kc, x->bpack); /* implicit barrier at the end of the omp for */
#pragma omp for schedule(static)
      for (int64_t i0 = 0; i0 < n; i0 += MR) {
        pack_a(x, i0, k0, kc, ap);
        const int64_t mr = n - i0 < MR ? n - i0 : MR;
        for (int64_t q = 0; q < panels; q++) {
          const int64_t nr = p - q * NR < NR ? p - q * NR : NR;
          micro(kc, ap, x->bpack + q * kc * NR, x->c + i0 * p + q * NR, p, mr, nr);
        }
      }
    }
  }
}

int main(int argc, char **argv) {
  bench_args a = bench_parse(argc, argv);
  int64_t da[2], db[2];
  mm_ctx x = {0};
  x.a = bench_array(&a, 2, sizeof(float), da, "a");
  x.b = bench_array(&a, 2, sizeof(float), db, "b");
  bench_done_args(&a);
  if (da[1] != db[0]) bench_die("inner dimensions differ%s", "");
  x.n = da[0];
  x.m = da[1];
  x.p = db[1];
  x.c = bench_alloc(sizeof(float) * (size_t)(x.n * x.p));
  int tiled = strcmp(a.variant, "tiled") == 0;
  if (!tiled && a.variant[0] != '\0' && strcmp(a.variant, "regblock") != 0)
    bench_die("unknown matmul variant %s", a.variant);
  if (!tiled) {
    a.variant = "regblock";
    x.bpack = bench_alloc(sizeof(float) * (size_t)(KC * NR * ((x.p + NR - 1) / NR)));
  }
  bench_time(&a, "matmul", tiled ? mm_tiled : mm_regblock, &x);
  bench_write(&a, x.c, sizeof(float), (size_t)(x.n * x.p));
  bench_close_out();
  return 0;
}
