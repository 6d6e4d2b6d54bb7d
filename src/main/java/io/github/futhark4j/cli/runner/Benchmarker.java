package io.github.futhark4j.cli.runner;

import io.github.futhark4j.cli.runner.LoadedProgram.RunFailure;
import io.github.futhark4j.cli.spec.Datasets;
import io.github.futhark4j.cli.spec.Datasets.DatasetException;
import io.github.futhark4j.cli.spec.TestSpec;
import io.github.futhark4j.cli.spec.TestSpec.InputOutputs;
import io.github.futhark4j.cli.spec.TestSpec.RunCases;
import io.github.futhark4j.cli.spec.TestSpec.Script;
import io.github.futhark4j.cli.spec.TestSpec.Succeeds;
import io.github.futhark4j.cli.spec.TestSpec.TestRun;
import io.github.futhark4j.ScalarType;
import io.github.futhark4j.data.Value;
import io.github.futhark4j.data.ValueComparator;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The engine of {@code futhark4j bench}: for each dataset of a program's test blocks (random inputs
 * included; cases tagged {@code nobench}, {@code disable}, {@code no_<backend>} or an excluded tag
 * left out), one warm-up run whose result is checked when the block gives one, a pause until the
 * JVM's compiler and collector are idle ({@link #settle}), more untimed runs until the warm-up has
 * taken {@link #WARMUP_NANOS} (so that the JVM has compiled the call path
 * of a cheap entry point: interpreted, a call costs some microseconds, compiled a few hundred
 * nanoseconds; a call that takes longer than that is warmed up once), then {@code runs} timed
 * runs. Times are wall-clock nanoseconds, reported in microseconds.
 *
 * <p>By default a run is timed the way {@code futhark bench} times it: the dataset is converted
 * into the program's native memory once, before the warm-up ({@link LoadedProgram#resident}), and
 * each run times the entry point call alone on those values; its results stay native and are freed
 * after the clock stops. An array passed to a consuming parameter ({@code *[]t}) is copied before
 * each run, outside the timing. Checking the warm-up's result converts it, also untimed. With
 * {@code transfer}, each timed run instead includes converting the arguments from Java values and
 * the results back, the whole cost of a call on Java data.
 */
public final class Benchmarker {
  /**
   * Timings of one dataset in nanoseconds, or the reason it has none. The mean and standard
   * deviation are in microseconds, from the nanoseconds (a call under a microsecond is not 0);
   * {@link #runtimes()} gives whole microseconds, as {@code futhark bench}'s JSON has them.
   */
  public record DatasetResult(String name, List<Long> nanos, String error) {
    /** Each run in whole microseconds (rounded). */
    public List<Long> runtimes() {
      return nanos.stream().map(t -> Math.round(t / 1000.0)).toList();
    }

    /** The mean in microseconds. */
    public double mean() {
      return nanos.stream().mapToLong(Long::longValue).average().orElse(Double.NaN) / 1000.0;
    }

    /** The sample standard deviation in microseconds (0 for a single run). */
    public double stddev() {
      int n = nanos.size();
      if (n < 2) return 0;
      double m = mean();
      double ss = 0;
      for (long t : nanos) ss += (t / 1000.0 - m) * (t / 1000.0 - m);
      return Math.sqrt(ss / (n - 1));
    }

    public boolean failed() { return error != null; }
  }

  /** The results for one entry point of one program, keyed as futhark bench does: {@code prog.fut:entry}. */
  public record EntryResult(String key, List<DatasetResult> datasets) {}

  /** How long the warm-up runs of a dataset take at least (unless a single run takes longer). */
  public static final long WARMUP_NANOS = 200_000_000L;

  private final int runs;
  private final long warmupNanos;
  private final Set<String> excluded;
  private final String entryFilter;
  private final boolean transfer;

  /**
   * @param runs        timed runs per dataset
   * @param excluded    tags that exclude a dataset ({@code nobench}, {@code disable}, {@code no_<backend>} are added)
   * @param backend     the backend name
   * @param entryFilter only this entry point, or null for all
   */
  public Benchmarker(int runs, Set<String> excluded, String backend, String entryFilter) {
    this(runs, excluded, backend, entryFilter, false);
  }

