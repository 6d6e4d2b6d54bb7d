package io.github.futhark4j.runtime;

import com.sun.jna.Function;
import com.sun.jna.NativeLibrary;
import io.github.futhark4j.FutharkException;
import java.nio.file.Path;

/**
 * The loaded shared library and its context functions, each resolved once at load time so that a
 * call costs one JNA {@link Function#invoke} and no symbol look-up, and what the manifest's backend
 * tells about the library: whether {@code futhark_context_sync} can be skipped and whether arrays
 * live in host memory.
 */
final class NativeApi {
  final Path path;
  /** The backend the library was built for (its manifest's). */
  final String backend;
  final NativeLibrary library;
  final Function configNew;
  final Function configFree;
  final Function configSetNumThreads; // only multicore libraries have it
  final Function configSetTuningParam; // libraries of older compilers may lack it
  final Function contextNew;
  final Function contextFree;
  final Function contextSync;
  /** {@code futhark_context_config_set_device}, in libraries of backends with devices; else null. */
  final Function configSetDevice;

  /**
   * What creating and freeing this library's contexts hold: for libraries of backends with devices
   * one lock for the whole process, since drivers' set-up is not safe to run from two threads at
   * once (two OpenCL libraries making contexts at the same time crashed POCL's ICD loader, or saw
   * no devices); for others an object of their own.
   */
  final Object setupLock;

  private static final Object DEVICE_SETUP = new Object();
  /** {@code futhark_context_report}, or null in a library without it. */
  final Function contextReport;
  final Function contextGetError;
  /**
   * Whether every API function finishes its work (and reports its errors) before returning, so
   * that {@code futhark_context_sync} is a no-op the runtime may skip: see {@link #syncIsNoop}.
   */
  final boolean syncIsNoop;
  /** Whether array storage is host memory ({@code new_raw}/{@code values_raw} take and give plain pointers). */
  final boolean hostMemory;
  /**
   * System property {@code futhark4j.rawArrays}: {@code false} makes the runtime ignore
   * {@code new_raw}/{@code values_raw} and copy through staging buffers (for comparisons).
   */
  static final boolean RAW_ARRAYS = !"false".equals(System.getProperty("futhark4j.rawArrays"));

  /**
   * Users of each loaded library, by identity. {@link NativeLibrary#getInstance} gives every
   * caller the same instance for a path while it is loaded, so the library is closed only when the
   * last {@code NativeApi} of it is released. Guarded by itself.
   */
  private static final java.util.IdentityHashMap<NativeLibrary, int[]> USERS = new java.util.IdentityHashMap<>();

  /**
   * {@code dlopen} flags: {@code RTLD_LAZY} without {@code RTLD_GLOBAL} (JNA's default adds it).
   * Every Futhark library exports the same names ({@code futhark_context_new}, ...); made global,
   * an earlier library's definitions would take the place of a later one's in its calls of its
   * own functions (a library built without {@code -Bsymbolic}, such as the real compiler's).
   */
  private static final java.util.Map<String, Object> OPEN_OPTIONS = java.util.Map.of(com.sun.jna.Library.OPTION_OPEN_FLAGS, 1);

  private final java.util.concurrent.atomic.AtomicBoolean released = new java.util.concurrent.atomic.AtomicBoolean();

  NativeApi(Path sharedLibrary, String backend) {
    this.path = sharedLibrary.toAbsolutePath();
    this.backend = backend;
    this.syncIsNoop = syncIsNoop(backend);
    this.hostMemory = hostMemory(backend);
    synchronized (USERS) {
      try {
        this.library = NativeLibrary.getInstance(path.toString(), OPEN_OPTIONS);
      } catch (UnsatisfiedLinkError e) {
        throw new FutharkException("cannot load " + path + ": " + e.getMessage(), e);
      }
      USERS.computeIfAbsent(library, l -> new int[1])[0]++;
    }
    try {
      configNew = function("futhark_context_config_new");
      configFree = function("futhark_context_config_free");
      configSetNumThreads = optional("futhark_context_config_set_num_threads");
      configSetTuningParam = optional("futhark_context_config_set_tuning_param");
      configSetDevice = optional("futhark_context_config_set_device");
      setupLock = configSetDevice != null ? DEVICE_SETUP : new Object();
      contextNew = function("futhark_context_new");
      contextFree = function("futhark_context_free");
      contextSync = function("futhark_context_sync");
      contextReport = optional("futhark_context_report");
      contextGetError = function("futhark_context_get_error");
    } catch (RuntimeException e) {
      release();
      throw e;
    }
  }

  /**
   * Gives up this user's hold on the library; the last one closes it. Closing unloads the library
   * and removes it from JNA's table of loaded libraries, which otherwise keeps an entry for every
   * library ever loaded (a {@code WeakReference} and its path strings: about 0.5 KB per distinct
   * program in a long-running host). Called once the context is freed, when nothing may call into
   * the library any more; later calls do nothing.
   */
  void release() {
    if (!released.compareAndSet(false, true)) return;
    synchronized (USERS) {
      int[] n = USERS.get(library);
      if (n != null && --n[0] > 0) return;
      USERS.remove(library);
      library.close();
    }
  }

  /** Libraries this process holds loaded through the runtime (tests, diagnostics). */
  static int loadedCount() {
    synchronized (USERS) {
      return USERS.size();
    }
  }


  /**
   * The C API reference (section "Entry points") says that for the sequential {@code c} backend
   * errors are available when an entry point returns and {@code futhark_context_sync} always
   * returns zero. The {@code multicore} backend's sync is likewise an unconditional
   * {@code return 0} (Futhark's runtime, rts/c/backends/multicore.h: its scheduler finishes the
   * work before an entry point returns), and {@code ispc} builds on that backend; the built-in
   * compiler's runtime does the same for both of its backends. GPU backends queue work, so they
   * keep the sync.
   */
  static boolean syncIsNoop(String backend) {
    return "c".equals(backend) || "multicore".equals(backend) || "ispc".equals(backend);
  }

  /**
   * The reference calls the raw functions' pointer backend-specific ({@code cl_mem} for OpenCL,
   * device memory for CUDA and HIP); the CPU backends {@code c}, {@code multicore} and
   * {@code ispc} (a multicore variant) keep arrays in plain host memory, row-major.
   */
  static boolean hostMemory(String backend) {
    if (!RAW_ARRAYS) return false;
    return "c".equals(backend) || "multicore".equals(backend) || "ispc".equals(backend);
  }

  /** A required C function; its absence means the library and its manifest do not match. */
  Function function(String name) {
    try {
      return library.getFunction(name);
    } catch (UnsatisfiedLinkError e) {
      throw new FutharkException(path + " has no C function " + name
          + " (the library does not implement the Futhark C API its manifest describes)", e);
    }
  }

  /** A C function that may be absent, or {@code null}. */
  Function optional(String name) {
    try {
      return library.getFunction(name);
    } catch (UnsatisfiedLinkError e) {
      return null;
    }
  }
}
