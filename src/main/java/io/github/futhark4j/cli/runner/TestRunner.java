package io.github.futhark4j.cli.runner;

import io.github.futhark4j.FutharkCompileException;
import io.github.futhark4j.FutharkException;
import io.github.futhark4j.cli.runner.LoadedProgram.RunFailure;
import io.github.futhark4j.cli.runner.ProgramLoader.CompileFailure;
import io.github.futhark4j.cli.spec.Datasets;
import io.github.futhark4j.cli.spec.Datasets.DatasetException;
import io.github.futhark4j.cli.spec.SpecException;
import io.github.futhark4j.cli.spec.SpecParser;
import io.github.futhark4j.cli.spec.TestSpec;
import io.github.futhark4j.cli.spec.TestSpec.AutoOutput;
import io.github.futhark4j.cli.spec.TestSpec.CompileError;
import io.github.futhark4j.cli.spec.TestSpec.InputOutputs;
import io.github.futhark4j.cli.spec.TestSpec.RunCases;
import io.github.futhark4j.cli.spec.TestSpec.RunTimeError;
import io.github.futhark4j.cli.spec.TestSpec.Script;
import io.github.futhark4j.cli.spec.TestSpec.Succeeds;
import io.github.futhark4j.cli.spec.TestSpec.TestRun;
import io.github.futhark4j.ScalarType;
import io.github.futhark4j.data.Value;
import io.github.futhark4j.data.ValueComparator;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

/**
 * The engine of {@code futhark4j test}: finds {@code .fut} files, reads their test blocks, compiles
 * each program once, runs every dataset against every entry point it names, and reports one outcome
 * per case. Files are tested in parallel (a pool of {@code concurrency} threads); the cases of one
 * file run in order. Outcome lines are printed as each file finishes; the caller prints the summary.
 *
 * <p>Counting: every dataset of every entry point is one case. A program without test cases, and a
 * program whose test expects a compile error, count as one case (the compilation). A program that
 * fails to compile counts as one failed case. {@code warning} specs, script inputs, {@code auto
 * output} cases when no reference backend is given (the run must still succeed), and cases or
 * files excluded by tags count as skipped. With a reference backend, {@code auto output} cases
 * compare the results with those of the program built by the reference. Each {@code structure}
 * spec is one case: skipped, unless {@link Options#structure} asks for them to be checked
 * against the built-in compiler's optimised IR ({@link StructureCheck}). Each property of a
 * {@code property:} line is one case ({@link PropertyTester}).
 */
public final class TestRunner {
  /**
   * @param backend     the backend name, used for the default exclusion {@code no_<backend>}
   * @param exclude     further tags that exclude files and cases
   * @param verbose     also print passed and skipped cases
   * @param concurrency number of files tested at once
   * @param structure   check {@code structure} specs (else they are skipped)
   * @param properties  how {@code property:} blocks are tested: the seed, the number of tests, the
   *                    size of candidates, the shrinking limits
   */
  public record Options(String backend, Set<String> exclude, boolean verbose, int concurrency, boolean structure,
      PropertyTester.Settings properties) {
    /** Options that skip {@code structure} specs. */
    public Options(String backend, Set<String> exclude, boolean verbose, int concurrency) {
      this(backend, exclude, verbose, concurrency, false);
    }

    /** Options with the default property settings and a random seed. */
    public Options(String backend, Set<String> exclude, boolean verbose, int concurrency, boolean structure) {
      this(backend, exclude, verbose, concurrency, structure, PropertyTester.Settings.randomSeed());
    }

    /** The tags that exclude a file or case: {@code disable}, {@code no_<backend>} and {@link #exclude}. */
    public Set<String> excludedTags() {
      Set<String> s = new HashSet<>(exclude);
      s.add("disable");
      s.add("no_" + backend);
      return s;
    }
  }

  public enum Status { PASSED, FAILED, SKIPPED }

  /** The result of one case; {@code entry} and {@code dataset} are null for file-level outcomes. */
  public record Outcome(Path file, String entry, String dataset, Status status, String message) {
    /** One line (or more, when the message has several) for the report. */
    public String render() {
      StringBuilder sb = new StringBuilder(status.name()).append(' ').append(file);
      if (entry != null) sb.append(" entry ").append(entry);
      if (dataset != null) sb.append(", dataset ").append(dataset);
      if (message != null && !message.isEmpty()) sb.append(": ").append(message.strip().replace("\n", "\n    "));
      return sb.toString();
    }
  }

