package io.github.futhark4j.runtime;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Builds the hand-written C fixture library (src/test/resources/fixtures/fixture.c) once per JVM
 * with gcc and loads fresh programs from it. Tests using it are skipped, saying why, when gcc is
 * missing.
 */
public final class Fixture {
  private Fixture() {}

  private static Path dir;
  private static String failure;

  /** The directory holding fixture.so and fixture.json, building them on first use. */
  public static synchronized Path dir() {
    if (dir == null && failure == null) {
      try {
        Path d = Files.createTempDirectory("futhark4j-fixture");
        Path c = d.resolve("fixture.c");
        copy("/fixtures/fixture.c", c);
        copy("/fixtures/fixture.json", d.resolve("fixture.json"));
        Process p = new ProcessBuilder("gcc", "-O2", "-fPIC", "-shared", "-o", d.resolve("fixture.so").toString(), c.toString())
            .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) throw new IllegalStateException("gcc failed on the fixture:\n" + out);
        dir = d;
      } catch (IOException e) {
        failure = "no C compiler (gcc) to build the fixture: " + e.getMessage();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        failure = "interrupted";
      }
    }
    assumeTrue(failure == null, failure);
    return dir;
  }

  /** A fresh program (its own context) from the fixture library. */
  public static LoadedLibrary load(int threads) {
    Path d = dir();
    try {
      return LoadedLibrary.load(d.resolve("fixture.so"), d.resolve("fixture.json"), threads);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  public static LoadedLibrary load() {
    return load(0);
  }

  /**
   * Writes an executable stand-in for {@code futhark} into {@code dir}: it answers
   * {@code --version}, and for {@code futhark BACKEND --library -o OUT FILE} writes the fixture
   * library as OUT.c/.h/.json, or fails like a compiler when FILE contains {@code SYNTAX ERROR}.
   * This drives the facade and the engine end to end without a Futhark compiler.
   */
  public static Path fakeFuthark(Path dir) throws IOException {
    Path fixtures = dir();
    Path script = dir.resolve("futhark");
    Files.writeString(script, """
        #!/bin/sh
        if [ "$1" = "--version" ]; then echo "Futhark 0.0.1 (fake for tests)"; exit 0; fi
        out="$4"; file="$5"
        if grep -q 'SYNTAX ERROR' "$file"; then
          echo "Error at $file:1:1-6:" >&2
          echo "Unexpected token SYNTAX in the fake compiler." >&2
          exit 1
        fi
        cp '%1$s/fixture.c' "$out.c" && : > "$out.h" && cp '%1$s/fixture.json' "$out.json"
        """.formatted(fixtures));
    if (!script.toFile().setExecutable(true)) throw new IOException("cannot make " + script + " executable");
    return script;
  }

  private static void copy(String resource, Path to) throws IOException {
    try (InputStream in = Fixture.class.getResourceAsStream(resource)) {
      if (in == null) throw new IllegalStateException("missing test resource " + resource);
      Files.copy(in, to, StandardCopyOption.REPLACE_EXISTING);
    }
  }
}
