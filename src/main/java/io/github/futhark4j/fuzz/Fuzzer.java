package io.github.futhark4j.fuzz;

import io.github.futhark4j.Futhark;
import io.github.futhark4j.FutharkCompileException;
import io.github.futhark4j.FutharkException;
import io.github.futhark4j.FutharkFunction;
import io.github.futhark4j.FutharkOptions;
import io.github.futhark4j.FutharkProgram;
import io.github.futhark4j.FutharkProgramException;
import io.github.futhark4j.compiler.Frontend;
import io.github.futhark4j.compiler.core.Interpreter;
import io.github.futhark4j.compiler.interp.EvalError;
import io.github.futhark4j.compiler.interp.OpaqueValueException;
import io.github.futhark4j.compiler.interp.SourceInterpreter;
import io.github.futhark4j.compiler.core.Program;
import io.github.futhark4j.compiler.diag.CompileException;
import io.github.futhark4j.compiler.lower.Lowerer;
import io.github.futhark4j.compiler.opt.Optimiser;
import io.github.futhark4j.compiler.source.Source;
import io.github.futhark4j.compiler.typed.TProgram;
import io.github.futhark4j.data.Value;
import io.github.futhark4j.data.ValueComparator;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The differential fuzzer behind {@code futhark4j fuzz}: generates programs ({@link Gen}) and
 * arguments ({@link Inputs}), runs every case on the IR interpreter (the unoptimised IR straight
 * from the lowering), on the source interpreter (the checked program) and through the public API
 * on the built-in compiler's {@code multicore} backend at each thread count and on its {@code c}
 * backend, and compares (with {@code ad}, {@link AdFuzzer} runs instead). Every disagreement, a
 * rejected well-typed program, an exception other than the documented ones, or a call that does
 * not return in time is a finding; findings are minimised and written to the output directory.
 */
public final class Fuzzer {
  /** How to fuzz. */
  public record Options(int cases, long seed, Path out, List<Integer> threads, int entriesPerProgram, Path cacheDir,
                        long callTimeoutMillis, boolean minimise, PrintStream log, Path reference, boolean ad,
                        boolean opencl) {
    /** Options without the opencl backend (the components before it existed). */
    public Options(int cases, long seed, Path out, List<Integer> threads, int entriesPerProgram, Path cacheDir,
                   long callTimeoutMillis, boolean minimise, PrintStream log, Path reference, boolean ad) {
      this(cases, seed, out, threads, entriesPerProgram, cacheDir, callTimeoutMillis, minimise, log, reference, ad, false);
    }
  }

  /** The outcome of one case on one configuration. */
  sealed interface Outcome {
    record Ok(List<Value> values) implements Outcome {}

    /** A Futhark program error (FutharkProgramException / the interpreter's ProgramError). */
    record Failed(String message) implements Outcome {}

    /** An IllegalArgumentException for bad arguments. */
    record Rejected(String message) implements Outcome {}

    /** Anything else: a compiler or runtime bug. */
    record Crashed(String message) implements Outcome {}

    record Hung() implements Outcome {}

    /** The interpreter gave up (its step limit): the case is not compared. */
    record Skipped(String why) implements Outcome {}
  }

  /** A finding: what went wrong, on which program and arguments. */
  public record Finding(String kind, int caseId, String program, String entry, List<Value> inputs, String invalid,
                        String details) {}

  /** The counts of a run. */
  public static final class Summary {
    public int cases, valid, invalid, compared, skipped, mismatches, crashes, hangs, rejectedPrograms, programs;
    /** Cases whose results the reference's interpreter also computed (with {@code --reference}). */
    public int withReference;
    /** AD cases ({@code --ad}) whose finite differences were stable enough to check the derivative against. */
    public int finiteDifferences;
    public final List<Finding> findings = new ArrayList<>();
    public long millis;

    public boolean clean() { return mismatches == 0 && crashes == 0 && hangs == 0 && rejectedPrograms == 0; }

    @Override public String toString() {
      return cases + " cases (" + valid + " valid, " + invalid + " invalid arguments) in " + programs + " programs: "
          + mismatches + " mismatches, " + crashes + " crashes, " + hangs + " hangs, " + rejectedPrograms
          + " rejected programs, " + skipped + " skipped" + (withReference > 0 ? ", " + withReference + " also run by the reference" : "")
          + (finiteDifferences > 0 ? ", " + finiteDifferences + " checked against finite differences" : "")
          + "; " + String.format("%.1f s", millis / 1000.0);
    }
  }

