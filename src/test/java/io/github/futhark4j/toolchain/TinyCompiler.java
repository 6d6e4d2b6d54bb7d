package io.github.futhark4j.toolchain;

import io.github.futhark4j.compiler.source.Source;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A stand-in Futhark compiler for cache tests: writes a tiny but real C library whose one function
 * {@code tiny_answer()} returns the length of the Futhark source, and appends one line per call to a
 * counter file (shared between processes), so tests can prove how often compilation happened.
 */
final class TinyCompiler implements FutharkCompiler {
  private final Path counter;
  private final long delayMillis;
  private final boolean brokenC;
  private final String identity;

  TinyCompiler(Path counter, long delayMillis) {
    this(counter, delayMillis, false, "tiny-test 1");
  }

  TinyCompiler(Path counter, long delayMillis, boolean brokenC, String identity) {
    this.counter = counter;
    this.delayMillis = delayMillis;
    this.brokenC = brokenC;
    this.identity = identity;
  }

  @Override
  public String identity() { return identity; }

  @Override
  public void compile(Source main, String backend, Path outDir, String name) throws IOException {
    // One short line per call; O_APPEND writes of a few bytes do not interleave between processes.
    Files.writeString(counter, ProcessHandle.current().pid() + " " + outDir.getFileName() + "\n",
        StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    if (delayMillis > 0) {
      try {
        Thread.sleep(delayMillis);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted", e);
      }
    }
    String body = brokenC ? "this is not C;\n" : "#include \"" + name + ".h\"\nlong tiny_answer(void) { return "
        + main.text().length() + "L; }\n";
    Files.writeString(outDir.resolve(name + ".c"), body, StandardCharsets.UTF_8);
    Files.writeString(outDir.resolve(name + ".h"), "long tiny_answer(void);\n", StandardCharsets.UTF_8);
    Files.writeString(outDir.resolve(name + ".json"),
        "{\"backend\":\"" + backend + "\",\"version\":\"tiny\",\"entry_points\":{},\"types\":{}}\n",
        StandardCharsets.UTF_8);
  }

  /** How many times any TinyCompiler wrote to {@code counter}. */
  static int count(Path counter) throws IOException {
    return Files.exists(counter) ? (int) Files.readAllLines(counter).stream().filter(l -> !l.isBlank()).count() : 0;
  }
}
