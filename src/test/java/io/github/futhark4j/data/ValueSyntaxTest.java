package io.github.futhark4j.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.ScalarType;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * futhark-data's value syntax form by form, as {@code run}, {@code test}, {@code dataset} and data
 * files read it. Each value is also written back and read again ({@link ValueWriter} writes the
 * canonical form), so writer and reader agree on every form.
 */
class ValueSyntaxTest {
  /** Parses one value and checks that its canonical text reads back to an equal value. */
  private static Value read(String text) {
    Value v = ValueReader.parse(text);
    assertEquals(v, ValueReader.parse(ValueWriter.text(v)), () -> "round trip of " + text + " via " + ValueWriter.text(v));
    return v;
  }

  private static void rejected(String text, String fragment) {
    ValueFormatException e = assertThrows(ValueFormatException.class, () -> ValueReader.readAll(text, "in"), text);
    assertTrue(e.getMessage().contains(fragment), () -> text + ": " + e.getMessage());
  }

  private static byte[] utf8(String s) { return s.getBytes(StandardCharsets.UTF_8); }

  // ---- strings ----------------------------------------------------------------------------------

  @Test
  void stringsInsideArraysAreRowsOfU8() {
    Value v = read("[\"ab\", \"cd\", \"ef\"]");
    assertArrayEquals(new long[] {3, 2}, v.shape());
    assertEquals(ScalarType.U8, v.type());
    assertArrayEquals(utf8("abcdef"), (byte[]) v.data());

    Value nested = read("[[\"ab\"], [\"cd\"]]");
    assertArrayEquals(new long[] {2, 1, 2}, nested.shape());

    // A string row and a row of u8 numbers are the same kind of value.
    assertEquals(ValueReader.parse("[[104u8, 105u8], [111u8, 107u8]]"), read("[\"hi\", [111, 107]]"));
    assertEquals(ValueReader.parse("[[104u8, 105u8], [111u8, 107u8]]"), read("[[104, 105], \"ok\"]"));
  }

  @Test
  void emptyStringsAreEmptyRows() {
    assertEquals("empty([0]u8)", ValueWriter.text(read("\"\"")));
    Value v = read("[\"\", \"\"]");
    assertArrayEquals(new long[] {2, 0}, v.shape());
    assertEquals(ScalarType.U8, v.type());
    assertEquals(v, read("[\"\", empty([0]u8)]"));
  }

