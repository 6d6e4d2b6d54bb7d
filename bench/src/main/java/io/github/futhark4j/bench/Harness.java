package io.github.futhark4j.bench;

import io.github.futhark4j.FutharkCompileException;
import io.github.futhark4j.FutharkOptions;
import io.github.futhark4j.bench.HarnessResults.KernelResult;
import io.github.futhark4j.bench.HarnessResults.Status;
import io.github.futhark4j.bench.HarnessResults.VariantResult;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The benchmark harness (main class). For each kernel it makes the same seeded input and runs
 * (a) the hand-written C baseline, (b) plain sequential Java, (c) Java parallel streams,
 * (d) Futhark with the data resident in native memory and (e) Futhark with copies from and to
 * Java arrays: warm-up, N timed runs, medians. Every result is checked against the sequential
 * Java one; a variant that disagrees is flagged and left out of ratios and targets.
 *
 * <pre>
 *   java -cp ... io.github.futhark4j.bench.Harness [--quick] [--kernels a,b] [--runs N]
 *        [--json FILE] [--markdown FILE] ...        (see {@link HarnessOptions})
 * </pre>
 *
 * Exit code 0 when everything that ran agrees, 1 when a variant failed or disagrees, 2 for bad options.
 */
public final class Harness {
  private final HarnessOptions options;
  private final PrintStream log;
  private final boolean cAvailable;

  public Harness(HarnessOptions options, PrintStream log) {
    this.options = options;
    this.log = log;
    this.cAvailable = options.wants(Variant.C) && CBaseline.compilerAvailable(options.cc());
  }

  public static void main(String[] args) {
    System.exit(main(args, System.out, System.err));
  }

  /** The command-line entry point ({@code futhark4j benchmarks}); returns the exit code. */
  public static int main(String[] args, PrintStream out, PrintStream err) {
    if (List.of(args).contains("--help")) {
      out.println(HarnessOptions.USAGE);
      return 0;
    }
    HarnessOptions options;
    try {
      options = HarnessOptions.parse(args);
    } catch (IllegalArgumentException e) {
      err.println(e.getMessage());
      return 2;
    }
    List<KernelResult> results = new Harness(options, err).run();
    Report report = new Report(options, results, Machine.describe(options.cc()));
    out.println(report.table());
    if (options.json() != null) report.writeJson(options.json());
    if (options.markdown() != null) report.writeMarkdown(options.markdown());
    return report.allAgree() ? 0 : 1;
  }

  /** Runs every selected kernel. */
  public List<KernelResult> run() {
    List<KernelResult> out = new ArrayList<>();
    for (Kernel k : options.kernels()) out.add(run(k));
    return out;
  }

  /** Runs one kernel's selected variants on one input. */
  public KernelResult run(Kernel kernel) {
    log.printf("%s (%s)%n", kernel.name(), kernel.size(options.scale()));
    List<Object> inputs = kernel.inputs(options.scale(), options.seed());
    Map<String, VariantResult> variants = new LinkedHashMap<>();

    // The sequential Java result is the reference every variant is checked against.
    Flat reference = Flat.of(kernel.sequential(inputs));

    // The native variants run first: the Java ones leave work behind in the JVM (garbage of their
    // results, JIT compilation) that would share the two cores with the native code's timed runs
    // (the 2.5 ms histogram measured 0.7-1.1x C alone and 1.0-1.6x C after them).
    runNative(kernel, inputs, reference, variants);

    if (options.wants(Variant.JAVA)) {
      guarded(variants, Variant.JAVA, () -> {
        System.gc();
        Stats.Timed t = Stats.time(options.warmup(), options.runs(), () -> kernel.sequential(inputs), r -> {});
        return checked(kernel, Variant.JAVA, t.stats(), reference, Flat.of(t.lastResult()));
      });
    }

    // Parallel streams ran with Futhark on Java arrays, in runNative.

    return new KernelResult(kernel.name(), kernel.entry(), kernel.size(options.scale()), kernel.category(),
        kernel.target(), variants);
  }

