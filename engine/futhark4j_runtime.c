/*
 * Futhark4J engine, part two: the functions of the C runtime that the generated code calls rather
 * than inlines (see futhark4j_runtime.h, which comes before this text in every generated file and
 * declares them). The context and configuration functions of the C API, error reporting, the
 * reference-counted memory with its cache of large blocks, the generic array operations and the
 * generic bodies of the C API's array functions.
 */

struct futhark_context_config *futhark_context_config_new(void) {
  struct futhark_context_config *cfg = calloc(1, sizeof(struct futhark_context_config));
  if (!cfg) return NULL;
  int n = fut_tuning_count();
  cfg->tuning = calloc(n > 0 ? n : 1, sizeof(int64_t));
  cfg->tuning_set = calloc(n > 0 ? n : 1, 1);
  if (!cfg->tuning || !cfg->tuning_set) {
    free(cfg->tuning); free(cfg->tuning_set); free(cfg);
    return NULL;
  }
  return cfg;
}

void futhark_context_config_free(struct futhark_context_config *cfg) {
  if (cfg) {
    free(cfg->cache_file); free(cfg->tuning); free(cfg->tuning_set);
    free(cfg->device); free(cfg->platform); free(cfg->build_options);
    free(cfg);
  }
}

void futhark_context_config_set_debugging(struct futhark_context_config *cfg, int flag) { cfg->debugging = flag; }

void futhark_context_config_set_profiling(struct futhark_context_config *cfg, int flag) { cfg->profiling = flag; }

void futhark_context_config_set_logging(struct futhark_context_config *cfg, int flag) { cfg->logging = flag; }

void futhark_context_config_set_num_threads(struct futhark_context_config *cfg, int n) { cfg->num_threads = n; }

void futhark_context_config_set_cache_file(struct futhark_context_config *cfg, const char *f) {
  free(cfg->cache_file);
  cfg->cache_file = f ? strdup(f) : NULL;
}

int futhark_context_config_set_tuning_param(struct futhark_context_config *cfg, const char *name, size_t v) {
  for (int i = 0; i < fut_tuning_count(); i++) {
    if (strcmp(fut_tuning_name(i), name) == 0) {
      cfg->tuning[i] = (int64_t)v;
      cfg->tuning_set[i] = 1;
      return 0;
    }
  }
  return 1;
}

int futhark_get_tuning_param_count(void) { return fut_tuning_count(); }

const char *futhark_get_tuning_param_name(int i) { return i >= 0 && i < fut_tuning_count() ? fut_tuning_name(i) : NULL; }

const char *futhark_get_tuning_param_class(int i) { return i >= 0 && i < fut_tuning_count() ? "user" : NULL; }

static atomic_int fut_live_contexts;
/* The OpenMP runtime must outlive this library. Its worker threads stay alive after a parallel
   region, waiting inside libgomp; when the last library that uses it is unloaded (the Java runtime
   unloads a program's library once its last context is freed), libgomp would be unmapped under
   them and the next time one ran it would crash the process. Marking it RTLD_NODELETE (it is
   already loaded, as this library depends on it) keeps it for the life of the process. */
static void fut_pin_openmp(void) {
#if defined(_OPENMP) && defined(__linux__)
  static atomic_int done;
  if (atomic_exchange(&done, 1)) return;
  dlopen("libgomp.so.1", RTLD_LAZY | RTLD_NOLOAD | RTLD_NODELETE);
#endif
}

#ifdef FUT_STREAM_STORES
typedef long long fut_v2di __attribute__((vector_size(16)));
typedef long long fut_v4di __attribute__((vector_size(32)));

/* One non-temporal store of 16 bytes from src to 16-byte aligned dst. */
static inline void fut_nt16(char *dst, const char *src) {
  fut_v2di v;
  memcpy(&v, src, 16);
#if defined(__clang__)
  __builtin_nontemporal_store(v, (fut_v2di *)dst);
#else
  __builtin_ia32_movntdq((fut_v2di *)dst, v);
#endif
}

#if defined(__AVX__)
/* One non-temporal store of 32 bytes from src to 32-byte aligned dst. */
static inline void fut_nt32(char *dst, const char *src) {
  fut_v4di v;
  memcpy(&v, src, 32);
#if defined(__clang__)
  __builtin_nontemporal_store(v, (fut_v4di *)dst);
#else
  __builtin_ia32_movntdq256((fut_v4di *)dst, v);
#endif
}
#endif
#endif

/* Copies a block to dst: the aligned middle with non-temporal stores (32 bytes at a time with
   AVX, else 16), the unaligned ends with memcpy. */
FUT_FN void fut_stream_out(char *dst, const char *src, size_t bytes) {
#ifdef FUT_STREAM_STORES
  size_t head = (size_t)(-(uintptr_t)dst & 15);
  if (head > bytes) head = bytes;
  memcpy(dst, src, head);
  dst += head; src += head; bytes -= head;
#if defined(__AVX__)
  if (((uintptr_t)dst & 31) && bytes >= 16) {
    fut_nt16(dst, src);
    dst += 16; src += 16; bytes -= 16;
  }
  for (; bytes >= 32; dst += 32, src += 32, bytes -= 32) fut_nt32(dst, src);
#endif
  for (; bytes >= 16; dst += 16, src += 16, bytes -= 16) fut_nt16(dst, src);
#endif
  memcpy(dst, src, bytes);
}

/* The size in bytes of the largest cache that one core's caches belong to, as Linux describes
   cpu0's caches (index3 is the last-level cache, shared by a core complex; the C library's
   sysconf reported the whole package's 256 MiB on a virtual machine whose L3 is 32 MiB), or 0. */
static int64_t fut_cache_bytes(void) {
#if defined(__linux__)
  static const char *paths[] = {"/sys/devices/system/cpu/cpu0/cache/index3/size",
                                "/sys/devices/system/cpu/cpu0/cache/index2/size"};
  for (int i = 0; i < 2; i++) {
    FILE *f = fopen(paths[i], "r");
    if (!f) continue;
    long long v = 0;
    char unit = 0;
    int got = fscanf(f, "%lld%c", &v, &unit);
    fclose(f);
    if (got >= 1 && v > 0) return unit == 'K' ? v << 10 : unit == 'M' ? v << 20 : unit == 'G' ? v << 30 : v;
  }
#endif
  return 0;
}

/* From how many bytes a result is written with streaming stores (see stream_bytes): the
   environment variable FUTHARK4J_STREAM_BYTES if set (a decimal byte count; 0 turns streaming
   stores off), else the size of the last-level cache, else 32 MiB. Read once per library. */
