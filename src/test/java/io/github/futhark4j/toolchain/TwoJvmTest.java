package io.github.futhark4j.toolchain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.compiler.source.Source;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two JVMs compile the same source into the same cache at the same moment: exactly one compiles,
 * the other waits for the lock and then finds the published entry.
 */
class TwoJvmTest {
  /** Long enough that whichever JVM gets the lock second arrives while the first still compiles. */
  static final long COMPILE_MILLIS = 1500;

  @TempDir Path tmp;

  @Test
  void secondProcessWaitsAndReusesTheFirstOnesBuild() throws Exception {
    CCompiler cc = Gcc.require();
    Path cache = tmp.resolve("cache");
    Path counter = tmp.resolve("count.txt");
    Path ready = tmp.resolve("ready");
    Path go = tmp.resolve("go");
    String text = "entry two_jvms = " + System.nanoTime();

    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    ProcessBuilder pb = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
        TwoJvmChild.class.getName(), cache.toString(), counter.toString(), text, ready.toString(), go.toString())
        .redirectErrorStream(true)
        .redirectOutput(tmp.resolve("child.out").toFile());
    Process child = pb.start();
    try {
      LibraryBuilder lb = new LibraryBuilder(cache, new TinyCompiler(counter, COMPILE_MILLIS), "c", cc);
      Source s = new Source("prog.fut", text);
      lb.key(s);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (!Files.exists(ready)) {
        assertTrue(child.isAlive() || Files.exists(ready), () -> "child died: " + output(tmp));
        assertTrue(System.nanoTime() < deadline, "child never got ready");
        Thread.sleep(2);
      }
      Files.writeString(go, "go");
      BuiltLibrary mine = lb.build(s);

      assertTrue(child.waitFor(60, TimeUnit.SECONDS), "child finished");
      String out = output(tmp);
      assertEquals(0, child.exitValue(), out);
      assertTrue(out.contains("KEY " + mine.key()), out);
      assertTrue(out.contains("LIB " + mine.sharedLibrary()), out);
      List<String> calls = Files.readAllLines(counter);
      assertEquals(1, calls.size(), "exactly one process compiled: " + calls);
    } finally {
      child.destroyForcibly();
    }
  }

  private static String output(Path tmp) {
    try {
      File f = tmp.resolve("child.out").toFile();
      return f.exists() ? Files.readString(f.toPath(), StandardCharsets.UTF_8) : "";
    } catch (java.io.IOException e) {
      return e.toString();
    }
  }
}
