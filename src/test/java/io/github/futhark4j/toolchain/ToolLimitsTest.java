package io.github.futhark4j.toolchain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.Futhark;
import io.github.futhark4j.FutharkCompileException;
import io.github.futhark4j.FutharkOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * External tools get a timeout (stopping them and everything they started) and a bounded capture
 * of their output. Driven through the facade with stand-in {@code futhark} executables, and
 * through {@link Tool} directly.
 */
class ToolLimitsTest {
  @TempDir Path tmp;

  /** A stand-in futhark answering --version, and running {@code body} for a compilation. */
  private Path fakeFuthark(String body) throws Exception {
    Path script = tmp.resolve("futhark");
    Files.writeString(script, "#!/bin/sh\nif [ \"$1\" = \"--version\" ]; then echo \"Futhark 0.0.2 (stand-in)\"; exit 0; fi\n" + body + "\n");
    assertTrue(script.toFile().setExecutable(true));
    return script;
  }

  private FutharkOptions external(Path futhark) {
    return FutharkOptions.defaults().withCompiler("external").withFuthark(futhark).withCacheDir(tmp.resolve("cache"));
  }

  @Test
  void aHangingToolIsStoppedWithEverythingItStarted() throws Exception {
    Path pidFile = tmp.resolve("child.pid");
    Path futhark = fakeFuthark("echo compiling; sleep 300 & echo $! > " + pidFile + "; wait");
    long t0 = System.nanoTime();
    FutharkCompileException e = assertThrows(FutharkCompileException.class,
        () -> Futhark.compile("entry f (x: i64) : i64 = x", external(futhark).withToolTimeout(Duration.ofSeconds(2))));
    long took = System.nanoTime() - t0;
    assertTrue(took < TimeUnit.SECONDS.toNanos(30), "stopped after about 2 s, took " + took / 1e9 + " s");
    assertInstanceOf(ToolTimeoutException.class, e.getCause());
    assertTrue(e.getMessage().contains("did not finish within 2 s") && e.getMessage().contains("futhark4j.toolTimeout")
        && e.getMessage().contains("compiling"), e.getMessage());
    long pid = Long.parseLong(Files.readString(pidFile).strip());
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false) && System.nanoTime() < deadline) Thread.sleep(20);
    assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "the tool's child process was stopped too");
  }

  @Test
  void theTimeoutComesFromTheSystemPropertyWhenNotGiven() throws Exception {
    Path futhark = fakeFuthark("sleep 300");
    String old = System.setProperty(ToolLimits.PROPERTY, "1500ms");
    try {
      FutharkCompileException e = assertThrows(FutharkCompileException.class,
          () -> Futhark.compile("entry g (x: i64) : i64 = x", external(futhark)));
      assertTrue(e.getMessage().contains("did not finish within 1500 ms"), e.getMessage());
    } finally {
      if (old == null) System.clearProperty(ToolLimits.PROPERTY);
      else System.setProperty(ToolLimits.PROPERTY, old);
    }
  }

  @Test
  void theOutputOfAFailingToolIsBounded() throws Exception {
    // 8 MiB of output, then a last line, then failure.
    Path futhark = fakeFuthark("head -c 8388608 /dev/zero | tr '\\\\0' x; echo; echo the last line; exit 1");
    FutharkCompileException e = assertThrows(FutharkCompileException.class,
        () -> Futhark.compile("entry h (x: i64) : i64 = x", external(futhark)));
    ExternalCompilerException cause = assertInstanceOf(ExternalCompilerException.class, e.getCause());
    assertEquals(1, cause.exitCode());
    assertTrue(cause.output().length() <= ToolLimits.OUTPUT_LIMIT + 100, "kept " + cause.output().length() + " characters");
    assertTrue(cause.output().startsWith("[... ") && cause.output().contains("earlier bytes of output omitted"), cause.output().substring(0, 80));
    assertTrue(cause.output().strip().endsWith("the last line"));
  }

  @Test
  void toolRunKeepsShortOutputWhole() throws Exception {
    Tool.Result r = Tool.run(List.of("sh", "-c", "echo one; echo two >&2; exit 3"), tmp, Duration.ofSeconds(30));
    assertEquals(3, r.exitCode());
    assertEquals("one\ntwo\n", r.output());
  }

  @Test
  void durationsParse() {
    assertEquals(Duration.ofMinutes(10), ToolLimits.parse("10m"));
    assertEquals(Duration.ofSeconds(600), ToolLimits.parse("600"));
    assertEquals(Duration.ofMillis(250), ToolLimits.parse("250ms"));
    assertEquals(Duration.ofHours(1), ToolLimits.parse("1h"));
    assertEquals(Duration.ofSeconds(90), ToolLimits.parse("PT1M30S"));
    assertThrows(IllegalArgumentException.class, () -> ToolLimits.parse("soon"));
    assertThrows(IllegalArgumentException.class, () -> ToolLimits.parse("0"));
    assertThrows(IllegalArgumentException.class, () -> FutharkOptions.defaults().withToolTimeout(Duration.ZERO));
  }
}
