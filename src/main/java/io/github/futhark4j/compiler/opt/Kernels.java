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
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Chooses what runs on the device, for the device backends only (after {@link Schedule}): marks
 * {@code #[kernel]} on each map of host code (an entry point's or function's body, or the body of
 * a loop or branch in it, not inside another operator) that becomes one device kernel of one
 * work-item per element. Every other statement stays host code, and says so by having no mark.
 *
 * <p>A map is a kernel when its lambda is straight-line scalar code that cannot fail, reading
 * elements of free arrays at proven indices ({@link Schedule#scalarLambdaReading}), its results are
 * scalars (so the map's results are flat arrays written element by element), no value is an f16
 * (rounded by host functions), and each input array is one-dimensional, or a virtual sequence or
 * replicate (its elements computed from the index), and no array the lambda indexes is virtual.
 * Code generation obeys the mark where the statement runs as host code (a function's version
 * called inside a parallel region runs it as a plain loop).
 */
public final class Kernels {
  /** What the pass does, in one line ({@code futhark4j dev --steps} prints it). */
  public static final String DESCRIPTION =
      "device backends only: marks #[kernel] on each map of host code whose lambda is scalar code over flat or virtual arrays, run as one device kernel";

  private Kernels() {}

  public static Program program(Program p) {
    return Rewrite.bodies(p, b -> body(b, virtuals(b, new HashSet<>())));
  }

  /** The arrays of a body and its host-level bodies that the schedule made virtual (no memory). */
  private static Set<String> virtuals(Body b, Set<String> acc) {
    for (Stm s : b.stms()) {
      if (s.has(Plan.VIRTUAL)) for (Atom.Var v : s.pattern()) acc.add(v.name());
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

  private static Body body(Body b, Set<String> virtual) {
    List<Stm> out = new ArrayList<>();
    for (Stm s : b.stms()) {
      Stm t = switch (s.exp()) {
        case Exp.Map m when kernel(s, m, virtual) -> s.with(Plan.KERNEL);
        case Exp.If i -> new Stm(s.pattern(), new Exp.If(i.cond(), body(i.then(), virtual), body(i.otherwise(), virtual)), s.plan());
        case Exp.Loop l -> new Stm(s.pattern(), new Exp.Loop(l.params(), l.inits(), l.form(), body(l.body(), virtual)), s.plan());
        default -> s;
      };
      out.add(t);
    }
    return new Body(out, b.results());
  }

  /** Whether map statement {@code s} runs as a kernel (see the class comment). */
  static boolean kernel(Stm s, Exp.Map m, Set<String> virtual) {
    if (!s.plan().isEmpty()) return false;
    Lambda f = m.f();
    if (!Schedule.scalarLambdaReading(f)) return false;
    for (IrType r : f.returnTypes()) if (r.isArray() || r.elem() == PrimType.F16) return false;
    for (Atom a : m.arrays()) {
      if (a.type().elem() == PrimType.F16) return false;
      if (a.type().rank() != 1 && !(a instanceof Atom.Var v && virtual.contains(v.name()))) return false;
    }
    for (Atom.Var v : FreeVars.ofLambda(f)) {
      if (v.type().elem() == PrimType.F16) return false;
      if (v.type().isArray() && virtual.contains(v.name())) return false;
    }
    return true;
  }
}
