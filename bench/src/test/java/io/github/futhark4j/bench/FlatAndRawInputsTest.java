package io.github.futhark4j.bench;

import io.github.futhark4j.ScalarType;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FlatAndRawInputsTest {
  @TempDir Path tmp;

  @Test
  void flattensNestedArraysAndTuplesInOrder() {
    Flat f = Flat.of(new Object[] {new float[] {1, 2}, new float[][] {{3}, {4}}, 5.0});
    assertArrayEquals(new double[] {1, 2, 3, 4, 5}, ((Flat.Reals) f).values());
    Flat i = Flat.of(new long[][] {{1, 2}, {3, 4}});
    assertArrayEquals(new long[] {1, 2, 3, 4}, ((Flat.Ints) i).values());
    assertArrayEquals(new long[] {7}, ((Flat.Ints) Flat.of(7)).values());
    assertThrows(IllegalArgumentException.class, () -> Flat.of(new Object[] {1, 2.0}));
    assertThrows(IllegalArgumentException.class, () -> Flat.of("text"));
  }

  @Test
  void writesArraysAsDimensionsAndRawFilesThatReadBackTheSame() throws Exception {
    float[][] m = {{1.5f, -2f, 3f}, {4f, 5f, 6.25f}};
    long[] l = {Long.MIN_VALUE, 0, 42};
    List<String> args = RawInputs.write(List.of(0.1f, m, 7L, l, 3), tmp);
    assertEquals(Float.toHexString(0.1f), args.get(0));
    assertEquals(List.of("2", "3"), args.subList(1, 3));
    assertEquals("7", args.get(4));
    assertEquals("3", args.get(5));
    assertEquals("3", args.get(7));
    assertEquals(Float.intBitsToFloat(Float.floatToIntBits(0.1f)), Float.parseFloat(args.get(0)));
    Flat back = Flat.fromBytes(Files.readAllBytes(Path.of(args.get(3))), ScalarType.F32);
    assertArrayEquals(((Flat.Reals) Flat.of(m)).values(), ((Flat.Reals) back).values());
    Flat longs = Flat.fromBytes(Files.readAllBytes(Path.of(args.get(6))), ScalarType.I64);
    assertArrayEquals(l, ((Flat.Ints) longs).values());
  }

  @Test
  void rejectsRaggedArraysAndPartialElements() {
    assertThrows(IllegalArgumentException.class, () -> RawInputs.shape(new int[][] {{1, 2}, {3}}));
    assertThrows(IllegalArgumentException.class, () -> Flat.fromBytes(new byte[6], ScalarType.I32));
    assertArrayEquals(new long[] {2, 0}, RawInputs.shape(new double[2][0]));
    assertArrayEquals(new long[] {0, 0}, RawInputs.shape(new float[0][]));
  }

  @Test
  void elementTypesOfArrays() {
    assertEquals(ScalarType.F32, Flat.elementType(new float[1][1]));
    assertEquals(ScalarType.I64, Flat.elementType(new long[0]));
    assertThrows(IllegalArgumentException.class, () -> Flat.elementType(new short[1]));
  }
}
