package io.github.futhark4j.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.FutharkArray;
import io.github.futhark4j.FutharkOpaque;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Native handles: chaining without copies, closing, the Cleaner, and lifetimes across contexts. */
@Tag("native")
class NativeValuesTest {
  private static long live(LoadedLibrary lib) {
    return (Long) lib.function("live").call();
  }

  @Test
  void callNativeResultsChainIntoTheNextCallWithoutCopies() {
    try (LoadedLibrary lib = Fixture.load()) {
      FutharkArray m = (FutharkArray) lib.function("scale").callNative(new double[][] {{1, 2}, {3, 4}}, 2.0);
      assertTrue(m.isNative());
      assertEquals("[][]f64", m.type());
      assertArrayEquals(new long[] {2, 2}, m.shape());
      assertEquals(1, live(lib));
      FutharkArray m2 = (FutharkArray) lib.function("scale").callNative(m, 10.0);
      assertEquals(2, live(lib), "the input handle was passed as is, not copied into a new array");
      double[][] r = (double[][]) m2.toJava();
      assertArrayEquals(new double[] {60, 80}, r[1]);
      assertArrayEquals(new double[] {20, 40, 60, 80}, (double[]) m2.toFlatJava());
      assertArrayEquals(new double[] {20, 40, 60, 80, 0}, (double[]) m2.copyTo(new double[5]));
      m.close();
      m2.close();
      assertEquals(0, live(lib));
    }
  }

  @Test
  void closeIsIdempotentAndUseAfterCloseFailsClearly() {
    try (LoadedLibrary lib = Fixture.load()) {
      FutharkArray a = (FutharkArray) lib.function("alloc").callNative(4L);
      a.close();
      a.close();
      assertEquals(0, live(lib));
      assertEquals(0, lib.liveValues());
      IllegalStateException e = assertThrows(IllegalStateException.class, a::toJava);
      assertTrue(e.getMessage().contains("closed"));
      assertThrows(IllegalStateException.class, () -> lib.function("sum").call(a));
    }
  }

  @Test
  void theCleanerFreesUnreachableValues() throws InterruptedException {
    try (LoadedLibrary lib = Fixture.load()) {
      for (int i = 0; i < 50; i++) lib.function("alloc").callNative(10L);
      assertEquals(50, live(lib));
      for (int i = 0; i < 100 && live(lib) > 0; i++) {
        System.gc();
        Thread.sleep(20);
      }
      assertEquals(0, live(lib));
    }
  }

  @Test
  void valuesKeepTheirContextAliveAfterTheProgramIsClosed() {
    LoadedLibrary lib = Fixture.load();
    FutharkArray a = (FutharkArray) lib.function("alloc").callNative(3L);
    lib.close();
    assertArrayEquals(new double[] {0, 1, 2}, (double[]) a.toJava());
    assertEquals(1, lib.liveValues());
    a.close(); // the last value: the context is freed now
    assertEquals(0, lib.liveValues());
  }

  @Test
  void arraysOfAnotherProgramAreCopiedIn() {
    try (LoadedLibrary one = Fixture.load(); LoadedLibrary two = Fixture.load()) {
      FutharkArray a = (FutharkArray) one.function("alloc").callNative(5L);
      assertEquals(10.0, two.function("sum").call(a));
      assertEquals(0, live(two), "the copy in the other context was a temporary");
      assertEquals(1, live(one));
      a.close();
    }
  }

  @Test
  void opaquesAreNativeAndFreed() {
    try (LoadedLibrary one = Fixture.load(); LoadedLibrary two = Fixture.load()) {
      FutharkOpaque p = (FutharkOpaque) one.function("mkpair").callNative(1, 2.0);
      assertEquals(1, live(one));
      String m = assertThrows(IllegalArgumentException.class, () -> two.function("pairsum").call(p)).getMessage();
      assertTrue(m.contains("between programs"), m);
      p.close();
      p.close();
      assertEquals(0, live(one));
    }
  }

  @Test
  void javaSideArraysAreNotNative() {
    FutharkArray a = FutharkArray.of(new int[][] {{1, 2, 3}, {4, 5, 6}});
    assertFalse(a.isNative());
    assertEquals("[][]i32", a.type());
    assertEquals(6, a.size());
    assertArrayEquals(new int[] {4, 5, 6}, ((int[][]) a.toJava())[1]);
    assertInstanceOf(int[].class, a.toFlatJava());
    a.close();
    String m = assertThrows(IllegalArgumentException.class, () -> FutharkArray.of(new int[][] {{1}, {2, 3}})).getMessage();
    assertTrue(m.contains("ragged"), m);
    assertThrows(IllegalArgumentException.class, () -> FutharkArray.ofFlat("f64", new long[] {2, 2}, new double[3]));
    assertThrows(IllegalArgumentException.class, () -> FutharkArray.of("u8", new int[] {1}));
  }
}
