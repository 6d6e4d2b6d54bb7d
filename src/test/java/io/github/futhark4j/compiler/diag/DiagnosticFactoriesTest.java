package io.github.futhark4j.compiler.diag;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every user-facing message of the compiler is made by a factory of {@code compiler.diag}, which
 * alone chooses its code (issue 28): outside that package the main sources name no {@link DiagCode}
 * constant (nor {@code DiagCode.valueOf}, nor a static import of the codes) and make no
 * {@link Diagnostic} themselves. Comments and string literals are not looked at.
 */
class DiagnosticFactoriesTest {
  private static final Path MAIN = Path.of("src/main/java");
  private static final Path DIAG = MAIN.resolve("io/github/futhark4j/compiler/diag");

  private static final Pattern CODE = Pattern.compile("\\bDiagCode\\s*\\.\\s*[A-Za-z_]|import\\s+static\\s+[\\w.]*\\bDiagCode\\b");
  private static final Pattern MADE = Pattern.compile("\\bnew\\s+(?:[\\w.]*\\.)?Diagnostic\\s*\\(");

  @Test
  void onlyTheFactoriesOfDiagChooseCodesAndMakeDiagnostics() throws IOException {
    List<String> found = new ArrayList<>();
    int files = 0;
    try (Stream<Path> all = Files.walk(MAIN)) {
      for (Path f : all.filter(p -> p.toString().endsWith(".java") && !p.startsWith(DIAG)).sorted().toList()) {
        files++;
        found.addAll(violations(f.toString(), Files.readString(f, StandardCharsets.UTF_8)));
      }
    }
    assertTrue(files > 100, "the main sources were found under " + MAIN.toAbsolutePath());
    assertEquals(List.of(), found, "outside compiler.diag, a message's code and text come from a factory of compiler.diag");
  }

  /** The check can fail: a code or a diagnostic made outside diag is found, one in a comment or string is not. */
  @Test
  void theCheckFindsWhatItLooksFor() {
    String src = """
        class X {
          // DiagCode.E0201 in a comment, new Diagnostic( too
          String s = "DiagCode.E0201 in a string";
          void f() {
            st.error(DiagCode.E0201, span, "Unknown name.");
            d = new io.github.futhark4j.compiler.diag.Diagnostic(Severity.ERROR, c, span, "text");
          }
        }
        """;
    assertEquals(List.of("X.java:5: st.error(DiagCode.E0201, span, \"Unknown name.\");",
        "X.java:6: d = new io.github.futhark4j.compiler.diag.Diagnostic(Severity.ERROR, c, span, \"text\");"),
        violations("X.java", src));
    assertEquals(List.of("Y.java:1: import static io.github.futhark4j.compiler.diag.DiagCode.*;"),
        violations("Y.java", "import static io.github.futhark4j.compiler.diag.DiagCode.*;\n"));
  }

  /**
   * The parser says what it expected and where with the phrases of {@link SyntaxPhrases}: no string
   * literal among the message arguments of {@code fail}, {@code expect} or {@code unexpected}, nor as
   * the context of {@code expectKw}/{@code expectOp} (whose first argument, the token, is quoted by
   * the phrase factories).
   */
  private static final Pattern PARSER_TEXT = Pattern.compile(
      "(?<![\\w.])(?:fail|expect|Diagnostics\\s*\\.\\s*unexpected)\\s*\\([^;]*\"|\\bexpect(?:Kw|Op)\\s*\\(\\s*\"[^\"]*\"\\s*,\\s*\"");

  @Test
  void theParserTakesItsWordsFromSyntaxPhrases() throws IOException {
    List<String> found = new ArrayList<>();
    Path syntax = MAIN.resolve("io/github/futhark4j/compiler/syntax");
    for (String name : List.of("Parser.java", "ParserBase.java")) {
      found.addAll(parserViolations(name, Files.readString(syntax.resolve(name), StandardCharsets.UTF_8)));
    }
    assertEquals(List.of(), found, "the parser's words come from compiler.diag.SyntaxPhrases");
    assertEquals(List.of("P.java:2: throw fail(\"a name\", AFTER_TYPE);", "P.java:3: expectKw(\"then\", \"after the condition\");"),
        parserViolations("P.java", "class P {\n  throw fail(\"a name\", AFTER_TYPE);\n  expectKw(\"then\", \"after the condition\");\n"
            + "  expectKw(\"then\", AFTER_THE_CONDITION_OF_IF);\n  // fail(\"in a comment\")\n}\n"));
  }

  private static List<String> parserViolations(String file, String src) {
    String[] code = stripCommentsOnly(src).split("\n", -1);
    String[] lines = src.split("\n", -1);
    List<String> out = new ArrayList<>();
    for (int i = 0; i < code.length; i++) if (PARSER_TEXT.matcher(code[i]).find()) out.add(file + ":" + (i + 1) + ": " + lines[i].strip());
    return out;
  }

  /** {@code src} with comments blanked (string literals kept), lines kept. */
  static String stripCommentsOnly(String src) {
    return strip(src, false);
  }

  private static List<String> violations(String file, String src) {
    String[] code = stripCommentsAndStrings(src).split("\n", -1);
    String[] lines = src.split("\n", -1);
    List<String> out = new ArrayList<>();
    for (int i = 0; i < code.length; i++) {
      Matcher c = CODE.matcher(code[i]), m = MADE.matcher(code[i]);
      if (c.find() || m.find()) out.add(file + ":" + (i + 1) + ": " + lines[i].strip());
    }
    return out;
  }

  /** {@code src} with comments and string, text block and character literals blanked, lines kept. */
  static String stripCommentsAndStrings(String src) {
    return strip(src, true);
  }

  private static String strip(String src, boolean strings) {
    StringBuilder out = new StringBuilder(src.length());
    int i = 0, n = src.length();
    while (i < n) {
      char c = src.charAt(i);
      if (c == '/' && i + 1 < n && src.charAt(i + 1) == '/') {
        while (i < n && src.charAt(i) != '\n') i++;
      } else if (c == '/' && i + 1 < n && src.charAt(i + 1) == '*') {
        int end = src.indexOf("*/", i + 2);
        end = end < 0 ? n : end + 2;
        blank(src, i, end, out);
        i = end;
      } else if (src.startsWith("\"\"\"", i)) {
        int end = src.indexOf("\"\"\"", i + 3);
        end = end < 0 ? n : end + 3;
        if (strings) blank(src, i, end, out);
        else out.append(src, i, end);
        i = end;
      } else if (c == '"' || c == '\'') {
        int j = i + 1;
        while (j < n && src.charAt(j) != c && src.charAt(j) != '\n') j += src.charAt(j) == '\\' ? 2 : 1;
        int end = Math.min(n, j + 1);
        if (strings) out.append(c).append(" ".repeat(Math.max(0, end - i - 2))).append(c);
        else out.append(src, i, end);
        i = end;
      } else {
        out.append(c);
        i++;
      }
    }
    return out.toString();
  }

  private static void blank(String src, int from, int to, StringBuilder out) {
    for (int k = from; k < to; k++) out.append(src.charAt(k) == '\n' ? '\n' : ' ');
  }
}
