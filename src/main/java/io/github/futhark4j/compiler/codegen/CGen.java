package io.github.futhark4j.compiler.codegen;

import io.github.futhark4j.compiler.diag.RuntimeMessages;
import static io.github.futhark4j.compiler.codegen.CPrim.atom;
import static io.github.futhark4j.compiler.codegen.CPrim.ctype;
import static io.github.futhark4j.compiler.codegen.CPrim.esize;
import static io.github.futhark4j.compiler.codegen.CPrim.stype;

import io.github.futhark4j.compiler.core.Atom;
import io.github.futhark4j.compiler.core.Body;
import io.github.futhark4j.compiler.core.Exp;
import io.github.futhark4j.compiler.core.FreeVars;
import io.github.futhark4j.compiler.core.IrType;
import io.github.futhark4j.compiler.core.Lambda;
import io.github.futhark4j.compiler.core.Plan;
import io.github.futhark4j.compiler.core.Stm;
import io.github.futhark4j.compiler.source.Span;
import io.github.futhark4j.compiler.typed.TExp.BinOperator;
import io.github.futhark4j.compiler.typed.PrimType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;

/**
 * Generates the C statements of function bodies. Every array-typed variable owns one reference to
 * its memory; a body releases what it owns at the variable's last use (computed per body), moves
 * a dying reference into a consuming operation (an update, a loop parameter, a result, a map that
 * writes over its input) so that updates of unshared arrays happen in place, and hands dying
 * references into the branches of an {@code if}. See docs/architecture.md, "Ownership".
 *
 * <p>Writes through the function's {@link CgState} (which it also tells which arrays are never
 * materialised, as the statements' plans from {@code opt.Schedule} say) and hands SOACs to {@link
 * CSoac}; wired by {@link Generators}.
 */
final class CGen {
  private final CgState st;
  private CSoac soac;

  /** See {@link Generators}, which wires the generators. */
  CGen(CgState st) { this.st = st; }

  void setSoac(CSoac soac) { this.soac = soac; }

  /** The C string of a failure's location: its backtrace ({@link Span#backtrace}), or NULL. */
  static String loc(Span span) {
    if (span == null || span == Span.NONE) return "NULL";
    return cstring(span.backtrace());
  }

