package io.github.futhark4j;

import java.io.ObjectInputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Run by {@link FutharkBinaryTest} in a JVM with no C compiler on {@code PATH} and {@code CC}
 * pointing nowhere: loads a serialized {@link FutharkBinary} into a fresh cache and calls it.
 * Arguments: the serialized binary, the cache directory.
 */
public final class BinaryLoaderChild {
  private BinaryLoaderChild() {}

  public static void main(String[] args) throws Exception {
    FutharkBinary b;
    try (ObjectInputStream in = new ObjectInputStream(Files.newInputStream(Path.of(args[0])))) {
      b = (FutharkBinary) in.readObject();
    }
    try (FutharkProgram p = Futhark.load(b, FutharkOptions.defaults().withCacheDir(Path.of(args[1])))) {
      double[] r = (double[]) p.function("scale").call(2.0, new double[] {1, 2, 3.5});
      System.out.println("RESULT " + r[0] + " " + r[1] + " " + r[2]);
    }
  }
}
