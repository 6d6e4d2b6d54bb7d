package io.github.futhark4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.futhark4j.cli.runner.FakeLoader;
import io.github.futhark4j.compiler.diag.CompileException;
import io.github.futhark4j.compiler.diag.Diagnostic;
import io.github.futhark4j.compiler.source.Span;
import io.github.futhark4j.ScalarType;
import io.github.futhark4j.data.Value;
import io.github.futhark4j.data.ValueReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line end to end, with the compiler and runtime replaced by fakes. */
class MainTest {
  @TempDir Path dir;
  final FakeLoader loader = new FakeLoader();
  final List<String> backendsAsked = new ArrayList<>();
  final ByteArrayOutputStream out = new ByteArrayOutputStream();
  final ByteArrayOutputStream err = new ByteArrayOutputStream();
  Cli.Checker checker = src -> { };
  Cli.Library library = (src, backend, outDir, name) -> {
    for (String ext : List.of(".c", ".h", ".json")) Files.writeString(outDir.resolve(name + ext), backend + " " + src.name());
  };

  private int run(String stdin, String... args) {
    return run(stdin.getBytes(StandardCharsets.UTF_8), args);
  }

  private int run(byte[] stdin, String... args) {
    Cli cli = new Cli(new ByteArrayInputStream(stdin), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), b -> {
          backendsAsked.add(b);
          return loader;
        }, src -> checker.check(src), (s, b, o, n) -> library.compile(s, b, o, n));
    return Main.run(args, cli);
  }

  private String out() { return out.toString(StandardCharsets.UTF_8); }

  private String err() { return err.toString(StandardCharsets.UTF_8); }

  private Path prog(String name, String text) throws Exception {
    Path p = dir.resolve(name);
    Files.createDirectories(p.getParent());
    Files.writeString(p, text);
    return p;
  }

  @Test
  void helpListsEveryCommand() {
    assertEquals(0, run("", "--help"));
    for (String c : List.of("run", "test", "bench", "check", "c", "multicore")) {
      assertTrue(out().contains("\n  " + c + " "), c + " missing from:\n" + out());
    }
  }

  @Test
  void everyCommandHasHelp() {
    for (Command c : Commands.all()) {
      out.reset();
      assertEquals(0, run("", c.name(), "--help"));
      assertTrue(out().startsWith("Usage: futhark4j " + c.name()), out());
    }
  }

  @Test
  void usageErrors() {
    assertEquals(2, run("", new String[0]));
    assertTrue(err().startsWith("Usage:"));
    assertEquals(2, run("", "frobnicate"));
    assertTrue(err().contains("unknown command 'frobnicate'"));
    assertEquals(2, run("", "run", "--bogus", "x.fut"));
    assertTrue(err().contains("unknown option --bogus"), err());
    assertTrue(err().contains("Try 'futhark4j run --help'."), err());
    assertEquals(2, run("", "run", dir.resolve("missing.fut").toString()));
    assertTrue(err().contains("no such file"), err());
    assertEquals(2, run("", "run", "-r", "zero", "a.fut"));
  }

  @Test
  void versionLooksLikeFutharks() {
    assertEquals(0, run("", "--version"));
    assertTrue(out().startsWith("Futhark " + Main.FUTHARK_VERSION + "\n"), out());
  }

  @Test
  void runReadsStdinAndPrintsResults() throws Exception {
    Path p = prog("sum.fut", "let main (xs: []i32) = i32.sum xs\n");
    assertEquals(0, run("-- the input\n[1, 2, 3]\n", "run", p.toString()));
    assertEquals("6i32\n", out());
    assertEquals(List.of("builtin"), backendsAsked);
  }

  @Test
  void runSeveralResultsAndEntryPoint() throws Exception {
    Path p = prog("pair.fut", "entry pair (x: f64) = (x, 2*x)\n");
    assertEquals(0, run("1.5", "run", "-e", "pair", p.toString()));
    assertEquals("1.5f64\n3.0f64\n", out());
  }

  @Test
  void runReadsUnsuffixedLiteralsAsTheParameterTypes() throws Exception {
    Path p = prog("halve.fut", "");
    assertEquals(0, run("[2, 5]", "run", "-e", "halve", p.toString()));
    assertEquals("[1.0f64, 2.5f64]\n", out());
  }

  @Test
  void runBinaryInputAndOutput() throws Exception {
    Path p = prog("halve.fut", "");
    byte[] in = io.github.futhark4j.data.BinaryFormat.toBytes(Value.vector(ScalarType.F64, new double[] {2, 4}));
    assertEquals(0, run(in, "run", "--entry-point=halve", "-b", p.toString()));
    Value v = new ValueReader(out.toByteArray(), "out").next();
    assertEquals(Value.vector(ScalarType.F64, new double[] {1, 2}), v);
  }

  @Test
  void runTimingsAndRepeatedRuns() throws Exception {
    Path p = prog("sum.fut", "");
    Path t = dir.resolve("times.txt");
    assertEquals(0, run("[1]", "run", "-r", "3", "-t", t.toString(), "-n", p.toString()));
    List<String> lines = Files.readAllLines(t);
    assertEquals(3, lines.size());
    for (String l : lines) assertTrue(Long.parseLong(l) >= 0);
    assertEquals(4, loader.calls.get(), "three runs plus a warm-up");
    assertEquals("", out());
  }

  @Test
  void timedRunsPrepareTheEntryPointFirst() throws Exception {
    Path p = prog("sum.fut", "");
    assertEquals(0, run("[1]", "run", "-r", "2", "-n", p.toString()));
    assertEquals(List.of("prepare:main", "call:main", "call:main", "call:main"), loader.events,
        "prepared before the warm-up and the timed runs");
    loader.events.clear();
    assertEquals(0, run("[1]", "run", "-t", dir.resolve("t.txt").toString(), "-n", p.toString()));
    assertEquals(List.of("prepare:main", "call:main"), loader.events, "-t times the run too");
    loader.events.clear();
    assertEquals(0, run("[1]", "run", "-n", p.toString()));
    assertEquals(List.of("call:main"), loader.events, "an untimed single run pays no binding");
  }

  @Test
  void runFailures() throws Exception {
    Path p = prog("index.fut", "");
    assertEquals(1, run("[1, 2] 5i64", "run", "-e", "index", p.toString()));
    assertTrue(err().contains("Index [5] out of bounds"), err());
    err.reset();
    assertEquals(2, run("[1, 2] 5i32", "run", "-e", "index", p.toString()));
    assertTrue(err().contains("argument 1 must have type i64, but the value has type i32"), err());
    err.reset();
    assertEquals(2, run("[1, 2", "run", "-e", "index", p.toString()));
    assertTrue(err().contains("stdin:1:"), err());
    err.reset();
    assertEquals(2, run("", "run", "-e", "nope", p.toString()));
    assertTrue(err().contains("No entry point 'nope'"), err());
    err.reset();
    Path broken = prog("broken.fut", "SYNTAX ERROR");
    assertEquals(2, run("", "run", broken.toString()));
    assertTrue(err().contains("error[E0001]"), err());
  }

  @Test
  void testCommandSummaryAndExitCode() throws Exception {
    prog("t/good.fut", "-- ==\n-- input { [1, 2] } output { 3 }\n");
    assertEquals(0, run("", "test", dir.resolve("t").toString()));
    assertTrue(out().endsWith("1 passed, 0 failed\n"), out());
    out.reset();
    prog("t/bad.fut", "-- ==\n-- input { [1, 2] } output { 4 }\n-- skipme input { [1] } output { 1 }\n");
    assertEquals(1, run("", "test", "--exclude", "skipme", "--backend=c", dir.resolve("t").toString()));
    String[] lines = out().split("\n");
    assertEquals("1 passed, 1 failed, 1 skipped", lines[lines.length - 1]);
    assertTrue(out().contains("FAILED " + dir.resolve("t/bad.fut") + " entry main, dataset #0"), out());
    assertEquals("c", backendsAsked.getLast());
    assertEquals(2, run("", "test", dir.resolve("nothing-here").toString()));
    assertEquals(2, run("", "test", "--backend=cuda", dir.toString()));
  }

  @Test
  void testWithAReferenceBackend() throws Exception {
    Path p = prog("auto.fut", "-- ==\n-- random input { [10]i32 } auto output\n");
    assertEquals(0, run("", "test", "--reference", "builtin-c", p.toString()));
    assertTrue(out().endsWith("1 passed, 0 failed\n"), out());
    assertEquals(List.of("builtin", "builtin-c"), backendsAsked);
    assertEquals(2, run("", "test", "--reference", "nope", p.toString()));
  }

  @Test
  void benchPrintsAndWritesJson() throws Exception {
    Path p = prog("b.fut", """
        -- ==
        -- input { [1, 2] } output { 3 }
        -- nobench input { [1] } output { 1 }
        -- random input { [1000]i32 }
        -- "wrong" input { [5] } output { 6 }
        """);
    Path json = dir.resolve("out.json");
    assertEquals(1, run("", "bench", "--runs", "4", "--json", json.toString(), p.toString()));
    assertTrue(out().contains("Results for " + p + ":main (builtin, 4 runs):"), out());
    assertTrue(out().contains("wrong: FAILED: wrong result: value #0: expected 6i32, got 5i32"), out());
    JsonNode root = new ObjectMapper().readTree(json.toFile());
    JsonNode ds = root.get(p + ":main").get("datasets");
    assertEquals(2, ds.size());
    assertEquals(4, ds.get("#0 (\"[1i32, 2i32]\")").get("runtimes").size());
    assertTrue(ds.has("[1000]i32"));
    assertTrue(loader.calls.get() > (1 + 4) * 2 + 1, "warm-up runs for 0.2 s, then the runs, per good dataset: " + loader.calls.get());
    // A dataset whose warm-up result is wrong stops there: one call.
    Path w = prog("w.fut", "-- ==\n-- \"wrong\" input { [5] } output { 6 }\n");
    int before = loader.calls.get();
    assertEquals(1, run("", "bench", "--runs", "4", w.toString()));
    assertEquals(before + 1, loader.calls.get(), "one call for the wrong dataset");
  }

  @Test
  void benchSkipsProgramsWithoutDatasets() throws Exception {
    Path p = prog("none.fut", "-- ==\n-- nobench input { [1] }\n");
    assertEquals(0, run("", "bench", "-v", p.toString()));
    assertEquals(0, loader.loads.get());
    assertTrue(out().contains("no datasets"), out());
  }

  @Test
  void checkExitCodes() throws Exception {
    Path p = prog("c.fut", "let x = 1\n");
    assertEquals(0, run("", "check", p.toString()));
    checker = src -> {
      throw new CompileException(new Diagnostic(Diagnostic.Severity.ERROR, io.github.futhark4j.compiler.diag.DiagCode.E0101,
          new Span(new io.github.futhark4j.compiler.source.Source(src.name(), src.text()), 4, 5), "Unknown name 'x'."));
    };
    assertEquals(2, run("", "check", p.toString()));
    assertTrue(err().contains(p + ":1:5-6: error[E0101]: Unknown name 'x'."), err());
    checker = src -> {
      throw new IllegalStateException("pass typecheck: invariant broken");
    };
    assertEquals(1, run("", "check", p.toString()));
    assertTrue(err().contains("internal compiler error"), err());
  }

  @Test
  void libraryCommands() throws Exception {
    Path p = prog("lib/prog.fut", "entry f (x: i32) = x\n");
    assertEquals(0, run("", "c", "--library", p.toString()));
    assertEquals("c " + p, Files.readString(dir.resolve("lib/prog.c")));
    assertTrue(Files.exists(dir.resolve("lib/prog.h")) && Files.exists(dir.resolve("lib/prog.json")));
    Path o = dir.resolve("out/sub/name");
    assertEquals(0, run("", "multicore", "--library", "-o", o.toString(), p.toString()));
    assertEquals("multicore " + p, Files.readString(dir.resolve("out/sub/name.json")));
    assertEquals(2, run("", "c", p.toString()));
    assertTrue(err().contains("only --library is supported"), err());
    // A compiler limit is reported as such (exit 2), not as an internal compiler error.
    library = (src, backend, outDir, name) -> {
      throw new io.github.futhark4j.toolchain.CompilerLimitException("prog.fut: the program is too large after inlining", null);
    };
    assertEquals(2, run("", "multicore", "--library", p.toString()));
    assertTrue(err().contains("too large after inlining") && !err().contains("internal compiler error"), err());
  }

  @Test
  void registryListsEveryCommandClass() throws Exception {
    // Every concrete *Command class of the cli package (found by listing its sources) is registered.
    java.util.Set<String> registered = new java.util.TreeSet<>();
    for (Command c : Commands.all()) registered.add(c.getClass().getSimpleName());
    java.util.Set<String> classes = new java.util.TreeSet<>();
    try (var files = java.nio.file.Files.list(java.nio.file.Path.of("src/main/java/io/github/futhark4j/cli"))) {
      for (java.nio.file.Path f : files.toList()) {
        String n = f.getFileName().toString();
        if (!n.endsWith("Command.java") || n.equals("Command.java")) continue;
        String src = java.nio.file.Files.readString(f);
        if (src.contains("abstract class")) continue;
        classes.add(n.substring(0, n.length() - ".java".length()));
      }
    }
    assertEquals(classes, registered);
    for (String name : List.of("run", "test", "bench", "check", "c", "multicore", "dev", "pkg", "js", "python")) {
      assertTrue(Commands.find(name).isPresent(), name);
    }
    assertTrue(Commands.find("LibraryCommand").isEmpty());
  }
}
