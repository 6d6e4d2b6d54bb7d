package io.github.futhark4j.runtime;

import io.github.futhark4j.Futhark;
import io.github.futhark4j.FutharkOpaque;
import io.github.futhark4j.FutharkOptions;
import io.github.futhark4j.FutharkProgram;
import java.nio.file.Files;
import java.nio.file.Path;

/** The second JVM of {@link StoreRestoreTest}: compiles the program file and restores the stored point. */
public final class StoreRestoreChild {
  private StoreRestoreChild() {}

  public static void main(String[] args) throws Exception {
    try (FutharkProgram p = Futhark.compile(Path.of(args[0]), FutharkOptions.defaults());
         FutharkOpaque point = p.restore(Files.readAllBytes(Path.of(args[1])))) {
      System.out.println("norm=" + p.function("norm").call(point));
    }
  }
}