  /**
   * The C baselines and resident Futhark in {@link HarnessOptions#rounds} alternating rounds (each
   * round: every C variant's warm-up and runs, then Futhark's; the statistics are over the runs of
   * all rounds), then Futhark on Java arrays and parallel streams, alternating in as many rounds.
   * A variant that fails or disagrees in a round is recorded as such and left out of the later
   * rounds.
   */
  private void runNative(Kernel kernel, List<Object> inputs, Flat reference, Map<String, VariantResult> variants) {
    Path data = options.workDir().resolve("data").resolve(kernel.name());
    Map<String, String> cKeys = new LinkedHashMap<>(); // report key -> C variant
    List<String> cArgs = List.of();
    CBaseline c = null;
    FutharkVariant fut = null;
    try {
      if (options.wants(Variant.C) && !cAvailable) {
        record(variants, VariantResult.unavailable(Variant.C, "no C compiler '" + options.cc() + "'"));
      } else if (options.wants(Variant.C)) {
        try {
          cArgs = RawInputs.write(inputs, data);
          c = new CBaseline(options.benchDir().resolve("c"), options.workDir(), options.cc());
          List<String> cVariants = kernel.cVariants();
          for (int i = 0; i < cVariants.size(); i++) cKeys.put(i == 0 ? Variant.C : Variant.C + "-" + cVariants.get(i), cVariants.get(i));
        } catch (RuntimeException e) {
          record(variants, VariantResult.failed(Variant.C, message(e)));
        }
      }
      List<String> futharkVariants = List.of(Variant.FUTHARK, Variant.FUTHARK_COPY, Variant.FUTHARK_INTO);
      if (futharkVariants.stream().anyMatch(options::wants)) {
        try {
          fut = FutharkVariant.compile(kernel, options.benchDir().resolve("fut"), inputs, FutharkOptions.defaults());
        } catch (FutharkCompileException | RuntimeException e) {
          for (String v : futharkVariants) {
            if (options.wants(v)) record(variants, VariantResult.failed(v, "compiling " + kernel.name() + ".fut: " + message(e)));
          }
        }
      }
      List<Object> resident = null;
      if (fut != null && options.wants(Variant.FUTHARK)) {
        try {
          resident = fut.makeResident(inputs);
        } catch (RuntimeException e) {
          record(variants, VariantResult.failed(Variant.FUTHARK, message(e)));
        }
      }
      Map<String, List<Double>> times = new LinkedHashMap<>();
      Map<String, String> notes = new LinkedHashMap<>();
      for (int round = 0; round < options.rounds(); round++) {
        for (Map.Entry<String, String> e : cKeys.entrySet()) {
          String key = e.getKey();
          if (variants.containsKey(key)) continue;
          CBaseline base = c;
          List<String> args = cArgs;
          guardedRound(variants, key, () -> {
            CBaseline.Run run = base.run(kernel, e.getValue(), args, data, options.warmup(), options.runs());
            return checked(kernel, key, run.stats(), reference, run.result());
          }, times);
        }
        List<String> entries = new ArrayList<>();
        entries.add(kernel.entry());
        entries.addAll(kernel.spellings());
        for (String entry : entries) {
          String key = entry.equals(kernel.entry()) ? Variant.FUTHARK : Variant.spelling(entry);
          if (resident == null || variants.containsKey(key)) continue;
          FutharkVariant f = fut;
          List<Object> args = resident;
          guardedRound(variants, key, () -> {
            // As before the Java variants: garbage is collected first, so that G1's work does
            // not share the cores with the timed runs.
            System.gc();
            Stats.Timed t = f.timeResident(entry, args, options.warmup(), options.runs());
            Object java;
            try {
              java = FutharkVariant.toJava(t.lastResult());
            } finally {
              FutharkVariant.release(t.lastResult());
            }
            if (java == null) {
              notes.put(key, "native result not read back");
              return VariantResult.ok(key, t.stats(), "");
            }
            return checked(kernel, key, t.stats(), reference, Flat.of(java));
          }, times);
        }
      }
      // Futhark on Java arrays and parallel streams on the same arrays, alternating in rounds like
      // the native variants: the two are compared with each other (the target: not slower than
      // streams), so a drift of the machine must reach both alike. Each starts after a collection,
      // so that the garbage of the other (results of 64-256 MiB) is not collected in its runs.
      // callInto runs only for a kernel whose result is one flat array, into one made here.
      Object into = options.wants(Variant.FUTHARK_INTO) ? intoArray(kernel.sequential(inputs)) : null;
      for (int round = 0; round < options.rounds(); round++) {
        if (fut != null && options.wants(Variant.FUTHARK_COPY) && !variants.containsKey(Variant.FUTHARK_COPY)) {
          FutharkVariant f = fut;
          guardedRound(variants, Variant.FUTHARK_COPY, () -> {
            System.gc();
            Stats.Timed t = f.timeCopy(inputs, options.warmup(), options.runs());
            return checked(kernel, Variant.FUTHARK_COPY, t.stats(), reference, Flat.of(t.lastResult()));
          }, times);
        }
        if (fut != null && into != null && !variants.containsKey(Variant.FUTHARK_INTO)) {
          FutharkVariant f = fut;
          Object out = into;
          guardedRound(variants, Variant.FUTHARK_INTO, () -> {
            System.gc();
            poison(out); // so that a round that writes nothing cannot pass on the previous round's result
            Stats.Timed t = f.timeInto(inputs, out, options.warmup(), options.runs());
            return checked(kernel, Variant.FUTHARK_INTO, t.stats(), reference, Flat.of(out));
          }, times);
        }
        if (options.wants(Variant.STREAMS) && !variants.containsKey(Variant.STREAMS)) {
          guardedRound(variants, Variant.STREAMS, () -> {
            System.gc();
            Stats.Timed t = Stats.time(options.warmup(), options.runs(), () -> kernel.parallel(inputs), r -> {});
            return checked(kernel, Variant.STREAMS, t.stats(), reference, Flat.of(t.lastResult()));
          }, times);
        }
      }
      for (Map.Entry<String, List<Double>> e : times.entrySet()) {
        if (variants.containsKey(e.getKey())) continue;
        double[] all = e.getValue().stream().mapToDouble(Double::doubleValue).toArray();
        record(variants, VariantResult.ok(e.getKey(), Stats.of(all), notes.getOrDefault(e.getKey(), "")));
      }
    } finally {
      if (fut != null) fut.close();
      deleteTree(data);
    }
  }