  /**
   * @param runs        timed runs per dataset
   * @param excluded    tags that exclude a dataset ({@code nobench}, {@code disable}, {@code no_<backend>} are added)
   * @param backend     the backend name
   * @param entryFilter only this entry point, or null for all
   * @param transfer    time the conversions between Java values and native memory too (each run
   *                    converts the arguments and results), instead of the call alone on resident values
   */
  public Benchmarker(int runs, Set<String> excluded, String backend, String entryFilter, boolean transfer) {
    this(runs, excluded, backend, entryFilter, transfer, WARMUP_NANOS);
  }

  /** As above, warming up for {@code warmupNanos} (0: the one checked warm-up run only). */
  Benchmarker(int runs, Set<String> excluded, String backend, String entryFilter, boolean transfer, long warmupNanos) {
    this.warmupNanos = warmupNanos;
    this.transfer = transfer;
    this.runs = runs;
    this.excluded = new java.util.HashSet<>(excluded);
    this.excluded.add("nobench");
    this.excluded.add("disable");
    this.excluded.add("no_" + backend);
    this.entryFilter = entryFilter;
  }

  /** True when the program has at least one dataset this benchmarker would run (else it is not even compiled). */
  public boolean hasDatasets(TestSpec spec) {
    if (!(spec.action() instanceof RunCases rc)) return false;
    if (spec.tags().stream().anyMatch(excluded::contains)) return false;
    return rc.ios().stream().filter(io -> entryFilter == null || entryFilter.equals(io.entryPoint()))
        .flatMap(io -> io.runs().stream()).anyMatch(this::included);
  }

  private boolean included(TestRun r) {
    return r.tags().stream().noneMatch(excluded::contains) && !(r.input() instanceof Script);
  }

  /** Benchmarks every included dataset of a loaded program. */
  public List<EntryResult> bench(Path file, TestSpec spec, LoadedProgram program) {
    Map<String, List<DatasetResult>> byEntry = new LinkedHashMap<>();
    RunCases rc = (RunCases) spec.action();
    Path dir = file.toAbsolutePath().getParent();
    for (InputOutputs io : rc.ios()) {
      String entry = io.explicitEntry() ? io.entryPoint() : program.defaultEntry();
      if (entryFilter != null && !entryFilter.equals(entry)) continue;
      List<DatasetResult> results = byEntry.computeIfAbsent(file + ":" + entry, k -> new ArrayList<>());
      for (TestRun r : io.runs()) {
        if (included(r)) results.add(benchOne(program, entry, r, dir, file));
      }
    }
    List<EntryResult> out = new ArrayList<>();
    byEntry.forEach((k, v) -> {
      if (!v.isEmpty()) out.add(new EntryResult(k, v));
    });
    return out;
  }

  private DatasetResult benchOne(LoadedProgram program, String entry, TestRun r, Path dir, Path file) {
    String name = r.description();
    LoadedProgram.EntryInfo info = program.entryPoints().get(entry);
    List<ScalarType> inHints = info == null ? List.of() : Value.elementTypesOf(info.parameterTypes());
    List<ScalarType> outHints = info == null ? List.of() : Value.elementTypesOf(info.resultTypes());
    List<Value> args;
    try {
      args = Datasets.load(r.input(), dir, TestRunner.seed(file, entry, r), inHints);
    } catch (DatasetException e) {
      return new DatasetResult(name, List.of(), "input: " + e.getMessage());
    }
    try {
      program.prepare(entry);
      List<Value> expected = r.expected() instanceof Succeeds s && s.output() != null
          ? Datasets.load(s.output(), dir, 0, outHints) : null;
      List<Long> times = transfer ? timeWithTransfer(program, entry, args, expected) : timeResident(program, entry, args, expected);
      return new DatasetResult(name, times, null);
    } catch (WrongResult e) {
      return new DatasetResult(name, List.of(), e.getMessage());
    } catch (RunFailure e) {
      return new DatasetResult(name, List.of(), e.getMessage());
    } catch (DatasetException e) {
      return new DatasetResult(name, List.of(), "expected output: " + e.getMessage());
    }
  }

