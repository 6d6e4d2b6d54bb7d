package io.github.futhark4j.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.jna.Function;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Structure;
import io.github.futhark4j.Futhark;
import io.github.futhark4j.FutharkArray;
import io.github.futhark4j.FutharkFunction;
import io.github.futhark4j.FutharkOptions;
import io.github.futhark4j.FutharkProgram;
import io.github.futhark4j.FutharkProgramException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import javax.script.ScriptContext;
import javax.script.ScriptEngine;
import javax.script.ScriptEngineManager;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Soak tests through the public API: many threads on shared functions give only right answers,
 * many calls keep native memory flat, many distinct evals keep heap, native memory and loaded
 * programs bounded.
 *
 * <p>The default sizes keep each test to a few seconds, for every test run. The long versions
 * (docs/api.md, "Limits"):
 *
 * <pre>
 * mvn -o test -Dgroups=soak -Dsurefire.failIfNoSpecifiedTests=false \
 *     -Dfuthark4j.soak.threadCalls=10000 -Dfuthark4j.soak.calls=1000000 -Dfuthark4j.soak.evals=10000
 * </pre>
 *
 * Each test prints its figures to its surefire output (target/surefire-reports/*SoakTest-output.txt).
 */
@Tag("native")
@Tag("soak")
class SoakTest {
  static final String SRC = """
      entry add (x: i64) (y: i64) : i64 = x + y
      entry sum (xs: []f64) : f64 = reduce (+) 0 xs
      entry scale (k: f64) (xs: []f64) : []f64 = map (* k) xs
      entry quot (x: i64) (y: i64) : i64 = x / y
      entry mk (n: i64) : []i64 = map (* 3) (iota n)
      """;

  static int size(String name, int dflt) { return Integer.getInteger("futhark4j.soak." + name, dflt); }

  /** glibc's mallinfo2: bytes malloc has handed out and not had back (all arenas, and mmapped chunks). */
  public static class MallInfo2 extends Structure {
    public long arena, ordblks, smblks, hblks, hblkhd, usmblks, fsmblks, uordblks, fordblks, keepcost;

    @Override
    protected List<String> getFieldOrder() {
      return List.of("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks", "keepcost");
    }

    public static final class ByValue extends MallInfo2 implements Structure.ByValue {}
  }

  /** Native heap in use, in bytes, or -1 where glibc's mallinfo2 is not available. */
  static long mallocInUse() {
    try {
      Function f = NativeLibrary.getInstance("c").getFunction("mallinfo2");
      MallInfo2 m = (MallInfo2) f.invoke(MallInfo2.ByValue.class, new Object[0]);
      return m.uordblks + m.hblkhd;
    } catch (UnsatisfiedLinkError e) {
      return -1;
    }
  }

  /**
   * Asks glibc to hand free memory of its arenas back to the system (malloc_trim), so the resident
   * size measures memory in use, not what malloc keeps for reuse; nothing elsewhere.
   */
  static void mallocTrim() {
    try {
      NativeLibrary.getInstance("c").getFunction("malloc_trim").invokeInt(new Object[] {0L});
    } catch (UnsatisfiedLinkError e) {
      // not glibc
    }
  }

  /** Resident size after a full collection and malloc_trim, in KiB. */
  static long settledRssKiB() throws Exception {
    heapUsedAfterGc();
    mallocTrim();
    return rssKiB();
  }

  static long rssKiB() throws Exception {
    for (String l : Files.readAllLines(Path.of("/proc/self/status"))) {
      if (l.startsWith("VmRSS:")) return Long.parseLong(l.replaceAll("[^0-9]", ""));
    }
    throw new IllegalStateException("no VmRSS");
  }

  static long heapUsedAfterGc() throws InterruptedException {
    for (int i = 0; i < 3; i++) {
      System.gc();
      Thread.sleep(50);
    }
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }

  /** Shared libraries built by Futhark4J that are mapped into this process now. */
  static long mappedPrograms() throws Exception {
    return Files.readAllLines(Path.of("/proc/self/maps")).stream()
        .filter(l -> l.endsWith("/lib.so")).map(l -> l.substring(l.lastIndexOf(' ') + 1)).distinct().count();
  }

  @Test
  void sixteenThreadsOnSharedFunctionsGiveNoWrongResults() throws Exception {
    int perThread = size("threadCalls", 1000);
    int threads = 16;
    FutharkProgram p = Futhark.compile(SRC, FutharkOptions.defaults().withThreads(2));
    FutharkFunction add = p.function("add"), sum = p.function("sum"), scale = p.function("scale"),
        quot = p.function("quot"), mk = p.function("mk");
    AtomicLong wrong = new AtomicLong(), calls = new AtomicLong();
    List<String> firstWrong = java.util.Collections.synchronizedList(new ArrayList<>());
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    long t0 = System.nanoTime();
    try {
      List<Future<?>> fs = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        final long id = t;
        fs.add(pool.submit(() -> {
          for (int i = 0; i < perThread; i++) {
            long k = id * 1_000_003L + i;
            int n = (int) (k % 97) + 1;
            double[] xs = new double[n];
            for (int j = 0; j < n; j++) xs[j] = j + id;
            String bad = null;
            switch (i % 5) {
              case 0 -> { if ((Long) add.call(k, id) != k + id) bad = "add " + k; }
              case 1 -> {
                double want = n * (n - 1) / 2.0 + n * (double) id;
                if ((Double) sum.call((Object) xs) != want) bad = "sum " + n;
              }
              case 2 -> {
                double[] got = (double[]) scale.call(2.0, xs);
                for (int j = 0; j < n; j++) if (got[j] != 2 * xs[j]) bad = "scale " + n;
              }
              case 3 -> {
                // Failing calls interleaved with good ones: the error is this call's, never another's.
                try {
                  quot.call(k, 0L);
                  bad = "quot by zero returned";
                } catch (FutharkProgramException e) {
                  if (!e.getMessage().contains("division by zero")) bad = "quot: " + e.getMessage();
                }
                if ((Long) quot.call(k, 7L) != k / 7) bad = "quot " + k;
              }
              default -> {
                try (FutharkArray a = (FutharkArray) mk.callNative((long) n)) {
                  long[] v = (long[]) a.toJava();
                  for (int j = 0; j < n; j++) if (v[j] != 3L * j) bad = "mk " + n;
                }
              }
            }
            calls.incrementAndGet();
            if (bad != null) {
              wrong.incrementAndGet();
              if (firstWrong.size() < 5) firstWrong.add(bad);
            }
          }
          return null;
        }));
      }
      for (Future<?> f : fs) f.get();
    } finally {
      pool.shutdownNow();
      p.close();
    }
    System.out.printf("soak threads: %d threads x %d calls = %d calls, %d wrong, %.1f s%n", threads, perThread,
        calls.get(), wrong.get(), (System.nanoTime() - t0) / 1e9);
    assertEquals((long) threads * perThread, calls.get());
    assertEquals(0, wrong.get(), "wrong results: " + firstWrong);
  }

  /**
   * Runs {@link Calls} in a JVM of its own whose heap is fixed and touched from the start
   * ({@code -Xms = -Xmx}, {@code -XX:+AlwaysPreTouch}): the resident size then moves only with
   * native memory (and the JIT's code), not with how much of its heap the garbage collector has
   * used so far.
   */
  @Test
  void manyCallsKeepNativeMemoryFlat(@TempDir Path tmp) throws Exception {
    assumeTrue(Files.isReadable(Path.of("/proc/self/status")), "needs /proc/self/status (Linux)");
    assumeTrue(mallocInUse() >= 0, "needs glibc's mallinfo2");
    int total = size("calls", 30_000);
    ChildJvm.Result child = ChildJvm.run(Duration.ofMinutes(30), List.of("-Xms128m", "-Xmx128m", "-XX:+AlwaysPreTouch"),
        tmp.resolve("cache"), Calls.class, Integer.toString(total));
    String out = child.out();
    System.out.print(out);
    assertEquals(0, child.exit(), out);
    String[] r = out.lines().filter(l -> l.startsWith("RESULT ")).findFirst().orElseThrow().split(" ");
    // The resident size is the measure (issue 12: < 5 % after warm-up). malloc's bytes in use are
    // reported too, but not asserted: the JVM's own malloc use (the JIT's data) still grows by a
    // few megabytes while a short run warms up, and moves by up to 10 MB between samples of a long
    // one. A leaked result per call shows in both (a 4 KB array per 8 calls: RSS +8 to +13 % in the short run).
    double rssGrowth = Double.parseDouble(r[2]);
    assertTrue(rssGrowth < 5, "resident size grew by " + rssGrowth + " %: " + out);
  }

  /** The calls of {@link #manyCallsKeepNativeMemoryFlat}: {@code Calls TOTAL}; prints its figures. */
  public static final class Calls {
    public static void main(String[] args) throws Exception {
      int total = Integer.parseInt(args[0]);
      int warmup = Math.max(10_000, total / 10);
      FutharkProgram p = Futhark.compile(SRC, FutharkOptions.defaults().withThreads(2));
      FutharkFunction sum = p.function("sum"), scale = p.function("scale"), quot = p.function("quot"), mk = p.function("mk");
      double[] xs = new double[1000];
      for (int j = 0; j < xs.length; j++) xs[j] = j;
      long t0 = System.nanoTime();
      long mallocBase = 0, rssBase = 0, heapBase = 0;
      for (int i = 0; i < total; i++) {
        if (i == warmup) {
          heapBase = heapUsedAfterGc();
          mallocBase = mallocInUse();
          rssBase = settledRssKiB();
        }
        if (i > 0 && i % Math.max(1, total / 10) == 0) {
          System.out.printf("soak calls: after %d calls RSS %d KiB, malloc in use %d KiB%n", i, rssKiB(), mallocInUse() / 1024);
        }
        switch (i % 4) {
          case 0 -> assertEquals(499_500.0, (Double) sum.call((Object) xs));
          case 1 -> assertEquals(1998.0, ((double[]) scale.call(2.0, xs))[999]);
          case 2 -> {
            // Values dropped without close(): their queued frees must keep up.
            FutharkArray a = (FutharkArray) mk.callNative(500L);
            assertEquals(500L, a.shape()[0]);
            if (i % 8 == 2) a.close();
          }
          default -> assertThrows(FutharkProgramException.class, () -> quot.call(1L, 0L));
        }
      }
      long heapEnd = heapUsedAfterGc();
      Thread.sleep(200); // the queued frees of the last dropped values
      long mallocEnd = mallocInUse();
      long rssEnd = settledRssKiB();
      p.close();
      double mallocGrowth = 100.0 * (mallocEnd - mallocBase) / mallocBase;
      double rssGrowth = 100.0 * (rssEnd - rssBase) / rssBase;
      System.out.printf("soak calls: %d calls (%d warm-up), %.1f s; malloc in use %d -> %d KiB (%+.2f %%), "
              + "RSS %d -> %d KiB (%+.2f %%), heap after GC %d -> %d KiB%n", total, warmup,
          (System.nanoTime() - t0) / 1e9, mallocBase / 1024, mallocEnd / 1024, mallocGrowth, rssBase, rssEnd, rssGrowth,
          heapBase / 1024, heapEnd / 1024);
      System.out.println("RESULT " + mallocGrowth + " " + rssGrowth);
    }
  }

  @Test
  void manyDistinctEvalsKeepHeapNativeMemoryAndLoadedProgramsBounded() throws Exception {
    assumeTrue(Files.isReadable(Path.of("/proc/self/maps")), "needs /proc/self/maps (Linux)");
    int total = size("evals", 16);
    int warmup = Math.max(4, total / 10);
    int keep = 4;
    String old = System.setProperty(ProgramCache.PROPERTY, Integer.toString(keep));
    ScriptEngine engine = new ScriptEngineManager().getEngineByName("futhark");
    engine.getContext().setAttribute("futhark4j.backend", "c", ScriptContext.ENGINE_SCOPE);
    // A run of its own: the evals' sources are new to the disk cache too.
    String run = Long.toHexString(System.nanoTime());
    long t0 = System.nanoTime();
    // Past the warm-up, and past the time the builder's memory of entries is full (its size is the
    // run's property futhark4j.buildMemory, default 4096), nothing should grow: the second half of
    // a long run is checked for any slope.
    int half = Math.max(warmup, total / 2);
    long heapHalf = 0;
    long heapBase = 0, mallocBase = 0, mappedMax = 0, created0 = Context.createdCount(), freed0 = ContextState.freedCount();
    try {
      for (int i = 0; i < total; i++) {
        if (i == warmup) {
          heapBase = heapUsedAfterGc();
          mallocBase = mallocInUse();
        }
        if (i == half) heapHalf = heapUsedAfterGc();
        engine.eval("-- soak " + run + "\nentry f (x: i64) : i64 = x * 3 + " + i + "\nentry g (xs: []i64) : i64 = i64.sum xs + " + i);
        FutharkFunction f = (FutharkFunction) engine.get("f");
        assertEquals(6L + i, f.call(2L));
        assertEquals(6L + i, ((FutharkFunction) engine.get("g")).call((Object) new long[] {1, 2, 3}));
        if (i % 8 == 7) mappedMax = Math.max(mappedMax, mappedPrograms());
        if (i > warmup && i % Math.max(8, total / 10) == 0) {
          System.out.printf("soak evals: after %d evals heap after GC %d KiB, malloc in use %d KiB, libraries mapped %d, RSS %d KiB%n",
              i, heapUsedAfterGc() / 1024, mallocInUse() / 1024, mappedPrograms(), rssKiB());
        }
      }
      long heapEnd = heapUsedAfterGc();
      Thread.sleep(200);
      long mallocEnd = mallocInUse();
      long mapped = mappedPrograms();
      long created = Context.createdCount() - created0, freed = ContextState.freedCount() - freed0;
      System.out.printf("soak evals: %d distinct evals (%d warm-up), %.1f s; contexts made %d, freed %d; "
              + "heap after GC %d -> %d (half-way) -> %d KiB; malloc in use %d -> %d KiB; futhark4j libraries mapped now %d (max seen %d); "
              + "RSS %d KiB%n", total, warmup, (System.nanoTime() - t0) / 1e9, created, freed, heapBase / 1024, heapHalf / 1024, heapEnd / 1024,
          mallocBase / 1024, mallocEnd / 1024, mapped, mappedMax, rssKiB());
      assertEquals(total, created, "every distinct source was loaded");
      // Alive: the latest binding, up to `keep` idle programs, and a few the collector has not found yet.
      assertTrue(created - freed <= keep + 4, "programs nobody holds are released: " + freed + " of " + created + " contexts freed");
      assertTrue(mapped <= keep + 4, "libraries of released programs are unloaded: " + mapped + " mapped");
      assertTrue(heapEnd - heapBase < Math.max(16L << 20, heapBase / 20), "heap grew from " + heapBase + " to " + heapEnd);
      int memory = Integer.getInteger(io.github.futhark4j.toolchain.LibraryBuilder.MEMORY_PROPERTY, 4096);
      if (total >= 1000 && half > memory) {
        // 1 MiB over thousands of evals: a leak of a few hundred bytes per eval shows.
        assertTrue(heapEnd - heapHalf < (1L << 20), "heap grew over the second half of the run, from "
            + heapHalf + " at eval " + half + " to " + heapEnd + ": something is kept for every eval");
      }
      if (mallocBase > 0) {
        assertTrue(mallocEnd - mallocBase < Math.max(16L << 20, mallocBase / 20), "native heap grew from " + mallocBase + " to " + mallocEnd);
      }
    } finally {
      ((AutoCloseable) engine).close();
      if (old == null) System.clearProperty(ProgramCache.PROPERTY);
      else System.setProperty(ProgramCache.PROPERTY, old);
    }
  }
}
