package io.github.futhark4j.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.futhark4j.ScalarType;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/** Every type and several ranks survive text and binary round trips, and the Java conversions. */
class RoundTripTest {
  static Stream<Value> samples() {
    List<Value> out = new ArrayList<>();
    for (ScalarType t : ScalarType.values()) {
      ValueGenerator g = new ValueGenerator(t.ordinal());
      out.add(g.generate(new ValueGenerator.ShapedType(t, new long[0])));
      out.add(g.generate(new ValueGenerator.ShapedType(t, new long[] {5})));
      out.add(g.generate(new ValueGenerator.ShapedType(t, new long[] {2, 3})));
      out.add(g.generate(new ValueGenerator.ShapedType(t, new long[] {2, 1, 2})));
      out.add(g.generate(new ValueGenerator.ShapedType(t, new long[] {0})));
      out.add(g.generate(new ValueGenerator.ShapedType(t, new long[] {3, 0})));
    }
    // Extremes and special floats.
    out.add(Value.vector(ScalarType.I64, new long[] {Long.MIN_VALUE, Long.MAX_VALUE, 0}));
    out.add(Value.vector(ScalarType.U64, new long[] {-1L, Long.MIN_VALUE, 1}));
    out.add(Value.vector(ScalarType.U8, new byte[] {(byte) 255, 0, (byte) 128}));
    out.add(Value.vector(ScalarType.I8, new byte[] {-128, 127}));
    out.add(Value.vector(ScalarType.F64, new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
        -0.0, Double.MIN_VALUE, Double.MAX_VALUE, 1e-300, 0.1}));
    out.add(Value.vector(ScalarType.F32, new float[] {Float.NaN, Float.NEGATIVE_INFINITY, Float.MIN_VALUE, 3.4e38f, 1e-7f}));
    out.add(Value.vector(ScalarType.F16, new float[] {Float.NaN, Float.POSITIVE_INFINITY, 65504f, 0.099975586f, -2.5f}));
    return out.stream();
  }

  @ParameterizedTest
  @MethodSource("samples")
  void textRoundTrip(Value v) {
    String text = ValueWriter.text(v);
    assertEquals(v, ValueReader.parse(text), text);
  }

  @ParameterizedTest
  @MethodSource("samples")
  void binaryRoundTrip(Value v) {
    byte[] bytes = BinaryFormat.toBytes(v);
    assertEquals(7 + 8 * v.rank() + v.elementCount() * v.type().bytes(), bytes.length);
    assertEquals(v, new ValueReader(bytes, "bin").next());
  }

  @ParameterizedTest
  @MethodSource("samples")
  void javaRoundTrip(Value v) {
    assertEquals(v, Value.fromJava(v.toJava(), v.typeName()));
  }

  @ParameterizedTest
  @EnumSource(ScalarType.class)
  void binaryHeaderMatchesTheSpecification(ScalarType t) {
    Value v = new ValueGenerator(1).generate(new ValueGenerator.ShapedType(t, new long[] {2, 1}));
    byte[] b = BinaryFormat.toBytes(v);
    assertEquals('b', b[0]);
    assertEquals(2, b[1]);
    assertEquals(2, b[2]);
    assertEquals(BinaryFormat.typeCode(t), new String(b, 3, 4, java.nio.charset.StandardCharsets.US_ASCII));
    assertEquals(4, BinaryFormat.typeCode(t).length());
    assertEquals(2, b[7]);
    assertEquals(1, b[15]);
  }

  @Test
  void littleEndianData() {
    byte[] b = BinaryFormat.toBytes(Value.i32(0x01020304));
    assertArrayEquals(new byte[] {'b', 2, 0, ' ', 'i', '3', '2', 4, 3, 2, 1}, b);
    byte[] h = BinaryFormat.toBytes(Value.scalar(ScalarType.F16, 1.0f));
    assertEquals(0x00, h[7]);
    assertEquals(0x3c, h[8]);
  }

  @Test
  void writerSyntax() {
    assertEquals("1i32", Value.i32(1).toString());
    assertEquals("[1.0f64, 2.5f64]", Value.vector(ScalarType.F64, new double[] {1, 2.5}).toString());
    assertEquals("empty([0]i64)", Value.vector(ScalarType.I64, new long[0]).toString());
    assertEquals("empty([2][0]f32)", Value.of(ScalarType.F32, new long[] {2, 0}, new float[0]).toString());
    assertEquals("true", Value.bool(true).toString());
    assertEquals("f64.nan", Value.f64(Double.NaN).toString());
    assertEquals("-f64.inf", Value.f64(Double.NEGATIVE_INFINITY).toString());
    assertEquals("f32.inf", Value.f32(Float.POSITIVE_INFINITY).toString());
    assertEquals("255u8", Value.scalar(ScalarType.U8, (byte) -1).toString());
    assertEquals("[[1i8, 2i8], [3i8, 4i8]]", Value.of(ScalarType.I8, new long[] {2, 2}, new byte[] {1, 2, 3, 4}).toString());
    assertEquals("1.0e-5f64", Value.f64(1e-5).toString());
  }

  @Test
  void javaShapes() {
    Value m = ValueReader.parse("[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]");
    double[][] j = (double[][]) m.toJava();
    assertEquals(3, j.length);
    assertArrayEquals(new double[] {5, 6}, j[2]);
    assertEquals(7, Value.i32(7).toJava());
    assertEquals((short) -1, Value.scalar(ScalarType.U16, 65535).toJava());
    assertEquals(Value.i64(3), Value.fromJava(3L, "i64"));
    assertEquals(m, Value.fromJava(new double[][] {{1, 2}, {3, 4}, {5, 6}}, ScalarType.F64));
  }

  @Test
  void javaConversionErrors() {
    org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> Value.fromJava(new int[][] {{1, 2}, {3}}, ScalarType.I32));
    org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> Value.fromJava(new int[] {1}, "[]f64"));
    org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> Value.fromJava(new int[] {1}, "[][]i32"));
    org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> Value.fromJava("x", "i32"));
    org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> Value.fromJava(1, "opaque_thing"));
  }
}
