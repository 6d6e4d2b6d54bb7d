/*
 * Futhark4J engine, OpenCL part: the device side of libraries of the built-in compiler's opencl
 * backend (pasted after futhark4j_runtime.c when FUTHARK_BACKEND_opencl is defined).
 *
 * The OpenCL library is opened at run time (dlopen of libOpenCL.so.1, or the file named by the
 * environment variable FUTHARK4J_OPENCL_LIBRARY), so gcc alone builds every library, and a
 * machine without OpenCL gets an error from futhark_context_new that names what is missing: never
 * a crash, never a silent fall-back to the CPU. The entry points are declared here by hand (no
 * OpenCL headers are needed); the types are the OpenCL 1.2 ABI's.
 *
 * One context has one device, one command queue and one program: the generated kernels' source
 * (fut_cl_source, defined by the program) built when the context is created, with one kernel
 * object per kernel (fut_cl_kernel_name). A kernel runs through fut_cl_map over n work-items.
 *
 * Arrays stay on the device: a memory block (fut_mem) a kernel reads gets a copy in a device buffer
 * (fut_cl_copy, at fut_mem.dev), uploaded once and kept while host code leaves the block alone; a
 * block a kernel writes has its newest bytes only on the device (fut_mem.host_stale) until host
 * code or the C API needs them (fut_dev_host, fut_dev_read, called by the generated code before
 * every host statement that touches an array, and by the C API's readers). So kernels chain
 * without copies, within a call and across calls (an entry point's result passed to the next).
 * Buffers are kept on a free list by size, so a kernel in a loop does not allocate device memory
 * on every iteration.
 */

typedef int32_t fut_cl_int;
typedef uint32_t fut_cl_uint;
typedef uint64_t fut_cl_bitfield;
typedef struct fut_cl_opaque *fut_cl_handle;

#define FUT_CL_DEVICE_TYPE_ALL 0xFFFFFFFFu
#define FUT_CL_PLATFORM_NAME 0x0902
#define FUT_CL_DEVICE_NAME 0x102B
#define FUT_CL_DEVICE_DOUBLE_FP_CONFIG 0x1032
#define FUT_CL_PROGRAM_BUILD_LOG 0x1183
#define FUT_CL_MEM_READ_WRITE 1

/* The OpenCL functions the engine calls, resolved by name. */
#define FUT_CL_FUNCTIONS(X)                                                                              \
  X(fut_cl_int, clGetPlatformIDs, (fut_cl_uint, fut_cl_handle *, fut_cl_uint *))                           \
  X(fut_cl_int, clGetPlatformInfo, (fut_cl_handle, fut_cl_uint, size_t, void *, size_t *))                 \
  X(fut_cl_int, clGetDeviceIDs, (fut_cl_handle, fut_cl_bitfield, fut_cl_uint, fut_cl_handle *, fut_cl_uint *)) \
  X(fut_cl_int, clGetDeviceInfo, (fut_cl_handle, fut_cl_uint, size_t, void *, size_t *))                   \
  X(fut_cl_handle, clCreateContext, (const intptr_t *, fut_cl_uint, const fut_cl_handle *, void *, void *, fut_cl_int *)) \
  X(fut_cl_handle, clCreateCommandQueue, (fut_cl_handle, fut_cl_handle, fut_cl_bitfield, fut_cl_int *))   \
  X(fut_cl_handle, clCreateProgramWithSource, (fut_cl_handle, fut_cl_uint, const char **, const size_t *, fut_cl_int *)) \
  X(fut_cl_int, clBuildProgram, (fut_cl_handle, fut_cl_uint, const fut_cl_handle *, const char *, void *, void *)) \
  X(fut_cl_int, clGetProgramBuildInfo, (fut_cl_handle, fut_cl_handle, fut_cl_uint, size_t, void *, size_t *)) \
  X(fut_cl_handle, clCreateKernel, (fut_cl_handle, const char *, fut_cl_int *))                            \
  X(fut_cl_handle, clCreateBuffer, (fut_cl_handle, fut_cl_bitfield, size_t, void *, fut_cl_int *))         \
  X(fut_cl_int, clEnqueueWriteBuffer, (fut_cl_handle, fut_cl_handle, fut_cl_uint, size_t, size_t, const void *, fut_cl_uint, const void *, void *)) \
  X(fut_cl_int, clEnqueueReadBuffer, (fut_cl_handle, fut_cl_handle, fut_cl_uint, size_t, size_t, void *, fut_cl_uint, const void *, void *)) \
  X(fut_cl_int, clSetKernelArg, (fut_cl_handle, fut_cl_uint, size_t, const void *))                        \
  X(fut_cl_int, clEnqueueNDRangeKernel, (fut_cl_handle, fut_cl_handle, fut_cl_uint, const size_t *, const size_t *, const size_t *, fut_cl_uint, const void *, void *)) \
  X(fut_cl_int, clFinish, (fut_cl_handle))                                                                 \
  X(fut_cl_int, clReleaseMemObject, (fut_cl_handle))                                                       \
  X(fut_cl_int, clReleaseKernel, (fut_cl_handle))                                                          \
  X(fut_cl_int, clReleaseProgram, (fut_cl_handle))                                                         \
  X(fut_cl_int, clReleaseCommandQueue, (fut_cl_handle))                                                    \
  X(fut_cl_int, clReleaseContext, (fut_cl_handle))

