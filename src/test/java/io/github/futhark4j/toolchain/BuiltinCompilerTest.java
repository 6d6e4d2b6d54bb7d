package io.github.futhark4j.toolchain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.compiler.source.Source;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BuiltinCompilerTest {
  @TempDir Path tmp;

  @Test
  void theClassesWarmedUpBeforeAFirstCompilationExist() throws Exception {
    // A renamed class would make the warm-up silently useless.
    for (String c : BuiltinCompiler.HEAVY_CLASSES) {
      Class.forName("io.github.futhark4j.compiler." + c, false, getClass().getClassLoader());
    }
    BuiltinCompiler.instance().warmUp();
    BuiltinCompiler.instance().warmUp(); // once per JVM; harmless again
  }

  @Test
  void identityNamesVersionAndForSnapshotsTheCode() {
    String id = Compilers.builtin().identity();
    assertTrue(id.startsWith("futhark4j-builtin " + Version.FUTHARK4J), id);
    if (Version.isSnapshot()) {
      assertTrue(id.matches("futhark4j-builtin \\S+ code [0-9a-f]{16}"), id);
    }
    assertEquals(id, Compilers.builtin().identity());
    assertSame(Compilers.builtin(), Compilers.builtin());
  }

  @Test
  void codeDigestIsStableWithinARun() {
    assertEquals(BuiltinCompiler.codeDigest(), BuiltinCompiler.codeDigest());
  }

  @Test
  void onlyCAndMulticore() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Compilers.builtin().compile(new Source("x.fut", "entry f = 1"), "cuda", tmp, "x"));
    assertTrue(e.getMessage().contains("external"), e.getMessage());
  }
}
