package io.github.futhark4j.opencl;

import io.github.futhark4j.Futhark;
import io.github.futhark4j.FutharkException;
import io.github.futhark4j.FutharkOptions;
import io.github.futhark4j.FutharkProgram;
import java.nio.file.Path;

/**
 * Run by {@link OpenClBackendTest} in a JVM whose environment names an OpenCL library that does not
 * exist ({@code FUTHARK4J_OPENCL_LIBRARY}), as on a machine without OpenCL: loading an opencl
 * library fails with a message, and the JVM carries on (args[0]: the cache directory).
 */
public final class NoOpenClChild {
  private NoOpenClChild() {}

  public static void main(String[] args) throws Exception {
    FutharkOptions o = FutharkOptions.defaults().withCacheDir(Path.of(args[0]));
    try (FutharkProgram p = Futhark.compile("entry f (xs: []i32) : []i32 = map (+1) xs", o.withBackend("opencl"))) {
      System.out.println("LOADED? " + p.report());
    } catch (FutharkException e) {
      System.out.println("ERROR " + e.getMessage());
    }
    try (FutharkProgram p = Futhark.compile("entry f (x: i64) : i64 = x + 1", o)) {
      System.out.println("STILL WORKS " + p.function("f").call(2L));
    }
  }
}
