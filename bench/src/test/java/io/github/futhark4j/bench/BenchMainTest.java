package io.github.futhark4j.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** {@code scripts/futhark4j benchmarks}: help, and bad options give exit code 2 with a message. */
class BenchMainTest {
  record Run(int code, String out, String err) {}

  static Run run(String... args) {
    var out = new ByteArrayOutputStream();
    var err = new ByteArrayOutputStream();
    int code = BenchMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void helpNamesTheThreeBenchmarks() {
    Run r = run("--help");
    assertEquals(0, r.code());
    assertTrue(r.out().contains("benchmarks bridge") && r.out().contains("benchmarks polyglot"), r.out());
  }

  @Test
  void badOptionsAreRefusedWithExitCode2() {
    Run h = run("--no-such-option");
    assertEquals(2, h.code(), h.err());
    assertTrue(h.err().contains("--no-such-option"), h.err());
    Run b = run("bridge", "--no-such-option");
    assertEquals(2, b.code(), b.err());
  }
}
