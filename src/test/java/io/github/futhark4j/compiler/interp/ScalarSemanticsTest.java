package io.github.futhark4j.compiler.interp;

import static io.github.futhark4j.compiler.interp.Interp.error;
import static io.github.futhark4j.compiler.interp.Interp.main;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Primitive values and operations: wrapping, rounding of division, shifts, conversions, floats. */
class ScalarSemanticsTest {
  @Test
  void integerArithmeticWraps() {
    assertEquals("-128i8 0u8 -2147483648i32 -9223372036854775808i64 65535u16",
        main("entry main (a: i8) (b: u8) (c: i32) (d: i64) (e: u16) = (a + 1, b + 1, c * 2, d + 1, e - 1)",
            "127i8 255u8 1073741824i32 9223372036854775807i64 0u16"));
  }

  @Test
  void divisionRoundsDownQuotRoundsTowardsZero() {
    assertEquals("-4i32 1i32 -3i32 -1i32 3i32 -1i32 3i32 -1i32",
        main("entry main (x: i32) (y: i32) = (x / y, x % y, x // y, x %% y, x / (-y), x % (-y), x // (-y), x %% (-y))",
            "-7i32 2i32"));
    // The minimum divided by -1 wraps; unsigned division is unsigned.
    assertEquals("-128i8 0i8 2147483647u32 1u32",
        main("entry main (a: i8) (b: u32) = (a / (-1), a % (-1), b / 2, b % 2)", "-128i8 4294967295u32"));
  }

  @Test
  void divisionByZeroIsAnError() {
    EvalError e = error("entry main (x: i32) (y: i32) = x / y", "main", "1i32 0i32");
    assertEquals("division by zero", e.error());
    assertTrue(e.getMessage().startsWith("Error: division by zero\n\nBacktrace:\n-> #0  test.fut:1:32-"), e.getMessage());
    assertEquals("division by zero", error("entry main (x: u8) (y: u8) = x %% y", "main", "1u8 0u8").error());
    // Floats divide to infinity.
    assertEquals("f32.inf f32.nan", main("entry main (x: f32) = (x / 0, 0 / 0 : f32)", "1f32"));
  }

  @Test
  void shifts() {
    assertEquals("-4i8 -1i8 127i8 0i32 -1i32 0i32 8u8",
        main("entry main (x: i8) (y: i32) (z: u8) = (x << 2, x >> 7, (i8.>>>) x 1, y << 40, y >> 40, (i32.>>>) y 40, z >> 4)",
            "-1i8 -5i32 128u8"));
  }

  @Test
  void powers() {
    assertEquals("1024i32 0i8 1u64 8.0f64", main("entry main (x: i32) = (2 ** x, 2i8 ** 8, 3u64 ** 0, 2f64 ** 3)", "10i32"));
    assertEquals("negative exponent", error("entry main (x: i32) = 2 ** x", "main", "-1i32").error());
  }

  @Test
  void bitOperations() {
    assertEquals("6i32 7i32 1i32 -7i32 2i32 29i32 1i32 251u8",
        main("entry main (x: i32) (y: i32) = (x & y | 2, x | y, x ^ y, !x, i32.popc x, i32.clz x, i32.ctz x, !(4u8))",
            "6i32 7i32"));
    assertEquals("0i32 8i32 4i32", main("entry main (x: u8) = (u8.popc 0, u8.clz 0, u8.ctz 16)", "0u8"));
  }

  @Test
  void conversions() {
    // Signed to wider unsigned zero-extends the source's bits; float to integer truncates.
    assertEquals("65535u32 -1i64 255u8 3i32 -3i32 0i32 -2147483648i32 4294967295u32 1.8446744073709552e19f64",
        main("entry main (x: i16) = (u32.i16 x, i64.i16 x, u8.i16 x, i32.f32 3.9, i32.f64 (-3.9), i32.f32 f32.nan,"
            + " i32.f64 1e20, u32.i64 (-1), f64.u64 u64.highest)", "-1i16"));
    assertEquals("true false 1i32 1.0f32 1.6777216e7f32",
        main("entry main (x: f32) = (bool.f32 x, bool.i32 0, i32.bool true, f32.bool true, f32.i64 16777217)", "0.5f32"));
  }

  @Test
  void floatsRoundToTheirType() {
    assertEquals("0.1f32 0.30000001192092896f64 1.0f16 2048.0f16",
        main("entry main (x: f64) = (f32.f64 x, f64.f32 (0.1 + 0.2), f16.f64 1.0004, f16.f32 2049)", "0.1f64"));
    // f16 arithmetic is rounded after every operation (2048 + 1 is 2048).
    assertEquals("2048.0f16 f16.inf", main("entry main (x: f16) = (x + 1, x * 40)", "2048f16"));
  }

  @Test
  void floatFunctions() {
    assertEquals("2.0f64 -3.0f64 2.0f64 -2.0f64 1.0f64 0.0f64 3.0f64",
        main("entry main (x: f64) = (f64.floor x, f64.ceil (-x - 0.5), f64.round x, f64.trunc (-x), f64.sgn x,"
            + " f64.log2 1, f64.sqrt 9)", "2.5f64"));
    assertEquals("24.0f64 0.0f64 true true 1.0f64 -1.0f64",
        main("entry main (x: f64) = (f64.gamma x, f64.lgamma 1, f64.isnan f64.nan, f64.isinf (-f64.inf),"
            + " f64.max f64.nan 1, f64.min (-1) f64.nan)", "5f64"));
    String[] es = main("entry main (x: f64) = (f64.erf x, f64.erfc x, f64.erfc (4*x), f64.erf (-x / 2), f64.gamma 0.5,"
        + " f64.lgamma 10.5, f64.acosh 2, f64.asinh (-1), f64.atanh 0.5)", "1f64").split(" ");
    double[] want = {0.8427007929497148693, 0.1572992070502851307, 1.541725790028001885e-8, -0.5204998778130465377,
        1.772453850905516027, 13.94062521940379576, 1.316957896924816709, -0.8813735870195430252, 0.5493061443340548457};
    for (int i = 0; i < want.length; i++) {
      double got = Double.parseDouble(es[i].replace("f64", ""));
      assertEquals(want[i], got, Math.abs(want[i]) * 1e-13, "function " + i);
    }
  }

  @Test
  void floatRemainderIsTruncated() {
    assertEquals("-1.0f64 1.0f64 -0.5f32", main("entry main (x: f64) = (x % 3, (-x) % 3, f32.f64 (x % (-0.5) - 0.5))", "-1f64"));
  }

  @Test
  void bitsOfFloats() {
    assertEquals("1065353216u32 15360u16 1.0f32 -0.0f64",
        main("entry main (x: f32) = (f32.to_bits x, f16.to_bits 1, f32.from_bits 1065353216, f64.from_bits 0x8000000000000000)",
            "1f32"));
  }

  @Test
  void comparisonsOfUnsignedAndBool() {
    assertEquals("true false true true",
        main("entry main (x: u8) (y: u8) = (x > y, x < y, false < true, u64.highest > 1)", "200u8 100u8"));
  }
}
