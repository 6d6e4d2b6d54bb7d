package io.github.futhark4j.bench;

import io.github.futhark4j.json.Json;
import io.github.futhark4j.Futhark;
import io.github.futhark4j.FutharkCompileException;
import io.github.futhark4j.FutharkFunction;
import io.github.futhark4j.FutharkOptions;
import io.github.futhark4j.FutharkProgram;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The cost of the bridge itself, without a kernel (main class): a scalar entry point call, and
 * copying {@code n} f64 (default 2^20, 8 MiB) in and out, next to {@link System#arraycopy} of
 * the same bytes as the floor. Plain {@link System#nanoTime()} loops after warm-up rather than
 * JMH: JMH is not among the project's dependencies and a dozen batches of a million calls give
 * stable medians for effects of this size (tens of nanoseconds, milliseconds).
 *
 * <pre>
 *   java -cp ... io.github.futhark4j.bench.BridgeBench [--quick] [--n N] [--calls N] [--runs N] [--threads N] [--json FILE]
 * </pre>
 */
public final class BridgeBench {
  /** Entry points that do (almost) no work, so their time is the bridge's. */
  static final String SOURCE = """
      entry inc (x: i64) : i64 = x + 1
      entry len (xs: []f64) : i64 = length xs
      entry fill (n: i64) : []f64 = replicate n 1.5
      entry same (xs: []f64) : []f64 = copy xs
      """;

  /** One measurement: median per operation in microseconds, and the bytes it moves (0 for none). */
  public record Measurement(String name, String what, Stats stats, long bytes) {
    /** Bytes per second at the median, or 0. */
    public double gbPerSecond() {
      return bytes == 0 ? 0 : bytes / (stats.medianUs() * 1e3);
    }
  }

  /**
   * Options: elements copied, scalar calls per batch, batches, warm-up batches, worker threads of
   * the program's context (0: one per core; 1 keeps OpenMP out of the numbers on a loaded machine).
   */
  public record Options(int n, int calls, int runs, int warmup, int threads, Path json) {
    static Options parse(String... args) {
      Options o = new Options(1 << 20, 1_000_000, 10, 3, 0, null);
      for (int i = 0; i < args.length; i++) {
        String a = args[i];
        String v = i + 1 < args.length ? args[i + 1] : null;
        if (!a.equals("--quick") && v == null) throw new IllegalArgumentException(a + " needs a value");
        o = switch (a) {
          case "--quick" -> new Options(1000, 1000, 3, 1, o.threads(), o.json());
          case "--n" -> new Options(Integer.parseInt(v), o.calls(), o.runs(), o.warmup(), o.threads(), o.json());
          case "--calls" -> new Options(o.n(), Integer.parseInt(v), o.runs(), o.warmup(), o.threads(), o.json());
          case "--runs" -> new Options(o.n(), o.calls(), Integer.parseInt(v), o.warmup(), o.threads(), o.json());
          case "--threads" -> new Options(o.n(), o.calls(), o.runs(), o.warmup(), Integer.parseInt(v), o.json());
          case "--json" -> new Options(o.n(), o.calls(), o.runs(), o.warmup(), o.threads(), Path.of(v));
          default -> throw new IllegalArgumentException("unknown option '" + a
              + "'; usage: BridgeBench [--quick] [--n N] [--calls N] [--runs N] [--threads N] [--json FILE]");
        };
        if (!a.equals("--quick")) i++;
      }
      return o;
    }
  }

  private BridgeBench() {}

  public static void main(String[] args) {
    System.exit(main(args, System.out, System.err));
  }

  /** The command-line entry point ({@code futhark4j benchmarks bridge}); returns the exit code. */
  public static int main(String[] args, PrintStream out, PrintStream err) {
    Options o;
    try {
      o = Options.parse(args);
    } catch (IllegalArgumentException e) {
      err.println(e.getMessage());
      return 2;
    }
    List<String> notes = new ArrayList<>();
    List<Measurement> ms = run(o, notes);
    out.println(table(ms));
    notes.forEach(n -> out.println("  * " + n));
    if (o.json() != null) writeJson(o, ms, notes);
    return 0;
  }

  /**
   * Runs every measurement. When the Futhark compiler is not available (or fails) only the Java
   * floor is measured and {@code notes} says why.
   */
  public static List<Measurement> run(Options o, List<String> notes) {
    List<Measurement> out = new ArrayList<>();
    double[] xs = new double[o.n()];
    java.util.Arrays.fill(xs, 0.25);
    double[] dst = new double[o.n()];
    long bytes = 8L * o.n();
    out.add(new Measurement("arraycopy", "System.arraycopy of n f64 (the floor)",
        Stats.time(o.warmup(), o.runs(), () -> { System.arraycopy(xs, 0, dst, 0, xs.length); return dst; }, r -> {}).stats(), bytes));

    FutharkProgram p;
    try {
      p = Futhark.compile(SOURCE, FutharkOptions.defaults().withSourceName("bridge.fut").withThreads(o.threads()));
    } catch (FutharkCompileException | RuntimeException e) {
      notes.add("Futhark measurements skipped: bridge.fut did not compile: " + e.getMessage());
      return out;
    }
    try (p) {
      for (FutharkFunction f : p.entryPoints().values()) f.prepare(); // no timed run pays the binding
      FutharkFunction inc = p.function("inc");
      FutharkFunction len = p.function("len");
      FutharkFunction fill = p.function("fill");
      FutharkFunction same = p.function("same");
      int calls = o.calls();
      Stats batch = Stats.time(o.warmup(), o.runs(), () -> {
        long acc = 0;
        for (int i = 0; i < calls; i++) acc += (Long) inc.call((long) i);
        return acc;
      }, r -> {}).stats();
      out.add(new Measurement("scalar call", "inc (x: i64) : i64, per call", perCall(batch, calls), 0));
      out.add(new Measurement("copy in", "len of a double[] (copy in + call)",
          Stats.time(o.warmup(), o.runs(), () -> len.call(xs), r -> {}).stats(), bytes));
      out.add(new Measurement("fill, native", "replicate n 1.5, result stays native",
          Stats.time(o.warmup(), o.runs(), () -> fill.callNative((long) o.n()), FutharkVariant::release).stats(), bytes));
      out.add(new Measurement("fill + copy out", "replicate n 1.5, result copied to a double[]",
          Stats.time(o.warmup(), o.runs(), () -> fill.call((long) o.n()), r -> {}).stats(), bytes));
      out.add(new Measurement("round trip", "copy xs from and to double[] (in + copy + out)",
          Stats.time(o.warmup(), o.runs(), () -> same.call(xs), r -> {}).stats(), bytes));
      Object resident = same.callNative(xs);
      try {
        out.add(new Measurement("resident copy", "copy xs of a native array, result native",
            Stats.time(o.warmup(), o.runs(), () -> same.callNative(resident), FutharkVariant::release).stats(), bytes));
        out.add(new Measurement("copy out", "FutharkArray.toFlatJava of a native array (copy out alone)",
            Stats.time(o.warmup(), o.runs(), () -> ((io.github.futhark4j.FutharkArray) resident).toFlatJava(), r -> {}).stats(), bytes));
      } finally {
        FutharkVariant.release(resident);
      }
    } catch (RuntimeException e) {
      notes.add("Futhark measurements stopped: " + e);
    }
    return out;
  }

  /** A batch's statistics divided by the calls in the batch. */
  static Stats perCall(Stats batch, int calls) {
    return Stats.of(batch.runtimesUs().stream().mapToDouble(t -> t / calls).toArray());
  }

  static String table(List<Measurement> ms) {
    StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%-16s %12s %10s  %s%n", "measurement", "median us", "GB/s", "what"));
    for (Measurement m : ms) {
      sb.append(String.format(Locale.ROOT, "%-16s %12.3f %10s  %s%n", m.name(), m.stats().medianUs(),
          m.bytes() == 0 ? "-" : String.format(Locale.ROOT, "%.1f", m.gbPerSecond()), m.what()));
    }
    return sb.toString();
  }

  private static void writeJson(Options o, List<Measurement> ms, List<String> notes) {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("machine", Machine.describe("gcc"));
    root.put("n", o.n());
    root.put("calls_per_batch", o.calls());
    root.put("threads", o.threads());
    List<Object> rows = new ArrayList<>();
    for (Measurement m : ms) {
      Map<String, Object> r = new LinkedHashMap<>();
      r.put("name", m.name());
      r.put("what", m.what());
      r.put("median_us", m.stats().medianUs());
      r.put("mean_us", m.stats().meanUs());
      r.put("stddev_us", m.stats().stddevUs());
      r.put("bytes", m.bytes());
      rows.add(r);
    }
    root.put("measurements", rows);
    root.put("notes", notes);
    try {
      Path parent = o.json().toAbsolutePath().getParent();
      if (parent != null) Files.createDirectories(parent);
      Files.writeString(o.json(), Json.pretty(root) + "\n");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
