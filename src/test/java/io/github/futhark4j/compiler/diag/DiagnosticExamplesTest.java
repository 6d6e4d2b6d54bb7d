package io.github.futhark4j.compiler.diag;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.cli.spec.TestSpec;
import io.github.futhark4j.compiler.Backend;
import io.github.futhark4j.compiler.Frontend;
import io.github.futhark4j.compiler.source.Source;
import io.github.futhark4j.tools.CorpusPrograms;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Every diagnostic code has an explanation in {@code docs/errors.md} and an example: a program in
 * {@code src/test/fut} whose test block expects a compile error, and whose first raw diagnostic
 * ({@link Diagnostic#raw()}: code, line, column, message) is pinned in
 * {@code src/test/resources/diagnostic-examples.txt} (in the manner of javac's CheckExamples).
 * Regenerate the pins after an intended change with {@code -Dbless=true}.
 */
class DiagnosticExamplesTest {
  private static final Path PINS = Path.of("src/test/resources/diagnostic-examples.txt");

  @Test
  void everyCodeHasADocumentedPinnedExample() throws Exception {
    TreeMap<String, String> actual = new TreeMap<>();
    for (CorpusPrograms.Program cp : CorpusPrograms.withSpecs()) {
      Path f = cp.path();
      String text = cp.text();
      if (!(cp.spec().action() instanceof TestSpec.CompileError)) continue;
      try {
        Backend.optimised(Frontend.check(new Source(f.toString(), text, f.toAbsolutePath())), false);
      } catch (CompileException e) {
        actual.put(f.toString().replace('\\', '/'), e.primary().raw());
      } catch (RuntimeException e) {
        // lowering limits and the like are not diagnostics of the front end
      }
    }
    if (Boolean.getBoolean("bless")) {
      StringBuilder sb = new StringBuilder("# Pinned by DiagnosticExamplesTest (-Dbless=true rewrites it): example program, tab, first raw diagnostic.\n");
      actual.forEach((k, v) -> sb.append(k).append('\t').append(v.replace("\n", "\\n")).append('\n'));
      Files.writeString(PINS, sb.toString(), StandardCharsets.UTF_8);
    }
    TreeMap<String, String> pinned = new TreeMap<>();
    for (String line : Files.readAllLines(PINS, StandardCharsets.UTF_8)) {
      if (line.startsWith("#") || line.isBlank()) continue;
      int tab = line.indexOf('\t');
      pinned.put(line.substring(0, tab), line.substring(tab + 1).replace("\\n", "\n"));
    }
    assertEquals(pinned, actual, "raw diagnostics of the examples (rerun with -Dbless=true after an intended change)");

    Set<DiagCode> covered = EnumSet.noneOf(DiagCode.class);
    for (String raw : pinned.values()) covered.add(DiagCode.valueOf(raw.substring(0, raw.indexOf('@'))));
    List<DiagCode> noExample = new ArrayList<>(EnumSet.complementOf(EnumSet.copyOf(covered)));
    assertTrue(noExample.isEmpty(), "codes without an example program in src/test/fut: " + noExample);

    String errors = Files.readString(Path.of("docs/errors.md"), StandardCharsets.UTF_8);
    List<DiagCode> undocumented = new ArrayList<>();
    for (DiagCode c : DiagCode.values()) if (!errors.contains("\n## " + c.name())) undocumented.add(c);
    assertTrue(undocumented.isEmpty(), "codes without a section in docs/errors.md: " + undocumented);
  }
}