  private final Options o;
  private final ExecutorService calls = Executors.newCachedThreadPool(r -> {
    Thread t = new Thread(r, "fuzz-call");
    t.setDaemon(true);
    return t;
  });
  private static final long INTERPRETER_STEPS = 30_000_000L;

  /** The reference compiler as a further oracle, or null. */
  private final ReferenceOracle reference;

  public Fuzzer(Options o) throws IOException {
    this.o = o;
    this.reference = o.reference() == null ? null
        : new ReferenceOracle(o.reference(), Files.createTempDirectory(o.cacheDir(), "reference-"), o.callTimeoutMillis());
  }

  /**
   * The configurations compared with the interpreter, e.g. {@code multicore/1}, {@code multicore/2},
   * {@code c}, and with the option, {@code opencl} (its host code on 2 threads).
   */
  List<String> configs() {
    List<String> cs = new ArrayList<>();
    for (int t : o.threads()) cs.add("multicore/" + t);
    cs.add("c");
    if (o.opencl()) cs.add("opencl");
    return cs;
  }

  FutharkOptions options(String config) {
    FutharkOptions f = FutharkOptions.defaults().withCompiler("builtin").withSourceName("fuzz.fut").withCacheDir(o.cacheDir());
    if (config.equals("c")) return f.withBackend("c").withThreads(1);
    if (config.equals("opencl")) return f.withBackend("opencl").withThreads(2);
    return f.withBackend("multicore").withThreads(Integer.parseInt(config.substring(config.indexOf('/') + 1)));
  }

  /** Runs the whole fuzz campaign: the differential one, or with {@code ad} the AD oracle's ({@link AdFuzzer}). */
  public Summary run() throws IOException {
    if (o.ad()) return new AdFuzzer(this, o).run();
    long t0 = System.nanoTime();
    Summary s = new Summary();
    int caseId = 0;
    int program = 0;
    while (caseId < o.cases()) {
      int n = Math.min(o.entriesPerProgram(), o.cases() - caseId);
      runProgram(program++, caseId, n, s);
      caseId += n;
      s.programs = program;
      if (o.log() != null) {
        o.log().printf("%d/%d cases, %d findings, %.0f s%n", caseId, o.cases(), s.findings.size(), (System.nanoTime() - t0) / 1e9);
        o.log().flush();
      }
    }
    s.millis = (System.nanoTime() - t0) / 1_000_000;
    shutdown();
    return s;
  }

  /** Stops the threads that run calls (at the end of a campaign). */
  void shutdown() {
    calls.shutdownNow();
  }

  /** One generated case: the entry and its arguments. */
  private record Case(int id, Gen.Entry entry, List<Value> valid, Inputs.Bad bad) {}