  /** Totals over all outcomes. */
  public record Summary(int passed, int failed, int skipped) {
    /** {@code N passed, M failed}, with {@code , K skipped} when any were skipped. */
    public String line() {
      return passed + " passed, " + failed + " failed" + (skipped > 0 ? ", " + skipped + " skipped" : "");
    }

    public static Summary of(List<Outcome> outcomes) {
      int p = 0, f = 0, s = 0;
      for (Outcome o : outcomes) {
        switch (o.status()) {
          case PASSED -> p++;
          case FAILED -> f++;
          case SKIPPED -> s++;
        }
      }
      return new Summary(p, f, s);
    }
  }

  private final ProgramLoader loader;
  private final ProgramLoader reference;
  private final Options options;
  private final PrintStream out;
  private final StructureCheck.Counter structure;

  public TestRunner(ProgramLoader loader, Options options, PrintStream out) {
    this(loader, null, options, out);
  }

  /**
   * @param reference loads the reference build of a program whose results {@code auto output}
   *                  cases are compared with (futhark test uses {@code futhark c}); {@code null}
   *                  leaves those cases unchecked (skipped)
   */
  public TestRunner(ProgramLoader loader, ProgramLoader reference, Options options, PrintStream out) {
    this(loader, reference, options, out, StructureCheck.builtin());
  }

  /**
   * @param structure counts the constructs of a program's IR for its {@code structure} specs, when
   *                  {@link Options#structure} asks for them to be checked
   */
  public TestRunner(ProgramLoader loader, ProgramLoader reference, Options options, PrintStream out,
      StructureCheck.Counter structure) {
    this.loader = loader;
    this.reference = reference;
    this.options = options;
    this.out = out;
    this.structure = structure;
  }

