package io.github.futhark4j.compiler.types;

import io.github.futhark4j.compiler.typed.TExp.BinOperator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.Map;

/** The built-in infix operators: which types they accept and what they return. */
final class BuiltinOps {
  private BuiltinOps() {}

  /** {@code operands} null means any type with equality. */
  record Op(BinOperator op, EnumSet<PrimType> operands, boolean comparison) {}

  private static final Map<String, Op> OPS = new HashMap<>();

  static {
    for (BinOperator b : BinOperator.values()) {
      EnumSet<PrimType> operands;
      boolean cmp = false;
      switch (b) {
        case ADD, SUB, MUL, DIV, MOD, POW -> operands = Ty.NUMS;
        case QUOT, REM, SHL, SHR, USHR, BAND, BOR, BXOR -> operands = Ty.INTS;
        case EQ, NEQ -> { operands = null; cmp = true; }
        case LT, LE, GT, GE -> { operands = Ty.ALL_PRIMS; cmp = true; }
        case LAND, LOR -> operands = EnumSet.of(PrimType.BOOL);
        default -> throw new IllegalStateException();
      }
      OPS.put(b.symbol, new Op(b, operands, cmp));
    }
  }

  static boolean isBuiltin(String name) { return OPS.containsKey(name); }

  static Op of(String name) { return OPS.get(name); }
}