  @Test
  void stringRowsMustHaveOneLength() {
    rejected("[\"a\", \"bc\"]", "irregular array");
    rejected("[\"\", \"x\"]", "irregular array");
    rejected("[1, \"ab\"]", "same rank");
    rejected("[\"ab\", empty([0]i32)]", "irregular array");
    rejected("[\"\", empty([0]i32)]", "different types: i32 here, u8");
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "\\n\\t\\r | 10 9 13",
      "\\a\\b\\f\\v | 7 8 12 11",
      "\\65\\066 | 65 66",
      "\\x41\\x4a | 65 74",
      "\\o101 | 65",
      "\\^A\\^@\\^[ | 1 0 27",
      "\\NUL\\SOH\\SO\\DEL\\SP | 0 1 14 127 32",
      "a\\&b | 97 98",
      "\\1234 | 211 146",
      "\\x41B | 208 155",
  })
  void escapesAreHaskellCharacterEscapes(String escaped, String bytes) {
    Value v = read("\"" + escaped + "\"");
    String[] want = bytes.split(" ");
    byte[] got = (byte[]) v.data();
    assertEquals(want.length, got.length, escaped);
    for (int i = 0; i < want.length; i++) assertEquals(Integer.parseInt(want[i]), Byte.toUnsignedInt(got[i]), escaped);
  }

  @Test
  void quotesAndBackslashEscapes() {
    assertArrayEquals(utf8("\\\"'"), (byte[]) read("\"\\\\\\\"\\'\"").data());
  }

  @Test
  void nonAsciiTextIsUtf8() {
    assertArrayEquals(utf8("héllo ✓"), (byte[]) read("\"héllo ✓\"").data());
    assertArrayEquals(utf8("é"), (byte[]) read("\"\\233\"").data());
    assertArrayEquals(utf8("\uD83D\uDE00"), (byte[]) read("\"\\x1F600\"").data());
  }

  @Test
  void badEscapesAreRejected() {
    rejected("\"\\q\"", "unknown escape \\q");
    rejected("\"\\x\"", "expected digits in the escape");
    rejected("\"\\x110000\"", "beyond U+10FFFF");
    rejected("\"\\^a\"", "bad control escape");
    rejected("\"abc", "unterminated string");
  }

  // ---- empty arrays -----------------------------------------------------------------------------

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "empty([0]i8) | i8", "empty([0]i16) | i16", "empty([0]i32) | i32", "empty([0]i64) | i64",
      "empty([0]u8) | u8", "empty([0]u16) | u16", "empty([0]u32) | u32", "empty([0]u64) | u64",
      "empty([0]f16) | f16", "empty([0]f32) | f32", "empty([0]f64) | f64", "empty([0]bool) | bool",
  })
  void emptyOfEveryElementType(String text, String type) {
    Value v = read(text);
    assertEquals(ScalarType.parse(type), v.type());
    assertArrayEquals(new long[] {0}, v.shape());
    assertEquals(text, ValueWriter.text(v));
  }

  @Test
  void emptyOfAnyRankWithTheZeroAnywhere() {
    assertArrayEquals(new long[] {0, 3}, read("empty([0][3]bool)").shape());
    assertArrayEquals(new long[] {3, 0}, read("empty([3][0]f16)").shape());
    assertArrayEquals(new long[] {1, 2, 0, 4}, read("empty([1][2][0][4]u16)").shape());
    assertArrayEquals(new long[] {2, 0}, read("empty([0x2][0b0]i32)").shape());
    assertArrayEquals(new long[] {1000, 0}, read("empty([1_000][0]i32)").shape());
    assertArrayEquals(new long[] {0, 5}, read("empty( [0] [5] i64 )").shape());
  }

  @Test
  void emptyValuesAsArrayElements() {
    Value v = read("[empty([0]i32), empty([0]i32)]");
    assertEquals(ValueReader.parse("empty([2][0]i32)"), v);
    assertEquals(ValueReader.parse("empty([2][1][0]f32)"), read("[[empty([0]f32)], [empty([0]f32)]]"));
    assertEquals(ValueReader.parse("empty([1][0][3]bool)"), read("[empty([0][3]bool),]"));
    rejected("[empty([0]i32), empty([0]f32)]", "different types: f32 here, i32");
    rejected("[empty([0]i32), empty([1][0]i32)]", "same rank");
    rejected("[empty([0]i32), empty([0][0]i32)]", "same rank");
    rejected("[[1, 2], empty([0]i32)]", "irregular array");
    rejected("[1, empty([0]i32)]", "same rank");
    rejected("empty([2]i32)", "zero dimension");
    rejected("empty([0]i32x)", "primitive type");
    rejected("empty([0i32]i32)", "plain integer");
  }

  // ---- numbers ----------------------------------------------------------------------------------

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "+1 | i32 | 1",
      "+0x10u8 | u8 | 16",
      "-2_3i32 | i32 | -23",
      "1__0 | i32 | 10",
      "1_ | i32 | 1",
      "1_i64 | i64 | 1",
      "0b1_0_0_1 | i32 | 9",
      "0x12_34 | i32 | 4660",
      "0xdead_BEEFu32 | u32 | 3735928559",
      "0x10f32 | i32 | 69426",
      "-0x1i8 | i8 | -1",
      "256u8 | u8 | 0",
      "-1u16 | u16 | 65535",
      "99999999999999999999i32 | i32 | 1661992959",
      "18446744073709551616u64 | u64 | 0",
  })
  void integerLiterals(String text, String type, long expected) {
    Value v = read(text);
    assertEquals(ScalarType.parse(type), v.type(), text);
    assertEquals(expected, Storage.getLong(v.type(), v.data(), 0), text);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "+2.5f32 | f32 | 2.5",
      "3.1_4 | f64 | 3.14",
      "3.1_e-2f64 | f64 | 0.031",
      "1e3 | f64 | 1000",
      "1E+3f32 | f32 | 1000",
      "25e-1 | f64 | 2.5",
      "2f16 | f16 | 2",
      "-7f64 | f64 | -7",
      "1_000.5_0 | f64 | 1000.5",
      "1e40f32 | f32 | Infinity",
      "1.5e400 | f64 | Infinity",
      "65504f16 | f16 | 65504",
      "65519.9f16 | f16 | 65504",
      "65520f16 | f16 | Infinity",
      "-65520.0f16 | f16 | -Infinity",
  })
  void decimalLiterals(String text, String type, double expected) {
    Value v = read(text);
    assertEquals(ScalarType.parse(type), v.type(), text);
    assertEquals(expected, v.doubleAt(0), text);
  }

  @Test
  void f16IsRoundedOnceFromTheDecimal() {
    // 1 + 2^-11 + 2^-30 lies just above the tie between 1 and 1 + 2^-10 (f16's step near 1): it
    // rounds up. Through f32 first it would become exactly the tie, then 1 (ties to even).
    assertEquals(1 + 0x1p-10, read("1.000488282181322574615478515625f16").doubleAt(0));
    assertEquals(1.0, read("1.00048828125f16").doubleAt(0), "an exact tie rounds to even");
    assertEquals(0x1p-24, read("5.97e-8f16").doubleAt(0), "the smallest subnormal");
    assertEquals(0.0, read("2.9e-8f16").doubleAt(0), "below half the smallest subnormal");
  }

  @Test
  void negativeZeroKeepsItsSign() {
    assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(read("-0.0").doubleAt(0)));
    assertEquals(Float.floatToRawIntBits(-0.0f), Float.floatToRawIntBits((float) read("-0f32").doubleAt(0)));
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "f16.nan | f16 | NaN", "f32.nan | f32 | NaN", "f64.nan | f64 | NaN",
      "f16.inf | f16 | Infinity", "f32.inf | f32 | Infinity", "f64.inf | f64 | Infinity",
      "-f16.inf | f16 | -Infinity", "-f32.inf | f32 | -Infinity", "-f64.inf | f64 | -Infinity",
  })
  void specialFloats(String text, String type, double expected) {
    Value v = read(text);
    assertEquals(ScalarType.parse(type), v.type());
    assertEquals(expected, v.doubleAt(0));
    assertEquals(text, ValueWriter.text(v));
  }

  @Test
  void specialFloatsFixTheirArraysType() {
    Value v = read("[1.5, f32.inf, -f32.inf, f32.nan]");
    assertEquals(ScalarType.F32, v.type());
    assertEquals(Double.NEGATIVE_INFINITY, v.doubleAt(2));
    assertEquals("[1.5f32, f32.inf, -f32.inf, f32.nan]", ValueWriter.text(v));
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "_1 | expected a value",
      "0x_1 | expected digits after 0x",
      "0b2 | expected digits after 0b",
      "0b12 | unexpected '2'",
      "+f32.inf | expected a number after '+'",
      "+true | expected a number after '+'",
      "- 1 | expected a value",
      "1.5i32 | integer suffix",
      "1. | unexpected '.'",
      "0x1.5 | unexpected '.'",
      "1e3i32 | integer suffix",
      "tr_ue | found 'tr_ue'",
      "True | found 'True'",
  })
  void malformedLiterals(String text, String fragment) {
    rejected(text, fragment);
  }

  // ---- booleans, arrays, layout -----------------------------------------------------------------

  @Test
  void characterLiteralsAreNoValues() {
    // futhark-data has no character literals (Futhark's 'a' is source syntax only).
    rejected("'a'", "expected a value, found '''");
  }

  @Test
  void booleans() {
    assertEquals(Value.bool(true), read("true"));
    Value v = read("[[true, false], [false, true]]");
    assertEquals(ScalarType.BOOL, v.type());
    assertArrayEquals(new boolean[] {true, false, false, true}, (boolean[]) v.data());
    rejected("[true, 1]", "expected a bool value");
  }

  @Test
  void trailingCommasInArrays() {
    assertEquals(read("[1, 2, 3]"), read("[1, 2, 3,]"));
    assertEquals(read("[[1, 2], [3, 4]]"), read("[[1, 2,], [3, 4,],]"));
    assertEquals(read("[\"ab\"]"), read("[\"ab\" , ]"));
    rejected("[,]", "expected a value, found ','");
    rejected("[1,,2]", "expected a value, found ','");
    rejected("[1, 2,,]", "expected a value, found ','");
  }

  @Test
  void whitespaceAndCommentsBetweenAnyTokens() {
    String text = """
        -- leading comment
        [ -- after the bracket
          [ 1 ,\t2 ] , -- after a comma
          [3,4]--directly after a bracket
          ,[5,
        \r\n6]
        ]  -- trailing
        [\"a\" ,\"b\"] empty(\t[0]\n[2] f32 )
        """;
    List<Value> vs = ValueReader.readAll(text, "in");
    assertEquals(3, vs.size());
    assertEquals(ValueReader.parse("[[1, 2], [3, 4], [5, 6]]"), vs.get(0));
    assertEquals(ValueReader.parse("[[97u8], [98u8]]"), vs.get(1));
    assertEquals(ValueReader.parse("empty([0][2]f32)"), vs.get(2));
  }

  @Test
  void valuesNeedNoSpaceBetweenThemWhereTheyCannotRunTogether() {
    List<Value> vs = ValueReader.readAll("[1][2]\"a\"\"b\"1--c\n2[3]empty([0]i8)4", "in");
    assertEquals(List.of(ValueReader.parse("[1]"), ValueReader.parse("[2]"), ValueReader.parse("\"a\""),
        ValueReader.parse("\"b\""), Value.i32(1), Value.i32(2), ValueReader.parse("[3]"),
        ValueReader.parse("empty([0]i8)"), Value.i32(4)), vs);
    rejected("1 2true", "unexpected 't'");
  }

  @Test
  void binaryF16AndBoolValuesBetweenTextValues() {
    Value h = read("[0.5f16, -2f16, f16.inf]");
    Value b = read("empty([0][2]bool)");
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    out.writeBytes(utf8("\"x\" "));
    out.writeBytes(BinaryFormat.toBytes(h));
    out.writeBytes(BinaryFormat.toBytes(b));
    out.writeBytes(utf8(" [true,]"));
    List<Value> vs = new ValueReader(out.toByteArray(), "mixed").readAll();
    assertEquals(List.of(ValueReader.parse("[120u8]"), h, b, ValueReader.parse("[true]")), vs);
  }
}
