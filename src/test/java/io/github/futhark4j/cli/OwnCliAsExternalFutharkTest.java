package io.github.futhark4j.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.Futhark;
import io.github.futhark4j.FutharkCompileException;
import io.github.futhark4j.FutharkFunction;
import io.github.futhark4j.FutharkOptions;
import io.github.futhark4j.FutharkProgram;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runtime's external-compiler path (`futhark multicore --library`), pointed at our own command
 * line as the `futhark` executable: the same route a real installed futhark takes, end to end. The
 * stand-in script runs {@link Main} on this JVM's class path, which is what scripts/futhark4j runs.
 */
@Tag("native")
class OwnCliAsExternalFutharkTest {
  @TempDir static Path dir;
  static Path futhark;

  @BeforeAll
  static void writeStandIn() throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    futhark = dir.resolve("futhark");
    Files.writeString(futhark, "#!/bin/sh\nexec '" + java + "' --enable-native-access=ALL-UNNAMED -cp '"
        + System.getProperty("java.class.path") + "' io.github.futhark4j.cli.Main \"$@\"\n");
    Files.setPosixFilePermissions(futhark, PosixFilePermissions.fromString("rwx------"));
  }

  private static FutharkOptions external(String backend) {
    return FutharkOptions.defaults().withCompiler("external").withFuthark(futhark).withBackend(backend)
        .withCacheDir(dir.resolve("cache")).withSourceName("ext.fut");
  }

  @Test
  void seedProgramsRunThroughTheExternalPath() throws Exception {
    String src = """
        def factorize (n: i64) : [32]i64 =
          let (_, _, factors, _) =
            loop (x, i, acc, c) = (n, 2i64, replicate 32 0i64, 0i64)
            while x > 1 && c < 32 do
              if x % i == 0 then (x / i, i, acc with [c] = i, c + 1) else (x, i + 1, acc, c)
          in factors
        entry f (ns: []i64) : [][32]i64 = map factorize ns
        entry total (xs: []f64) : f64 = reduce (+) 0 xs
        """;
    for (String backend : new String[] {"multicore", "c"}) {
      try (FutharkProgram p = Futhark.compile(src, external(backend))) {
        long[][] fs = (long[][]) p.function("f").call((Object) new long[] {12, 97});
        assertArrayEquals(new long[] {2, 2, 3, 0}, java.util.Arrays.copyOf(fs[0], 4), backend);
        assertArrayEquals(new long[] {97, 0}, java.util.Arrays.copyOf(fs[1], 2), backend);
        FutharkFunction total = p.function("total");
        assertEquals(6.0, total.call(new double[] {1, 2, 3}), backend);
      }
    }
  }

  @Test
  void compileErrorsShowTheToolsCompleteOutput() {
    FutharkCompileException e = assertThrows(FutharkCompileException.class,
        () -> Futhark.compile("entry f (x: i32) : i32 = x + nope\n", external("multicore")));
    assertTrue(e.getMessage().contains("Unknown name \"nope\""), e.getMessage());
    assertTrue(e.getMessage().contains("1:"), "names the position: " + e.getMessage());
  }
}
