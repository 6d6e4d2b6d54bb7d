package io.github.futhark4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.futhark4j.cli.runner.FutharkLoader;
import io.github.futhark4j.cli.runner.LoadedProgram;
import io.github.futhark4j.compiler.codegen.CHarness;
import io.github.futhark4j.ScalarType;
import io.github.futhark4j.data.Value;
import io.github.futhark4j.runtime.CopyCounts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code futhark4j bench} on real programs through {@link Main}: resident inputs by default,
 * {@code --transfer} for the whole cost, the same output either way, consuming entry points.
 * Never asserts timings.
 */
class BenchCommandTest {
  @TempDir Path dir;
  private final CliCapture cli = new CliCapture();

  @BeforeAll
  static void needGcc() {
    assumeTrue(CHarness.haveGcc(), "no C compiler");
  }

  private int run(String... args) { return cli.run(args); }

  private String out() { return cli.out(); }

  private String err() { return cli.err(); }

  private Path prog(String name, String text) throws Exception {
    return Files.writeString(dir.resolve(name), text);
  }

  private static final String DOT = """
      -- ==
      -- input { [1.0, 2.0, 3.0] [4.0, 5.0, 6.0] } output { 32.0 }
      -- random input { [1000]f64 [1000]f64 }
      -- "wrong" input { [1.0] [1.0] } output { 2.0 }
      entry main (xs: []f64) (ys: []f64) : f64 = f64.sum (map2 (*) xs ys)
      """;

  private static final Pattern HEADER = Pattern.compile("Results for .*:main \\(builtin, 3 runs\\):");
  private static final Pattern LINE = Pattern.compile("\\S.* +\\d+(\\.\\d\\d)?μs \\(stddev: \\d+(\\.\\d\\d)?μs; RSD: \\d+\\.\\d{3}\\)");

  @Test
  void aMeanUnderTenMicrosecondsHasTwoDecimals() {
    var fast = new io.github.futhark4j.cli.runner.Benchmarker.DatasetResult("#0", List.of(300L, 400L, 1600L), null);
    assertEquals("#0:       0.77μs (stddev: 0.72μs; RSD: 0.944)", BenchCommand.format(fast, 3));
    var slow = new io.github.futhark4j.cli.runner.Benchmarker.DatasetResult("#1", List.of(1_234_000L, 1_236_000L), null);
    assertEquals("#1:       1235μs (stddev: 1μs; RSD: 0.001)", BenchCommand.format(slow, 3));
  }

  /** The output with the numbers taken out, checking each line's form on the way. */
  private static List<String> shape(String output) {
    List<String> lines = new ArrayList<>();
    for (String l : output.split("\n")) {
      if (l.contains("FAILED")) lines.add(l);
      else if (HEADER.matcher(l).matches()) lines.add("header");
      else if (LINE.matcher(l).matches()) lines.add(l.substring(0, l.indexOf(':')));
      else throw new AssertionError("unexpected line: " + l + "\nin:\n" + output);
    }
    return lines;
  }

  @Test
  void residentAndTransferPrintTheSameFormatAndJson() throws Exception {
    Path p = prog("dot.fut", DOT);
    Path json1 = dir.resolve("resident.json");
    Path json2 = dir.resolve("transfer.json");
    assertEquals(1, run("bench", "--runs", "3", "--json", json1.toString(), p.toString()), err());
    String resident = out();
    assertEquals(1, run("bench", "--transfer", "--runs", "3", "--json", json2.toString(), p.toString()), err());
    String transfer = out();
    List<String> expected = List.of("header", "#0 (\"[1.0f64, 2.0f64, 3.0f64] [4.0f64, 5.0f64, 6.0f64]\")",
        "[1000]f64 [1000]f64", "wrong: FAILED: wrong result: value #0: expected 2.0f64, got 1.0f64");
    assertEquals(expected, shape(resident), resident);
    assertEquals(expected, shape(transfer), transfer);
    ObjectMapper m = new ObjectMapper();
    JsonNode a = m.readTree(json1.toFile());
    JsonNode b = m.readTree(json2.toFile());
    assertEquals(fieldNames(a), fieldNames(b));
    JsonNode ds = a.get(p + ":main").get("datasets");
    assertEquals(List.of("#0 (\"[1.0f64, 2.0f64, 3.0f64] [4.0f64, 5.0f64, 6.0f64]\")", "[1000]f64 [1000]f64"),
        fieldNames(ds));
    for (JsonNode root : List.of(a, b)) {
      for (JsonNode d : root.get(p + ":main").get("datasets")) {
        assertEquals(3, d.get("runtimes").size());
        assertEquals(List.of("runtimes", "mean", "stddev", "stderr"), fieldNames(d));
      }
    }
  }