static int64_t fut_stream_threshold(void) {
  static _Atomic int64_t known;
  int64_t t = atomic_load(&known);
  if (t > 0) return t;
  const char *env = getenv("FUTHARK4J_STREAM_BYTES");
  char *end = NULL;
  long long v = env && *env ? strtoll(env, &end, 10) : -1;
  if (end && *end == '\0' && v >= 0) t = v == 0 ? INT64_MAX : (int64_t)v;
  else t = fut_cache_bytes();
  if (t <= 0) t = (int64_t)32 << 20;
  atomic_store(&known, t);
  return t;
}

struct futhark_context *futhark_context_new(struct futhark_context_config *cfg) {
  fut_pin_openmp();
  /* Aligned so that each list of live blocks (and its pools) has a cache line of its own. */
  struct futhark_context *ctx = aligned_alloc(64, sizeof(struct futhark_context));
  if (!ctx) return NULL;
  memset(ctx, 0, sizeof(struct futhark_context));
  ctx->debugging = cfg->debugging;
  ctx->profiling = cfg->profiling;
  ctx->logging = cfg->logging;
  ctx->log = stderr;
  int n = cfg->num_threads;
#if defined(_OPENMP) && !defined(FUTHARK_BACKEND_c)
  if (n < 1) n = omp_get_max_threads();
#else
  /* The c backend is sequential even when compiled with -fopenmp. */
  n = 1;
#endif
  ctx->num_threads = n < 1 ? 1 : n;
  ctx->stream_bytes = fut_stream_threshold();
  int k = fut_tuning_count();
  ctx->tuning = malloc((k > 0 ? k : 1) * sizeof(int64_t));
  ctx->tuning_set = malloc(k > 0 ? k : 1);
  if (!ctx->tuning || !ctx->tuning_set) {
    free(ctx->tuning); free(ctx->tuning_set); free(ctx);
    return NULL;
  }
  if (k > 0) {
    memcpy(ctx->tuning, cfg->tuning, k * sizeof(int64_t));
    memcpy(ctx->tuning_set, cfg->tuning_set, k);
  }
  atomic_fetch_add(&fut_live_contexts, 1);
#ifdef FUTHARK_BACKEND_opencl
  /* A failure leaves the context without a device and with its error set, which the C API's
     user reads right after futhark_context_new (and then frees the context). */
  fut_cl_init(ctx, cfg);
#endif
  return ctx;
}

static void fut_cache_clear(void);
void futhark_context_free(struct futhark_context *ctx) {
  if (!ctx) return;
#ifdef FUTHARK_BACKEND_opencl
  fut_cl_free(ctx);
#endif
  free(ctx->error);
  free(ctx->tuning);
  free(ctx->tuning_set);
  for (int l = 0; l < FUT_TRACK_LISTS; l++)
    for (int c = 0; c < FUT_POOL_CLASSES; c++)
      for (fut_mem *m = ctx->live[l].pool[c], *next; m; m = next) { next = m->next; free(m); }
  free(ctx);
  /* The block cache is the library's, shared by its contexts: freed together with the last one,
     so a library whose contexts are gone (and which may be unloaded) holds no memory. */
  if (atomic_fetch_sub(&fut_live_contexts, 1) == 1) fut_cache_clear();
}

int futhark_context_sync(struct futhark_context *ctx) { (void)ctx; return 0; }

char *futhark_context_get_error(struct futhark_context *ctx) {
  char *e = ctx->error;
  ctx->error = NULL;
  return e;
}

void futhark_context_set_logging_file(struct futhark_context *ctx, FILE *f) { ctx->log = f ? f : stderr; }

void futhark_context_pause_profiling(struct futhark_context *ctx) { ctx->profiling_paused = 1; }

void futhark_context_unpause_profiling(struct futhark_context *ctx) { ctx->profiling_paused = 0; }

char *futhark_context_report(struct futhark_context *ctx) {
#ifdef FUTHARK_BACKEND_opencl
  if (ctx->cl) return fut_cl_report(ctx);
#endif
  (void)ctx;
  return strdup("{\"memory\":{},\"events\":[]}");
}

int futhark_context_clear_caches(struct futhark_context *ctx) { (void)ctx; fut_cache_clear(); return 0; }

FUT_FN void fut_error(struct futhark_context *ctx, const char *loc, const char *fmt, ...) {
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  int first;
#ifdef _OPENMP
#pragma omp critical(fut_error)
#endif
  {
    first = !ctx->failed;
    ctx->failed = 1;
  }
  if (!first) return;
  size_t n = strlen(msg) + (loc ? strlen(loc) : 0) + 64;
  char *s = malloc(n);
  if (!s) return;
  /* Worded as the reference's generated C: "Error: <message>", then the backtrace. */
  if (loc) snprintf(s, n, "Error: %s\n\nBacktrace:\n-> #0  %s\n", msg, loc);
  else snprintf(s, n, "Error: %s\n", msg);
  free(ctx->error);
  ctx->error = s;
}

FUT_FN uintptr_t fut_stack_bound(void) {
  uintptr_t lo = 0, size = 0;
#if defined(__linux__) && defined(__GLIBC__)
  pthread_attr_t a;
  if (pthread_getattr_np(pthread_self(), &a) == 0) {
    void *addr;
    size_t sz;
    if (pthread_attr_getstack(&a, &addr, &sz) == 0) { lo = (uintptr_t)addr; size = sz; }
    pthread_attr_destroy(&a);
  }
#elif defined(__APPLE__)
  size = pthread_get_stacksize_np(pthread_self());
  lo = (uintptr_t)pthread_get_stackaddr_np(pthread_self()) - size;
#endif
  if (!lo || !size) return 1;
  size_t margin = size / 4 < FUT_STACK_MARGIN ? size / 4 : FUT_STACK_MARGIN;
  return lo + margin;
}

FUT_FN void fut_recursion_error(struct futhark_context *ctx, const char *loc, const char *fn, int depth, int limit) {
  if (depth >= limit) fut_error(ctx, loc, "Recursion too deep: calls of \"%s\" nested more than %d deep.", fn, limit);
  else fut_error(ctx, loc, "Recursion too deep: calls of \"%s\" nested %d deep exhaust the stack.", fn, depth + 1);
}

FUT_FN void fut_api_error(struct futhark_context *ctx, const char *msg) {
  char *s = strdup(msg);
  if (!s) return;
  free(ctx->error);
  ctx->error = s;
}

FUT_FN int fut_consumed_error(struct futhark_context *ctx) {
  fut_api_error(ctx, "Error: the value was consumed by an entry point; it may only be freed.\n");
  return FUTHARK_PROGRAM_ERROR;
}

FUT_FN void fut_fmt_list(char *buf, size_t cap, int n, const int64_t *xs) {
  size_t k = 0;
  buf[k++] = '[';
  for (int i = 0; i < n && k + 24 < cap; i++) {
    k += (size_t)snprintf(buf + k, cap - k, i ? ", %lld" : "%lld", (long long)xs[i]);
  }
  buf[k++] = ']';
  buf[k] = 0;
}

