package io.github.futhark4j.fuzz;

import io.github.futhark4j.ScalarType;
import io.github.futhark4j.compiler.core.Interpreter;
import io.github.futhark4j.compiler.typed.PrimValue;
import io.github.futhark4j.compiler.typed.PrimType;
import io.github.futhark4j.data.Value;

/**
 * Conversions between {@link Value}s and the values of the IR {@link Interpreter}: the fuzzer's one
 * crossing between the compiler's {@link PrimType} and the {@link ScalarType} of values.
 */
public final class IrValues {
  private IrValues() {}

  /** The value model's type for a compiler primitive type (the two enums have the same constants). */
  public static ScalarType scalar(PrimType t) { return ScalarType.valueOf(t.name()); }

  /** The compiler's primitive type for a value's type. */
  public static PrimType prim(ScalarType t) { return PrimType.valueOf(t.name()); }

  /** A value as the interpreter takes it: a {@link PrimValue} or an {@link Interpreter.ArrayValue}. */
  public static Object toIr(Value v) {
    if (v.isScalar()) {
      PrimType t = prim(v.type());
      return switch (t.kind()) {
        case BOOL -> PrimValue.ofBool(v.boolAt(0));
        case FLOAT -> PrimValue.ofFloat(t, v.doubleAt(0));
        default -> PrimValue.ofInt(t, v.longAt(0));
      };
    }
    return new Interpreter.ArrayValue(prim(v.type()), v.shape(), v.data());
  }

  /** An interpreter result as a {@link Value}. */
  public static Value fromIr(Object o) {
    return switch (o) {
      case PrimValue p -> switch (p.type().kind()) {
        case BOOL -> Value.bool(p.boolValue());
        case FLOAT -> Value.scalar(scalar(p.type()), p.floatValue());
        default -> Value.scalar(scalar(p.type()), p.bits());
      };
      case Interpreter.ArrayValue a -> Value.of(scalar(a.elem()), a.shape(), a.data());
      default -> throw new IllegalArgumentException("not an interpreter value: " + o);
    };
  }
}
