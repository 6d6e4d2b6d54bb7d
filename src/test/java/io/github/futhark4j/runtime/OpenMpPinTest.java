package io.github.futhark4j.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * Unloading a program's library must not unload the OpenMP runtime under its worker threads. They
 * outlive a parallel region, waiting inside libgomp; before the engine pinned libgomp, unloading the
 * last multicore library unmapped it under them, and the JVM died (SIGSEGV in a native thread at
 * an unmapped address) the next time one ran: the runtime tests crashed 5 times in 5 runs once
 * large blocks were allocated differently. A JVM of its own, so no other test's library keeps
 * libgomp loaded.
 */
@Tag("native")
@EnabledOnOs(OS.LINUX)
class OpenMpPinTest {
  @Test
  void theOpenMpRuntimeStaysAfterTheLastLibraryIsUnloaded(@TempDir Path dir) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    ProcessBuilder pb = new ProcessBuilder(java, "--enable-native-access=ALL-UNNAMED",
        "-Dfuthark4j.cache=" + System.getProperty("futhark4j.cache", dir.resolve("cache").toString()),
        "-Dfuthark4j.programCache=0",
        "-cp", System.getProperty("java.class.path"), OpenMpPinChild.class.getName())
        .redirectErrorStream(true);
    Process child = pb.start();
    String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(child.waitFor(120, TimeUnit.SECONDS), "child finished");
    assertEquals(0, child.exitValue(), out);
    assertTrue(out.contains("sum=1048576.0"), out);
    assertTrue(out.contains("library unloaded=true"), "the scenario needs the library unloaded: " + out);
    assertTrue(out.contains("libgomp mapped=true"), out);
  }
}
