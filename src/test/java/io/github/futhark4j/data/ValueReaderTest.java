package io.github.futhark4j.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.ScalarType;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ValueReaderTest {
  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "1 | i32 | 1",
      "-7 | i32 | -7",
      "1i8 | i8 | 1",
      "-128i8 | i8 | -128",
      "255u8 | u8 | 255",
      "65535u16 | u16 | 65535",
      "-32768i16 | i16 | -32768",
      "4294967295u32 | u32 | 4294967295",
      "9223372036854775807i64 | i64 | 9223372036854775807",
      "-9223372036854775808i64 | i64 | -9223372036854775808",
      "0x10 | i32 | 16",
      "0xffu8 | u8 | 255",
      "0xffi8 | i8 | -1",
      "0b101 | i32 | 5",
      "0B1111_0000u8 | u8 | 240",
      "1_000_000 | i32 | 1000000",
      "0xFFFF_FFFFi32 | i32 | -1",
  })
  void integers(String text, String type, String expected) {
    Value v = ValueReader.parse(text);
    assertEquals(ScalarType.parse(type), v.type());
    assertTrue(v.isScalar());
    long want = Long.parseLong(expected);
    assertEquals(want, v.longAt(0));
  }

  @Test
  void u64BeyondSignedRange() {
    Value v = ValueReader.parse("18446744073709551615u64");
    assertEquals(-1L, v.longAt(0));
    assertEquals("18446744073709551615u64", v.toString());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "2.5 | f64 | 2.5",
      "2.5f32 | f32 | 2.5",
      "1f32 | f32 | 1.0",
      "-0.125f16 | f16 | -0.125",
      "1e3 | f64 | 1000.0",
      "1.5E-2f64 | f64 | 0.015",
      "3_000.25 | f64 | 3000.25",
  })
  void floats(String text, String type, double expected) {
    Value v = ValueReader.parse(text);
    assertEquals(ScalarType.parse(type), v.type());
    assertEquals(expected, v.doubleAt(0), 1e-12);
  }

  @Test
  void specialFloatsAndBools() {
    assertTrue(Double.isNaN(ValueReader.parse("f32.nan").doubleAt(0)));
    assertEquals(ScalarType.F32, ValueReader.parse("f32.nan").type());
    assertEquals(Double.POSITIVE_INFINITY, ValueReader.parse("f64.inf").doubleAt(0));
    assertEquals(Double.NEGATIVE_INFINITY, ValueReader.parse("-f64.inf").doubleAt(0));
    assertEquals(ScalarType.F16, ValueReader.parse("-f16.inf").type());
    assertEquals(Value.bool(true), ValueReader.parse("true"));
    assertEquals(Value.bool(false), ValueReader.parse(" false "));
  }

  @Test
  void f16LiteralsAreRoundedToHalfPrecision() {
    Value v = ValueReader.parse("0.1f16");
    assertEquals(Float.float16ToFloat(Float.floatToFloat16(0.1f)), ((float[]) v.data())[0]);
  }

  @Test
  void arraysOfEveryRank() {
    Value v = ValueReader.parse("[[1, 2, 3], [4, 5, 6]]");
    assertEquals(ScalarType.I32, v.type());
    assertArrayEquals(new long[] {2, 3}, v.shape());
    assertArrayEquals(new int[] {1, 2, 3, 4, 5, 6}, (int[]) v.data());

    Value cube = ValueReader.parse("[[[true],[false]],[[false],[true]]]");
    assertArrayEquals(new long[] {2, 2, 1}, cube.shape());
    assertArrayEquals(new boolean[] {true, false, false, true}, (boolean[]) cube.data());
  }

  @Test
  void firstSuffixedElementFixesTheType() {
    assertEquals(ScalarType.I64, ValueReader.parse("[1i64, 2, 3]").type());
    assertEquals(ScalarType.U8, ValueReader.parse("[1, 2u8]").type());
    assertEquals(ScalarType.F32, ValueReader.parse("[1.0f32, 2.5, 3]").type());
    assertEquals(ScalarType.F64, ValueReader.parse("[1.0, 2.0]").type());
    assertEquals(ValueReader.parse("[1.0, 2.5]"), ValueReader.parse("[1, 2.5]"));
  }

  @Test
  void hintsGiveUnsuffixedLiteralsTheExpectedType() {
    ValueReader r = new ValueReader("1 [1, 2] 2.5 3i32 [1.5] true 7", "in");
    assertEquals(Value.f64(1), r.next(ScalarType.F64));
    assertEquals(Value.vector(ScalarType.I64, new long[] {1, 2}), r.next(ScalarType.I64));
    assertEquals(Value.f32(2.5f), r.next(ScalarType.F32));
    assertEquals(Value.i32(3), r.next(ScalarType.I64), "a suffix wins over the hint");
    assertEquals(Value.vector(ScalarType.F64, new double[] {1.5}), r.next(ScalarType.I32), "a decimal is never an integer");
    assertEquals(Value.bool(true), r.next(ScalarType.U8));
    assertEquals(Value.i32(7), r.next(ScalarType.BOOL));
    assertEquals(List.of(Value.scalar(ScalarType.U8, 1), Value.i32(2)),
        new ValueReader("1 2", "x").readAll(java.util.Arrays.asList(ScalarType.U8, null)));
    // Integers wrap to the width of their type, as futhark-data reads them.
    assertEquals(Value.scalar(ScalarType.U8, 44), new ValueReader("300", "x").next(ScalarType.U8));
    assertEquals(Value.scalar(ScalarType.I8, -1), ValueReader.parse("255i8"));
    assertEquals(Value.scalar(ScalarType.I8, -1), ValueReader.parse("32767i8"));
    assertEquals(Value.scalar(ScalarType.U32, -1), ValueReader.parse("-1u32"));
    assertEquals(Value.scalar(ScalarType.I32, Integer.MIN_VALUE), ValueReader.parse("2147483648i32"));
  }

  @Test
  void emptyArrays() {
    Value v = ValueReader.parse("empty([0]i32)");
    assertEquals(ScalarType.I32, v.type());
    assertArrayEquals(new long[] {0}, v.shape());
    Value w = ValueReader.parse("empty( [2] [0] f32 )");
    assertArrayEquals(new long[] {2, 0}, w.shape());
    assertEquals(ScalarType.F32, w.type());
    assertEquals(0, w.elementCount());
  }

  @Test
  void stringsAreU8Arrays() {
    Value v = ValueReader.parse("\"héllo\\n\"");
    assertEquals(ScalarType.U8, v.type());
    assertArrayEquals("héllo\n".getBytes(StandardCharsets.UTF_8), (byte[]) v.data());
    Value rows = ValueReader.parse("[\"ab\", \"cd\"]");
    assertArrayEquals(new long[] {2, 2}, rows.shape());
    assertEquals(Value.vector(ScalarType.U8, new byte[0]).type(), ValueReader.parse("\"\"").type());
  }

  @Test
  void commentsAndSeveralValues() {
    List<Value> vs = ValueReader.readAll("-- a comment\n1 -- trailing\n[2,3]--x\n  true", "t");
    assertEquals(3, vs.size());
    assertEquals(Value.i32(1), vs.get(0));
    assertEquals(Value.vector(ScalarType.I32, new int[] {2, 3}), vs.get(1));
    assertEquals(Value.bool(true), vs.get(2));
  }

  @Test
  void textAndBinaryMixedInOneStream() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write("  1i64\n".getBytes(StandardCharsets.US_ASCII));
    out.write(BinaryFormat.toBytes(Value.vector(ScalarType.F64, new double[] {1.5, -2})));
    out.write(" [true, false] ".getBytes(StandardCharsets.US_ASCII));
    out.write(BinaryFormat.toBytes(Value.i32(42)));
    ValueReader r = new ValueReader(out.toByteArray(), "stdin");
    assertEquals(Value.i64(1), r.next());
    assertEquals(Value.vector(ScalarType.F64, new double[] {1.5, -2}), r.next());
    assertEquals(Value.vector(ScalarType.BOOL, new boolean[] {true, false}), r.next());
    assertEquals(Value.i32(42), r.next());
    assertNull(r.next());
  }

  @Test
  void errorsCarryLineAndColumn() {
    ValueFormatException e = assertThrows(ValueFormatException.class,
        () -> ValueReader.readAll("1\n[1, 2\n x]", "data.in"));
    assertEquals("data.in", e.inputName());
    assertEquals(3, e.line());
    assertEquals(2, e.column());
    assertTrue(e.getMessage().startsWith("data.in:3:2: "), e.getMessage());
  }

  @Test
  void positionsCountCharactersNotBytes() {
    ValueFormatException e = assertThrows(ValueFormatException.class,
        () -> ValueReader.readAll("\"ééé\" ?", "s"));
    assertEquals(7, e.column());
  }

  @Test
  void baseLineAndColumnShiftPositions() {
    byte[] text = "xx [1, oops]".getBytes(StandardCharsets.US_ASCII);
    ValueFormatException e = assertThrows(ValueFormatException.class,
        () -> new ValueReader(text, 3, text.length, "prog.fut", 10, 20).readAll());
    assertEquals(10, e.line());
    assertEquals(24, e.column());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "[1, 2], [3] | expected a value",
      "[[1, 2], [3]] | irregular",
      "[[1], 2] | same rank",
      "[] | empty array literal",
      "[1 2] | expected ',' or ']'",
      "[1, 2 | unterminated",
      "1.5i32 | integer suffix",
      "3q | unexpected 'q'",
      "1i7 | unknown type suffix",
      "[1i32, 2i64] | expected a i32 value",
      "[1, true] | expected a i32 value",
      "[1.5, 2] | ''",
      "empty([3]i32) | zero dimension",
      "empty([0]foo) | primitive type",
      "hello | found 'hello'",
      "\"abc | unterminated string",
      "0x | expected digits",
      "-true | cannot be negated",
  })
  void malformedInputIsRejectedWithAReason(String text, String fragment) {
    if (fragment.isEmpty()) {
      // Lenient case: an unsuffixed integer is accepted in a float array.
      assertEquals(ScalarType.F64, ValueReader.readAll(text, "in").get(0).type());
      return;
    }
    ValueFormatException e = assertThrows(ValueFormatException.class, () -> ValueReader.readAll(text, "in"));
    assertTrue(e.getMessage().contains(fragment), e.getMessage());
  }

  @Test
  void malformedBinary() {
    byte[] good = BinaryFormat.toBytes(Value.vector(ScalarType.I32, new int[] {1, 2, 3}));
    byte[] truncated = java.util.Arrays.copyOf(good, good.length - 1);
    ValueFormatException e = assertThrows(ValueFormatException.class, () -> new ValueReader(truncated, "b").next());
    assertTrue(e.getMessage().contains("truncated"), e.getMessage());

    byte[] badVersion = good.clone();
    badVersion[1] = 1;
    e = assertThrows(ValueFormatException.class, () -> new ValueReader(badVersion, "b").next());
    assertTrue(e.getMessage().contains("version 1"), e.getMessage());

    byte[] badType = good.clone();
    badType[4] = 'x';
    e = assertThrows(ValueFormatException.class, () -> new ValueReader(badType, "b").next());
    assertTrue(e.getMessage().contains("unknown binary type"), e.getMessage());
  }
}
