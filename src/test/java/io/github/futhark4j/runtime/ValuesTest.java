package io.github.futhark4j.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.futhark4j.FutharkArray;
import io.github.futhark4j.FutharkFunction;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Every primitive type and array ranks 1 to 3 across the fixture library, in and out. */
@Tag("native")
class ValuesTest {
  static LoadedLibrary lib;

  @BeforeAll
  static void load() { lib = Fixture.load(); }

  @AfterAll
  static void close() { if (lib != null) lib.close(); }

  private static Object call(String entry, Object... args) {
    return lib.function(entry).call(args);
  }

  @Test
  void everyScalarTypeRoundTripsWithItsDocumentedJavaType() {
    assertEquals((byte) -128, call("id_i8", (byte) -128));
    assertEquals((short) -30000, call("id_i16", (short) -30000));
    assertEquals(Integer.MIN_VALUE, call("id_i32", Integer.MIN_VALUE));
    assertEquals(Long.MAX_VALUE, call("id_i64", Long.MAX_VALUE));
    assertEquals((byte) 0xFF, call("id_u8", 255));
    assertEquals((short) 0xFFFF, call("id_u16", 65535));
    assertEquals(-1, call("id_u32", 4294967295L));
    assertEquals(-1L, call("id_u64", -1L));
    assertEquals(1.5f, call("id_f16", 1.5f));
    assertEquals(-65504f, call("id_f16", -65504.0));
    assertEquals(3.25f, call("id_f32", 3.25f));
    assertEquals(Math.PI, call("id_f64", Math.PI));
    assertEquals(true, call("id_bool", true));
    assertEquals(false, call("id_bool", false));
  }

  @Test
  void specialFloatValuesSurvive() {
    assertEquals(Double.NaN, call("id_f64", Double.NaN));
    assertEquals(Float.NEGATIVE_INFINITY, call("id_f32", Float.NEGATIVE_INFINITY));
    assertEquals(Float.POSITIVE_INFINITY, call("id_f16", Double.POSITIVE_INFINITY));
    assertEquals(-0.0, call("id_f64", -0.0));
  }

  @Test
  void narrowerJavaNumbersWidenExactly() {
    assertEquals(3L, call("id_i64", 3));
    assertEquals(3.0, call("id_f64", 3));
    assertEquals(7.0f, call("id_f32", (short) 7));
    assertEquals(12, call("id_i32", 12.0)); // a double with no fraction, as JavaScript passes integers
  }

  @Test
  void unsignedValuesKeepTheirBits() {
    // u32 0xFFFFFFFF given as Integer -1 (its bits) widens to u64 4294967295, not -1.
    assertEquals(4294967295L, call("widen", -1));
    assertEquals(4294967295L, call("widen", 4294967295L));
    assertEquals((byte) 200, call("id_u8", (byte) 200));
  }

  @Test
  void boolParametersAreOneBytePerValue() {
    assertEquals(true, call("both", true, true));
    assertEquals(false, call("both", true, false));
  }

  @Test
  void everyElementTypeArrayRoundTrips() {
    assertArrayEquals(new byte[] {3, -2, 1}, (byte[]) call("rev_i8", new byte[] {1, -2, 3}));
    assertArrayEquals(new short[] {3, -2, 1}, (short[]) call("rev_i16", new short[] {1, -2, 3}));
    assertArrayEquals(new int[] {3, -2, 1}, (int[]) call("rev_i32", new int[] {1, -2, 3}));
    assertArrayEquals(new long[] {3, -2, Long.MIN_VALUE}, (long[]) call("rev_i64", new long[] {Long.MIN_VALUE, -2, 3}));
    assertArrayEquals(new byte[] {(byte) 255, 0}, (byte[]) call("rev_u8", new byte[] {0, (byte) 255}));
    assertArrayEquals(new short[] {(short) 65535, 1}, (short[]) call("rev_u16", new short[] {1, (short) 65535}));
    assertArrayEquals(new int[] {-1, 1}, (int[]) call("rev_u32", new int[] {1, -1}));
    assertArrayEquals(new long[] {-1, 1}, (long[]) call("rev_u64", new long[] {1, -1}));
    assertArrayEquals(new float[] {0.099975586f, -2f, 0.5f}, (float[]) call("rev_f16", new float[] {0.5f, -2f, 0.1f}));
    assertArrayEquals(new float[] {2.5f, 1.25f}, (float[]) call("rev_f32", new float[] {1.25f, 2.5f}));
    assertArrayEquals(new double[] {2.5, 1.25, 0}, (double[]) call("rev_f64", new double[] {0, 1.25, 2.5}));
    assertArrayEquals(new boolean[] {false, true, true}, (boolean[]) call("rev_bool", new boolean[] {true, true, false}));
  }

