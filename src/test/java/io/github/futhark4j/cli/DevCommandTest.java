package io.github.futhark4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code futhark4j dev}: the compiler's steps, and a program printed after one of them. */
class DevCommandTest {
  final ByteArrayOutputStream out = new ByteArrayOutputStream();
  final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int run(String... args) {
    out.reset();
    err.reset();
    Cli cli = Cli.system(new ByteArrayInputStream(new byte[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return Main.run(args, cli);
  }

  @Test
  void listsTheStepsAndPrintsAProgramAfterAny(@TempDir Path dir) throws Exception {
    assertEquals(0, run("dev", "--steps"), err.toString());
    String steps = out.toString();
    for (String s : new String[] {"parse", "check", "lower", "simplify", "fusion", "hoist", "dead-code-2", "codegen"}) {
      assertTrue(steps.contains(s + " "), steps);
    }
    Path p = dir.resolve("p.fut");
    Files.writeString(p, "entry main (xs: []i32) : i32 = reduce (+) 0 (map (\\x -> x * 2) xs)\n");

    assertEquals(0, run("dev", "--stop-after", "lower", "--verify", p.toString()), err.toString());
    String lowered = out.toString();
    assertTrue(lowered.contains("entry main") && lowered.contains("map") && lowered.contains("reduce"), lowered);

    assertEquals(0, run("dev", "--dump-after", "fusion", p.toString()), err.toString());
    String fused = out.toString();
    assertTrue(fused.contains("entry main"), fused);
    assertFalse(fused.equals(lowered), "fusion changed the map-reduce chain");

    assertEquals(0, run("dev", "--dump-after", "check", p.toString()), err.toString());
    assertTrue(out.toString().contains("main"), out.toString());

    assertEquals(0, run("dev", "--dump-after", "codegen", "--backend", "c", p.toString()), err.toString());
    assertTrue(out.toString().contains("futhark_entry_main"), out.toString());

    assertEquals(2, run("dev", "--dump-after", "nonsense", p.toString()));
    assertTrue(err.toString().contains("unknown step 'nonsense'"), err.toString());

    Files.writeString(p, "entry main (x: i32) : i32 = x + true\n");
    assertEquals(2, run("dev", "--stop-after", "lower", p.toString()));
    assertTrue(err.toString().contains("error[E0"), err.toString());
  }
}