  private void runProgram(int programIndex, int firstCase, int n, Summary s) throws IOException {
    List<Case> cases = new ArrayList<>();
    Map<String, Checked> irs = new LinkedHashMap<>();
    for (int k = 0; k < n; k++) {
      int id = firstCase + k;
      Random rnd = new Random(o.seed() * 1_000_003L + id);
      Gen.Entry e = new Gen(rnd).entry("e" + id);
      s.cases++;
      String text = e.text();
      Checked ir;
      try {
        ir = checkOne(text);
      } catch (CompileException ex) {
        s.rejectedPrograms++;
        finding(s, new Finding("rejected", id, text, e.name(), List.of(), null, "the front end rejects a generated program:\n"
            + ex.getMessage()));
        continue;
      } catch (RuntimeException | StackOverflowError ex) {
        s.crashes++;
        finding(s, new Finding("lowering-crash", id, text, e.name(), List.of(), null, "front end or lowering threw " + ex));
        continue;
      }
      String rejected = reference == null ? null : reference.rejects(text);
      if (rejected != null) {
        s.rejectedPrograms++;
        finding(s, new Finding("reference-rejects", id, text, e.name(), List.of(), null,
            "the reference rejects a program our front end accepts:\n" + rejected));
        continue;
      }
      irs.put(e.name(), ir);
      Inputs.Bad bad = null;
      if (rnd.nextInt(4) == 0) {
        List<Inputs.Invalid> kinds = Inputs.applicable(e);
        bad = Inputs.invalid(e, kinds.get(rnd.nextInt(kinds.size())), rnd);
      }
      cases.add(new Case(id, e, bad == null ? Inputs.valid(e, rnd) : null, bad));
    }
    if (cases.isEmpty()) return;
    Map<String, FutharkProgram> progs = new LinkedHashMap<>();
    try {
      // The c and multicore libraries are built at the same time (two gcc runs); the thread
      // counts share the multicore library.
      String text = program(cases);
      Map<String, Future<FutharkProgram>> building = new LinkedHashMap<>();
      for (String cfg : configs()) building.put(cfg, calls.submit(() -> Futhark.compile(text, options(cfg))));
      for (String cfg : configs()) {
        try {
          try {
            progs.put(cfg, building.get(cfg).get());
          } catch (java.util.concurrent.ExecutionException ee) {
            if (ee.getCause() instanceof FutharkCompileException fce) throw fce;
            if (ee.getCause() instanceof RuntimeException re) throw re;
            throw new RuntimeException(ee.getCause());
          } catch (InterruptedException ie) {
            Thread.currentThread().interrupt();
            throw new RuntimeException(ie);
          }
        } catch (FutharkCompileException | RuntimeException ex) {
          for (Future<FutharkProgram> f : building.values()) {
            try {
              f.get().close();
            } catch (Exception ignored) {
              // the failing one
            }
          }
          // Find the entries the back end cannot compile, one by one, and go on without them.
          List<Case> ok = new ArrayList<>();
          for (Case c : cases) {
            String one = c.entry().text();
            try {
              Futhark.compile(one, options(cfg)).close();
              ok.add(c);
            } catch (FutharkCompileException | RuntimeException ex1) {
              s.crashes++;
              Gen.Entry e = c.entry();
              String why = "the " + cfg + " backend cannot compile a program the front end accepts: " + ex1.getMessage();
              List<Value> in = c.valid() != null ? c.valid() : List.of();
              if (o.minimise() && c.valid() != null) {
                Minimiser.Result m = new Minimiser(this, "compile-failure").minimise(e, in);
                e = m.entry();
                in = m.inputs();
                if (m.diff() != null) why = m.diff();
              }
              finding(s, new Finding("compile-failure", c.id(), e.text(), e.name(), in, null, why));
            }
          }
          if (ok.isEmpty()) return;
          if (ok.size() == cases.size()) {
            // Each entry compiles alone but not together: report the whole program.
            s.crashes++;
            finding(s, new Finding("compile-failure", cases.get(0).id(), text, cases.get(0).entry().name(), List.of(), null,
                "the " + cfg + " backend cannot compile a program of entries it compiles one by one: " + ex.getMessage()));
            return;
          }
          cases = ok;
          progs.values().forEach(FutharkProgram::close);
          progs.clear();
          for (String cfg2 : configs()) {
            try {
              progs.put(cfg2, Futhark.compile(program(cases), options(cfg2)));
            } catch (FutharkCompileException | RuntimeException ex2) {
              return;
            }
          }
          break;
        }
      }
      for (Case c : cases) runCase(c, irs.get(c.entry().name()), progs, s);
    } finally {
      progs.values().forEach(p -> {
        try {
          p.close();
        } catch (RuntimeException ignored) {
          // closing a program whose call hung
        }
      });
    }
  }

  private String program(List<Case> cases) {
    StringBuilder src = new StringBuilder("-- futhark4j fuzz, seed " + o.seed() + "\n");
    for (Case c : cases) src.append('\n').append(c.entry().text());
    return src.toString();
  }

  /** A generated entry point, checked: its IR (for the IR interpreter) and the source interpreter of the checked program. */
  record Checked(Program.Entry ir, SourceInterpreter source) {}

  private static Checked checkOne(String text) throws CompileException {
    TProgram tp = Frontend.check(new Source("fuzz.fut", text, null));
    return new Checked(Lowerer.lower(tp).entries().get(0), SourceInterpreter.load(tp));
  }

  private void runCase(Case c, Checked ir, Map<String, FutharkProgram> progs, Summary s) throws IOException {
    if (c.bad() == null) {
      s.valid++;
      String diff = compareValid(c.entry(), ir, c.valid(), progs, s);
      if (diff != null) recordValid(c, diff, s);
      return;
    }
    s.invalid++;
    String diff = compareInvalid(c.entry(), ir.ir(), c.bad(), progs);
    if (diff != null) {
      String kind = kind(diff);
      count(s, kind);
      finding(s, new Finding(kind, c.id(), c.entry().text(), c.entry().name(),
          c.bad().values() == null ? List.of() : c.bad().values(), c.bad().description(), diff));
    }
  }

