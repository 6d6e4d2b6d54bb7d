package io.github.futhark4j.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.FutharkArray;
import org.junit.jupiter.api.Test;

/** Empty arrays keep their inner sizes between the value format and the runtime's Java values. */
class EmptyShapeTest {
  private static Value read(String text) {
    return ValueReader.parse(text);
  }

  @Test
  void onlyAZeroFollowedByANonZeroSizeIsLostByNestedArrays() {
    assertTrue(Value.losesShapeWhenNested(new long[] {0, 3}));
    assertTrue(Value.losesShapeWhenNested(new long[] {2, 0, 4}));
    assertFalse(Value.losesShapeWhenNested(new long[] {0, 0}));
    assertFalse(Value.losesShapeWhenNested(new long[] {3, 0}));
    assertFalse(Value.losesShapeWhenNested(new long[] {0}));
  }

  @Test
  void emptyWithInnerSizeTravelsAsAShapedFutharkArrayAndBack() {
    Value v = read("empty([0][3]i32)");
    assertArrayEquals(new long[] {0, 3}, v.shape());
    FutharkArray fa = assertInstanceOf(FutharkArray.class, v.toJava());
    assertArrayEquals(new long[] {0, 3}, fa.shape());
    assertEquals("i32", fa.elementType());
    Value back = Value.fromJava(fa, "[][]i32");
    assertEquals(v, back);
    assertEquals("[0][3]i32", back.shapedTypeName());
  }

  @Test
  void representableShapesStayNestedJavaArrays() {
    assertInstanceOf(int[][].class, read("empty([0][0]i32)").toJava());
    assertInstanceOf(long[][].class, read("[[1i64, 2i64]]").toJava());
    int[][] rowsOfNothing = (int[][]) read("empty([2][0]i32)").toJava();
    assertEquals(2, rowsOfNothing.length);
  }

  @Test
  void nonEmptyFutharkArraysConvertAndElementTypesAreChecked() {
    FutharkArray fa = FutharkArray.ofFlat("f64", new long[] {2, 2}, new double[] {1, 2, 3, 4});
    Value v = Value.fromJava(fa, "[][]f64");
    assertEquals(read("[[1f64, 2f64], [3f64, 4f64]]"), v);
    assertThrows(IllegalArgumentException.class, () -> Value.fromJava(fa, "[][]i32"));
  }
}
