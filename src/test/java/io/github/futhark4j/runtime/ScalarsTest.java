package io.github.futhark4j.runtime;

import io.github.futhark4j.ScalarType;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;

/** Java-to-C scalar conversion: exact values pass, lossy ones are refused. */
class ScalarsTest {
  @Test
  void integersInRangeAreAccepted() {
    assertEquals((byte) 127, Scalars.toNative(ScalarType.I8, 127));
    assertEquals((short) -32768, Scalars.toNative(ScalarType.I16, -32768L));
    assertEquals(5, Scalars.toNative(ScalarType.I32, new BigDecimal("5.000")));
    assertEquals(Long.MIN_VALUE, Scalars.toNative(ScalarType.I64, BigInteger.valueOf(Long.MIN_VALUE)));
  }

  @Test
  void integersOutOfRangeOrFractionalAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> Scalars.toNative(ScalarType.I8, 128));
    assertThrows(IllegalArgumentException.class, () -> Scalars.toNative(ScalarType.I16, 40000));
    assertThrows(IllegalArgumentException.class, () -> Scalars.toNative(ScalarType.I32, 1L << 31));
    assertThrows(IllegalArgumentException.class, () -> Scalars.toNative(ScalarType.I64, BigInteger.ONE.shiftLeft(63)));
    assertThrows(IllegalArgumentException.class, () -> Scalars.toNative(ScalarType.I64, 0.5));
    assertThrows(IllegalArgumentException.class, () -> Scalars.toNative(ScalarType.I64, Double.NaN));
  }

  @Test
  void unsignedTakeSameWidthBitsOrNonNegativeValues() {
    assertEquals(255, Scalars.toNative(ScalarType.U8, (byte) -1));
    assertEquals(255, Scalars.toNative(ScalarType.U8, 255L));
    assertEquals(65535, Scalars.toNative(ScalarType.U16, (short) -1));
    assertEquals(-1, Scalars.toNative(ScalarType.U32, 4294967295L));
    assertEquals(-1L, Scalars.toNative(ScalarType.U64, new BigInteger("18446744073709551615")));
    assertThrows(IllegalArgumentException.class, () -> Scalars.toNative(ScalarType.U8, 256));
    assertThrows(IllegalArgumentException.class, () -> Scalars.toNative(ScalarType.U16, -1));
    assertThrows(IllegalArgumentException.class, () -> Scalars.toNative(ScalarType.U64, BigInteger.ONE.shiftLeft(64)));
  }

  @Test
  void floats() {
    assertEquals(3.0, Scalars.toNative(ScalarType.F64, 3));
    assertEquals(9007199254740992.0, Scalars.toNative(ScalarType.F64, 1L << 53));
    assertThrows(IllegalArgumentException.class, () -> Scalars.toNative(ScalarType.F64, (1L << 53) + 1));
    assertEquals(0.1f, Scalars.toNative(ScalarType.F32, 0.1));
    assertEquals(16777216f, Scalars.toNative(ScalarType.F32, 16777216));
    assertThrows(IllegalArgumentException.class, () -> Scalars.toNative(ScalarType.F32, 16777217));
    assertThrows(IllegalArgumentException.class, () -> Scalars.toNative(ScalarType.F32, 1e300));
    assertEquals(Float.floatToFloat16(2049f), Scalars.toNative(ScalarType.F16, 2049.0)); // rounds, like a literal
    assertThrows(IllegalArgumentException.class, () -> Scalars.toNative(ScalarType.F16, 2049));
    assertThrows(IllegalArgumentException.class, () -> Scalars.toNative(ScalarType.F16, 70000.0));
    assertEquals(Float.floatToFloat16(Float.NaN), Scalars.toNative(ScalarType.F16, Double.NaN));
  }

  @Test
  void boolsAndNonNumbers() {
    assertEquals((byte) 1, Scalars.toNative(ScalarType.BOOL, true));
    assertThrows(IllegalArgumentException.class, () -> Scalars.toNative(ScalarType.BOOL, 1));
    assertThrows(IllegalArgumentException.class, () -> Scalars.toNative(ScalarType.I32, "1"));
    assertThrows(IllegalArgumentException.class, () -> Scalars.toNative(ScalarType.F64, null));
  }

  @Test
  void canonicalGivesTheResultShape() {
    assertEquals((byte) -1, Scalars.canonical(ScalarType.U8, 255));
    assertEquals(1.5f, Scalars.canonical(ScalarType.F16, 1.5));
    assertEquals(Boolean.TRUE, Scalars.canonical(ScalarType.BOOL, true));
    assertEquals(7L, Scalars.canonical(ScalarType.I64, 7));
  }
}
