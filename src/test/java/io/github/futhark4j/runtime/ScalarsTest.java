package io.github.futhark4j.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;

/** Java-to-C scalar conversion: exact values pass, lossy ones are refused. */
class ScalarsTest {
  @Test
  void integersInRangeAreAccepted() {
    assertEquals((byte) 127, Scalars.toNative(Prim.I8, 127));
    assertEquals((short) -32768, Scalars.toNative(Prim.I16, -32768L));
    assertEquals(5, Scalars.toNative(Prim.I32, new BigDecimal("5.000")));
    assertEquals(Long.MIN_VALUE, Scalars.toNative(Prim.I64, BigInteger.valueOf(Long.MIN_VALUE)));
  }

  @Test
  void integersOutOfRangeOrFractionalAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> Scalars.toNative(Prim.I8, 128));
    assertThrows(IllegalArgumentException.class, () -> Scalars.toNative(Prim.I16, 40000));
    assertThrows(IllegalArgumentException.class, () -> Scalars.toNative(Prim.I32, 1L << 31));
    assertThrows(IllegalArgumentException.class, () -> Scalars.toNative(Prim.I64, BigInteger.ONE.shiftLeft(63)));
    assertThrows(IllegalArgumentException.class, () -> Scalars.toNative(Prim.I64, 0.5));
    assertThrows(IllegalArgumentException.class, () -> Scalars.toNative(Prim.I64, Double.NaN));
  }

  @Test
  void unsignedTakeSameWidthBitsOrNonNegativeValues() {
    assertEquals(255, Scalars.toNative(Prim.U8, (byte) -1));
    assertEquals(255, Scalars.toNative(Prim.U8, 255L));
    assertEquals(65535, Scalars.toNative(Prim.U16, (short) -1));
    assertEquals(-1, Scalars.toNative(Prim.U32, 4294967295L));
    assertEquals(-1L, Scalars.toNative(Prim.U64, new BigInteger("18446744073709551615")));
    assertThrows(IllegalArgumentException.class, () -> Scalars.toNative(Prim.U8, 256));
    assertThrows(IllegalArgumentException.class, () -> Scalars.toNative(Prim.U16, -1));
    assertThrows(IllegalArgumentException.class, () -> Scalars.toNative(Prim.U64, BigInteger.ONE.shiftLeft(64)));
  }

  @Test
  void floats() {
    assertEquals(3.0, Scalars.toNative(Prim.F64, 3));
    assertEquals(9007199254740992.0, Scalars.toNative(Prim.F64, 1L << 53));
    assertThrows(IllegalArgumentException.class, () -> Scalars.toNative(Prim.F64, (1L << 53) + 1));
    assertEquals(0.1f, Scalars.toNative(Prim.F32, 0.1));
    assertEquals(16777216f, Scalars.toNative(Prim.F32, 16777216));
    assertThrows(IllegalArgumentException.class, () -> Scalars.toNative(Prim.F32, 16777217));
    assertThrows(IllegalArgumentException.class, () -> Scalars.toNative(Prim.F32, 1e300));
    assertEquals(Float.floatToFloat16(2049f), Scalars.toNative(Prim.F16, 2049.0)); // rounds, like a literal
    assertThrows(IllegalArgumentException.class, () -> Scalars.toNative(Prim.F16, 2049));
    assertThrows(IllegalArgumentException.class, () -> Scalars.toNative(Prim.F16, 70000.0));
    assertEquals(Float.floatToFloat16(Float.NaN), Scalars.toNative(Prim.F16, Double.NaN));
  }

  @Test
  void boolsAndNonNumbers() {
    assertEquals((byte) 1, Scalars.toNative(Prim.BOOL, true));
    assertThrows(IllegalArgumentException.class, () -> Scalars.toNative(Prim.BOOL, 1));
    assertThrows(IllegalArgumentException.class, () -> Scalars.toNative(Prim.I32, "1"));
    assertThrows(IllegalArgumentException.class, () -> Scalars.toNative(Prim.F64, null));
  }

  @Test
  void canonicalGivesTheResultShape() {
    assertEquals((byte) -1, Scalars.canonical(Prim.U8, 255));
    assertEquals(1.5f, Scalars.canonical(Prim.F16, 1.5));
    assertEquals(Boolean.TRUE, Scalars.canonical(Prim.BOOL, true));
    assertEquals(7L, Scalars.canonical(Prim.I64, 7));
  }
}
