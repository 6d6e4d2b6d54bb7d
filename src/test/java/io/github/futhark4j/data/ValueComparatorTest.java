package io.github.futhark4j.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ValueComparatorTest {
  private static String cmp(String got, String expected) {
    return ValueComparator.compare(ValueReader.parse(got), ValueReader.parse(expected));
  }

  @Test
  void integersAreExact() {
    assertNull(cmp("[1, 2, 3]", "[1, 2, 3]"));
    String m = cmp("[1, 2, 4]", "[1, 2, 3]");
    assertEquals("expected 3i32, got 4i32 at index [2]", m);
  }

  @Test
  void typesAndShapesMustMatch() {
    assertTrue(cmp("[1i64]", "[1i32]").contains("type []i32, got []i64"));
    assertTrue(cmp("[1u32]", "[1i32]").contains("type []i32"));
    assertTrue(cmp("[[1, 2]]", "[1, 2]").contains("type []i32, got [][]i32"));
    assertTrue(cmp("[1, 2]", "[1, 2, 3]").contains("shape [3]i32, got [2]i32"));
  }

  @Test
  void floatsWithinAbsoluteToleranceForSmallValues() {
    assertNull(cmp("0.0015", "0.0"));
    assertNotNull(cmp("0.0025", "0.0"));
    assertNull(cmp("1.001", "1.0"));
  }

  @Test
  void floatsRelativeToTheLargestExpectedElement() {
    // Tolerance is 0.002 * 10000 = 20 for every element of this array.
    assertNull(cmp("[10010.0, 5.0]", "[10000.0, 0.0]"));
    assertNotNull(cmp("[10030.0, 0.0]", "[10000.0, 0.0]"));
  }

  @Test
  void nanAndInfinities() {
    assertNull(cmp("f64.nan", "f64.nan"));
    assertNotNull(cmp("1.0", "f64.nan"));
    assertNotNull(cmp("f64.nan", "1.0"));
    assertNull(cmp("-f32.inf", "-f32.inf"));
    assertNotNull(cmp("f32.inf", "-f32.inf"));
    // Infinities in the expected value do not make the tolerance infinite.
    assertNotNull(cmp("[f64.inf, 1.0]", "[f64.inf, 2.0]"));
  }

  @Test
  void boolsAndUnsigned() {
    assertNull(cmp("[true, false]", "[true, false]"));
    assertNotNull(cmp("[true, true]", "[true, false]"));
    assertTrue(cmp("255u8", "254u8").contains("expected 254u8, got 255u8"));
  }

  @Test
  void listsOfValues() {
    List<Value> a = ValueReader.readAll("1 2.0", "a");
    List<Value> b = ValueReader.readAll("1 2.5", "b");
    List<ValueComparator.Mismatch> ms = ValueComparator.compare(a, b);
    assertEquals(1, ms.size());
    assertEquals(1, ms.get(0).valueIndex());
    assertTrue(ms.get(0).message().startsWith("value #1: expected 2.5f64, got 2.0f64"));
    assertTrue(ValueComparator.compare(a, List.of(Value.i32(1))).get(0).message().contains("expected 1 value(s), got 2"));
  }

  @Test
  void multiDimensionalIndex() {
    assertTrue(cmp("[[1, 2], [3, 5]]", "[[1, 2], [3, 4]]").endsWith("at index [1][1]"));
  }
}
