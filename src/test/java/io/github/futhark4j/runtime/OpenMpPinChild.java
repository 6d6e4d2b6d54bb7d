package io.github.futhark4j.runtime;

import io.github.futhark4j.Futhark;
import io.github.futhark4j.FutharkOptions;
import io.github.futhark4j.FutharkProgram;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The JVM of {@link OpenMpPinTest}: runs a parallel entry point of a multicore library (which
 * starts OpenMP's worker threads), closes the program so that its library is unloaded, and prints
 * what is still mapped.
 */
public final class OpenMpPinChild {
  private OpenMpPinChild() {}

  public static void main(String[] args) throws Exception {
    double[] xs = new double[1 << 20];
    java.util.Arrays.fill(xs, 1.0);
    try (FutharkProgram p = Futhark.compile("entry sum (xs: []f64) : f64 = reduce (+) 0 xs", FutharkOptions.defaults())) {
      System.out.println("sum=" + p.function("sum").call((Object) xs));
    }
    // The library goes once its last value is gone: wait for that.
    boolean libraryGone = false;
    for (int i = 0; i < 200 && !libraryGone; i++) {
      System.gc();
      Thread.sleep(20);
      libraryGone = Files.readAllLines(Path.of("/proc/self/maps")).stream().noneMatch(l -> l.endsWith("/lib.so"));
    }
    System.out.println("library unloaded=" + libraryGone);
    boolean gomp = Files.readAllLines(Path.of("/proc/self/maps")).stream().anyMatch(l -> l.contains("libgomp"));
    System.out.println("libgomp mapped=" + gomp);
  }
}
