package io.github.futhark4j;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.futhark4j.compiler.codegen.CHarness;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** {@link FutharkProgram#newArray} and {@link FutharkFunction#consumes}, through the public API. */
class NewArrayTest {
  private static final String SRC = """
      entry bump (xs: *[]i64) : []i64 = xs with [0] = xs[0] + 1
      entry total (xs: []i64) : i64 = i64.sum xs
      """;

  @BeforeAll
  static void needGcc() {
    assumeTrue(CHarness.haveGcc(), "no C compiler");
  }

  @Test
  void consumesTellsWhichParametersAreUnique() throws Exception {
    try (FutharkProgram p = Futhark.compile(SRC)) {
      assertTrue(p.function("bump").consumes(0));
      assertFalse(p.function("total").consumes(0));
      assertThrows(IndexOutOfBoundsException.class, () -> p.function("total").consumes(1));
    }
  }

  @Test
  void aNewNativeArrayIsPassedToManyCallsAndCopiedForAConsumingOne() throws Exception {
    try (FutharkProgram p = Futhark.compile(SRC)) {
      FutharkArray host = FutharkArray.of(new long[] {1, 2, 3});
      try (FutharkArray a = p.newArray(host)) {
        assertTrue(a.isNative());
        assertEquals("[]i64", a.type());
        assertArrayEquals(new long[] {3}, a.shape());
        assertEquals(6L, p.function("total").callNative(a));
        assertEquals(6L, p.function("total").callNative(a));
        FutharkArray copy = p.newArray(a);
        try (FutharkArray r = (FutharkArray) p.function("bump").callNative(copy)) {
          assertArrayEquals(new long[] {2, 2, 3}, (long[]) r.toFlatJava());
        }
        assertThrows(IllegalStateException.class, copy::toFlatJava, "the copy was consumed");
        copy.close();
        assertArrayEquals(new long[] {1, 2, 3}, (long[]) a.toFlatJava(), "the original is untouched");
        assertArrayEquals(new long[] {1, 2, 3}, (long[]) host.toFlatJava());
      }
    }
  }

  @Test
  void arraysOfAnotherProgramAreCopiedOver() throws Exception {
    try (FutharkProgram p = Futhark.compile(SRC);
        FutharkProgram q = Futhark.compile("entry twice (xs: []i64) : []i64 = map (*2) xs");
        FutharkArray a = (FutharkArray) q.function("twice").callNative((Object) new long[] {5, 6});
        FutharkArray b = p.newArray(a)) {
      assertEquals(22L, p.function("total").callNative(b));
      assertArrayEquals(new long[] {10, 12}, (long[]) a.toFlatJava());
    }
  }

  @Test
  void clearErrors() throws Exception {
    FutharkProgram p = Futhark.compile(SRC);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> p.newArray(FutharkArray.of(new double[] {1})));
    assertTrue(e.getMessage().contains("no array type []f64") && e.getMessage().contains("[]i64"), e.getMessage());
    FutharkArray a = p.newArray(FutharkArray.of(new long[] {1}));
    a.close();
    assertThrows(IllegalStateException.class, () -> p.newArray(a));
    p.close();
    assertThrows(IllegalStateException.class, () -> p.newArray(FutharkArray.of(new long[] {1})));
  }
}