FUT_FN void fut_fmt_shape(char *buf, size_t cap, int n, const int64_t *xs) {
  size_t k = 0;
  buf[0] = 0;
  for (int i = 0; i < n && k + 24 < cap; i++) k += (size_t)snprintf(buf + k, cap - k, "[%lld]", (long long)xs[i]);
}

FUT_FN void fut_index_error(struct futhark_context *ctx, const char *loc, int nidx, const int64_t *idx,
                            int rank, const int64_t *shape) {
  char a[256], b[256];
  fut_fmt_list(a, sizeof a, nidx, idx);
  /* The shape of the dimensions indexed, as the reference prints it (a[3] of a [2][2] array: "[2]"). */
  fut_fmt_shape(b, sizeof b, nidx < rank ? nidx : rank, shape);
  fut_error(ctx, loc, "Index %s out of bounds for array of shape %s.", a, b);
}

static void fut_live_lock(struct futhark_context *ctx, int l) {
  while (__atomic_test_and_set(&ctx->live[l].lock, __ATOMIC_ACQUIRE)) { }
}

static void fut_live_unlock(struct futhark_context *ctx, int l) { __atomic_clear(&ctx->live[l].lock, __ATOMIC_RELEASE); }

/* Takes m off its list; here is the caller's fut_here(). */
static void fut_unlist(fut_mem *m, int here) {
  struct futhark_context *ctx = m->owner;
  int l = m->list, lock = !fut_plain(l, here);
  if (lock) fut_live_lock(ctx, l);
  if (m->prev) m->prev->next = m->next; else ctx->live[l].head = m->next;
  if (m->next) m->next->prev = m->prev;
  m->tracked = 0;
  if (lock) fut_live_unlock(ctx, l);
}

/* Puts m on the caller's own list (fut_own_list). */
static void fut_enlist(struct futhark_context *ctx, fut_mem *m, int here) {
  int l = fut_own_list(here), lock = !fut_plain(l, here);
  if (lock) fut_live_lock(ctx, l);
  m->owner = ctx;
  m->list = l;
  m->prev = NULL;
  m->next = ctx->live[l].head;
  if (m->next) m->next->prev = m;
  ctx->live[l].head = m;
  m->tracked = 1;
  if (lock) fut_live_unlock(ctx, l);
}

FUT_FN void fut_untrack(fut_mem *m) { fut_unlist(m, fut_here()); }

FUT_FN void fut_track(struct futhark_context *ctx, fut_mem *m) { fut_enlist(ctx, m, fut_here()); }

#if defined(_OPENMP) && defined(FUT_ENGINE_ONLY)
__attribute__((visibility("hidden"))) uint64_t fut_regions = 1;
#endif

FUT_FN void fut_region_begin(struct futhark_context *ctx) {
  if (fut_here() != 0) return;
#ifdef _OPENMP
  /* A new region: every thread's remembered fut_here is stale (the fork orders this before the
     threads' reads). */
  __atomic_add_fetch(&fut_regions, 1, __ATOMIC_RELAXED);
#endif
  for (int l = 1; l < FUT_TRACK_LISTS && l <= ctx->num_threads; l++) {
    fut_mem *first = ctx->live[l].head, *last = NULL;
    if (!first) continue;
    for (fut_mem *m = first; m; m = m->next) { m->list = 0; last = m; }
    last->next = ctx->live[0].head;
    if (last->next) last->next->prev = last;
    ctx->live[0].head = first;
    ctx->live[l].head = NULL;
  }
}

FUT_FN int fut_call_end(struct futhark_context *ctx, int ok) {
  for (int l = 0; l < FUT_TRACK_LISTS; l++) {
    fut_mem *m = ctx->live[l].head;
    while (m) {
      fut_mem *next = m->next;
      m->tracked = 0;
      m->list = 0;
      m->prev = m->next = NULL;
      if (!ok) { FUT_DEV_DROP(m); if (!m->external && m->pooled == 0) free(m->data); free(m); }
      else if (m->pooled > 0) m->pooled = -1; /* a result: freed with its header, never pooled */
      m = next;
    }
    ctx->live[l].head = NULL;
  }
  ctx->tracking = 0;
  return ok ? FUTHARK_SUCCESS : (ctx->error_code ? ctx->error_code : FUTHARK_PROGRAM_ERROR);
}

FUT_FN void fut_take_input(struct futhark_context *ctx, fut_arr *a) {
  if (a->mem && a->mem->refcount == 1 && !a->mem->tracked) fut_track(ctx, a->mem);
}

#define FUT_CACHE_SLOTS 8
#define FUT_CACHE_MIN ((size_t)1 << 16)
static atomic_flag fut_cache_lock = ATOMIC_FLAG_INIT;
static struct { char *data; size_t size; } fut_cache[FUT_CACHE_SLOTS];
static void fut_cache_acquire(void) {
  while (atomic_flag_test_and_set_explicit(&fut_cache_lock, memory_order_acquire)) { }
}

static void fut_cache_release(void) { atomic_flag_clear_explicit(&fut_cache_lock, memory_order_release); }

/* A fresh block. Large ones are aligned to 2 MiB and marked for transparent huge pages (where the
   kernel's setting is "madvise", as on Debian): streaming kernels over a big array then take one
   TLB entry per 2 MiB instead of per 4 KiB, and fault it in 512 times less often. */
#define FUT_HUGE ((size_t)2 << 20)
static char *fut_block_new(size_t n) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (n >= 4 * FUT_HUGE) {
    void *p = NULL;
    if (posix_memalign(&p, FUT_HUGE, n) != 0) return NULL;
    madvise(p, n, MADV_HUGEPAGE);
    return p;
  }
#endif
  return malloc(n);
}

static char *fut_block_get(size_t n, size_t *got) {
  char *p = NULL;
  *got = n;
  if (n >= FUT_CACHE_MIN) {
    int best = -1;
    fut_cache_acquire();
    for (int i = 0; i < FUT_CACHE_SLOTS; i++) {
      size_t s = fut_cache[i].size;
      if (fut_cache[i].data && s >= n && s - n <= n / 2 && (best < 0 || s < fut_cache[best].size)) best = i;
    }
    if (best >= 0) {
      p = fut_cache[best].data;
      *got = fut_cache[best].size;
      fut_cache[best].data = NULL;
      fut_cache[best].size = 0;
    }
    fut_cache_release();
  }
  return p ? p : fut_block_new(n);
}

static void fut_block_put(char *p, size_t n) {
  if (n < FUT_CACHE_MIN) { free(p); return; }
  char *evict = p;
  fut_cache_acquire();
  int slot = -1;
  for (int i = 0; i < FUT_CACHE_SLOTS; i++) {
    if (!fut_cache[i].data) { slot = i; break; }
    if (slot < 0 || fut_cache[i].size < fut_cache[slot].size) slot = i;
  }
  if (!fut_cache[slot].data || fut_cache[slot].size < n) {
    evict = fut_cache[slot].data;
    fut_cache[slot].data = p;
    fut_cache[slot].size = n;
  }
  fut_cache_release();
  free(evict);
}

