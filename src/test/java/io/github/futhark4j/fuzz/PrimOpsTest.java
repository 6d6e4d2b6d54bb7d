package io.github.futhark4j.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.futhark4j.compiler.core.PrimOps;
import io.github.futhark4j.compiler.typed.PrimValue;
import io.github.futhark4j.compiler.typed.TExp.BinOperator;
import io.github.futhark4j.compiler.typed.PrimType;
import org.junit.jupiter.api.Test;

/** The interpreter's primitive operations on the cases a naive translation gets wrong. */
class PrimOpsTest {
  private static PrimValue i(PrimType t, long v) { return PrimValue.ofInt(t, v); }

  private static long bin(BinOperator op, PrimType t, long x, long y) {
    return PrimOps.binop(op, t, i(t, x), i(t, y)).bits();
  }

  @Test
  void integerDivisionFloorsAndTruncates() {
    assertEquals(-4, bin(BinOperator.DIV, PrimType.I32, -7, 2));
    assertEquals(1, bin(BinOperator.MOD, PrimType.I32, -7, 2));
    assertEquals(-3, bin(BinOperator.QUOT, PrimType.I32, -7, 2));
    assertEquals(-1, bin(BinOperator.REM, PrimType.I32, -7, 2));
    assertEquals(Long.MIN_VALUE, bin(BinOperator.DIV, PrimType.I64, Long.MIN_VALUE, -1));
    assertEquals(Long.divideUnsigned(-1L, 3), bin(BinOperator.DIV, PrimType.U64, -1L, 3));
    assertThrows(ArithmeticException.class, () -> bin(BinOperator.MOD, PrimType.U8, 5, 0));
  }

  @Test
  void wrappingShiftsAndUnsignedComparison() {
    assertEquals(-128, bin(BinOperator.ADD, PrimType.I8, 127, 1));
    assertEquals(0, bin(BinOperator.SHL, PrimType.I32, 1, 32));
    assertEquals(-1, bin(BinOperator.SHR, PrimType.I16, -5, 40));
    assertEquals(0x7F, bin(BinOperator.USHR, PrimType.I8, -1, 1));
    assertEquals(1, PrimOps.binop(BinOperator.GT, PrimType.U64, i(PrimType.U64, -1), i(PrimType.U64, 1)).bits());
  }

  @Test
  void conversions() {
    assertEquals(65535, PrimOps.convert(PrimType.I16, PrimType.U32, i(PrimType.I16, -1)).bits());
    assertEquals(-1, PrimOps.convert(PrimType.I16, PrimType.I64, i(PrimType.I16, -1)).bits());
    assertEquals(0, PrimOps.convert(PrimType.F64, PrimType.I32, PrimValue.ofFloat(PrimType.F64, Double.NaN)).bits());
    assertEquals(0, PrimOps.convert(PrimType.F32, PrimType.I64, PrimValue.ofFloat(PrimType.F32, Double.POSITIVE_INFINITY)).bits());
    assertEquals(1.8446744073709552E19, PrimOps.convert(PrimType.U64, PrimType.F64, i(PrimType.U64, -1)).floatValue());
    assertEquals(1.0, PrimOps.convert(PrimType.F64, PrimType.F16, PrimValue.ofFloat(PrimType.F64, 1.0001)).floatValue());
    // Found by the fuzzer (seed 20261127, case 24): f64.f16 kept the f16 type.
    assertEquals(PrimValue.ofFloat(PrimType.F64, 8.25), PrimOps.convert(PrimType.F16, PrimType.F64, PrimValue.ofFloat(PrimType.F16, 8.25)));
  }

  @Test
  void floatMinIgnoresNaN() {
    PrimValue nan = PrimValue.ofFloat(PrimType.F32, Double.NaN), one = PrimValue.ofFloat(PrimType.F32, 1);
    assertEquals(1.0, PrimOps.call("min", java.util.List.of(nan, one), PrimType.F32, PrimType.F32).floatValue());
    assertEquals(1.0, PrimOps.call("max", java.util.List.of(one, nan), PrimType.F32, PrimType.F32).floatValue());
  }
}
