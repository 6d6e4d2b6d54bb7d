package io.github.futhark4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code run --interpret} and {@code test --interpret}: the source interpreter behind the commands. */
class InterpretOptionTest {
  @TempDir Path dir;

  private record Result(int code, String out, String err) {}

  private static Result main(String stdin, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
    Cli cli = Cli.system(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
        new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    int code = Main.run(args, cli);
    return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  private Path program(String name, String text) throws Exception {
    Path p = dir.resolve(name);
    Files.writeString(p, text);
    return p;
  }

  @Test
  void runPrintsResultsAsACompiledRunDoes() throws Exception {
    Path p = program("p.fut", "entry main (xs: []i32) : (i32, []i32) = (i32.sum xs, map (*2) xs)\n");
    Result r = main("[1, 2, 3]", "run", "--interpret", p.toString());
    assertEquals(0, r.code(), r.err());
    assertEquals("6i32\n[2i32, 4i32, 6i32]\n", r.out());
  }

  @Test
  void runReportsProgramErrorsAndBadArguments() throws Exception {
    Path p = program("p.fut", "entry main (xs: []i32) (i: i64) : i32 = xs[i]\n");
    Result r = main("[1, 2, 3] 3i64", "run", "--interpret", p.toString());
    assertEquals(1, r.code());
    assertTrue(r.err().contains("Error: Index [3] out of bounds for array of shape [3].") && r.err().contains("p.fut:1:"), r.err());
    Result bad = main("[1.0] 3i64", "run", "--interpret", p.toString());
    assertEquals(2, bad.code(), bad.err());
    Path o = program("o.fut", "entry main (x: i32) : {a: i32} = {a = x}\n");
    Result opaque = main("1", "run", "--interpret", o.toString());
    assertEquals(1, opaque.code());
    assertTrue(opaque.err().contains("opaque"), opaque.err());
    assertEquals(0, main("1", "run", "--interpret", "-n", o.toString()).code());
  }

  @Test
  void tuningFilesGiveTheParameters() throws Exception {
    Path p = program("q.fut", "entry main (x: i64) : i64 = #[param(foo)] x + 2\n");
    assertEquals("3i64\n", main("1", "run", "--interpret", p.toString()).out());
    Files.writeString(dir.resolve("q.fut.tuning"), "foo=40\n");
    assertEquals("40i64\n", main("1", "run", "--interpret", p.toString()).out());
  }

  @Test
  void testRunsTheBlocksAgainstTheInterpreter() throws Exception {
    Path p = program("t.fut", """
        -- ==
        -- input { [1, 2, 3] } output { 6 }
        -- input { [1, 2] } output { 4 }
        -- compiled input { [5] } output { 0 }
        -- input { empty([0]i32) } error: out of bounds
        entry main (xs: []i32) : i32 = if length xs == 0 then xs[0] else i32.sum xs
        """);
    Result r = main("", "test", "--interpret", p.toString());
    assertEquals(1, r.code(), r.out() + r.err());
    assertTrue(r.out().contains("FAILED") && r.out().contains("expected 4i32, got 3i32"), r.out());
    assertTrue(r.out().strip().endsWith("2 passed, 1 failed, 1 skipped"), r.out());
  }
}
