package io.github.futhark4j.jsr223;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.futhark4j.FutharkArray;
import io.github.futhark4j.FutharkFunction;
import io.github.futhark4j.cli.Cli;
import io.github.futhark4j.cli.Main;
import io.github.futhark4j.compiler.codegen.CHarness;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.script.ScriptEngine;
import javax.script.ScriptEngineManager;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A result has the same Java type whatever its size: an entry point returning {@code [][3]i64}
 * gives {@code long[2][]} for two rows and {@code long[0][]} for none, through the script engine;
 * {@code callNative} and the command line still know the empty result's inner size.
 */
@Tag("native")
class EmptyResultsTest {
  static final String SRC = "entry rows (n: i64) : [][3]i64 = tabulate n (\\i -> [i, i + 1, i + 2])\n";

  @Test
  void anEmptyResultHasTheTypeOfANonEmptyOne() throws Exception {
    assumeTrue(CHarness.haveGcc(), "no C compiler");
    ScriptEngine engine = new ScriptEngineManager().getEngineByName("futhark");
    FutharkFunction rows = (FutharkFunction) engine.eval(SRC);
    long[][] two = (long[][]) rows.call(2L);
    assertArrayEquals(new long[] {1, 2, 3}, two[1]);
    long[][] none = (long[][]) rows.call(0L);
    assertEquals(0, none.length);
    try (FutharkArray a = assertInstanceOf(FutharkArray.class, rows.callNative(0L))) {
      assertArrayEquals(new long[] {0, 3}, a.shape());
    }
    ((AutoCloseable) engine).close();
  }

  @Test
  void theCommandLinePrintsTheEmptyResultWithItsShape(@TempDir Path dir) throws Exception {
    assumeTrue(CHarness.haveGcc(), "no C compiler");
    Path prog = Files.writeString(dir.resolve("rows.fut"), SRC);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Cli cli = Cli.system(new ByteArrayInputStream("0i64".getBytes(StandardCharsets.UTF_8)),
        new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    assertEquals(0, Main.run(new String[] {"run", prog.toString()}, cli), err.toString(StandardCharsets.UTF_8));
    assertEquals("empty([0][3]i64)", out.toString(StandardCharsets.UTF_8).trim());
  }
}
