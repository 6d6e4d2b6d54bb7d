/*
 * bench/gpu/driver.c: times one entry point of a library built by the Futhark4J built-in compiler
 * (or by futhark), without a JVM, for machines that have none (the GPU machine). The entry point
 * takes one-dimensional arrays only and returns one one-dimensional array:
 *
 *   driver LIB ENTRY N RUNS OUT_TYPE IN_TYPE... [-- CHECK_LIB]
 *
 * TYPE is f32, f64, i32 or i64. Input k holds N deterministic values (fut_input_value). The entry
 * runs RUNS times after one warm-up call; each time is taken with futhark_context_sync before the
 * clock is read, and the result array is freed. The driver prints
 *
 *   ENTRY N=... median_ms=... min_ms=... checksum=... device=...
 *
 * and with "-- CHECK_LIB" also runs the same entry of a second library (the multicore build of the
 * same program) once and compares the results element by element (floats within 1e-4 relative,
 * or the environment variable CHECK_TOL's; "check=ok" or "check=FAILED at i").
 *
 * Built with: cc -O2 -o driver driver.c -ldl
 */
#include <dlfcn.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef void *(*fn_p)(void);
typedef void *(*fn_pp)(void *);
typedef int (*fn_ip)(void *);
typedef void (*fn_vp)(void *);
typedef void *(*fn_new)(void *, const void *, int64_t);
typedef int (*fn_values)(void *, void *, void *);
typedef int (*fn_free)(void *, void *);
typedef const int64_t *(*fn_shape)(void *, void *);
typedef char *(*fn_err)(void *);
typedef int (*fn_entry)(void *, void **, void *, void *, void *, void *, void *, void *);

struct lib {
  void *h, *cfg, *ctx;
  fn_ip sync;
  fn_err error;
  fn_pp report;
  fn_entry entry;
};

static void *sym(void *h, const char *name) {
  void *p = dlsym(h, name);
  if (!p) { fprintf(stderr, "driver: %s lacks %s\n", "library", name); exit(2); }
  return p;
}

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static size_t esize(const char *t) { return t[1] == '6' ? 8 : 4; }

/* The k-th input's i-th value: small, varied, the same on every machine. */
static double fut_input_value(int k, int64_t i) {
  uint64_t x = (uint64_t)(i + 1) * 0x9E3779B97F4A7C15ull ^ (uint64_t)(k + 1) * 0xC2B2AE3D27D4EB4Full;
  x ^= x >> 29;
  return (double)(x % 2000001) / 1000000.0 - 1.0; /* in [-1, 1] */
}

static void *make_input(const char *t, int k, int64_t n) {
  void *d = malloc((size_t)n * esize(t) + 1);
  for (int64_t i = 0; i < n; i++) {
    double v = fut_input_value(k, i);
    if (!strcmp(t, "f32")) ((float *)d)[i] = (float)v;
    else if (!strcmp(t, "f64")) ((double *)d)[i] = v;
    else if (!strcmp(t, "i32")) ((int32_t *)d)[i] = (int32_t)(v * 1000);
    else ((int64_t *)d)[i] = (int64_t)(v * 1000);
  }
  return d;
}

static void open_lib(struct lib *l, const char *path, const char *entry) {
  l->h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!l->h) { fprintf(stderr, "driver: %s\n", dlerror()); exit(2); }
  l->cfg = ((fn_p)sym(l->h, "futhark_context_config_new"))();
  l->ctx = ((fn_pp)sym(l->h, "futhark_context_new"))(l->cfg);
  l->sync = (fn_ip)sym(l->h, "futhark_context_sync");
  l->error = (fn_err)sym(l->h, "futhark_context_get_error");
  l->report = (fn_pp)dlsym(l->h, "futhark_context_report");
  char *e = l->error(l->ctx);
  if (e) { fprintf(stderr, "driver: %s: context: %s\n", path, e); exit(1); }
  char name[256];
  snprintf(name, sizeof name, "futhark_entry_%s", entry);
  l->entry = (fn_entry)sym(l->h, name);
}

