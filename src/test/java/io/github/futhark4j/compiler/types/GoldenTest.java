package io.github.futhark4j.compiler.types;

import static org.junit.jupiter.api.Assertions.*;

import io.github.futhark4j.compiler.Frontend;
import io.github.futhark4j.compiler.diag.CompileException;
import io.github.futhark4j.compiler.diag.Diagnostic;
import io.github.futhark4j.compiler.source.Source;
import io.github.futhark4j.compiler.typed.TDecl;
import io.github.futhark4j.compiler.typed.TProgram;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Golden files: each {@code golden/NAME.fut} is checked and its result (the program's own
 * definitions printed by {@link TypedPrinter}, the prelude definitions it uses, its entry points;
 * or the raw diagnostics) compared with {@code NAME.expected}. Run with {@code -Dbless=true} to
 * rewrite the expected files after an intended change, and review the diff.
 */
class GoldenTest {
  private static final Path DIR = Path.of("src/test/resources/io/github/futhark4j/compiler/golden");

  static Stream<String> programs() throws IOException {
    try (Stream<Path> files = Files.list(DIR)) {
      return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".fut")).sorted().toList().stream();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("programs")
  void matchesExpected(String file) throws IOException {
    Path src = DIR.resolve(file);
    String actual = render(new Source(file, Files.readString(src, StandardCharsets.UTF_8), src));
    Path expected = DIR.resolve(file.replace(".fut", ".expected"));
    if (Boolean.getBoolean("bless") || !Files.exists(expected)) {
      Files.writeString(expected, actual, StandardCharsets.UTF_8);
      if (!Boolean.getBoolean("bless")) fail("no expected output yet; wrote " + expected + ", review it");
      return;
    }
    assertEquals(Files.readString(expected, StandardCharsets.UTF_8), actual);
  }

  static String render(Source src) {
    StringBuilder sb = new StringBuilder();
    try {
      TProgram p = Frontend.check(src);
      assertEquals(List.of(), TypedVerifier.verify(p), "invariants of the checked tree");
      List<String> prelude = p.decls().stream().filter(d -> d.span().source().name().equals("<prelude>"))
          .map(d -> d.name().base()).toList();
      sb.append("-- prelude: ").append(String.join(" ", prelude)).append("\n\n");
      for (TDecl d : p.decls()) {
        if (d.span().source().name().equals("<prelude>")) continue;
        sb.append(TypedPrinter.print(d)).append('\n');
      }
      for (TDecl d : p.entryPoints()) sb.append("-- ").append(d.entry()).append('\n');
    } catch (CompileException e) {
      for (Diagnostic d : e.diagnostics()) sb.append(d.raw()).append('\n');
    }
    return renumber(sb.toString());
  }

  /** Tags of names depend on how much of the prelude was checked first; number them by appearance. */
  static String renumber(String s) {
    Matcher m = Pattern.compile("(?<=\\S)_(\\d+)\\b").matcher(s);
    Map<String, Integer> ids = new HashMap<>();
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      int id = ids.computeIfAbsent(m.group(1), k -> ids.size() + 1);
      m.appendReplacement(out, "_" + id);
    }
    m.appendTail(out);
    return out.toString();
  }
}
