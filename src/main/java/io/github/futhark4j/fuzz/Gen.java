package io.github.futhark4j.fuzz;

import io.github.futhark4j.ScalarType;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Generates random well-typed Futhark entry points, deterministically from a {@link Random}.
 *
 * <p>Every expression is generated for a wanted type, so the program is well typed by
 * construction: scalars of every primitive type, arrays of rank 1 to 4 whose sizes are tracked by
 * name (entry size parameters; a map keeps its input's size, a filter's size is unknown), so that
 * {@code map2}, {@code zip}, {@code hist} and {@code scatter} only ever see arrays of one size.
 * In-place updates apply only to arrays the entry owns (made by {@code copy} or
 * {@code replicate}) and never aliased, so uniqueness holds. Reductions, scans and histograms use
 * associative and commutative operators with their neutral elements, float sums only over
 * non-negative bounded values (so that any combination order is within futhark test's tolerance),
 * and scatter indices are injective, so every backend and thread count must give the same result.
 */
public final class Gen {
  static final ScalarType[] PRIMS = ScalarType.values();
  private static final ScalarType[] INTS = {ScalarType.I8, ScalarType.I16, ScalarType.I32, ScalarType.I64, ScalarType.U8,
      ScalarType.U16, ScalarType.U32, ScalarType.U64};
  private static final ScalarType[] FLOATS = {ScalarType.F16, ScalarType.F32, ScalarType.F64};

  /** A generated entry point. */
  public record Entry(String name, List<String> sizeVars, List<Param> params, boolean big, List<Node> stmts,
                      List<Result> results, List<Node> helpers) {
    /** The source text of the entry point. */
    public String text() {
      StringBuilder sb = new StringBuilder();
      for (Node h : helpers) sb.append(h.render()).append('\n');
      sb.append("entry ").append(name);
      for (String s : sizeVars) sb.append(" [").append(s).append(']');
      for (Param p : params) sb.append(" (").append(p.name()).append(": ").append(p.type().decl()).append(')');
      sb.append(" : ");
      List<String> rts = results.stream().map(r -> r.type().text()).toList();
      sb.append(rts.size() == 1 ? rts.get(0) : "(" + String.join(", ", rts) + ")");
      sb.append(" =\n");
      for (Node s : stmts) sb.append(s.render());
      List<String> rs = results.stream().map(Result::var).toList();
      sb.append("  in ").append(rs.size() == 1 ? rs.get(0) : "(" + String.join(", ", rs) + ")").append('\n');
      return sb.toString();
    }
  }

  public record Param(String name, GenType type) {}

  public record Result(String var, GenType type) {}

  /** A variable in scope: scalars and arrays; {@code owned} arrays may be updated in place. */
  record Var(String name, GenType type, boolean owned) {}

  /** A tuple or record variable of scalar fields, read by {@code name.field}. */
  record Compound(String name, List<String> fields, List<ScalarType> types) {}

  /** A sum-typed variable: constructors with one scalar payload each (or none). */
  record SumVar(String name, String typeText, List<String> cons, List<ScalarType> payloads) {}

  /** A helper function {@code name [m] (a: [m]arrElem) (x: scalar) : result}. */
  record Fun(String name, ScalarType arrElem, ScalarType scalar, ScalarType result) {}

  /** What is in scope. Lambdas get a copy without the entry's large arrays. */
  static final class Env {
    final List<Var> vars = new ArrayList<>();
    final List<Compound> compounds = new ArrayList<>();
    final List<SumVar> sums = new ArrayList<>();
    final List<String> sizes = new ArrayList<>();
    final List<Fun> funs = new ArrayList<>();
    /** The entry's modules and higher-order functions; null in entries written without them. */
    GenLib lib;

    Env copy() {
      Env e = new Env();
      e.lib = lib;
      e.vars.addAll(vars);
      e.compounds.addAll(compounds);
      e.sums.addAll(sums);
      e.sizes.addAll(sizes);
      e.funs.addAll(funs);
      return e;
    }
  }

  private final Random rnd;
  private int counter;
  /** The size variable that is large in a big entry (null otherwise). */
  private String bigSize;

  public Gen(Random rnd) { this.rnd = rnd; }

  private String fresh(String base) { return base + (counter++); }

  private boolean chance(double p) { return rnd.nextDouble() < p; }

  private <T> T pick(List<T> xs) { return xs.get(rnd.nextInt(xs.size())); }

  private <T> T pick(T[] xs) { return xs[rnd.nextInt(xs.length)]; }

  // ---- entry points --------------------------------------------------------------------------

  /** A random entry point named {@code name}. */
  public Entry entry(String name) {
    counter = 0;
    boolean big = chance(0.2);
    int nSizes = 1 + rnd.nextInt(3);
    List<String> sizeNames = new ArrayList<>();
    for (int i = 0; i < nSizes; i++) sizeNames.add("n" + i);
    List<Node> helpers = new ArrayList<>();
    List<Fun> funs = new ArrayList<>();
    GenLib lib = chance(0.6) ? library(name) : null;
    if (lib != null) helpers.add(lib.declarations());
    int nh = rnd.nextInt(3);
    for (int h = 0; h < nh; h++) {
      Fun f = new Fun(name + "_h" + h, pick(PRIMS), pick(PRIMS), pick(PRIMS));
      Env he = new Env();
      he.lib = lib;
      he.funs.addAll(funs);
      he.vars.add(new Var("a", new GenType(f.arrElem(), List.of("m")), false));
      he.vars.add(new Var("x", GenType.scalar(f.scalar()), false));
      he.vars.add(new Var("m", GenType.scalar(ScalarType.I64), false));
      he.sizes.add("m");
      bigSize = big ? "m" : null;
      Node body = scalar(he, f.result(), 3);
      helpers.add(Node.of("", "def " + f.name() + " [m] (a: [m]" + f.arrElem().futharkName() + ") (x: " + f.scalar().futharkName()
          + ") : " + f.result().futharkName() + " =\n  $\n", body));
      funs.add(f);
    }
    bigSize = big ? "n0" : null;
    Env env = new Env();
    env.lib = lib;
    env.funs.addAll(funs);
    List<Param> params = new ArrayList<>();
    int np = 1 + rnd.nextInt(4);
    for (int i = 0; i < np; i++) {
      ScalarType t = pick(PRIMS);
      GenType gt;
      if (chance(0.3)) {
        gt = GenType.scalar(t);
      } else {
        int rank = big ? 1 + rnd.nextInt(2) : 1 + rnd.nextInt(rnd.nextInt(4) + 1);
        List<String> dims = new ArrayList<>();
        for (int d = 0; d < rank; d++) {
          String s = pick(sizeNames);
          if (big && d > 0) s = sizeNames.size() > 1 ? sizeNames.get(1 + rnd.nextInt(sizeNames.size() - 1)) : null;
          if (s == null) { dims = List.of("n0"); break; }
          dims.add(s);
        }
        gt = new GenType(t, dims);
      }
      Param p = new Param("p" + i, gt);
      params.add(p);
      env.vars.add(new Var(p.name(), gt, false));
    }
    if (big && params.stream().noneMatch(p -> p.type().dims().contains("n0"))) {
      GenType gt = new GenType(pick(PRIMS), List.of("n0"));
      params.add(new Param("p" + params.size(), gt));
      env.vars.add(new Var("p" + (params.size() - 1), gt, false));
    }
    List<String> used = new ArrayList<>();
    for (String s : sizeNames) if (params.stream().anyMatch(p -> p.type().dims().contains(s))) used.add(s);
    env.sizes.addAll(used);
    for (String s : used) env.vars.add(new Var(s, GenType.scalar(ScalarType.I64), false));

    List<Node> stmts = new ArrayList<>();
    int ns = 2 + rnd.nextInt(6);
    List<Var> bound = new ArrayList<>();
    for (int i = 0; i < ns || bound.isEmpty(); i++) stmts.add(stmt(env, bound));
    List<Result> results = new ArrayList<>();
    int nr = 1 + rnd.nextInt(Math.min(3, bound.size()));
    List<Var> cands = new ArrayList<>(bound);
    for (int i = 0; i < nr && !cands.isEmpty(); i++) {
      Var v = cands.remove(cands.size() - 1 - rnd.nextInt(Math.min(2, cands.size())));
      results.add(new Result(v.name(), v.type()));
    }
    return new Entry(name, used, params, big, stmts, results, helpers);
  }

  /** One statement of an entry body; binds variables in {@code env} and lists them in {@code bound}. */
  private Node stmt(Env env, List<Var> bound) {
    if (env.lib != null && chance(0.2)) {
      Node n = libStmt(env, bound);
      if (n != null) return n;
    }
    int k = rnd.nextInt(100);
    List<Var> owned = env.vars.stream().filter(Var::owned).toList();
    if (k < 10 && !owned.isEmpty()) {
      // let a[i] = v on an owned array
      Var a = pick(owned);
      List<Node> kids = new ArrayList<>();
      StringBuilder tmpl = new StringBuilder("  let " + a.name() + "[");
      int fixed = a.type().rank();
      if (fixed > 1 && !a.type().dims().subList(1, fixed).contains(null) && chance(0.4)) fixed = 1;
      for (int i = 0; i < fixed; i++) {
        kids.add(safeIndex(env, a, i, 2));
        tmpl.append(i > 0 ? ", $" : "$");
      }
      tmpl.append("] = $\n");
      if (fixed == a.type().rank()) {
        kids.add(scalar(env, a.type().elem(), 2));
      } else {
        G row = array(env, a.type().row(), 2);
        kids.add(row.type().fits(a.type().row()) && !row.type().dims().contains(null) ? row.node
            : Node.of(a.type().row().text(), "($ :> " + a.type().row().decl() + ")", row.node));
      }
      return Node.of("", tmpl.toString(), kids.toArray(Node[]::new));
    }
    if (k < 18) {
      // an owned array: copy of something or a replicate
      ScalarType t = pick(PRIMS);
      G src = array(env, new GenType(t, dimsFor(env, 1 + rnd.nextInt(2))), 2);
      String v = fresh("v");
      Var var = new Var(v, src.type, true);
      env.vars.add(var);
      bound.add(var);
      return Node.of("", "  let " + v + " = copy ($)\n", src.node);
    }
    if (k < 24) {
      // a tuple or record of scalars
      int n = 2 + rnd.nextInt(2);
      List<ScalarType> ts = new ArrayList<>();
      List<Node> es = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        ScalarType t = pick(PRIMS);
        ts.add(t);
        es.add(scalar(env, t, 2));
      }
      String v = fresh("r");
      boolean record = chance(0.5);
      List<String> fields = new ArrayList<>();
      StringBuilder tmpl = new StringBuilder("  let " + v + " = " + (record ? "{" : "("));
      for (int i = 0; i < n; i++) {
        fields.add(record ? "f" + i : Integer.toString(i));
        tmpl.append(i > 0 ? ", " : "").append(record ? "f" + i + " = $" : "$");
      }
      tmpl.append(record ? "}\n" : ")\n");
      env.compounds.add(new Compound(v, fields, ts));
      return Node.of("", tmpl.toString(), es.toArray(Node[]::new));
    }
    if (k < 30) {
      // a value of a sum type
      ScalarType a = pick(PRIMS), b = pick(PRIMS);
      String ty = "#a " + a.futharkName() + " | #b " + b.futharkName() + " | #c";
      String v = fresh("s");
      Node n = Node.of("", "  let " + v + " : (" + ty + ") = if $ then #a ($) else if $ then #b ($) else #c\n",
          scalar(env, ScalarType.BOOL, 2), scalar(env, a, 2), scalar(env, ScalarType.BOOL, 2), scalar(env, b, 2));
      env.sums.add(new SumVar(v, ty, List.of("a", "b", "c"), java.util.Arrays.asList(a, b, null)));
      return n;
    }
    String v = fresh("v");
    G g;
    if (k < 55) {
      g = new G(scalar(env, pick(PRIMS), 3), null);
      g = new G(g.node, GenType.scalar(ScalarType.valueOf(g.node.type.toUpperCase())));
    } else {
      ScalarType t = pick(PRIMS);
      g = array(env, new GenType(t, dimsFor(env, 1 + rnd.nextInt(3))), 3);
    }
    Var var = new Var(v, g.type, false);
    env.vars.add(var);
    bound.add(var);
    return Node.of("", "  let " + v + " = $\n", g.node);
  }

  /** Wanted dimensions: mostly known sizes, some unknown. */
  private List<String> dimsFor(Env env, int rank) {
    List<String> ds = new ArrayList<>();
    for (int i = 0; i < rank; i++) {
      if (bigSize != null && i > 0) { ds.add(smallSize(env)); continue; }
      ds.add(env.sizes.isEmpty() || chance(0.25) ? null : pick(env.sizes));
    }
    return ds;
  }

  private String smallSize(Env env) {
    List<String> s = env.sizes.stream().filter(x -> !x.equals(bigSize)).toList();
    return s.isEmpty() ? null : pick(s);
  }

  // ---- scalars -------------------------------------------------------------------------------

  static String lit(ScalarType t, Random rnd) {
    return switch (t.kind()) {
      case BOOL -> rnd.nextBoolean() ? "true" : "false";
      case FLOAT -> {
        double d = switch (rnd.nextInt(6)) {
          case 0 -> 0;
          case 1 -> rnd.nextInt(7) - 3;
          default -> Math.round((rnd.nextDouble() * 20 - 10) * 4) / 4.0;
        };
        yield (d < 0 ? "(" + d + t.futharkName() + ")" : d + t.futharkName());
      }
      case SIGNED -> {
        long v = switch (rnd.nextInt(8)) {
          case 0 -> t == ScalarType.I64 ? Long.MAX_VALUE : (1L << (8 * t.bytes() - 1)) - 1;
          case 1 -> -(rnd.nextInt(100));
          default -> rnd.nextInt(20) - 5;
        };
        yield v < 0 ? "(" + v + t.futharkName() + ")" : v + t.futharkName();
      }
      case UNSIGNED -> {
        long v = rnd.nextInt(8) == 0 ? (t == ScalarType.U64 ? 1L << 62 : (1L << (8 * t.bytes())) - 1) : rnd.nextInt(30);
        yield v + t.futharkName();
      }
    };
  }

  private Node literal(ScalarType t) { return Node.leaf(t.futharkName(), lit(t, rnd)); }

  /** A scalar expression of type {@code t}. */
  Node scalar(Env env, ScalarType t, int depth) {
    String ty = t.futharkName();
    List<Var> vs = env.vars.stream().filter(v -> v.type().rank() == 0 && v.type().elem() == t).toList();
    if (depth <= 0) return !vs.isEmpty() && chance(0.7) ? Node.leaf(ty, pick(vs).name()) : literal(t);
    int d = depth - 1;
    if (env.lib != null && chance(0.14)) {
      Node n = libScalar(env, t, d);
      if (n != null) return n;
    }
    int k = rnd.nextInt(100);
    if (k < 12) return literal(t);
    if (k < 28 && !vs.isEmpty()) return Node.leaf(ty, pick(vs).name());
    if (k < 45) return arith(env, t, d);
    if (k < 52) {
      ScalarType from = pick(PRIMS);
      return Node.of(ty, "(" + ty + "." + from.futharkName() + " ($))", scalar(env, from, d));
    }
    if (k < 58) return Node.of(ty, "(if $ then $ else $)", scalar(env, ScalarType.BOOL, d), scalar(env, t, d), scalar(env, t, d));
    if (k < 68) {
      Node n = fromArray(env, t, d);
      if (n != null) return n;
    }
    if (k < 73) {
      List<Compound> cs = env.compounds.stream().filter(c -> c.types().contains(t)).toList();
      if (!cs.isEmpty()) {
        Compound c = pick(cs);
        List<Integer> is = new ArrayList<>();
        for (int i = 0; i < c.types().size(); i++) if (c.types().get(i) == t) is.add(i);
        return Node.leaf(ty, c.name() + "." + c.fields().get(pick(is)));
      }
    }
    if (k < 78 && !env.sums.isEmpty()) {
      SumVar s = pick(env.sums);
      List<Node> kids = new ArrayList<>();
      StringBuilder tmpl = new StringBuilder("(match " + s.name());
      for (int i = 0; i < s.cons().size(); i++) {
        ScalarType p = s.payloads().get(i);
        if (p == null) {
          tmpl.append(" case #").append(s.cons().get(i)).append(" -> $");
          kids.add(scalar(env, t, d));
        } else {
          String x = fresh("y");
          Env inner = env.copy();
          inner.vars.add(new Var(x, GenType.scalar(p), false));
          tmpl.append(" case #").append(s.cons().get(i)).append(' ').append(x).append(" -> $");
          kids.add(scalar(inner, t, d));
        }
      }
      tmpl.append(')');
      return Node.of(ty, tmpl.toString(), kids.toArray(Node[]::new));
    }
    if (k < 84) {
      List<Fun> fs = env.funs.stream().filter(f -> f.result() == t).toList();
      if (!fs.isEmpty() && chance(0.5)) {
        Fun f = pick(fs);
        G arr = array(env, new GenType(f.arrElem(), java.util.Collections.singletonList(null)), Math.min(d, 1));
        return Node.of(ty, "(" + f.name() + " $ $)", arr.node, scalar(env, f.scalar(), d));
      }
      return loopScalar(env, t, d);
    }
    if (k < 90) {
      String x = fresh("x");
      ScalarType u = pick(PRIMS);
      Node e1 = scalar(env, u, d);
      Env inner = env.copy();
      inner.vars.add(new Var(x, GenType.scalar(u), false));
      return Node.of(ty, "(let " + x + " = $ in $)", e1, scalar(inner, t, d));
    }
    if (t == ScalarType.BOOL) {
      ScalarType u = pick(PRIMS);
      String op = pick(new String[] {"==", "!=", "<", "<=", ">", ">="});
      return Node.of(ty, "($ " + op + " $)", scalar(env, u, d), scalar(env, u, d));
    }
    return arith(env, t, d);
  }

  private Node arith(Env env, ScalarType t, int d) {
    String ty = t.futharkName();
    if (t.isBool()) {
      return switch (rnd.nextInt(4)) {
        case 0 -> Node.of(ty, "($ && $)", scalar(env, t, d), scalar(env, t, d));
        case 1 -> Node.of(ty, "($ || $)", scalar(env, t, d), scalar(env, t, d));
        case 2 -> Node.of(ty, "(!$)", scalar(env, t, d));
        default -> {
          ScalarType u = pick(PRIMS);
          yield Node.of(ty, "($ " + pick(new String[] {"==", "<", ">="}) + " $)", scalar(env, u, d), scalar(env, u, d));
        }
      };
    }
    if (t.isFloat()) {
      int k = rnd.nextInt(10);
      if (k < 5) {
        String op = pick(new String[] {"+", "-", "*", "/", "%", "**"});
        return Node.of(ty, "($ " + op + " $)", scalar(env, t, d), scalar(env, t, d));
      }
      if (k < 8) {
        String f = pick(new String[] {"sqrt", "exp", "log", "sin", "cos", "tanh", "abs", "floor", "ceil", "round", "trunc",
            "sgn", "cbrt", "atan", "log1p", "log10", "log2", "neg", "rsqrt", "sinpi", "recip"});
        return Node.of(ty, "(" + ty + "." + f + " ($))", scalar(env, t, d));
      }
      if (k < 9) {
        String f = pick(new String[] {"min", "max", "atan2", "hypot", "copysign", "atan2pi"});
        return Node.of(ty, "(" + ty + "." + f + " ($) ($))", scalar(env, t, d), scalar(env, t, d));
      }
      return Node.of(ty, "(-$)", scalar(env, t, d));
    }
    int k = rnd.nextInt(12);
    if (k < 5) {
      String op = pick(new String[] {"+", "-", "*", "&", "|", "^", "+", "*"});
      return Node.of(ty, "($ " + op + " $)", scalar(env, t, d), scalar(env, t, d));
    }
    if (k < 7) {
      // Division: mostly by a value that cannot be zero.
      String op = pick(new String[] {"/", "%", "//", "%%"});
      return chance(0.85) ? Node.of(ty, "($ " + op + " ($ | 1))", scalar(env, t, d), scalar(env, t, d))
          : Node.of(ty, "($ " + op + " $)", scalar(env, t, d), scalar(env, t, d));
    }
    if (k < 8) {
      // The logical shift >>> exists only as a member of the integer modules (i32.>>>).
      String op = pick(new String[] {"<<", ">>", ty + ".>>>", "**"});
      return Node.of(ty, "($ " + op + " $)", scalar(env, t, d), scalar(env, t, d));
    }
    if (k < 10) {
      String f = pick(new String[] {"abs", "sgn", "neg"});
      if (chance(0.4)) {
        String g = pick(new String[] {"popc", "clz", "ctz"});
        ScalarType u = pick(INTS);
        return Node.of(ty, "(" + ty + ".i32 (" + u.futharkName() + "." + g + " ($)))", scalar(env, u, d));
      }
      return Node.of(ty, "(" + ty + "." + f + " ($))", scalar(env, t, d));
    }
    String f = pick(new String[] {"min", "max", "mul_hi"});
    if (chance(0.2)) return Node.of(ty, "(" + ty + ".mad_hi ($) ($) ($))", scalar(env, t, d), scalar(env, t, d), scalar(env, t, d));
    return Node.of(ty, "(" + ty + "." + f + " ($) ($))", scalar(env, t, d), scalar(env, t, d));
  }

  private Node loopScalar(Env env, ScalarType t, int d) {
    String ty = t.futharkName();
    String acc = fresh("acc");
    Env inner = env.copy();
    inner.vars.add(new Var(acc, GenType.scalar(t), false));
    if (chance(0.6)) {
      String i = fresh("ix");
      inner.vars.add(new Var(i, GenType.scalar(ScalarType.I64), false));
      return Node.of(ty, "(loop " + acc + " = $ for " + i + " < $ do $)", scalar(env, t, d), loopBound(env), scalar(inner, t, d));
    }
    String j = fresh("jx");
    inner.vars.add(new Var(j, GenType.scalar(ScalarType.I32), false));
    return Node.of(ty, "(loop (" + acc + ", " + j + ") = ($, 0i32) while " + j + " < $ do ($, " + j + " + 1)).0",
        scalar(env, t, d), Node.leaf("i32", (rnd.nextInt(6)) + "i32"), scalar(inner, t, d));
  }

  private Node loopBound(Env env) {
    List<String> small = env.sizes.stream().filter(s -> !s.equals(bigSize)).toList();
    if (!small.isEmpty() && chance(0.4)) return Node.leaf("i64", pick(small));
    return Node.leaf("i64", rnd.nextInt(7) + "i64");
  }

  /** Arrays visible for reading: in a lambda, not the big ones (keeps the interpreter fast). */
  private List<Var> arrays(Env env) {
    return env.vars.stream().filter(v -> v.type().rank() > 0).toList();
  }

  /** An index of {@code a}'s dimension {@code dim} that is in bounds unless the array is empty. */
  private Node safeIndex(Env env, Var a, int dim, int d) {
    String n = a.type().dims().get(dim);
    String len = n != null ? n : dim == 0 ? "length " + a.name() : "length " + a.name() + "[0]";
    if (chance(0.05)) return scalar(env, ScalarType.I64, d); // possibly out of bounds
    return Node.of("i64", "($ % i64.max 1 (" + len + "))", scalar(env, ScalarType.I64, d));
  }

  /** A scalar read from an array: an index, a reduction, a length. */
  private Node fromArray(Env env, ScalarType t, int d) {
    String ty = t.futharkName();
    List<Var> as = arrays(env).stream().filter(v -> v.type().elem() == t).toList();
    int k = rnd.nextInt(3);
    if (k == 0 && !as.isEmpty()) {
      Var a = pick(as);
      List<Node> idx = new ArrayList<>();
      StringBuilder tmpl = new StringBuilder(a.name() + "[");
      for (int i = 0; i < a.type().rank(); i++) {
        idx.add(safeIndex(env, a, i, d));
        tmpl.append(i > 0 ? ", $" : "$");
      }
      return Node.of(ty, tmpl.append(']').toString(), idx.toArray(Node[]::new));
    }
    if (k == 1 && t == ScalarType.I64 && !arrays(env).isEmpty()) {
      Var a = pick(arrays(env));
      return Node.leaf(ty, "(length " + a.name() + ")");
    }
    // A reduction over a one-dimensional array made from anything.
    String dim = env.sizes.isEmpty() || chance(0.3) ? null : pick(env.sizes);
    G arr = array(env, new GenType(t, java.util.Collections.singletonList(dim)), d);
    return reduceOf(env, t, arr.node, d);
  }

  /** An associative, commutative operator on t with its neutral element, as {@code op ne} text. */
  private String[] operator(ScalarType t, boolean floatSumAllowed) {
    String ty = t.futharkName();
    if (t.isBool()) return pick(new String[][] {{"(&&)", "true"}, {"(||)", "false"}, {"(!=)", "false"}});
    if (t.isFloat()) {
      if (floatSumAllowed && t != ScalarType.F16 && chance(0.5)) return new String[] {"(+)", "0" + ty};
      return pick(new String[][] {{ty + ".min", ty + ".inf"}, {ty + ".max", "(-" + ty + ".inf)"},
          {"(\\a b -> " + ty + ".max a b)", ty + ".lowest"}});
    }
    return pick(new String[][] {{"(+)", "0" + ty}, {"(*)", "1" + ty}, {"(&)", t.isSigned() ? "(-1" + ty + ")" : ty + ".highest"},
        {"(|)", "0" + ty}, {"(^)", "0" + ty}, {ty + ".min", ty + ".highest"}, {ty + ".max", ty + ".lowest"},
        {"(\\a b -> a + b)", "0" + ty}});
  }

  /** Float sums only over values in [0, 16): any association is then within tolerance. */
  private Node conditioned(ScalarType t, Node arr, String op) {
    if (!t.isFloat() || !op.equals("(+)")) return arr;
    String ty = t.futharkName();
    String x = fresh("z");
    return Node.of(arr.type, "(map (\\" + x + " -> " + ty + ".abs " + x + " % 16" + ty + ") $)", arr);
  }

  private Node reduceOf(Env env, ScalarType t, Node arr, int d) {
    String ty = t.futharkName();
    int k = rnd.nextInt(5);
    if (k == 0 && !t.isBool()) {
      String f = t.isFloat() ? pick(new String[] {"maximum", "minimum"}) : pick(new String[] {"sum", "product", "maximum", "minimum"});
      return Node.of(ty, "(" + ty + "." + f + " ($))", arr);
    }
    String[] op = operator(t, true);
    String red = chance(0.3) ? "reduce_comm" : "reduce";
    return Node.of(ty, "(" + red + " " + op[0] + " " + op[1] + " $)", conditioned(t, arr, op[0]));
  }

  // ---- arrays --------------------------------------------------------------------------------

  /** An expression and its type (known sizes). */
  record G(Node node, GenType type) {}

  /** An array expression of element type and rank of {@code want}, with its known sizes. */
  G array(Env env, GenType want, int depth) {
    String ty = want.text();
    List<Var> vs = arrays(env).stream().filter(v -> !v.owned() && v.type().fits(want)).toList();
    if (depth <= 0 || chance(0.15)) {
      if (!vs.isEmpty()) {
        Var v = pick(vs);
        return new G(Node.leaf(ty, v.name()), v.type());
      }
      return replicate(env, want, 0);
    }
    int d = depth - 1;
    if (env.lib != null && chance(0.15)) {
      G g = libArray(env, want, d);
      if (g != null) return g;
    }
    int k = rnd.nextInt(100);
    if (k < 12 && !vs.isEmpty()) {
      Var v = pick(vs);
      return new G(Node.leaf(ty, v.name()), v.type());
    }
    if (k < 40) {
      G m = map(env, want, d);
      if (m != null) return m;
    }
    if (k < 48) return replicate(env, want, d);
    if (k < 54 && want.rank() == 1 && want.elem() == ScalarType.I64) {
      String n = sizeExpr(env, want.dims().get(0));
      return new G(Node.leaf(ty, "(iota " + n + ")"), new GenType(ScalarType.I64, java.util.Collections.singletonList(env.sizes.contains(n) ? n : null)));
    }
    if (k < 60 && want.rank() == 1) {
      G src = array(env, want, d);
      String[] op = operator(want.elem(), true);
      return new G(Node.of(ty, "(scan " + op[0] + " " + op[1] + " $)", conditioned(want.elem(), src.node, op[0])), src.type);
    }
    if (k < 66 && want.dims().get(0) == null) {
      G src = array(env, want, d);
      String x = fresh("x");
      Env inner = lambdaEnv(env);
      inner.vars.add(new Var(x, want.row(), false));
      Node pred = want.rank() == 1 ? scalar(inner, ScalarType.BOOL, Math.min(d, 2))
          : Node.of("bool", "(length " + x + " > 0 && $)", scalar(inner, ScalarType.BOOL, Math.min(d, 1)));
      return new G(Node.of(ty, "(filter (\\" + x + " -> $) $)", pred, src.node), src.type.outerUnknown());
    }
    if (k < 72 && want.rank() == 1) {
      G h = hist(env, want, d);
      if (h != null) return h;
    }
    if (k < 78 && want.rank() == 1) {
      G s = scatter(env, want, d);
      if (s != null) return s;
    }
    if (k < 82) {
      G a = array(env, want, d), b = array(env, new GenType(want.elem(), a.type.dims()), d);
      return new G(Node.of(ty, "(if $ then $ else $)", scalar(env, ScalarType.BOOL, d), a.node, b.node), a.type.joinWith(b.type));
    }
    if (k < 86 && want.dims().get(0) == null && (want.rank() == 1 || !want.dims().subList(1, want.rank()).contains(null))) {
      G a = array(env, want, d);
      G b = array(env, want, d);
      if (a.type.rank() == 1) return new G(Node.of(ty, "($ ++ $)", a.node, b.node), a.type.outerUnknown());
      return new G(Node.of(ty, "(concat $ $)", a.node, b.node), a.type.outerUnknown());
    }
    if (k < 90) {
      G a = array(env, want, d);
      String f = pick(new String[] {"reverse", "rotate"});
      if (f.equals("rotate")) return new G(Node.of(ty, "(rotate $ $)", scalar(env, ScalarType.I64, 1), a.node), a.type);
      return new G(Node.of(ty, "(reverse $)", a.node), a.type);
    }
    if (k < 93 && want.rank() >= 2) {
      List<String> sw = new ArrayList<>(want.dims());
      String t0 = sw.get(0);
      sw.set(0, sw.get(1));
      sw.set(1, t0);
      G a = array(env, new GenType(want.elem(), sw), d);
      List<String> back = new ArrayList<>(a.type.dims());
      String b0 = back.get(0);
      back.set(0, back.get(1));
      back.set(1, b0);
      return new G(Node.of(ty, "(transpose $)", a.node), new GenType(want.elem(), back));
    }
    if (k < 96 && want.dims().get(0) == null) {
      List<Var> ws = arrays(env).stream().filter(v -> !v.owned() && v.type().outerUnknown().fits(want)).toList();
      if (!ws.isEmpty()) {
        Var w = pick(ws);
        return new G(Node.of(ty, w.name() + "[i64.min (length " + w.name() + ") ($ % 3):]", scalar(env, ScalarType.I64, 1)),
            w.type().outerUnknown());
      }
    }
    if (k < 100) {
      G l = loopArray(env, want, d);
      if (l != null) return l;
    }
    return replicate(env, want, d);
  }

  private Env lambdaEnv(Env env) {
    Env e = env.copy();
    if (bigSize != null) {
      e.vars.removeIf(v -> v.type().dims().contains(bigSize));
      e.sizes.remove(bigSize);
    }
    return e;
  }

  /** A size expression: the named size, or a small literal (an unknown size). */
  private String sizeExpr(Env env, String want) {
    if (want != null) return want;
    if (!env.sizes.isEmpty() && chance(0.3)) return pick(env.sizes.stream().filter(s -> !s.equals(bigSize)).toList().isEmpty()
        ? List.of("3") : env.sizes.stream().filter(s -> !s.equals(bigSize)).toList());
    return Integer.toString(rnd.nextInt(5));
  }

  private G replicate(Env env, GenType want, int d) {
    String n = sizeExpr(env, want.dims().get(0));
    String known = env.sizes.contains(n) ? n : null;
    if (want.rank() == 1) {
      return new G(Node.of(want.text(), "(replicate " + n + " $)", scalar(env, want.elem(), d)),
          new GenType(want.elem(), java.util.Collections.singletonList(known)));
    }
    G row = d <= 0 ? replicate(env, want.row(), 0) : array(env, want.row(), d);
    return new G(Node.of(want.text(), "(replicate " + n + " $)", row.node), row.type.outer(known));
  }

  /** {@code map f xs} (or map2/map3 over arrays of one size, or over a zip) giving {@code want}. */
  private G map(Env env, GenType want, int d) {
    String outer = want.dims().get(0);
    // Sources: arrays of the wanted outer size (any element type and rank).
    List<Var> srcs = arrays(env).stream().filter(v -> outer == null || outer.equals(v.type().dims().get(0))).toList();
    G first;
    if (!srcs.isEmpty() && chance(0.7)) {
      Var v = pick(srcs);
      first = new G(Node.leaf(v.type().text(), v.name()), v.type());
    } else {
      ScalarType t = pick(PRIMS);
      first = array(env, new GenType(t, java.util.Collections.singletonList(outer)), Math.min(d, 1));
    }
    String size = first.type.dims().get(0);
    List<G> ins = new ArrayList<>();
    ins.add(first);
    if (size != null && chance(0.4)) {
      List<Var> same = arrays(env).stream().filter(v -> size.equals(v.type().dims().get(0))).toList();
      int extra = 1 + rnd.nextInt(2);
      for (int i = 0; i < extra && !same.isEmpty(); i++) {
        Var v = pick(same);
        ins.add(new G(Node.leaf(v.type().text(), v.name()), v.type()));
      }
    }
    Env inner = lambdaEnv(env);
    List<String> params = new ArrayList<>();
    for (G g : ins) {
      String x = fresh("x");
      params.add(x);
      inner.vars.add(new Var(x, g.type.row(), false));
    }
    GenType rowWant = want.row();
    Node body;
    GenType rowGot;
    if (rowWant.rank() == 0) {
      body = scalar(inner, rowWant.elem(), Math.min(d, 3));
      rowGot = rowWant;
    } else {
      // Rows of a size that does not depend on the element: only known sizes or literals.
      List<String> rd = new ArrayList<>();
      for (String s : rowWant.dims()) rd.add(s != null ? s : (env.sizes.isEmpty() ? null : pick(env.sizes.stream().filter(x -> !x.equals(bigSize)).toList().isEmpty() ? java.util.Collections.singletonList((String) null) : env.sizes.stream().filter(x -> !x.equals(bigSize)).toList())));
      if (rd.contains(null)) {
        // No size to name: rows from replicate with a literal size (regular by construction).
        G r = replicateConst(inner, rowWant, Math.min(d, 2));
        body = r.node;
        rowGot = r.type;
      } else {
        G r = array(inner, new GenType(rowWant.elem(), rd), Math.min(d, 2));
        if (r.type.dims().contains(null)) {
          G c = replicateConst(inner, rowWant, 1);
          body = c.node;
          rowGot = c.type;
        } else {
          body = r.node;
          rowGot = r.type;
        }
      }
    }
    String fn;
    List<Node> kids = new ArrayList<>();
    kids.add(body);
    if (ins.size() == 1) {
      fn = "(map (\\" + params.get(0) + " -> $) $)";
      kids.add(ins.get(0).node);
    } else if (chance(0.5)) {
      StringBuilder sb = new StringBuilder("(map" + ins.size() + " (\\" + String.join(" ", params) + " -> $)");
      for (G g : ins) { sb.append(" $"); kids.add(g.node); }
      fn = sb.append(')').toString();
    } else {
      StringBuilder sb = new StringBuilder("(map (\\(" + String.join(", ", params) + ") -> $) (zip" + (ins.size() == 2 ? "" : ins.size()));
      for (G g : ins) { sb.append(" $"); kids.add(g.node); }
      fn = sb.append("))").toString();
    }
    return new G(Node.of(want.text(), fn, kids.toArray(Node[]::new)), rowGot.outer(size));
  }

  /** Rows whose sizes are literals: {@code replicate 2 (replicate 3 x)}. */
  private G replicateConst(Env env, GenType want, int d) {
    Node inner = scalar(env, want.elem(), d);
    String text = "$";
    for (int i = 0; i < want.rank(); i++) text = "(replicate " + (1 + rnd.nextInt(3)) + " " + text + ")";
    List<String> dims = new ArrayList<>();
    for (int i = 0; i < want.rank(); i++) dims.add(null);
    return new G(Node.of(want.text(), text, inner), new GenType(want.elem(), dims));
  }

  private G hist(Env env, GenType want, int d) {
    ScalarType t = want.elem();
    String m = sizeExpr(env, want.dims().get(0));
    List<Var> srcs = arrays(env).stream().filter(v -> v.type().dims().get(0) != null && !v.owned()).toList();
    if (srcs.isEmpty()) return null;
    Var src = pick(srcs);
    String x = fresh("x");
    Env inner = lambdaEnv(env);
    inner.vars.add(new Var(x, src.type().row(), false));
    Node ix = Node.of("i64", "(map (\\" + x + " -> $ % 7) " + src.name() + ")", scalar(inner, ScalarType.I64, Math.min(d, 2)));
    String y = fresh("x");
    Env inner2 = lambdaEnv(env);
    inner2.vars.add(new Var(y, src.type().row(), false));
    String[] op = operator(t, true);
    Node vals = Node.of(want.text(), "(map (\\" + y + " -> $) " + src.name() + ")", scalar(inner2, t, Math.min(d, 2)));
    vals = conditioned(t, vals, op[0]);
    String fn = chance(0.5) ? "reduce_by_index (replicate " + m + " " + op[1] + ") " + op[0] + " " + op[1]
        : "hist " + op[0] + " " + op[1] + " " + m;
    return new G(Node.of(want.text(), "(" + fn + " $ $)", ix, vals),
        new GenType(t, java.util.Collections.singletonList(env.sizes.contains(m) ? m : null)));
  }

  private G scatter(Env env, GenType want, int d) {
    G dest = array(env, want, d);
    List<Var> srcs = arrays(env).stream().filter(v -> !v.owned()).toList();
    if (srcs.isEmpty()) return null;
    Var src = pick(srcs);
    String x = fresh("x");
    Env inner = lambdaEnv(env);
    inner.vars.add(new Var(x, src.type().row(), false));
    Node vals = Node.of(want.row().text(), "(map (\\" + x + " -> $) " + src.name() + ")", scalar(inner, want.elem(), Math.min(d, 2)));
    String i = fresh("ix");
    long s = 1 + rnd.nextInt(3);
    long c = rnd.nextInt(6) - 2;
    String f = chance(0.7) ? i + " * " + s + " + " + c : c + " + 5 - " + i + " * " + s;
    return new G(Node.of(want.text(), "(scatter (copy $) (map (\\" + i + " -> " + f + ") (indices " + src.name() + ")) $)",
        dest.node, vals), dest.type);
  }

  /** A loop updating an owned copy in place, or mapping over the accumulator. */
  private G loopArray(Env env, GenType want, int d) {
    G init = array(env, want, d);
    String acc = fresh("acc"), i = fresh("ix");
    Env inner = lambdaEnv(env);
    GenType accT = init.type.withDims(java.util.Collections.nCopies(init.type.rank(), null));
    inner.vars.add(new Var(i, GenType.scalar(ScalarType.I64), false));
    Var accVar = new Var(acc, accT, false);
    // The initial value is bound first: a size it computes (a filter's) may then be the loop's.
    String start = fresh("init");
    Node body;
    if (want.rank() == 1 && chance(0.6)) {
      Env in2 = inner.copy();
      in2.vars.add(accVar);
      body = Node.of(want.text(), acc + " with [$] = $", Node.of("i64", "(" + i + " % i64.max 1 (length " + acc + "))"),
          scalar(in2, want.elem(), Math.min(d, 2)));
    } else {
      String x = fresh("x");
      Env in2 = inner.copy();
      in2.vars.add(new Var(x, accT.row(), false));
      if (accT.rank() == 1 && chance(0.4)) {
        // A body that reads the initial array too (the loop does not consume it then): the
        // generated code must not free or reuse it after the first iteration.
        String y = fresh("y");
        in2.vars.add(new Var(y, accT.row(), false));
        body = Node.of(want.text(), "map2 (\\" + x + " " + y + " -> $) " + acc + " " + start, scalar(in2, want.elem(), Math.min(d, 2)));
      } else {
        Node row = accT.rank() == 1 ? scalar(in2, want.elem(), Math.min(d, 2)) : Node.leaf(accT.row().text(), x);
        body = Node.of(want.text(), "map (\\" + x + " -> $) " + acc, row);
      }
    }
    String bound = loopBound(env).render();
    String sized = init.type.dims().stream().allMatch(s -> s != null) ? " :> " + init.type.decl() : "";
    return new G(Node.of(want.text(), "((let " + start + " = copy ($) in loop " + acc + " = " + start + " for " + i + " < "
        + bound + " do $)" + sized + ")",
        init.node, body), init.type.dims().stream().allMatch(s -> s != null) ? init.type : accT);
  }

  // ---- what real programs are made of: modules, functors, higher-order and local functions ---

  /** The entry's library: monoid modules over random types, and sometimes the fold of a pair of them. */
  private GenLib library(String name) {
    GenLib lib = new GenLib(name);
    int n = 1 + rnd.nextInt(3);
    for (int i = 0; i < n; i++) {
      ScalarType t = pick(PRIMS);
      String[] op = operator(t, true);
      lib.monoid(t, op[0], op[1], chance(0.5));
    }
    if (n >= 2 && chance(0.7)) lib.pair(lib.monoids.get(rnd.nextInt(n)), lib.monoids.get(rnd.nextInt(n)));
    return lib;
  }

  /** A scalar made with the library: a local function, a higher-order function, a functor's fold, an unchecked index. */
  private Node libScalar(Env env, ScalarType t, int d) {
    GenLib lib = env.lib;
    String ty = t.futharkName();
    switch (rnd.nextInt(6)) {
      case 0 -> {
        // A local function capturing what is in scope, applied once or twice.
        ScalarType u = chance(0.5) ? t : pick(PRIMS);
        String f = fresh("fn"), y = fresh("y");
        Env inner = env.copy();
        inner.vars.add(new Var(y, GenType.scalar(u), false));
        Node body = scalar(inner, t, d);
        if (u == t && chance(0.5)) {
          return Node.of(ty, "(let " + f + " (" + y + ": " + ty + ") : " + ty + " = $ in " + f + " (" + f + " ($)))", body,
              scalar(env, t, d));
        }
        return Node.of(ty, "(let " + f + " (" + y + ": " + u.futharkName() + ") : " + ty + " = $ in " + f + " ($))", body,
            scalar(env, u, d));
      }
      case 1 -> {
        String y = fresh("y");
        Env inner = env.copy();
        inner.vars.add(new Var(y, GenType.scalar(t), false));
        return Node.of(ty, "(" + lib.name("twice") + " (\\(" + y + ": " + ty + ") -> $) ($))", scalar(inner, t, d),
            scalar(env, t, d));
      }
      case 2 -> {
        ScalarType u = pick(PRIMS), v = pick(PRIMS);
        String x = fresh("x"), y = fresh("y");
        Env fi = env.copy();
        fi.vars.add(new Var(x, GenType.scalar(u), false));
        Env gi = env.copy();
        gi.vars.add(new Var(y, GenType.scalar(v), false));
        return Node.of(ty, "(" + lib.name("compose") + " (\\(" + y + ": " + v.futharkName() + ") -> $) (\\(" + x + ": "
            + u.futharkName() + ") -> $) ($))", scalar(gi, t, d), scalar(fi, v, d), scalar(env, u, d));
      }
      case 3 -> {
        List<GenLib.Monoid> ms = lib.monoids.stream().filter(m -> m.elem() == t).toList();
        if (ms.isEmpty()) return null;
        GenLib.Monoid m = pick(ms);
        String dim = env.sizes.isEmpty() || chance(0.3) ? null : pick(env.sizes);
        G arr = array(env, new GenType(t, java.util.Collections.singletonList(dim)), d);
        return Node.of(ty, "(" + m.fold() + ".sum $)", conditioned(t, arr.node, m.op()));
      }
      case 4 -> {
        List<GenLib.Pair> ps = lib.pairs.stream().filter(q -> q.a().elem() == t || q.b().elem() == t).toList();
        if (ps.isEmpty()) return null;
        GenLib.Pair q = pick(ps);
        List<Var> srcs = arrays(env);
        G src = srcs.isEmpty() || chance(0.3) ? array(env, new GenType(pick(PRIMS), java.util.Collections.singletonList(null)), Math.min(d, 1))
            : leaf(pick(srcs));
        String x = fresh("x");
        Env inner = lambdaEnv(env);
        inner.vars.add(new Var(x, src.type().row(), false));
        Node a = conditionedScalar(q.a().elem(), scalar(inner, q.a().elem(), Math.min(d, 2)), q.a().op());
        Node b = conditionedScalar(q.b().elem(), scalar(inner, q.b().elem(), Math.min(d, 2)), q.b().op());
        String field = q.a().elem() == t && (q.b().elem() != t || chance(0.5)) ? "0" : "1";
        return Node.of(ty, "(" + q.fold() + ".sum (map (\\" + x + " -> ($, $)) $)).it".replace("it", field), a, b, src.node());
      }
      default -> {
        // An index without bounds checks, guarded so that it is always in bounds.
        List<Var> as = arrays(env).stream().filter(v -> v.type().rank() == 1 && v.type().elem() == t).toList();
        if (as.isEmpty()) return null;
        Var a = pick(as);
        // The index is computed outside the attribute: #[unsafe] covers every index in its expression.
        String ix = fresh("ix");
        return Node.of(ty, "(let " + ix + " = $ in if length " + a.name() + " == 0 then $ else #[unsafe] " + a.name() + "[" + ix
            + " % length " + a.name() + "])", scalar(env, ScalarType.I64, d), literal(t));
      }
    }
  }

  private static G leaf(Var v) { return new G(Node.leaf(v.type().text(), v.name()), v.type()); }

  /** A scalar of a float sum's operand kept in [0, 16), like {@link #conditioned}. */
  private static Node conditionedScalar(ScalarType t, Node x, String op) {
    if (!t.isFloat() || !op.equals("(+)")) return x;
    String ty = t.futharkName();
    return Node.of(ty, "(" + ty + ".abs ($) % 16" + ty + ")", x);
  }

  /** An array made with the library. */
  private G libArray(Env env, GenType want, int d) {
    GenLib lib = env.lib;
    String ty = want.text();
    switch (rnd.nextInt(7)) {
      case 0 -> {
        if (want.rank() != 1) return null;
        List<GenLib.Monoid> ms = lib.monoids.stream().filter(m -> m.elem() == want.elem()).toList();
        if (ms.isEmpty()) return null;
        GenLib.Monoid m = pick(ms);
        G arr = array(env, want, d);
        return new G(Node.of(ty, "(" + m.fold() + ".prefix $)", conditioned(want.elem(), arr.node(), m.op())), arr.type());
      }
      case 1, 2 -> {
        // map through a polymorphic higher-order function, or of a local function capturing values.
        if (want.rank() != 1) return null;
        // Not an owned array: via's result (not unique) aliases its argument.
        List<Var> srcs = arrays(env).stream().filter(v -> !v.owned() && v.type().rank() == 1
            && (want.dims().get(0) == null || want.dims().get(0).equals(v.type().dims().get(0)))).toList();
        G src = !srcs.isEmpty() && chance(0.7) ? leaf(pick(srcs))
            : array(env, new GenType(pick(PRIMS), java.util.Collections.singletonList(want.dims().get(0))), Math.min(d, 1));
        String x = fresh("x");
        Env inner = lambdaEnv(env);
        ScalarType row = src.type().elem();
        inner.vars.add(new Var(x, GenType.scalar(row), false));
        Node body = scalar(inner, want.elem(), Math.min(d, 3));
        GenType got = new GenType(want.elem(), java.util.Collections.singletonList(src.type().dims().get(0)));
        if (chance(0.5)) {
          return new G(Node.of(ty, "(" + lib.name("via") + " (\\(" + x + ": " + row.futharkName() + ") -> $) $)", body, src.node()), got);
        }
        String f = fresh("fn");
        return new G(Node.of(ty, "(let " + f + " (" + x + ": " + row.futharkName() + ") : " + want.elem().futharkName() + " = $ in map "
            + f + " $)", body, src.node()), got);
      }
      case 3 -> {
        if (want.rank() != 1 || want.dims().get(0) != null) return null;
        G arr = array(env, want, d);
        return new G(Node.of(ty, "(" + lib.name("snoc") + " $ ($))", arr.node(), scalar(env, want.elem(), d)), arr.type().outerUnknown());
      }
      case 4 -> {
        if (want.dims().get(0) != null) return null;
        G arr = array(env, want, d);
        return new G(Node.of(ty, "(" + lib.name("dup") + " $)", arr.node()), arr.type().outerUnknown());
      }
      case 5 -> {
        if (want.rank() != 1 || want.elem() != ScalarType.I64) return null;
        String outer = want.dims().get(0);
        List<Var> srcs = arrays(env).stream().filter(v -> !v.owned() && (outer == null || outer.equals(v.type().dims().get(0))))
            .toList();
        if (srcs.isEmpty()) return null;
        Var v = pick(srcs);
        return new G(Node.leaf(ty, "(" + lib.name("iota_like") + " " + v.name() + ")"),
            new GenType(ScalarType.I64, java.util.Collections.singletonList(v.type().dims().get(0))));
      }
      default -> {
        return loopTwo(env, want, d);
      }
    }
  }

  /**
   * A loop with two array parameters: one updated in place (reading the other), the other mapped
   * (not reading the first, which the same iteration consumes).
   */
  private G loopTwo(Env env, GenType want, int d) {
    if (want.rank() != 1) return null;
    G a0 = array(env, want, d);
    G b0 = array(env, new GenType(pick(PRIMS), dimsFor(env, 1)), d);
    String ia = fresh("init"), ib = fresh("init"), a = fresh("acc"), b = fresh("acc"), i = fresh("ix");
    GenType at = a0.type().withDims(java.util.Collections.singletonList(null));
    GenType bt = b0.type().withDims(java.util.Collections.singletonList(null));
    Env ea = lambdaEnv(env);
    ea.vars.add(new Var(i, GenType.scalar(ScalarType.I64), false));
    ea.vars.add(new Var(a, at, false));
    ea.vars.add(new Var(b, bt, false));
    String x = fresh("x");
    Env eb = lambdaEnv(env);
    eb.vars.add(new Var(i, GenType.scalar(ScalarType.I64), false));
    eb.vars.add(new Var(b, bt, false));
    eb.vars.add(new Var(x, GenType.scalar(bt.elem()), false));
    boolean known = a0.type().dims().get(0) != null;
    String sized = known ? " :> " + a0.type().decl() : "";
    return new G(Node.of(want.text(), "((let (" + ia + ", " + ib + ") = (copy ($), copy ($)) in (loop (" + a + ", " + b + ") = ("
        + ia + ", " + ib + ") for " + i + " < " + loopBound(env).render() + " do (" + a + " with [" + i + " % i64.max 1 (length "
        + a + ")] = $, map (\\" + x + " -> $) " + b + ")).0)" + sized + ")",
        a0.node(), b0.node(), scalar(ea, want.elem(), Math.min(d, 2)), scalar(eb, bt.elem(), Math.min(d, 2))),
        known ? a0.type() : at);
  }

  /** A statement made with the library: a size bound by a pattern, a record of arrays, an unzip. */
  private Node libStmt(Env env, List<Var> bound) {
    switch (rnd.nextInt(3)) {
      case 0 -> {
        // let [m] (v: [m]t) = e: the size is named from here on.
        if (bigSize != null) return null;
        ScalarType t = pick(PRIMS);
        G src = array(env, new GenType(t, java.util.Collections.singletonList(null)), 2);
        String m = fresh("m"), v = fresh("v");
        GenType vt = new GenType(t, List.of(m));
        env.sizes.add(m);
        env.vars.add(new Var(m, GenType.scalar(ScalarType.I64), false));
        Var var = new Var(v, vt, false);
        env.vars.add(var);
        bound.add(var);
        return Node.of("", "  let [" + m + "] (" + v + ": " + vt.decl() + ") = $\n", src.node());
      }
      case 1 -> {
        G x = array(env, new GenType(pick(PRIMS), dimsFor(env, 1 + rnd.nextInt(2))), 2);
        G y = array(env, new GenType(pick(PRIMS), dimsFor(env, 1)), 2);
        String r = fresh("r");
        env.vars.add(new Var(r + ".xs", x.type(), false));
        env.vars.add(new Var(r + ".ys", y.type(), false));
        return Node.of("", "  let " + r + " = {xs = $, ys = $}\n", x.node(), y.node());
      }
      default -> {
        List<Var> srcs = arrays(env);
        if (srcs.isEmpty()) return null;
        Var src = pick(srcs);
        ScalarType t1 = pick(PRIMS), t2 = pick(PRIMS);
        String x = fresh("x"), u = fresh("v"), w = fresh("v");
        Env inner = lambdaEnv(env);
        inner.vars.add(new Var(x, src.type().row(), false));
        String dim = src.type().dims().get(0);
        Var uv = new Var(u, new GenType(t1, java.util.Collections.singletonList(dim)), false);
        Var wv = new Var(w, new GenType(t2, java.util.Collections.singletonList(dim)), false);
        Node n = Node.of("", "  let (" + u + ", " + w + ") = unzip (map (\\" + x + " -> ($, $)) " + src.name() + ")\n",
            scalar(inner, t1, 2), scalar(inner, t2, 2));
        env.vars.add(uv);
        env.vars.add(wv);
        bound.add(uv);
        bound.add(wv);
        return n;
      }
    }
  }
}
