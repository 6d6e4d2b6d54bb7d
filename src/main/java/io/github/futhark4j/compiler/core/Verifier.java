package io.github.futhark4j.compiler.core;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks the IR's invariants: every variable is bound once and before use with a consistent type,
 * patterns match what their expressions produce, branches and loop bodies agree with their
 * results, SOAC lambdas take the rows of their arrays, and calls fit the functions they call (arguments,
 * consumption and results; a function's body returns its declared results). A failure is a compiler bug; the
 * message names the pass after which it was found.
 */
public final class Verifier {
  private final String pass;
  private final Set<String> everBound = new HashSet<>();
  /** The program's functions, by name (calls are checked against them). */
  private final Map<String, Program.Function> functions = new HashMap<>();

  private Verifier(String pass) { this.pass = pass; }

  /** Thrown when the IR breaks an invariant: a bug in the named pass, never a user error. */
  public static final class IrException extends RuntimeException {
    public IrException(String msg) { super(msg); }
  }

  public static void verify(Program p, String pass) {
    Verifier v = new Verifier(pass);
    for (Program.Function f : p.functions()) {
      if (v.functions.put(f.name(), f) != null) throw v.fail("function " + f.name() + " defined twice");
    }
    for (Program.Function f : p.functions()) {
      Map<String, IrType> scope = new HashMap<>();
      for (Atom.Var x : f.params()) v.bind(scope, x);
      v.body(f.body(), scope);
      if (!f.body().resultTypes().equals(f.results())) {
        throw v.fail("function " + f.name() + " returns " + f.body().resultTypes() + " but is declared to return " + f.results());
      }
    }
    for (Program.Entry e : p.entries()) {
      Map<String, IrType> scope = new HashMap<>();
      for (Atom.Var x : e.params()) v.bind(scope, x);
      v.body(e.body(), scope);
    }
  }

  public static void verifyBody(Body b, List<Atom.Var> inScope, String pass) {
    Verifier v = new Verifier(pass);
    Map<String, IrType> scope = new HashMap<>();
    for (Atom.Var x : inScope) v.bind(scope, x);
    v.body(b, scope);
  }

  private IrException fail(String msg) {
    return new IrException("IR invariant broken after pass '" + pass + "': " + msg);
  }

  private void bind(Map<String, IrType> scope, Atom.Var v) {
    if (!everBound.add(v.name())) throw fail("variable " + v.name() + " bound twice");
    scope.put(v.name(), v.type());
  }

  private void atom(Atom a, Map<String, IrType> scope) {
    if (a instanceof Atom.Var v) {
      IrType t = scope.get(v.name());
      if (t == null) throw fail("variable " + v.name() + " used out of scope");
      if (!t.equals(v.type())) throw fail("variable " + v.name() + " used at type " + v.type() + " but bound at " + t);
    }
  }

  private void atoms(List<Atom> as, Map<String, IrType> scope) {
    for (Atom a : as) atom(a, scope);
  }

  private void body(Body b, Map<String, IrType> outer) {
    Map<String, IrType> scope = new HashMap<>(outer);
    for (int k = 0; k < b.stms().size(); k++) {
      Stm s = b.stms().get(k);
      plan(s, b, k);
      exp(s.exp(), scope);
      List<IrType> ts = Typing.typesOf(s.exp());
      if (ts.size() != s.pattern().size()) {
        throw fail("pattern of " + s.pattern().size() + " for expression of " + ts.size() + " values: " + s);
      }
      for (int i = 0; i < ts.size(); i++) {
        if (!ts.get(i).equals(s.pattern().get(i).type())) {
          throw fail("pattern type " + s.pattern().get(i).type() + " but expression gives " + ts.get(i) + ": " + s);
        }
      }
      for (Atom.Var v : s.pattern()) bind(scope, v);
    }
    atoms(b.results(), scope);
  }

  private void lambda(Lambda l, List<IrType> paramTypes, Map<String, IrType> outer, String what) {
    if (l.params().size() != paramTypes.size()) {
      throw fail(what + " lambda takes " + l.params().size() + " parameters, expected " + paramTypes.size());
    }
    Map<String, IrType> scope = new HashMap<>(outer);
    for (int i = 0; i < paramTypes.size(); i++) {
      if (!l.params().get(i).type().equals(paramTypes.get(i))) {
        throw fail(what + " lambda parameter " + l.params().get(i) + " has type " + l.params().get(i).type()
            + ", expected " + paramTypes.get(i));
      }
      bind(scope, l.params().get(i));
    }
    body(l.body(), scope);
  }

  private static List<IrType> rows(List<Atom> arrays) {
    return arrays.stream().map(a -> a.type().row()).toList();
  }

  private static List<IrType> types(List<Atom> as) {
    return as.stream().map(Atom::type).toList();
  }

  private void scalarI64(Atom a, String what) {
    if (!(a.type() instanceof IrType.Scalar s) || s.elem() != io.github.futhark4j.compiler.typed.PrimType.I64) {
      throw fail(what + " must be i64, is " + a.type());
    }
  }

  private void exp(Exp e, Map<String, IrType> scope) {
    FreeVars.exp(e, new java.util.ArrayList<>()); // structural walk; scope checks below
    switch (e) {
      case Exp.If i -> {
        atom(i.cond(), scope);
        body(i.then(), scope);
        body(i.otherwise(), scope);
        if (!i.then().resultTypes().equals(i.otherwise().resultTypes())) {
          throw fail("if branches return " + i.then().resultTypes() + " and " + i.otherwise().resultTypes());
        }
      }
      case Exp.Loop l -> {
        atoms(l.inits(), scope);
        if (!types(l.inits()).equals(l.params().stream().map(Atom::type).toList())) {
          throw fail("loop initial values do not match its parameters");
        }
        Map<String, IrType> inner = new HashMap<>(scope);
        for (Atom.Var p : l.params()) bind(inner, p);
        switch (l.form()) {
          case Exp.LoopForm.For f -> { atom(f.bound(), scope); bind(inner, f.index()); }
          case Exp.LoopForm.While w -> body(w.cond(), inner);
        }
        body(l.body(), inner);
        if (!l.body().resultTypes().equals(l.params().stream().map(Atom::type).toList())) {
          throw fail("loop body returns " + l.body().resultTypes() + " for parameters " + l.params());
        }
      }
      case Exp.Map m -> {
        atom(m.width(), scope);
        scalarI64(m.width(), "map width");
        atoms(m.arrays(), scope);
        Stm saved = directRow;
        List<Stm> fs = m.f().body().stms();
        Stm last = fs.isEmpty() ? null : fs.get(fs.size() - 1);
        directRow = last != null && last.exp() instanceof Exp.Map && last.pattern().size() == 1
            && m.f().body().results().equals(List.of(last.pattern().get(0))) ? last : null;
        lambda(m.f(), rows(m.arrays()), scope, "map");
        directRow = saved;
      }
      case Exp.Reduce r -> {
        atoms(r.nes(), scope);
        atoms(r.arrays(), scope);
        List<IrType> elems = rows(r.arrays());
        if (r.mapf() != null) {
          lambda(r.mapf(), elems, scope, "reduce map");
          elems = r.mapf().returnTypes();
        }
        redOp(r.op(), r.nes(), elems, scope);
      }
      case Exp.Scan s -> {
        atoms(s.nes(), scope);
        atoms(s.arrays(), scope);
        List<IrType> elems = rows(s.arrays());
        if (s.mapf() != null) {
          lambda(s.mapf(), elems, scope, "scan map");
          elems = s.mapf().returnTypes();
        }
        redOp(s.op(), s.nes(), elems, scope);
        if (s.postf() != null) {
          lambda(s.postf(), s.scannedTypes(), scope, "scan post map");
          if (s.postf().returnTypes().stream().anyMatch(IrType::isArray)) {
            throw fail("a scan's post map returns arrays: " + s.postf().returnTypes());
          }
        }
      }
      case Exp.Filter f -> {
        atoms(f.arrays(), scope);
        lambda(f.pred(), rows(f.arrays()), scope, "filter");
      }
      case Exp.Partition p -> {
        atom(p.width(), scope);
        scalarI64(p.width(), "partition width");
        atom(p.k(), scope);
        scalarI64(p.k(), "partition class count");
        atoms(p.arrays(), scope);
        lambda(p.cls(), rows(p.arrays()), scope, "partition");
        if (!p.cls().returnTypes().equals(List.of(new IrType.Scalar(io.github.futhark4j.compiler.typed.PrimType.I64)))) {
          throw fail("partition classes are " + p.cls().returnTypes() + ", expected [i64]");
        }
      }
      case Exp.Hist h -> {
        atom(h.width(), scope);
        atoms(h.nes(), scope);
        atoms(h.dests(), scope);
        atoms(h.arrays(), scope);
        List<IrType> elems = rows(h.arrays());
        if (h.mapf() != null) {
          lambda(h.mapf(), elems, scope, "hist map");
          elems = h.mapf().returnTypes();
        }
        if (elems.isEmpty() || !elems.get(0).equals(new IrType.Scalar(io.github.futhark4j.compiler.typed.PrimType.I64))) {
          throw fail("hist elements " + elems + " do not start with an i64 index");
        }
        redOp(h.op(), h.nes(), elems.subList(1, elems.size()), scope);
      }
      case Exp.Call c -> {
        atoms(c.args(), scope);
        Program.Function f = functions.get(c.fn());
        if (f == null) throw fail("call of unknown function " + c.fn());
        if (!types(c.args()).equals(f.params().stream().map(Atom::type).toList())) {
          throw fail("call of " + c.fn() + " with arguments " + types(c.args()) + " for parameters " + f.params());
        }
        if (!c.consumed().equals(f.consumed())) throw fail("call of " + c.fn() + " consumes " + c.consumed() + ", its parameters " + f.consumed());
        if (!c.results().equals(f.results())) throw fail("call of " + c.fn() + " returns " + c.results() + ", the function " + f.results());
      }
      default -> {
        List<Atom.Var> free = new java.util.ArrayList<>();
        FreeVars.exp(e, free);
        for (Atom.Var v : free) atom(v, scope);
      }
    }
  }

  // ---- plans (opt.Schedule) ----------------------------------------------------------------

  /** The statement that may be {@code #[direct-row]}: the last of the lambda of the map being verified. */
  private Stm directRow;

  /**
   * Checks statement {@code k} of {@code b} against its plan: each plan on the expressions it is
   * for, a virtual iota or range used only as {@link Sequences#onlyIndexed} allows, a virtual
   * replicate only as an input array of SOACs (read row by row), a
   * virtual transpose only by {@code shape} and as an input array of maps, a direct row only as
   * the result of a map's lambda.
   */
  private void plan(Stm s, Body b, int k) {
    if (s.plan().isEmpty()) return;
    if (s.has(Plan.INTERCHANGE) && s.has(Plan.LANES) || s.has(Plan.INTERCHANGE) && s.has(Plan.DIRECT_ROW)) {
      throw fail("conflicting plans " + s.plan() + ": " + s);
    }
    for (Plan p : s.plan()) {
      boolean ok = switch (p) {
        case VIRTUAL -> s.pattern().size() == 1 && (s.exp() instanceof Exp.Iota || s.exp() instanceof Exp.Range
            || s.exp() instanceof Exp.Replicate r && !r.value().type().isArray() && s.pattern().get(0).type().rank() == 1
            || s.exp() instanceof Exp.Transpose && s.pattern().get(0).type().rank() == 2);
        case INTERCHANGE, LANES -> s.exp() instanceof Exp.Map;
        case KERNEL -> (s.exp() instanceof Exp.Map || s.exp() instanceof Exp.Reduce || s.exp() instanceof Exp.Scan
                        || s.exp() instanceof Exp.Hist || s.exp() instanceof Exp.Scatter || s.exp() instanceof Exp.Filter
                        || s.exp() instanceof Exp.Partition)
            && s.plan().size() == 1;
        case DIRECT_ROW -> s == directRow;
      };
      if (!ok) throw fail("plan " + p.label + " on " + s);
    }
    if (!s.has(Plan.VIRTUAL)) return;
    String x = s.pattern().get(0).name();
    if (s.exp() instanceof Exp.Iota || s.exp() instanceof Exp.Range) {
      if (!Sequences.onlyIndexed(x, new Body(b.stms().subList(k + 1, b.stms().size()), b.results()))) {
        throw fail("virtual " + x + " is used other than as an input array, by its size or by indexing an element: " + s);
      }
      return;
    }
    boolean transpose = s.exp() instanceof Exp.Transpose;
    boolean ok = b.results().stream().noneMatch(a -> a instanceof Atom.Var v && v.name().equals(x));
    for (int j = k + 1; j < b.stms().size() && ok; j++) {
      Exp e = b.stms().get(j).exp();
      ok = transpose ? onlyMapInput(x, e) : onlyRowInput(x, e);
    }
    if (!ok) throw fail("virtual " + x + " is used other than as an input array: " + s);
  }

  private static boolean mentions(Atom a, String x) {
    return a instanceof Atom.Var v && v.name().equals(x);
  }

  private static boolean inLambda(Lambda l, String x) {
    return l != null && FreeVars.ofBody(l.body()).contains(x);
  }

  /** Whether {@code e} uses {@code x} at most as an input array of a SOAC (not in its lambdas or other operands). */
  private static boolean onlyRowInput(String x, Exp e) {
    if (!FreeVars.ofExp(e).contains(x)) return true;
    return switch (e) {
      case Exp.Map m -> !mentions(m.width(), x) && !inLambda(m.f(), x);
      case Exp.Reduce r -> !mentions(r.width(), x) && r.nes().stream().noneMatch(a -> mentions(a, x))
          && !inLambda(r.op(), x) && !inLambda(r.mapf(), x);
      case Exp.Scan sc -> !mentions(sc.width(), x) && sc.nes().stream().noneMatch(a -> mentions(a, x))
          && !inLambda(sc.op(), x) && !inLambda(sc.mapf(), x) && !inLambda(sc.postf(), x);
      case Exp.Hist h -> !mentions(h.width(), x) && h.nes().stream().noneMatch(a -> mentions(a, x))
          && h.dests().stream().noneMatch(a -> mentions(a, x)) && !inLambda(h.op(), x) && !inLambda(h.mapf(), x);
      default -> false;
    };
  }

  /** Whether {@code e} uses {@code x} only in {@code shape} and as an input array of maps, at any depth. */
  private static boolean onlyMapInput(String x, Exp e) {
    if (e instanceof Exp.Shape) return true;
    if (e instanceof Exp.Map m && mentions(m.width(), x)) return false;
    boolean[] ok = {true};
    Rewrite.exp(e, a -> {
      if (!(e instanceof Exp.Map) && mentions(a, x)) ok[0] = false;
      return a;
    }, body -> {
      for (Stm s : body.stms()) if (!onlyMapInput(x, s.exp())) ok[0] = false;
      if (body.results().stream().anyMatch(a -> mentions(a, x))) ok[0] = false;
      return body;
    });
    return ok[0];
  }

  private void redOp(Lambda op, List<Atom> nes, List<IrType> elems, Map<String, IrType> scope) {
    List<IrType> nt = types(nes);
    if (!nt.equals(elems)) throw fail("neutral elements " + nt + " do not match elements " + elems);
    List<IrType> ps = new java.util.ArrayList<>(nt);
    ps.addAll(nt);
    lambda(op, ps, scope, "operator");
    if (!op.returnTypes().equals(nt)) throw fail("operator returns " + op.returnTypes() + ", expected " + nt);
  }
}