#define FUT_CL_FIELD(R, name, args) R (*name) args;
#define FUT_CL_FREE_SLOTS 16

/* A device buffer not in use, kept for reuse. */
typedef struct { fut_cl_handle mem; size_t size; } fut_cl_free_buf;

struct fut_cl {
  void *lib;
  FUT_CL_FUNCTIONS(FUT_CL_FIELD)
  fut_cl_handle platform, device, context, queue, program;
  fut_cl_handle *kernels;
  int nkernels;
  char device_name[256];
  fut_cl_free_buf free_bufs[FUT_CL_FREE_SLOTS];
  int nfree;
  int64_t launches; /* kernels launched by this context (futhark_context_report) */
  /* arrays' blocks copied to the device and back, and their bytes (futhark_context_report) */
  int64_t uploads, upload_bytes, downloads, download_bytes;
  struct fut_cl_copy *copies; /* the device copies of blocks, so that closing can release them */
};

/* A memory block's copy on the device: `size` bytes of the block from its start (enough for every
   view of it a kernel has read or written), the device they are on (NULL once its context is
   gone), and the list of the device's copies. */
typedef struct fut_cl_copy {
  fut_cl_handle buf;
  size_t size;
  struct fut_cl *cl;
  struct fut_cl_copy *prev, *next;
} fut_cl_copy;

/* The names of OpenCL's error codes that a user of a working device may meet. */
static const char *fut_cl_error_name(fut_cl_int e) {
  switch (e) {
    case -1: return "CL_DEVICE_NOT_FOUND";
    case -2: return "CL_DEVICE_NOT_AVAILABLE";
    case -3: return "CL_COMPILER_NOT_AVAILABLE";
    case -4: return "CL_MEM_OBJECT_ALLOCATION_FAILURE";
    case -5: return "CL_OUT_OF_RESOURCES";
    case -6: return "CL_OUT_OF_HOST_MEMORY";
    case -11: return "CL_BUILD_PROGRAM_FAILURE";
    case -30: return "CL_INVALID_VALUE";
    case -33: return "CL_INVALID_DEVICE";
    case -38: return "CL_INVALID_MEM_OBJECT";
    case -46: return "CL_INVALID_KERNEL_NAME";
    case -48: return "CL_INVALID_KERNEL";
    case -49: return "CL_INVALID_ARG_INDEX";
    case -51: return "CL_INVALID_ARG_SIZE";
    case -52: return "CL_INVALID_KERNEL_ARGS";
    case -54: return "CL_INVALID_WORK_GROUP_SIZE";
    case -61: return "CL_INVALID_BUFFER_SIZE";
    case -1001: return "CL_PLATFORM_NOT_FOUND_KHR";
    default: return "an OpenCL error";
  }
}

