/* mandelbrot: escape-time counts of a w x h grid over [-2,1] x [-1.5,1.5], f32, `limit` iterations.
 * Futhark: a map over pixels of a `loop ... while i < limit && zr*zr + zi*zi <= 4` per pixel.
 *
 * A per-pixel while loop has a data-dependent trip count, so gcc keeps it scalar.  Here a group
 * of L pixels iterates together in lanes: each iteration updates only the lanes still inside
 * (a lane that has escaped keeps its z and count, so later iterations cannot change it), and the
 * group stops when no lane is active or the limit is hit.  That is exactly the per-pixel
 * semantics, and `omp simd` turns the lane loop into masked vector code.
 * Compute-bound.  Rows are scheduled dynamically because the work per row varies a lot. */
#include "bench.h"

enum { L = 16 };

typedef struct {
  int64_t w, h;
  int32_t limit;
  int32_t *out;
} mb_ctx;

static void mb_run(void *p) {
  mb_ctx *c = p;
  const int64_t w = c->w, h = c->h;
  const int32_t limit = c->limit;
  /* The same formula as the Futhark and Java versions, so the grids agree point for point. */
  const float dx = 3.0f / (float)w, dy = 3.0f / (float)h;
#pragma omp parallel for schedule(dynamic, 4)
  for (int64_t y = 0; y < h; y++) {
    const float ci = -1.5f + (float)y * dy;
    for (int64_t x0 = 0; x0 < w; x0 += L) {
      float cr[L], zr[L], zi[L];
      int32_t cnt[L];
      for (int l = 0; l < L; l++) {
        cr[l] = -2.0f + (float)(x0 + l) * dx;
        zr[l] = 0.0f;
        zi[l] = 0.0f;
        cnt[l] = 0;
      }
      for (int32_t it = 0; it < limit; it++) {
        int active = 0;
#pragma omp simd reduction(| : active)
        for (int l = 0; l < L; l++) {
          const float r2 = zr[l] * zr[l], i2 = zi[l] * zi[l];
          const int in = r2 + i2 <= 4.0f;
          const float nzr = r2 - i2 + cr[l];
          const float nzi = 2.0f * zr[l] * zi[l] + ci;
          zr[l] = in ? nzr : zr[l];
          zi[l] = in ? nzi : zi[l];
          cnt[l] += in;
          active |= in;
        }
        if (!active) break;
      }
      const int64_t lanes = w - x0 < L ? w - x0 : L;
      for (int64_t l = 0; l < lanes; l++) c->out[y * w + x0 + l] = cnt[l];
    }
  }
}

int main(int argc, char **argv) {
  bench_args a = bench_parse(argc, argv);
  mb_ctx c = {0};
  c.w = bench_i64(&a, "w");
  c.h = bench_i64(&a, "h");
  c.limit = (int32_t)bench_i64(&a, "limit");
  bench_done_args(&a);
  c.out = bench_alloc(sizeof(int32_t) * (size_t)(c.w * c.h));
  bench_time(&a, "mandelbrot", mb_run, &c);
  bench_write(&a, c.out, sizeof(int32_t), (size_t)(c.w * c.h));
  bench_close_out();
  return 0;
}
