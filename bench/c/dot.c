/* dot: the dot product of two f64 vectors.
 * Futhark: entry dot [n] (xs: [n]f64) (ys: [n]f64) : f64 = f64.sum (map2 (*) xs ys)
 * Bandwidth-bound, like sum, with two input streams. */
#include "bench.h"

typedef struct {
  int64_t n;
  const double *xs, *ys;
  double result;
} dot_ctx;

static void dot_run(void *p) {
  dot_ctx *c = p;
  const double *xs = c->xs, *ys = c->ys;
  double s = 0.0;
#pragma omp parallel for simd reduction(+ : s) schedule(static)
  for (int64_t i = 0; i < c->n; i++) s += xs[i] * ys[i];
  c->result = s;
}

int main(int argc, char **argv) {
  bench_args a = bench_parse(argc, argv);
  int64_t n, m;
  dot_ctx c = {0};
  c.xs = bench_array(&a, 1, sizeof(double), &n, "xs");
  c.ys = bench_array(&a, 1, sizeof(double), &m, "ys");
  bench_done_args(&a);
  if (n != m) bench_die("xs and ys differ in length%s", "");
  c.n = n;
  bench_time(&a, "dot", dot_run, &c);
  bench_write(&a, &c.result, sizeof(double), 1);
  bench_close_out();
  return 0;
}