  /** The kind of finding a difference describes ({@code hang}, {@code crash} or {@code mismatch}). */
  static String kind(String diff) {
    return diff.startsWith("hang") ? "hang" : diff.startsWith("crash") ? "crash" : "mismatch";
  }

  /** Counts a finding of {@code kind} in the summary. */
  static void count(Summary s, String kind) {
    switch (kind) {
      case "hang" -> s.hangs++;
      case "crash" -> s.crashes++;
      default -> s.mismatches++;
    }
  }

  private void recordValid(Case c, String diff, Summary s) throws IOException {
    String kind = kind(diff);
    count(s, kind);
    Gen.Entry e = c.entry();
    List<Value> in = c.valid();
    if (o.minimise() && !kind.equals("hang")) {
      Minimiser.Result m = new Minimiser(this, kind).minimise(e, in);
      e = m.entry();
      in = m.inputs();
      diff = m.diff() != null ? m.diff() : diff;
    }
    finding(s, new Finding(kind, c.id(), e.text(), e.name(), in, null, diff));
  }

  /**
   * Runs valid arguments everywhere and compares; null when all agree, else what differed
   * (starting with {@code hang} or {@code crash} for those).
   */
  String compareValid(Gen.Entry e, Checked checked, List<Value> args, Map<String, FutharkProgram> progs, Summary s) {
    Program.Entry ir = checked.ir();
    Outcome ref = interpret(ir, args);
    if (ref instanceof Outcome.Skipped) {
      if (s != null) s.skipped++;
      return null;
    }
    if (s != null) s.compared++;
    if (ref instanceof Outcome.Crashed cr) return "crash: the interpreter failed: " + cr.message();
    // The source interpreter shares nothing with lowering: where it succeeds, the compiled code must
    // agree with it too (where it fails and the compiled code does not, the failing code may be
    // dead, which the compiler removes).
    Outcome src = interpretSource(checked.source(), e.name(), args);
    if (src instanceof Outcome.Crashed cr) return "crash: the source interpreter failed: " + cr.message();
    Outcome theirs = reference == null ? null : reference.run(e.text(), e.name(), args);
    if (s != null && theirs != null && !(theirs instanceof Outcome.Skipped)) s.withReference++;
    StringBuilder diff = new StringBuilder();
    Outcome live = null;
    for (Map.Entry<String, FutharkProgram> p : progs.entrySet()) {
      Object[] java = args.stream().map(Value::toJava).toArray();
      Outcome got = call(p.getValue().function(e.name()), java);
      String d = differs(ref, got);
      if (d != null && ref instanceof Outcome.Failed && got instanceof Outcome.Ok) {
        // Like the reference compiler, ours may drop, fuse away or hoist out of an empty loop a
        // failing computation whose result is never needed: compare with the interpreter on the
        // optimised IR, which computes what the C computes.
        if (live == null) live = interpret(Optimiser.run(new Program(List.of(ir)), false).entries().get(0), args);
        d = differs(live, got);
      }
      if (d != null) {
        String prefix = got instanceof Outcome.Hung ? "hang: " : got instanceof Outcome.Crashed ? "crash: " : "";
        diff.insert(0, prefix).append(p.getKey()).append(": ").append(d).append('\n');
      } else if (src instanceof Outcome.Ok && (d = differs(src, got)) != null) {
        diff.append(p.getKey()).append(" against the source interpreter: ").append(d).append('\n');
      } else if (theirs instanceof Outcome.Ok && (d = differs(theirs, got)) != null) {
        diff.append(p.getKey()).append(" against the reference's interpreter: ").append(d).append('\n');
      }
    }
    return diff.isEmpty() ? null : "interpreter: " + describe(ref) + "\nsource interpreter: " + describe(src) + "\n"
        + (theirs == null ? "" : "reference: " + describe(theirs) + "\n") + diff;
  }

