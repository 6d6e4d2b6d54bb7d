package io.github.futhark4j.toolchain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code CC=/nonexistent} in the real environment of a JVM gives a clear message, not a crash. */
class MissingCcTest {
  @TempDir Path tmp;

  @Test
  void buildWithCcPointingNowhereSaysSo() throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    ProcessBuilder pb = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
        MissingCcChild.class.getName(), tmp.resolve("cache").toString(), tmp.resolve("count").toString())
        .redirectErrorStream(true);
    pb.environment().put("CC", "/nonexistent");
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    assertEquals(0, p.exitValue(), out);
    assertTrue(out.startsWith("FAILED MissingToolException: No C compiler: the CC environment variable is set to"
        + " '/nonexistent'"), out);
    assertTrue(out.contains("Set CC to a C compiler"), out);
  }
}
