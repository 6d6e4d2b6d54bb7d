package io.github.futhark4j.compiler.codegen;

import static io.github.futhark4j.compiler.codegen.CPrim.atom;
import static io.github.futhark4j.compiler.codegen.CPrim.ctype;

import io.github.futhark4j.compiler.core.Atom;
import io.github.futhark4j.compiler.core.Body;
import io.github.futhark4j.compiler.core.Exp;
import io.github.futhark4j.compiler.core.FreeVars;
import io.github.futhark4j.compiler.core.IrType;
import io.github.futhark4j.compiler.core.Lambda;
import io.github.futhark4j.compiler.core.RowShapes;
import io.github.futhark4j.compiler.core.Plan;
import io.github.futhark4j.compiler.core.Stm;
import io.github.futhark4j.compiler.opt.Schedule;
import io.github.futhark4j.compiler.typed.PrimType;
import io.github.futhark4j.compiler.typed.TExp.BinOperator;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * C for the SOACs. At the outermost level of the multicore backend a SOAC becomes an OpenMP
 * parallel loop (reductions and scans with per-thread partial results, combined in thread
 * order since operators need only be associative); inside a parallel region, and in the
 * sequential backend, the same operators are plain loops.
 *
 * <p>Writes through the function's {@link CgState}, whose {@code errLabel} and {@code inParallel}
 * it sets around parallel loop bodies; lambdas are emitted by {@link CGen}, maps the schedule
 * marked {@code #[interchange]} or {@code #[lanes]} by {@link CInterchange} and {@link CLanes},
 * filter and partition by {@link CGroup}. Wired by {@link Generators}.
 */
final class CSoac {
  private final CgState st;
  private final CGen gen;
  private final CInterchange interchange;
  private final CLanes lanes;
  private final CKernel kernel;
  private CGroup group;

  /** See {@link Generators}, which wires the generators. */
  CSoac(CgState st, CGen gen, CInterchange interchange, CLanes lanes, CKernel kernel) {
    this.st = st;
    this.kernel = kernel;
    this.gen = gen;
    this.interchange = interchange;
    this.lanes = lanes;
  }

  void setGroup(CGroup group) { this.group = group; }

  /**
   * The body of an OpenMP loop iteration, in its own block: a failure inside jumps to {@code end}
   * (an error label inside the loop, since nothing may jump out of a parallel region) and nested
   * SOACs know they run inside a parallel region. With {@code slots} (an iteration that is a
   * thread's whole share of the loop) the body is a scope of slots of its own.
   */
  private void parallelBody(String end, boolean slots, Runnable body) {
    String saved = st.errLabel;
    st.errLabel = end;
    st.inParallel = true;
    st.open("{");
    if (slots) st.openSlots();
    body.run();
    if (slots) st.closeSlots();
    st.close("}");
    st.inParallel = false;
    st.errLabel = saved;
  }

  private boolean parallel() { return st.multicore && !st.inParallel; }

  /**
   * Whether statement {@code s} runs as a device kernel ({@link CKernel}): marked {@code #[kernel]}
   * and running as host code (a function's version called inside a parallel region runs it as an
   * ordinary operator), in a program with a device.
   */
  private boolean onDevice(Stm s) { return s.has(Plan.KERNEL) && parallel() && st.functions.kernels() != null; }

  static boolean mayFail(Body b) {
    return io.github.futhark4j.compiler.core.Effects.mayFail(b);
  }

  /** A loop over [lo, hi) with index variable {@code i}; parallel at the outermost level. */
  void parallelFor(String i, String lo, String hi, boolean mayFail, Runnable body) {
    parallelFor(i, lo, hi, mayFail, (String) null, body);
  }

  /**
   * Whether one iteration of a body does enough work (a loop, a nested parallel operator or a call of a
   * function) that
   * even a few iterations are worth spreading over threads.
   */
  static boolean heavy(Body b) {
    for (Stm s : b.stms()) {
      switch (s.exp()) {
        case Exp.Loop l -> { return true; }
        case Exp.Map m -> { return true; }
        case Exp.Reduce r -> { return true; }
        case Exp.Scan sc -> { return true; }
        case Exp.Filter f -> { return true; }
        case Exp.Partition p -> { return true; }
        case Exp.Hist h -> { return true; }
        case Exp.Call c -> { return true; }
        case Exp.If i -> { if (heavy(i.then()) || heavy(i.otherwise())) return true; }
        default -> { }
      }
    }
    return false;
  }

  /**
   * The C expression for the number of threads of a loop over {@code count} iterations of a body
   * whose work is {@code work} (see {@link CWork}): null for light bodies (straight-line code,
   * parallel only over many elements), "" for heavy ones of unknown work (parallel from two
   * iterations), else an estimate of the operations of one iteration.
   */
  private static String threads(String work, String count) {
    if (work == null) return "fut_threads_for(ctx, " + count + ")";
    if (work.isEmpty()) return "fut_threads_for_heavy(ctx, " + count + ")";
    return "fut_threads_for_work(ctx, " + count + ", " + work + ")";
  }

  /** The work of one iteration of {@code f} over {@code arrays}, as {@link #threads} takes it. */
  String work(Lambda f, List<Atom> arrays) {
    if (!heavy(f.body())) return null;
    String w = CWork.of(f, arrays, CPrim::atom);
    return w == null ? "" : w;
  }

  void parallelFor(String i, String lo, String hi, boolean mayFail, String work, Runnable body) {
    parallelFor(i, lo, hi, mayFail, work, false, body);
  }

  /**
   * As above; {@code simd} (only for bodies of straight-line scalar code that cannot fail, see
   * {@link ScalarCode}) adds {@code simd} to the loops: the iterations are independent, which gcc
   * cannot prove on its own when the result may alias an input.
   */
  void parallelFor(String i, String lo, String hi, boolean mayFail, String work, boolean simd, Runnable body) {
    boolean heavy = work != null;
    if (!parallel()) {
      if (simd) st.line("#pragma omp simd");
      st.open("for (int64_t " + i + " = " + lo + "; " + i + " < " + hi + "; " + i + "++) {");
      body.run();
      st.close("}");
      return;
    }
    String nt = st.fresh("nt"), end = st.fresh("iter_end");
    st.open("{");
    st.line("int " + nt + " = " + threads(work, hi + " - " + lo) + ";");
    // Entering an OpenMP region costs about a microsecond even when if(0) makes it serial, far
    // more than a few elements' work (a small map in a sequential loop): one thread runs a plain loop.
    st.open("if (" + nt + " <= 1) {");
    sequentially(() -> {
      if (simd) st.line("#pragma omp simd");
      st.open("for (int64_t " + i + " = " + lo + "; " + i + " < " + hi + "; " + i + "++) {");
      body.run();
      st.close("}");
    });
    st.close("} else {");
    st.indent++;
    // Heavy iterations (loops, nested operators) may differ in cost: hand them out dynamically,
    // in chunks that shrink towards the end (guided), so that many cheap rows do not pay one
    // scheduling call each.
    // The region and its loop apart, so that each thread's share of the loop is a scope of slots.
    st.parallelPragma(" num_threads(" + nt + ") if(" + nt + " > 1)");
    st.open("{");
    st.inParallel = true;
    st.openSlots();
    st.line("#pragma omp for" + (simd ? " simd" : "") + " schedule(" + (heavy ? "guided" : "static") + ") nowait");
    st.open("for (int64_t " + i + " = " + lo + "; " + i + " < " + hi + "; " + i + "++) {");
    if (mayFail) st.line("if (fut_failed(ctx)) continue;");
    parallelBody(end, false, body);
    if (mayFail) st.line(end + ": __attribute__((unused));");
    st.close("}");
    st.closeSlots();
    st.close("}");
    if (mayFail) st.line("if (ctx->failed) goto " + st.errLabel + ";");
    st.close("}");
    st.close("}");
  }

  /** Emits code as if inside a parallel region: nested operators become plain loops. */
  private void sequentially(Runnable code) {
    boolean saved = st.inParallel;
    st.inParallel = true;
    // One thread runs the loop that the code is (the small case of a parallel operator): a scope
    // of slots of its own, which the function's cannot be (see CgState's slots).
    if (!saved) st.openSlots();
    code.run();
    if (!saved) st.closeSlots();
    st.inParallel = saved;
  }

  /**
   * At the outermost level, opens {@code if (one thread for n elements) { <seq> } else {} and
   * returns true (the caller emits the parallel code and closes the block); elsewhere emits
   * nothing and returns false. See parallelFor for why.
   */
  boolean sequentialWhenSmall(String n, Runnable seq) {
    if (!parallel()) return false;
    st.open("if (fut_threads_for(ctx, " + n + ") <= 1) {");
    sequentially(seq);
    st.close("} else {");
    st.indent++;
    return true;
  }

  /** A C expression for row {@code i} of an array atom (a scalar, or a borrowed view). */
  String row(Atom arr, String i) {
    IrType t = arr.type();
    String virtual = st.virtualRow(arr, i);
    if (virtual != null) return virtual;
    if (t.rank() == 1) return st.kernel ? CGen.kernelLoad(arr, i) : CGen.load(arr, i);
    return "fut_row(&" + atom(arr) + ", " + t.rank() + ", " + i + ", " + CGen.es(t) + ")";
  }

  /** Writes {@code v} (of type {@code et}) as row {@code i} of {@code out}; arrays are copied. */
  private void store(String out, IrType et, String i, String v, boolean checkShape, boolean release) {
    if (et.rank() == 0) {
      st.line(CGen.storeTo(out, et.elem(), i, v));
      return;
    }
    if (checkShape) {
      st.line("if (fut_same_shape(ctx, NULL, " + out + ".shape + 1, " + v + ".shape, " + et.rank() + ")) { fut_decref(&" + v
          + "); goto " + st.errLabel + "; }");
    }
    String rb = "(size_t)fut_numel(&" + v + ", " + et.rank() + ") * " + CGen.es(et);
    st.line("memcpy(" + out + ".data + (size_t)(" + i + ") * " + rb + ", " + v + ".data, " + rb + ");");
    if (release) st.decref(v);
  }

  private List<String> declareTemps(List<IrType> ts, String base) {
    List<String> names = new ArrayList<>();
    for (IrType t : ts) {
      String n = st.fresh(base);
      st.line(ctype(t) + " " + n + ";");
      names.add(n);
    }
    return names;
  }

  /** The shape of {@code n} (zero) rows of {@code rowType}: {@code row}'s dimensions where known, else zeros. */
  String emptyShape(String n, IrType rowType, List<RowShapes.Dim> row) {
    if (row == null || row.size() != rowType.rank()) return shapeOf(n, rowType, null);
    StringBuilder sb = new StringBuilder("(int64_t[]){" + n);
    for (RowShapes.Dim d : row) sb.append(", ").append(dim(d));
    return sb.append('}').toString();
  }

  /** A row dimension in C. */
  static String dim(RowShapes.Dim d) {
    return switch (d) {
      case RowShapes.Dim.Of o -> atom(o.atom());
      case RowShapes.Dim.ShapeOf s -> atom(s.array()) + ".shape[" + s.dim() + "]";
    };
  }

  private static String shapeOf(String n, IrType rowType, String sample) {
    StringBuilder sb = new StringBuilder("(int64_t[]){" + n);
    for (int d = 0; d < rowType.rank(); d++) sb.append(", ").append(sample == null ? "0" : sample + ".shape[" + d + "]");
    return sb.append('}').toString();
  }

  // ---- map --------------------------------------------------------------------------------

  /**
   * Map statement {@code s} (binding {@code pat} to {@code m}), as its plan says; {@code dying}:
   * the owned arrays whose last use it is (a result may take over one's memory, see
   * {@link #allocOrReuse}).
   */
  void map(List<Atom.Var> pat, Exp.Map m, Stm s, Set<String> dying) {
    invariantIotaChecks(m.f());
    // A kernel where the map runs as host code; inside a parallel region (a function's sequential
    // version) it is an ordinary map.
    if (onDevice(s)) {
      kernel.map(pat, m);
      return;
    }
    if (s.has(Plan.INTERCHANGE)) {
      interchange.map(pat, m);
      return;
    }
    if (s.has(Plan.LANES)) {
      lanes.map(pat, m);
      return;
    }
    String n = atom(m.width());
    Lambda f = m.f();
    List<IrType> rets = f.returnTypes();
    boolean arrays = rets.stream().anyMatch(IrType::isArray);
    gen.declare(pat);
    String i = st.fresh("i");
    if (!arrays) {
      Set<String> reused = new HashSet<>();
      Set<String> read = FreeVars.ofBody(f.body());
      for (int j = 0; j < pat.size(); j++) allocOrReuse(pat.get(j).name(), rets.get(j), n, m.arrays(), dying, read, reused);
      boolean simd = Schedule.scalarLambdaReading(f);
      if (simd && parallel()) {
        streamingMap(i, n, f, m.arrays(), pat);
        return;
      }
      parallelFor(i, "0", n, mayFail(f.body()), work(f, m.arrays()), simd, () -> iteration(f, m.arrays(), i, pat, false));
      return;
    }
    Stm inner = Schedule.directInner(f);
    if (inner != null && inner.has(Plan.DIRECT_ROW)) {
      String width = width(Schedule.directWidth(f, m.arrays(), ((Exp.Map) inner.exp()).width()));
      // The rows are an inner map of a width known before the loop: allocate the result at once
      // and let the inner map write each row in place (no allocation and copy per row).
      IrType et = rets.get(0);
      Atom.Var out = pat.get(0);
      st.check(st.alloc(out.name(), "2, (int64_t[]){" + n + ", " + width + "}, "
          + CGen.es(et)));
      String key = inner.pattern().get(0).name();
      st.directRows.put(key, new CgState.DirectRow(out.name(), i, CGen.es(et)));
      parallelFor(i, "0", n, mayFail(f.body()), work(f, m.arrays()), () -> {
        List<String> tmps = declareTemps(rets, "r");
        st.noRefTargets.add(tmps.get(0));
        gen.apply(f, m.arrays().stream().map(a -> row(a, i)).toList(), tmps);
      });
      // Only this map's own lambda writes into `out`.
      st.directRows.remove(key);
      return;
    }
    // Row shapes are known only once a row is computed: run iteration 0 first, then allocate.
    st.open("if (" + n + " > 0) {");
    List<String> tmps = declareTemps(rets, "r");
    gen.apply(f, m.arrays().stream().map(a -> row(a, "0")).toList(), tmps);
    for (int j = 0; j < pat.size(); j++) {
      IrType et = rets.get(j);
      st.check(st.alloc(pat.get(j).name(), (et.rank() + 1) + ", " + shapeOf(n, et, tmps.get(j)) + ", "
          + CGen.es(et)));
      store(pat.get(j).name(), et, "0", tmps.get(j), false, true);
    }
    st.close("} else {");
    st.indent++;
    // No rows computed: their shape is what the lambda would give, where that is known outside it.
    List<List<RowShapes.Dim>> rows = RowShapes.of(f, m.arrays());
    for (int j = 0; j < pat.size(); j++) {
      IrType et = rets.get(j);
      st.check(st.alloc(pat.get(j).name(), (et.rank() + 1) + ", " + emptyShape(n, et, rows.get(j)) + ", "
          + CGen.es(et)));
    }
    st.close("}");
    parallelFor(i, "1", n, true, work(f, m.arrays()), () -> iteration(f, m.arrays(), i, pat, true));
  }

  /**
   * The range checks of the iotas of a map's body whose sizes come from outside it, made before
   * the map's result is allocated: as the reference, which hoists them, a negative width fails with
   * its range's error (not a negative allocation), also when the map has no rows.
   */
  private void invariantIotaChecks(Lambda f) {
    Set<String> inside = new HashSet<>();
    for (Atom.Var p : f.params()) inside.add(p.name());
    for (Stm t : f.body().stms()) {
      if (t.exp() instanceof Exp.Iota io && !(io.n() instanceof Atom.Var v && inside.contains(v.name()))) gen.iotaCheck(io.n());
      for (Atom.Var v : t.pattern()) inside.add(v.name());
    }
  }

  /**
   * Allocates {@code out}, the array of a map's scalar results of type {@code et}, or lets it take
   * over the memory of an input array that dies here ({@code dying}) and that nothing else
   * references (checked when it runs: {@code fut_unique}): a rank-1 input of the same element
   * type that the lambda does not read otherwise ({@code read}: its free variables), not taken by
   * another result ({@code reused}). Each iteration reads its elements of the inputs before it
   * writes element i of the results, so writing over the input is safe, also in parallel; the
   * input's variable then holds no memory, and its release after the statement does nothing.
   * ({@code map2 (+) acc x} where acc dies, an elementwise step of a loop or a reduction, is the
   * reference's in-place memory reuse for it.)
   */
  private void allocOrReuse(String out, IrType et, String n, List<Atom> inputs, Set<String> dying, Set<String> read,
                            Set<String> reused) {
    String alloc = st.alloc(out, "1, (int64_t[]){" + n + "}, " + CGen.es(et));
    for (Atom a : inputs) {
      if (!(a instanceof Atom.Var v) || !dying.contains(v.name()) || read.contains(v.name()) || reused.contains(v.name())
          || v.type().rank() != 1 || v.type().elem() != et.elem() || st.isVirtual(v.name())) continue;
      reused.add(v.name());
      st.open("if (fut_unique(&" + v.name() + ")) {");
      st.line(CGen.assign(out, v.name(), v.type()) + " " + v.name() + ".mem = NULL;");
      st.close("} else {");
      st.indent++;
      st.check(alloc);
      st.close("}");
      return;
    }
    st.check(alloc);
  }

  /**
   * An outermost map of straight-line scalar code ({@link ScalarCode}) into fresh arrays
   * {@code outs}: as {@link #parallelFor}, but a result larger than the last-level cache
   * ({@code fut_stream_worth}) is computed block by block into buffers on the stack and copied
   * out with streaming stores (see {@code fut_stream_out} in the engine), which do not read the
   * destination's lines before overwriting them: a bandwidth-bound map such as saxpy moves a
   * quarter less memory. Blocks follow the first result's address grid.
   */
  private void streamingMap(String i, String n, Lambda f, List<Atom> arrays, List<Atom.Var> outs) {
    List<IrType> rets = f.returnTypes();
    StringBuilder bytes = new StringBuilder("(" + n + ") * (int64_t)(0");
    for (IrType r : rets) bytes.append(" + ").append(CGen.es(r));
    bytes.append(')');
    String nt = st.fresh("nt");
    st.open("{");
    st.line("int " + nt + " = fut_threads_for(ctx, " + n + ");");
    st.open("if (" + nt + " <= 1) {");
    sequentially(() -> {
      st.line("#pragma omp simd");
      st.open("for (int64_t " + i + " = 0; " + i + " < " + n + "; " + i + "++) {");
      iteration(f, arrays, i, outs, false);
      st.close("}");
    });
    st.close("} else {");
    st.indent++;
    String stream = st.fresh("stream"), t = st.fresh("t"), ts = st.fresh("nts"), lo = st.fresh("lo"), hi = st.fresh("hi"),
        b = st.fresh("b"), e = st.fresh("e"), k = st.fresh("k");
    String es0 = CGen.es(rets.get(0)), out0 = outs.get(0).name();
    st.line("const int " + stream + " = fut_stream_worth(ctx, " + bytes + ");");
    st.parallelPragma(" num_threads(" + nt + ")");
    st.open("{");
    st.line("const int " + t + " = omp_get_thread_num(), " + ts + " = omp_get_num_threads();");
    st.line("const int64_t " + lo + " = fut_chunk(" + n + ", " + t + ", " + ts + "), " + hi + " = fut_chunk(" + n + ", "
        + t + " + 1, " + ts + ");");
    List<String> bufs = new ArrayList<>(), dsts = new ArrayList<>();
    for (IrType r : rets) {
      String buf = st.fresh("sb");
      st.line(CPrim.stype(r.elem()) + " " + buf + "[FUT_STREAM_BLOCK / " + es0 + "] __attribute__((aligned(64)));");
      bufs.add(buf);
      dsts.add(st.fresh("d"));
    }
    // Without streaming, one block is the thread's whole part, computed in place.
    st.open("for (int64_t " + b + " = " + lo + ", " + e + "; " + b + " < " + hi + "; " + b + " = " + e + ") {");
    st.line(e + " = " + stream + " ? fut_stream_end(" + out0 + ".data, " + b + ", " + hi + ", " + es0 + ") : " + hi + ";");
    for (int j = 0; j < rets.size(); j++) {
      String ty = CPrim.stype(rets.get(j).elem());
      st.line(ty + " *" + dsts.get(j) + " = " + stream + " ? " + bufs.get(j) + " : (" + ty + " *)" + outs.get(j).name()
          + ".data + " + b + ";");
    }
    st.line("#pragma omp simd");
    st.open("for (int64_t " + k + " = 0; " + k + " < " + e + " - " + b + "; " + k + "++) {");
    st.line("const int64_t " + i + " = " + b + " + " + k + ";");
    sequentially(() -> {
      List<String> tmps = declareTemps(rets, "r");
      gen.apply(f, arrays.stream().map(a -> row(a, i)).toList(), tmps);
      for (int j = 0; j < rets.size(); j++) {
        st.line(dsts.get(j) + "[" + k + "] = (" + CPrim.stype(rets.get(j).elem()) + ")" + tmps.get(j) + ";");
      }
    });
    st.close("}");
    st.open("if (" + stream + ") {");
    for (int j = 0; j < rets.size(); j++) {
      String es = CGen.es(rets.get(j));
      st.line("fut_stream_out(" + outs.get(j).name() + ".data + " + b + " * " + es + ", (const char *)" + bufs.get(j)
          + ", (size_t)(" + e + " - " + b + ") * " + es + ");");
    }
    st.close("}");
    st.close("}");
    st.line("if (" + stream + ") fut_stream_fence();");
    st.close("}");
    st.close("}");
    st.close("}");
  }

  /** The C expression of a width known before the outer loop. */
  private static String width(Schedule.RowWidth w) {
    return w.width() != null ? atom(w.width()) : atom(w.array()) + ".shape[" + w.dim() + "]";
  }

  /**
   * A {@code #[direct-row]} inner map (see {@link Schedule#directInner}) writing its elements
   * straight into row {@code d.index()} of {@code d.out()}; lane-masked with {@code lanes}.
   */
  void mapInto(Atom.Var x, Exp.Map m, CgState.DirectRow d, boolean useLanes) {
    st.line(ctype(x.type()) + " " + x.name() + " = fut_row(&" + d.out() + ", 2, " + d.index() + ", " + d.elemSize() + ");");
    st.borrowedViews.add(x.name());
    if (useLanes) {
      lanes.into(List.of(x), m);
      return;
    }
    String j = st.fresh("i");
    parallelFor(j, "0", atom(m.width()), mayFail(m.f().body()), work(m.f(), m.arrays()),
        () -> iteration(m.f(), m.arrays(), j, List.of(x), false));
  }

  private void iteration(Lambda f, List<Atom> arrays, String i, List<Atom.Var> outs, boolean checkShape) {
    List<IrType> rets = f.returnTypes();
    List<String> tmps = declareTemps(rets, "r");
    gen.apply(f, arrays.stream().map(a -> row(a, i)).toList(), tmps);
    for (int j = 0; j < outs.size(); j++) store(outs.get(j).name(), rets.get(j), i, tmps.get(j), checkShape, true);
  }

  // ---- reduce -----------------------------------------------------------------------------

  /** The elements of iteration i: rows, or the (owned) results of the fused map. */
  private List<String> elements(Lambda mapf, List<Atom> arrays, String i) {
    List<String> rows = arrays.stream().map(a -> row(a, i)).toList();
    if (mapf == null) return rows;
    List<String> ys = declareTemps(mapf.returnTypes(), "y");
    gen.apply(mapf, rows, ys);
    return ys;
  }

  private void releaseElements(Lambda mapf, List<String> ys) {
    if (mapf == null) return;
    for (int k = 0; k < ys.size(); k++) if (mapf.returnTypes().get(k).isArray()) st.decref(ys.get(k));
  }

  /**
   * A reduction's acc = op(acc, x): in place when the operator sums arrays ({@link #inPlaceSum}),
   * whose accumulators {@link #initAccs(List, List, Lambda)} made our own.
   */
  private void reduceStep(Lambda op, List<String> accs, List<String> xs, List<IrType> ts) {
    if (inPlaceSum(op, ts) == null) {
      step(op, accs, xs, ts);
      return;
    }
    for (int k = 0; k < ts.size(); k++) {
      PrimType t = ts.get(k).elem();
      String acc = accs.get(k), x = xs.get(k);
      if (!ts.get(k).isArray()) {
        st.line(acc + " = " + CPrim.binop(BinOperator.ADD, t, acc, x) + ";");
        continue;
      }
      // acc is our own copy: x is added into it element by element
      String q = st.fresh("q"), ct = CPrim.ctype(t);
      st.open("{");
      st.line(ct + " *a_" + q + " = (" + ct + " *)" + acc + ".data;");
      st.line("const " + ct + " *b_" + q + " = (const " + ct + " *)" + x + ".data;");
      st.line("const int64_t n_" + q + " = fut_numel(&" + acc + ", " + ts.get(k).rank() + ");");
      st.line("#pragma omp simd");
      st.open("for (int64_t " + q + " = 0; " + q + " < n_" + q + "; " + q + "++) {");
      st.line("a_" + q + "[" + q + "] = " + CPrim.binop(BinOperator.ADD, t, "a_" + q + "[" + q + "]", "b_" + q + "[" + q + "]") + ";");
      st.close("}");
      st.close("}");
    }
  }

  /**
   * acc = op(acc, x). The operator takes over the old accumulators (their references, which the
   * callers own): it releases them, or updates one in place where it dies in an elementwise map
   * ({@link #allocOrReuse}), as {@code map2 (+) acc x} does.
   */
  private void step(Lambda op, List<String> accs, List<String> xs, List<IrType> ts) {
    List<String> args = new ArrayList<>(accs);
    args.addAll(xs);
    List<String> next = declareTemps(ts, "acc");
    gen.apply(op, args, next, accs.size());
    for (int k = 0; k < accs.size(); k++) st.line(accs.get(k) + " = " + next.get(k) + ";");
  }

  private List<String> initAccs(List<Atom> nes, List<IrType> ts) {
    return initAccs(nes, ts, null);
  }

  /** The accumulators, starting from {@code nes}; own copies of arrays {@code op} sums in place ({@link #reduceStep}). */
  private List<String> initAccs(List<Atom> nes, List<IrType> ts, Lambda op) {
    List<String> accs = declareTemps(ts, "acc");
    if (op != null && inPlaceSum(op, ts) != null) {
      for (int k = 0; k < accs.size(); k++) {
        if (ts.get(k).isArray()) {
          st.check("fut_copy(ctx, &" + accs.get(k) + ", &" + atom(nes.get(k)) + ", " + ts.get(k).rank() + ", " + CGen.es(ts.get(k)) + ")");
        } else {
          st.line(accs.get(k) + " = " + atom(nes.get(k)) + ";");
        }
      }
      return accs;
    }
    for (int k = 0; k < accs.size(); k++) {
      if (ts.get(k).isArray()) {
        // A reference of its own, or a copy where threads share the neutral element (fut_acc_init);
        // through locals, so that the accumulator's address is not taken.
        st.line("{ fut_arr ne_ = " + atom(nes.get(k)) + ", a_; if (fut_acc_init(ctx, &a_, &ne_, " + ts.get(k).rank() + ", "
            + CGen.es(ts.get(k)) + ")) goto " + st.errLabel + "; " + accs.get(k) + " = a_; }");
      } else {
        st.line(accs.get(k) + " = " + atom(nes.get(k)) + ";");
      }
    }
    return accs;
  }

  /**
   * The element types when {@code op}, on accumulators of types {@code ts}, is a sum per component
   * on f32, f64 or integers, elementwise ({@code map2 (+)}, maps of maps included) on at least one
   * array: such a reduction keeps accumulators of its own and adds each element into them in place,
   * instead of building new arrays at every step. Else null.
   */
  static List<PrimType> inPlaceSum(Lambda op, List<IrType> ts) {
    int n = ts.size();
    if (op.params().size() != 2 * n || op.body().results().size() != n || ts.stream().noneMatch(IrType::isArray)) return null;
    List<PrimType> elems = new ArrayList<>();
    for (int k = 0; k < n; k++) {
      PrimType t = ts.get(k).elem();
      if (!(t.isInteger() || t == PrimType.F32 || t == PrimType.F64)) return null;
      if (!isAdd(op.body(), op.body().results().get(k), op.params().get(k), op.params().get(n + k), ts.get(k).rank())) return null;
      elems.add(t);
    }
    for (Stm s : op.body().stms()) {
      if (!(s.exp() instanceof Exp.Shape) && !op.body().results().containsAll(s.pattern())) return null;
    }
    return elems;
  }

  /** Whether {@code r} is bound in {@code b} to the elementwise sum of {@code a} and {@code c}, arrays of rank {@code rank}. */
  private static boolean isAdd(Body b, Atom r, Atom.Var a, Atom.Var c, int rank) {
    Stm def = null;
    for (Stm s : b.stms()) if (s.pattern().size() == 1 && s.pattern().get(0).equals(r)) def = s;
    if (def == null) return false;
    if (rank == 0) {
      return def.exp() instanceof Exp.BinOp bo && bo.op() == BinOperator.ADD
          && (List.of(bo.x(), bo.y()).equals(List.of(a, c)) || List.of(bo.x(), bo.y()).equals(List.of(c, a)));
    }
    if (!(def.exp() instanceof Exp.Map m) || !(m.arrays().equals(List.of(a, c)) || m.arrays().equals(List.of(c, a)))) return false;
    Lambda f = m.f();
    if (f.params().size() != 2 || f.body().results().size() != 1) return false;
    for (Stm s : f.body().stms()) {
      if (!(s.exp() instanceof Exp.Shape) && !f.body().results().containsAll(s.pattern())) return false;
    }
    Atom.Var x = m.arrays().get(0).equals(a) ? f.params().get(0) : f.params().get(1);
    Atom.Var y = x == f.params().get(0) ? f.params().get(1) : f.params().get(0);
    return isAdd(f.body(), f.body().results().get(0), x, y, rank - 1);
  }

  /**
   * The OpenMP reduction operator ("+" or "*") of each accumulator when the operator is, per
   * component, exactly {@code acc_k op x_k} on non-f16 scalars (e.g. a sum of 3-vectors as in
   * n-body), else null.
   */
  static List<String> simdOperators(Exp.Reduce r) {
    int n = r.nes().size();
    for (Atom ne : r.nes()) {
      if (ne.type().isArray() || ne.type().elem() == io.github.futhark4j.compiler.typed.PrimType.F16) return null;
    }
    if (r.mapf() != null && mayFail(r.mapf().body())) return null;
    Body b = r.op().body();
    if (b.stms().size() != n) return null;
    List<String> ops = new ArrayList<>();
    for (int k = 0; k < n; k++) {
      Stm s = null;
      for (Stm c : b.stms()) if (c.pattern().size() == 1 && c.pattern().get(0).equals(b.results().get(k))) s = c;
      if (s == null || !(s.exp() instanceof Exp.BinOp bo)) return null;
      List<Atom> ps = List.of(r.op().params().get(k), r.op().params().get(n + k));
      if (!(List.of(bo.x(), bo.y()).equals(ps) || List.of(bo.y(), bo.x()).equals(ps))) return null;
      switch (bo.op()) {
        case ADD -> ops.add("+");
        case MUL -> ops.add("*");
        default -> { return null; }
      }
    }
    return ops;
  }

  /** Below this many elements a vectorised reduction loses to a plain loop (lanes summed at the end). */
  private static final int SIMD_REDUCE_MIN = 16;

  /**
   * The loop of a reduction over [lo, hi) into {@code accs}. {@code mayBeShort}: the loop may run
   * over a few elements only (a reduction nested in another operator, such as the distance over
   * 4 coordinates inside k-means' map over points), where a vectorised loop would cost more than
   * it saves: a plain loop runs those.
   */
  private void reduceChunk(Exp.Reduce r, List<String> accs, List<IrType> ts, String lo, String hi, boolean mayBeShort) {
    List<String> simd = st.multicore && !st.kernel ? simdOperators(r) : null;
    if (simd != null && mayBeShort) {
      st.open("if (" + hi + " - " + lo + " < " + SIMD_REDUCE_MIN + ") {");
      reduceLoop(r, accs, ts, lo, hi, null);
      st.close("} else {");
      st.indent++;
      reduceLoop(r, accs, ts, lo, hi, simd);
      st.close("}");
      return;
    }
    reduceLoop(r, accs, ts, lo, hi, simd);
  }

  private void reduceLoop(Exp.Reduce r, List<String> accs, List<IrType> ts, String lo, String hi, List<String> simd) {
    String i = st.fresh("i");
    if (simd != null) {
      // Reductions are associative, so lanes may hold partial results: lets gcc vectorise
      // float sums it would otherwise keep in strict order.
      StringBuilder clauses = new StringBuilder();
      for (int k = 0; k < simd.size(); k++) clauses.append(" reduction(").append(simd.get(k)).append(":").append(accs.get(k)).append(")");
      st.line("#pragma omp simd" + clauses);
    }
    st.open("for (int64_t " + i + " = " + lo + "; " + i + " < " + hi + "; " + i + "++) {");
    List<String> xs = elements(r.mapf(), r.arrays(), i);
    reduceStep(r.op(), accs, xs, ts);
    releaseElements(r.mapf(), xs);
    st.close("}");
  }

  void reduce(List<Atom.Var> pat, Exp.Reduce r, Stm s) {
    if (onDevice(s)) {
      kernel.reduce(pat, r);
      return;
    }
    List<IrType> ts = r.nes().stream().map(Atom::type).toList();
    String n = atom(r.width());
    gen.declare(pat);
    List<String> res = pat.stream().map(Atom.Var::name).toList();
    Runnable seq = () -> {
      st.open("{");
      List<String> accs = initAccs(r.nes(), ts, r.op());
      reduceChunk(r, accs, ts, "0", n, true);
      for (int k = 0; k < res.size(); k++) st.line(res.get(k) + " = " + accs.get(k) + ";");
      st.close("}");
    };
    if (!parallel()) {
      seq.run();
      return;
    }
    sequentialWhenSmall(n, seq);
    parallelReduce(pat, r, ts, n, res);
    st.close("}");
  }

  private void parallelReduce(List<Atom.Var> pat, Exp.Reduce r, List<IrType> ts, String n, List<String> res) {
    st.open("{");
    String nt = st.fresh("nt");
    st.line("int " + nt + " = fut_threads_for(ctx, " + n + ");");
    List<String> parts = partials(ts, nt);
    String t = st.fresh("t"), end = st.fresh("chunk_end");
    st.parallelPragma(" for num_threads(" + nt + ") schedule(static, 1) if(" + nt + " > 1)");
    st.open("for (int " + t + " = 0; " + t + " < " + nt + "; " + t + "++) {");
    parallelBody(end, true, () -> {
      List<String> accs = initAccs(r.nes(), ts, r.op());
      reduceChunk(r, accs, ts, "fut_chunk(" + n + ", " + t + ", " + nt + ")", "fut_chunk(" + n + ", " + t + " + 1, " + nt + ")", false);
      for (int k = 0; k < accs.size(); k++) st.line(parts.get(k) + "[" + t + "] = " + accs.get(k) + ";");
    });
    st.line(end + ": __attribute__((unused));");
    st.close("}");
    st.line("if (ctx->failed) { " + freeAll(parts) + "goto " + st.errLabel + "; }");
    List<String> accs2 = initAccs(r.nes(), ts, r.op());
    st.open("for (int " + t + " = 0; " + t + " < " + nt + "; " + t + "++) {");
    List<String> xs = parts.stream().map(p -> p + "[" + t + "]").toList();
    reduceStep(r.op(), accs2, xs, ts);
    for (int k = 0; k < ts.size(); k++) if (ts.get(k).isArray()) st.decref(xs.get(k));
    st.close("}");
    for (int k = 0; k < res.size(); k++) st.line(res.get(k) + " = " + accs2.get(k) + ";");
    st.line(freeAll(parts));
    st.close("}");
  }

  private List<String> partials(List<IrType> ts, String nt) {
    List<String> parts = new ArrayList<>();
    for (IrType ty : ts) {
      String p = st.fresh("part");
      st.line(ctype(ty) + " *" + p + " = calloc((size_t)" + nt + ", sizeof(" + ctype(ty) + "));");
      st.line("if (!" + p + ") { fut_error(ctx, NULL, \"Failed to allocate partial results.\"); ctx->error_code = 3; goto "
          + st.errLabel + "; }");
      parts.add(p);
    }
    return parts;
  }

  private static String freeAll(List<String> parts) {
    StringBuilder sb = new StringBuilder();
    for (String p : parts) sb.append("free(").append(p).append("); ");
    return sb.toString();
  }

  // ---- scan -------------------------------------------------------------------------------

  void scan(List<Atom.Var> pat, Exp.Scan s, Stm stm) {
    if (onDevice(stm)) {
      kernel.scan(pat, s);
      return;
    }
    List<IrType> ts = s.scannedTypes();
    String n = atom(s.width());
    gen.declare(pat);
    for (int k = 0; k < pat.size(); k++) {
      // With a post map the elements are its results, scalars (Verifier): an array is a scanned one.
      IrType et = s.elementTypes().get(k);
      st.check(st.alloc(pat.get(k).name(), (et.rank() + 1) + ", " + shapeOf(n, et, et.isArray() ? atom(s.nes().get(k)) : null)
          + ", " + CGen.es(et)));
    }
    boolean scalar = ts.stream().noneMatch(IrType::isArray);
    Runnable seq = () -> {
      st.open("{");
      List<String> accs = initAccs(s.nes(), ts);
      scanChunk(s, pat, accs, ts, "0", n);
      for (int k = 0; k < ts.size(); k++) if (ts.get(k).isArray()) st.decref(accs.get(k));
      st.close("}");
    };
    if (!parallel() || !scalar) {
      // An array operator runs sequentially, and so do the operators inside it.
      if (parallel()) sequentially(seq);
      else seq.run();
      return;
    }
    sequentialWhenSmall(n, seq);
    parallelScan(pat, s, ts, n);
    st.close("}");
  }

  private void parallelScan(List<Atom.Var> pat, Exp.Scan s, List<IrType> ts, String n) {
    // Three phases: per-chunk totals, their exclusive prefix (sequential), per-chunk scans.
    st.open("{");
    String nt = st.fresh("nt");
    st.line("int " + nt + " = fut_threads_for(ctx, " + n + ");");
    List<String> parts = partials(ts, nt);
    String t = st.fresh("t");
    Exp.Reduce asReduce = new Exp.Reduce(s.width(), s.op(), s.nes(), s.mapf(), s.arrays(), false);
    chunked(t, nt, () -> {
      List<String> accs = initAccs(s.nes(), ts, s.op());
      reduceChunk(asReduce, accs, ts, "fut_chunk(" + n + ", " + t + ", " + nt + ")", "fut_chunk(" + n + ", " + t + " + 1, " + nt + ")", false);
      for (int k = 0; k < accs.size(); k++) st.line(parts.get(k) + "[" + t + "] = " + accs.get(k) + ";");
    }, parts);
    st.open("{");
    List<String> run = initAccs(s.nes(), ts);
    st.open("for (int " + t + " = 0; " + t + " < " + nt + "; " + t + "++) {");
    List<String> tot = declareTemps(ts, "tot");
    for (int k = 0; k < ts.size(); k++) {
      st.line(tot.get(k) + " = " + parts.get(k) + "[" + t + "];");
      st.line(parts.get(k) + "[" + t + "] = " + run.get(k) + ";");
    }
    step(s.op(), run, tot, ts);
    st.close("}");
    st.close("}");
    chunked(t, nt, () -> {
      List<String> accs = declareTemps(ts, "acc");
      for (int k = 0; k < ts.size(); k++) st.line(accs.get(k) + " = " + parts.get(k) + "[" + t + "];");
      scanChunk(s, pat, accs, ts, "fut_chunk(" + n + ", " + t + ", " + nt + ")", "fut_chunk(" + n + ", " + t + " + 1, " + nt + ")");
    }, parts);
    st.line(freeAll(parts));
    st.close("}");
  }

  void chunked(String t, String nt, Runnable body, List<String> parts) {
    String end = st.fresh("chunk_end");
    st.parallelPragma(" for num_threads(" + nt + ") schedule(static, 1) if(" + nt + " > 1)");
    st.open("for (int " + t + " = 0; " + t + " < " + nt + "; " + t + "++) {");
    parallelBody(end, true, body);
    st.line(end + ": __attribute__((unused));");
    st.close("}");
    st.line("if (ctx->failed) { " + freeAll(parts) + "goto " + st.errLabel + "; }");
  }

  private void scanChunk(Exp.Scan s, List<Atom.Var> pat, List<String> accs, List<IrType> ts, String lo, String hi) {
    String i = st.fresh("i");
    st.open("for (int64_t " + i + " = " + lo + "; " + i + " < " + hi + "; " + i + "++) {");
    List<String> xs = elements(s.mapf(), s.arrays(), i);
    step(s.op(), accs, xs, ts);
    releaseElements(s.mapf(), xs);
    // With a post map its scalars are stored; the scanned elements only live in the accumulators.
    List<IrType> ets = s.elementTypes();
    List<String> ys = accs;
    if (s.postf() != null) {
      ys = declareTemps(ets, "p");
      gen.apply(s.postf(), accs, ys);
    }
    for (int k = 0; k < pat.size(); k++) store(pat.get(k).name(), ets.get(k), i, ys.get(k), ets.get(k).isArray(), false);
    st.close("}");
  }

  // ---- filter, partition ------------------------------------------------------------------

  /** Filter and partition: one grouping, generated by {@link CGroup}. */
  void filter(List<Atom.Var> pat, Exp.Filter f, Stm s) {
    if (onDevice(s)) kernel.filter(pat, f);
    else group.filter(pat, f);
  }

  void partition(List<Atom.Var> pat, Exp.Partition p, Stm s) {
    if (onDevice(s)) kernel.partition(pat, p);
    else group.partition(pat, p);
  }

  // ---- hist, scatter ----------------------------------------------------------------------

  void hist(List<Atom.Var> pat, Exp.Hist h, Stm s) {
    if (onDevice(s)) {
      kernel.hist(pat, h);
      return;
    }
    List<IrType> ts = h.nes().stream().map(Atom::type).toList();
    if (parallel() && ts.stream().noneMatch(IrType::isArray)) {
      st.open("if (fut_threads_for(ctx, " + atom(h.width()) + ") > 1 && " + pat.get(0).name() + ".shape[0] <= 65536) {");
      parallelHist(pat, h, ts);
      st.close("} else {");
      st.indent++;
      sequentialHist(pat, h, ts);
      st.close("}");
      return;
    }
    sequentialHist(pat, h, ts);
  }

  /**
   * Each thread accumulates into private copies of the (small) histogram, initialised with the
   * neutral element; the copies are then combined bucket by bucket in parallel. Histogram
   * operators are associative and commutative, so the order does not matter. With at most
   * {@link #HIST_SUB_MAX} buckets a thread keeps {@link #HIST_SUB} copies and its loop is unrolled
   * by as many elements, element s of each step going to copy s: the updates of one step are then
   * independent even when they hit the same bucket, instead of each waiting for the previous
   * store (4.1 ms against 2.8 ms for 2^24 elements into 256 buckets).
   */
  private void parallelHist(List<Atom.Var> pat, Exp.Hist h, List<IrType> ts) {
    String n = atom(h.width()), m = st.fresh("m"), nt = st.fresh("nt"), t = st.fresh("t"), sub = st.fresh("sub");
    st.line("int64_t " + m + " = " + pat.get(0).name() + ".shape[0];");
    st.line("int " + nt + " = fut_threads_for(ctx, " + n + ");");
    st.line("const int64_t " + sub + " = " + m + " <= " + HIST_SUB_MAX + " ? " + HIST_SUB + " : 1;");
    // Each thread's copies start on a cache line of their own (stride[k] elements apart): two
    // threads updating buckets in one line would move it between the cores on every update (with
    // malloc's 16-byte alignment that cost 2^24 elements into 256 buckets a quarter of its time).
    List<String> privs = new ArrayList<>(), strides = new ArrayList<>();
    for (int k = 0; k < ts.size(); k++) {
      String pv = st.fresh("priv"), stride = st.fresh("stride"), ct = CPrim.ctype(ts.get(k));
      st.line("const int64_t " + stride + " = (int64_t)((sizeof(" + ct + ") * (size_t)" + m + " * (size_t)" + sub + " + 63) / 64 * 64 / sizeof("
          + ct + "));");
      st.line(ct + " *" + pv + " = aligned_alloc(64, sizeof(" + ct + ") * (size_t)" + stride + " * (size_t)" + nt + " + 64);");
      st.line("if (!" + pv + ") { " + freeAll(privs) + "fut_error(ctx, NULL, \"Failed to allocate histogram copies.\"); "
          + "ctx->error_code = 3; goto " + st.errLabel + "; }");
      st.line("for (int64_t j_ = 0; j_ < " + stride + " * " + nt + "; j_++) " + pv + "[j_] = " + atom(h.nes().get(k)) + ";");
      privs.add(pv);
      strides.add(stride);
    }
    chunked(t, nt, () -> {
      // copies[s][k]: this thread's copy s of histogram k (all the same copy when sub is 1).
      List<List<String>> copies = new ArrayList<>();
      for (int c = 0; c < HIST_SUB; c++) {
        List<String> bases = new ArrayList<>();
        for (int k = 0; k < privs.size(); k++) {
          String b = st.fresh("copy");
          st.line(CPrim.ctype(ts.get(k)) + " *" + b + " = " + privs.get(k) + " + (int64_t)" + t + " * " + strides.get(k) + " + ("
              + c + " < " + sub + " ? " + c + " : 0) * " + m + ";");
          bases.add(b);
        }
        copies.add(bases);
      }
      IndexRange.Range range = indexRange(h);
      List<HistPart> parts = histParts(h);
      if (range == null) {
        histChunk(h, parts, ts, copies, n, t, nt, m, true);
      } else {
        // Every index the fused index function can produce is a bucket: no per-element check.
        st.open("if (" + m + " > " + range.hi() + "LL) {");
        histChunk(h, parts, ts, copies, n, t, nt, m, false);
        st.close("} else {");
        st.indent++;
        histChunk(h, parts, ts, copies, n, t, nt, m, true);
        st.close("}");
      }
    }, privs);
    String j = st.fresh("j");
    parallelFor(j, "0", m, mayFail(h.op().body()), () -> {
      List<String> acc = declareTemps(ts, "a");
      for (int k = 0; k < ts.size(); k++) st.line(acc.get(k) + " = " + CGen.load(pat.get(k), j) + ";");
      String u = st.fresh("u");
      st.open("for (int64_t " + u + " = 0; " + u + " < " + nt + " * " + sub + "; " + u + "++) {");
      List<String> at = new ArrayList<>();
      for (int k = 0; k < privs.size(); k++) {
        at.add(privs.get(k) + "[(" + u + " / " + sub + ") * " + strides.get(k) + " + (" + u + " % " + sub + ") * " + m + " + " + j + "]");
      }
      step(h.op(), acc, at, ts);
      st.close("}");
      for (int k = 0; k < ts.size(); k++) st.line(CGen.storeTo(pat.get(k).name(), ts.get(k).elem(), j, acc.get(k)));
    });
    for (String pv : privs) st.line("free(" + pv + ");");
  }

  /** Thread t's elements into its copies, unrolled by {@link #HIST_SUB}. */
  private void histChunk(Exp.Hist h, List<HistPart> parts, List<IrType> ts, List<List<String>> copies, String n, String t,
      String nt, String m, boolean checked) {
    String i = st.fresh("i"), hi = st.fresh("hi");
    st.line("const int64_t " + hi + " = fut_chunk(" + n + ", " + t + " + 1, " + nt + ");");
    st.line("int64_t " + i + " = fut_chunk(" + n + ", " + t + ", " + nt + ");");
    st.open("for (; " + i + " + " + HIST_SUB + " <= " + hi + "; " + i + " += " + HIST_SUB + ") {");
    for (int c = 0; c < HIST_SUB; c++) histUpdate(h, parts, ts, copies.get(c), i + " + " + c, m, checked);
    st.close("}");
    st.open("for (; " + i + " < " + hi + "; " + i + "++) {");
    histUpdate(h, parts, ts, copies.get(0), i, m, checked);
    st.close("}");
  }

  /**
   * The values a histogram's indices can take when its map function's index has a known
   * non-negative range ({@link IndexRange}); null otherwise.
   */
  private static IndexRange.Range indexRange(Exp.Hist h) {
    if (h.mapf() == null) return null;
    IndexRange.Range r = IndexRange.ofResult(h.mapf());
    return r != null && r.lo() >= 0 ? r : null;
  }

  /**
   * How one element (the index, or a value) of a histogram is computed in its loop: row
   * {@code array} of its arrays as it is, or {@code part} (one result of its map function) of
   * the rows of {@code arrays}.
   */
  private record HistPart(int array, Lambda part, List<Atom> arrays) {}

  /**
   * The elements of a histogram computed apart, or null when its map function runs as a whole
   * before the index is checked. Without a map function every element is a row of an array. A
   * map function is split when its results are passed-through rows or scalars computed by
   * separate statements that cannot fail (maps fused into the indices and into the values): the
   * index is then computed first and the values only for an index inside the histogram, each
   * from the rows it reads.
   */
  private static List<HistPart> histParts(Exp.Hist h) {
    List<HistPart> parts = new ArrayList<>();
    Lambda f = h.mapf();
    if (f == null) {
      for (int k = 0; k < h.arrays().size(); k++) parts.add(new HistPart(k, null, null));
      return parts;
    }
    if (mayFail(f.body())) return null;
    List<Stm> stms = f.body().stms();
    List<Atom> results = f.body().results();
    Set<Integer> taken = new HashSet<>();
    // For each computed result: the statements it needs and the names they read.
    List<List<Stm>> mine = new ArrayList<>();
    List<Set<String>> needs = new ArrayList<>();
    for (Atom r : results) {
      if (f.params().contains(r)) {
        mine.add(null);
        needs.add(null);
        continue;
      }
      if (r.type().isArray()) return null;
      Set<String> need = new HashSet<>();
      if (r instanceof Atom.Var v) need.add(v.name());
      List<Stm> ss = new ArrayList<>();
      for (int k = stms.size() - 1; k >= 0; k--) {
        Stm s = stms.get(k);
        if (s.pattern().stream().noneMatch(x -> need.contains(x.name()))) continue;
        if (!taken.add(k)) return null; // shared with another result
        ss.add(0, s);
        need.addAll(FreeVars.ofExp(s.exp()));
      }
      mine.add(ss);
      needs.add(need);
    }
    if (taken.size() != stms.size()) return null;
    for (int j = 0; j < results.size(); j++) {
      Atom r = results.get(j);
      if (mine.get(j) == null) {
        parts.add(new HistPart(f.params().indexOf(r), null, null));
        continue;
      }
      // Its parameters: the rows it reads.
      List<Atom.Var> ps = new ArrayList<>();
      List<Atom> as = new ArrayList<>();
      for (int k = 0; k < f.params().size(); k++) {
        Atom.Var p = f.params().get(k);
        if (needs.get(j).contains(p.name())) {
          ps.add(p);
          as.add(h.arrays().get(k));
        }
      }
      parts.add(new HistPart(-1, new Lambda(ps, new Body(mine.get(j), List.of(r))), as));
    }
    return parts;
  }

  /**
   * A C expression for element {@code k} of row {@code i} of a histogram: from {@code whole}, the
   * results of its map function run as a whole, or else computed as {@code parts} says.
   */
  private String histElem(Exp.Hist h, List<HistPart> parts, List<String> whole, int k, String i) {
    if (whole != null) return whole.get(k);
    HistPart p = parts.get(k);
    if (p.part() == null) return row(h.arrays().get(p.array()), i);
    List<String> tmps = declareTemps(p.part().returnTypes(), "vm");
    gen.apply(p.part(), p.arrays().stream().map(a -> row(a, i)).toList(), tmps);
    return tmps.get(0);
  }

  /** The whole map function's results for row {@code i}, when it is not split ({@code parts} null). */
  private List<String> histWhole(Exp.Hist h, List<HistPart> parts, String i) {
    return parts != null ? null : elements(h.mapf(), h.arrays(), i);
  }

  /** Private histogram copies per thread, and the largest bucket count that gets them. */
  private static final int HIST_SUB = 4;
  private static final int HIST_SUB_MAX = 4096;

  /** One element of a parallel hist: element {@code index} into the copies {@code bases} (one per histogram). */
  private void histUpdate(Exp.Hist h, List<HistPart> parts, List<IrType> ts, List<String> bases, String index, String m,
      boolean checked) {
    String i = st.fresh("e"), ix = st.fresh("ix");
    st.open("{");
    st.line("const int64_t " + i + " = " + index + ";");
    List<String> whole = histWhole(h, parts, i);
    st.line("int64_t " + ix + " = " + histElem(h, parts, whole, 0, i) + ";");
    st.open(checked ? "if (" + ix + " >= 0 && " + ix + " < " + m + ") {" : "{");
    List<String> args = new ArrayList<>();
    for (String b : bases) args.add(b + "[" + ix + "]");
    for (int k = 1; k <= ts.size(); k++) args.add(histElem(h, parts, whole, k, i));
    List<String> next = declareTemps(ts, "h");
    gen.apply(h.op(), args, next);
    for (int k = 0; k < bases.size(); k++) st.line(bases.get(k) + "[" + ix + "] = " + next.get(k) + ";");
    st.close("}");
    st.close("}");
  }

  private void sequentialHist(List<Atom.Var> pat, Exp.Hist h, List<IrType> ts) {
    // The loop is sequential: operators on arrays (map2 (+) on rows) run as plain loops, not as
    // one OpenMP region per element.
    boolean saved = st.inParallel;
    st.inParallel = true;
    sequentialHistLoop(pat, h, ts);
    st.inParallel = saved;
  }

  private void sequentialHistLoop(List<Atom.Var> pat, Exp.Hist h, List<IrType> ts) {
    String i = st.fresh("i"), ix = st.fresh("ix");
    List<HistPart> parts = histParts(h);
    st.open("for (int64_t " + i + " = 0; " + i + " < " + atom(h.width()) + "; " + i + "++) {");
    List<String> whole = histWhole(h, parts, i);
    st.line("int64_t " + ix + " = " + histElem(h, parts, whole, 0, i) + ";");
    st.open("if (" + ix + " >= 0 && " + ix + " < " + pat.get(0).name() + ".shape[0]) {");
    List<String> args = new ArrayList<>();
    for (Atom.Var p : pat) args.add(row(p, ix));
    for (int k = 1; k <= ts.size(); k++) args.add(histElem(h, parts, whole, k, i));
    List<String> next = declareTemps(ts, "h");
    gen.apply(h.op(), args, next);
    for (int k = 0; k < pat.size(); k++) store(pat.get(k).name(), ts.get(k), ix, next.get(k), ts.get(k).isArray(), true);
    st.close("}");
    if (whole != null) releaseElements(h.mapf(), whole);
    st.close("}");
  }

  void scatter(List<Atom.Var> pat, Exp.Scatter s, Stm stm) {
    if (onDevice(stm)) {
      kernel.scatter(pat, s);
      return;
    }
    String i = st.fresh("i");
    parallelFor(i, "0", atom(s.width()), false, () -> {
      String ix = st.fresh("ix");
      st.line("int64_t " + ix + " = " + CGen.load(s.inds(), i) + ";");
      st.open("if (" + ix + " >= 0 && " + ix + " < " + pat.get(0).name() + ".shape[0]) {");
      for (int k = 0; k < pat.size(); k++) storeRow(pat.get(k).name(), s.vals().get(k).type().row(), ix, row(s.vals().get(k), i));
      st.close("}");
    });
  }

  /**
   * Writes {@code row} (a C expression from {@link #row}: a scalar, or a borrowed view of a row of
   * type {@code rt}) as row {@code pos} of {@code out}; array rows are copied.
   */
  void storeRow(String out, IrType rt, String pos, String row) {
    if (rt.rank() == 0) {
      st.line(CGen.storeTo(out, rt.elem(), pos, row));
    } else {
      String v = st.fresh("rowv");
      st.line("fut_arr " + v + " = " + row + ";");
      store(out, rt, pos, v, false, false);
    }
  }
}