  @Test
  void emptyArraysWork() {
    assertEquals(0.0, call("sum", new double[0]));
    assertArrayEquals(new double[0], (double[]) call("rev_f64", new double[0]));
    double[][] empty = (double[][]) call("scale", new double[0][], 2.0);
    assertEquals(0, empty.length);
  }

  @Test
  void rank1InScalarOut() {
    assertEquals(10.5, call("sum", new double[] {1, 2, 3, 4.5}));
  }

  @Test
  void rank2InAndOutKeepsRowMajorLayout() {
    double[][] m = {{1, 2, 3}, {4, 5, 6}};
    double[][] r = (double[][]) call("scale", m, 2);
    assertArrayEquals(new double[] {2, 4, 6}, r[0]);
    assertArrayEquals(new double[] {8, 10, 12}, r[1]);
  }

  @Test
  void rank3OutFromScalarsAndRank3InAndOut() {
    long[][][] c = (long[][][]) call("cube", 2, 3, 4);
    assertEquals(2, c.length);
    assertEquals(3, c[1].length);
    assertEquals(4, c[1][2].length);
    assertEquals(123L, c[1][2][3]);
    assertEquals(20L, c[0][2][0]);
    float[][][] x = {{{1, 2}, {3, 4}}, {{5, 6}, {7, 8}}, {{9, 10}, {11, 12}}};
    float[][][] y = (float[][][]) call("neg3", (Object) x);
    assertEquals(-12f, y[2][1][1]);
    assertEquals(-6f, y[1][0][1]);
  }

  @Test
  void aTypedArrayAsTheOnlyArgumentIsNotSpreadAsVarargs() {
    float[][][] x = {{{1}}};
    float[][][] y = (float[][][]) lib.function("neg3").call(x);
    assertEquals(-1f, y[0][0][0]);
  }

  @Test
  void severalResultsComeBackAsObjectArray() {
    Object r = call("minmax", (Object) new long[] {5, -3, 9, 0});
    assertArrayEquals(new Object[] {-3L, 9L}, (Object[]) r);
    Object[] s = (Object[]) call("stats", (Object) new double[] {1, 2, 3});
    assertArrayEquals(new double[] {1, 3, 6}, (double[]) s[0]);
    assertEquals(6.0, s[1]);
    assertEquals(3L, s[2]);
  }

  @Test
  void javaSideFutharkArraysAreAccepted() {
    FutharkArray a = FutharkArray.ofFlat("f64", new long[] {2, 2}, new double[] {1, 2, 3, 4});
    double[][] r = (double[][]) call("scale", a, 10);
    assertArrayEquals(new double[] {30, 40}, r[1]);
    assertEquals(6.0, call("sum", FutharkArray.of(new double[] {1, 2, 3})));
    assertArrayEquals(new float[] {2f, 1f}, (float[]) call("rev_f16", FutharkArray.of("f16", new float[] {1f, 2f})));
  }

  @Test
  void wrappedFlatDataIsUsedInPlace() {
    double[] data = {1, 2, 3, 4};
    FutharkArray a = FutharkArray.wrapFlat("f64", new long[] {2, 2}, data);
    assertArrayEquals(new double[] {30, 40}, ((double[][]) call("scale", a, 10))[1]);
    data[3] = 5; // the wrapped array shows it; an ofFlat copy does not
    assertArrayEquals(new double[] {30, 50}, ((double[][]) call("scale", a, 10))[1]);
    assertArrayEquals(new double[] {1, 2, 3, 5}, (double[]) a.toFlatJava());
    FutharkArray copied = FutharkArray.ofFlat("f64", new long[] {2, 2}, data);
    data[3] = 6;
    assertArrayEquals(new double[] {1, 2, 3, 5}, (double[]) copied.toFlatJava());
    assertThrows(IllegalArgumentException.class, () -> FutharkArray.wrapFlat("f64", new long[] {3}, data));
  }

  @Test
  void signatureComesFromTheManifest() {
    FutharkFunction f = lib.function("scale");
    assertEquals("scale", f.name());
    assertEquals(List.of("[][]f64", "f64"), f.parameterTypes());
    assertEquals(List.of("[][]f64"), f.resultTypes());
    assertEquals(lib, f.program());
    assertEquals(List.of("u64"), lib.function("widen").resultTypes());
    assertEquals("sum", lib.entryPoints().keySet().iterator().next());
  }

  @Test
  void configuredThreadCountReachesTheContext() {
    try (LoadedLibrary three = Fixture.load(3)) {
      assertEquals(3, three.function("threads").call());
      assertEquals(3, three.threads());
    }
    assertEquals(0, call("threads"));
  }
}
