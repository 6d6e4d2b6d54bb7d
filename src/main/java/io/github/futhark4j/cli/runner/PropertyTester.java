package io.github.futhark4j.cli.runner;

import io.github.futhark4j.cli.runner.LoadedProgram.EntryInfo;
import io.github.futhark4j.cli.runner.LoadedProgram.RunFailure;
import io.github.futhark4j.cli.runner.PropValue.Type;
import io.github.futhark4j.compiler.diag.Diagnostic;
import io.github.futhark4j.compiler.source.Source;
import io.github.futhark4j.compiler.syntax.Ast;
import io.github.futhark4j.compiler.syntax.Ast.AttrInfo;
import io.github.futhark4j.compiler.syntax.Parser;
import io.github.futhark4j.compiler.typed.PrimType;
import io.github.futhark4j.data.Value;
import io.github.futhark4j.data.ValueGenerator;
import io.github.futhark4j.data.ValueGenerator.ShapedType;
import io.github.futhark4j.data.ValueShrinker;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * Property-based tests, as {@code futhark test} runs the {@code property: names...} blocks. A
 * property is an entry point {@code t -> bool} with a {@code #[prop]} attribute, optionally
 * {@code #[prop(gen(g), shrink(s), size(N))]}. It is called on {@link Settings#numTests} random
 * candidates of type {@code t}, made by the generator {@code g : (size: i64) -> (seed: u64) -> t}
 * (called with the size and a random seed) or, without one, automatically: scalars as
 * {@link ValueGenerator} makes them (integers over their whole range, floats in [0, 1), fair
 * bools), every dimension of an array exactly the size, tuples and records component by
 * component. The size is {@code N}, else {@link Settings#maxSize}. The first candidate for which
 * the property returns false, or fails with a run-time error, is a counterexample; it is then
 * shrunk: with the shrinker {@code s : t -> u64 -> t} (called with the candidate and a random
 * number) until it has failed to give a smaller counterexample {@link Settings#shrinkTries} times
 * in a row, else with {@link ValueShrinker} on each array and scalar in the value (the first of
 * its variants that still fails the same way is taken, until none does). Shrinking evaluates the
 * property at most {@link Settings#shrinkBudget} times. The report names the size and the seed,
 * which reproduce the run ({@code --seed}).
 */
public final class PropertyTester {
  /**
   * @param seed         the seed every property's random numbers start from
   * @param numTests     candidates tried per property (futhark test's {@code --num-tests}, 100)
   * @param maxSize      the size of candidates, and the size passed to generators, when the
   *                     property gives no {@code size(N)} (futhark test's {@code --max-size}, 50)
   * @param shrinkTries  how many times in a row a shrinker may fail to give a smaller
   *                     counterexample before shrinking stops (futhark test's {@code --num-tries}, 5)
   * @param shrinkBudget at most this many calls of the property while shrinking one counterexample
   */
  public record Settings(long seed, int numTests, int maxSize, int shrinkTries, int shrinkBudget) {
    public static final int NUM_TESTS = 100;
    public static final int MAX_SIZE = 50;
    public static final int SHRINK_TRIES = 5;
    public static final int SHRINK_BUDGET = 2000;

    /** The defaults with this seed. */
    public static Settings withSeed(long seed) {
      return new Settings(seed, NUM_TESTS, MAX_SIZE, SHRINK_TRIES, SHRINK_BUDGET);
    }

    /** The defaults with a random seed. */
    public static Settings randomSeed() {
      return withSeed(new java.security.SecureRandom().nextLong());
    }
  }

  /**
   * The {@code #[prop]} attribute of an entry point.
   *
   * @param gen    the generator's name, or null
   * @param shrink the shrinker's name, or null
   * @param size   the {@code size(N)}, or null
   */
  public record PropAttr(String gen, String shrink, Long size) {}

  /** The attributes could not be read. */
  public static final class AttributeException extends Exception {
    public AttributeException(String message) {
      super(message);
    }
  }

  /** The result of testing one property: passed or not, and what to report. */
  public record Result(boolean passed, String message) {}

  /** No candidate larger than this many elements is generated. */
  static final long MAX_ELEMENTS = 50_000_000;

  private final LoadedProgram program;
  private final Settings settings;

  public PropertyTester(LoadedProgram program, Settings settings) {
    this.program = program;
    this.settings = settings;
  }

  /**
   * The {@code #[prop]} attributes of the entry points of a program (only its own file: entry
   * points are declared there), by entry point name.
   *
   * @throws AttributeException the file does not parse, an attribute is malformed, an entry point
   *                            has more than one {@code #[prop]}, or an argument is not understood
   */
  public static Map<String, PropAttr> attributes(Path file) throws AttributeException, IOException {
    String text = Files.readString(file, StandardCharsets.UTF_8);
    List<Diagnostic> diags = new ArrayList<>();
    Ast.Program prog = Parser.parse(new Source(file.toString(), text, file), diags);
    for (Diagnostic d : diags) {
      if (d.severity() == Diagnostic.Severity.ERROR) throw new AttributeException("cannot read the #[prop] attributes: " + d.render());
    }
    Map<String, PropAttr> out = new LinkedHashMap<>();
    for (Ast.Decl decl : prog.decls()) {
      if (!(decl instanceof Ast.ValDecl v) || !v.isEntry()) continue;
      List<AttrInfo> attrs;
      try {
        attrs = v.attributeInfos();
      } catch (IllegalArgumentException e) {
        throw new AttributeException("entry point \"" + v.name() + "\": " + e.getMessage());
      }
      PropAttr found = null;
      for (AttrInfo a : attrs) {
        if (!a.name().equals("prop")) continue;
        if (found != null) throw new AttributeException("entry point \"" + v.name() + "\" has more than one #[prop] attribute");
        found = propAttr(v.name(), a);
      }
      if (found != null) out.put(v.name(), found);
    }
    return out;
  }

  /** Reads {@code prop} or {@code prop(gen(f), shrink(g), size(N))}; other arguments are ignored, as futhark test does. */
  private static PropAttr propAttr(String entry, AttrInfo a) throws AttributeException {
    String gen = null, shrink = null;
    Long size = null;
    if (a.args() != null) {
      for (AttrInfo arg : a.args()) {
        switch (arg.name()) {
          case "gen", "shrink" -> {
            if (arg.args() == null || arg.args().size() != 1 || !arg.args().get(0).isAtom() || arg.args().get(0).isInteger()) {
              throw new AttributeException("entry point \"" + entry + "\": #[prop(" + arg.name() + "(f))] takes the name of an entry point, found "
                  + arg.name() + (arg.args() == null ? "" : arg.args().toString().replace('[', '(').replace(']', ')')));
            }
            if (arg.name().equals("gen")) gen = arg.args().get(0).name();
            else shrink = arg.args().get(0).name();
          }
          case "size" -> {
            if (arg.args() == null || arg.args().size() != 1 || !arg.args().get(0).isInteger()) {
              throw new AttributeException("entry point \"" + entry + "\": #[prop(size(N))] takes a non-negative integer");
            }
            try {
              size = Long.parseLong(arg.args().get(0).name());
            } catch (NumberFormatException e) {
              throw new AttributeException("entry point \"" + entry + "\": size " + arg.args().get(0).name() + " is too large");
            }
          }
          default -> { }
        }
      }
    }
    return new PropAttr(gen, shrink, size);
  }

  // ---- testing one property ---------------------------------------------------------------------

  /** How a call of the property ended: true, false, or a run-time error (its message). */
  private record Eval(Boolean result, String error) {
    boolean failed() { return error != null || Boolean.FALSE.equals(result); }

    boolean sameFailure(Eval o) { return (error != null) == (o.error != null) && failed() && o.failed(); }
  }

  /** A problem that ends testing a property: reported as its failure. */
  private static final class Stop extends Exception {
    Stop(String message) {
      super(message);
    }
  }

  /** Tests the property {@code name}, whose attribute is {@code attr} (null when it has none). */
  public Result test(String name, PropAttr attr) {
    List<PropValue> made = new ArrayList<>();
    try {
      return run(name, attr, made);
    } catch (Stop e) {
      return new Result(false, e.getMessage());
    } finally {
      for (PropValue v : made) program.release(v);
    }
  }

  private Result run(String name, PropAttr attr, List<PropValue> made) throws Stop {
    Map<String, EntryInfo> eps = program.entryPoints();
    EntryInfo info = eps.get(name);
    if (info == null) throw new Stop("declared as a property, but " + name + " is not an entry point of the program");
    if (attr == null) throw new Stop("entry point \"" + name + "\" is declared as a property, but has no #[prop] attribute");
    if (info.parameterTypes().size() != 1) {
      throw new Stop("property " + name + " takes " + info.parameterTypes().size() + " parameters; a property has type t -> bool");
    }
    if (!info.resultTypes().equals(List.of("bool"))) {
      throw new Stop("property " + name + " must return bool, but returns " + String.join(", ", info.resultTypes()));
    }
    String t = bare(info.parameterTypes().get(0));
    Type type = Type.parse(t);
    long size = attr.size() != null ? attr.size() : settings.maxSize();
    if (attr.gen() != null) {
      check("generator", attr.gen(), name, List.of("i64", "u64"), t, "i64 -> u64 -> " + t);
    } else if (!Type.generable(type)) {
      throw new Stop("property " + name + ": values of type " + t + " cannot be generated automatically;"
          + " give a generator with #[prop(gen(f))], f : (size: i64) -> (seed: u64) -> " + t);
    } else {
      long elems = elements(type, size);
      if (elems > MAX_ELEMENTS) {
        throw new Stop("property " + name + ": a candidate of type " + t + " at size " + size + " has " + elems
            + " elements; give a smaller size with #[prop(size(N))]");
      }
    }
    if (attr.shrink() != null) check("shrinker", attr.shrink(), name, List.of(t, "u64"), t, t + " -> u64 -> " + t);

    SplittableRandom rng = new SplittableRandom(settings.seed());
    ValueGenerator values = new ValueGenerator(rng.nextLong());
    String where = "(size=" + size + ", seed=" + Long.toUnsignedString(settings.seed()) + ")";
    for (int test = 1; test <= settings.numTests(); test++) {
      PropValue c;
      if (attr.gen() != null) {
        long s = rng.nextLong();
        try {
          c = keep(made, pack(program.callValues(attr.gen(), List.of(prim(Value.i64(size)), prim(u64(s))))));
        } catch (RunFailure e) {
          throw new Stop("Property " + name + " " + where + ": the generator " + attr.gen() + " failed on test " + test
              + " (size=" + size + ", seed=" + Long.toUnsignedString(s) + "):\n" + e.getMessage());
        }
      } else {
        c = generate(type, size, values);
      }
      Eval e = eval(name, c);
      if (!e.failed()) continue;
      Shrunk s = attr.shrink() != null ? shrinkWith(name, attr.shrink(), c, e, rng, made) : shrinkAuto(name, c, e);
      StringBuilder msg = new StringBuilder("Property ").append(name).append(' ').append(where).append(" failed after ")
          .append(test).append(test == 1 ? " test" : " tests").append(s.eval.error != null ? " with an error:" : ":");
      msg.append("\nCounterexample: ").append(PropValue.text(s.value));
      if (s.eval.error != null) msg.append('\n').append(s.eval.error.strip());
      if (s.note != null) msg.append('\n').append(s.note);
      return new Result(false, msg.toString());
    }
    return new Result(true, settings.numTests() + " tests passed " + where);
  }

  /** A shrunk counterexample, how the property failed on it, and a note on shrinking (or null). */
  private record Shrunk(PropValue value, Eval eval, String note) {}

  private Shrunk shrinkAuto(String name, PropValue c, Eval e) throws Stop {
    int calls = 0;
    outer:
    while (true) {
      Iterator<PropValue> it = shrinks(c).iterator();
      while (it.hasNext()) {
        if (calls >= settings.shrinkBudget()) {
          return new Shrunk(c, e, "(shrinking stopped after " + calls + " calls of the property)");
        }
        PropValue d = it.next();
        Eval f = eval(name, d);
        calls++;
        if (f.sameFailure(e)) {
          c = d;
          e = f;
          continue outer;
        }
      }
      return new Shrunk(c, e, null);
    }
  }

  private Shrunk shrinkWith(String name, String shrinker, PropValue c, Eval e, SplittableRandom rng, List<PropValue> made)
      throws Stop {
    int calls = 0;
    int misses = 0;
    while (misses < settings.shrinkTries()) {
      if (calls >= settings.shrinkBudget()) {
        return new Shrunk(c, e, "(shrinking stopped after " + calls + " calls of the property)");
      }
      long r = rng.nextLong();
      PropValue d;
      try {
        d = keep(made, pack(program.callValues(shrinker, List.of(c, prim(u64(r))))));
      } catch (RunFailure f) {
        return new Shrunk(c, e, "(shrinking stopped: the shrinker " + shrinker + " failed: " + f.getMessage().strip() + ")");
      }
      if (!PropValue.hasNative(d) && d.equals(c)) {
        misses++;
        continue;
      }
      Eval f = eval(name, d);
      calls++;
      if (f.sameFailure(e)) {
        c = d;
        e = f;
        misses = 0;
      } else {
        misses++;
      }
    }
    return new Shrunk(c, e, null);
  }

  /** Calls the property on a candidate. */
  private Eval eval(String name, PropValue c) throws Stop {
    List<PropValue> r;
    try {
      r = program.callValues(name, List.of(c));
    } catch (RunFailure e) {
      if (e.badArguments()) throw new Stop("property " + name + ": cannot pass the candidate " + PropValue.text(c) + ": " + e.getMessage());
      return new Eval(null, e.getMessage() == null ? "run-time error" : e.getMessage());
    }
    if (r.size() != 1 || !(r.get(0) instanceof PropValue.Prim p) || p.value().type() != PrimType.BOOL || !p.value().isScalar()) {
      throw new Stop("property " + name + " did not return one bool");
    }
    return new Eval(p.value().boolAt(0), null);
  }

  /** Checks the signature of a generator or shrinker. */
  private void check(String what, String f, String property, List<String> params, String t, String wanted) throws Stop {
    EntryInfo info = program.entryPoints().get(f);
    if (info == null) throw new Stop("the " + what + " " + f + " of property " + property + " is not an entry point of the program");
    List<String> ps = info.parameterTypes().stream().map(PropertyTester::bare).toList();
    if (!ps.equals(params) || !bare(resultType(info.resultTypes())).equals(t)) {
      throw new Stop("the " + what + " " + f + " of property " + property + " has type "
          + String.join(" -> ", info.parameterTypes()) + (info.parameterTypes().isEmpty() ? "" : " -> ")
          + resultType(info.resultTypes()) + ", but must have type " + wanted);
    }
  }

  /** The type of an entry point's results as one type: several results are a tuple. */
  private static String resultType(List<String> results) {
    return results.size() == 1 ? results.get(0) : "(" + String.join(", ", results.stream().map(PropertyTester::bare).toList()) + ")";
  }

  /** A type name without uniqueness marks. */
  private static String bare(String type) {
    return type.replace("*", "").trim();
  }

  /** The results of a generator or shrinker as one value: several results are the components of a tuple. */
  private static PropValue pack(List<PropValue> results) {
    return results.size() == 1 ? results.get(0) : new PropValue.Tuple(List.copyOf(results));
  }

  private static PropValue keep(List<PropValue> made, PropValue v) {
    if (PropValue.hasNative(v)) made.add(v);
    return v;
  }

  private static PropValue prim(Value v) {
    return new PropValue.Prim(v);
  }

  private static Value u64(long bits) {
    return Value.of(PrimType.U64, null, new long[] {bits});
  }

  /** A random candidate of a generable type: every array dimension is {@code size}. */
  static PropValue generate(Type type, long size, ValueGenerator values) {
    return switch (type) {
      case Type.PrimArray p -> {
        long[] shape = new long[p.rank()];
        java.util.Arrays.fill(shape, size);
        yield prim(values.generate(new ShapedType(p.prim(), shape)));
      }
      case Type.TupleType tt -> new PropValue.Tuple(tt.elems().stream().map(e -> generate(e, size, values)).toList());
      case Type.RecordType r -> new PropValue.Record(r.names(), r.fields().stream().map(e -> generate(e, size, values)).toList());
      case Type.Other o -> throw new IllegalArgumentException("cannot generate values of type " + o.name());
    };
  }

  /** The number of elements of a generated candidate (saturating). */
  private static long elements(Type type, long size) {
    return switch (type) {
      case Type.PrimArray p -> {
        long n = 1;
        for (int i = 0; i < p.rank(); i++) n = n > Long.MAX_VALUE / Math.max(1, size) ? Long.MAX_VALUE : n * size;
        yield n;
      }
      case Type.TupleType tt -> tt.elems().stream().mapToLong(e -> elements(e, size)).reduce(0, PropertyTester::addSat);
      case Type.RecordType r -> r.fields().stream().mapToLong(e -> elements(e, size)).reduce(0, PropertyTester::addSat);
      case Type.Other o -> 0;
    };
  }

  private static long addSat(long a, long b) {
    return a > Long.MAX_VALUE - b ? Long.MAX_VALUE : a + b;
  }

  /** The variants of a value: those of each component in turn, {@link ValueShrinker}'s for arrays and scalars. */
  static Stream<PropValue> shrinks(PropValue v) {
    return switch (v) {
      case PropValue.Prim p -> ValueShrinker.shrinks(p.value()).map(PropertyTester::prim);
      case PropValue.Tuple t -> IntStream.range(0, t.elems().size()).boxed()
          .flatMap(i -> shrinks(t.elems().get(i)).map(e -> (PropValue) new PropValue.Tuple(replace(t.elems(), i, e))));
      case PropValue.Record r -> IntStream.range(0, r.fields().size()).boxed()
          .flatMap(i -> shrinks(r.fields().get(i)).map(e -> (PropValue) new PropValue.Record(r.names(), replace(r.fields(), i, e))));
      case PropValue.Native n -> Stream.empty();
    };
  }

  private static List<PropValue> replace(List<PropValue> l, int i, PropValue v) {
    List<PropValue> out = new ArrayList<>(l);
    out.set(i, v);
    return List.copyOf(out);
  }
}
