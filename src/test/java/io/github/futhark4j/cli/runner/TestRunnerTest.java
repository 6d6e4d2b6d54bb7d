package io.github.futhark4j.cli.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.cli.runner.TestRunner.Outcome;
import io.github.futhark4j.cli.runner.TestRunner.Status;
import io.github.futhark4j.cli.runner.TestRunner.Summary;
import io.github.futhark4j.ScalarType;
import io.github.futhark4j.data.BinaryFormat;
import io.github.futhark4j.data.Value;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestRunnerTest {
  @TempDir Path dir;
  final FakeLoader loader = new FakeLoader();
  final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

  private TestRunner runner(boolean verbose, String... exclude) {
    return new TestRunner(loader, new TestRunner.Options("builtin", Set.of(exclude), verbose, 2),
        new PrintStream(bytes, true, StandardCharsets.UTF_8));
  }

  private Path write(String name, String text) throws Exception {
    Path p = dir.resolve(name);
    Files.createDirectories(p.getParent());
    Files.writeString(p, text);
    return p;
  }

  private String printed() { return bytes.toString(StandardCharsets.UTF_8); }

  @Test
  void passingAndFailingCases() throws Exception {
    Path f = write("sum.fut", """
        -- ==
        -- input { [1, 2, 3] } output { 6 }
        -- input { [1, 2, 3] } output { 7 }
        -- input { empty([0]i32) } output { 0 }
        let main (xs: []i32) = i32.sum xs
        """);
    List<Outcome> os = runner(false).testFile(f);
    assertEquals(new Summary(2, 1, 0), Summary.of(os));
    Outcome bad = os.get(1);
    assertEquals(Status.FAILED, bad.status());
    assertEquals("FAILED " + f + " entry main, dataset #1 (\"[1i32, 2i32, 3i32]\"): value #0: expected 7i32, got 6i32",
        bad.render());
  }

  @Test
  void entryPointsAcrossBlocks() throws Exception {
    Path f = write("entries.fut", """
        -- ==
        -- entry: add1
        -- input { 1 } output { 2 }

        -- ==
        -- entry: sub1 wrong
        -- input { 1 } output { 0 }
        """);
    List<Outcome> os = runner(false).testFile(f);
    assertEquals(new Summary(2, 1, 0), Summary.of(os));
    assertEquals("wrong", os.stream().filter(o -> o.status() == Status.FAILED).findFirst().orElseThrow().entry());
  }

  @Test
  void runTimeErrors() throws Exception {
    Path f = write("index.fut", """
        -- ==
        -- entry: index
        -- input { [4,3,2,1] 1i64 } output { 3 }
        -- input { [4,3,2,1] 5i64 } error: Error*
        -- input { [4,3,2,1] 6i64 } error: out of bounds for array of shape \\[4\\]
        -- input { [4,3,2,1] 7i64 } error: division by zero
        -- input { [4,3,2,1] 0i64 } error:
        -- input { [4,3,2,1] 0i64 }
        -- input { [4,3,2,1] 9i64 }
        """);
    List<Outcome> os = runner(false).testFile(f);
    assertEquals(List.of(Status.PASSED, Status.PASSED, Status.PASSED, Status.FAILED, Status.FAILED, Status.PASSED,
        Status.FAILED), os.stream().map(Outcome::status).toList());
    assertTrue(os.get(3).message().contains("expected an error matching 'division by zero', got:"));
    assertTrue(os.get(4).message().contains("but the run succeeded"));
    assertTrue(os.get(6).message().contains("Index [9] out of bounds"));
  }

  @Test
  void compileTimeExpectations() throws Exception {
    Path ok = write("ok.fut", "-- ==\n-- error: Unexpected token\nSYNTAX ERROR\n");
    Path wrongMsg = write("wrong.fut", "-- ==\n-- error: type mismatch\nSYNTAX ERROR\n");
    Path compiles = write("compiles.fut", "-- ==\n-- error:\nlet main = 1\n");
    assertEquals(Status.PASSED, runner(false).testFile(ok).get(0).status());
    Outcome w = runner(false).testFile(wrongMsg).get(0);
    assertEquals(Status.FAILED, w.status());
    assertTrue(w.message().contains("Unexpected token SYNTAX"), w.message());
    assertEquals(Status.FAILED, runner(false).testFile(compiles).get(0).status());
  }

  @Test
  void programsWithoutBlocksMustCompile() throws Exception {
    Path good = write("lib.fut", "let f (x: i32) = x\n");
    Path bad = write("broken.fut", "let f = SYNTAX ERROR\n");
    assertEquals(new Summary(1, 0, 0), Summary.of(runner(false).testFile(good)));
    Outcome o = runner(false).testFile(bad).get(0);
    assertEquals(Status.FAILED, o.status());
    assertTrue(o.render().contains("compilation failed"), o.render());
  }

  @Test
  void tagsExcludeFilesAndCases() throws Exception {
    Path disabled = write("disabled.fut", "-- ==\n-- tags { disable }\n-- input { [1] } output { 1 }\n");
    Path noBuiltin = write("nob.fut", "-- ==\n-- tags { no_builtin }\n-- input { [1] } output { 1 }\n");
    Path cases = write("cases.fut", """
        -- ==
        -- input { [1] } output { 1 }
        -- no_builtin input { [1] } output { 5 }
        -- slow input { [2] } output { 2 }
        -- compiled nobench input { [3] } output { 3 }
        """);
    assertEquals(new Summary(0, 0, 1), Summary.of(runner(false).testFile(disabled)));
    assertEquals(new Summary(0, 0, 1), Summary.of(runner(false).testFile(noBuiltin)));
    assertEquals(new Summary(3, 0, 1), Summary.of(runner(false).testFile(cases)));
    assertEquals(new Summary(2, 0, 2), Summary.of(runner(false, "slow").testFile(cases)));
    assertEquals(0, loader.loads.get() - 2, "excluded files are not compiled");
  }

  @Test
  void dataFilesRandomInputAndAutoOutput() throws Exception {
    write("data/in.txt", "-- a data file\n[10, 20]\n");
    Files.write(dir.resolve("data/out.bin"), BinaryFormat.toBytes(Value.i32(30)));
    Path f = write("files.fut", """
        -- ==
        -- input @ data/in.txt output @ data/out.bin
        -- input @ data/missing.in output { 1 }
        -- random input { [100]i32 } auto output
        -- random input { [10]i32 }
        -- script input { mk 3 } output { 1 }

        -- ==
        -- entry: halve
        -- random input { [3]f64 } output { [0.5, 0.5, 0.5] }
        """);
    List<Outcome> os = runner(false).testFile(f);
    assertEquals(List.of(Status.PASSED, Status.FAILED, Status.SKIPPED, Status.PASSED, Status.SKIPPED, Status.FAILED),
        os.stream().map(Outcome::status).toList());
    assertTrue(os.get(1).message().contains("data file not found"), os.get(1).message());
  }

  @Test
  void autoOutputIsCheckedAgainstAReferenceBuild() throws Exception {
    Path f = write("auto.fut", "-- ==\n-- random input { [50]i32 } auto output\n-- input { [1, 2] } auto output\n");
    PrintStream ps = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    TestRunner.Options o = new TestRunner.Options("builtin", Set.of(), false, 1);
    FakeLoader same = new FakeLoader();
    assertEquals(new Summary(2, 0, 0), Summary.of(new TestRunner(loader, same, o, ps).testFile(f)));
    assertEquals(1, same.loads.get(), "the reference is compiled once per program");

    ProgramLoader zero = p -> new OneEntry("main") {
      @Override
      public List<Value> call(String entry, List<Value> args) { return List.of(Value.i32(0)); }
    };
    List<Outcome> os = new TestRunner(loader, zero, o, ps).testFile(f);
    assertEquals(new Summary(0, 2, 0), Summary.of(os));
    assertTrue(os.get(0).message().startsWith("differs from the reference: value #0: expected 0i32"), os.get(0).message());

    ProgramLoader broken = p -> {
      throw new ProgramLoader.CompileFailure("reference compiler crashed", false, null);
    };
    os = new TestRunner(loader, broken, o, ps).testFile(f);
    assertTrue(os.get(1).message().contains("reference compiler crashed"), os.get(1).message());
    assertEquals(new Summary(0, 0, 2), Summary.of(runner(false).testFile(f)), "without a reference: skipped");
  }

  @Test
  void floatTolerance() throws Exception {
    Path f = write("pair.fut", """
        -- ==
        -- entry: pair
        -- input { 1.0 } output { 1.001 2.0 }
        -- input { 1.0 } output { 1.0 2.1 }
        -- input { f64.nan } output { f64.nan f64.nan }
        """);
    List<Outcome> os = runner(false).testFile(f);
    assertEquals(List.of(Status.PASSED, Status.FAILED, Status.PASSED), os.stream().map(Outcome::status).toList());
    assertTrue(os.get(1).message().startsWith("value #1: expected 2.1f64, got 2.0f64"), os.get(1).message());
  }

  @Test
  void literalsTakeTheEntryPointsTypes() throws Exception {
    Path f = write("hints.fut", """
        -- ==
        -- entry: halve
        -- input { [2, 5] } output { [1, 2.5] }
        -- input { [2f32] } output { [1.0] }

        -- ==
        -- entry: index
        -- input { [7, 8] 1 } output { 8 }
        """);
    List<Outcome> os = runner(false).testFile(f);
    assertEquals(List.of(Status.PASSED, Status.FAILED, Status.PASSED), os.stream().map(Outcome::status).toList());
    assertTrue(os.get(1).message().contains("must have type []f64, but the value has type []f32"), os.get(1).message());
  }

  @Test
  void defaultEntryIsMainOrTheOnlyOne() {
    assertEquals("main", new OneEntry("main").defaultEntry());
    assertEquals("f", new OneEntry("f").defaultEntry());
    assertEquals("main", new OneEntry("f", "g").defaultEntry());
  }

  private static class OneEntry implements LoadedProgram {
    private final String[] names;

    OneEntry(String... names) {
      this.names = names;
    }

    @Override
    public java.util.Map<String, EntryInfo> entryPoints() {
      java.util.Map<String, EntryInfo> m = new java.util.LinkedHashMap<>();
      for (String n : names) m.put(n, new EntryInfo(List.of(), List.of()));
      return m;
    }

    @Override
    public List<Value> call(String entry, List<Value> args) { return List.of(); }

    @Override
    public void close() {}
  }

  @Test
  void badArgumentsAreFailuresEvenWhenAnErrorIsExpected() throws Exception {
    Path f = write("args.fut", "-- ==\n-- input { 1.0 } error: .*\n-- input { [1] [2] } output { 1 }\n");
    List<Outcome> os = runner(false).testFile(f);
    assertEquals(new Summary(0, 2, 0), Summary.of(os));
    assertTrue(os.get(0).message().contains("must have type []i32, but the value has type f64"), os.get(0).message());
    assertTrue(os.get(1).message().contains("takes 1 argument(s)"), os.get(1).message());
  }

  @Test
  void structureAndWarningSpecsAreSkipped() throws Exception {
    Path f = write("structure.fut", "-- ==\n-- input { [1] } output { 1 }\n-- structure { Screma 1 }\n-- warning: x\n");
    assertEquals(new Summary(1, 0, 2), Summary.of(runner(false).testFile(f)));
  }

  @Test
  void structureSpecsAreCheckedOnRequest() throws Exception {
    Path f = write("structure.fut", """
        -- ==
        -- input { [1] } output { 1 }
        -- structure { Map 1 Screma 3 }
        -- structure { Reduce 1 Alloc 1 }
        -- structure { Alloc 1 }
        -- structure mc-mem { Alloc 1 }
        """);
    TestRunner r = new TestRunner(loader, null, new TestRunner.Options("builtin", Set.of(), false, 1, true),
        new PrintStream(bytes, true, StandardCharsets.UTF_8), p -> java.util.Map.of("Map", 1, "Reduce", 1));
    List<Outcome> os = r.testFile(f);
    assertEquals(new Summary(2, 1, 2), Summary.of(os));
    assertEquals("FAILED " + f + ": structure (line 3):\n    Screma (Map + Reduce + Scan + Filter + Partition): expected 3, got 2",
        os.get(1).render());
    assertEquals("PASSED " + f + ": structure (line 4): not checked (no counterpart here): Alloc", os.get(2).render());
    assertEquals("SKIPPED " + f + ": structure (line 5): no construct with a counterpart here: Alloc", os.get(3).render());
    assertEquals("SKIPPED " + f + ": structure mc-mem (line 6): mode 'mc-mem' is not checked (no such IR here)",
        os.get(4).render());
  }

  @Test
  void malformedSpecIsAFailure() throws Exception {
    Path f = write("malformed.fut", "-- ==\n-- input { [1, }\n");
    Outcome o = runner(false).testFile(f).get(0);
    assertEquals(Status.FAILED, o.status());
    assertTrue(o.message().contains("malformed.fut:2:"), o.message());
  }

  @Test
  void directoriesRecursivelyInParallelWithSummary() throws Exception {
    write("a/one.fut", "-- ==\n-- input { [1] } output { 1 }\n");
    write("a/b/two.fut", "-- ==\n-- input { [1] } output { 2 }\n");
    write("a/b/c/three.fut", "let x = 1\n");
    write("a/notes.txt", "-- ==\n-- input { [1] } output { 2 }\n");
    List<Outcome> os = runner(false).run(List.of(dir.resolve("a")));
    assertEquals(new Summary(2, 1, 0), Summary.of(os));
    assertEquals("2 passed, 1 failed", Summary.of(os).line());
    assertEquals(3, loader.loads.get());
    String out = printed();
    assertTrue(out.contains("FAILED " + dir.resolve("a/b/two.fut")), out);
    assertFalse(out.contains("PASSED"), "only failures without -v");
  }

  @Test
  void verbosePrintsEverything() throws Exception {
    Path f = write("v.fut", "-- ==\n-- input { [1] } output { 1 }\n-- nope input { [1] } output { 1 }\n");
    runner(true, "nope").run(List.of(f));
    assertTrue(printed().contains("PASSED " + f + " entry main"), printed());
    assertTrue(printed().contains("SKIPPED " + f + " entry main, dataset #1"), printed());
    assertEquals("1 passed, 0 failed, 1 skipped", new Summary(1, 0, 1).line());
  }

  @Test
  void randomDataIsReproducible() throws Exception {
    Path f = write("r.fut", "-- ==\n-- random input { [5]i32 }\n");
    var spec = io.github.futhark4j.cli.spec.SpecParser.parseFile(f);
    var run = ((io.github.futhark4j.cli.spec.TestSpec.RunCases) spec.action()).ios().get(0).runs().get(0);
    assertEquals(TestRunner.seed(f, "main", run), TestRunner.seed(f, "main", run));
    assertFalse(TestRunner.seed(f, "main", run) == TestRunner.seed(f, "other", run));
    assertEquals(ScalarType.I32, io.github.futhark4j.cli.spec.Datasets.load(run.input(), dir, 1).get(0).type());
  }
  /**
   * A loader whose compiler crashes on some programs: {@code CRASH_STACK} throws a
   * {@link StackOverflowError} (as a cyclic type abbreviation once did), {@code CRASH_BUG} an
   * {@link IllegalStateException}, {@code CRASH_CALL} compiles to a program whose calls throw an
   * {@link AssertionError}. Everything else goes to the {@link FakeLoader}.
   */
  private ProgramLoader crashing() {
    return file -> {
      String text;
      try {
        text = Files.readString(file);
      } catch (java.io.IOException e) {
        throw new AssertionError(e);
      }
      if (text.contains("CRASH_STACK")) throw new StackOverflowError();
      if (text.contains("CRASH_BUG")) throw new IllegalStateException("checker bug");
      LoadedProgram p = loader.load(file);
      if (!text.contains("CRASH_CALL")) return p;
      return new LoadedProgram() {
        @Override
        public java.util.Map<String, EntryInfo> entryPoints() { return p.entryPoints(); }

        @Override
        public List<Value> call(String entry, List<Value> args) {
          throw new AssertionError("backend bug");
        }

        @Override
        public void close() {}
      };
    };
  }

  @Test
  void aCrashingCompilerFailsOneFileAndTheRunGoesOn() throws Exception {
    write("t/a_stack.fut", "-- CRASH_STACK\n-- ==\n-- input { [1] } output { 1 }\n");
    write("t/b_good.fut", "-- ==\n-- input { [1, 2] } output { 3 }\n");
    write("t/c_bug.fut", "-- CRASH_BUG\nlet x = 1\n");
    write("t/d_call.fut", "-- CRASH_CALL\n-- ==\n-- input { [1] } output { 1 }\n-- input { [2] } output { 2 }\n");
    write("t/e_expects_error.fut", "-- CRASH_STACK\n-- ==\n-- error:\n");
    write("t/f_good.fut", "-- ==\n-- input { [5] } output { 5 }\n");
    TestRunner r = new TestRunner(crashing(), new TestRunner.Options("builtin", Set.of(), false, 2),
        new PrintStream(bytes, true, StandardCharsets.UTF_8));
    List<Outcome> os = r.run(List.of(dir.resolve("t")));
    // a_stack, c_bug and e_expects_error fail once each, d_call's two cases fail; b and f pass.
    assertEquals(new Summary(2, 5, 0), Summary.of(os));
    String out = printed();
    assertTrue(out.contains("FAILED " + dir.resolve("t/a_stack.fut") + ": compilation failed:\n    internal error while compiling: java.lang.StackOverflowError"), out);
    assertTrue(out.contains("FAILED " + dir.resolve("t/c_bug.fut") + ": compilation failed:\n    internal error while compiling: java.lang.IllegalStateException: checker bug"), out);
    assertTrue(out.contains("FAILED " + dir.resolve("t/d_call.fut") + " entry main, dataset #1 (\"[2i32]\"): internal error: java.lang.AssertionError: backend bug"), out);
    // A crash is no compile error, even where any compile error would do.
    assertTrue(out.contains("FAILED " + dir.resolve("t/e_expects_error.fut") + ": expected a compile error matching 'any error', got:\n    internal error while compiling: java.lang.StackOverflowError"), out);
  }

  @Test
  void aCrashOutsideTheCompilerStillFailsOnlyItsFile() throws Exception {
    write("u/a.fut", "-- ==\n-- input { [1] } output { 1 }\n");
    write("u/b.fut", "-- ==\n-- input { [1] } output { 1 }\n");
    ProgramLoader broken = file -> {
      LoadedProgram p = loader.load(file);
      if (!file.getFileName().toString().equals("a.fut")) return p;
      return new LoadedProgram() {
        @Override
        public java.util.Map<String, EntryInfo> entryPoints() { throw new OutOfMemoryError("Java heap space"); }

        @Override
        public List<Value> call(String entry, List<Value> args) { throw new AssertionError(); }

        @Override
        public void close() {}
      };
    };
    TestRunner r = new TestRunner(broken, new TestRunner.Options("builtin", Set.of(), false, 1),
        new PrintStream(bytes, true, StandardCharsets.UTF_8));
    List<Outcome> os = r.run(List.of(dir.resolve("u")));
    assertEquals(new Summary(1, 1, 0), Summary.of(os));
    assertTrue(printed().contains("FAILED " + dir.resolve("u/a.fut")
        + ": internal error while testing the file: java.lang.OutOfMemoryError: Java heap space"), printed());
  }
}
