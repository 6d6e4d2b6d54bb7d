package io.github.futhark4j.polyglot.marshal;

import io.github.futhark4j.ScalarType;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;

/** The GraalVM-free parts of marshalling: types, unsigned scalars, flat result arrays. */
class MarshalTest {
  @Test
  void manifestTypes() {
    ManifestType t = ManifestType.parse("[][]f64");
    assertEquals(2, t.rank());
    assertEquals(ScalarType.F64, t.elem());
    assertTrue(t.isArray());
    assertTrue(ManifestType.parse("u8").isScalar());
    ManifestType o = ManifestType.parse("[]point");
    assertTrue(o.isOpaque());
    assertNull(o.elem());
  }

  @Test
  void unsignedScalarsAreShownUnsigned() {
    assertEquals(255, ScalarType.U8.numericValue((byte) -1));
    assertEquals(65535, ScalarType.U16.numericValue((short) -1));
    assertEquals(4294967295L, ScalarType.U32.numericValue(-1));
    assertEquals(new BigInteger("18446744073709551615"), ScalarType.U64.numericValue(-1L));
    assertEquals(5L, ScalarType.U64.numericValue(5L));
    assertEquals(-1, ScalarType.I32.numericValue(-1));
    assertEquals(new BigInteger("18446744073709551615"), ScalarType.U64.max());
    assertEquals(BigInteger.valueOf(-128), ScalarType.I8.min());
    assertEquals((byte) -1, ScalarType.U8.boxInteger(255));
  }

  @Test
  void flatArraysRoundTripAndShareMemoryWithRows() {
    double[][] m = {{1, 2, 3}, {4, 5, 6}};
    ArrayData a = ArrayData.fromJava(m, ScalarType.F64, 2);
    assertArrayEquals(new long[] {2, 3}, a.shape());
    assertEquals(48, a.byteSize());
    ArrayData row = a.row(1);
    assertEquals(6.0, row.get(2));
    assertEquals(24, row.byteOffset());
    assertEquals(5.0, row.bytes().getDouble(8));
    assertArrayEquals(m, (double[][]) a.toJava());
    a.buffer().putDouble(8, 20);
    assertEquals(20.0, ((double[][]) a.toJava())[0][1], "rows and copies see the shared buffer");
  }

  @Test
  void everyElementType() {
    assertEquals(4294967295L, ArrayData.fromJava(new int[] {-1}, ScalarType.U32, 1).get(0));
    assertEquals(true, ArrayData.fromJava(new boolean[] {false, true}, ScalarType.BOOL, 1).get(1));
    assertEquals(1.5f, ArrayData.fromJava(new float[] {1.5f}, ScalarType.F16, 1).get(0));
    assertEquals((short) -2, ArrayData.fromJava(new short[] {-2}, ScalarType.I16, 1).get(0));
    assertEquals(255, ArrayData.fromJava(new byte[] {-1}, ScalarType.U8, 1).get(0));
    assertArrayEquals(new long[] {7, -8}, (long[]) ArrayData.fromJava(new long[] {7, -8}, ScalarType.I64, 1).toJava());
    assertArrayEquals(new boolean[] {true, false}, (boolean[]) ArrayData.fromJava(new boolean[] {true, false}, ScalarType.BOOL, 1).toJava());
  }

  @Test
  void emptyArraysKeepTheirShape() {
    ArrayData a = ArrayData.fromJava(new double[0][], ScalarType.F64, 2);
    assertArrayEquals(new long[] {0, 0}, a.shape());
    assertEquals(0, ((double[][]) a.toJava()).length);
    ArrayData b = ArrayData.fromJava(new long[][] {{}, {}}, ScalarType.I64, 2);
    assertArrayEquals(new long[] {2, 0}, b.shape());
  }
}
