package io.github.futhark4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code futhark4j dev}: the compiler's steps, and a program printed after one of them. */
class DevCommandTest {
  private final CliCapture cli = new CliCapture();

  private int run(String... args) { return cli.run(args); }

  @Test
  void listsTheStepsAndPrintsAProgramAfterAny(@TempDir Path dir) throws Exception {
    assertEquals(0, run("dev", "--steps"), cli.err());
    String steps = cli.out();
    for (String s : new String[] {"parse", "check", "lower", "simplify", "fusion", "hoist", "dead-code-2", "schedule", "codegen"}) {
      assertTrue(steps.contains(s + " "), steps);
    }
    // Every optimisation pass says what it does.
    assertTrue(steps.contains("producer-consumer fusion") && steps.contains("loop-invariant") && !steps.contains("IR optimisation pass"),
        steps);
    Path p = dir.resolve("p.fut");
    Files.writeString(p, "entry main (xs: []i32) : i32 = reduce (+) 0 (map (\\x -> x * 2) xs)\n");

    assertEquals(0, run("dev", "--stop-after", "lower", "--verify", p.toString()), cli.err());
    String lowered = cli.out();
    assertTrue(lowered.contains("entry main") && lowered.contains("map") && lowered.contains("reduce"), lowered);

    assertEquals(0, run("dev", "--dump-after", "fusion", p.toString()), cli.err());
    String fused = cli.out();
    assertTrue(fused.contains("entry main"), fused);
    assertFalse(fused.equals(lowered), "fusion changed the map-reduce chain");

    // The schedule's marks: the iota is never materialised.
    Path q = dir.resolve("q.fut");
    Files.writeString(q, "entry main (n: i64) : []i64 = map (\\i -> i * 2) (iota n)\n");
    assertEquals(0, run("dev", "--dump-after", "schedule", "--verify", q.toString()), cli.err());
    assertTrue(cli.out().contains("#[virtual] let ("), cli.out());

    assertEquals(0, run("dev", "--dump-after", "check", p.toString()), cli.err());
    assertTrue(cli.out().contains("main"), cli.out());

    assertEquals(0, run("dev", "--dump-after", "codegen", "--backend", "c", p.toString()), cli.err());
    assertTrue(cli.out().contains("futhark_entry_main"), cli.out());
    // The C is the build's: contraction off, unless asked for as a build is.
    assertTrue(cli.out().contains("fp-contract=off") && !cli.out().contains("fp-contract=fast"), "reference rounding");
    assertEquals(0, run("dev", "--dump-after", "codegen", "--fp-contract", p.toString()), cli.err());
    assertTrue(cli.out().contains("fp-contract=fast"), "--fp-contract");

    assertEquals(2, run("dev", "--dump-after", "nonsense", p.toString()));
    assertTrue(cli.err().contains("unknown step 'nonsense'"), cli.err());

    Files.writeString(p, "entry main (x: i32) : i32 = x + true\n");
    assertEquals(2, run("dev", "--stop-after", "lower", p.toString()));
    assertTrue(cli.err().contains("error[E0"), cli.err());
    // parse is a step of its own: a type error does not stop it
    assertEquals(0, run("dev", "--stop-after", "parse", p.toString()), cli.err());
    assertTrue(cli.out().contains("<prelude>: ") && cli.out().contains("p.fut: 1 declarations"), cli.out());
  }
}
