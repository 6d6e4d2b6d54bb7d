package io.github.futhark4j.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.compiler.types.PrimType;
import org.junit.jupiter.api.Test;

class ValueGeneratorTest {
  @Test
  void parsesShapedTypes() {
    ValueGenerator.ShapedType t = ValueGenerator.ShapedType.parse("[10][2i64]f32");
    assertEquals(PrimType.F32, t.type());
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
}