  static String cstring(String s) {
    StringBuilder sb = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      switch (c) {
        case '"' -> sb.append("\\\"");
        case '\\' -> sb.append("\\\\");
        case '\n' -> sb.append("\\n");
        default -> sb.append(c < 32 || c > 126 ? "?" : String.valueOf(c));
      }
    }
    return sb.append('"').toString();
  }

  static String es(IrType t) { return esize(t.elem()) + ""; }

  /** The C element access {@code a[off]} as a computed scalar. */
  static String load(Atom arr, String off) {
    PrimType t = arr.type().elem();
    String e = "((" + stype(t) + "*)" + atom(arr) + ".data)[" + off + "]";
    return t == PrimType.F16 ? "((float)" + e + ")" : e;
  }

  /**
   * {@link #load} in a kernel (see {@link CKernel}): the data is in the device's global memory,
   * and booleans are read as the bytes they are (OpenCL leaves the size of its {@code bool} open).
   */
  static String kernelLoad(Atom arr, String off) {
    String e = "((__global " + CKernel.memType(arr.type().elem()) + " *)" + atom(arr) + ".data)[" + off + "]";
    return arr.type().elem() == PrimType.BOOL ? "(" + e + " != 0)" : e;
  }

  static String storeTo(String arr, PrimType t, String off, String v) {
    return "((" + stype(t) + "*)" + arr + ".data)[" + off + "] = (" + stype(t) + ")" + v + ";";
  }

  // ---- bodies and ownership ---------------------------------------------------------------

  /**
   * Emits a body whose results are assigned to {@code targets} (declared by the caller), each
   * target owning its array reference. {@code ownedIn}: array variables from outside that this
   * body must release or move.
   */
  void body(Body b, Set<String> ownedIn, List<String> targets) {
    List<Stm> stms = b.stms();
    List<Set<String>> uses = new ArrayList<>();
    for (Stm s : stms) uses.add(new HashSet<>(FreeVars.ofExp(s.exp())));
    // A virtual transpose is read through its source: b stays alive as long as t is used, so an
    // in-place update of b cannot overwrite what the kernel still reads.
    for (int i = 0; i < stms.size(); i++) {
      Stm s = stms.get(i);
      if (!(s.has(Plan.VIRTUAL) && s.exp() instanceof Exp.Transpose t && t.array() instanceof Atom.Var src)) continue;
      String x = s.pattern().get(0).name();
      for (int j = i + 1; j < stms.size(); j++) if (uses.get(j).contains(x)) uses.get(j).add(src.name());
    }
    // A variable is live after statement i when a later statement or the results use it: kept as
    // the index of its last use (a set per statement cost memory quadratic in the body's length,
    // and a 20,000-term sum ran out of heap).
    Map<String, Integer> lastUse = new HashMap<>();
    for (int i = 0; i < stms.size(); i++) for (String v : uses.get(i)) lastUse.put(v, i);
    for (Atom a : b.results()) if (a instanceof Atom.Var v) lastUse.put(v.name(), Integer.MAX_VALUE);
    Set<String> owned = new LinkedHashSet<>(ownedIn);
    for (int i = 0; i < stms.size(); i++) {
      Stm s = stms.get(i);
      Set<String> used = uses.get(i);
      Set<String> dying = new LinkedHashSet<>();
      for (String v : owned) if (used.contains(v) && !liveAfter(lastUse, v, i)) dying.add(v);
      hostTouches(s);
      Set<String> consumed = stm(s, dying, owned);
      owned.removeAll(consumed);
      for (String v : dying) {
        if (!consumed.contains(v)) { st.decref(v); owned.remove(v); }
      }
      for (Atom.Var v : s.pattern()) {
        if (!v.type().isArray() || st.borrowedViews.contains(v.name())) continue;
        if (liveAfter(lastUse, v.name(), i)) owned.add(v.name());
        else st.decref(v.name());
      }
    }
    Set<String> moved = new HashSet<>();
    for (int j = 0; j < b.results().size(); j++) {
      Atom r = b.results().get(j);
      st.line(assign(targets.get(j), atom(r), r.type()));
      if (r.type().isArray()) {
        String n = ((Atom.Var) r).name();
        if (owned.contains(n) && moved.add(n)) continue;
        if (st.noRefTargets.contains(targets.get(j))) continue;
        st.incref(targets.get(j));
      }
    }
    for (String v : owned) if (!moved.contains(v)) st.decref(v);
  }

  /**
   * A device backend's host code before statement {@code s}: the arrays it may read or write get
   * their newest bytes back from the device, and give up their device copies, which a later kernel
   * uploads again (the engine's {@code fut_dev_host}; see {@link CKernel}). Statements that touch
   * no array's bytes need nothing: kernels, a variable's alias, views (flattening, unflattening,
   * rows) and shapes, and branches and loops,
   * whose bodies' statements do it themselves (the engine's copies of arrays do it too). Code
   * inside a parallel region needs nothing: the statement that started it did it for every array
   * the region reads.
   */
  private void hostTouches(Stm s) {
    if (st.functions.kernels() == null || !st.multicore || st.inParallel || st.kernel || s.has(Plan.KERNEL)) return;
    switch (s.exp()) {
      case Exp.AtomE a -> { return; }
      case Exp.Shape sh -> { return; }
      case Exp.If i -> { return; }
      case Exp.Loop l -> { return; }
      // Views: the same block, another shape or offset.
      case Exp.Flatten f -> { return; }
      case Exp.Unflatten u -> { return; }
      case Exp.Index ix when ix.indices().size() < ix.array().type().rank() -> { return; }
      default -> { }
    }
    Set<String> done = new HashSet<>();
    for (Atom.Var v : FreeVars.typedOfExp(s.exp())) {
      if (!v.type().isArray() || st.isVirtual(v.name())) continue;
      Atom.Var source = st.virtualTransposes.get(v.name()); // read through the array it transposes
      String name = source != null ? source.name() : v.name();
      if (done.add(name)) st.check("fut_dev_host(ctx, &" + name + ")");
    }
  }

  private static boolean liveAfter(Map<String, Integer> lastUse, String v, int i) {
    Integer last = lastUse.get(v);
    return last != null && last > i;
  }

  /** Declares {@code T name;} for each variable. */
  void declare(List<Atom.Var> vs) {
    for (Atom.Var v : vs) st.line(ctype(v.type()) + " " + v.name() + ";");
  }

  /** Applies a SOAC lambda to C argument expressions (borrowed), assigning owned results to targets. */
  void apply(Lambda lam, List<String> args, List<String> targets) {
    apply(lam, args, targets, 0);
  }

  /**
   * As {@link #apply(Lambda, List, List)}, but the array arguments among the first {@code owning}
   * hand their references to the lambda, which releases them or moves them into its results (a
   * reduction's or scan's accumulator: the operator may then update it in place, see
   * {@code CSoac.allocOrReuse}).
   */
  void apply(Lambda lam, List<String> args, List<String> targets, int owning) {
    st.open("{");
    Set<String> owned = new LinkedHashSet<>();
    for (int i = 0; i < args.size(); i++) {
      Atom.Var p = lam.params().get(i);
      st.line(ctype(p.type()) + " " + p.name() + " = " + args.get(i) + ";");
      if (i < owning && p.type().isArray()) owned.add(p.name());
    }
    body(lam.body(), owned, targets);
    st.close("}");
  }

  private void viewRef(String x, Atom src, Set<String> owned) {
    if (src instanceof Atom.Var v && owned.contains(v.name())) st.incref(x);
    else st.borrowedViews.add(x);
  }

  /** Emits one statement; returns the dying variables it took ownership of. */
  private Set<String> stm(Stm s, Set<String> dying, Set<String> owned) {
    List<Atom.Var> pat = s.pattern();
    String x = pat.isEmpty() ? null : pat.get(0).name();
    String decl = pat.isEmpty() ? null : ctype(pat.get(0).type()) + " " + x;
    switch (s.exp()) {
      case Exp.AtomE a -> {
        st.line(decl + " = " + atom(a.atom()) + ";");
        if (a.atom().type().isArray()) {
          String src = ((Atom.Var) a.atom()).name();
          if (dying.contains(src)) return Set.of(src);
          viewRef(x, a.atom(), owned);
        }
      }
      case Exp.BinOp b -> {
        PrimType t = b.type();
        if (t.isInteger() && CPrim.isDivision(b.op())
            && !(b.y() instanceof Atom.Const c && c.value().bits() != 0)) {
          st.fail(atom(b.y()) + " == 0", loc(b.span()), RuntimeMessages.DIVISION_BY_ZERO, List.of());
        }
        if (t.isInteger() && t.isSigned() && b.op() == BinOperator.POW && !(b.y() instanceof Atom.Const c && c.value().bits() >= 0)) {
          st.fail(atom(b.y()) + " < 0", loc(b.span()), RuntimeMessages.NEGATIVE_EXPONENT, List.of());
        }
        st.line(decl + " = " + CPrim.binop(b.op(), t, atom(b.x()), atom(b.y())) + ";");
      }
      case Exp.UnOp u -> st.line(decl + " = " + CPrim.unop(u.op(), u.type(), atom(u.x())) + ";");
      case Exp.Convert c -> st.line(decl + " = " + CPrim.convert(c.x().type().elem(), c.to(), atom(c.x())) + ";");
      case Exp.PrimCall p when p.name().startsWith("tuning:") ->
          st.line(decl + " = fut_tuning(ctx, " + p.name().substring("tuning:".length()) + ", " + atom(p.args().get(0)) + ");");
      case Exp.PrimCall p -> st.line(decl + " = " + CPrim.call(p.name(), p.args().stream().map(CPrim::atom).toList(),
          p.args().get(0).type().elem(), p.result()) + ";");
      case Exp.Shape sh -> st.line(decl + " = " + atom(sh.array()) + ".shape[" + sh.dim() + "];");
      case Exp.Index ix -> index(decl, x, ix, owned);
      case Exp.Slice sl -> {
        declare(pat);
        if (sl.dims().size() == 1 && sl.dims().get(0) instanceof Exp.SliceDim.Range r
            && (r.stride() == null || r.stride() instanceof Atom.Const c && c.value().bits() == 1)) {
          rowRange(x, sl, r, owned);
        } else {
          String sd = sliceDims(sl.dims());
          st.check("fut_slice(ctx, " + loc(sl.span()) + ", &" + x + ", &" + atom(sl.array()) + ", " + sl.array().type().rank()
              + ", " + es(sl.array().type()) + ", " + sl.dims().size() + ", " + sd + ", "
              + pat.get(0).type().rank() + ")");
        }
      }
      case Exp.Update u -> { return update(pat.get(0), u, dying); }
      case Exp.UpdateSlice u -> {
        Set<String> taken = consume(pat.get(0), u.array(), dying);
        String sd = sliceDims(u.dims());
        String v = atom(u.value());
        if (u.value().type().isArray()) {
          st.check("fut_slice_update(ctx, " + loc(u.span()) + ", &" + x + ", " + u.array().type().rank() + ", "
              + es(u.array().type()) + ", " + u.dims().size() + ", " + sd + ", &" + v + ", " + u.value().type().rank() + ")");
        } else {
          st.line("{ fut_arr tmp_v; int64_t one = 1; if (fut_alloc(ctx, &tmp_v, 1, &one, " + es(u.array().type()) + ")) goto " + st.errLabel + ";");
          st.line("  " + storeTo("tmp_v", u.value().type().elem(), "0", v));
          st.line("  int r_v = fut_slice_update(ctx, " + loc(u.span()) + ", &" + x + ", " + u.array().type().rank() + ", "
              + es(u.array().type()) + ", " + u.dims().size() + ", " + sd + ", &tmp_v, 0); fut_decref(&tmp_v); if (r_v) goto " + st.errLabel + "; }");
        }
        return taken;
      }
      case Exp.ArrayLit a -> arrayLit(pat.get(0), a);
      case Exp.Iota io when s.has(Plan.VIRTUAL) -> {
        st.virtualSequences.put(x, CgState.Sequence.IOTA);
        iotaCheck(io.n());
        virtualArray(x, atom(io.n()));
      }
      case Exp.Range r when s.has(Plan.VIRTUAL) -> {
        RangeSeq q = rangeSeq(r);
        st.virtualSequences.put(x, new CgState.Sequence(q.start(), q.step(), ctype(r.type())));
        virtualArray(x, q.n());
      }
      case Exp.Iota io -> {
        iotaCheck(io.n());
        declare(pat);
        st.check(st.alloc(x, "1, (int64_t[]){" + atom(io.n()) + "}, 8"));
        String i = st.fresh("i");
        soac.parallelFor(i, "0", atom(io.n()), false, () ->
            st.line(storeTo(x, PrimType.I64, i, i)));
      }
      case Exp.Replicate r when s.has(Plan.VIRTUAL) -> {
        st.virtualReplicates.put(x, r.value());
        virtualArray(x, atom(r.n()));
      }
      case Exp.Replicate r -> replicate(pat.get(0), r);
      case Exp.Copy c -> {
        declare(pat);
        st.check("fut_copy(ctx, &" + x + ", &" + atom(c.array()) + ", " + c.array().type().rank() + ", " + es(c.array().type()) + ")");
      }
      case Exp.Concat c -> {
        declare(pat);
        IrType t = pat.get(0).type();
        String acc = atom(c.arrays().get(0));
        if (c.arrays().size() != 2) throw new IllegalStateException("concat of " + c.arrays().size());
        st.check("fut_concat(ctx, " + loc(c.span()) + ", &" + x + ", &" + acc + ", &" + atom(c.arrays().get(1)) + ", "
            + t.rank() + ", " + es(t) + ")");
      }
      case Exp.Transpose t when s.has(Plan.VIRTUAL) -> {
        st.virtualTransposes.put(x, (Atom.Var) t.array());
        st.line("fut_arr " + x + " = {0};");
        st.line(x + ".shape[0] = " + atom(t.array()) + ".shape[1];");
        st.line(x + ".shape[1] = " + atom(t.array()) + ".shape[0];");
      }
      case Exp.Transpose t -> {
        declare(pat);
        st.check("fut_transpose(ctx, &" + x + ", &" + atom(t.array()) + ", " + t.array().type().rank() + ", " + es(t.array().type()) + ")");
      }
      case Exp.Rotate r -> {
        declare(pat);
        st.check("fut_rotate(ctx, &" + x + ", &" + atom(r.array()) + ", " + r.array().type().rank() + ", "
            + es(r.array().type()) + ", " + atom(r.amount()) + ")");
      }
      case Exp.Flatten f -> {
        String a = atom(f.array());
        int rank = f.array().type().rank();
        st.line(decl + " = " + a + ";");
        viewRef(x, f.array(), owned);
        st.line(x + ".shape[0] = " + a + ".shape[0] * " + a + ".shape[1];");
        for (int d = 1; d + 1 < rank; d++) st.line(x + ".shape[" + d + "] = " + a + ".shape[" + (d + 1) + "];");
        st.line(x + ".shape[" + (rank - 1) + "] = 0;");
      }
      case Exp.Unflatten u -> {
        String a = atom(u.array());
        int rank = u.array().type().rank();
        st.failIf(atom(u.n()) + " < 0 || " + atom(u.m()) + " < 0 || " + atom(u.n()) + " * " + atom(u.m()) + " != " + a + ".shape[0]",
            "fut_error(ctx, " + loc(u.span()) + ", \"Cannot unflatten array of shape [%lld] to array of shape [%lld][%lld]\", (long long)"
                + a + ".shape[0], (long long)" + atom(u.n()) + ", (long long)" + atom(u.m()) + ")");
        st.line(decl + " = " + a + ";");
        viewRef(x, u.array(), owned);
        for (int d = rank; d >= 2; d--) st.line(x + ".shape[" + d + "] = " + a + ".shape[" + (d - 1) + "];");
        st.line(x + ".shape[0] = " + atom(u.n()) + ";");
        st.line(x + ".shape[1] = " + atom(u.m()) + ";");
      }
      case Exp.Range r -> range(pat.get(0), r);
      case Exp.If i -> {
        declare(pat);
        List<String> ts = pat.stream().map(Atom.Var::name).toList();
        st.open("if (" + atom(i.cond()) + ") {");
        body(i.then(), dying, ts);
        st.close("} else {");
        st.indent++;
        body(i.otherwise(), dying, ts);
        st.close("}");
        return dying;
      }
      case Exp.Loop l -> { return loop(pat, l, dying); }
      case Exp.Call c -> { return call(pat, c, dying); }
      case Exp.Assert a -> {
        st.fail("!" + atom(a.cond()), loc(a.span()), a.message(), a.args().stream().map(CPrim::atom).toList());
      }
      case Exp.Map m when s.has(Plan.DIRECT_ROW) -> soac.mapInto(pat.get(0), m, st.directRows.get(x), s.has(Plan.LANES));
      case Exp.Map m -> soac.map(pat, m, s, dying);
      case Exp.Reduce r -> soac.reduce(pat, r, s);
      case Exp.Scan sc -> soac.scan(pat, sc, s);
      case Exp.Filter f -> soac.filter(pat, f, s);
      case Exp.Partition p -> soac.partition(pat, p, s);
      case Exp.Hist h -> {
        Set<String> taken = new HashSet<>();
        for (int k = 0; k < pat.size(); k++) taken.addAll(consume(pat.get(k), h.dests().get(k), dying));
        soac.hist(pat, h, s);
        return taken;
      }
      case Exp.Scatter sc -> {
        Set<String> taken = new HashSet<>();
        for (int k = 0; k < pat.size(); k++) taken.addAll(consume(pat.get(k), sc.dests().get(k), dying));
        soac.scatter(pat, sc, s);
        return taken;
      }
      case Exp.WithVjp w -> throw new IllegalStateException("with_vjp left after lowering");
    }
    return Set.of();
  }

  /**
   * A call of one of the program's functions ({@link CFunctions}). Array arguments are lent, except
   * those the function consumes: their reference is handed over, moved when the argument dies here,
   * else one more taken for the function. The results are owned references. The call fails when
   * calls would nest more than {@code Program.MAX_CALL_DEPTH} deep or the thread's stack is nearly
   * exhausted ({@code fut_stack_low} of {@link CgState#stackBound}), so deep recursion is an error,
   * not a crash.
   */
  private Set<String> call(List<Atom.Var> pat, Exp.Call c, Set<String> dying) {
    Set<String> taken = new HashSet<>();
    String stack = st.stackBound();
    if (!stack.equals("fut_stack")) {
      String here = st.fresh("stack");
      st.line("uintptr_t " + here + " = " + stack + ";");
      stack = here;
    }
    List<String> args = new ArrayList<>(List.of("ctx", st.depth + " + 1", stack));
    for (Atom.Var v : pat) args.add("&" + v.name());
    for (int k = 0; k < c.args().size(); k++) {
      Atom a = c.args().get(k);
      args.add(atom(a));
      if (a.type().isArray() && c.consumed().get(k)) {
        String src = ((Atom.Var) a).name();
        if (!(dying.contains(src) && taken.add(src))) st.incref(src);
      }
    }
    declare(pat);
    int limit = io.github.futhark4j.compiler.core.Program.MAX_CALL_DEPTH;
    st.line("if (__builtin_expect(" + st.depth + " >= " + limit + " || fut_stack_low(" + stack + "), 0)) { fut_recursion_error(ctx, " + loc(c.span()) + ", "
        + cstring(st.functions.source(c.fn())) + ", " + st.depth + ", " + limit + "); goto " + st.errLabel + "; }");
    st.check(st.functions.cname(c.fn(), st.inParallel) + "(" + String.join(", ", args) + ")");
    return taken;
  }

  /** Declares a {@code fut_slicedim} array {@code sd_0N} describing a slice; returns its name. */
  private String sliceDims(List<Exp.SliceDim> dims) {
    String sd = "sd_0" + st.next();
    StringBuilder sb = new StringBuilder("fut_slicedim " + sd + "[] = {");
    for (Exp.SliceDim d : dims) {
      switch (d) {
        case Exp.SliceDim.Fix f -> sb.append("{1, 1, 0, 0, ").append(atom(f.index())).append(", 0, 1}, ");
        case Exp.SliceDim.Range r -> sb.append("{0, ").append(r.start() != null ? 1 : 0).append(", ")
            .append(r.end() != null ? 1 : 0).append(", ").append(r.stride() != null ? 1 : 0).append(", ")
            .append(r.start() != null ? atom(r.start()) : "0").append(", ")
            .append(r.end() != null ? atom(r.end()) : "0").append(", ")
            .append(r.stride() != null ? atom(r.stride()) : "1").append("}, ");
      }
    }
    st.line(sb.append("};").toString());
    return sd;
  }

  /** Element offset of fixing the first indices of array {@code a}. */
  static String offset(String a, List<String> idx, int rank) {
    String off = idx.get(0);
    for (int d = 1; d < idx.size(); d++) off = "(" + off + ") * " + a + ".shape[" + d + "] + " + idx.get(d);
    StringBuilder sb = new StringBuilder("(" + off + ")");
    for (int d = idx.size(); d < rank; d++) sb.append(" * ").append(a).append(".shape[").append(d).append(']');
    return sb.toString();
  }

  private void boundsCheck(String a, List<String> idx, int rank, Span span) {
    if (span == null) return;
    StringBuilder cond = new StringBuilder();
    for (int d = 0; d < idx.size(); d++) {
      if (d > 0) cond.append(" || ");
      cond.append("(uint64_t)").append(idx.get(d)).append(" >= (uint64_t)").append(a).append(".shape[").append(d).append(']');
    }
    List<String> shape = new ArrayList<>();
    for (int d = 0; d < rank; d++) shape.add(a + ".shape[" + d + "]");
    st.failIndex(cond.toString(), loc(span), idx, shape);
  }

  /**
   * Array {@code a}'s shape as a compound literal, for an error path: passing {@code a.shape} would
   * take the array's address, and an array whose address is taken anywhere lives in memory, not
   * registers, in every loop that reads it.
   */
  private static String shapeByValue(String a, int rank) {
    StringJoiner shape = new StringJoiner(", ", "(int64_t[]){", "}");
    for (int d = 0; d < rank; d++) shape.add(a + ".shape[" + d + "]");
    return shape.toString();
  }

  /**
   * {@code xs[b:e]} (stride 1): a view of rows b to e, made inline rather than by fut_slice,
   * whose rule and message it shares (the reference's: fails unless the range is empty or
   * 0 <= b <= e <= n). Like a row view, it counts a reference to the memory only where the body
   * owns the array; a view of a borrowed array (a lambda's parameter, a free variable) is
   * borrowed too. Array-heavy inner code (a dot product over {@code take (j+1) row} per element)
   * spent a call per slice, and two threads slicing rows of one input fought over its count.
   */
  private void rowRange(String x, Exp.Slice sl, Exp.SliceDim.Range r, Set<String> owned) {
    String a = atom(sl.array());
    int rank = sl.array().type().rank();
    int k = st.next();
    String b = "sb_" + k, e = "se_" + k;
    st.line("const int64_t " + b + " = " + (r.start() != null ? atom(r.start()) : "0") + ", " + e + " = "
        + (r.end() != null ? atom(r.end()) : a + ".shape[0]") + ";");
    st.open("if (" + b + " != " + e + " && (" + b + " < 0 || " + e + " > " + a + ".shape[0] || " + b + " > " + e + ")) {");
    String sd = sliceDims(sl.dims());
    st.line("fut_slice_error(ctx, " + loc(sl.span()) + ", 1, " + sd + ", " + rank + ", " + shapeByValue(a, rank) + ");");
    st.line("goto " + st.errLabel + ";");
    st.close("}");
    StringBuilder row = new StringBuilder(es(sl.array().type()));
    for (int d = 1; d < rank; d++) row.append(" * ").append(a).append(".shape[").append(d).append(']');
    st.line(x + ".mem = " + a + ".mem;");
    st.line(x + ".data = " + a + ".data + (size_t)" + b + " * " + row + ";");
    st.line(x + ".shape[0] = " + e + " - " + b + ";");
    for (int d = 1; d < rank; d++) st.line(x + ".shape[" + d + "] = " + a + ".shape[" + d + "];");
    st.line("for (int j_ = " + rank + "; j_ < FUT_MAXRANK; j_++) " + x + ".shape[j_] = 0;");
    viewRef(x, sl.array(), owned);
  }

  private void index(String decl, String x, Exp.Index ix, Set<String> owned) {
    String a = atom(ix.array());
    int rank = ix.array().type().rank();
    List<String> idx = ix.indices().stream().map(CPrim::atom).toList();
    boundsCheck(a, idx, rank, ix.span());
    String virtual = st.virtualRow(ix.array(), idx.get(0));
    if (virtual != null) {
      st.line(decl + " = " + virtual + ";");
      return;
    }
    String off = offset(a, idx, rank);
    if (idx.size() == rank) {
      st.line(decl + " = " + (st.kernel ? kernelLoad(ix.array(), off) : load(ix.array(), off)) + ";");
    } else {
      st.line(decl + " = " + a + ";");
      st.line(x + ".data = " + a + ".data + (size_t)(" + off + ") * " + es(ix.array().type()) + ";");
      for (int d = 0; d + idx.size() <= rank; d++) {
        int src = d + idx.size();
        st.line(x + ".shape[" + d + "] = " + (src < rank ? a + ".shape[" + src + "]" : "0") + ";");
      }
      viewRef(x, ix.array(), owned);
    }
  }

  /**
   * Makes {@code dst} an array this code may overwrite, from {@code src}: moved when src dies
   * here, then copied unless the memory is unshared. Returns the variables taken over.
   */
  Set<String> consume(Atom.Var dst, Atom src, Set<String> dying) {
    String s = atom(src);
    IrType t = src.type();
    // Field by field, as assign does: a whole-struct copy reads the eight shape slots as wide loads
    // right after they were stored one by one (a store-forwarding stall per copy), which cost an
    // in-place update in a sequential loop ten times its work.
    st.line("fut_arr " + dst.name() + "; " + assign(dst.name(), s, t));
    boolean move = src instanceof Atom.Var v && dying.contains(v.name());
    if (!move) st.incref(dst.name());
    // Shared memory is copied out of line, on a copy of the struct (see fut_unshare): the updated
    // array's address is never taken, so a loop updating it keeps it in registers.
    st.open("if (__builtin_expect(!fut_unique(&" + dst.name() + "), 0)) {");
    st.line("fut_arr cp_ = " + dst.name() + ";");
    st.check("fut_unshare(ctx, &cp_, " + t.rank() + ", " + es(t) + ")");
    st.line(dst.name() + ".mem = cp_.mem; " + dst.name() + ".data = cp_.data;");
    st.close("}");
    return move ? Set.of(((Atom.Var) src).name()) : Set.of();
  }

  private Set<String> update(Atom.Var x, Exp.Update u, Set<String> dying) {
    Set<String> taken = consume(x, u.array(), dying);
    String a = x.name();
    int rank = u.array().type().rank();
    List<String> idx = u.indices().stream().map(CPrim::atom).toList();
    boundsCheck(a, idx, rank, u.span());
    String off = offset(a, idx, rank);
    if (idx.size() == rank) {
      st.line(storeTo(a, u.array().type().elem(), off, atom(u.value())));
    } else {
      String v = atom(u.value());
      int vr = rank - idx.size();
      StringBuilder cond = new StringBuilder();
      for (int d = 0; d < vr; d++) {
        if (d > 0) cond.append(" || ");
        cond.append(v).append(".shape[").append(d).append("] != ").append(a).append(".shape[").append(d + idx.size()).append(']');
      }
      st.failIf(cond.toString(), "fut_error(ctx, " + loc(u.span()) + ", \"Cannot write a value of shape %lld into a row of size %lld.\", (long long)"
          + v + ".shape[0], (long long)" + a + ".shape[" + idx.size() + "])");
      st.line("memmove(" + a + ".data + (size_t)(" + off + ") * " + es(u.array().type()) + ", " + v + ".data, (size_t)fut_numel(&"
          + v + ", " + vr + ") * " + es(u.array().type()) + ");");
    }
    return taken;
  }

  private void arrayLit(Atom.Var x, Exp.ArrayLit a) {
    IrType t = a.type();
    int k = a.elements().size();
    st.line("fut_arr " + x.name() + ";");
    if (t.rank() == 1 || k == 0) {
      StringBuilder sh = new StringBuilder("(int64_t[]){" + k);
      for (int d = 1; d < t.rank(); d++) sh.append(", 0");
      st.check(st.alloc(x.name(), t.rank() + ", " + sh + "}, " + es(t)));
      for (int i = 0; i < k; i++) st.line(storeTo(x.name(), t.elem(), i + "", atom(a.elements().get(i))));
      return;
    }
    String e0 = atom(a.elements().get(0));
    int er = t.rank() - 1;
    StringBuilder sh = new StringBuilder("(int64_t[]){" + k);
    for (int d = 0; d < er; d++) sh.append(", ").append(e0).append(".shape[").append(d).append(']');
    for (int i = 1; i < k; i++) {
      st.line("if (fut_same_shape(ctx, " + loc(a.span()) + ", " + e0 + ".shape, " + atom(a.elements().get(i)) + ".shape, " + er
          + ")) goto " + st.errLabel + ";");
    }
    st.check(st.alloc(x.name(), t.rank() + ", " + sh + "}, " + es(t)));
    String rb = "(size_t)fut_numel(&" + e0 + ", " + er + ") * " + es(t);
    for (int i = 0; i < k; i++) {
      st.line("memcpy(" + x.name() + ".data + " + i + " * " + rb + ", " + atom(a.elements().get(i)) + ".data, " + rb + ");");
    }
  }

  private void replicate(Atom.Var x, Exp.Replicate r) {
    IrType t = x.type();
    String n = atom(r.n());
    st.line("fut_arr " + x.name() + ";");
    String v = atom(r.value());
    StringBuilder sh = new StringBuilder("(int64_t[]){" + n);
    for (int d = 0; d < t.rank() - 1; d++) sh.append(", ").append(v).append(".shape[").append(d).append(']');
    st.check(st.alloc(x.name(), t.rank() + ", " + sh + "}, " + es(t)));
    String i = st.fresh("i");
    if (t.rank() == 1) {
      soac.parallelFor(i, "0", n, false, () -> st.line(storeTo(x.name(), t.elem(), i, v)));
    } else {
      String rb = "(size_t)fut_numel(&" + v + ", " + (t.rank() - 1) + ") * " + es(t);
      soac.parallelFor(i, "0", n, false, () -> st.line("memcpy(" + x.name() + ".data + " + i + " * " + rb + ", " + v + ".data, " + rb + ");"));
    }
  }

  /** iota n is the range 0..1..<n in the reference's prelude: a negative n is that range's error. */
  void iotaCheck(Atom n) {
    if (n instanceof Atom.Const c && c.value().bits() >= 0) return;
    st.fail(atom(n) + " < 0", "\"<prelude>\"", "Range 0..1..<%lld is invalid.", List.of(atom(n)));
  }

  /** A range's elements: {@code start + i * step} for i below {@code n} (C variables). */
  private record RangeSeq(String start, String step, String n) {}

  /** Checks range {@code r} as the reference does (its message on failure) and names its elements. */
  private RangeSeq rangeSeq(Exp.Range r) {
    String s = atom(r.start()), e = atom(r.end());
    String step = r.second() != null ? "((int64_t)" + atom(r.second()) + " - (int64_t)" + s + ")"
        : r.kind() == io.github.futhark4j.compiler.typed.TExp.RangeKind.DOWN_TO_EXCLUSIVE ? "-1" : "1";
    String n = st.fresh("n");
    st.line("int64_t " + n + ";");
    st.check("fut_range(ctx, " + loc(r.span()) + ", (int64_t)" + s + ", " + step + ", (int64_t)" + e + ", "
        + rangeKind(r.kind()) + ", " + (r.second() != null ? 1 : 0) + ", &" + n + ", "
        + (r.type().isUnsigned() ? 1 : 0) + ")");
    String start = st.fresh("start"), by = st.fresh("step");
    st.line("int64_t " + start + " = (int64_t)" + s + ", " + by + " = " + step + ";");
    return new RangeSeq(start, by, n);
  }

  private void range(Atom.Var x, Exp.Range r) {
    PrimType t = r.type();
    RangeSeq q = rangeSeq(r);
    st.line("fut_arr " + x.name() + ";");
    st.check(st.alloc(x.name(), "1, &" + q.n() + ", " + esize(t)));
    String i = st.fresh("i");
    st.line("for (int64_t " + i + " = 0; " + i + " < " + q.n() + "; " + i + "++) " + storeTo(x.name(), t, i,
        new CgState.Sequence(q.start(), q.step(), ctype(t)).element(i)));
  }

  /** The runtime's code for a range form (fut_range's {@code kind}): 0 inclusive, 1 upwards, 2 downwards. */
  private static int rangeKind(io.github.futhark4j.compiler.typed.TExp.RangeKind k) {
    return switch (k) {
      case INCLUSIVE -> 0;
      case DOWN_TO_EXCLUSIVE -> 2;
      default -> 1;
    };
  }

  private Set<String> loop(List<Atom.Var> pat, Exp.Loop l, Set<String> dying) {
    Set<String> taken = new HashSet<>();
    // An initial value the loop itself still reads (its body or while condition names it) is not
    // handed to the parameter even where this statement is its last use: the parameter would free
    // it, or update it in place, while the body reads it.
    Set<String> readInside = new HashSet<>(FreeVars.ofBody(l.body()));
    if (l.form() instanceof Exp.LoopForm.While w) readInside.addAll(FreeVars.ofBody(w.cond()));
    for (int k = 0; k < l.params().size(); k++) {
      Atom.Var p = l.params().get(k);
      Atom init = l.inits().get(k);
      st.line(ctype(p.type()) + " " + p.name() + " = " + atom(init) + ";");
      if (p.type().isArray()) {
        String src = ((Atom.Var) init).name();
        if (dying.contains(src) && !readInside.contains(src) && taken.add(src)) continue;
        st.incref(p.name());
      }
    }
    Set<String> ownedParams = new LinkedHashSet<>();
    for (Atom.Var p : l.params()) if (p.type().isArray()) ownedParams.add(p.name());
    List<String> next = new ArrayList<>();
    switch (l.form()) {
      case Exp.LoopForm.For f -> {
        String it = f.index().name();
        st.open("for (" + ctype(f.index().type()) + " " + it + " = 0; " + it + " < " + atom(f.bound()) + "; " + it + "++) {");
      }
      case Exp.LoopForm.While w -> {
        st.open("for (;;) {");
        String c = st.fresh("cond");
        st.line("bool " + c + ";");
        body(w.cond(), Set.of(), List.of(c));
        st.line("if (!" + c + ") break;");
      }
    }
    for (Atom.Var p : l.params()) {
      String n = st.fresh("next");
      next.add(n);
      st.line(ctype(p.type()) + " " + n + ";");
    }
    st.open("{");
    body(l.body(), ownedParams, next);
    st.close("}");
    for (int k = 0; k < next.size(); k++) st.line(assign(l.params().get(k).name(), next.get(k), l.params().get(k).type()));
    st.close("}");
    for (int k = 0; k < pat.size(); k++) st.line(ctype(pat.get(k).type()) + " " + pat.get(k).name() + " = " + l.params().get(k).name() + ";");
    return taken;
  }

  /**
   * An assignment to an existing variable. Arrays are copied field by field, only the shape
   * entries their rank uses: a whole-struct copy of {@code fut_arr} (80 bytes) right after a
   * narrower store to it makes the CPU's store forwarding fail, and such copies chained through
   * a loop's branch results and parameters cost ~5x in a tight while loop (the factorisation).
   */
  static String assign(String dst, String src, IrType t) {
    if (!t.isArray()) return dst + " = " + src + ";";
    StringBuilder sb = new StringBuilder();
    sb.append(dst).append(".mem = ").append(src).append(".mem; ");
    sb.append(dst).append(".data = ").append(src).append(".data;");
    for (int d = 0; d < t.rank(); d++) sb.append(' ').append(dst).append(".shape[").append(d).append("] = ").append(src).append(".shape[").append(d).append("];");
    return sb.toString();
  }

  /** A virtual array: no memory (its decref is a no-op), only the outer size. */
  private void virtualArray(String x, String n) {
    st.line("fut_arr " + x + " = {0};");
    st.line(x + ".shape[0] = " + n + ";");
  }
}
