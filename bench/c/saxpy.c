/* saxpy: a*x + y over f32 vectors, into a fresh result (the Futhark entry returns a new array).
 * Futhark: entry saxpy [n] (a: f32) (xs: [n]f32) (ys: [n]f32) : [n]f32 = map2 (\x y -> a*x + y) xs ys
 * Bandwidth-bound: two streams in, one out.  The output buffer is allocated once, outside the
 * timed region, as a C programmer would. */
#include "bench.h"

typedef struct {
  int64_t n;
  float a;
  const float *xs, *ys;
  float *out;
} saxpy_ctx;

static void saxpy_run(void *p) {
  saxpy_ctx *c = p;
  const float *restrict xs = c->xs, *restrict ys = c->ys;
  float *restrict out = c->out;
  const float a = c->a;
#pragma omp parallel for simd schedule(static)
  for (int64_t i = 0; i < c->n; i++) out[i] = a * xs[i] + ys[i];
}

int main(int argc, char **argv) {
  bench_args a = bench_parse(argc, argv);
  int64_t n, m;
  saxpy_ctx c = {0};
  c.a = (float)bench_f64(&a, "a");
  c.xs = bench_array(&a, 1, sizeof(float), &n, "xs");
  c.ys = bench_array(&a, 1, sizeof(float), &m, "ys");
  bench_done_args(&a);
  if (n != m) bench_die("xs and ys differ in length%s", "");
  c.n = n;
  c.out = bench_alloc(sizeof(float) * (size_t)n);
  bench_time(&a, "saxpy", saxpy_run, &c);
  bench_write(&a, c.out, sizeof(float), (size_t)n);
  bench_close_out();
  return 0;
}
