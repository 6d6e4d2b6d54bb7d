/* scan: inclusive prefix sums of n i64 (wrapping on overflow, as Futhark's i64 does).
 * Futhark: entry prefix_sum (xs: []i64) : []i64 = scan (+) 0 xs
 *
 * Blocked two-pass scan: each thread sums its block (a read-only pass), the block sums are
 * scanned sequentially (one per thread), then each thread scans its block starting from its
 * offset (read + write).  Three streams of traffic instead of four for scan-then-fix-up.
 * Arithmetic is done on uint64_t so that overflow wraps instead of being undefined. */
#include "bench.h"

typedef struct {
  int64_t n;
  const int64_t *xs;
  int64_t *out;
  uint64_t offsets[1024];
} scan_ctx;

static void scan_run(void *p) {
  scan_ctx *c = p;
  const uint64_t *restrict xs = (const uint64_t *)c->xs;
  uint64_t *restrict out = (uint64_t *)c->out;
  const int64_t n = c->n;
#pragma omp parallel
  {
    const int nt = omp_get_num_threads(), t = omp_get_thread_num();
    const int64_t per = (n + nt - 1) / nt;
    const int64_t lo = per * t < n ? per * t : n, hi = lo + per < n ? lo + per : n;
    uint64_t s = 0;
#pragma omp simd reduction(+ : s)
    for (int64_t i = lo; i < hi; i++) s += xs[i];
    c->offsets[t + 1] = s;
#pragma omp barrier
#pragma omp single
    {
      c->offsets[0] = 0;
      for (int k = 1; k <= nt; k++) c->offsets[k] += c->offsets[k - 1];
    }
    uint64_t acc = c->offsets[t];
    for (int64_t i = lo; i < hi; i++) {
      acc += xs[i];
      out[i] = acc;
    }
  }
}

int main(int argc, char **argv) {
  bench_args a = bench_parse(argc, argv);
  scan_ctx c = {0};
  c.xs = bench_array(&a, 1, sizeof(int64_t), &c.n, "xs");
  bench_done_args(&a);
  if (omp_get_max_threads() >= 1023) bench_die("too many threads for %s", "scan");
  c.out = bench_alloc(sizeof(int64_t) * (size_t)c.n);
  bench_time(&a, "scan", scan_run, &c);
  bench_write(&a, c.out, sizeof(int64_t), (size_t)c.n);
  bench_close_out();
  return 0;
}