  private String compareInvalid(Gen.Entry e, Program.Entry ir, Inputs.Bad bad, Map<String, FutharkProgram> progs) {
    StringBuilder diff = new StringBuilder();
    Outcome ref = bad.values() != null ? interpret(ir, bad.values()) : null;
    if (ref instanceof Outcome.Ok) diff.append("interpreter: accepted invalid arguments: ").append(describe(ref)).append('\n');
    if (ref instanceof Outcome.Crashed cr) diff.insert(0, "crash: ").append("interpreter: ").append(cr.message()).append('\n');
    for (Map.Entry<String, FutharkProgram> p : progs.entrySet()) {
      Outcome got = call(p.getValue().function(e.name()), bad.java());
      switch (got) {
        case Outcome.Failed f when bad.kind() == Inputs.Invalid.SIZE -> { }
        case Outcome.Rejected r when bad.kind() != Inputs.Invalid.SIZE
            && r.message().contains("entry point '" + e.name() + "'") && r.message().contains("parameter " + (bad.param() + 1)) -> { }
        case Outcome.Hung h -> diff.insert(0, "hang: ").append(p.getKey()).append(": no answer\n");
        case Outcome.Crashed cr -> diff.insert(0, "crash: ").append(p.getKey()).append(": ").append(cr.message()).append('\n');
        default -> diff.append(p.getKey()).append(": expected ")
            .append(bad.kind() == Inputs.Invalid.SIZE ? "a FutharkProgramException" : "an IllegalArgumentException naming entry point '"
                + e.name() + "' and parameter " + (bad.param() + 1))
            .append(", got ").append(describe(got)).append('\n');
      }
    }
    return diff.isEmpty() ? null : diff.toString();
  }

