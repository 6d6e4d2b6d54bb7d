package io.github.futhark4j.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.data.Value;
import io.github.futhark4j.data.ValueReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The reference oracle runs {@code futhark check} and {@code futhark run} (here a fake) and reads their answers. */
class ReferenceOracleTest {
  private static Path fake(Path dir, String script) throws Exception {
    Path f = dir.resolve("futhark");
    Files.writeString(f, "#!/bin/sh\n" + script);
    Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rwxr-xr-x"));
    return f;
  }

  @Test
  void readsResultsAndFailures(@TempDir Path dir) throws Exception {
    // check accepts; run echoes its entry name's length and the sum of two i32 read from stdin.
    Path f = fake(dir, """
        case "$1" in
          check) exit 0 ;;
          run) read a; read b; echo "$(( ${a%i32} + ${b%i32} ))i32"; echo "[1f32, f32.nan]"; [ "$3" = bad ] && { echo "Error: boom" >&2; exit 1; }; exit 0 ;;
        esac
        """);
    ReferenceOracle r = new ReferenceOracle(f, dir.resolve("work"), 10_000);
    assertNull(r.rejects("entry main (x: i32) (y: i32) = x + y"));
    var ok = assertInstanceOf(Fuzzer.Outcome.Ok.class,
        r.run("entry main (x: i32) (y: i32) = x + y", "main", List.of(ValueReader.parse("2i32"), ValueReader.parse("40i32"))));
    assertEquals(List.of(ValueReader.parse("42i32"), ValueReader.parse("[1f32, f32.nan]")), ok.values());
    var failed = assertInstanceOf(Fuzzer.Outcome.Failed.class, r.run("entry bad (x: i32) (y: i32) = x", "bad",
        List.of(ValueReader.parse("1i32"), ValueReader.parse("1i32"))));
    assertTrue(failed.message().contains("boom"), failed.message());
    assertNull(Fuzzer.differs(ok, new Fuzzer.Outcome.Ok(List.of(ValueReader.parse("42i32"), ValueReader.parse("[1f32, f32.nan]")))));
    assertTrue(Fuzzer.differs(ok, new Fuzzer.Outcome.Ok(List.of(ValueReader.parse("41i32"), ValueReader.parse("[1f32, f32.nan]")))) != null);
  }

  @Test
  void reportsWhatTheReferenceRejects(@TempDir Path dir) throws Exception {
    Path f = fake(dir, "echo 'Error at p0.fut:1:10-16:' >&2; echo 'Unknown name \"f64.pow\"' >&2; exit 1\n");
    ReferenceOracle r = new ReferenceOracle(f, dir.resolve("work"), 10_000);
    String why = r.rejects("def main = f64.pow 2 3");
    assertTrue(why != null && why.contains("Unknown name \"f64.pow\""), String.valueOf(why));
  }

  @Test
  void aReferenceThatHangsIsSkipped(@TempDir Path dir) throws Exception {
    Path f = fake(dir, "sleep 30\n");
    ReferenceOracle r = new ReferenceOracle(f, dir.resolve("work"), 300);
    assertInstanceOf(Fuzzer.Outcome.Skipped.class, r.run("entry main (x: i32) = x", "main", List.of(ValueReader.parse("1i32"))));
  }
}
