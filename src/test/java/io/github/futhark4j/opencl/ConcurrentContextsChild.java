package io.github.futhark4j.opencl;

import io.github.futhark4j.Futhark;
import io.github.futhark4j.FutharkBinary;
import io.github.futhark4j.FutharkOptions;
import io.github.futhark4j.FutharkProgram;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Run by {@link OpenClBackendTest} in a fresh JVM (args[0]: the cache directory): four threads make
 * and free contexts of four opencl libraries at once, from the process's first use of OpenCL on,
 * and call them; prints OK. Drivers' set-up is not thread safe (POCL's ICD loader crashed the
 * process, or saw no devices, when two contexts were made at once).
 */
public final class ConcurrentContextsChild {
  private ConcurrentContextsChild() {}

  public static void main(String[] args) throws Exception {
    FutharkOptions o = FutharkOptions.defaults().withCacheDir(Path.of(args[0])).withBackend("opencl").withThreads(1);
    List<FutharkBinary> libs = new ArrayList<>();
    for (int k = 0; k < 4; k++) libs.add(Futhark.export("entry f (xs: []i64) : []i64 = map (+ " + k + ") xs", o));
    ExecutorService pool = Executors.newFixedThreadPool(4);
    List<Future<?>> done = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      int k = t;
      done.add(pool.submit(() -> {
        for (int r = 0; r < 10; r++) {
          try (FutharkProgram p = Futhark.loadSeparate(libs.get(k), null, o)) {
            long[] y = (long[]) p.function("f").call((Object) new long[] {1, 2});
            if (y[0] != 1 + k || y[1] != 2 + k) throw new AssertionError("wrong result " + y[0] + ", " + y[1]);
          }
        }
        return null;
      }));
    }
    for (Future<?> f : done) f.get();
    pool.shutdown();
    System.out.println("OK");
  }
}
