package io.github.futhark4j.compiler.opt;

import io.github.futhark4j.compiler.core.Atom;
import io.github.futhark4j.compiler.core.Body;
import io.github.futhark4j.compiler.core.Effects;
import io.github.futhark4j.compiler.core.Exp;
import io.github.futhark4j.compiler.core.FreeVars;
import io.github.futhark4j.compiler.core.IrType;
import io.github.futhark4j.compiler.core.Lambda;
import io.github.futhark4j.compiler.core.Plan;
import io.github.futhark4j.compiler.core.Program;
import io.github.futhark4j.compiler.core.Rewrite;
import io.github.futhark4j.compiler.core.Sequences;
import io.github.futhark4j.compiler.core.Stm;
import io.github.futhark4j.compiler.typed.PrimType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Chooses how each operator runs, the last pass: marks statements with a {@link Plan} that code
 * generation obeys.
 *
 * <ul>
 *   <li>{@code #[virtual]} on an {@code iota} or a range used only as an input array of map,
 *       reduce or scan (or of a histogram with a map function), by its size and by indexing single
 *       elements ({@link Sequences#onlyIndexed}): never materialised, its elements are computed from
 *       their index;
 *       on a {@code replicate} of a scalar used only as an input array read row by row (e.g. the
 *       ones of a counting histogram): every row is the value; on a {@code transpose b} read only
 *       as a column input of maps of redomaps (and by {@code shape}): the interchanged kernel reads
 *       b itself.</li>
 *   <li>{@code #[interchange]} on a map of a map of a redomap ({@link #nest}, matrix
 *       multiplication), or on a map of a redomap ({@link #inner}) one of whose column inputs is a
 *       virtual transpose: the k loop runs outside a vector of j accumulators.</li>
 *   <li>{@code #[lanes]} on a map whose body is a scalar while loop ({@link #lanes}): blocks of
 *       elements iterate together, lane-masked.</li>
 *   <li>{@code #[direct-row]} on the last statement of a map's lambda when it is a map with one
 *       scalar result ({@link #directInner}) whose width is known before the outer loop
 *       ({@link #directWidth}): it writes its elements straight into the outer map's row.</li>
 * </ul>
 *
 * The shapes it recognises are public: code generation reads them off the statements it marked
 * ({@link #nest}, {@link #inner}, {@link #lanes}, {@link #directWidth}) to emit them. Since
 * names are unique, a decision about a variable holds wherever the variable is seen.
 */
public final class Schedule {
  /** What the pass does, in one line ({@code futhark4j dev --steps} prints it). */
  public static final String DESCRIPTION =
      "marks how each operator runs: #[virtual] iotas, ranges, replicates and transposes, #[interchange] map-of-redomap nests, #[lanes] maps of scalar while loops, #[direct-row] inner maps writing into their outer map's rows";

  private Schedule() {}

  /**
   * At most this many column inputs of an interchanged redomap: each needs a packed panel on the
   * stack of the worker thread (at most 128 KiB in all).
   */
  public static final int MAX_COLUMN_INPUTS = 4;

  public static Program program(Program p) {
    return Rewrite.bodies(p, b -> new Run().body(b));
  }

  /** The plans of one entry point: the virtual transposes seen so far (enclosing bodies' included). */
  private static final class Run {
    private final Set<String> virtualTransposes = new HashSet<>();

    Body body(Body b) {
      List<Stm> stms = b.stms();
      Set<Integer> transposes = virtualTransposes(b);
      for (int i : transposes) virtualTransposes.add(stms.get(i).pattern().get(0).name());
      List<Stm> out = new ArrayList<>();
      for (int i = 0; i < stms.size(); i++) out.add(stm(stms.get(i), b, transposes.contains(i)));
      return new Body(out, b.results());
    }

    private Stm stm(Stm s, Body b, boolean virtualTranspose) {
      Set<Plan> plan = EnumSet.noneOf(Plan.class);
      String x = s.pattern().isEmpty() ? null : s.pattern().get(0).name();
      Exp e;
      switch (s.exp()) {
        case Exp.Iota io -> {
          if (s.pattern().size() == 1 && Sequences.onlyIndexed(x, b)) plan.add(Plan.VIRTUAL);
          e = io;
        }
        case Exp.Range r -> {
          if (s.pattern().size() == 1 && Sequences.onlyIndexed(x, b)) plan.add(Plan.VIRTUAL);
          e = r;
        }
        case Exp.Replicate r -> {
          if (s.pattern().size() == 1 && s.pattern().get(0).type().rank() == 1 && !r.value().type().isArray()
              && onlyRowInput(x, b) >= 0) {
            plan.add(Plan.VIRTUAL);
          }
          e = r;
        }
        case Exp.Transpose t -> {
          if (virtualTranspose) plan.add(Plan.VIRTUAL);
          e = t;
        }
        case Exp.Map m -> {
          if (interchanged(m)) plan.add(Plan.INTERCHANGE);
          else if (lanes(m) != null) plan.add(Plan.LANES);
          Lambda f = new Lambda(m.f().params(), body(m.f().body()));
          if (plan.isEmpty()) f = directRow(f, m.arrays());
          e = new Exp.Map(m.width(), f, m.arrays());
        }
        default -> e = Rewrite.exp(s.exp(), a -> a, this::body);
      }
      return new Stm(s.pattern(), e, plan);
    }

    /**
     * A map is interchanged when it is a {@link #nest}, or an {@link #inner} map one of whose
     * column inputs is a virtual transpose (a single map over j gains nothing from the interchange
     * when its rows are contiguous already, but must read a virtual transpose through its source).
     */
    private boolean interchanged(Exp.Map m) {
      if (nest(m) != null) return true;
      Inner in = inner(m);
      return in != null && in.inputs().stream().anyMatch(x -> x.column() && virtualTransposes.contains(x.array().name()));
    }

    /**
     * {@code f} with its last statement marked {@code #[direct-row]} when the map over its rows
     * can allocate its result at once and let that inner map write each row in place: the rows
     * are arrays computed by {@link #directInner}, of a width {@link #directWidth} knows before the
     * loop, and the inner map is not interchanged.
     */
    private static Lambda directRow(Lambda f, List<Atom> arrays) {
      if (f.returnTypes().stream().noneMatch(IrType::isArray)) return f;
      Stm inner = directInner(f);
      if (inner == null || inner.has(Plan.INTERCHANGE)
          || directWidth(f, arrays, ((Exp.Map) inner.exp()).width()) == null) return f;
      List<Stm> stms = new ArrayList<>(f.body().stms());
      stms.set(stms.size() - 1, inner.with(Plan.DIRECT_ROW));
      return new Lambda(f.params(), new Body(stms, f.body().results()));
    }
  }

  // ---- virtual iotas, ranges and replicates -------------------------------------------------

  /**
   * The index of the one statement of {@code b} using {@code v}, when every use is as an input
   * array read row by row (the arrays of map, reduce, scan and hist), else -1.
   */
  public static int onlyRowInput(String v, Body b) {
    for (Atom a : b.results()) if (a instanceof Atom.Var x && x.name().equals(v)) return -1;
    int found = -1;
    for (int i = 0; i < b.stms().size(); i++) {
      Exp e = b.stms().get(i).exp();
      if (!FreeVars.ofExp(e).contains(v)) continue;
      List<Atom> others = new ArrayList<>();
      List<Lambda> lams = new ArrayList<>();
      switch (e) {
        case Exp.Hist h -> {
          others.add(h.width()); others.addAll(h.nes()); others.addAll(h.dests());
          lams.add(h.op());
          if (h.mapf() != null) lams.add(h.mapf());
        }
        case Exp.Map m -> { others.add(m.width()); lams.add(m.f()); }
        case Exp.Reduce r -> {
          others.add(r.width()); others.addAll(r.nes()); lams.add(r.op());
          if (r.mapf() != null) lams.add(r.mapf());
        }
        case Exp.Scan sc -> {
          others.add(sc.width()); others.addAll(sc.nes()); lams.add(sc.op());
          if (sc.mapf() != null) lams.add(sc.mapf());
          if (sc.postf() != null) lams.add(sc.postf());
        }
        default -> { return -1; }
      }
      for (Atom a : others) if (a instanceof Atom.Var x && x.name().equals(v)) return -1;
      for (Lambda l : lams) if (FreeVars.ofBody(l.body()).contains(v)) return -1;
      found = i;
    }
    return found;
  }

  // ---- scalar code --------------------------------------------------------------------------

  /**
   * Whether every statement of {@code b} is straight-line scalar code that cannot fail (no arrays,
   * loops, SOACs or checks), so it can be evaluated speculatively (for lanes or columns whose
   * result is thrown away) and inside an {@code omp simd} loop.
   */
  public static boolean scalarBody(Body b) { return scalarBody(b, Schedule::scalarStm); }

  public static boolean scalarLambda(Lambda l) { return scalarLambda(l, Schedule::scalarStm); }

  private static boolean scalarBody(Body b, java.util.function.Predicate<Stm> stm) {
    for (Stm s : b.stms()) if (!stm.test(s)) return false;
    return b.results().stream().noneMatch(a -> a.type().isArray() || a.type().elem() == PrimType.F16);
  }

  private static boolean scalarLambda(Lambda l, java.util.function.Predicate<Stm> stm) {
    return l.params().stream().noneMatch(p -> p.type().isArray() || p.type().elem() == PrimType.F16) && scalarBody(l.body(), stm);
  }

  /**
   * As {@link #scalarLambda}, but the body may also read elements of arrays at indices proven in
   * range ({@link Bounds}: an {@link Exp.Index} without a span): still straight-line code that
   * cannot fail, for a map's {@code omp simd} loop (not for lanes or columns, which evaluate
   * code speculatively with indices of their own).
   */
  public static boolean scalarLambdaReading(Lambda l) {
    return scalarLambda(l, s -> scalarStm(s) || s.exp() instanceof Exp.Index ix && ix.span() == null
        && ix.indices().size() == ix.array().type().rank() && ix.array().type().elem() != PrimType.F16
        && s.pattern().size() == 1 && !s.pattern().get(0).type().isArray());
  }

  public static boolean scalarStm(Stm s) {
    // f16 is rounded after every operation by engine calls; keep it on the ordinary path.
    if (s.pattern().stream().anyMatch(v -> v.type().isArray() || v.type().elem() == PrimType.F16)) return false;
    if (Effects.mayFail(s.exp())) return false;
    return switch (s.exp()) {
      case Exp.AtomE a -> !a.atom().type().isArray();
      case Exp.BinOp b -> b.type() != PrimType.F16;
      case Exp.UnOp u -> u.type() != PrimType.F16;
      case Exp.Convert c -> c.x().type().elem() != PrimType.F16;
      case Exp.PrimCall p -> p.args().stream().noneMatch(a -> a.type().isArray() || a.type().elem() == PrimType.F16);
      case Exp.If i -> scalarBody(i.then()) && scalarBody(i.otherwise());
      default -> false;
    };
  }

  // ---- interchange --------------------------------------------------------------------------

  /**
   * One input array of the redomap: {@code param >= 0} for the rows of the map's array
   * {@code array} (element k of row j is {@code array[j][k]}: a column input), else an array
   * invariant in j (element k is {@code array[k]}, or {@code A[i][k]} when it is the row of an
   * enclosing map over A).
   */
  public record Input(int param, Atom.Var array) {
    public boolean column() { return param >= 0; }
  }

  /** {@code map width (arrays) (\params -> pre; reduce red)}. */
  public record Inner(Exp.Map map, List<Stm> pre, Exp.Reduce red, List<Input> inputs) {}

  /** {@code map width (arrays) (\params -> pre; inner)}. */
  public record Nest(Exp.Map outer, List<Stm> pre, Inner inner) {}

  private static Set<String> names(List<Atom.Var> vs) {
    Set<String> s = new HashSet<>();
    for (Atom.Var v : vs) s.add(v.name());
    return s;
  }

  private static boolean mentions(Atom a, Set<String> vs) {
    return a instanceof Atom.Var v && vs.contains(v.name());
  }

  /** Statements that are the same for every row: shapes, non-failing scalar code and assertions. */
  private static boolean invariantPre(List<Stm> pre, Set<String> params) {
    for (Stm s : pre) {
      if (s.exp() instanceof Exp.Shape) continue; // every row of a regular array has the same shape
      if (!(s.exp() instanceof Exp.Assert) && !scalarStm(s)) return false;
      if (!Collections.disjoint(FreeVars.ofExp(s.exp()), params)) return false;
    }
    return true;
  }

  private static Set<String> lambdaFree(Lambda l) {
    if (l == null) return Set.of();
    Set<String> s = new HashSet<>(FreeVars.ofBody(l.body()));
    s.removeAll(names(l.params()));
    return s;
  }

  /**
   * The expression of the last statement of {@code f} when the lambda's one result is that
   * statement's one variable ({@code \... -> pre; let x = e in x}); null otherwise.
   */
  private static Exp tail(Lambda f) {
    List<Stm> stms = f.body().stms();
    if (stms.isEmpty() || f.body().results().size() != 1) return null;
    Stm last = stms.get(stms.size() - 1);
    return last.pattern().size() == 1 && f.body().results().get(0).equals(last.pattern().get(0)) ? last.exp() : null;
  }

  /**
   * The map over j of a redomap over k, or null: one scalar (non-f16) accumulator, an operator
   * and map function of {@link #scalarLambda scalar code}, statements before the reduction that
   * are the same for every j, and between one and {@link #MAX_COLUMN_INPUTS} column inputs.
   */
  public static Inner inner(Exp.Map m) {
    Lambda f = m.f();
    if (!(tail(f) instanceof Exp.Reduce r)) return null;
    List<Stm> stms = f.body().stms();
    if (r.nes().size() != 1 || r.nes().get(0).type().isArray() || r.nes().get(0).type().elem() == PrimType.F16) return null;
    if (!scalarLambda(r.op())) return null;
    if (r.mapf() == null ? r.arrays().size() != 1 : !scalarLambda(r.mapf()) || r.mapf().returnTypes().size() != 1) {
      return null;
    }
    Set<String> params = names(f.params());
    List<Stm> pre = stms.subList(0, stms.size() - 1);
    if (!invariantPre(pre, params)) return null;
    if (!Collections.disjoint(lambdaFree(r.op()), params) || !Collections.disjoint(lambdaFree(r.mapf()), params)) return null;
    if (mentions(r.width(), params) || mentions(r.nes().get(0), params)) return null;
    List<Input> inputs = new ArrayList<>();
    for (Atom a : r.arrays()) {
      if (!(a instanceof Atom.Var v) || v.type().rank() != 1 || v.type().elem() == PrimType.F16) return null;
      int p = f.params().indexOf(v);
      if (p >= 0) {
        if (!(m.arrays().get(p) instanceof Atom.Var x) || x.type().rank() != 2) return null;
        inputs.add(new Input(p, x));
      } else {
        inputs.add(new Input(-1, v));
      }
    }
    long columns = inputs.stream().filter(Input::column).count();
    return columns >= 1 && columns <= MAX_COLUMN_INPUTS ? new Inner(m, List.copyOf(pre), r, inputs) : null;
  }

  /** A map over i whose body is (invariant statements and) an {@link #inner} map, or null. */
  public static Nest nest(Exp.Map m) {
    Lambda f = m.f();
    if (!(tail(f) instanceof Exp.Map im)) return null;
    List<Stm> stms = f.body().stms();
    Inner in = inner(im);
    if (in == null) return null;
    Set<String> params = names(f.params());
    List<Stm> pre = stms.subList(0, stms.size() - 1);
    if (!invariantPre(pre, params) || !invariantPre(in.pre(), params)) return null;
    Exp.Reduce r = in.red();
    if (!Collections.disjoint(lambdaFree(r.op()), params) || !Collections.disjoint(lambdaFree(r.mapf()), params)) return null;
    if (mentions(im.width(), params) || mentions(r.width(), params) || mentions(r.nes().get(0), params)) return null;
    for (Atom a : im.arrays()) if (mentions(a, params)) return null;
    for (Input x : in.inputs()) {
      if (x.column()) continue;
      int q = f.params().indexOf(x.array());
      if (q >= 0 && !(m.arrays().get(q) instanceof Atom.Var av && av.type().rank() == 2)) return null;
    }
    return new Nest(m, List.copyOf(pre), in);
  }

  /**
   * The statements {@code let t = transpose b} (rank 2) of {@code b} that are virtual: every later
   * use of t in {@code b} is as an input array of an {@link #inner} map (or in {@code shape}).
   * Code generation keeps b alive as long as t is used, so an in-place update of b cannot
   * overwrite what the kernel still reads.
   */
  private static Set<Integer> virtualTransposes(Body b) {
    Set<Integer> out = new HashSet<>();
    List<Stm> stms = b.stms();
    for (int i = 0; i < stms.size(); i++) {
      Stm s = stms.get(i);
      if (!(s.exp() instanceof Exp.Transpose t) || s.pattern().size() != 1 || s.pattern().get(0).type().rank() != 2
          || !(t.array() instanceof Atom.Var)) continue;
      String x = s.pattern().get(0).name();
      if (b.results().stream().anyMatch(a -> mentions(a, Set.of(x)))) continue;
      boolean ok = true;
      for (int j = i + 1; j < stms.size() && ok; j++) ok = onlyColumns(x, stms.get(j).exp());
      if (ok) out.add(i);
    }
    return out;
  }

  private static boolean onlyColumns(String t, Exp e) {
    if (e instanceof Exp.Shape) return true;
    if (e instanceof Exp.Map m && inner(m) != null) return true; // t can only be an input array there
    boolean[] ok = {true};
    Rewrite.exp(e, a -> {
      if (mentions(a, Set.of(t))) ok[0] = false;
      return a;
    }, body -> {
      for (Stm s : body.stms()) if (!onlyColumns(t, s.exp())) ok[0] = false;
      if (body.results().stream().anyMatch(a -> mentions(a, Set.of(t)))) ok[0] = false;
      return body;
    });
    return ok[0];
  }

  // ---- lanes --------------------------------------------------------------------------------

  /** The lambda of a {@link #lanes} map split around its while loop. */
  public record Lanes(List<Stm> before, Stm loop, List<Stm> after) {}

  private static boolean scalar(IrType t) {
    return !t.isArray() && t.elem() != PrimType.F16;
  }

  /**
   * The shape of a map whose body runs a data-dependent {@code loop ... while} over scalar loop
   * variables, with only {@link #scalarStm scalar code} around it and in its condition and body
   * (which are evaluated for stopped lanes too and thrown away); null otherwise.
   */
  public static Lanes lanes(Exp.Map m) {
    Lambda f = m.f();
    if (!f.params().stream().allMatch(p -> scalar(p.type())) || !f.returnTypes().stream().allMatch(Schedule::scalar)) return null;
    List<Stm> stms = f.body().stms();
    int at = -1;
    for (int k = 0; k < stms.size(); k++) {
      Stm s = stms.get(k);
      if (s.exp() instanceof Exp.Loop l) {
        if (at >= 0 || !(l.form() instanceof Exp.LoopForm.While w)) return null;
        if (!l.params().stream().allMatch(p -> scalar(p.type()))) return null;
        if (!scalarBody(w.cond()) || !scalarBody(l.body())) return null;
        at = k;
      } else if (!scalarStm(s)) {
        return null;
      }
    }
    if (at < 0) return null;
    return new Lanes(stms.subList(0, at), stms.get(at), stms.subList(at + 1, stms.size()));
  }

  // ---- direct rows --------------------------------------------------------------------------

  /**
   * The statement computing the only result of {@code f} when that result is one-dimensional and
   * computed by the body's last statement, a map with one scalar result; otherwise null.
   */
  public static Stm directInner(Lambda f) {
    List<Stm> stms = f.body().stms();
    if (f.body().results().size() != 1 || stms.isEmpty()) return null;
    Stm last = stms.get(stms.size() - 1);
    if (!(last.exp() instanceof Exp.Map im) || last.pattern().size() != 1) return null;
    if (!(f.body().results().get(0) instanceof Atom.Var r) || !r.name().equals(last.pattern().get(0).name())) return null;
    if (r.type().rank() != 1 || im.f().returnTypes().size() != 1 || im.f().returnTypes().get(0).isArray()) return null;
    return last;
  }

  /**
   * The width of a {@link #directInner} map as known before the outer loop: {@code width} itself
   * when it is a constant or bound outside {@code f}, or dimension {@code dim} of the outer array
   * {@code array} a row parameter comes from.
   */
  public record RowWidth(Atom width, Atom array, int dim) {}

  /**
   * The {@link RowWidth} of the inner map of {@link #directInner} ({@code map (\row -> map g row)
   * a}: rows of a regular array all have a's inner size); null when it depends on the iteration.
   */
  public static RowWidth directWidth(Lambda f, List<Atom> arrays, Atom width) {
    if (!(width instanceof Atom.Var w)) return new RowWidth(width, null, 0);
    for (Atom.Var p : f.params()) if (p.name().equals(w.name())) return null;
    for (Stm s : f.body().stms()) {
      for (Atom.Var v : s.pattern()) {
        if (!v.name().equals(w.name())) continue;
        if (s.exp() instanceof Exp.Shape sh && sh.array() instanceof Atom.Var a) {
          int k = f.params().stream().map(Atom.Var::name).toList().indexOf(a.name());
          if (k >= 0 && arrays.get(k).type().rank() >= sh.dim() + 2) return new RowWidth(null, arrays.get(k), sh.dim() + 1);
        }
        return null;
      }
    }
    return new RowWidth(width, null, 0);
  }
}
