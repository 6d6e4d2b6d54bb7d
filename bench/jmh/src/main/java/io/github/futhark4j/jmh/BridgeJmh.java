package io.github.futhark4j.jmh;

import io.github.futhark4j.Futhark;
import io.github.futhark4j.FutharkArray;
import io.github.futhark4j.FutharkFunction;
import io.github.futhark4j.FutharkOptions;
import io.github.futhark4j.FutharkProgram;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The bridge's own cost under JMH: entry points that do (almost) no work, so their time is the
 * call and the copies. The same operations as {@code io.github.futhark4j.bench.BridgeBench}, whose
 * plain timing loops run in the main build; this is the reference measurement with JMH's
 * forking, warm-up and dead-code protection. Run with {@code scripts/futhark4j jmh} (JMH options
 * pass through, e.g. {@code -f 1 -wi 3 -i 5 BridgeJmh.scalarCall}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
public class BridgeJmh {
  static final String SOURCE = """
      entry inc (x: i64) : i64 = x + 1
      entry len (xs: []f64) : i64 = length xs
      entry fill (n: i64) : []f64 = replicate n 1.5
      entry same (xs: []f64) : []f64 = copy xs
      """;

  /** Elements of the arrays moved (f64; 2^20 is 8 MiB). */
  @Param({"1048576"})
  public int n;

  private FutharkProgram program;
  private FutharkFunction inc, len, fill, same;
  private double[] xs;
  private FutharkArray resident;
  private long counter;

  @Setup(Level.Trial)
  public void load() throws Exception {
    program = Futhark.compile(SOURCE, FutharkOptions.defaults().withSourceName("bridge-jmh.fut"));
    inc = program.function("inc");
    len = program.function("len");
    fill = program.function("fill");
    same = program.function("same");
    for (FutharkFunction f : program.entryPoints().values()) f.prepare();
    xs = new double[n];
    Arrays.fill(xs, 0.25);
    resident = (FutharkArray) same.callNative((Object) xs);
  }

  @TearDown(Level.Trial)
  public void close() {
    resident.close();
    program.close();
  }

  /** A scalar entry point: argument check, the native call, boxing the result. */
  @Benchmark
  public long scalarCall() {
    return (Long) inc.call(counter++);
  }

  /** An 8 MiB Java array in (one copy), a scalar out. */
  @Benchmark
  public long copyIn() {
    return (Long) len.call((Object) xs);
  }

  /** An 8 MiB result made natively and left there (closed at once). */
  @Benchmark
  public long fillNative() {
    try (FutharkArray a = (FutharkArray) fill.callNative((long) n)) {
      return a.size();
    }
  }

  /** An 8 MiB result copied into a new double[] (one copy). */
  @Benchmark
  public double[] fillCopyOut() {
    return (double[]) fill.call((long) n);
  }

  /** 8 MiB in and out through Java arrays (one copy each way, plus the program's own copy). */
  @Benchmark
  public double[] roundTrip() {
    return (double[]) same.call((Object) xs);
  }

  /** The same call on a native argument with a native result: no copies across the bridge. */
  @Benchmark
  public long roundTripNative() {
    try (FutharkArray a = (FutharkArray) same.callNative(resident)) {
      return a.size();
    }
  }

  /** Reading a native 8 MiB array into a flat Java array. */
  @Benchmark
  public Object toFlatJava() {
    return resident.toFlatJava();
  }
}
