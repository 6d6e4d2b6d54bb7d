/* factor: the seed's batch factorisation, a map of a trial-division loop over n numbers.
 * Each input is first mapped to 2 + (v & 4095), so that arbitrary (e.g. random) i64 inputs give
 * a bounded amount of work; results are up to 32 prime factors per number, zero-padded.
 * Futhark: map (\v -> factorize (2 + (v & 4095))) ns  with the seed's `factorize` loop.
 * Irregular, division-bound work: dynamic scheduling in chunks. */
#include "bench.h"

enum { MAXF = 32, MASK = 4095 };

typedef struct {
  int64_t n;
  const int64_t *ns;
  int64_t *out;
} fac_ctx;

static void fac_run(void *p) {
  fac_ctx *c = p;
#pragma omp parallel for schedule(dynamic, 64)
  for (int64_t k = 0; k < c->n; k++) {
    int64_t *f = c->out + k * MAXF;
    int64_t x = 2 + (c->ns[k] & MASK), i = 2, cnt = 0;
    for (int j = 0; j < MAXF; j++) f[j] = 0;
    while (x > 1 && cnt < MAXF) {
      if (x % i == 0) {
        x /= i;
        f[cnt++] = i;
      } else {
        i++;
      }
    }
  }
}

int main(int argc, char **argv) {
  bench_args a = bench_parse(argc, argv);
  fac_ctx c = {0};
  c.ns = bench_array(&a, 1, sizeof(int64_t), &c.n, "ns");
  bench_done_args(&a);
  c.out = bench_alloc(sizeof(int64_t) * (size_t)(c.n * MAXF));
  bench_time(&a, "factor", fac_run, &c);
  bench_write(&a, c.out, sizeof(int64_t), (size_t)(c.n * MAXF));
  bench_close_out();
  return 0;
}
