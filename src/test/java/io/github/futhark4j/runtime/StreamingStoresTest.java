package io.github.futhark4j.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.Futhark;
import io.github.futhark4j.FutharkArray;
import io.github.futhark4j.FutharkFunction;
import io.github.futhark4j.FutharkOptions;
import io.github.futhark4j.FutharkProgram;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Maps whose results are larger than the last-level cache write them with streaming stores, block
 * by block through a buffer on the stack (the engine's {@code fut_stream_out}). The test lowers
 * the threshold to 1 byte ({@code FUTHARK4J_STREAM_BYTES}, read when a context is made, so in a
 * JVM of its own) so that every parallel map streams, and checks every element against Java: sizes
 * around the 4,096-element parallel threshold and odd ones (so the two threads' parts start and end
 * inside cache lines and blocks), results of 1, 2, 4 and 8 bytes from one map (blocks follow the
 * first result's address grid; the others are unaligned to it), results lent by the JVM (Java
 * arrays start 16 bytes into an object, not on a 32-byte boundary), a caller's array through
 * {@code callInto}, native results, a {@code tabulate} that indexes its arrays (unchecked,
 * since the indices are proven in range), and a streamed result read right after the map at scattered
 * places (the stores must be visible to the other thread after the parallel region).
 */
class StreamingStoresTest {
  static final String SRC = """
      entry saxpy [n] (a: f32) (xs: [n]f32) (ys: [n]f32) : [n]f32 = map2 (\\x y -> a * x + y) xs ys
      entry mix [n] (xs: [n]f32) (ys: [n]f64) : ([n]i8, [n]f64, [n]i16, [n]bool, [n]f32) =
        unzip5 (map2 (\\x y -> (i8.f32 x, y * 2 + f64.f32 x, i16.f64 y, x > 100, x - 1)) xs ys)
      entry tab [n] (a: f32) (xs: [n]f32) (ys: [n]f32) : [n]f32 = tabulate n (\\i -> a * xs[i] + ys[(i + 1) % n])
      entry gather [n] (xs: [n]f32) : [n]f32 =
        let ys = map (\\x -> x * 2 + 1) xs
        in map (\\i -> ys[(i * 7919) % n]) (iota n)
      """;
  static final int[] SIZES = {1, 4095, 4096, 4097, 5003, 65537, 100_003, (1 << 20) + 3};

  @Test
  void everyElementOfAStreamedMapIsWritten(@TempDir Path tmp) throws Exception {
    ChildJvm.Result r = ChildJvm.run(Duration.ofMinutes(5), Map.of("FUTHARK4J_STREAM_BYTES", "1"), List.of(),
        tmp.resolve("cache"), Child.class);
    String out = r.out();
    assertEquals(0, r.exit(), out);
    assertTrue(out.contains("checked " + SIZES.length + " sizes"), out);
  }

  /** Runs every entry point on every size and compares with Java; exits non-zero on a difference. */
  public static final class Child {
    public static void main(String[] args) throws Exception {
      try (FutharkProgram p = Futhark.compile(SRC, FutharkOptions.defaults().withThreads(2))) {
        FutharkFunction saxpy = p.function("saxpy"), mix = p.function("mix"), gather = p.function("gather");
        FutharkFunction tab = p.function("tab");
        for (int n : SIZES) {
          float[] xs = new float[n], ys = new float[n];
          double[] ds = new double[n];
          for (int i = 0; i < n; i++) {
            xs[i] = (i * 37) % 256 - 40;
            ys[i] = i % 11;
            ds[i] = (i % 3001) * 0.5;
          }
          float[] s = (float[]) saxpy.call(3f, xs, ys);
          float[] into = new float[n];
          saxpy.callInto(new Object[] {into}, 3f, xs, ys);
          float[] nat;
          try (FutharkArray r = (FutharkArray) saxpy.callNative(3f, xs, ys)) {
            nat = (float[]) r.toJava();
          }
          for (int i = 0; i < n; i++) {
            float e = 3f * xs[i] + ys[i];
            check(s[i] == e, "saxpy", n, i, s[i] + " != " + e);
            check(into[i] == e, "saxpy into", n, i, into[i] + " != " + e);
            check(nat[i] == e, "saxpy native", n, i, nat[i] + " != " + e);
          }
          float[] t = (float[]) tab.call(3f, xs, ys);
          for (int i = 0; i < n; i++) {
            float e = 3f * xs[i] + ys[(i + 1) % n];
            check(t[i] == e, "tabulate", n, i, t[i] + " != " + e);
          }
          Object[] m = (Object[]) mix.call(xs, ds);
          byte[] m0 = (byte[]) m[0];
          double[] m1 = (double[]) m[1];
          short[] m2 = (short[]) m[2];
          boolean[] m3 = (boolean[]) m[3];
          float[] m4 = (float[]) m[4];
          for (int i = 0; i < n; i++) {
            check(m0[i] == (byte) xs[i], "mix i8", n, i, m0[i] + "");
            check(m1[i] == ds[i] * 2 + xs[i], "mix f64", n, i, m1[i] + "");
            check(m2[i] == (short) ds[i], "mix i16", n, i, m2[i] + "");
            check(m3[i] == xs[i] > 100, "mix bool", n, i, m3[i] + "");
            check(m4[i] == xs[i] - 1, "mix f32", n, i, m4[i] + "");
          }
          float[] g = (float[]) gather.call((Object) xs);
          for (int i = 0; i < n; i++) {
            float e = xs[(int) ((long) i * 7919 % n)] * 2 + 1;
            check(g[i] == e, "gather", n, i, g[i] + " != " + e);
          }
        }
        System.out.println("checked " + SIZES.length + " sizes");
      }
    }

    static void check(boolean ok, String what, int n, int i, String detail) {
      if (ok) return;
      System.out.println(what + " n=" + n + " element " + i + ": " + detail);
      System.exit(1);
    }
  }
}