static void fut_cache_clear(void) {
  fut_cache_acquire();
  for (int i = 0; i < FUT_CACHE_SLOTS; i++) { free(fut_cache[i].data); fut_cache[i].data = NULL; fut_cache[i].size = 0; }
  fut_cache_release();
}

/* The size class of a small block holding `bytes` of data after its header, or -1 if too big. */
static int fut_pool_class(size_t bytes) {
  size_t total = bytes + sizeof(fut_mem);
  for (int c = 0; c < FUT_POOL_CLASSES; c++) if (total <= ((size_t)128 << c)) return c;
  return -1;
}

/* A small block of class c for a running entry point, from the caller's list (its pool, else
   malloc), listed as live there; NULL when out of memory. */
static fut_mem *fut_pool_take(struct futhark_context *ctx, int c) {
  int here = fut_here(), l = fut_own_list(here), lock = !fut_plain(l, here);
  if (lock) fut_live_lock(ctx, l);
  fut_mem *m = ctx->live[l].pool[c];
  if (m) {
    ctx->live[l].pool[c] = m->next;
    ctx->live[l].pooled[c]--;
  }
  if (lock) fut_live_unlock(ctx, l);
  if (!m) m = malloc((size_t)128 << c);
  if (!m) return NULL;
  m->refcount = 1; m->external = 0; m->pooled = c + 1; m->slotted = 0; FUT_DEV_INIT(m);
  m->data = (char *)(m + 1); m->size = ((size_t)128 << c) - sizeof(fut_mem);
  fut_enlist(ctx, m, here);
  return m;
}

/* A small block nobody references any more: off its list, into the caller's pool. */
static void fut_pool_give(fut_mem *m, int here) {
  struct futhark_context *ctx = m->owner;
  fut_unlist(m, here);
  int l = fut_own_list(here), c = m->pooled - 1, lock = !fut_plain(l, here);
  if (lock) fut_live_lock(ctx, l);
  int keep = ctx->live[l].pooled[c] < FUT_POOL_KEEP;
  if (keep) {
    m->next = ctx->live[l].pool[c];
    ctx->live[l].pool[c] = m;
    ctx->live[l].pooled[c]++;
  }
  if (lock) fut_live_unlock(ctx, l);
  if (!keep) free(m);
}

FUT_FN int fut_alloc_bytes(struct futhark_context *ctx, fut_mem **out, size_t bytes, int overflow) {
  /* Small blocks of a running entry point come from the pools: those that survive the call (its
     results) leave them when it ends, so no pooled block outlives its context. */
  int pool = overflow || !ctx->tracking || (ctx->lend_data && bytes == ctx->lend_bytes) ? -1 : fut_pool_class(bytes + 1);
  if (pool >= 0) {
    fut_mem *pm = fut_pool_take(ctx, pool);
    if (pm) { *out = pm; return 0; }
  }
  fut_mem *m = overflow ? NULL : malloc(sizeof(fut_mem));
  size_t got = 0;
  char *lent = NULL;
  if (m && ctx->lend_data && bytes == ctx->lend_bytes && bytes > 0) {
    lent = __atomic_exchange_n(&ctx->lend_data, NULL, __ATOMIC_ACQ_REL); /* one taker */
  }
  if (lent) {
    m->refcount = 1; m->external = 1; m->pooled = 0; m->slotted = 0; m->data = lent; m->size = bytes; FUT_DEV_INIT(m);
    m->owner = ctx; m->list = 0; m->prev = NULL; m->next = NULL; m->tracked = 0;
    if (ctx->tracking) fut_track(ctx, m); /* a failing call frees the handle, never the data */
    *out = m;
    return 0;
  }
  char *d = overflow ? NULL : fut_block_get(bytes + 1, &got);
  if (!m || !d) {
    free(m); free(d);
    *out = NULL;
    if (overflow == 2) fut_error(ctx, NULL, "Negative allocation of %lld bytes attempted.", (long long)bytes);
    else if (overflow) fut_error(ctx, NULL, "Failed to allocate memory: array too large.");
    else fut_error(ctx, NULL, "Failed to allocate memory: %lld bytes.", (long long)bytes);
    ctx->error_code = FUTHARK_OUT_OF_MEMORY;
    return FUTHARK_OUT_OF_MEMORY;
  }
  m->refcount = 1; m->external = 0; m->pooled = 0; m->slotted = 0; m->data = d; m->size = got; FUT_DEV_INIT(m);
  m->owner = ctx; m->list = 0; m->prev = NULL; m->next = NULL; m->tracked = 0;
  if (ctx->tracking) fut_track(ctx, m);
  *out = m;
  return 0;
}

FUT_FN void fut_release(fut_mem *m) {
  if (!m) return;
  int here = fut_here();
  int64_t left;
  if (fut_plain(m->list, here)) {
    left = --m->refcount;
  } else {
#ifdef _OPENMP
#pragma omp atomic capture
#endif
    left = --m->refcount;
  }
  if (left != 0) return;
  FUT_DEV_DROP(m);
  if (m->pooled > 0) { fut_pool_give(m, here); return; }
  if (m->tracked) fut_unlist(m, here);
  if (!m->external && m->pooled == 0) fut_block_put(m->data, m->size);
  free(m);
}

FUT_FN int fut_alloc_slot_fresh(struct futhark_context *ctx, fut_mem **slot, fut_arr *out, int rank, const int64_t *shape,
                                size_t elsize) {
  int r = fut_alloc(ctx, out, rank, shape, elsize);
  if (r || out->mem->pooled <= 0) return r;
  fut_slot_drop(*slot);
  fut_mem *m = out->mem; /* fresh: nobody else has it yet */
  m->slotted = 1;
  m->refcount = 2;
  *slot = m;
  return 0;
}

FUT_FN int fut_copy(struct futhark_context *ctx, fut_arr *out, const fut_arr *a, int rank, size_t elsize) {
  int r = FUT_DEV_READ(ctx, a);
  if (r) return r;
  r = fut_alloc(ctx, out, rank, a->shape, elsize);
  if (r) return r;
  memcpy(out->data, a->data, (size_t)fut_numel(a, rank) * elsize);
  return 0;
}

FUT_FN int fut_unshare(struct futhark_context *ctx, fut_arr *a, int rank, size_t elsize) {
  fut_arr copy;
  int r = fut_copy(ctx, &copy, a, rank, elsize);
  if (r) return r;
  fut_decref(a);
  *a = copy;
  return 0;
}