  private static List<String> fieldNames(JsonNode n) {
    List<String> names = new ArrayList<>();
    for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) names.add(it.next());
    return names;
  }

  private static final String BUMP = """
      -- ==
      -- input { [1i64, 2i64, 3i64] } output { [2i64, 2i64, 3i64] }
      -- random input { [100]i64 }
      entry main (xs: *[]i64) : []i64 = xs with [0] = xs[0] + 1
      """;

  @Test
  void aConsumingEntryPointGetsAFreshCopyEachRun() throws Exception {
    Path p = prog("bump.fut", BUMP);
    for (String mode : List.of("--runs", "--transfer")) {
      List<String> args = new ArrayList<>(List.of("bench", "--runs", "5", p.toString()));
      if (mode.equals("--transfer")) args.add(1, mode);
      assertEquals(0, run(args.toArray(String[]::new)), out() + err());
      assertFalse(out().contains("FAILED"), out());
      assertEquals(3, out().lines().count(), out());
    }
  }

  @Test
  void eachResidentRunOfAConsumingEntryPointSeesTheOriginalInput() throws Exception {
    Path p = prog("bump.fut", BUMP);
    try (LoadedProgram program = new FutharkLoader(FutharkLoader.optionsFor("builtin")).load(p);
        LoadedProgram.Resident in = program.resident("main", List.of(Value.vector(ScalarType.I64, new long[] {1, 2, 3})))) {
      for (int i = 0; i < 4; i++) {
        in.prepareRun();
        in.run();
        assertEquals(List.of(Value.vector(ScalarType.I64, new long[] {2, 2, 3})), in.results(), "run " + i);
        in.finishRun();
      }
    }
  }

  /** Every kind of value a dataset can hold, resident and with --transfer, checked against the expected output. */
  @Test
  void residentInputsOfEveryShapeAndTypeGiveTheExpectedResults() throws Exception {
    Path p = prog("types.fut", """
        -- ==
        -- entry: mixed
        -- input { [[1u8, 2u8], [3u8, 4u8]] [true, false] 2.5f16 [1i16, 2i16] }
        -- output { 10i64 1i64 [3.5f16, 4.5f16] }
        -- input { empty([0][2]u8) empty([0]bool) 1f16 empty([0]i16) }
        -- output { 0i64 0i64 empty([0]f16) }

        -- ==
        -- entry: rows
        -- input { 2i64 } output { [[0f32, 0f32, 0f32], [1f32, 1f32, 1f32]] }
        -- input { 0i64 } output { empty([0][3]f32) }
        entry mixed (m: [][]u8) (bs: []bool) (h: f16) (xs: []i16) : (i64, i64, []f16) =
          (i64.sum (map i64.u8 (flatten m)), i64.sum (map i64.bool bs), map (\\x -> h + f16.i16 x) xs)
        entry rows (n: i64) : [n][3]f32 = tabulate_2d n 3 (\\i _ -> f32.i64 i)
        """);
    for (String transfer : List.of("", "--transfer")) {
      List<String> args = new ArrayList<>(List.of("bench", "--runs", "3", p.toString()));
      if (!transfer.isEmpty()) args.add(1, transfer);
      assertEquals(0, run(args.toArray(String[]::new)), out() + err());
      assertFalse(out().contains("FAILED"), out());
      assertEquals(6, out().lines().count(), out());
    }
  }

  @Test
  void freeingAResultThatAliasesAResidentInputLeavesTheInputIntact() throws Exception {
    Path p = prog("alias.fut", "entry main (xs: []f64) : ([]f64, f64) = (xs, f64.sum xs)\n");
    for (String backend : List.of("builtin", "builtin-c")) {
      try (LoadedProgram program = new FutharkLoader(FutharkLoader.optionsFor(backend)).load(p);
          LoadedProgram.Resident in = program.resident("main", List.of(Value.vector(ScalarType.F64, new double[] {1, 2, 3})))) {
        for (int i = 0; i < 5; i++) {
          in.prepareRun();
          in.run();
          assertEquals(List.of(Value.vector(ScalarType.F64, new double[] {1, 2, 3}), Value.f64(6)), in.results(),
              backend + " run " + i);
          in.finishRun(); // frees the result, which is the input itself as far as Futhark is concerned
        }
      }
    }
  }

  private static final String ADD = """
      -- ==
      -- input { [1.0, 2.0] [3.0, 4.0] } output { [4.0, 6.0] }
      entry main (xs: []f64) (ys: []f64) : []f64 = map2 (+) xs ys
      """;

  /** How many arrays crossed between Java and native memory while running {@code args}: {in, out}. */
  private long[] copies(String... args) {
    long in = CopyCounts.javaToNative();
    long outs = CopyCounts.nativeToJava();
    assertEquals(0, run(args), out() + err());
    assertFalse(out().contains("FAILED"), out());
    return new long[] {CopyCounts.javaToNative() - in, CopyCounts.nativeToJava() - outs};
  }

  @Test
  void residentBenchConvertsTheInputsOnceWhateverTheNumberOfRuns() throws Exception {
    String p = prog("add.fut", ADD).toString();
    copies("bench", "--runs", "1", p); // compiles, so the counts below are of benching alone
    // Two input arrays converted once; the warm-up's result read once to check it.
    long[] two = copies("bench", "--runs", "2", p);
    long[] seven = copies("bench", "--runs", "7", p);
    assertEquals(2, two[0]);
    assertEquals(1, two[1]);
    assertEquals(2, seven[0]);
    assertEquals(1, seven[1]);
    // --transfer converts both inputs and the result on every run, the warm-up runs included
    // (as many as fit in the warm-up time, at least one).
    long[] transfer = copies("bench", "--transfer", "--runs", "7", p);
    assertEquals(2 * transfer[1], transfer[0]);
    org.junit.jupiter.api.Assertions.assertTrue(transfer[1] >= 8, "runs: " + transfer[1]);
  }

  @Test
  void consumedInputsAreCopiedNativelyNotConvertedAgain() throws Exception {
    String p = prog("bump.fut", BUMP.replace("-- random input { [100]i64 }\n", "")).toString();
    copies("bench", "--runs", "1", p);
    assertEquals(1, copies("bench", "--runs", "6", p)[0]);
    long transferred = copies("bench", "--transfer", "--runs", "6", p)[0];
    org.junit.jupiter.api.Assertions.assertTrue(transferred >= 7, "one conversion per run, warm-up included: " + transferred);
  }
}