/* Runs the entry once; returns the result's values (malloc'd; their count in *len) or exits on failure. */
static void *call(struct lib *l, const char *out_t, int nin, void **ins, int64_t *len, double *ms) {
  void *args[6] = {0};
  for (int k = 0; k < nin; k++) args[k] = ins[k];
  void *out = NULL;
  double t0 = now_ms();
  int rc = l->entry(l->ctx, &out, args[0], args[1], args[2], args[3], args[4], args[5]);
  if (rc == 0) rc = l->sync(l->ctx);
  double t1 = now_ms();
  if (rc) { char *e = l->error(l->ctx); fprintf(stderr, "driver: the entry point failed: %s\n", e ? e : "?"); exit(1); }
  if (ms) *ms = t1 - t0;
  char fn[64];
  snprintf(fn, sizeof fn, "futhark_values_%s_1d", out_t);
  const int64_t *shape = ((fn_shape)sym(l->h, strcmp(out_t, "f32") == 0 ? "futhark_shape_f32_1d"
      : strcmp(out_t, "f64") == 0 ? "futhark_shape_f64_1d" : strcmp(out_t, "i32") == 0 ? "futhark_shape_i32_1d"
      : "futhark_shape_i64_1d"))(l->ctx, out);
  *len = shape[0];
  void *vals = malloc((size_t)shape[0] * esize(out_t) + 1);
  ((fn_values)sym(l->h, fn))(l->ctx, out, vals);
  l->sync(l->ctx);
  snprintf(fn, sizeof fn, "futhark_free_%s_1d", out_t);
  ((fn_free)sym(l->h, fn))(l->ctx, out);
  return vals;
}

static void **inputs(struct lib *l, int nin, char **types, void **host, int64_t n) {
  void **ins = calloc(6, sizeof(void *));
  for (int k = 0; k < nin; k++) {
    char fn[64];
    snprintf(fn, sizeof fn, "futhark_new_%s_1d", types[k]);
    ins[k] = ((fn_new)sym(l->h, fn))(l->ctx, host[k], n);
  }
  l->sync(l->ctx);
  return ins;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static double value_at(const char *t, const void *d, int64_t i) {
  if (!strcmp(t, "f32")) return ((const float *)d)[i];
  if (!strcmp(t, "f64")) return ((const double *)d)[i];
  if (!strcmp(t, "i32")) return ((const int32_t *)d)[i];
  return (double)((const int64_t *)d)[i];
}

int main(int argc, char **argv) {
  if (argc < 7) {
    fprintf(stderr, "usage: driver LIB ENTRY N RUNS OUT_TYPE IN_TYPE... [-- CHECK_LIB]\n");
    return 2;
  }
  const char *path = argv[1], *entry = argv[2], *out_t = argv[5], *check = NULL;
  int64_t n = atoll(argv[3]);
  int runs = atoi(argv[4]);
  char *types[6];
  int nin = 0;
  for (int a = 6; a < argc; a++) {
    if (!strcmp(argv[a], "--") && a + 1 < argc) { check = argv[a + 1]; break; }
    if (nin < 6) types[nin++] = argv[a];
  }
  void *host[6];
  for (int k = 0; k < nin; k++) host[k] = make_input(types[k], k, n);
  struct lib l;
  open_lib(&l, path, entry);
  void **ins = inputs(&l, nin, types, host, n);
  double *ms = malloc(sizeof(double) * (runs > 0 ? runs : 1));
  int64_t len = 0, wlen = 0;
  free(call(&l, out_t, nin, ins, &len, NULL)); /* warm-up */
  void *last = NULL;
  for (int r = 0; r < runs; r++) {
    free(last);
    last = call(&l, out_t, nin, ins, &len, &ms[r]);
  }
  qsort(ms, runs, sizeof(double), cmp_double);
  double sum = 0;
  for (int64_t i = 0; i < len; i++) sum += value_at(out_t, last, i);
  char dev[128] = "host";
  char *rep = l.report ? (char *)l.report(l.ctx) : NULL;
  if (rep && strstr(rep, "\"device\":\"")) {
    const char *d = strstr(rep, "\"device\":\"") + 10;
    size_t j = 0;
    while (d[j] && d[j] != '"' && j < sizeof dev - 1) { dev[j] = d[j] == ' ' ? '_' : d[j]; j++; }
    dev[j] = 0;
  }
  printf("%s N=%lld median_ms=%.4f min_ms=%.4f checksum=%.6g device=%s", entry, (long long)n, ms[runs / 2], ms[0], sum, dev);
  if (check) {
    struct lib c;
    open_lib(&c, check, entry);
    void **cins = inputs(&c, nin, types, host, n);
    void *want = call(&c, out_t, nin, cins, &wlen, NULL);
    int64_t bad = wlen == len ? -1 : 0;
    const char *tol_s = getenv("CHECK_TOL");
    double tol = tol_s && *tol_s ? atof(tol_s) : 1e-4;
    for (int64_t i = 0; i < len && bad < 0; i++) {
      double a = value_at(out_t, last, i), b = value_at(out_t, want, i);
      if (out_t[0] == 'f' ? !(fabs(a - b) <= tol * fmax(1, fabs(b)) || (a != a && b != b)) : a != b) bad = i;
    }
    if (bad < 0) printf(" check=ok");
    else printf(" check=FAILED at %lld: %g vs %g", (long long)bad, value_at(out_t, last, bad), value_at(out_t, want, bad));
  }
  printf("\n");
  return 0;
}