FUT_FN void fut_slice_error(struct futhark_context *ctx, const char *loc, int nd, const fut_slicedim *d,
                                       int rank, const int64_t *shape) {
  char a[512], b[256];
  size_t k = 0;
  a[k++] = '[';
  for (int i = 0; i < nd && k + 80 < sizeof a; i++) {
    if (i) { a[k++] = ','; a[k++] = ' '; }
    if (d[i].fixed) { k += (size_t)snprintf(a + k, sizeof a - k, "%lld", (long long)d[i].start); continue; }
    /* As the reference writes it: a range with neither end nor stride shows its start even where
       it was left out (a[:, 3:] is "[0:, 3:]"). */
    if (d[i].has_start || (!d[i].has_end && !d[i].has_stride))
      k += (size_t)snprintf(a + k, sizeof a - k, "%lld", (long long)d[i].start);
    a[k++] = ':';
    if (d[i].has_end) k += (size_t)snprintf(a + k, sizeof a - k, "%lld", (long long)d[i].end);
    if (d[i].has_stride) k += (size_t)snprintf(a + k, sizeof a - k, ":%lld", (long long)d[i].stride);
  }
  a[k++] = ']';
  a[k] = 0;
  /* The shape of the dimensions sliced, as the reference prints it (a[3:] of a [2][2] array: "[2]"). */
  fut_fmt_shape(b, sizeof b, nd < rank ? nd : rank, shape);
  fut_error(ctx, loc, "Index %s out of bounds for array of shape %s.", a, b);
}

/* The reference's rule (its internaliser's slice check): a range i:j:s of a dimension of n has
   (j - i + s - signum s) / s elements (rounded towards zero), i and j defaulting to 0 and n
   (forwards) or n-1 and -1 (backwards); it is acceptable when s != 0 and either it is empty or
   0 <= i <= j and its last element i + (count-1)*s is in [0, n) (forwards), or -1 <= j <= i and
   its elements are in range (backwards). An empty range is acceptable wherever it starts
   (xs[7:7], xs[5::2] of three elements). */
FUT_FN int fut_slice_resolve(int nd, const fut_slicedim *d, const int64_t *shape,
                                        int64_t *start, int64_t *count, int64_t *stride) {
  for (int i = 0; i < nd; i++) {
    int64_t n = shape[i];
    if (d[i].fixed) {
      if (d[i].start < 0 || d[i].start >= n) return 1;
      start[i] = d[i].start; count[i] = -1; stride[i] = 1;
      continue;
    }
    int64_t s = d[i].has_stride ? d[i].stride : 1;
    if (s == 0) return 1;
    int64_t b = d[i].has_start ? d[i].start : (s > 0 ? 0 : n - 1);
    int64_t e = d[i].has_end ? d[i].end : (s > 0 ? n : -1);
    int64_t sgn = s > 0 ? 1 : -1;
    int64_t c = (int64_t)((uint64_t)e - (uint64_t)b + (uint64_t)(s - sgn)) / s;
    if (c != 0) {
      int64_t last = (int64_t)((uint64_t)b + (uint64_t)(c - 1) * (uint64_t)s);
      int ok = s > 0 ? (0 <= b && b <= e && 0 <= last && last < n) : (-1 <= e && e <= b && 0 <= last && b < n);
      if (!ok || c < 0) return 1;
    }
    start[i] = b; count[i] = c; stride[i] = s;
  }
  return 0;
}

FUT_FN void fut_slice_copy(char *base, const int64_t *shape, int rank, size_t es, int nd,
                                      const int64_t *start, const int64_t *count, const int64_t *stride,
                                      char **dense, int dir, int dim) {
  int64_t inner = 1;
  for (int i = dim + 1; i < rank; i++) inner *= shape[i];
  if (dim == nd) {
    int64_t whole = inner * (dim < rank ? shape[dim] : 1);
    if (dim >= rank) whole = 1;
    size_t bytes = (size_t)whole * es;
    if (dir == 0) memcpy(*dense, base, bytes); else memcpy(base, *dense, bytes);
    *dense += bytes;
    return;
  }
  if (count[dim] < 0) {
    fut_slice_copy(base + (size_t)(start[dim] * inner) * es, shape, rank, es, nd, start, count, stride, dense, dir, dim + 1);
    return;
  }
  if (dim == nd - 1 && dim < rank && stride[dim] == 1) {
    /* The last sliced dimension with stride 1: its rows are one contiguous run (one call per
       element made slicing a large 1-d array ~5x slower than copying it). */
    size_t bytes = (size_t)(count[dim] * inner) * es;
    char *src = base + (size_t)(start[dim] * inner) * es;
    if (dir == 0) memcpy(*dense, src, bytes); else memcpy(src, *dense, bytes);
    *dense += bytes;
    return;
  }
  int tail_fixed = dim < rank;
  for (int i = dim + 1; i < nd; i++) tail_fixed &= count[i] < 0;
  if (tail_fixed) {
    /* A range followed only by fixed indices: the last sliced dimension with another stride
       (reverse xs is xs[::-1]), or a column (a[:, j]). One run per index of the range, at the
       fixed indices' offset within its row, copied in a loop here rather than by a call per
       index. */
    int64_t sub = 0, tail = 1;
    for (int i = rank - 1; i >= nd; i--) tail *= shape[i];
    for (int i = nd - 1; i > dim; i--) { sub += start[i] * tail; tail *= shape[i]; }
    int64_t run_elems = 1;
    for (int i = nd; i < rank; i++) run_elems *= shape[i];
    size_t run = (size_t)run_elems * es;
    char *d = *dense;
    for (int64_t j = 0; j < count[dim]; j++, d += run) {
      char *a = base + (size_t)((start[dim] + j * stride[dim]) * inner + sub) * es;
      char *to = dir == 0 ? d : a, *from = dir == 0 ? a : d;
      /* Constant sizes for single elements, which gcc turns into one load and store. */
      if (run == 4) memcpy(to, from, 4);
      else if (run == 8) memcpy(to, from, 8);
      else memcpy(to, from, run);
    }
    *dense = d;
    return;
  }
  for (int64_t j = 0; j < count[dim]; j++) {
    int64_t ix = start[dim] + j * stride[dim];
    fut_slice_copy(base + (size_t)(ix * inner) * es, shape, rank, es, nd, start, count, stride, dense, dir, dim + 1);
  }
}

