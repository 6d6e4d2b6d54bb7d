package io.github.futhark4j.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.futhark4j.Futhark;
import io.github.futhark4j.FutharkFunction;
import io.github.futhark4j.FutharkOptions;
import io.github.futhark4j.FutharkProgram;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Calls on Java arrays touch no fresh memory once warm: the staging buffers, the library's blocks
 * and the JVM's heap are reused, so the process takes (almost) no page faults per call. Fresh
 * memory costs a fault per 4 KiB page on first touch (about 2 µs each on the development machine:
 * 140 ms for a new 256 MiB buffer), so a call that allocated its 16 MiB input copy or result afresh
 * would take some 4,000 faults; the test allows a tenth of that on average.
 *
 * <p>Counted with the process's minor page faults ({@code /proc/self/stat}) in a JVM of its own
 * with a fixed, pre-touched heap, so that the garbage collector's growing into its heap does not
 * count.
 */
class NoFreshMemoryPerCallTest {
  static final String SRC = """
      entry sum (xs: []f64) : f64 = f64.sum xs
      entry saxpy (a: f32) (xs: []f32) (ys: []f32) : []f32 = map2 (\\x y -> a * x + y) xs ys
      """;
  static final int N = 1 << 21; // 16 MiB of f64, 8 MiB per f32 array
  static final int CALLS = 40;

  @Test
  void callsOnJavaArraysTakeNoPageFaultsOnceWarm(@TempDir Path tmp) throws Exception {
    assumeTrue(Files.isReadable(Path.of("/proc/self/stat")), "needs /proc/self/stat (Linux)");
    ChildJvm.Result r = ChildJvm.run(Duration.ofMinutes(10), List.of("-Xms512m", "-Xmx512m", "-XX:+AlwaysPreTouch"),
        tmp.resolve("cache"), Child.class);
    String out = r.out();
    System.out.print(out);
    assertEquals(0, r.exit(), out);
    long pages = (long) N * 8 / 4096;
    for (String line : out.lines().filter(l -> l.startsWith("FAULTS ")).toList()) {
      String[] f = line.split(" ");
      double perCall = Double.parseDouble(f[2]);
      assertTrue(perCall < pages / 10.0, f[1] + ": " + perCall + " page faults per call (a fresh 16 MiB buffer is " + pages + ")");
    }
    assertEquals(2, out.lines().filter(l -> l.startsWith("FAULTS ")).count(), out);
  }

  /** The calls: warm up, then count the faults of {@link #CALLS} calls of each function. */
  public static final class Child {
    public static void main(String[] args) throws Exception {
      try (FutharkProgram p = Futhark.compile(SRC, FutharkOptions.defaults().withThreads(2))) {
        FutharkFunction sum = p.function("sum"), saxpy = p.function("saxpy");
        double[] xs = new double[N];
        float[] fx = new float[N], fy = new float[N];
        for (int i = 0; i < N; i++) {
          xs[i] = i % 7;
          fx[i] = i % 5;
          fy[i] = 1;
        }
        double expect = 0;
        for (double x : xs) expect += x;
        for (int i = 0; i < 10; i++) {
          sum.call((Object) xs);
          saxpy.call(2f, fx, fy);
        }
        System.gc();
        long f0 = minorFaults();
        for (int i = 0; i < CALLS; i++) if ((Double) sum.call((Object) xs) != expect) throw new AssertionError("sum");
        long f1 = minorFaults();
        float[] r = null;
        for (int i = 0; i < CALLS; i++) r = (float[]) saxpy.call(2f, fx, fy);
        long f2 = minorFaults();
        if (r[3] != 7f) throw new AssertionError("saxpy " + r[3]);
        System.out.println("FAULTS sum(double[]) " + (double) (f1 - f0) / CALLS);
        System.out.println("FAULTS saxpy(float,float[],float[])->float[] " + (double) (f2 - f1) / CALLS);
      }
    }

    static long minorFaults() throws Exception {
      String stat = Files.readString(Path.of("/proc/self/stat"));
      // Fields after the command name (which is in parentheses and may contain spaces): minflt is the 10th field.
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      return Long.parseLong(f[7]);
    }
  }
}