  static Outcome interpret(Program.Entry ir, List<Value> args) {
    try {
      List<Object> in = new ArrayList<>();
      for (Value v : args) in.add(IrValues.toIr(v));
      List<Object> r = Interpreter.run(ir, in, INTERPRETER_STEPS);
      return new Outcome.Ok(r.stream().map(IrValues::fromIr).toList());
    } catch (Interpreter.ProgramError e) {
      return new Outcome.Failed(e.getMessage());
    } catch (IllegalStateException e) {
      if (e.getMessage() != null && e.getMessage().startsWith("interpreter step limit")) return new Outcome.Skipped(e.getMessage());
      return new Outcome.Crashed(e.toString());
    } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
      return e instanceof OutOfMemoryError ? new Outcome.Skipped(e.toString()) : new Outcome.Crashed(e.toString());
    }
  }

  /** The source interpreter's outcome; skipped when it cannot show the results or runs too long. */
  static Outcome interpretSource(SourceInterpreter in, String entry, List<Value> args) {
    try {
      return new Outcome.Ok(in.call(entry, args, SOURCE_LIMIT));
    } catch (EvalError e) {
      return new Outcome.Failed(e.getMessage());
    } catch (CancellationException | OpaqueValueException e) {
      return new Outcome.Skipped(e.toString());
    } catch (RuntimeException | StackOverflowError e) {
      return new Outcome.Crashed(e.toString());
    } catch (OutOfMemoryError e) {
      return new Outcome.Skipped(e.toString());
    }
  }

  private static final java.time.Duration SOURCE_LIMIT = java.time.Duration.ofSeconds(20);

  Outcome call(FutharkFunction f, Object[] args) {
    Future<Outcome> fut = calls.submit(() -> {
      try {
        Object r = f.call(args);
        List<String> types = f.resultTypes();
        Object[] rs = types.size() == 1 ? new Object[] {r} : (Object[]) r;
        List<Value> vs = new ArrayList<>();
        for (int i = 0; i < types.size(); i++) vs.add(Value.fromJava(rs[i], types.get(i)));
        return new Outcome.Ok(vs);
      } catch (FutharkProgramException e) {
        return new Outcome.Failed(e.getMessage());
      } catch (IllegalArgumentException e) {
        return new Outcome.Rejected(e.getMessage());
      } catch (FutharkException e) {
        return new Outcome.Crashed(e.getClass().getSimpleName() + ": " + e.getMessage());
      } catch (RuntimeException | Error e) {
        return new Outcome.Crashed(e.toString());
      }
    });
    try {
      return fut.get(o.callTimeoutMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      fut.cancel(true);
      return new Outcome.Hung();
    } catch (Exception e) {
      return new Outcome.Crashed(e.toString());
    }
  }

  /** Null when {@code got} agrees with the interpreter's {@code ref}, else how it differs. */
  static String differs(Outcome ref, Outcome got) {
    if (ref instanceof Outcome.Failed && got instanceof Outcome.Failed) return null;
    if (ref instanceof Outcome.Ok r && got instanceof Outcome.Ok g) {
      if (r.values().size() != g.values().size()) return "expected " + r.values().size() + " results, got " + g.values().size();
      for (int i = 0; i < r.values().size(); i++) {
        Value want = r.values().get(i), have = g.values().get(i);
        // The interpreter cannot know the row shape of a map over no elements: empty arrays of
        // the same rank and type match whatever their inner sizes.
        if (want.elementCount() == 0 && have.elementCount() == 0 && want.type() == have.type() && want.rank() == have.rank()
            && want.dim(0) == have.dim(0)) {
          continue;
        }
        String m = ValueComparator.compare(have, want);
        if (m != null) return "result " + i + ": " + m;
      }
      return null;
    }
    return describe(got);
  }

  static String describe(Outcome o) {
    return switch (o) {
      case Outcome.Ok ok -> {
        StringBuilder sb = new StringBuilder("ok");
        for (Value v : ok.values()) {
          String t = v.toString();
          sb.append(' ').append(t.length() > 200 ? t.substring(0, 200) + "..." : t);
        }
        yield sb.toString();
      }
      case Outcome.Failed f -> "error: " + firstLine(f.message());
      case Outcome.Rejected r -> "IllegalArgumentException: " + r.message();
      case Outcome.Crashed c -> "crash: " + c.message();
      case Outcome.Hung h -> "no answer within the timeout";
      case Outcome.Skipped sk -> "skipped: " + sk.why();
    };
  }

  private static String firstLine(String s) {
    if (s == null) return "";
    int i = s.indexOf('\n');
    return i < 0 ? s : s.substring(0, i);
  }

  /**
   * Reruns one entry alone on {@code args}: the kind of disagreement it shows ({@code mismatch},
   * {@code crash}, ...) and its description, or null when everything agrees or it no longer
   * compiles. Used by the {@link Minimiser}.
   */
  String[] rerun(Gen.Entry e, List<Value> args) {
    String text = e.text();
    Checked ir;
    try {
      ir = checkOne(text);
    } catch (CompileException | RuntimeException ex) {
      return null;
    }
    Map<String, FutharkProgram> progs = new LinkedHashMap<>();
    try {
      for (String cfg : configs()) progs.put(cfg, Futhark.compile(text, options(cfg)));
      String d = compareValid(e, ir, args, progs, null);
      if (d == null) return null;
      return new String[] {d.startsWith("hang") ? "hang" : d.startsWith("crash") ? "crash" : "mismatch", d};
    } catch (FutharkCompileException ex) {
      return new String[] {"compile-failure", "the back end cannot compile a program the front end accepts: " + ex.getMessage()};
    } catch (RuntimeException ex) {
      return null;
    } finally {
      progs.values().forEach(FutharkProgram::close);
    }
  }

  void finding(Summary s, Finding f) throws IOException {
    s.findings.add(f);
    if (o.log() != null) {
      o.log().println("case " + f.caseId() + ": " + f.kind() + " (" + firstLine(f.details()) + ")");
      o.log().flush();
    }
    if (o.out() == null) return;
    Path dir = o.out().resolve("case-" + f.caseId() + "-" + f.kind());
    Files.createDirectories(dir);
    StringBuilder prog = new StringBuilder();
    prog.append("-- futhark4j fuzz: ").append(f.kind()).append(", seed ").append(o.seed()).append(", case ").append(f.caseId()).append('\n');
    if (f.invalid() != null) prog.append("-- invalid arguments: ").append(f.invalid()).append('\n');
    if (!f.inputs().isEmpty()) {
      prog.append("-- ==\n-- entry: ").append(f.entry()).append("\n-- input {");
      for (Value v : f.inputs()) prog.append(' ').append(v.elementCount() > 64 ? "<" + v.shapedTypeName() + ": see input.txt>" : v.toString());
      prog.append(" }\n");
    }
    prog.append('\n').append(f.program());
    Files.writeString(dir.resolve("prog.fut"), prog, StandardCharsets.UTF_8);
    StringBuilder in = new StringBuilder();
    for (Value v : f.inputs()) in.append(v).append('\n');
    Files.writeString(dir.resolve("input.txt"), in, StandardCharsets.UTF_8);
    Files.writeString(dir.resolve("details.txt"), f.details() + "\n", StandardCharsets.UTF_8);
  }
}