FUT_FN int fut_slice(struct futhark_context *ctx, const char *loc, fut_arr *out, const fut_arr *a, int rank,
                                size_t es, int nd, const fut_slicedim *d, int out_rank) {
  int64_t start[FUT_MAXRANK], count[FUT_MAXRANK], stride[FUT_MAXRANK], oshape[FUT_MAXRANK];
  if (fut_slice_resolve(nd, d, a->shape, start, count, stride)) {
    fut_slice_error(ctx, loc, nd, d, rank, a->shape);
    return FUTHARK_PROGRAM_ERROR;
  }
  int k = 0;
  for (int i = 0; i < nd; i++) if (count[i] >= 0) oshape[k++] = count[i];
  for (int i = nd; i < rank; i++) oshape[k++] = a->shape[i];
  (void)out_rank;
  /* A slice that is one contiguous run of a's elements (fixed leading indices, then one range of
     stride 1, then whole dimensions: take n xs, xs[i, 2:], a[i:j]) is a view of a's memory, as
     the reference's slices are: no copy. Updates in place then copy it first (it is shared). */
  int contiguous = 1, i = 0;
  int64_t offset = 0;
  while (i < nd && count[i] < 0) i++;
  if (i < nd && stride[i] != 1 && count[i] > 1) contiguous = 0;
  for (int j = i + 1; j < nd && contiguous; j++) {
    if (count[j] < 0 || start[j] != 0 || count[j] != a->shape[j] || stride[j] != 1) contiguous = 0;
  }
  if (contiguous && a->mem) {
    for (int j = 0; j < rank; j++) offset = offset * a->shape[j] + (j < nd ? start[j] : 0);
    fut_arr v;
    v.mem = a->mem;
    v.data = a->data + (size_t)offset * es;
    for (int j = 0; j < FUT_MAXRANK; j++) v.shape[j] = j < k ? oshape[j] : 0;
    fut_incref(&v);
    *out = v;
    return 0;
  }
  int r = fut_alloc(ctx, out, k, oshape, es);
  if (r) return r;
  char *dense = out->data;
  fut_slice_copy(a->data, a->shape, rank, es, nd, start, count, stride, &dense, 0, 0);
  return 0;
}

FUT_FN int fut_slice_update(struct futhark_context *ctx, const char *loc, fut_arr *a, int rank, size_t es,
                                       int nd, const fut_slicedim *d, const fut_arr *v, int vrank) {
  int64_t start[FUT_MAXRANK], count[FUT_MAXRANK], stride[FUT_MAXRANK];
  if (fut_slice_resolve(nd, d, a->shape, start, count, stride)) {
    fut_slice_error(ctx, loc, nd, d, rank, a->shape);
    return FUTHARK_PROGRAM_ERROR;
  }
  int k = 0;
  for (int i = 0; i < nd; i++) {
    if (count[i] < 0) continue;
    if (k >= vrank || v->shape[k] != count[i]) goto mismatch;
    k++;
  }
  for (int i = nd; i < rank; i++, k++) if (k >= vrank || v->shape[k] != a->shape[i]) goto mismatch;
  {
    char *dense = v->data;
    fut_slice_copy(a->data, a->shape, rank, es, nd, start, count, stride, &dense, 1, 0);
  }
  return 0;
mismatch:
  fut_error(ctx, loc, "Value of shape %lld cannot be written to a slice of a different shape.", (long long)v->shape[0]);
  return FUTHARK_PROGRAM_ERROR;
}

FUT_FN int fut_transpose(struct futhark_context *ctx, fut_arr *out, const fut_arr *a, int rank, size_t es) {
  int64_t sh[FUT_MAXRANK];
  for (int i = 0; i < rank; i++) sh[i] = a->shape[i];
  sh[0] = a->shape[1]; sh[1] = a->shape[0];
  int r = fut_alloc(ctx, out, rank, sh, es);
  if (r) return r;
  int64_t n = a->shape[0], m = a->shape[1], inner = 1;
  for (int i = 2; i < rank; i++) inner *= a->shape[i];
  size_t rb = (size_t)inner * es;
  const int64_t B = 32;
  /* Elements of 1, 2, 4 or 8 bytes are moved as such (a call of memcpy per element cost small
     transposes, such as option pricing's 5 x 3 per path, most of their time). */
#define FUT_TRANSPOSE_TILES(COPY)                                                                   \
  for (int64_t ii = 0; ii < n; ii += B)                                                             \
    for (int64_t jj = 0; jj < m; jj += B)                                                           \
      for (int64_t i = ii; i < n && i < ii + B; i++)                                                \
        for (int64_t j = jj; j < m && j < jj + B; j++) COPY;
#define FUT_TRANSPOSE_AS(T) FUT_TRANSPOSE_TILES(((T *)out->data)[j * n + i] = ((const T *)a->data)[i * m + j])
  switch (rb) {
    case 1: FUT_TRANSPOSE_AS(uint8_t) break;
    case 2: FUT_TRANSPOSE_AS(uint16_t) break;
    case 4: FUT_TRANSPOSE_AS(uint32_t) break;
    case 8: FUT_TRANSPOSE_AS(uint64_t) break;
    default: FUT_TRANSPOSE_TILES(memcpy(out->data + (size_t)(j * n + i) * rb, a->data + (size_t)(i * m + j) * rb, rb)) break;
  }
#undef FUT_TRANSPOSE_AS
#undef FUT_TRANSPOSE_TILES
  return 0;
}

FUT_FN int fut_rotate(struct futhark_context *ctx, fut_arr *out, const fut_arr *a, int rank, size_t es, int64_t r) {
  int res = fut_alloc(ctx, out, rank, a->shape, es);
  if (res) return res;
  int64_t n = a->shape[0];
  if (n == 0) return 0;
  size_t rb = (size_t)fut_rowel(a, rank) * es;
  if (r > INT64_MAX - n) {
    /* The language defines row i as a[(i + r) % n] with i + r wrapping around (the prelude's
       map over iota): near INT64_MAX that is not one rotation, so rows are placed one by one. */
    for (int64_t i = 0; i < n; i++) {
      int64_t j = (int64_t)((uint64_t)i + (uint64_t)r);
      j = ((j % n) + n) % n;
      memcpy(out->data + (size_t)i * rb, a->data + (size_t)j * rb, rb);
    }
    return 0;
  }
  int64_t s = ((r % n) + n) % n;
  memcpy(out->data, a->data + (size_t)s * rb, (size_t)(n - s) * rb);
  memcpy(out->data + (size_t)(n - s) * rb, a->data, (size_t)s * rb);
  return 0;
}

FUT_FN int fut_concat(struct futhark_context *ctx, const char *loc, fut_arr *out, const fut_arr *a,
                                 const fut_arr *b, int rank, size_t es) {
  for (int i = 1; i < rank; i++) {
    if (a->shape[i] != b->shape[i]) {
      char x[256], y[256];
      fut_fmt_shape(x, sizeof x, rank, a->shape);
      fut_fmt_shape(y, sizeof y, rank, b->shape);
      fut_error(ctx, loc, "Cannot concatenate arrays of shapes %s and %s.", x, y);
      return FUTHARK_PROGRAM_ERROR;
    }
  }
  int64_t sh[FUT_MAXRANK];
  for (int i = 0; i < rank; i++) sh[i] = a->shape[i];
  sh[0] = a->shape[0] + b->shape[0];
  int r = fut_alloc(ctx, out, rank, sh, es);
  if (r) return r;
  size_t na = (size_t)fut_numel(a, rank) * es;
  memcpy(out->data, a->data, na);
  memcpy(out->data + na, b->data, (size_t)fut_numel(b, rank) * es);
  return 0;
}

