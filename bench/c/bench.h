/*
 * bench.h -- the tiny driver shared by the hand-written C baselines.
 *
 * Every baseline is one C file with a main() that
 *   1. parses the common options   --runs N  --warmup W  --out FILE  [--variant NAME]
 *   2. reads its inputs in the order of the Futhark entry point's parameters: a scalar is one
 *      argument (decimal or C99 hex float); an array of rank r is r dimension arguments followed
 *      by the path of a raw little-endian file holding exactly prod(dims) elements,
 *   3. runs the kernel W times untimed (warm-up: page faults, thread pool start, caches), then N
 *      times timed with clock_gettime(CLOCK_MONOTONIC),
 *   4. writes the result of the last run to FILE (raw, arrays concatenated in result order; a
 *      scalar f64 as 8 bytes) so the harness can check it against the other variants, and
 *   5. prints one JSON object on stdout: runtimes, median, mean and stddev in microseconds.
 *
 * The harness (io.github.futhark4j.bench.CBaseline) builds each file with
 *   gcc -O3 -march=native -fno-math-errno -fopenmp
 * Errors go to stderr with exit code 2, which the harness reports with the output.
 */
#ifndef FUTHARK4J_BENCH_H
#define FUTHARK4J_BENCH_H

#include <errno.h>
#include <math.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Arrays are 64-byte aligned so that vector loads in the kernels never split cache lines. */
#define BENCH_ALIGN 64

typedef struct {
  int runs;
  int warmup;
  const char *out;
  const char *variant;
  int argc;     /* positional arguments left after the options */
  char **argv;
  int next;     /* index of the next positional argument to consume */
} bench_args;

static inline void bench_die(const char *fmt, const char *what) {
  fprintf(stderr, "bench: ");
  fprintf(stderr, fmt, what);
  fprintf(stderr, "\n");
  exit(2);
}

static inline void *bench_alloc(size_t bytes) {
  size_t rounded = (bytes + BENCH_ALIGN - 1) / BENCH_ALIGN * BENCH_ALIGN;
  void *p = aligned_alloc(BENCH_ALIGN, rounded == 0 ? BENCH_ALIGN : rounded);
  if (p == NULL) bench_die("out of memory allocating %s", "an array");
  return p;
}

static inline bench_args bench_parse(int argc, char **argv) {
  bench_args a = {10, 3, NULL, "", 0, NULL, 0};
  int i = 1;
  for (; i < argc; i++) {
    if (strcmp(argv[i], "--runs") == 0 && i + 1 < argc) a.runs = atoi(argv[++i]);
    else if (strcmp(argv[i], "--warmup") == 0 && i + 1 < argc) a.warmup = atoi(argv[++i]);
    else if (strcmp(argv[i], "--out") == 0 && i + 1 < argc) a.out = argv[++i];
    else if (strcmp(argv[i], "--variant") == 0 && i + 1 < argc) a.variant = argv[++i];
    else break;
  }
  if (a.runs < 1) bench_die("--runs must be positive, got %s", "less");
  a.argc = argc - i;
  a.argv = argv + i;
  return a;
}

static inline const char *bench_next(bench_args *a, const char *what) {
  if (a->next >= a->argc) bench_die("missing argument: %s", what);
  return a->argv[a->next++];
}

static inline int64_t bench_i64(bench_args *a, const char *what) {
  const char *s = bench_next(a, what);
  char *end;
  errno = 0;
  long long v = strtoll(s, &end, 10);
  if (errno != 0 || *end != '\0') bench_die("not an integer: %s", s);
  return (int64_t)v;
}

static inline double bench_f64(bench_args *a, const char *what) {
  const char *s = bench_next(a, what);
  char *end;
  double v = strtod(s, &end); /* accepts C99 hex floats, which the harness passes for exactness */
  if (*end != '\0') bench_die("not a number: %s", s);
  return v;
}

/* Reads `rank` dimensions and then a file of prod(dims) elements of `elem` bytes each. */
static inline void *bench_array(bench_args *a, int rank, size_t elem, int64_t *dims, const char *what) {
  size_t count = 1;
  for (int r = 0; r < rank; r++) {
    dims[r] = bench_i64(a, what);
    if (dims[r] < 0) bench_die("negative dimension for %s", what);
    count *= (size_t)dims[r];
  }
  const char *path = bench_next(a, what);
  FILE *f = fopen(path, "rb");
  if (f == NULL) bench_die("cannot open %s", path);
  void *p = bench_alloc(count * elem);
  if (fread(p, elem, count, f) != count) bench_die("short read from %s", path);
  if (fgetc(f) != EOF) bench_die("file longer than its dimensions: %s", path);
  fclose(f);
  return p;
}

static inline void bench_done_args(bench_args *a) {
  if (a->next != a->argc) bench_die("unexpected argument: %s", a->argv[a->next]);
}

/* The result file: kernels call bench_write once per result, in result order. */
static FILE *bench_out_file;

static inline void bench_write(bench_args *a, const void *p, size_t elem, size_t count) {
  if (a->out == NULL) return;
  if (bench_out_file == NULL) {
    bench_out_file = fopen(a->out, "wb");
    if (bench_out_file == NULL) bench_die("cannot write %s", a->out);
  }
  if (fwrite(p, elem, count, bench_out_file) != count) bench_die("short write to %s", a->out);
}

static inline void bench_close_out(void) {
  if (bench_out_file != NULL && fclose(bench_out_file) != 0) bench_die("cannot close %s", "output");
  bench_out_file = NULL;
}

static inline double bench_now_us(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e6 + (double)t.tv_nsec / 1e3;
}

static inline int bench_cmp_double(const void *x, const void *y) {
  double a = *(const double *)x, b = *(const double *)y;
  return (a > b) - (a < b);
}

/*
 * Times `fn(ctx)`: `warmup` untimed runs, then `runs` timed ones, and prints the JSON line.
 * The kernel writes its result into buffers owned by ctx; the caller writes them out afterwards.
 */
static inline void bench_time(const bench_args *a, const char *kernel, void (*fn)(void *), void *ctx) {
  for (int i = 0; i < a->warmup; i++) fn(ctx);
  double *t = bench_alloc(sizeof(double) * (size_t)a->runs);
  for (int i = 0; i < a->runs; i++) {
    double t0 = bench_now_us();
    fn(ctx);
    t[i] = bench_now_us() - t0;
  }
  double sum = 0;
  for (int i = 0; i < a->runs; i++) sum += t[i];
  double mean = sum / a->runs, var = 0;
  for (int i = 0; i < a->runs; i++) var += (t[i] - mean) * (t[i] - mean);
  double stddev = a->runs > 1 ? sqrt(var / (a->runs - 1)) : 0.0;
  printf("{\"kernel\":\"%s\",\"variant\":\"%s\",\"threads\":%d,\"runs\":%d,\"warmup\":%d,\"runtimes_us\":[",
         kernel, a->variant, omp_get_max_threads(), a->runs, a->warmup);
  for (int i = 0; i < a->runs; i++) printf("%s%.3f", i == 0 ? "" : ",", t[i]);
  qsort(t, (size_t)a->runs, sizeof(double), bench_cmp_double);
  double median = a->runs % 2 == 1 ? t[a->runs / 2] : (t[a->runs / 2 - 1] + t[a->runs / 2]) / 2;
  printf("],\"median_us\":%.3f,\"mean_us\":%.3f,\"stddev_us\":%.3f,\"min_us\":%.3f}\n",
         median, mean, stddev, t[0]);
  fflush(stdout);
  free(t);
}

#endif
