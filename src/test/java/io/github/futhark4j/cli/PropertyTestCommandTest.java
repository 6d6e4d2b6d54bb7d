package io.github.futhark4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code futhark4j test} on programs with {@code property:} blocks, end to end: our compiler, the
 * C code and the runtime calling the properties, generators and shrinkers. The failure reports are
 * those the reference's {@code futhark test} (Futhark 0.28) printed for the same programs and seeds.
 */
@Tag("native")
class PropertyTestCommandTest {
  @TempDir Path dir;
  final CliCapture cli = new CliCapture();

  private Path write(String name, String text) throws Exception {
    Path p = dir.resolve(name);
    Files.writeString(p, text);
    return p;
  }

  @Test
  void propertiesThatHoldPass() throws Exception {
    Path f = write("holds.fut", """
        -- ==
        -- property: reverse_involution rotate_keeps_sum

        #[prop]
        entry reverse_involution (xs: []i32) : bool =
          and (map2 (==) (reverse (reverse xs)) xs)

        #[prop(size(9))]
        entry rotate_keeps_sum (r: {xs: [][]u8, k: i64}) : bool =
          u8.sum (flatten (rotate (r.k % 20) r.xs)) == u8.sum (flatten r.xs)
        """);
    assertEquals(0, cli.run("test", "--backend", "builtin-c", "-v", "--seed", "3", f.toString()), cli.out() + cli.err());
    assertEquals(List.of(
        "PASSED " + f + " entry reverse_involution: 100 tests passed (size=50, seed=3)",
        "PASSED " + f + " entry rotate_keeps_sum: 100 tests passed (size=9, seed=3)",
        "2 passed, 0 failed"), cli.out().lines().toList());
  }

  @Test
  void aFailingPropertyIsShrunkToTheReferencesCounterexample() throws Exception {
    Path f = write("fails.fut", """
        -- ==
        -- property: rev_inv bad_sum

        #[prop]
        entry rev_inv (xs: []i32) : bool =
          and (map2 (==) (reverse (reverse xs)) xs)

        #[prop]
        entry bad_sum (xs: []i32) : bool =
          length xs < 10
        """);
    assertEquals(1, cli.run("test", "--backend", "builtin-c", "--seed=42", f.toString()), cli.out() + cli.err());
    assertEquals(List.of(
        "FAILED " + f + " entry bad_sum: Property bad_sum (size=50, seed=42) failed after 1 tests:",
        "    Counterexample: [-1155275981i32, 1106160387i32, 1348006256i32, 1812817793i32, 575797851i32, 1202179350i32, "
            + "281089317i32, -1178466213i32, 472791612i32, 374890005i32]",
        "1 passed, 1 failed"), cli.out().lines().toList());
    // The size and the number of tests are options too; a size below the failing one passes.
    assertEquals(1, cli.run("test", "--backend", "builtin-c", "--seed", "42", "-m", "12", f.toString()), cli.out());
    assertTrue(cli.out().contains("Property bad_sum (size=12, seed=42) failed after 1 tests:"), cli.out());
    assertEquals(0, cli.run("test", "--backend", "builtin-c", "--seed", "42", "--max-size", "9", "-n", "20", f.toString()),
        cli.out());
  }

  @Test
  void aGeneratorAndAShrinkerWrittenInFuthark() throws Exception {
    Path f = write("gen.fut", """
        -- ==
        -- property: gs

        entry gen (size: i64) (seed: u64) : i64 = i64.u64 (seed % 1000) + size

        entry shr (x: i64) (r: u64) : i64 = x - 1 - i64.u64 (r % 2)

        #[prop(gen(gen), shrink(shr))]
        entry gs (x: i64) : bool = x < 100
        """);
    assertEquals(1, cli.run("test", "--backend", "builtin-c", "--seed=1", f.toString()), cli.out() + cli.err());
    assertEquals(List.of("FAILED " + f + " entry gs: Property gs (size=50, seed=1) failed after 1 tests:",
        "    Counterexample: 100i64", "0 passed, 1 failed"), cli.out().lines().toList());
  }

  @Test
  void malformedAndInconsistentDeclarationsFail() throws Exception {
    Path noNames = write("no_names.fut", "-- ==\n-- property:\n\n#[prop]\nentry p (x: i32) : bool = true\n");
    assertEquals(1, cli.run("test", "--backend", "builtin-c", noNames.toString()), cli.out() + cli.err());
    assertTrue(cli.out().startsWith("FAILED " + noNames + ": cannot read test specification: " + noNames
        + ":2:13: expected entry point names after 'property:'"), cli.out());

    Path undeclared = write("undeclared.fut", """
        -- ==
        -- property: p

        #[prop]
        entry p (x: i32) : bool = true

        #[prop]
        entry other (x: i32) : bool = false
        """);
    assertEquals(1, cli.run("test", "--backend", "builtin-c", "-v", undeclared.toString()), cli.out() + cli.err());
    assertEquals(List.of(
        "FAILED " + undeclared + " entry other: Entry point \"other\" not declared as property, but has #[prop(...)] attribute.",
        "SKIPPED " + undeclared + " entry p: not tested: the program's property declarations have problems",
        "0 passed, 1 failed, 1 skipped"), cli.out().lines().toList());
  }
}