FUT_FN int fut_shape_mismatch(struct futhark_context *ctx, const char *loc, const int64_t *want,
                               const int64_t *have, int rank) {
  char x[256], y[256];
  fut_fmt_shape(x, sizeof x, rank, want);
  fut_fmt_shape(y, sizeof y, rank, have);
  fut_error(ctx, loc, "Function result has shape %s, but another has shape %s (irregular array).", y, x);
  return FUTHARK_PROGRAM_ERROR;
}

FUT_FN int fut_range(struct futhark_context *ctx, const char *loc, int64_t start, int64_t step,
                                int64_t end, int kind, int has_second, int64_t *count, int is_unsigned) {
  int inclusive = kind == 0;
  int ok = step != 0;
  if (ok && !is_unsigned) {
    if (kind == 0) ok = step > 0 ? start <= end : start >= end;
    else if (kind == 1) ok = step > 0 && start <= end;
    else ok = step < 0 && start >= end;
  }
  if (ok && is_unsigned) {
    if (kind == 2) ok = step < 0 && (uint64_t)start >= (uint64_t)end;
    else ok = (uint64_t)start <= (uint64_t)end || !inclusive;
    if (kind == 1) ok = ok && step > 0;
  }
  if (ok) {
    if (is_unsigned && kind != 2) {
      uint64_t d = (uint64_t)end - (uint64_t)start;
      *count = (uint64_t)start > (uint64_t)end ? 0 : (int64_t)(inclusive ? d / (uint64_t)step + 1 : (d + (uint64_t)step - 1) / (uint64_t)step);
    } else if (is_unsigned) {
      uint64_t d = (uint64_t)start - (uint64_t)end, s = (uint64_t)(-step);
      *count = (int64_t)((d + s - 1) / s);
    } else if (step > 0) {
      *count = end < start ? 0 : inclusive ? (end - start) / step + 1 : (end - start + step - 1) / step;
    } else {
      *count = end > start ? 0 : inclusive ? (start - end) / (-step) + 1 : (start - end + (-step) - 1) / (-step);
    }
    if (!inclusive && *count < 0) *count = 0;
    return 0;
  }
  const char *op = kind == 0 ? "..." : kind == 1 ? "..<" : "..>";
  if (has_second)
    fut_error(ctx, loc, "Range %lld..%lld%s%lld is invalid.", (long long)start, (long long)(start + step), op, (long long)end);
  else
    fut_error(ctx, loc, "Range %lld%s%lld is invalid.", (long long)start, op, (long long)end);
  return FUTHARK_PROGRAM_ERROR;
}

FUT_FN void fut_pmemcpy(struct futhark_context *ctx, void *dst, const void *src, size_t n) {
#ifdef _OPENMP
  if (n >= ((size_t)1 << 20) && ctx->num_threads > 1) {
    int nt = ctx->num_threads;
    fut_region_begin(ctx);
#pragma omp parallel for num_threads(nt) schedule(static, 1)
    for (int t = 0; t < nt; t++) {
      size_t lo = n / (size_t)nt * (size_t)t, hi = t == nt - 1 ? n : n / (size_t)nt * (size_t)(t + 1);
      memcpy((char *)dst + lo, (const char *)src + lo, hi - lo);
    }
    return;
  }
#endif
  (void)ctx;
  memcpy(dst, src, n);
}

FUT_FN void *fut_api_new(struct futhark_context *ctx, const void *data, int rank, const int64_t *shape, size_t es) {
  fut_arr *r = malloc(sizeof(fut_arr));
  if (!r) return NULL;
  if (fut_alloc(ctx, r, rank, shape, es)) { free(r); return NULL; }
  fut_pmemcpy(ctx, r->data, data, (size_t)fut_numel(r, rank) * es);
  return r;
}

FUT_FN void *fut_api_new_raw(struct futhark_context *ctx, char *data, int rank, const int64_t *shape) {
  fut_arr *r = malloc(sizeof(fut_arr));
  fut_mem *m = malloc(sizeof(fut_mem));
  if (!r || !m) { free(r); free(m); return NULL; }
  m->refcount = 1; m->external = 1; m->pooled = 0; m->slotted = 0; m->data = data; m->size = 0; FUT_DEV_INIT(m);
  m->tracked = 0; m->list = 0; m->owner = ctx; m->prev = NULL; m->next = NULL;
  r->mem = m; r->data = data;
  for (int i = 0; i < FUT_MAXRANK; i++) r->shape[i] = i < rank ? shape[i] : 0;
  return r;
}

FUT_FN int fut_api_free(struct futhark_context *ctx, void *arr) {
  (void)ctx;
  if (arr) { fut_decref((fut_arr *)arr); free(arr); }
  return 0;
}

FUT_FN int fut_api_values(struct futhark_context *ctx, void *arr, void *data, int rank, size_t es) {
  fut_arr *a = arr;
  if (!a->mem) return fut_consumed_error(ctx);
  int r = FUT_DEV_READ(ctx, a);
  if (r) return r;
  fut_pmemcpy(ctx, data, a->data, (size_t)fut_numel(a, rank) * es);
  return 0;
}

FUT_FN int fut_api_index(struct futhark_context *ctx, void *out, void *arr, int rank, const int64_t *ix, size_t es) {
  fut_arr *a = arr;
  if (!a->mem) return fut_consumed_error(ctx);
  int64_t off = 0;
  for (int d = 0; d < rank; d++) {
    if ((uint64_t)ix[d] >= (uint64_t)a->shape[d]) {
      ctx->failed = 0;
      fut_index_error(ctx, NULL, rank, ix, rank, a->shape);
      return FUTHARK_PROGRAM_ERROR;
    }
    off = off * a->shape[d] + ix[d];
  }
  int r = FUT_DEV_READ(ctx, a);
  if (r) return r;
  memcpy(out, a->data + (size_t)off * es, es);
  return 0;
}

FUT_FN char *fut_api_values_raw(struct futhark_context *ctx, void *arr) {
  (void)ctx;
  if (FUT_DEV_READ(ctx, (fut_arr *)arr)) return NULL;
  return ((fut_arr *)arr)->data;
}

FUT_FN const int64_t *fut_api_shape(struct futhark_context *ctx, void *arr) {
  (void)ctx;
  return ((fut_arr *)arr)->shape;
}

FUT_FN int fut_detach_external(struct futhark_context *ctx, fut_arr *a, int rank, size_t es) {
  if (!a->mem || !a->mem->external) return 0;
  ctx->failed = 0; /* no entry point is running: an allocation failure here is the error to report */
  fut_arr copy;
  if (fut_alloc(ctx, &copy, rank, a->shape, es)) return FUTHARK_OUT_OF_MEMORY;
  fut_pmemcpy(ctx, copy.data, a->data, (size_t)fut_numel(a, rank) * es);
  fut_decref(a);
  *a = copy;
  return 0;
}