static void fut_cl_fail(struct futhark_context *ctx, const char *loc, const char *what, fut_cl_int e) {
  fut_error(ctx, loc, "OpenCL: %s failed with %s (%d)", what, fut_cl_error_name(e), (int)e);
}

/* The platforms' devices, in order: each call of f gets the platform, the device, the device's
   global index and its name; it returns nonzero to stop. Returns the count seen. */
static int fut_cl_devices(struct fut_cl *cl, int (*f)(void *, fut_cl_handle, fut_cl_handle, int, const char *,
                                                      const char *), void *arg) {
  fut_cl_handle platforms[16], devices[64];
  fut_cl_uint np = 0, nd = 0;
  int k = 0;
  if (cl->clGetPlatformIDs(16, platforms, &np) != 0) return 0;
  for (fut_cl_uint p = 0; p < np && p < 16; p++) {
    char pname[256] = "";
    cl->clGetPlatformInfo(platforms[p], FUT_CL_PLATFORM_NAME, sizeof pname, pname, NULL);
    if (cl->clGetDeviceIDs(platforms[p], FUT_CL_DEVICE_TYPE_ALL, 64, devices, &nd) != 0) continue;
    for (fut_cl_uint d = 0; d < nd && d < 64; d++) {
      char dname[256] = "";
      cl->clGetDeviceInfo(devices[d], FUT_CL_DEVICE_NAME, sizeof dname, dname, NULL);
      if (f(arg, platforms[p], devices[d], k++, pname, dname)) return k;
    }
  }
  return k;
}

struct fut_cl_choice {
  const char *platform, *device;
  fut_cl_handle chosen_platform, chosen_device;
  char name[256];
};

/* The device rule of the reference: the first device whose name contains the configured device
   string (or "#k": the k-th device), on the first platform whose name contains the platform string. */
static int fut_cl_pick(void *arg, fut_cl_handle p, fut_cl_handle d, int k, const char *pname, const char *dname) {
  struct fut_cl_choice *c = arg;
  if (c->platform && !strstr(pname, c->platform)) return 0;
  if (c->device) {
    if (c->device[0] == '#') {
      if (atoi(c->device + 1) != k) return 0;
    } else if (!strstr(dname, c->device)) {
      return 0;
    }
  }
  c->chosen_platform = p;
  c->chosen_device = d;
  snprintf(c->name, sizeof c->name, "%s", dname);
  return 1;
}

static int fut_cl_print(void *arg, fut_cl_handle p, fut_cl_handle d, int k, const char *pname, const char *dname) {
  (void)p; (void)d;
  fprintf((FILE *)arg, "#%d: platform \"%s\", device \"%s\"\n", k, pname, dname);
  return 0;
}

/* Appends " #k \"device\" (platform \"p\")" to the buffer (3000 bytes) at arg. */
static int fut_cl_describe(void *arg, fut_cl_handle p, fut_cl_handle d, int k, const char *pname, const char *dname) {
  (void)p; (void)d;
  char *buf = arg;
  size_t len = strlen(buf);
  if (len < 3000) snprintf(buf + len, 3000 - len, " #%d \"%s\" (platform \"%s\")", k, dname, pname);
  return 0;
}