  /**
   * A new array like {@code result} when it is a one-dimensional array of a primitive type (what
   * {@code callInto} fills), else null.
   */
  static Object intoArray(Object result) {
    Class<?> c = result.getClass().getComponentType();
    return c != null && c.isPrimitive() ? java.lang.reflect.Array.newInstance(c, java.lang.reflect.Array.getLength(result)) : null;
  }

  /** Fills a primitive array with a value no kernel here computes everywhere (NaN, the minimum). */
  static void poison(Object array) {
    switch (array) {
      case float[] a -> java.util.Arrays.fill(a, Float.NaN);
      case double[] a -> java.util.Arrays.fill(a, Double.NaN);
      case long[] a -> java.util.Arrays.fill(a, Long.MIN_VALUE);
      case int[] a -> java.util.Arrays.fill(a, Integer.MIN_VALUE);
      case short[] a -> java.util.Arrays.fill(a, Short.MIN_VALUE);
      case byte[] a -> java.util.Arrays.fill(a, Byte.MIN_VALUE);
      case boolean[] a -> java.util.Arrays.fill(a, false);
      case char[] a -> java.util.Arrays.fill(a, Character.MAX_VALUE);
      default -> throw new IllegalArgumentException("not a primitive array: " + array.getClass());
    }
  }

  /**
   * One round of a variant: its times are added when it agrees with the reference; a failure or a
   * disagreement is recorded (and ends the variant).
   */
  private void guardedRound(Map<String, VariantResult> variants, String variant, Body body, Map<String, List<Double>> times) {
    VariantResult r = attempt(variant, body);
    if (r.status() == Status.OK) times.computeIfAbsent(variant, k -> new ArrayList<>()).addAll(r.stats().runtimesUs());
    else record(variants, r);
  }

  private static VariantResult checked(Kernel kernel, String variant, Stats stats, Flat reference, Flat result) {
    Optional<String> diff = kernel.tolerance().check(reference, result);
    return diff.map(d -> new VariantResult(variant, Status.MISMATCH, stats, "differs from sequential Java: " + d))
        .orElseGet(() -> VariantResult.ok(variant, stats, ""));
  }

  private interface Body {
    VariantResult run();
  }

  /** Runs one variant; an exception makes it FAILED with the message instead of ending the harness. */
  private void guarded(Map<String, VariantResult> variants, String variant, Body body) {
    record(variants, attempt(variant, body));
  }

  /** The variant's result, or FAILED with the message of what it threw. */
  private static VariantResult attempt(String variant, Body body) {
    try {
      return body.run();
    } catch (RuntimeException | OutOfMemoryError e) {
      return VariantResult.failed(variant, message(e));
    }
  }

  private void record(Map<String, VariantResult> variants, VariantResult r) {
    variants.put(r.variant(), r);
    String time = r.stats() == null ? "" : String.format(java.util.Locale.ROOT, " %.3f ms", r.stats().medianUs() / 1e3);
    log.printf("  %-14s %s%s%s%n", r.variant(), r.status(), time, r.note().isEmpty() ? "" : "  (" + r.note() + ")");
  }

  private static String message(Throwable e) {
    String m = e.getMessage();
    return e.getClass().getSimpleName() + (m == null ? "" : ": " + m);
  }

  private static void deleteTree(Path dir) {
    if (!Files.exists(dir)) return;
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