FUT_FN int fut_is_lent(const fut_arr *a, int rank, size_t es, const char *lend, int64_t lend_bytes) {
  /* The caller reads a lent result from its own memory: a kernel's bytes come back first (if they
     cannot, the result stays a handle, whose reading reports the error). */
  return lend && a->mem && a->mem->external && a->data == lend && a->mem->data == lend && a->mem->refcount == 1
      && (int64_t)((size_t)fut_numel(a, rank) * es) == lend_bytes && FUT_DEV_READ(a->mem->owner, a) == 0;
}

FUT_FN int fut_heap_oom(struct futhark_context *ctx) {
  fut_api_error(ctx, "Error: Failed to allocate memory: an array handle.\n");
  ctx->error_code = FUTHARK_OUT_OF_MEMORY;
  return FUTHARK_OUT_OF_MEMORY;
}

/* ---- Opaque values: records, tuples and sums at the C API ---------------------------------------
   The generated code describes each opaque type's struct by a table of its leaves (fut_leaf) and
   calls these functions with it; see codegen/Opaque.java for the serialised form, which starts
   with a 32-byte header: "F4JO", version 1, the type's fingerprint, the total size, the number of
   leaves and a zero, all in native byte order; then per leaf a scalar's bytes, or an array's
   dimensions (8 bytes each) followed by its elements. */

FUT_FN int fut_opaque_free(void *obj, const fut_leaf *ls, int n) {
  if (!obj) return 0;
  for (int i = 0; i < n; i++) if (ls[i].rank > 0) fut_decref((fut_arr *)((char *)obj + ls[i].offset));
  free(obj);
  return 0;
}

FUT_FN int fut_opaque_store(struct futhark_context *ctx, const void *obj, const fut_leaf *ls, int n, uint64_t fp,
                            void **p, size_t *out_size) {
  const char *o = obj;
  size_t size = 32;
  for (int i = 0; i < n; i++) {
    if (ls[i].rank > 0) {
      const fut_arr *a = (const fut_arr *)(o + ls[i].offset);
      if (!a->mem) return fut_consumed_error(ctx);
      int r = FUT_DEV_READ(ctx, a);
      if (r) return r;
      size += (size_t)(8 * ls[i].rank) + (size_t)fut_numel(a, ls[i].rank) * ls[i].size;
    } else {
      size += ls[i].size;
    }
  }
  *out_size = size;
  if (!p) return 0;
  if (!*p) { *p = malloc(size); if (!*p) return FUTHARK_OUT_OF_MEMORY; }
  char *w = *p;
  uint32_t version = 1, k = (uint32_t)n, zero = 0;
  uint64_t total = size;
  memcpy(w, "F4JO", 4); memcpy(w + 4, &version, 4); memcpy(w + 8, &fp, 8); memcpy(w + 16, &total, 8);
  memcpy(w + 24, &k, 4); memcpy(w + 28, &zero, 4); w += 32;
  for (int i = 0; i < n; i++) {
    if (ls[i].rank > 0) {
      const fut_arr *a = (const fut_arr *)(o + ls[i].offset);
      memcpy(w, a->shape, (size_t)(8 * ls[i].rank)); w += 8 * ls[i].rank;
      size_t b = (size_t)fut_numel(a, ls[i].rank) * ls[i].size;
      if (b) memcpy(w, a->data, b);
      w += b;
    } else {
      memcpy(w, o + ls[i].offset, ls[i].size); w += ls[i].size;
    }
  }
  return 0;
}

FUT_FN void *fut_opaque_restore(struct futhark_context *ctx, const void *p, const fut_leaf *ls, int n, uint64_t fp,
                                size_t obj_size, const char *type_name) {
  const char *r = p;
  if (!r) { fut_api_error(ctx, "restore: no bytes"); return NULL; }
  uint32_t version, k; uint64_t got_fp, total;
  memcpy(&version, r + 4, 4); memcpy(&got_fp, r + 8, 8); memcpy(&total, r + 16, 8); memcpy(&k, r + 24, 4);
  if (memcmp(r, "F4JO", 4) != 0 || version != 1) {
    fut_api_error(ctx, "restore: these bytes are not a value stored by this compiler (futhark4j)"); return NULL;
  }
  if (got_fp != fp || k != (uint32_t)n) {
    char msg[512];
    snprintf(msg, sizeof msg, "restore: these bytes hold a value of another type or program, not %s", type_name);
    fut_api_error(ctx, msg); return NULL;
  }
  if (total < 32) { fut_api_error(ctx, "restore: corrupt bytes (size)"); return NULL; }
  uint64_t at = 32;
  char *obj = calloc(1, obj_size);
  if (!obj) { fut_api_error(ctx, "restore: out of memory"); return NULL; }
  for (int i = 0; i < n; i++) {
    if (ls[i].rank > 0) {
      int rank = ls[i].rank;
      int64_t sh[FUT_MAXRANK];
      if (total - at < (uint64_t)(8 * rank)) { fut_api_error(ctx, "restore: corrupt bytes (truncated)"); goto fail; }
      memcpy(sh, r + at, (size_t)(8 * rank)); at += 8 * rank;
      uint64_t numel = 1, b = 0; int bad = 0;
      for (int d = 0; d < rank; d++) { bad |= sh[d] < 0; bad |= __builtin_mul_overflow(numel, (uint64_t)sh[d], &numel); }
      bad |= __builtin_mul_overflow(numel, (uint64_t)ls[i].size, &b);
      if (bad || b > total - at) { fut_api_error(ctx, "restore: corrupt bytes (array shape)"); goto fail; }
      fut_arr *a = (fut_arr *)(obj + ls[i].offset);
      if (fut_alloc(ctx, a, rank, sh, ls[i].size)) goto fail;
      if (b) memcpy(a->data, r + at, (size_t)b);
      at += b;
    } else {
      if (total - at < ls[i].size) { fut_api_error(ctx, "restore: corrupt bytes (truncated)"); goto fail; }
      memcpy(obj + ls[i].offset, r + at, ls[i].size); at += ls[i].size;
    }
  }
  if (at != total) { fut_api_error(ctx, "restore: corrupt bytes (size)"); goto fail; }
  return obj;
fail:
  fut_opaque_free(obj, ls, n);
  return NULL;
}

/* A new C API array value sharing an opaque value's array leaf (a projection or destruction). */
FUT_FN void *fut_api_share(const fut_arr *a) {
  fut_arr *r = malloc(sizeof(fut_arr));
  if (!r) return NULL;
  *r = *a;
  fut_incref(r);
  return r;
}

#ifdef FUTHARK_BACKEND_opencl
#include "futhark4j_opencl.c"
#endif
