package io.github.futhark4j.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
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
    ChildJvm.Result r = ChildJvm.run(Duration.ofSeconds(120), List.of("-Dfuthark4j.programCache=0"), dir.resolve("cache"),
        OpenMpPinChild.class);
    String out = r.out();
    assertEquals(0, r.exit(), out);
    assertTrue(out.contains("sum=1048576.0"), out);
    assertTrue(out.contains("library unloaded=true"), "the scenario needs the library unloaded: " + out);
    assertTrue(out.contains("libgomp mapped=true"), out);
  }
}
