package io.github.futhark4j.polyglot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.polyglot.language.FutharkLanguage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link ScriptRunner} on small scripts against the fake programs. */
class ScriptRunnerTest {
  @TempDir static Path dir;

  @BeforeAll
  static void fakes() {
    Fakes.install();
  }

  @AfterAll
  static void realCompiler() {
    FutharkLanguage.useCompiler(null);
  }

  record Run(int status, String out, String err) {}

  static Run run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = ScriptRunner.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  static Path write(String name, String text) throws IOException {
    return Files.writeString(dir.resolve(name), text);
  }

  @Test
  void runsJavaScriptWithArguments() throws IOException {
    Path f = write("ok.js", "const k = Polyglot.eval('futhark', 'kernels');\n"
        + "console.log('sum=' + k.sum(new Float64Array([1, 2, 3.5])) + ' args=' + arguments.join('|'));\n");
    Run r = run("js", f.toString(), "a", "b c");
    assertEquals(0, r.status(), r.err());
    assertEquals("sum=6.5 args=a|b c\n", r.out());
  }

  @Test
  void uncaughtGuestErrorsExitWithStatusOne() throws IOException {
    Path f = write("bad.js", "const k = Polyglot.eval('futhark', 'kernels');\nk.div(1, 0);\n");
    Run r = run("js", f.toString());
    assertEquals(1, r.status());
    assertTrue(r.err().startsWith("error: ") && r.err().contains("division by zero"), r.err());
    assertTrue(r.err().contains("bad.js"), "the guest stack names the script: " + r.err());
  }

  @Test
  void syntaxErrorsInFutharkAreReportedAsSuch() throws IOException {
    Path f = write("syntax.js", "Polyglot.eval('futhark', 'syntax error here');\n");
    Run r = run("js", f.toString());
    assertEquals(1, r.status());
    assertTrue(r.err().contains("Expected ')'"), r.err());
  }

  @Test
  void evalFileCompilesFromTheFile() throws IOException {
    write("prog.fut", "scale\n");
    Path f = write("file.js", "const s = Polyglot.evalFile('futhark', '" + dir.resolve("prog.fut") + "');\n"
        + "console.log(Array.from(s(3, [1, 2])).join(','));\n");
    Run r = run("js", f.toString());
    assertEquals(0, r.status(), r.err());
    assertEquals("3,6\n", r.out());
  }

  @Test
  void usageErrors() {
    assertEquals(2, run().status());
    assertEquals(2, run("ruby", "x.rb").status());
    assertEquals(2, run("js", dir.resolve("missing.js").toString()).status());
    assertEquals(2, run("--colour", "red", "js", "x.js").status());
  }

  @Test
  void optionsReachTheLanguage() throws IOException {
    Path f = write("opts.js", "Polyglot.eval('futhark', 'sum');\n");
    FutharkLanguage.useCompiler((source, file, options) -> {
      assertEquals("c", options.backend());
      assertEquals(3, options.threads());
      return Fakes.PROGRAMS.get("sum");
    });
    try {
      Run r = run("--backend", "c", "--threads", "3", "js", f.toString());
      assertEquals(0, r.status(), r.err());
    } finally {
      Fakes.install();
    }
  }

  @Test
  void runsPython() throws IOException {
    Path f = write("ok.py", "import polyglot, array, sys\n"
        + "k = polyglot.eval(language='futhark', string='kernels')\n"
        + "r = k.scale(2, array.array('d', [1, 2]))\n"
        + "print(list(r), sys.argv[1:])\n");
    Run r = run("python", f.toString(), "x");
    assertEquals(0, r.status(), r.err());
    assertEquals("[2.0, 4.0] ['x']\n", r.out());
  }
}
