package io.github.futhark4j;

import io.github.futhark4j.toolchain.CpuTarget;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * How to compile and run a program. Immutable; {@code with*} methods return a copy. Every value is
 * checked when the options are made: an invalid one is an {@link IllegalArgumentException} at once,
 * naming the option and what it accepts, never a surprise at compile or call time.
 *
 * @param sourceName   the name diagnostics use for in-memory source (default {@code <eval>});
 *                     {@code null} means the default
 * @param compiler     {@code builtin} (default), {@code external} (an installed futhark; error if
 *                     none), or {@code auto} (external when installed, else built-in); {@code null}
 *                     means the default
 * @param backend      {@code multicore} (default), {@code c} or {@code opencl} (OpenCL kernels for
 *                     what runs on a device, the rest as multicore; needs an OpenCL driver when
 *                     loaded); for an external compiler also {@code ispc}, {@code cuda},
 *                     {@code hip}; {@code null} means the default
 * @param threads      number of threads for the context, 0 to {@value #MAX_THREADS}; 0 means all
 *                     cores (default)
 * @param cacheDir     on-disk cache directory; {@code null} means the default (system property
 *                     {@code futhark4j.cache}, environment {@code FUTHARK4J_CACHE},
 *                     {@code $XDG_CACHE_HOME/futhark4j}, {@code ~/.cache/futhark4j})
 * @param futhark      path of the external futhark executable; {@code null} means look it up
 *                     ({@code futhark4j.futhark} property, {@code FUTHARK} env var, {@code PATH})
 * @param toolTimeout  how long the C compiler and an external futhark may run per build step
 *                     before they are stopped and the compile fails; {@code null} means the
 *                     default (system property {@code futhark4j.toolTimeout}, else 10 minutes)
 * @param cacheLimit   the size in bytes the on-disk cache is kept under by evicting the least
 *                     recently used entries after each build; 0 means the default (system property
 *                     {@code futhark4j.cacheLimit}, environment {@code FUTHARK4J_CACHE_LIMIT}, else
 *                     1 GiB)
 * @param floatContraction whether the generated C may contract floating-point operations, e.g.
 *                     {@code a * b + c} into one fused multiply-add ({@code fp-contract=fast}):
 *                     often faster, but it rounds once where the reference rounds twice, so
 *                     results can differ from {@code futhark}'s in the last bit. {@code false}
 *                     keeps the reference's rounding; {@code null} means the default (system
 *                     property {@value #FLOAT_CONTRACTION_PROPERTY}, else {@code false}). Part of
 *                     the compile cache key
 * @param tuning       values of the program's tuning parameters (its {@code #[param(NAME)] e}
 *                     expressions, listed by {@link FutharkProgram#tuningParameters()}), set in
 *                     the context's configuration when the program is loaded, as
 *                     {@code futhark_context_config_set_tuning_param} does; a parameter not given
 *                     keeps its default. {@code null} means none. A name the program does not have
 *                     fails the load
 * @param cpuTarget    the instruction set libraries are compiled for: {@code native} or an
 *                     x86-64 level ({@code x86-64}, {@code x86-64-v2}, {@code -v3}, {@code -v4});
 *                     {@code null} means the default (system property {@value
 *                     #CPU_TARGET_PROPERTY}, environment {@value #CPU_TARGET_ENV}, else {@code
 *                     native}). Part of the compile cache key
 * @param device       for the backends with a device ({@code opencl}, {@code cuda}, {@code hip}), which
 *                     one the context uses, as {@code futhark_context_config_set_device} takes it: the
 *                     first device whose name contains this text, or {@code #k} for the k-th device;
 *                     {@code null} means the first device. A library without devices refuses it when
 *                     loaded
 * @throws IllegalArgumentException an unknown compiler or backend, a negative or absurd thread
 *                                  count, an empty source name, a timeout that is not positive or
 *                                  a negative cache limit, a tuning parameter with an empty name or a
 *                                  negative value, or an unknown CPU target
 */
public record FutharkOptions(String sourceName, String compiler, String backend, int threads, Path cacheDir, Path futhark,
    Duration toolTimeout, long cacheLimit, Boolean floatContraction, Map<String, Long> tuning, String cpuTarget,
    String device) {
  /** The system property giving {@link #floatContraction()} when it is {@code null}: {@code true} or {@code false}. */
  public static final String FLOAT_CONTRACTION_PROPERTY = "futhark4j.floatContraction";

  /** The system property giving {@link #cpuTarget()} when it is {@code null}, else the environment variable {@value #CPU_TARGET_ENV}. */
  public static final String CPU_TARGET_PROPERTY = "futhark4j.cpuTarget";
  /** The environment variable giving {@link #cpuTarget()} when it and {@value #CPU_TARGET_PROPERTY} are unset. */
  public static final String CPU_TARGET_ENV = "FUTHARK4J_CPU_TARGET";

  /** The accepted values of {@link #compiler()}. */
  public static final List<String> COMPILERS = List.of("builtin", "external", "auto");
  /**
   * The accepted values of {@link #backend()}: the backends that make a library with the Futhark C
   * API. The built-in compiler has {@code c} and {@code multicore}; the others need an installed
   * futhark.
   */
  public static final List<String> BACKENDS = List.of("multicore", "c", "ispc", "opencl", "cuda", "hip");
  /** The largest accepted {@link #threads()}: more threads than that is a mistake, not a machine. */
  public static final int MAX_THREADS = 4096;

  public FutharkOptions {
    if (sourceName != null && sourceName.isEmpty()) {
      throw new IllegalArgumentException("sourceName must not be empty (null means the default <eval>)");
    }
    if (compiler != null && !COMPILERS.contains(compiler)) {
      throw new IllegalArgumentException("unknown compiler \"" + compiler + "\"; use \"builtin\", \"external\" or \"auto\"");
    }
    if (backend != null && !BACKENDS.contains(backend)) {
      throw new IllegalArgumentException("unknown backend \"" + backend + "\"; use one of " + String.join(", ", BACKENDS));
    }
    checkThreads(threads);
    if (toolTimeout != null && (toolTimeout.isNegative() || toolTimeout.isZero())) {
      throw new IllegalArgumentException("toolTimeout must be positive (null means the default), not " + toolTimeout);
    }
    if (cacheLimit < 0) {
      throw new IllegalArgumentException("cacheLimit must be a number of bytes, or 0 for the default, not " + cacheLimit);
    }
    TreeMap<String, Long> t = new TreeMap<>();
    if (tuning != null) {
      for (var e : tuning.entrySet()) {
        if (e.getKey() == null || e.getKey().isEmpty()) throw new IllegalArgumentException("a tuning parameter needs a name");
        if (e.getValue() == null || e.getValue() < 0) {
          throw new IllegalArgumentException("tuning parameter " + e.getKey() + " must be a non-negative number, not " + e.getValue());
        }
        t.put(e.getKey(), e.getValue());
      }
    }
    tuning = Collections.unmodifiableMap(t);
    if (cpuTarget != null) cpuTarget = CpuTarget.of(cpuTarget).name();
    if (device != null && device.isEmpty()) {
      throw new IllegalArgumentException("device must not be empty (null means the first device)");
    }
  }

  /** Options without a device (the components before it existed): the first device. */
  public FutharkOptions(String sourceName, String compiler, String backend, int threads, Path cacheDir, Path futhark,
      Duration toolTimeout, long cacheLimit, Boolean floatContraction, Map<String, Long> tuning, String cpuTarget) {
    this(sourceName, compiler, backend, threads, cacheDir, futhark, toolTimeout, cacheLimit, floatContraction, tuning, cpuTarget, null);
  }

  /** Options without a CPU target (the components before it existed): the default target. */
  public FutharkOptions(String sourceName, String compiler, String backend, int threads, Path cacheDir, Path futhark,
      Duration toolTimeout, long cacheLimit, Boolean floatContraction, Map<String, Long> tuning) {
    this(sourceName, compiler, backend, threads, cacheDir, futhark, toolTimeout, cacheLimit, floatContraction, tuning, null);
  }

  /** Options without tuning parameters (the components before they existed). */
  public FutharkOptions(String sourceName, String compiler, String backend, int threads, Path cacheDir, Path futhark,
      Duration toolTimeout, long cacheLimit, Boolean floatContraction) {
    this(sourceName, compiler, backend, threads, cacheDir, futhark, toolTimeout, cacheLimit, floatContraction, null);
  }

  /** Options with the default tool timeout and cache limit (the components before they existed). */
  public FutharkOptions(String sourceName, String compiler, String backend, int threads, Path cacheDir, Path futhark) {
    this(sourceName, compiler, backend, threads, cacheDir, futhark, null, 0, null);
  }

  /** Options with the default floating-point contraction (the components before it existed). */
  public FutharkOptions(String sourceName, String compiler, String backend, int threads, Path cacheDir, Path futhark,
      Duration toolTimeout, long cacheLimit) {
    this(sourceName, compiler, backend, threads, cacheDir, futhark, toolTimeout, cacheLimit, null);
  }

  /**
   * Whether floating-point contraction is on for these options: {@link #floatContraction()}, or
   * when that is {@code null} the system property {@value #FLOAT_CONTRACTION_PROPERTY} (read now).
   *
   * @throws IllegalArgumentException the property is set to something other than {@code true} or {@code false}
   */
  public boolean floatContractionInEffect() {
    if (floatContraction != null) return floatContraction;
    String p = System.getProperty(FLOAT_CONTRACTION_PROPERTY);
    if (p == null || p.isBlank()) return false;
    return switch (p.trim().toLowerCase(java.util.Locale.ROOT)) {
      case "true" -> true;
      case "false" -> false;
      default -> throw new IllegalArgumentException("system property " + FLOAT_CONTRACTION_PROPERTY
          + " must be true or false, not \"" + p + "\"");
    };
  }

  /**
   * The instruction set libraries are compiled for: {@link #cpuTarget()}, or when that is {@code
   * null} the system property {@value #CPU_TARGET_PROPERTY}, else the environment variable {@value
   * #CPU_TARGET_ENV} (read now), else {@code native}.
   *
   * @throws IllegalArgumentException the property or variable names no target
   */
  public String cpuTargetInEffect() {
    if (cpuTarget != null) return cpuTarget;
    String p = System.getProperty(CPU_TARGET_PROPERTY);
    if (p == null || p.isBlank()) p = System.getenv(CPU_TARGET_ENV);
    if (p == null || p.isBlank()) return "native";
    try {
      return CpuTarget.of(p).name();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(e.getMessage() + " (from " + (System.getProperty(CPU_TARGET_PROPERTY) != null
          ? "system property " + CPU_TARGET_PROPERTY : "environment variable " + CPU_TARGET_ENV) + ")", e);
    }
  }

  /**
   * Checks a thread count.
   *
   * @throws IllegalArgumentException unless {@code 0 <= threads <= MAX_THREADS}
   */
  public static int checkThreads(int threads) {
    if (threads < 0 || threads > MAX_THREADS) {
      throw new IllegalArgumentException("threads must be between 0 (one per core) and " + MAX_THREADS + ", not " + threads);
    }
    return threads;
  }

  /** The defaults: {@code <eval>}, built-in compiler, multicore backend, all cores, default cache. */
  public static FutharkOptions defaults() {
    return new FutharkOptions("<eval>", "builtin", "multicore", 0, null, null);
  }

  /** A copy with this source name. */
  public FutharkOptions withSourceName(String v) { return new FutharkOptions(v, compiler, backend, threads, cacheDir, futhark, toolTimeout, cacheLimit, floatContraction, tuning, cpuTarget, device); }

  /** A copy with this compiler ({@code builtin}, {@code external}, {@code auto}). */
  public FutharkOptions withCompiler(String v) { return new FutharkOptions(sourceName, v, backend, threads, cacheDir, futhark, toolTimeout, cacheLimit, floatContraction, tuning, cpuTarget, device); }

  /** A copy with this backend (see {@link #BACKENDS}). */
  public FutharkOptions withBackend(String v) { return new FutharkOptions(sourceName, compiler, v, threads, cacheDir, futhark, toolTimeout, cacheLimit, floatContraction, tuning, cpuTarget, device); }

  /** A copy with this thread count (0 means one per core). */
  public FutharkOptions withThreads(int v) { return new FutharkOptions(sourceName, compiler, backend, v, cacheDir, futhark, toolTimeout, cacheLimit, floatContraction, tuning, cpuTarget, device); }

  /** A copy with this cache directory ({@code null}: the default). */
  public FutharkOptions withCacheDir(Path v) { return new FutharkOptions(sourceName, compiler, backend, threads, v, futhark, toolTimeout, cacheLimit, floatContraction, tuning, cpuTarget, device); }

  /** A copy with this external futhark executable ({@code null}: look it up). */
  public FutharkOptions withFuthark(Path v) { return new FutharkOptions(sourceName, compiler, backend, threads, cacheDir, v, toolTimeout, cacheLimit, floatContraction, tuning, cpuTarget, device); }

  /** A copy with this timeout for the C compiler and an external futhark ({@code null}: the default). */
  public FutharkOptions withToolTimeout(Duration v) { return new FutharkOptions(sourceName, compiler, backend, threads, cacheDir, futhark, v, cacheLimit, floatContraction, tuning, cpuTarget, device); }

  /**
   * A copy that lets the generated C contract floating-point operations into fused multiply-adds
   * ({@code true}: faster, but rounding differs from the reference in the last bit), keeps the
   * reference's rounding ({@code false}), or follows the system property
   * {@value #FLOAT_CONTRACTION_PROPERTY} ({@code null}, the default).
   */
  public FutharkOptions withFloatContraction(Boolean v) { return new FutharkOptions(sourceName, compiler, backend, threads, cacheDir, futhark, toolTimeout, cacheLimit, v, tuning, cpuTarget, device); }

  /** A copy with this on-disk cache size limit in bytes (0: the default). */
  public FutharkOptions withCacheLimit(long v) { return new FutharkOptions(sourceName, compiler, backend, threads, cacheDir, futhark, toolTimeout, v, floatContraction, tuning, cpuTarget, device); }

  /**
   * A copy compiling for this instruction set ({@code null}: the default, see {@link
   * #cpuTargetInEffect()}): {@code native} (the building CPU's, every feature it has) or an x86-64
   * level, {@code x86-64}, {@code x86-64-v2}, {@code x86-64-v3}, {@code x86-64-v4}, whose libraries
   * run on every CPU with the level's features, e.g. the executors of a Spark cluster of mixed
   * CPUs. Part of the compile cache key.
   *
   * @throws IllegalArgumentException an unknown target
   */
  public FutharkOptions withCpuTarget(String v) { return new FutharkOptions(sourceName, compiler, backend, threads, cacheDir, futhark, toolTimeout, cacheLimit, floatContraction, tuning, v, device); }

  /**
   * A copy that runs on this device ({@code null}: the first one) of a backend with devices: the
   * first whose name contains {@code v}, or {@code #k} for the k-th (see {@link #device()}).
   */
  public FutharkOptions withDevice(String v) { return new FutharkOptions(sourceName, compiler, backend, threads, cacheDir, futhark, toolTimeout, cacheLimit, floatContraction, tuning, cpuTarget, v); }

  /** A copy with this tuning parameter set (see {@link #tuning()}). */
  public FutharkOptions withTuningParam(String name, long value) {
    Map<String, Long> t = new TreeMap<>(tuning);
    t.put(name, value);
    return withTuning(t);
  }

  /** A copy with these tuning parameters instead of the current ones ({@code null}: none). */
  public FutharkOptions withTuning(Map<String, Long> v) { return new FutharkOptions(sourceName, compiler, backend, threads, cacheDir, futhark, toolTimeout, cacheLimit, floatContraction, v, cpuTarget, device); }

  /** Written out, not generated: see {@code Futhark.Key} (a record's are linked at first use, slowly). */
  @Override
  public boolean equals(Object o) {
    return o instanceof FutharkOptions x && threads == x.threads && cacheLimit == x.cacheLimit
        && java.util.Objects.equals(sourceName, x.sourceName) && java.util.Objects.equals(compiler, x.compiler)
        && java.util.Objects.equals(backend, x.backend) && java.util.Objects.equals(cacheDir, x.cacheDir)
        && java.util.Objects.equals(futhark, x.futhark) && java.util.Objects.equals(toolTimeout, x.toolTimeout)
        && java.util.Objects.equals(floatContraction, x.floatContraction) && java.util.Objects.equals(tuning, x.tuning)
        && java.util.Objects.equals(cpuTarget, x.cpuTarget) && java.util.Objects.equals(device, x.device);
  }

  @Override
  public int hashCode() {
    int h = java.util.Objects.hashCode(sourceName);
    h = h * 31 + java.util.Objects.hashCode(compiler);
    h = h * 31 + java.util.Objects.hashCode(backend);
    h = h * 31 + threads;
    h = h * 31 + java.util.Objects.hashCode(cacheDir);
    h = h * 31 + java.util.Objects.hashCode(futhark);
    h = h * 31 + java.util.Objects.hashCode(toolTimeout);
    h = h * 31 + Long.hashCode(cacheLimit);
    h = h * 31 + java.util.Objects.hashCode(floatContraction);
    h = h * 31 + java.util.Objects.hashCode(tuning);
    h = h * 31 + java.util.Objects.hashCode(cpuTarget);
    return h * 31 + java.util.Objects.hashCode(device);
  }
}
