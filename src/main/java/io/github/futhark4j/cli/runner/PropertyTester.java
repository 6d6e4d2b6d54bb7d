package io.github.futhark4j.cli.runner;

import io.github.futhark4j.cli.runner.LoadedProgram.EntryInfo;
import io.github.futhark4j.cli.runner.LoadedProgram.RunFailure;
import io.github.futhark4j.cli.runner.PropValue.Type;
import io.github.futhark4j.compiler.diag.Diagnostic;
import io.github.futhark4j.compiler.source.Source;
import io.github.futhark4j.compiler.syntax.Ast;
import io.github.futhark4j.compiler.syntax.Ast.AttrInfo;
import io.github.futhark4j.compiler.syntax.Parser;
import io.github.futhark4j.ScalarType;
import io.github.futhark4j.data.SeededValues;
import io.github.futhark4j.data.SplitMix;
import io.github.futhark4j.data.Value;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Property-based tests, as {@code futhark test} runs the {@code property: names...} lines, with its
 * rules, messages and random numbers. A property is an entry point {@code t -> bool} with a
 * {@code #[prop]} attribute, optionally {@code #[prop(gen(g), shrink(s), size(N))]}; every entry
 * point with the attribute must be named by a {@code property:} line and the other way round
 * ({@link #check}).
 *
 * <p>Testing a property calls it on {@link Settings#numTests} candidates. The random numbers come
 * from a {@link SplitMix} generator seeded with {@link Settings#seed} (anew for each property):
 * test {@code i} draws the seed {@code s_i}, and its candidate is {@code g size s_i} with a
 * generator, else made from a generator seeded with {@code s_i} that draws one seed per primitive
 * or array of primitives in the type (tuple components in order, record fields sorted by name) for
 * {@link SeededValues} (every dimension of an array is {@code size}); a value of another type
 * {@code T} comes from an entry point {@code gen_T : i64 -> u64 -> T} called with the size and a
 * drawn seed. The size is {@code N}, else {@link Settings#maxSize}. So the same seed gives the
 * same candidates as futhark test's.
 *
 * <p>The first candidate for which the property returns false is a counterexample, shrunk before it
 * is reported. Without a shrinker, candidates are made again from {@code s_i} with sizes
 * {@code size - 1} down to 1, and the last (smallest) one that still fails is kept. With the
 * shrinker {@code s : t -> u64 -> t}, it is called with the counterexample and a number drawn from
 * the property's generator; a result on which the property fails replaces the counterexample,
 * until {@link Settings#shrinkTries} results in a row did not; if the shrinker fails, shrinking
 * falls back to shrinking by size. A property that fails with a run-time error on a test's
 * candidate fails with that candidate, unshrunk.
 */
public final class PropertyTester {
  /**
   * @param seed        the seed every property's random numbers start from ({@code --seed})
   * @param numTests    candidates tried per property ({@code --num-tests}, 100)
   * @param maxSize     the size of candidates, and the size passed to generators, when the
   *                    property gives no {@code size(N)} ({@code --max-size}, 50)
   * @param shrinkTries how many results of a shrinker in a row may fail to be smaller
   *                    counterexamples before shrinking stops ({@code --num-tries}, 5)
   */
  public record Settings(long seed, int numTests, int maxSize, int shrinkTries) {
    public static final int NUM_TESTS = 100;
    public static final int MAX_SIZE = 50;
    public static final int SHRINK_TRIES = 5;

    /** The defaults with this seed. */
    public static Settings withSeed(long seed) {
      return new Settings(seed, NUM_TESTS, MAX_SIZE, SHRINK_TRIES);
    }

    /** The defaults with a random seed, as futhark test picks one when {@code --seed} is not given. */
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

  /** The attributes could not be read; the message names the place. */
  public static final class AttributeException extends Exception {
    public AttributeException(String message) {
      super(message);
    }
  }

  /**
   * A problem with the property declarations of a program, found before any property runs.
   *
   * @param entry   the entry point or property it is about
   * @param message futhark test's message
   */
  public record Problem(String entry, String message) {}

  /** The result of testing one property: passed or not, and what to report. */
  public record Result(boolean passed, String message) {}

  /**
   * At most this many calls of a shrinker for one counterexample. futhark test has no limit, so a
   * shrinker that keeps returning a failing value (itself, say) would never stop there.
   */
  static final int MAX_SHRINK_STEPS = 10_000;

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
   *                            has more than one {@code #[prop]}, or an argument of it is not of the
   *                            form {@code gen(NAME)}, {@code shrink(NAME)} or {@code size(N)}
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
      String where = file + ":" + v.span().shortPos() + ": entry point \"" + v.name() + "\": ";
      List<AttrInfo> attrs;
      try {
        attrs = v.attributeInfos();
      } catch (IllegalArgumentException e) {
        throw new AttributeException(where + e.getMessage());
      }
      PropAttr found = null;
      for (AttrInfo a : attrs) {
        if (!a.name().equals("prop")) continue;
        if (found != null) throw new AttributeException(where + "more than one #[prop(...)] attribute");
        found = propAttr(where, a);
      }
      if (found != null) out.put(v.name(), found);
    }
    return out;
  }

  /** Reads {@code prop} or {@code prop(gen(f), shrink(g), size(N))}; other arguments are ignored, as futhark test does. */
  private static PropAttr propAttr(String where, AttrInfo a) throws AttributeException {
    String gen = null;
    String shrink = null;
    Long size = null;
    for (AttrInfo arg : a.isAtom() ? List.<AttrInfo>of() : a.args()) {
      switch (arg.name()) {
        case "gen", "shrink" -> {
          if (arg.isAtom() || arg.args().size() != 1 || !arg.args().get(0).isAtom() || arg.args().get(0).isInteger()) {
            throw new AttributeException(where + "#[prop(" + arg.name() + "(f))] takes the name of an entry point, found " + arg);
          }
          if (arg.name().equals("gen")) gen = arg.args().get(0).name();
          else shrink = arg.args().get(0).name();
        }
        case "size" -> {
          if (arg.isAtom() || arg.args().size() != 1 || !arg.args().get(0).isInteger()) {
            throw new AttributeException(where + "#[prop(size(N))] takes a non-negative integer, found " + arg);
          }
          try {
            size = Long.parseLong(arg.args().get(0).name());
          } catch (NumberFormatException e) {
            throw new AttributeException(where + "the size " + arg.args().get(0).name() + " is too large");
          }
        }
        default -> { }
      }
    }
    return new PropAttr(gen, shrink, size);
  }

  /**
   * The problems with a program's property declarations, in futhark test's order and words: for
   * each entry point by name, one with a {@code #[prop]} attribute that no {@code property:} line
   * names, one named by a line without the attribute, or the first problem of a declared property
   * (its type must be {@code t -> bool}, its generator an entry point {@code i64 -> u64 -> t}, its
   * shrinker one of type {@code t -> u64 -> t}); then each name of a line that is no entry point.
   * futhark test runs no property of a program with any of these problems.
   *
   * @param entryPoints the program's entry points
   * @param attributes  the {@code #[prop]} attributes by entry point ({@link #attributes})
   * @param declared    the names of the {@code property:} lines
   */
  public static List<Problem> check(Map<String, EntryInfo> entryPoints, Map<String, PropAttr> attributes,
      List<String> declared) {
    List<Problem> out = new ArrayList<>();
    Set<String> names = new LinkedHashSet<>(declared);
    for (String e : new TreeSet<>(entryPoints.keySet())) {
      boolean attr = attributes.containsKey(e);
      boolean named = names.contains(e);
      if (attr && !named) {
        out.add(new Problem(e, "Entry point \"" + e + "\" not declared as property, but has #[prop(...)] attribute."));
      } else if (!attr && named) {
        out.add(new Problem(e, "Entry point \"" + e + "\" declared as property, but has no #[prop(...)] attribute."));
      } else if (attr) {
        String p = checkProperty(entryPoints, e, attributes.get(e));
        if (p != null) out.add(new Problem(e, p));
      }
    }
    for (String n : names) {
      if (!entryPoints.containsKey(n)) out.add(new Problem(n, "Declared as property, but is not an entry point: \"" + n + "\"."));
    }
    return out;
  }

  /** The first problem of a property's entry point, generator and shrinker, or null. */
  private static String checkProperty(Map<String, EntryInfo> eps, String name, PropAttr attr) {
    EntryInfo info = eps.get(name);
    int n = info.parameterTypes().size();
    if (n != 1) return "Property " + name + (n == 0 ? " has no inputs? Expected 1." : " has " + n + " inputs; expected 1.");
    if (!info.resultTypes().equals(List.of("bool"))) {
      return "Property " + name + " output must be bool, got: " + results(info.resultTypes());
    }
    String t = bare(info.parameterTypes().get(0));
    if (attr.gen() != null) {
      EntryInfo g = eps.get(attr.gen());
      if (g == null) return "Generator is not an entry point: " + attr.gen();
      List<String> actual = new ArrayList<>(g.parameterTypes().stream().map(PropertyTester::bare).toList());
      actual.add(results(g.resultTypes()));
      if (actual.size() != 3 || !actual.get(0).equals("i64") || !actual.get(1).equals("u64") || !sameType(actual.get(2), t)) {
        return "Generator \"" + attr.gen() + "\" for property \"" + name + "\" has invalid type.\n"
            + "Expected: i64 -> u64 -> " + t + "\nActual:   " + String.join(" -> ", actual);
      }
    }
    if (attr.shrink() != null) {
      EntryInfo s = eps.get(attr.shrink());
      if (s == null) return "Shrinker is not an entry point: " + attr.shrink();
      List<String> ins = s.parameterTypes().stream().map(PropertyTester::bare).toList();
      if (ins.size() != 2) {
        return "Shrinker input arity mismatch.\n shrinker " + attr.shrink() + " inputs: " + ins
            + "\nExpected exactly 2 inputs: (" + t + ", u64).";
      }
      List<String> errors = new ArrayList<>();
      if (!sameType(ins.get(0), t)) {
        errors.add("Property " + name + " expects " + t + " but shrinker " + attr.shrink() + " takes " + ins.get(0));
      }
      if (!ins.get(1).equals("u64")) errors.add("Shrinker " + attr.shrink() + " takes random value " + ins.get(1) + " but expected u64");
      if (!errors.isEmpty()) return "Shrinker Mismatch:\n" + String.join("\n---\n", errors);
      String out = results(s.resultTypes());
      if (!sameType(out, t)) {
        return "Shrinker output mismatch.\nProperty " + name + " expects: " + t + "\nShrinker " + attr.shrink() + " returns: "
            + out + "\nExpected shrinker output to equal the property input type.";
      }
    }
    return null;
  }

  /** Whether two manifest type names name the same type (records may list their fields in any order). */
  private static boolean sameType(String a, String b) {
    return Type.parse(a).equals(Type.parse(b));
  }

  /** Result types as one type: several results are a tuple. */
  private static String results(List<String> results) {
    List<String> bare = results.stream().map(PropertyTester::bare).toList();
    return bare.size() == 1 ? bare.get(0) : "(" + String.join(", ", bare) + ")";
  }

  /** A type name without uniqueness marks. */
  private static String bare(String type) {
    return type.replace("*", "").trim();
  }

  // ---- testing one property ---------------------------------------------------------------------

  /** A problem that ends testing a property: reported as its failure. */
  private static final class Stop extends Exception {
    Stop(String message) {
      super(message);
    }
  }

  /** A candidate could not be made; the message is futhark test's description of the failure. */
  private static final class GenFailure extends Exception {
    GenFailure(String message) {
      super(message);
    }
  }

  /** How a call of the property ended: {@code ok} (it returned true), or false, or a run-time error. */
  private record Eval(boolean ok, String error) {}

  /** Where shrinking got: the counterexample, and an error that stopped it or a note (or null). */
  private record Shrunk(PropValue value, String error, String note) {}

  /**
   * Tests the property {@code name}, whose declaration passed {@link #check}.
   *
   * @param attr its {@code #[prop]} attribute
   */
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
    String typeName = bare(program.entryPoints().get(name).parameterTypes().get(0));
    Type type = Type.parse(typeName);
    long size = attr.size() != null ? attr.size() : settings.maxSize();
    SplitMix rng = new SplitMix(settings.seed());
    String where = "(size=" + size + ", seed=" + Long.toUnsignedString(settings.seed()) + ")";
    for (int test = 1; test <= settings.numTests(); test++) {
      long seed = rng.nextLong();
      PropValue c;
      try {
        c = generate(attr, type, size, seed, made);
      } catch (GenFailure e) {
        String why = attr.gen() == null ? "Automatic generator failed: " + e.getMessage()
            : "User Generator " + attr.gen() + " failed with size=" + size + " and seed=" + Long.toUnsignedString(seed)
                + " with error: " + e.getMessage();
        return new Result(false, why);
      }
      Eval e = eval(name, c);
      if (e.error() != null) {
        return new Result(false, "Property " + name + " failed with candidate=" + PropValue.text(c) + " with error: "
            + name + " has " + e.error());
      }
      if (e.ok()) continue;
      String header = "Property " + name + " " + where + " failed after " + test + " tests:\n";
      return new Result(false, header + report(name, attr, type, size, seed, c, rng, made));
    }
    return new Result(true, settings.numTests() + " tests passed " + where);
  }

  /** Shrinks a counterexample and says how it went, ending with the counterexample. */
  private String report(String name, PropAttr attr, Type type, long size, long seed, PropValue c, SplitMix rng,
      List<PropValue> made) throws Stop {
    if (attr.shrink() == null) {
      Shrunk s = shrinkBySize(name, attr, type, size, seed, c, made);
      return (s.error() != null ? "Shrinking failed: " + s.error() + "\n" : "") + "Counterexample: " + PropValue.text(s.value());
    }
    Shrunk u = shrinkWith(name, attr.shrink(), c, rng, made);
    if (u.error() == null) {
      return (u.note() != null ? "Shrinking note: " + u.note() + "\n" : "") + "Counterexample: " + PropValue.text(u.value());
    }
    Shrunk s = shrinkBySize(name, attr, type, size, seed, u.value(), made);
    return "Shrinking note: User shrinker failed: " + u.error() + "\nAttempted auto-shrinker fallback."
        + (s.error() == null ? "\nAuto-shrinker fallback completed." : "\nAuto-shrinker fallback also failed: " + s.error())
        + "\nCounterexample: " + PropValue.text(s.value());
  }

  /**
   * Shrinking by size: the candidates of the same seed at sizes {@code size - 1} down to 1; the
   * last one on which the property fails is the counterexample.
   */
  private Shrunk shrinkBySize(String name, PropAttr attr, Type type, long size, long seed, PropValue c,
      List<PropValue> made) throws Stop {
    PropValue current = c;
    for (long s = size - 1; s >= 1; s--) {
      PropValue d;
      try {
        d = generate(attr, type, s, seed, made);
      } catch (GenFailure e) {
        return new Shrunk(current, "Auto-shrinker generator failed: " + (attr.gen() == null ? "Automatic generator failed: "
            : "User Generator " + attr.gen() + " failed: ") + e.getMessage(), null);
      }
      Eval e = eval(name, d);
      if (e.error() != null) return new Shrunk(current, "Property " + name + " has " + e.error(), null);
      if (!e.ok()) current = d;
    }
    return new Shrunk(current, null, null);
  }

  /** Shrinking with the property's shrinker, with random numbers from the property's generator. */
  private Shrunk shrinkWith(String name, String shrinker, PropValue c, SplitMix rng, List<PropValue> made) throws Stop {
    PropValue current = c;
    int misses = 0;
    for (int steps = 0; misses < settings.shrinkTries(); steps++) {
      if (steps == MAX_SHRINK_STEPS) {
        return new Shrunk(current, null, "stopped after " + steps + " calls of the shrinker " + shrinker);
      }
      long r = rng.nextLong();
      String step = "Error in shrinker " + shrinker + " with random=" + Long.toUnsignedString(r) + ": ";
      PropValue d;
      try {
        d = keep(made, pack(program.callValues(shrinker, List.of(current, prim(u64(r))))));
      } catch (RunFailure f) {
        if (f.badArguments()) throw new Stop("the shrinker " + shrinker + " of property " + name + " cannot be called: " + f.getMessage());
        return new Shrunk(current, step + shrinker + " has Runtime error: " + message(f), null);
      }
      Eval e = eval(name, d);
      if (e.error() != null) return new Shrunk(current, step + "Property " + name + " has " + e.error(), null);
      if (e.ok()) {
        misses++;
      } else {
        current = d;
        misses = 0;
      }
    }
    return new Shrunk(current, null, null);
  }

  /** The candidate of a size and seed: from the generator, else made automatically. */
  private PropValue generate(PropAttr attr, Type type, long size, long seed, List<PropValue> made) throws GenFailure, Stop {
    if (attr.gen() == null) return generate(type, size, new SplitMix(seed), made);
    try {
      return keep(made, pack(program.callValues(attr.gen(), List.of(prim(Value.i64(size)), prim(u64(seed))))));
    } catch (RunFailure f) {
      if (f.badArguments()) throw new Stop("the generator " + attr.gen() + " cannot be called: " + f.getMessage());
      throw new GenFailure("Runtime error: " + message(f));
    }
  }

  /**
   * A candidate made automatically: each primitive or array of primitives from its own seed drawn
   * from {@code g}; a value of an opaque type {@code T} by the entry point {@code gen_T}.
   */
  private PropValue generate(Type type, long size, SplitMix g, List<PropValue> made) throws GenFailure, Stop {
    return switch (type) {
      case Type.PrimArray p -> {
        long[] shape = new long[p.rank()];
        java.util.Arrays.fill(shape, size);
        try {
          yield prim(SeededValues.random(p.prim(), shape, g.nextLong()));
        } catch (IllegalArgumentException | ArithmeticException e) {
          throw new GenFailure("cannot make a value of type " + "[]".repeat(p.rank()) + p.prim().futharkName() + " and size "
              + size + ": " + e.getMessage());
        }
      }
      case Type.TupleType t -> {
        List<PropValue> elems = new ArrayList<>();
        for (Type e : t.elems()) elems.add(generate(e, size, g, made));
        yield new PropValue.Tuple(List.copyOf(elems));
      }
      case Type.RecordType r -> {
        List<PropValue> fields = new ArrayList<>();
        for (Type f : r.fields()) fields.add(generate(f, size, g, made));
        yield new PropValue.Record(r.names(), List.copyOf(fields));
      }
      case Type.Other o -> generateOpaque(o.name(), size, g.nextLong(), made);
    };
  }

  /** A value of an opaque type {@code T} from the entry point {@code gen_T}, as futhark test makes one. */
  private PropValue generateOpaque(String type, long size, long seed, List<PropValue> made) throws GenFailure, Stop {
    if (type.startsWith("[]")) {
      throw new GenFailure("arrays of tuples, records or opaque types (" + type + ") cannot be made automatically;"
          + " give the property a generator with #[prop(gen(f))]");
    }
    String gen = "gen_" + type;
    EntryInfo g = program.entryPoints().get(gen);
    if (g == null || !g.parameterTypes().stream().map(PropertyTester::bare).toList().equals(List.of("i64", "u64"))
        || !sameType(results(g.resultTypes()), type)) {
      throw new GenFailure("values of type " + type + " are made by an entry point " + gen + " : i64 -> u64 -> " + type
          + ", which the program does not have; give the property a generator with #[prop(gen(f))]");
    }
    try {
      return keep(made, pack(program.callValues(gen, List.of(prim(Value.i64(size)), prim(u64(seed))))));
    } catch (RunFailure f) {
      if (f.badArguments()) throw new Stop("the generator " + gen + " cannot be called: " + f.getMessage());
      throw new GenFailure("Runtime error: " + message(f));
    }
  }

  /** Calls the property on a candidate. */
  private Eval eval(String name, PropValue c) throws Stop {
    List<PropValue> r;
    try {
      r = program.callValues(name, List.of(c));
    } catch (RunFailure e) {
      if (e.badArguments()) {
        // Values the runtime cannot build from Java, such as records nested in records.
        throw new Stop("Property " + name + ": its candidates cannot be passed to the program (" + message(e)
            + "); give it a generator with #[prop(gen(f))]");
      }
      return new Eval(false, "Runtime error: " + message(e));
    }
    if (r.size() != 1 || !(r.get(0) instanceof PropValue.Prim p) || p.value().type() != ScalarType.BOOL || !p.value().isScalar()) {
      throw new Stop("property " + name + " did not return one bool");
    }
    return new Eval(p.value().boolAt(0), null);
  }

  private static String message(RunFailure f) {
    return f.getMessage() == null ? "(no message)" : f.getMessage().strip();
  }

  /** The results of a generator or shrinker as one value: several results are the components of a tuple. */
  private static PropValue pack(List<PropValue> results) {
    return results.size() == 1 ? results.get(0) : new PropValue.Tuple(List.copyOf(results));
  }

  /** Remembers a value that holds native values, to release them when the property is done. */
  private static PropValue keep(List<PropValue> made, PropValue v) {
    if (PropValue.hasNative(v)) made.add(v);
    return v;
  }

  private static PropValue prim(Value v) {
    return new PropValue.Prim(v);
  }

  private static Value u64(long bits) {
    return Value.of(ScalarType.U64, null, new long[] {bits});
  }
}