  /** Tests every program under the paths and returns all outcomes (already printed). */
  public List<Outcome> run(List<Path> paths) throws IOException {
    List<Path> files = findPrograms(paths);
    List<Outcome> all = Collections.synchronizedList(new ArrayList<>());
    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, options.concurrency()));
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (Path f : files) {
        futures.add(pool.submit(() -> {
          List<Outcome> os = testFileSafely(f);
          all.addAll(os);
          print(os);
        }));
      }
      for (Future<?> fu : futures) {
        try {
          fu.get();
        } catch (ExecutionException e) {
          throw new IllegalStateException("test runner failed: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IOException("interrupted", e);
        }
      }
    } finally {
      pool.shutdownNow();
    }
    return List.copyOf(all);
  }

  private synchronized void print(List<Outcome> os) {
    for (Outcome o : os) {
      if (o.status() == Status.FAILED || options.verbose()) out.println(o.render());
    }
    out.flush();
  }

  /** The {@code .fut} files named, and those found recursively in the directories named, sorted. */
  public static List<Path> findPrograms(List<Path> paths) throws IOException {
    List<Path> out = new ArrayList<>();
    for (Path p : paths) {
      if (Files.isDirectory(p)) {
        try (Stream<Path> s = Files.walk(p)) {
          s.filter(f -> Files.isRegularFile(f) && f.getFileName().toString().endsWith(".fut")).sorted().forEach(out::add);
        }
      } else if (Files.isRegularFile(p)) {
        out.add(p);
      } else {
        throw new java.nio.file.NoSuchFileException(p.toString());
      }
    }
    return out;
  }

  /**
   * {@link #testFile}, but a crash anywhere in testing the file (a compiler bug that throws, a
   * {@link StackOverflowError}, an {@link OutOfMemoryError}) becomes one failed outcome for the file
   * instead of ending the whole run. Outcomes of cases that finished before the crash are lost;
   * {@link #testFile} itself already turns crashes of the compiler and of single cases into failures.
   */
  List<Outcome> testFileSafely(Path file) {
    try {
      return testFile(file);
    } catch (Throwable t) {
      return List.of(new Outcome(file, null, null, Status.FAILED, "internal error while testing the file: " + crash(t)));
    }
  }

  /** A crash as one line: the throwable and where it was thrown (a stack overflow's message is empty). */
  static String crash(Throwable t) {
    StackTraceElement[] st = t.getStackTrace();
    return t + (st.length > 0 ? " (at " + st[0] + ")" : "");
  }

  /**
   * True when a compile failure is a crash of the compiler (an exception or error that is neither a
   * diagnostic of the program nor a failing tool, which are {@link FutharkCompileException}s and
   * {@link FutharkException}s), not an error of the program.
   */
  static boolean isCrash(CompileFailure e) {
    Throwable c = e.getCause();
    return !e.userError() && c != null && !(c instanceof FutharkCompileException) && !(c instanceof FutharkException);
  }

  /**
   * Loads a program; a crash of the compiler (any throwable other than {@link CompileFailure},
   * including errors such as {@link StackOverflowError}) becomes a tool failure with the crash as its message.
   */
  private LoadedProgram load(ProgramLoader l, Path file) throws CompileFailure {
    try {
      return l.load(file);
    } catch (CompileFailure e) {
      throw e;
    } catch (Throwable t) {
      throw new CompileFailure("internal error while compiling: " + crash(t), false, t);
    }
  }

  /**
   * Tests one program; never throws for problems of the program or its tests, nor when the
   * compiler or a case crashes (those are failed outcomes).
   */
  public List<Outcome> testFile(Path file) {
    List<Outcome> os = new ArrayList<>();
    TestSpec spec;
    try {
      spec = SpecParser.parseFile(file);
    } catch (SpecException | IOException e) {
      os.add(new Outcome(file, null, null, Status.FAILED, "cannot read test specification: " + e.getMessage()));
      return os;
    } catch (RuntimeException | StackOverflowError e) {
      os.add(new Outcome(file, null, null, Status.FAILED, "internal error while reading the test specification: " + crash(e)));
      return os;
    }
    Set<String> excluded = options.excludedTags();
    for (String t : spec.tags()) {
      if (excluded.contains(t)) {
        os.add(new Outcome(file, null, null, Status.SKIPPED, "excluded by tag " + t));
        return os;
      }
    }
    if (spec.action() instanceof CompileError ce) {
      try (LoadedProgram p = load(loader, file)) {
        os.add(new Outcome(file, null, null, Status.FAILED,
            "compiled, but a compile error matching '" + ce.error() + "' was expected"));
      } catch (CompileFailure e) {
        // A crash of the compiler is no compile error, whatever its message says (an empty regex
        // matches any message).
        boolean ok = !isCrash(e) && ce.error().matches(e.getMessage());
        os.add(new Outcome(file, null, null, ok ? Status.PASSED : Status.FAILED,
            ok ? "failed to compile, as expected" : "expected a compile error matching '" + ce.error() + "', got:\n" + e.getMessage()));
      }
      return os;
    }
    RunCases rc = (RunCases) spec.action();
    LoadedProgram program;
    try {
      program = load(loader, file);
    } catch (CompileFailure e) {
      os.add(new Outcome(file, null, null, Status.FAILED, "compilation failed:\n" + e.getMessage()));
      return os;
    }
    ReferenceBuild ref = new ReferenceBuild(file);
    try (program; ref) {
      if (spec.hasNoCases()) os.add(new Outcome(file, null, null, Status.PASSED, "compiled (no test cases)"));
      for (InputOutputs io : rc.ios()) {
        String entry = io.explicitEntry() ? io.entryPoint() : program.defaultEntry();
        for (TestRun run : io.runs()) os.add(testCase(file, program, ref, entry, run, excluded));
      }
      os.addAll(propertyOutcomes(file, program, rc.properties()));
    }
    if (options.structure()) {
      os.addAll(structureOutcomes(file, rc.structures()));
    } else {
      for (int i = 0; i < rc.structures().size(); i++) {
        os.add(new Outcome(file, null, null, Status.SKIPPED, "structure spec not checked"));
      }
    }
    for (TestSpec.ExpectedError w : rc.warnings()) {
      os.add(new Outcome(file, null, null, Status.SKIPPED, "warning spec '" + w + "' not checked"));
    }
    return os;
  }

  /**
   * One outcome per property of the {@code property:} lines ({@link PropertyTester}). As futhark
   * test, no property runs when the declarations have problems ({@link PropertyTester#check}: an
   * entry point with a {@code #[prop]} attribute that no line names, a name without the attribute
   * or entry point, a property, generator or shrinker of the wrong type): each problem is a failed
   * outcome and the other properties are skipped. A program without {@code property:} lines is only
   * looked at when its text mentions {@code #[prop}.
   */
  private List<Outcome> propertyOutcomes(Path file, LoadedProgram program, List<TestSpec.Property> props) {
    List<Outcome> os = new ArrayList<>();
    Map<String, PropertyTester.PropAttr> attrs;
    try {
      if (props.isEmpty() && !Files.readString(file).contains("#[prop")) return os;
      attrs = PropertyTester.attributes(file);
    } catch (PropertyTester.AttributeException | IOException | RuntimeException | StackOverflowError e) {
      // Without property lines, a file our parser cannot read (another compiler's newer syntax) is not failed here.
      if (props.isEmpty()) return os;
      String why = e instanceof PropertyTester.AttributeException || e instanceof IOException ? e.getMessage() : crash(e);
      for (TestSpec.Property p : props) os.add(new Outcome(file, p.name(), null, Status.FAILED, why));
      return os;
    }
    List<String> names = props.stream().map(TestSpec.Property::name).toList();
    List<PropertyTester.Problem> problems = PropertyTester.check(program.entryPoints(), attrs, names);
    if (!problems.isEmpty()) {
      Set<String> failed = new HashSet<>();
      for (PropertyTester.Problem p : problems) {
        failed.add(p.entry());
        os.add(new Outcome(file, p.entry(), null, Status.FAILED, p.message()));
      }
      for (String n : new java.util.LinkedHashSet<>(names)) {
        if (!failed.contains(n)) {
          os.add(new Outcome(file, n, null, Status.SKIPPED, "not tested: the program's property declarations have problems"));
        }
      }
      return os;
    }
    PropertyTester tester = new PropertyTester(program, options.properties());
    for (String n : names) {
      try {
        PropertyTester.Result r = tester.test(n, attrs.get(n));
        os.add(new Outcome(file, n, null, r.passed() ? Status.PASSED : Status.FAILED, r.message()));
      } catch (RuntimeException | Error e) {
        os.add(new Outcome(file, n, null, Status.FAILED, "internal error: " + crash(e)));
      }
    }
    return os;
  }

  /** One outcome per {@code structure} spec; its message starts {@code structure [mode] (line N)}. */
  private List<Outcome> structureOutcomes(Path file, List<TestSpec.Structure> specs) {
    List<Outcome> os = new ArrayList<>();
    java.util.Map<String, Integer> ours = null;
    String failure = null;
    for (TestSpec.Structure spec : specs) {
      String name = "structure" + (spec.mode().isEmpty() ? "" : " " + spec.mode()) + " (line " + spec.line() + ")";
      if (spec.problem() != null) {
        os.add(new Outcome(file, null, null, Status.FAILED, name + ": cannot read the spec: " + spec.problem()));
        continue;
      }
      boolean compared = StructureCheck.MODES.contains(spec.mode());
      if (compared && ours == null && failure == null) {
        try {
          ours = structure.count(file);
        } catch (Exception | StackOverflowError e) {
          failure = e.getMessage() != null ? e.getMessage() : crash(e);
        }
      }
      if (compared && failure != null) {
        os.add(new Outcome(file, null, null, Status.FAILED, name + ": cannot count the program's constructs: " + failure));
        continue;
      }
      StructureCheck.Result r = StructureCheck.check(spec, ours == null ? java.util.Map.of() : ours);
      String unchecked = r.unmapped().isEmpty() ? "" : "not checked (no counterpart here): " + String.join(", ", r.unmapped());
      if (r.skipReason() != null) {
        os.add(new Outcome(file, null, null, Status.SKIPPED, name + ": " + r.skipReason()));
      } else if (r.passed()) {
        os.add(new Outcome(file, null, null, Status.PASSED, name + (unchecked.isEmpty() ? "" : ": " + unchecked)));
      } else {
        StringBuilder msg = new StringBuilder(name).append(':');
        for (StructureCheck.Compared c : r.mismatches()) msg.append('\n').append(c.render());
        if (!unchecked.isEmpty()) msg.append('\n').append(unchecked);
        os.add(new Outcome(file, null, null, Status.FAILED, msg.toString()));
      }
    }
    return os;
  }

  private Outcome testCase(Path file, LoadedProgram program, ReferenceBuild ref, String entry, TestRun run,
      Set<String> excluded) {
    String ds = run.description();
    for (String t : run.tags()) {
      if (excluded.contains(t)) return new Outcome(file, entry, ds, Status.SKIPPED, "excluded by tag " + t);
    }
    if (run.input() instanceof Script) {
      return new Outcome(file, entry, ds, Status.SKIPPED, "script inputs are not supported");
    }
    Path dir = file.toAbsolutePath().getParent();
    LoadedProgram.EntryInfo info = program.entryPoints().get(entry);
    List<ScalarType> inHints = info == null ? List.of() : Value.elementTypesOf(info.parameterTypes());
    List<ScalarType> outHints = info == null ? List.of() : Value.elementTypesOf(info.resultTypes());
    List<Value> args;
    try {
      args = Datasets.load(run.input(), dir, seed(file, entry, run), inHints);
    } catch (DatasetException e) {
      return new Outcome(file, entry, ds, Status.FAILED, "input: " + e.getMessage());
    }
    List<Value> got;
    try {
      if (run.expected() instanceof Succeeds s && s.output() == null) {
        // Nothing to compare: the results need not be showable (an opaque result is fine).
        program.run(entry, args);
        got = List.of();
      } else {
        got = program.call(entry, args);
      }
    } catch (RunFailure e) {
      if (run.expected() instanceof RunTimeError re && !e.badArguments()) {
        boolean ok = re.error().matches(e.getMessage());
        return new Outcome(file, entry, ds, ok ? Status.PASSED : Status.FAILED,
            ok ? null : "expected an error matching '" + re.error() + "', got:\n" + e.getMessage());
      }
      return new Outcome(file, entry, ds, Status.FAILED, e.getMessage());
    } catch (RuntimeException | Error e) {
      return new Outcome(file, entry, ds, Status.FAILED, "internal error: " + crash(e));
    }
    return switch (run.expected()) {
      case RunTimeError re -> new Outcome(file, entry, ds, Status.FAILED,
          "expected an error matching '" + re.error() + "', but the run succeeded");
      case AutoOutput a when reference == null ->
          new Outcome(file, entry, ds, Status.SKIPPED, "auto output: ran, result not checked (no reference backend)");
      case AutoOutput a -> {
        List<Value> want;
        try {
          want = ref.program().call(entry, args);
        } catch (CompileFailure e) {
          yield new Outcome(file, entry, ds, Status.FAILED, "the reference build failed to compile:\n" + e.getMessage());
        } catch (RunFailure e) {
          yield new Outcome(file, entry, ds, Status.FAILED, "the reference build failed: " + e.getMessage());
        }
        List<ValueComparator.Mismatch> ms = ValueComparator.compare(got, want);
        yield ms.isEmpty() ? new Outcome(file, entry, ds, Status.PASSED, null)
            : new Outcome(file, entry, ds, Status.FAILED, "differs from the reference: " + ms.get(0).message());
      }
      case Succeeds s when s.output() == null -> new Outcome(file, entry, ds, Status.PASSED, null);
      case Succeeds s -> {
        List<Value> want;
        try {
          want = Datasets.load(s.output(), dir, 0, outHints);
        } catch (DatasetException e) {
          yield new Outcome(file, entry, ds, Status.FAILED, "expected output: " + e.getMessage());
        }
        List<ValueComparator.Mismatch> ms = ValueComparator.compare(got, want);
        yield ms.isEmpty() ? new Outcome(file, entry, ds, Status.PASSED, null)
            : new Outcome(file, entry, ds, Status.FAILED, ms.get(0).message());
      }
    };
  }

  /** The reference build of one program, compiled on first use by an {@code auto output} case. */
  private final class ReferenceBuild implements AutoCloseable {
    private final Path file;
    private LoadedProgram program;
    private CompileFailure failure;

    ReferenceBuild(Path file) {
      this.file = file;
    }

    LoadedProgram program() throws CompileFailure {
      if (failure != null) throw failure;
      if (program == null) {
        try {
          program = load(reference, file);
        } catch (CompileFailure e) {
          failure = e;
          throw e;
        }
      }
      return program;
    }

    @Override
    public void close() {
      if (program != null) program.close();
    }
  }

  /** A seed that depends only on the file name, entry point and dataset, so reruns see the same data. */
  static long seed(Path file, String entry, TestRun run) {
    return (file.getFileName() + "\0" + entry + "\0" + run.index() + "\0" + run.description()).hashCode();
  }
}
