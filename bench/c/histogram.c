/* histogram: counts of n i32 values in 256 bins, bin = value & 255.
 * Futhark: hist (+) 0 256 (map (\i -> i64.i32 (i & 255)) is) (replicate n 1)
 *
 * Each thread counts into private histograms and they are summed at the end, so there are no
 * atomics in the hot loop.  Each thread keeps four sub-histograms, used round-robin, because
 * consecutive increments of the same bin would otherwise wait on each other's store.
 * Bandwidth-bound. */
#include "bench.h"

enum { BINS = 256, SUB = 4 };

typedef struct {
  int64_t n;
  const int32_t *is;
  int32_t out[BINS];
} hist_ctx;

static void hist_run(void *p) {
  hist_ctx *c = p;
  const int32_t *restrict is = c->is;
  const int64_t n = c->n;
  memset(c->out, 0, sizeof c->out);
#pragma omp parallel
  {
    int32_t local[SUB][BINS];
    memset(local, 0, sizeof local);
    const int nt = omp_get_num_threads(), t = omp_get_thread_num();
    /* Static blocks whose length is a multiple of SUB, so the unrolled loop needs no tail inside. */
    const int64_t per = (n / nt + SUB - 1) / SUB * SUB;
    const int64_t lo = per * t < n ? per * t : n, hi = lo + per < n ? lo + per : n;
    int64_t i = lo;
    for (; i + SUB <= hi; i += SUB)
      for (int s = 0; s < SUB; s++) local[s][is[i + s] & (BINS - 1)]++;
    for (; i < hi; i++) local[0][is[i] & (BINS - 1)]++;
    for (int b = 0; b < BINS; b++) {
      int32_t total = 0;
      for (int s = 0; s < SUB; s++) total += local[s][b];
#pragma omp atomic
      c->out[b] += total;
    }
  }
}

int main(int argc, char **argv) {
  bench_args a = bench_parse(argc, argv);
  hist_ctx c = {0};
  c.is = bench_array(&a, 1, sizeof(int32_t), &c.n, "is");
  bench_done_args(&a);
  bench_time(&a, "histogram", hist_run, &c);
  bench_write(&a, c.out, sizeof(int32_t), BINS);
  bench_close_out();
  return 0;
}
