/* nbody: the softened gravitational acceleration of every body from all bodies (one step's
 * forces, no integration), f32, positions and masses as separate arrays.
 *   a_i = sum_j m_j (r_j - r_i) / (|r_j - r_i|^2 + eps^2)^(3/2),   eps^2 = 1e-4
 * The j == i term is zero (r_j - r_i = 0) so no branch is needed.
 * Futhark: map over bodies of a reduce over bodies of 3-vectors.
 * Compute-bound, n^2 interactions.  Needs -fno-math-errno: otherwise sqrtf stays a library call
 * (it may have to set errno) and the inner loop cannot be vectorised. */
#include "bench.h"

#define EPS2 1e-4f

typedef struct {
  int64_t n;
  const float *xs, *ys, *zs, *ms;
  float *ax, *ay, *az;
} nb_ctx;

static void nb_run(void *p) {
  nb_ctx *c = p;
  const float *restrict xs = c->xs, *restrict ys = c->ys, *restrict zs = c->zs, *restrict ms = c->ms;
  const int64_t n = c->n;
#pragma omp parallel for schedule(static)
  for (int64_t i = 0; i < n; i++) {
    const float xi = xs[i], yi = ys[i], zi = zs[i];
    float ax = 0.0f, ay = 0.0f, az = 0.0f;
#pragma omp simd reduction(+ : ax, ay, az)
    for (int64_t j = 0; j < n; j++) {
      const float dx = xs[j] - xi, dy = ys[j] - yi, dz = zs[j] - zi;
      const float d2 = dx * dx + dy * dy + dz * dz + EPS2;
      const float inv = 1.0f / sqrtf(d2);
      const float s = ms[j] * (inv * inv * inv);
      ax += dx * s;
      ay += dy * s;
      az += dz * s;
    }
    c->ax[i] = ax;
    c->ay[i] = ay;
    c->az[i] = az;
  }
}

int main(int argc, char **argv) {
  bench_args a = bench_parse(argc, argv);
  nb_ctx c = {0};
  int64_t n[4];
  c.xs = bench_array(&a, 1, sizeof(float), &n[0], "xs");
  c.ys = bench_array(&a, 1, sizeof(float), &n[1], "ys");
  c.zs = bench_array(&a, 1, sizeof(float), &n[2], "zs");
  c.ms = bench_array(&a, 1, sizeof(float), &n[3], "ms");
  bench_done_args(&a);
  if (n[1] != n[0] || n[2] != n[0] || n[3] != n[0]) bench_die("arrays differ in length%s", "");
  c.n = n[0];
  c.ax = bench_alloc(sizeof(float) * (size_t)c.n);
  c.ay = bench_alloc(sizeof(float) * (size_t)c.n);
  c.az = bench_alloc(sizeof(float) * (size_t)c.n);
  bench_time(&a, "nbody", nb_run, &c);
  bench_write(&a, c.ax, sizeof(float), (size_t)c.n);
  bench_write(&a, c.ay, sizeof(float), (size_t)c.n);
  bench_write(&a, c.az, sizeof(float), (size_t)c.n);
  bench_close_out();
  return 0;
}
