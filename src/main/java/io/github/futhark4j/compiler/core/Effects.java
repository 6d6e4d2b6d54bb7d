package io.github.futhark4j.compiler.core;

/**
 * Which expressions may fail at run time or consume their operands. Passes use this to decide
 * what may be moved or removed; code generation to decide which parallel loops need an error
 * exit.
 */
public final class Effects {
  private Effects() {}

  /**
   * Whether evaluating {@code e} may raise a program error (bounds, sizes, division, negative integer
   * exponents, invalid ranges, assertion, memory, and any call of a function: its body's errors, or
   * calls nested too deep).
   */
  public static boolean mayFail(Exp e) {
    return switch (e) {
      case Exp.AtomE a -> false;
      case Exp.BinOp b -> b.type().isInteger() && isDivision(b.op())
          && !(b.y() instanceof Atom.Const c && c.value().bits() != 0)
          || b.type().isInteger() && b.type().isSigned() && b.op() == io.github.futhark4j.compiler.typed.TExp.BinOperator.POW
          && !(b.y() instanceof Atom.Const c && c.value().bits() >= 0);
      case Exp.UnOp u -> false;
      case Exp.Convert c -> false;
      case Exp.PrimCall p -> false;
      case Exp.Shape s -> false;
      case Exp.Index ix -> ix.span() != null;
      case Exp.If i -> mayFail(i.then()) || mayFail(i.otherwise());
      default -> true;
    };
  }

  public static boolean mayFail(Body b) {
    for (Stm s : b.stms()) if (mayFail(s.exp())) return true;
    return false;
  }

  /** Whether {@code e} may fail only by running out of memory (so it can be evaluated speculatively). */
  public static boolean onlyAllocates(Exp e) {
    return switch (e) {
      case Exp.Iota i -> i.n() instanceof Atom.Const c && c.value().bits() >= 0; // a negative n is an invalid range
      case Exp.Replicate r -> true;
      case Exp.Copy c -> true;
      case Exp.Transpose t -> true;
      case Exp.Flatten f -> true;
      case Exp.Rotate r -> true;
      case Exp.Map m -> !mayFail(m.f().body());
      case Exp.Reduce r -> !mayFail(r.op().body()) && (r.mapf() == null || !mayFail(r.mapf().body()));
      default -> !mayFail(e);
    };
  }

  /** Whether {@code e} consumes (updates in place, or hands over to a function) one of its operands. */
  public static boolean consumes(Exp e) {
    return e instanceof Exp.Update || e instanceof Exp.UpdateSlice || e instanceof Exp.Hist || e instanceof Exp.Scatter
        || e instanceof Exp.Call c && c.consumed().contains(true);
  }

  /**
   * The variables {@code e} consumes or may update in place: the array of an update, the
   * destinations of a scatter or histogram, the arguments a call consumes, and every array given
   * as the initial value of a loop parameter (which the loop's body may update in place).
   * Nested bodies are not looked into.
   */
  public static java.util.Set<String> consumedOperands(Exp e) {
    java.util.Set<String> out = new java.util.HashSet<>();
    java.util.function.Consumer<Atom> add = a -> { if (a instanceof Atom.Var v) out.add(v.name()); };
    switch (e) {
      case Exp.Update u -> add.accept(u.array());
      case Exp.UpdateSlice u -> add.accept(u.array());
      case Exp.Hist h -> h.dests().forEach(add);
      case Exp.Scatter s -> s.dests().forEach(add);
      case Exp.Call c -> {
        for (int i = 0; i < c.args().size(); i++) if (c.consumed().get(i)) add.accept(c.args().get(i));
      }
      case Exp.Loop l -> {
        for (Atom a : l.inits()) if (a instanceof Atom.Var v && v.type().isArray()) out.add(v.name());
      }
      default -> { }
    }
    return out;
  }

  static boolean isDivision(io.github.futhark4j.compiler.typed.TExp.BinOperator op) {
    return switch (op) {
      case DIV, MOD, QUOT, REM -> true;
      default -> false;
    };
  }
}