static void fut_cl_close(struct fut_cl *cl) {
  if (!cl) return;
  /* Blocks that outlive their context (which the C API forbids) keep their host bytes, stale or not. */
  for (fut_cl_copy *c = cl->copies; c; c = c->next) {
    cl->clReleaseMemObject(c->buf);
    c->cl = NULL;
  }
  for (int i = 0; i < cl->nfree; i++) cl->clReleaseMemObject(cl->free_bufs[i].mem);
  for (int i = 0; i < cl->nkernels; i++) if (cl->kernels[i]) cl->clReleaseKernel(cl->kernels[i]);
  free(cl->kernels);
  if (cl->program) cl->clReleaseProgram(cl->program);
  if (cl->queue) cl->clReleaseCommandQueue(cl->queue);
  if (cl->context) cl->clReleaseContext(cl->context);
  /* The OpenCL library stays loaded (see fut_cl_open). */
  free(cl);
}

/* Opens the OpenCL library and resolves its functions; NULL with the error set if it cannot. */
static struct fut_cl *fut_cl_open(struct futhark_context *ctx) {
  const char *path = getenv("FUTHARK4J_OPENCL_LIBRARY");
  if (!path || !*path) path = "libOpenCL.so.1";
  struct fut_cl *cl = calloc(1, sizeof(struct fut_cl));
  if (!cl) { fut_api_error(ctx, "out of memory"); return NULL; }
  /* Opened for good (RTLD_NODELETE): a driver such as POCL carries LLVM, which cannot be unloaded
     and loaded again in one process; closing it with the last context and opening it again for
     the next crashed the process. */
  cl->lib = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
  if (!cl->lib) {
    char msg[1024];
    const char *why = dlerror();
    snprintf(msg, sizeof msg, "this library was built for OpenCL, but the OpenCL library %s cannot be loaded (%s); "
             "install an OpenCL driver with its ICD loader (Debian: ocl-icd-libopencl1 and a driver such as "
             "pocl-opencl-icd or the GPU vendor's)", path, why ? why : "not found");
    fut_api_error(ctx, msg);
    free(cl);
    return NULL;
  }
#define FUT_CL_RESOLVE(R, name, args)                                                          \
  *(void **)(&cl->name) = dlsym(cl->lib, #name);                                               \
  if (!cl->name) {                                                                             \
    fut_api_error(ctx, "the OpenCL library lacks the function " #name);                  \
    fut_cl_close(cl);                                                                          \
    return NULL;                                                                               \
  }
  FUT_CL_FUNCTIONS(FUT_CL_RESOLVE)
#undef FUT_CL_RESOLVE
  return cl;
}

FUT_FN int fut_cl_init(struct futhark_context *ctx, const struct futhark_context_config *cfg) {
  struct fut_cl *cl = fut_cl_open(ctx);
  if (!cl) return 1;
  char msg[4096];
  struct fut_cl_choice choice = {cfg->platform, cfg->device, NULL, NULL, ""};
  int seen = fut_cl_devices(cl, fut_cl_pick, &choice);
  if (!choice.chosen_device) {
    if (seen == 0) {
      snprintf(msg, sizeof msg, "OpenCL has no devices: no platform reports a device (is an OpenCL driver "
               "installed? Debian: pocl-opencl-icd for the CPU, or the GPU vendor's driver)");
    } else {
      char want[600], have[3000] = "";
      snprintf(want, sizeof want, "%s%s%s%s%s%s", cfg->platform ? "platform \"" : "", cfg->platform ? cfg->platform : "",
               cfg->platform ? "\"" : "", cfg->platform && cfg->device ? " and " : "",
               cfg->device ? "device \"" : "", cfg->device ? cfg->device : "");
      if (cfg->device) strcat(want, "\"");
      fut_cl_devices(cl, fut_cl_describe, have);
      snprintf(msg, sizeof msg, "no OpenCL device matches %s; the devices are:%s", want, have);
    }
    fut_api_error(ctx, msg);
    fut_cl_close(cl);
    return 1;
  }
  cl->platform = choice.chosen_platform;
  cl->device = choice.chosen_device;
  snprintf(cl->device_name, sizeof cl->device_name, "%s", choice.name);
  fut_cl_bitfield fp64 = 0;
  cl->clGetDeviceInfo(cl->device, FUT_CL_DEVICE_DOUBLE_FP_CONFIG, sizeof fp64, &fp64, NULL);
  fut_cl_int e = 0;
  cl->context = cl->clCreateContext(NULL, 1, &cl->device, NULL, NULL, &e);
  if (!cl->context) goto api_fail;
  cl->queue = cl->clCreateCommandQueue(cl->context, cl->device, 0, &e);
  if (!cl->queue) goto api_fail;
  const char *src = fut_cl_source();
  size_t len = strlen(src);
  cl->program = cl->clCreateProgramWithSource(cl->context, 1, &src, &len, &e);
  if (!cl->program) goto api_fail;
  /* No contraction of a*b+c (the kernel text says so too), IEEE division and square root in f32, as
     the host computes them. */
  char opts[2048];
  snprintf(opts, sizeof opts, "-cl-fp32-correctly-rounded-divide-sqrt%s%s%s", fp64 ? " -DFUT_FP64" : "",
           cfg->build_options ? " " : "", cfg->build_options ? cfg->build_options : "");
  e = cl->clBuildProgram(cl->program, 1, &cl->device, opts, NULL, NULL);
  if (e != 0) {
    /* Once more with a new program object: POCL's on-disk kernel cache has failed a build now and
       then ("unable to rename temporary ..."), which a second build gets past; a program that
       really does not build fails again, with its log. */
    cl->clReleaseProgram(cl->program);
    cl->program = cl->clCreateProgramWithSource(cl->context, 1, &src, &len, &e);
    if (!cl->program) goto api_fail;
    e = cl->clBuildProgram(cl->program, 1, &cl->device, opts, NULL, NULL);
  }
  if (e != 0) {
    size_t loglen = 0;
    cl->clGetProgramBuildInfo(cl->program, cl->device, FUT_CL_PROGRAM_BUILD_LOG, 0, NULL, &loglen);
    char *log = malloc(loglen + 1);
    if (log) {
      log[0] = 0;
      cl->clGetProgramBuildInfo(cl->program, cl->device, FUT_CL_PROGRAM_BUILD_LOG, loglen, log, NULL);
      log[loglen] = 0;
    }
    snprintf(msg, sizeof msg, "OpenCL could not build the program's kernels for device \"%s\" (%s):\n%s",
             cl->device_name, fut_cl_error_name(e), log ? log : "");
    free(log);
    fut_api_error(ctx, msg);
    fut_cl_close(cl);
    return 1;
  }
  cl->nkernels = fut_cl_kernel_count();
  cl->kernels = calloc(cl->nkernels > 0 ? cl->nkernels : 1, sizeof(fut_cl_handle));
  if (!cl->kernels) { e = -6; goto api_fail; }
  for (int i = 0; i < cl->nkernels; i++) {
    cl->kernels[i] = cl->clCreateKernel(cl->program, fut_cl_kernel_name(i), &e);
    if (!cl->kernels[i]) goto api_fail;
  }
  ctx->cl = cl;
  return 0;
api_fail:
  snprintf(msg, sizeof msg, "OpenCL: setting up device \"%s\" failed with %s (%d)", cl->device_name,
           fut_cl_error_name(e), (int)e);
  fut_api_error(ctx, msg);
  fut_cl_close(cl);
  return 1;
}

FUT_FN void fut_cl_free(struct futhark_context *ctx) {
  fut_cl_close(ctx->cl);
  ctx->cl = NULL;
}

FUT_FN char *fut_cl_report(struct futhark_context *ctx) {
  char buf[768];
  /* Device names are plain text; a quote or backslash would end the JSON string. */
  char name[256];
  size_t j = 0;
  for (const char *p = ctx->cl->device_name; *p && j < sizeof name - 1; p++) name[j++] = (*p == '"' || *p == '\\') ? '?' : *p;
  name[j] = 0;
  struct fut_cl *cl = ctx->cl;
  snprintf(buf, sizeof buf,
           "{\"memory\":{},\"events\":[],\"device\":\"%s\",\"kernel_launches\":%lld,\"uploads\":%lld,"
           "\"upload_bytes\":%lld,\"downloads\":%lld,\"download_bytes\":%lld}",
           name, (long long)cl->launches, (long long)cl->uploads, (long long)cl->upload_bytes, (long long)cl->downloads,
           (long long)cl->download_bytes);
  return strdup(buf);
}

/* The free list and the list of copies are a device's, but a block may be freed by any thread
   (its last reference dropped in a parallel loop): both are changed under this lock. */
#define FUT_CL_LOCKED _Pragma("omp critical(fut_cl_buffers)")

/* A device buffer of `size` bytes: a free one of that size if there is one, else a new one (after
   releasing the free ones, if the device is out of memory). */
static fut_cl_handle fut_cl_buffer(struct fut_cl *cl, size_t size, fut_cl_int *e) {
  fut_cl_handle m = NULL;
  FUT_CL_LOCKED
  {
    for (int i = 0; i < cl->nfree; i++) {
      if (cl->free_bufs[i].size == size) {
        m = cl->free_bufs[i].mem;
        cl->free_bufs[i] = cl->free_bufs[--cl->nfree];
        break;
      }
    }
  }
  if (m) return m;
  m = cl->clCreateBuffer(cl->context, FUT_CL_MEM_READ_WRITE, size, NULL, e);
  if (m || (*e != -4 && *e != -61)) return m;
  FUT_CL_LOCKED
  {
    for (int i = 0; i < cl->nfree; i++) cl->clReleaseMemObject(cl->free_bufs[i].mem);
    cl->nfree = 0;
  }
  return cl->clCreateBuffer(cl->context, FUT_CL_MEM_READ_WRITE, size, NULL, e);
}

static void fut_cl_release(struct fut_cl *cl, fut_cl_handle m, size_t size) {
  if (!m) return;
  FUT_CL_LOCKED
  {
    if (cl->nfree == FUT_CL_FREE_SLOTS) {
      cl->clReleaseMemObject(cl->free_bufs[0].mem);
      cl->free_bufs[0] = cl->free_bufs[--cl->nfree];
    }
    cl->free_bufs[cl->nfree].mem = m;
    cl->free_bufs[cl->nfree].size = size;
    cl->nfree++;
  }
}

FUT_FN void fut_dev_drop(fut_mem *m) {
  fut_cl_copy *c = m->dev;
  m->dev = NULL;
  m->host_stale = 0;
  if (!c) return;
  struct fut_cl *cl = NULL;
  FUT_CL_LOCKED
  {
    cl = c->cl;
    if (cl) {
      if (c->prev) c->prev->next = c->next; else cl->copies = c->next;
      if (c->next) c->next->prev = c->prev;
    }
  }
  if (cl) fut_cl_release(cl, c->buf, c->size);
  free(c);
}

/* Copies a block's device bytes back to the host, if they are newer; 0 or an error code. */
static int fut_cl_download(struct futhark_context *ctx, fut_mem *m) {
  fut_cl_copy *c = m->dev;
  if (!c || !m->host_stale) return 0;
  if (!c->cl) {
    fut_error(ctx, NULL, "OpenCL: an array was used after its context was freed");
    return FUTHARK_PROGRAM_ERROR;
  }
  fut_cl_int e = c->cl->clEnqueueReadBuffer(c->cl->queue, c->buf, 1, 0, c->size, m->data, 0, NULL, NULL);
  if (e) {
    fut_cl_fail(ctx, NULL, "clEnqueueReadBuffer", e);
    return e == -4 || e == -6 ? FUTHARK_OUT_OF_MEMORY : FUTHARK_PROGRAM_ERROR;
  }
  m->host_stale = 0;
  c->cl->downloads++;
  c->cl->download_bytes += (int64_t)c->size;
  return 0;
}

FUT_FN int fut_dev_read(struct futhark_context *ctx, const fut_arr *a) {
  return a->mem ? fut_cl_download(ctx, a->mem) : 0;
}

FUT_FN int fut_dev_host(struct futhark_context *ctx, const fut_arr *a) {
  fut_mem *m = a->mem;
  if (!m || !m->dev) return 0;
  int r = fut_cl_download(ctx, m);
  fut_dev_drop(m);
  return r;
}

/* The device copy of the block of array a holding at least its first `bytes` bytes from a's start
   (a fresh one for a result: `out`, nothing uploaded), or NULL with *e set. An existing copy too
   small for this view is replaced. */
static fut_cl_copy *fut_cl_copy_of(struct futhark_context *ctx, struct fut_cl *cl, const fut_arr *a, size_t bytes,
                                   int out, fut_cl_int *e, const char **what) {
  fut_mem *m = a->mem;
  size_t need = (size_t)(a->data - m->data) + (bytes ? bytes : 1);
  fut_cl_copy *c = m->dev;
  if (c && (c->cl != cl || c->size < need || out)) {
    if (!out && fut_cl_download(ctx, m)) { *e = -5; *what = "copying an array back"; return NULL; }
    fut_dev_drop(m);
    c = NULL;
  }
  if (c) return c;
  c = malloc(sizeof *c);
  if (!c) { *e = -6; *what = "malloc"; return NULL; }
  *what = "clCreateBuffer";
  c->buf = fut_cl_buffer(cl, need, e);
  if (!c->buf) { free(c); return NULL; }
  c->size = need;
  if (!out) {
    *what = "clEnqueueWriteBuffer";
    *e = cl->clEnqueueWriteBuffer(cl->queue, c->buf, 0, 0, need, m->data, 0, NULL, NULL);
    if (*e) { fut_cl_release(cl, c->buf, need); free(c); return NULL; }
    cl->uploads++;
    cl->upload_bytes += (int64_t)need;
  }
  FUT_CL_LOCKED
  {
    c->cl = cl;
    c->prev = NULL;
    c->next = cl->copies;
    if (cl->copies) cl->copies->prev = c;
    cl->copies = c;
  }
  m->dev = c;
  m->host_stale = 0;
  return c;
}

FUT_FN int fut_cl_map(struct futhark_context *ctx, const char *loc, int kernel, int64_t n, int nargs,
                      const fut_karg *args) {
  struct fut_cl *cl = ctx->cl;
  if (n <= 0) return 0;
  if (!cl) {
    /* futhark_context_new failed (its error was there to read) and the context was used anyway. */
    fut_error(ctx, loc, "OpenCL: this context has no device (creating it failed)");
    return FUTHARK_PROGRAM_ERROR;
  }
  fut_cl_handle bufs[64] = {0};
  size_t sizes[64];
  int rc = 0;
  fut_cl_int e = 0;
  const char *what = "clSetKernelArg";
  if (nargs > 64) { fut_error(ctx, loc, "OpenCL: a kernel with more than 64 arguments"); return FUTHARK_PROGRAM_ERROR; }
  fut_cl_handle k = cl->kernels[kernel];
  fut_cl_uint ka = 0; /* the kernel's argument: an array (ARR) takes two */
  for (int a = 0; a < nargs; a++, ka++) {
    const fut_karg *g = &args[a];
    if (g->kind == FUT_KARG_SCALAR) {
      e = cl->clSetKernelArg(k, ka, g->bytes, g->ptr);
      if (e) goto fail;
      continue;
    }
    if (g->kind == FUT_KARG_ARR || g->kind == FUT_KARG_ARR_OUT || g->kind == FUT_KARG_ARR_INOUT) {
      const fut_arr *arr = g->ptr;
      fut_cl_copy *c = fut_cl_copy_of(ctx, cl, arr, g->bytes, g->kind == FUT_KARG_ARR_OUT, &e, &what);
      if (!c) goto fail;
      what = "clSetKernelArg";
      e = cl->clSetKernelArg(k, ka, sizeof(fut_cl_handle), &c->buf);
      if (e) goto fail;
      if (g->kind != FUT_KARG_ARR_OUT) {
        int64_t off = (int64_t)(arr->data - arr->mem->data);
        e = cl->clSetKernelArg(k, ++ka, sizeof off, &off);
        if (e) goto fail;
      }
      continue;
    }
    /* Host bytes: a buffer for this launch. Zero bytes still get one (OpenCL has none of size 0). */
    sizes[a] = g->bytes ? g->bytes : 1;
    what = "clCreateBuffer";
    bufs[a] = fut_cl_buffer(cl, sizes[a], &e);
    if (!bufs[a]) goto fail;
    if ((g->kind == FUT_KARG_IN || g->kind == FUT_KARG_INOUT) && g->bytes) {
      what = "clEnqueueWriteBuffer";
      e = cl->clEnqueueWriteBuffer(cl->queue, bufs[a], 0, 0, g->bytes, g->ptr, 0, NULL, NULL);
      if (e) goto fail;
    }
    what = "clSetKernelArg";
    e = cl->clSetKernelArg(k, ka, sizeof(fut_cl_handle), &bufs[a]);
    if (e) goto fail;
  }
  size_t global = (size_t)n;
  what = "clEnqueueNDRangeKernel";
  e = cl->clEnqueueNDRangeKernel(cl->queue, k, 1, NULL, &global, NULL, 0, NULL, NULL);
  if (e) goto fail;
  cl->launches++;
  for (int a = 0; a < nargs; a++) {
    if (args[a].kind == FUT_KARG_ARR_OUT || args[a].kind == FUT_KARG_ARR_INOUT) ((fut_arr *)args[a].ptr)->mem->host_stale = 1;
    if ((args[a].kind != FUT_KARG_OUT && args[a].kind != FUT_KARG_INOUT) || !args[a].bytes) continue;
    what = "clEnqueueReadBuffer";
    e = cl->clEnqueueReadBuffer(cl->queue, bufs[a], 0, 0, args[a].bytes, args[a].ptr, 0, NULL, NULL);
    if (e) goto fail;
  }
  what = "clFinish";
  e = cl->clFinish(cl->queue);
  if (e) goto fail;
  goto done;
fail:
  fut_cl_fail(ctx, loc, what, e);
  rc = e == -4 || e == -6 ? FUTHARK_OUT_OF_MEMORY : FUTHARK_PROGRAM_ERROR;
  cl->clFinish(cl->queue);
done:
  for (int a = 0; a < nargs; a++) fut_cl_release(cl, bufs[a], sizes[a]);
  return rc;
}

void futhark_context_config_set_device(struct futhark_context_config *cfg, const char *s) {
  free(cfg->device);
  cfg->device = s ? strdup(s) : NULL;
}

void futhark_context_config_set_platform(struct futhark_context_config *cfg, const char *s) {
  free(cfg->platform);
  cfg->platform = s ? strdup(s) : NULL;
}

void futhark_context_config_add_build_option(struct futhark_context_config *cfg, const char *opt) {
  size_t old = cfg->build_options ? strlen(cfg->build_options) : 0, add = strlen(opt);
  char *s = realloc(cfg->build_options, old + add + 2);
  if (!s) return;
  if (old) s[old++] = ' ';
  memcpy(s + old, opt, add + 1);
  cfg->build_options = s;
}

void futhark_context_config_list_devices(struct futhark_context_config *cfg) {
  (void)cfg;
  struct futhark_context probe;
  memset(&probe, 0, sizeof probe);
  struct fut_cl *cl = fut_cl_open(&probe);
  if (!cl) {
    fprintf(stderr, "%s\n", probe.error ? probe.error : "OpenCL is not available");
    free(probe.error);
    return;
  }
  fut_cl_devices(cl, fut_cl_print, stdout);
  fut_cl_close(cl);
}
