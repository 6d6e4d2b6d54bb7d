package io.github.futhark4j.compiler.opt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.compiler.Backend;
import io.github.futhark4j.compiler.Frontend;
import io.github.futhark4j.compiler.core.Printer;
import io.github.futhark4j.compiler.source.Source;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The optimised IR of small programs against golden files in
 * {@code src/test/resources/.../golden/backend}. Run with {@code -Dbless=true} to rewrite them
 * after an intended change (and review the diff).
 */
class GoldenIrTest {
  private static final Path DIR = Path.of("src/test/resources/io/github/futhark4j/compiler/golden/backend");

  @ParameterizedTest
  @ValueSource(strings = {"fusion", "factorize"})
  void optimisedIrMatchesGolden(String name) throws Exception {
    String src = Files.readString(DIR.resolve(name + ".fut"));
    String ir = Printer.program(Backend.optimised(Frontend.check(new Source(name + ".fut", src)), true));
    Path golden = DIR.resolve(name + ".ir");
    if (Boolean.getBoolean("bless")) Files.writeString(golden, ir);
    // A missing golden file is a failure (rerun with -Dbless=true to write it), never a pass.
    assertTrue(Files.exists(golden), "no golden file " + golden + " (rerun with -Dbless=true to write it)");
    assertEquals(Files.readString(golden), ir);
  }
}