  /** How long the JIT compiler must have been idle before the warm-up runs start. */
  private static final long QUIET_NANOS = 100_000_000L;
  /** The longest {@link #settle} waits for that. */
  private static final long SETTLE_MAX_NANOS = 3_000_000_000L;

  /**
   * Before a dataset's warm-up runs (when warming up at all): collects garbage, then waits until
   * the JVM's JIT compiler has finished no compilation for {@link #QUIET_NANOS} (at most
   * {@link #SETTLE_MAX_NANOS}). After the JVM starts, and after a dataset's inputs were generated
   * and converted, compiler and collector threads run for a while; on a machine with few cores
   * they took cores from the entry point's threads during the timed runs of the first dataset (the
   * first entry point of a file measured up to 2x the others' time under {@code bench}).
   */
  private void settle() {
    if (warmupNanos == 0) return;
    System.gc();
    java.lang.management.CompilationMXBean jit = java.lang.management.ManagementFactory.getCompilationMXBean();
    if (jit == null || !jit.isCompilationTimeMonitoringSupported()) return;
    long start = System.nanoTime();
    long last = jit.getTotalCompilationTime();
    long since = start;
    try {
      while (System.nanoTime() - start < SETTLE_MAX_NANOS) {
        Thread.sleep(10);
        long now = jit.getTotalCompilationTime();
        if (now != last) {
          last = now;
          since = System.nanoTime();
        } else if (System.nanoTime() - since >= QUIET_NANOS) {
          return;
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** The warm-up's result is not the expected one. */
  private static final class WrongResult extends Exception {
    WrongResult(String message) { super(message, null, false, false); }
  }

  /** Each run converts the arguments from Java values and the results back. */
  private List<Long> timeWithTransfer(LoadedProgram program, String entry, List<Value> args, List<Value> expected)
      throws RunFailure, WrongResult {
    check(program.call(entry, args), expected);
    settle();
    long w0 = System.nanoTime();
    while (System.nanoTime() - w0 < warmupNanos) program.call(entry, args);
    List<Long> times = new ArrayList<>();
    for (int i = 0; i < runs; i++) {
      long t0 = System.nanoTime();
      program.call(entry, args);
      times.add(System.nanoTime() - t0);
    }
    return times;
  }

  /** Each run times the call alone on values converted once. */
  private List<Long> timeResident(LoadedProgram program, String entry, List<Value> args, List<Value> expected)
      throws RunFailure, WrongResult {
    try (LoadedProgram.Resident in = program.resident(entry, args)) {
      in.prepareRun();
      in.run(); // the warm-up
      if (expected != null) check(in.results(), expected);
      in.finishRun();
      settle();
      long w0 = System.nanoTime();
      while (System.nanoTime() - w0 < warmupNanos) {
        in.prepareRun();
        in.run();
        in.finishRun();
      }
      List<Long> times = new ArrayList<>();
      for (int i = 0; i < runs; i++) {
        in.prepareRun();
        long t0 = System.nanoTime();
        in.run();
        long t1 = System.nanoTime();
        in.finishRun();
        times.add(t1 - t0);
      }
      return times;
    }
  }

  private static void check(List<Value> got, List<Value> expected) throws WrongResult {
    if (expected == null) return;
    List<ValueComparator.Mismatch> ms = ValueComparator.compare(got, expected);
    if (!ms.isEmpty()) throw new WrongResult("wrong result: " + ms.get(0).message());
  }

  /** futhark bench's JSON: {@code {"prog.fut:main": {"datasets": {"name": {"runtimes": [...], ...}}}}}. */
  public static Map<String, Object> json(List<EntryResult> results) {
    Map<String, Object> root = new LinkedHashMap<>();
    for (EntryResult er : results) {
      Map<String, Object> datasets = new LinkedHashMap<>();
      for (DatasetResult d : er.datasets()) {
        if (d.failed()) continue;
        Map<String, Object> one = new LinkedHashMap<>();
        one.put("runtimes", d.runtimes());
        one.put("mean", d.mean());
        one.put("stddev", d.stddev());
        one.put("stderr", "");
        datasets.put(d.name(), one);
      }
      root.put(er.key(), Map.of("datasets", datasets));
    }
    return root;
  }
}
