package io.github.futhark4j.compiler.core;

import io.github.futhark4j.compiler.typed.PrimValue;
import io.github.futhark4j.compiler.typed.PrimType;

/** An operand in A-normal form: a variable or a primitive constant. */
public sealed interface Atom {
  IrType type();

  /** A variable; names are unique in a program. */
  record Var(String name, IrType type) implements Atom {
    @Override public String toString() { return name; }
  }

  record Const(PrimValue value) implements Atom {
    public IrType type() { return new IrType.Scalar(value.type()); }

    @Override public String toString() { return value.toString(); }
  }

  static Const i64(long v) { return new Const(PrimValue.ofInt(PrimType.I64, v)); }

  static Const bool(boolean b) { return new Const(PrimValue.ofBool(b)); }
}
