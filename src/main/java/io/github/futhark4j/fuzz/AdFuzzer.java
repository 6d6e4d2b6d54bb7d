package io.github.futhark4j.fuzz;

import io.github.futhark4j.Futhark;
import io.github.futhark4j.FutharkCompileException;
import io.github.futhark4j.FutharkProgram;
import io.github.futhark4j.compiler.diag.CompileException;
import io.github.futhark4j.compiler.Frontend;
import io.github.futhark4j.compiler.source.Source;
import io.github.futhark4j.compiler.interp.SourceInterpreter;
import io.github.futhark4j.ScalarType;
import io.github.futhark4j.data.Value;
import io.github.futhark4j.fuzz.Fuzzer.Outcome;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The AD oracle behind {@code futhark4j fuzz --ad}: it needs no reference, only the definitions of
 * the derivatives. For random differentiable functions {@code f} ({@link AdGen}), points {@code x},
 * tangents {@code dx} and cotangents {@code r}, every configuration (the built-in compiler's
 * multicore backend at each thread count, its c backend, and the source interpreter, which
 * differentiates the checked program by its own means and shares nothing with the compiler after
 * parsing) must satisfy
 *
 * <ul>
 *   <li>{@code <vjp f x r, dx> == <r, jvp f x dx>} (the two are the same bilinear form; within
 *       rounding, relative to the magnitude of the terms);
 *   <li>both equal central finite differences of {@code <r, f x>} along {@code dx}, wherever the
 *       finite differences at two step sizes agree with each other (where they do not, the point is
 *       too close to a kink or the function too curved for them to mean anything, and that case is
 *       only checked by the other rules);
 *   <li>the primal results of {@code f}, {@code jvp2} and {@code vjp2} are the same;
 * </ul>
 *
 * and the compiled results must equal the source interpreter's. Only the multicore backend is
 * compiled (see {@link #configs}). Anything else is a finding, written
 * like the differential fuzzer's (without minimisation).
 */
final class AdFuzzer {
  /** Rounding: relative to 1 + the magnitude of the inner products' terms. */
  static final double ROUNDING = 1e-8;
  /** Finite differences agree with each other within this (relative), else they are not used. */
  static final double FD_STABLE = 1e-5;
  /** Finite differences against the derivative (relative). */
  static final double FD_TOLERANCE = 1e-4;

  private final Fuzzer fz;
  private final Fuzzer.Options o;
  private final java.util.concurrent.ExecutorService builders = java.util.concurrent.Executors.newFixedThreadPool(2, r -> {
    Thread t = new Thread(r, "fuzz-ad-build");
    t.setDaemon(true);
    return t;
  });

  AdFuzzer(Fuzzer fz, Fuzzer.Options o) {
    this.fz = fz;
    this.o = o;
  }

  /**
   * The multicore backend at each thread count: AD is a transformation of the IR, which the c
   * backend shares, and compiling each program once instead of twice halves the campaign's time.
   */
  private List<String> configs() {
    return fz.configs().stream().filter(c -> c.startsWith("multicore/")).toList();
  }

  private record Case(int id, AdGen.Case gen, List<Value> args, SourceInterpreter source) {}

  /** Runs the campaign. */
  Fuzzer.Summary run() throws IOException {
    long t0 = System.nanoTime();
    Fuzzer.Summary s = new Fuzzer.Summary();
    int caseId = 0, program = 0;
    try {
      while (caseId < o.cases()) {
        int n = Math.min(o.entriesPerProgram(), o.cases() - caseId);
        runProgram(caseId, n, s);
        caseId += n;
        s.programs = ++program;
        if (o.log() != null) {
          o.log().printf("%d/%d cases, %d findings, %.0f s%n", caseId, o.cases(), s.findings.size(), (System.nanoTime() - t0) / 1e9);
          o.log().flush();
        }
      }
    } finally {
      fz.shutdown();
      builders.shutdownNow();
    }
    s.millis = (System.nanoTime() - t0) / 1_000_000;
    return s;
  }

  private static String text(List<Case> cases) {
    StringBuilder sb = new StringBuilder("-- futhark4j fuzz --ad\n").append(AdGen.prelude());
    for (Case c : cases) sb.append('\n').append(c.gen().text());
    return sb.toString();
  }

  private void runProgram(int first, int n, Fuzzer.Summary s) throws IOException {
    List<Case> cases = new ArrayList<>();
    for (int id = first; id < first + n; id++) {
      // A seed of its own, so that the AD cases of a seed differ from the differential fuzzer's.
      Random rnd = new Random((o.seed() * 1_000_003L + id) ^ 0x5AD5AD5AD5L);
      AdGen.Case g = new AdGen(rnd).entry("e" + id);
      s.cases++;
      String text = "-- futhark4j fuzz --ad\n" + AdGen.prelude() + "\n" + g.text();
      SourceInterpreter source;
      try {
        source = SourceInterpreter.load(Frontend.check(new Source("fuzz.fut", text, null)));
      } catch (CompileException e) {
        s.rejectedPrograms++;
        fz.finding(s, new Fuzzer.Finding("rejected", id, text, g.name(), List.of(), null,
            "the front end rejects a generated program:\n" + e.getMessage()));
        continue;
      } catch (RuntimeException | StackOverflowError e) {
        s.crashes++;
        fz.finding(s, new Fuzzer.Finding("front-end-crash", id, text, g.name(), List.of(), null, "the front end threw " + e));
        continue;
      }
      cases.add(new Case(id, g, arguments(rnd), source));
    }
    if (cases.isEmpty()) return;
    // Two libraries built at the same time (gcc takes most of the time, one core each).
    List<List<Case>> halves = List.of(new ArrayList<>(cases.subList(0, (cases.size() + 1) / 2)),
        new ArrayList<>(cases.subList((cases.size() + 1) / 2, cases.size())));
    List<Map<String, FutharkProgram>> progs = new ArrayList<>();
    try {
      List<java.util.concurrent.Future<Map<String, FutharkProgram>>> building = new ArrayList<>();
      for (List<Case> h : halves) building.add(builders.submit(() -> compile(h, s)));
      for (var b : building) {
        try {
          progs.add(b.get());
        } catch (java.util.concurrent.ExecutionException e) {
          if (e.getCause() instanceof IOException io) throw io;
          throw new RuntimeException(e.getCause());
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IOException(e);
        }
      }
      for (int h = 0; h < halves.size(); h++) {
        for (Case c : halves.get(h)) {
          s.valid++;
          String d = check(c, progs.get(h), s);
          if (d == null) continue;
          String kind = Fuzzer.kind(d);
          Fuzzer.count(s, kind);
          fz.finding(s, new Fuzzer.Finding(kind, c.id(), text(List.of(c)), c.gen().name(), c.args(), null, d));
        }
      }
    } finally {
      for (Map<String, FutharkProgram> m : progs) {
        m.values().forEach(p -> {
          try {
            p.close();
          } catch (RuntimeException ignored) {
            // a program whose call hung
          }
        });
      }
    }
  }

  /**
   * Compiles the cases as one program per configuration; where that fails, reports each case that
   * does not compile alone and compiles the others.
   */
  private Map<String, FutharkProgram> compile(List<Case> cases, Fuzzer.Summary s) throws IOException {
    Map<String, FutharkProgram> progs = new LinkedHashMap<>();
    try {
      for (String cfg : configs()) progs.put(cfg, Futhark.compile(text(cases), fz.options(cfg)));
      return progs;
    } catch (FutharkCompileException | RuntimeException e) {
      progs.values().forEach(FutharkProgram::close);
      progs.clear();
    }
    List<Case> ok = new ArrayList<>();
    for (Case c : cases) {
      String why = null;
      for (String cfg : configs()) {
        try {
          Futhark.compile(text(List.of(c)), fz.options(cfg)).close();
        } catch (FutharkCompileException | RuntimeException e) {
          why = "the " + cfg + " backend cannot compile a program the front end accepts: " + e.getMessage();
          break;
        }
      }
      if (why == null) {
        ok.add(c);
        continue;
      }
      synchronized (s) {
        s.crashes++;
        fz.finding(s, new Fuzzer.Finding("compile-failure", c.id(), text(List.of(c)), c.gen().name(), c.args(), null, why));
      }
    }
    cases.retainAll(ok);
    if (ok.isEmpty()) return progs;
    try {
      for (String cfg : configs()) progs.put(cfg, Futhark.compile(text(ok), fz.options(cfg)));
    } catch (FutharkCompileException | RuntimeException e) {
      progs.values().forEach(FutharkProgram::close);
      progs.clear();
      synchronized (s) {
        s.crashes++;
        fz.finding(s, new Fuzzer.Finding("compile-failure", ok.get(0).id(), text(ok), ok.get(0).gen().name(), List.of(), null,
            "the backend cannot compile a program of entries it compiles one by one: " + e.getMessage()));
      }
      cases.clear();
    }
    return progs;
  }

  /** A point, a tangent and a cotangent: {@code xs ys a b dxs dys da db r0 rs}, with {@code n} from 1 to 6. */
  static List<Value> arguments(Random rnd) {
    int n = 1 + rnd.nextInt(6);
    List<Value> in = new ArrayList<>();
    in.add(vector(n, 1.5, rnd));
    in.add(vector(n, 1.5, rnd));
    in.add(Value.f64(uniform(1.5, rnd)));
    in.add(Value.f64(uniform(1.5, rnd)));
    in.add(vector(n, 1, rnd));
    in.add(vector(n, 1, rnd));
    in.add(Value.f64(uniform(1, rnd)));
    in.add(Value.f64(uniform(1, rnd)));
    in.add(Value.f64(uniform(1, rnd)));
    in.add(vector(n, 1, rnd));
    return in;
  }

  private static double uniform(double r, Random rnd) { return (rnd.nextDouble() * 2 - 1) * r; }

  private static Value vector(int n, double r, Random rnd) {
    double[] d = new double[n];
    for (int i = 0; i < n; i++) d[i] = uniform(r, rnd);
    return Value.vector(ScalarType.F64, d);
  }

  /** Null when every configuration satisfies the rules and agrees with the source interpreter, else what failed. */
  private String check(Case c, Map<String, FutharkProgram> progs, Fuzzer.Summary s) {
    String name = c.gen().name();
    Outcome src = evaluate(c.args(), (entry, args) -> Fuzzer.interpretSource(c.source(), entry, args), name);
    StringBuilder diff = new StringBuilder();
    if (src instanceof Outcome.Crashed cr) diff.append("crash: the source interpreter failed: ").append(cr.message()).append('\n');
    double[] want = src instanceof Outcome.Ok ok ? results(ok) : null;
    boolean differences = false;
    if (want != null) {
      differences = stable(want);
      String v = verdict(want);
      if (v != null) diff.append("source interpreter: ").append(v).append('\n');
    }
    boolean compared = false;
    for (Map.Entry<String, FutharkProgram> p : progs.entrySet()) {
      Outcome got = evaluate(c.args(), (entry, args) -> fz.call(p.getValue().function(entry),
          args.stream().map(Value::toJava).toArray()), name);
      switch (got) {
        case Outcome.Ok ok -> {
          double[] have = results(ok);
          differences |= stable(have);
          String v = verdict(have);
          if (v != null) diff.append(p.getKey()).append(": ").append(v).append('\n');
          if (want != null && finite(want) && finite(have)) {
            compared = true;
            double scale = 1 + Math.abs(want[4]) + Math.abs(want[5]);
            for (int i : new int[] {0, 1, 5}) {
              if (Math.abs(want[i] - have[i]) > ROUNDING * scale) {
                diff.append(p.getKey()).append(": ").append(NAMES[i]).append(" is ").append(have[i])
                    .append(", the source interpreter's ").append(want[i]).append('\n');
              }
            }
          }
        }
        case Outcome.Hung h -> diff.insert(0, "hang: " + p.getKey() + ": no answer\n");
        case Outcome.Failed f when src instanceof Outcome.Failed -> { }
        default -> diff.insert(0, "crash: " + p.getKey() + ": " + Fuzzer.describe(got) + "\n");
      }
    }
    if (compared) s.compared++;
    else s.skipped++;
    if (differences) s.finiteDifferences++;
    return diff.isEmpty() ? null : "source interpreter: " + Fuzzer.describe(src) + "\n" + diff;
  }

  /** Runs an entry point of a configuration on arguments. */
  private interface Runner {
    Outcome run(String entry, List<Value> args);
  }

  /**
   * One configuration's eight figures (see {@link #NAMES}): the checking entry's results, the
   * primal entry at {@code x} and at {@code x +- h dx} for the finite differences; or the first
   * outcome that is not a result.
   */
  private static Outcome evaluate(List<Value> args, Runner run, String name) {
    Outcome checked = run.run(name, args);
    if (!(checked instanceof Outcome.Ok ok)) return checked;
    double[] r = results(ok);
    if (r.length != AdGen.RESULTS) return new Outcome.Crashed("expected " + AdGen.RESULTS + " results, got " + r.length);
    double[] p = new double[5];
    double[] steps = {0, 1e-4, -1e-4, 1e-6, -1e-6};
    for (int i = 0; i < steps.length; i++) {
      Outcome o = run.run(name + "_p", moved(args, steps[i]));
      if (!(o instanceof Outcome.Ok po)) return o;
      p[i] = po.values().get(0).doubleAt(0);
    }
    double[] all = {r[0], r[1], (p[1] - p[2]) / 2e-4, (p[3] - p[4]) / 2e-6, r[2], p[0], r[3], r[4]};
    return new Outcome.Ok(List.of(Value.vector(ScalarType.F64, all)));
  }

  /** The arguments with the point {@code (xs, ys, a, b)} moved by {@code h} times the tangent. */
  private static List<Value> moved(List<Value> args, double h) {
    if (h == 0) return args;
    List<Value> out = new ArrayList<>(args);
    for (int i = 0; i < 4; i++) {
      Value x = args.get(i), d = args.get(i + 4);
      double[] v = new double[x.elementCount()];
      for (int j = 0; j < v.length; j++) v[j] = x.doubleAt(j) + h * d.doubleAt(j);
      out.set(i, x.isScalar() ? Value.f64(v[0]) : Value.vector(ScalarType.F64, v));
    }
    return out;
  }

  private static final String[] NAMES = {"<vjp f x r, dx>", "<r, jvp f x dx>", "finite differences (h = 1e-4)",
      "finite differences (h = 1e-6)", "magnitude", "<r, f x>", "<r, f x> from jvp2", "<r, f x> from vjp2"};

  private static double[] results(Outcome.Ok ok) {
    Value v = ok.values().get(0);
    double[] r = new double[v.elementCount()];
    for (int i = 0; i < r.length; i++) r[i] = v.doubleAt(i);
    return r;
  }

  /** Whether the finite differences at the two step sizes agree with each other. */
  private static boolean stable(double[] r) {
    return finite(r) && Math.abs(r[2] - r[3]) <= FD_STABLE * (1 + r[4]);
  }

  private static boolean finite(double[] r) {
    for (double d : r) if (!Double.isFinite(d)) return false;
    return true;
  }

  /**
   * Null when one configuration's results satisfy the rules (or are not finite: overflow is not
   * what this checks), else which rule failed.
   */
  static String verdict(double[] r) {
    if (!finite(r)) return null;
    double scale = 1 + r[4];
    StringBuilder why = new StringBuilder();
    if (Math.abs(r[0] - r[1]) > ROUNDING * scale) {
      why.append(NAMES[0]).append(" = ").append(r[0]).append(" but ").append(NAMES[1]).append(" = ").append(r[1]).append("; ");
    }
    double pscale = 1 + Math.abs(r[5]) + Math.abs(r[6]) + Math.abs(r[7]);
    for (int i : new int[] {6, 7}) {
      if (Math.abs(r[i] - r[5]) > ROUNDING * pscale) {
        why.append(NAMES[i]).append(" = ").append(r[i]).append(" but ").append(NAMES[5]).append(" = ").append(r[5]).append("; ");
      }
    }
    if (stable(r)) {
      double err = Math.min(Math.abs(r[2] - r[0]), Math.abs(r[3] - r[0]));
      if (err > FD_TOLERANCE * scale) {
        why.append(NAMES[0]).append(" = ").append(r[0]).append(" but finite differences give ").append(r[2]).append(" and ")
            .append(r[3]).append("; ");
      }
    }
    return why.isEmpty() ? null : why.substring(0, why.length() - 2);
  }
}
