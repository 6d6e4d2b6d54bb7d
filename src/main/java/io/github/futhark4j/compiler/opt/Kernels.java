package io.github.futhark4j.compiler.opt;

import io.github.futhark4j.compiler.core.Atom;
import io.github.futhark4j.compiler.core.Body;
import io.github.futhark4j.compiler.core.Exp;
import io.github.futhark4j.compiler.core.FreeVars;
import io.github.futhark4j.compiler.core.IrType;
import io.github.futhark4j.compiler.core.Lambda;
import io.github.futhark4j.compiler.core.Plan;
import io.github.futhark4j.compiler.core.Program;
import io.github.futhark4j.compiler.core.Rewrite;
import io.github.futhark4j.compiler.core.Stm;
import io.github.futhark4j.compiler.typed.PrimType;
import io.github.futhark4j.compiler.typed.TExp.BinOperator;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Chooses what runs on the device, for the device backends only (after {@link Schedule}): marks
 * {@code #[kernel]} on each map, reduce, scan and histogram of host code (an entry point's or function's body, or the
 * body of a loop or branch in it, not inside another operator) that becomes a device kernel: a
 * map one work-item per element, a reduction or scan work-items that each go through a part (see
 * {@code codegen.CKernel}). Every other statement stays host code, and says so by having no mark.
 *
 * <p>A map is a kernel when its lambda is {@link #deviceBody device code}: scalar code with
 * branches, sequential loops over scalars and reductions over flat arrays, reading elements of
 * free arrays (the checks it makes are reported by the host); its results are scalars (so the map's results are flat arrays written element by
 * element), no value is an f16 (rounded by host functions), each input array is one-dimensional, or
 * a virtual sequence or replicate (its elements computed from the index), and no array the lambda
 * indexes is virtual. (A map of a while loop that the schedule gave vector lanes, {@code #[lanes]},
 * becomes a kernel instead.) A two-dimensional map nest becomes one flat map over all its pairs of
 * indices first ({@link Nests}). A histogram is a kernel when it updates one flat histogram of 32-
 * or 64-bit buckets ({@link #histogram}), a scatter when it writes flat arrays ({@link #scatter}),
 * a filter when its predicate is device code over flat arrays ({@link #filter}), a partition into
 * a few classes likewise ({@link #partition}). A transpose of a two-dimensional array becomes a
 * map kernel over the result's elements ({@link #transposeKernel}).
 * Code generation obeys the mark where the statement runs as host code (a function's version
 * called inside a parallel region runs it as a plain loop).
 */
public final class Kernels {
  /** What the pass does, in one line ({@code futhark4j dev --steps} prints it). */
  public static final String DESCRIPTION =
      "device backends only: marks #[kernel] on each map, reduce, scan and hist of host code whose lambdas are scalar code (branches and loops included) over flat or virtual arrays, run as a device kernel";

  private Kernels() {}

  public static Program program(Program p) {
    return Rewrite.bodies(p, b -> body(b, virtuals(b, new java.util.HashMap<>())));
  }

  /**
   * The arrays of a body and its host-level bodies that the schedule made virtual (no memory), by
   * name, with the expressions that define them.
   */
  private static java.util.Map<String, Exp> virtuals(Body b, java.util.Map<String, Exp> acc) {
    for (Stm s : b.stms()) {
      if (s.has(Plan.VIRTUAL)) for (Atom.Var v : s.pattern()) acc.put(v.name(), s.exp());
      switch (s.exp()) {
        case Exp.If i -> {
          virtuals(i.then(), acc);
          virtuals(i.otherwise(), acc);
        }
        case Exp.Loop l -> virtuals(l.body(), acc);
        default -> { }
      }
    }
    return acc;
  }

  private static Body body(Body b, java.util.Map<String, Exp> defs) {
    Set<String> virtual = defs.keySet();
    List<Stm> out = new ArrayList<>();
    // Device scans have no post map: a scan kernel, then a map kernel.
    List<Stm> stms = new ArrayList<>();
    for (Stm s : b.stms()) stms.addAll(Fusion.withoutPostMap(s));
    for (Stm s : stms) {
      if (s.exp() instanceof Exp.Transpose t && transpose(s, t, virtual)) {
        out.addAll(transposeKernel(s, t));
        continue;
      }
      if (s.exp() instanceof Exp.Map m) {
        List<Stm> flat = Nests.flatten(s, m, defs);
        if (flat != null) {
          out.addAll(flat);
          continue;
        }
      }
      Stm t = switch (s.exp()) {
        case Exp.Map m when kernel(s, m, virtual) -> new Stm(s.pattern(), s.exp(), EnumSet.of(Plan.KERNEL));
        case Exp.Reduce r when folds(s, r.nes(), r.op(), r.mapf(), r.arrays(), virtual) ->
            new Stm(s.pattern(), s.exp(), EnumSet.of(Plan.KERNEL));
        case Exp.Scan sc when folds(s, sc.nes(), sc.op(), sc.mapf(), sc.arrays(), virtual) ->
            new Stm(s.pattern(), s.exp(), EnumSet.of(Plan.KERNEL));
        case Exp.Hist h when histogram(s, h, virtual) -> new Stm(s.pattern(), s.exp(), EnumSet.of(Plan.KERNEL));
        case Exp.Scatter sc when scatter(s, sc, virtual) -> new Stm(s.pattern(), s.exp(), EnumSet.of(Plan.KERNEL));
        case Exp.Filter fi when filter(s, fi, virtual) -> new Stm(s.pattern(), s.exp(), EnumSet.of(Plan.KERNEL));
        case Exp.Partition pa when partition(s, pa, virtual) -> new Stm(s.pattern(), s.exp(), EnumSet.of(Plan.KERNEL));
        case Exp.If i -> new Stm(s.pattern(), new Exp.If(i.cond(), body(i.then(), defs), body(i.otherwise(), defs)), s.plan());
        case Exp.Loop l -> new Stm(s.pattern(), new Exp.Loop(l.params(), l.inits(), l.form(), body(l.body(), defs)), s.plan());
        default -> s;
      };
      out.add(t);
    }
    return new Body(out, b.results());
  }

  /**
   * Whether {@code b} is code a kernel's work-item runs: every value a scalar other than f16, and
   * every statement one that allocates nothing: scalar operations ({@link Schedule#scalarStm}, and
   * divisions and powers that check their operands), a read of an element of an array (checked
   * unless proven in range), an assertion, a branch or a {@code for} or {@code while} loop over
   * scalars whose bodies are device code. A failing check stops the work-item and is reported by the
   * host after the launch, in the host's words (see {@code codegen.CKernel.Failure}).
   */
  static boolean deviceBody(Body b) {
    for (Stm s : b.stms()) {
      // An iota or a replicate of a scalar that the schedule made virtual: no memory, its elements
      // computed where they are read (the input of a reduction, an index).
      if (s.has(Plan.VIRTUAL) && s.pattern().size() == 1 && s.pattern().get(0).type().rank() == 1
          && (s.exp() instanceof Exp.Iota io && io.type() == PrimType.I64
              || s.exp() instanceof Exp.Replicate r && !r.value().type().isArray() && r.value().type().elem() != PrimType.F16)) {
        continue;
      }
      if (!scalars(s.pattern())) return false;
      boolean ok = switch (s.exp()) {
        case Exp.Index ix -> ix.indices().size() == ix.array().type().rank() && ix.array().type().elem() != PrimType.F16;
        // Checks a work-item makes and the host reports: divisions and integer powers, assertions.
        case Exp.BinOp bo -> bo.type() != PrimType.F16;
        case Exp.Assert a -> true;
        case Exp.Shape sh -> true;
        case Exp.PrimCall p when p.name().startsWith("tuning:") -> false; // read from the context, on the host
        case Exp.If i -> deviceBody(i.then()) && deviceBody(i.otherwise());
        case Exp.Loop l -> scalars(l.params())
            && deviceBody(l.body())
            && (!(l.form() instanceof Exp.LoopForm.While w) || deviceBody(w.cond()));
        // A reduction over flat arrays, run sequentially by the work-item.
        case Exp.Reduce r -> sequentialFold(r.nes(), r.op(), r.mapf(), r.arrays());
        default -> Schedule.scalarStm(s);
      };
      if (!ok) return false;
    }
    return scalars(b.results());
  }

  /** Whether every one of {@code as} is a scalar other than f16 (what device code computes with). */
  private static boolean scalars(List<? extends Atom> as) {
    return as.stream().noneMatch(a -> a.type().isArray() || a.type().elem() == PrimType.F16);
  }

  /** Whether lambda {@code f} (null: none) is device code with scalar parameters. */
  private static boolean deviceLambda(Lambda f) {
    return f == null || scalars(f.params()) && deviceBody(f.body());
  }

  /** {@link #deviceLambda} whose free variables a kernel can read ({@link #freeVarsFit}). */
  private static boolean kernelLambda(Lambda f, Set<String> virtual) {
    return f == null || deviceLambda(f) && freeVarsFit(f, virtual);
  }

  /**
   * Whether a reduction inside device code can run sequentially there: scalar accumulators (no
   * f16), an operator and a fused map that are device code with scalar parameters, and flat input
   * arrays (free arrays of the kernel, or virtual ones of its code).
   */
  private static boolean sequentialFold(List<Atom> nes, Lambda op, Lambda mapf, List<Atom> arrays) {
    if (!scalars(nes) || !deviceLambda(op) || !deviceLambda(mapf)) return false;
    for (Atom a : arrays) if (a.type().rank() != 1 || a.type().elem() == PrimType.F16) return false;
    return true;
  }

  /**
   * Whether a reduce or scan statement {@code s} (neutral elements {@code nes}, operator {@code op},
   * fused map {@code mapf} or null, input arrays {@code arrays}) runs as a kernel: scalar
   * accumulators (no f16), an operator and a fused map that are device code with scalar
   * parameters, one-dimensional or virtual input arrays, and free variables as for a map.
   */
  static boolean folds(Stm s, List<Atom> nes, Lambda op, Lambda mapf, List<Atom> arrays, Set<String> virtual) {
    return s.plan().isEmpty() && scalars(nes) && kernelLambda(op, virtual) && kernelLambda(mapf, virtual)
        && inputsFit(arrays, virtual);
  }

  /**
   * Whether histogram statement {@code s} runs as a kernel: one histogram, flat and in memory,
   * whose buckets are scalars of 32 or 64 bits (updated atomically: compare-and-swap, or an atomic
   * add), an operator and a fused map that are device code with scalar parameters, and inputs and
   * free variables as for a map.
   */
  static boolean histogram(Stm s, Exp.Hist h, Set<String> virtual) {
    if (!s.plan().isEmpty() || h.dests().size() != 1 || h.nes().size() != 1) return false;
    Atom dest = h.dests().get(0);
    if (dest.type().rank() != 1 || !(dest instanceof Atom.Var d) || virtual.contains(d.name())) return false;
    return ATOMIC.contains(dest.type().elem()) && kernelLambda(h.op(), virtual) && kernelLambda(h.mapf(), virtual)
        && inputsFit(h.arrays(), virtual);
  }

  /**
   * Whether scatter statement {@code s} runs as a kernel: flat destinations in memory (no f16),
   * and flat or virtual indices and values.
   */
  static boolean scatter(Stm s, Exp.Scatter sc, Set<String> virtual) {
    if (!s.plan().isEmpty()) return false;
    for (Atom d : sc.dests()) {
      if (d.type().rank() != 1 || d.type().elem() == PrimType.F16 || !(d instanceof Atom.Var v) || virtual.contains(v.name())) return false;
    }
    List<Atom> inputs = new ArrayList<>();
    inputs.add(sc.inds());
    inputs.addAll(sc.vals());
    return inputsFit(inputs, virtual);
  }

  /**
   * Whether filter statement {@code s} runs as kernels: a predicate that is device code with
   * scalar parameters, over flat or virtual arrays.
   */
  static boolean filter(Stm s, Exp.Filter fi, Set<String> virtual) {
    return s.plan().isEmpty() && kernelLambda(fi.pred(), virtual) && inputsFit(fi.arrays(), virtual);
  }

  /**
   * Whether partition statement {@code s} runs as kernels: at most {@link #PARTITION_CLASSES}
   * classes, a constant (each work-item counts them in private memory), a class function that is
   * device code with scalar parameters, over flat or virtual flat arrays.
   */
  static boolean partition(Stm s, Exp.Partition p, Set<String> virtual) {
    if (!s.plan().isEmpty() || !(p.k() instanceof Atom.Const c) || c.value().bits() > PARTITION_CLASSES) return false;
    for (Atom a : p.arrays()) if (a.type().rank() != 1) return false;
    return kernelLambda(p.cls(), virtual) && inputsFit(p.arrays(), virtual);
  }

  /**
   * Whether transpose statement {@code s} (one the schedule did not make virtual) runs as a kernel:
   * of a two-dimensional array in memory (no f16).
   */
  static boolean transpose(Stm s, Exp.Transpose t, Set<String> virtual) {
    return s.plan().isEmpty() && t.array() instanceof Atom.Var a && a.type().rank() == 2 && a.type().elem() != PrimType.F16
        && !virtual.contains(a.name());
  }

  /**
   * A transpose of {@code a}, an n by m array, as a map over the n * m elements of the result in
   * order (element k is row k / n, column k % n of the result: {@code a[k % n, k / n]}), marked
   * {@code #[kernel]}, unflattened to m by n. The reads are proven in range.
   */
  private static List<Stm> transposeKernel(Stm s, Exp.Transpose t) {
    Atom.Var a = (Atom.Var) t.array(), r = s.pattern().get(0);
    String base = r.name();
    IrType i64 = new IrType.Scalar(PrimType.I64);
    Atom.Var n = new Atom.Var(base + "_kn", i64), m = new Atom.Var(base + "_km", i64), nm = new Atom.Var(base + "_knm", i64);
    Atom.Var g = new Atom.Var(base + "_kg", new IrType.Arr(PrimType.I64, 1));
    Atom.Var flat = new Atom.Var(base + "_kflat", new IrType.Arr(r.type().elem(), 1));
    Atom.Var k = new Atom.Var(base + "_kk", i64), i = new Atom.Var(base + "_ki", i64), j = new Atom.Var(base + "_kj", i64);
    Atom.Var x = new Atom.Var(base + "_kx", new IrType.Scalar(r.type().elem()));
    Lambda f = new Lambda(List.of(k), new Body(List.of(
        new Stm(List.of(j), new Exp.BinOp(BinOperator.QUOT, PrimType.I64, k, n, null)),
        new Stm(List.of(i), new Exp.BinOp(BinOperator.REM, PrimType.I64, k, n, null)),
        new Stm(List.of(x), new Exp.Index(a, List.of(i, j), null))), List.of(x)));
    return List.of(
        new Stm(List.of(n), new Exp.Shape(a, 0)),
        new Stm(List.of(m), new Exp.Shape(a, 1)),
        new Stm(List.of(nm), new Exp.BinOp(BinOperator.MUL, PrimType.I64, n, m, null)),
        new Stm(List.of(g), new Exp.Iota(nm, PrimType.I64), EnumSet.of(Plan.VIRTUAL)),
        new Stm(List.of(flat), new Exp.Map(nm, f, List.of(g)), EnumSet.of(Plan.KERNEL)),
        new Stm(List.of(r), new Exp.Unflatten(m, n, flat, null)));
  }

  /** The most classes of a partition that runs as kernels. */
  static final int PARTITION_CLASSES = 64;

  /** The element types a kernel updates atomically, by their bits: 32 or 64 bits wide. */
  public static final Set<PrimType> ATOMIC =
      EnumSet.of(PrimType.I32, PrimType.U32, PrimType.F32, PrimType.I64, PrimType.U64, PrimType.F64);

  /** Whether a kernel can read these input arrays: one-dimensional (no f16), or virtual. */
  static boolean inputsFit(List<Atom> arrays, Set<String> virtual) {
    for (Atom a : arrays) {
      if (a.type().elem() == PrimType.F16) return false;
      if (a.type().rank() != 1 && !(a instanceof Atom.Var v && virtual.contains(v.name()))) return false;
    }
    return true;
  }

  /** Whether a kernel can read the free variables of {@code f}: no f16, no virtual array (no memory to copy). */
  static boolean freeVarsFit(Lambda f, Set<String> virtual) {
    for (Atom.Var v : FreeVars.ofLambda(f)) {
      if (v.type().elem() == PrimType.F16) return false;
      if (v.type().isArray() && virtual.contains(v.name())) return false;
    }
    return true;
  }

  /** Whether map statement {@code s} runs as a kernel (see the class comment). */
  static boolean kernel(Stm s, Exp.Map m, Set<String> virtual) {
    // A map of a scalar while loop the schedule gave vector lanes (#[lanes]) is a kernel instead.
    if (!s.plan().isEmpty() && !s.plan().equals(EnumSet.of(Plan.LANES))) return false;
    return kernelLambda(m.f(), virtual) && inputsFit(m.arrays(), virtual);
  }
}
