package io.github.futhark4j.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.ScalarType;
import org.junit.jupiter.api.Test;

class ValueGeneratorTest {
  @Test
  void parsesShapedTypes() {
    ValueGenerator.ShapedType t = ValueGenerator.ShapedType.parse("[10][2i64]f32");
    assertEquals(ScalarType.F32, t.type());
    assertArrayEquals(new long[] {10, 2}, t.shape());
    assertEquals("[10][2]f32", t.toString());
    assertEquals(0, ValueGenerator.ShapedType.parse("bool").shape().length);
    assertThrows(IllegalArgumentException.class, () -> ValueGenerator.ShapedType.parse("[n]i32"));
    assertThrows(IllegalArgumentException.class, () -> ValueGenerator.ShapedType.parse("[3]x32"));
  }

  @Test
  void sameSeedSameValues() {
    ValueGenerator.ShapedType t = ValueGenerator.ShapedType.parse("[100]i32");
    assertEquals(new ValueGenerator(7).generate(t), new ValueGenerator(7).generate(t));
    assertNotEquals(new ValueGenerator(7).generate(t), new ValueGenerator(8).generate(t));
  }

  @Test
  void floatsInUnitInterval() {
    Value v = new ValueGenerator(3).generate(ValueGenerator.ShapedType.parse("[1000]f64"));
    for (int i = 0; i < v.elementCount(); i++) assertTrue(v.doubleAt(i) >= 0 && v.doubleAt(i) < 1);
  }

  @Test
  void boundsAreInclusiveAndChecked() {
    ValueGenerator g = new ValueGenerator(11);
    g.setBounds(ScalarType.I8, "-2", "2");
    g.setBounds(ScalarType.U64, "18446744073709551610", "18446744073709551615");
    g.setBounds(ScalarType.I64, "-9223372036854775808", "9223372036854775807");
    Value small = g.generate(ValueGenerator.ShapedType.parse("[500]i8"));
    java.util.Set<Long> seen = new java.util.TreeSet<>();
    for (int i = 0; i < 500; i++) seen.add(small.longAt(i));
    assertEquals(java.util.Set.of(-2L, -1L, 0L, 1L, 2L), seen);
    Value big = g.generate(ValueGenerator.ShapedType.parse("[100]u64"));
    for (int i = 0; i < 100; i++) assertTrue(Long.compareUnsigned(big.longAt(i), -6L) >= 0);
    g.generate(ValueGenerator.ShapedType.parse("[10]i64"));
    assertThrows(IllegalArgumentException.class, () -> g.setBounds(ScalarType.U8, "-1", "3"));
    assertThrows(IllegalArgumentException.class, () -> g.setBounds(ScalarType.I32, "5", "1"));
    assertThrows(IllegalArgumentException.class, () -> g.setBounds(ScalarType.F32, "a", "1"));
    assertThrows(IllegalArgumentException.class, () -> g.setBounds(ScalarType.BOOL, "0", "1"));
  }
}
