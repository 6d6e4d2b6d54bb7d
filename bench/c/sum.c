/* sum: the sum of n f64.  Futhark: entry sum (xs: []f64) : f64 = f64.sum xs
 * Bandwidth-bound.  `omp simd` on the reduction lets gcc keep vector accumulators; without it the
 * loop is a chain of dependent adds and runs at about a third of DRAM bandwidth per core. */
#include "bench.h"

typedef struct {
  int64_t n;
  const double *xs;
  double result;
} sum_ctx;

static void sum_run(void *p) {
  sum_ctx *c = p;
  const double *xs = c->xs;
  double s = 0.0;
#pragma omp parallel for simd reduction(+ : s) schedule(static)
  for (int64_t i = 0; i < c->n; i++) s += xs[i];
  c->result = s;
}

int main(int argc, char **argv) {
  bench_args a = bench_parse(argc, argv);
  int64_t n;
  sum_ctx c = {0};
  c.xs = bench_array(&a, 1, sizeof(double), &n, "xs");
  c.n = n;
  bench_done_args(&a);
  bench_time(&a, "sum", sum_run, &c);
  bench_write(&a, &c.result, sizeof(double), 1);
  bench_close_out();
  return 0;
}
