package io.github.futhark4j.polyglot.marshal;

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
    assertEquals(Prim.F64, t.elem());
    assertTrue(t.isArray());
    assertTrue(ManifestType.parse("u8").isScalar());
    ManifestType o = ManifestType.parse("[]point");
    assertTrue(o.isOpaque());
    assertNull(o.elem());
  }

  @Test
  void unsignedScalarsAreShownUnsigned() {
    assertEquals(255, Prim.U8.toGuestScalar((byte) -1));
    assertEquals(65535, Prim.U16.toGuestScalar((short) -1));
    assertEquals(4294967295L, Prim.U32.toGuestScalar(-1));
    assertEquals(new BigInteger("18446744073709551615"), Prim.U64.toGuestScalar(-1L));
    assertEquals(5L, Prim.U64.toGuestScalar(5L));
    assertEquals(-1, Prim.I32.toGuestScalar(-1));
    assertEquals(new BigInteger("18446744073709551615"), Prim.U64.max());
    assertEquals(BigInteger.valueOf(-128), Prim.I8.min());
    assertEquals((byte) -1, Prim.U8.boxInteger(255));
  }

  @Test
  void flatArraysRoundTripAndShareMemoryWithRows() {
    double[][] m = {{1, 2, 3}, {4, 5, 6}};
    ArrayData a = ArrayData.fromJava(m, Prim.F64, 2);
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
    assertEquals(4294967295L, ArrayData.fromJava(new int[] {-1}, Prim.U32, 1).get(0));
    assertEquals(true, ArrayData.fromJava(new boolean[] {false, true}, Prim.BOOL, 1).get(1));
    assertEquals(1.5f, ArrayData.fromJava(new float[] {1.5f}, Prim.F16, 1).get(0));
    assertEquals((short) -2, ArrayData.fromJava(new short[] {-2}, Prim.I16, 1).get(0));
    assertEquals(255, ArrayData.fromJava(new byte[] {-1}, Prim.U8, 1).get(0));
    assertArrayEquals(new long[] {7, -8}, (long[]) ArrayData.fromJava(new long[] {7, -8}, Prim.I64, 1).toJava());
    assertArrayEquals(new boolean[] {true, false}, (boolean[]) ArrayData.fromJava(new boolean[] {true, false}, Prim.BOOL, 1).toJava());
  }

  @Test
  void emptyArraysKeepTheirShape() {
    ArrayData a = ArrayData.fromJava(new double[0][], Prim.F64, 2);
    assertArrayEquals(new long[] {0, 0}, a.shape());
    assertEquals(0, ((double[][]) a.toJava()).length);
    ArrayData b = ArrayData.fromJava(new long[][] {{}, {}}, Prim.I64, 2);
    assertArrayEquals(new long[] {2, 0}, b.shape());
  }
}
