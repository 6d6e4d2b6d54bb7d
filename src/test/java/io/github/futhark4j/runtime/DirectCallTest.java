package io.github.futhark4j.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.FutharkArray;
import io.github.futhark4j.FutharkProgramException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every scalar type and mixed signatures through JNA direct mapping: each function is called
 * past {@link DirectCall#BIND_AFTER} so the later calls go through the generated binding, and the
 * results must be the same as through {@link com.sun.jna.Function} (the fixture library, whose
 * manifest has no raw functions, so arrays take the copying path).
 */
class DirectCallTest {
  static LoadedLibrary lib;

  @BeforeAll
  static void load() { lib = Fixture.load(); }

  @AfterAll
  static void close() { if (lib != null) lib.close(); }

  /** Calls enough times to bind, checking every result, and checks the binding happened. */
  private static void same(Object expected, String entry, Object... args) {
    for (int i = 0; i < DirectCall.BIND_AFTER + 2; i++) {
      Object got = lib.function(entry).call(args);
      if (expected.getClass().isArray()) assertTrue(java.util.Objects.deepEquals(expected, got), entry + " call " + i);
      else assertEquals(expected, got, entry + " call " + i);
    }
    assertTrue(((EntryPoint) lib.function(entry)).isDirect(), entry + " is bound");
  }

  @Test
  void everyScalarTypeAtItsLimits() {
    same((byte) -128, "id_i8", (byte) -128);
    same((short) -30000, "id_i16", (short) -30000);
    same(Integer.MIN_VALUE, "id_i32", Integer.MIN_VALUE);
    same(Long.MAX_VALUE, "id_i64", Long.MAX_VALUE);
    same((byte) 0xFF, "id_u8", 255);
    same((short) 0xFFFF, "id_u16", 65535);
    same(-1, "id_u32", 4294967295L);
    same(-1L, "id_u64", -1L);
    same(-65504f, "id_f16", -65504.0);
    same(3.25f, "id_f32", 3.25f);
    same(Math.PI, "id_f64", Math.PI);
    same(true, "id_bool", true);
    same(false, "id_bool", false);
    same(4294967295L, "widen", -1);
  }

  @Test
  void mixedSignaturesArraysAndOpaques() {
    same(false, "both", true, false);
    same(new double[][] {{2, 4}, {6, 9}}, "scale", new double[][] {{1, 2}, {3, 4.5}}, 2.0);
    same(new long[][][] {{{0, 1}}, {{100, 101}}}, "cube", 2L, 1L, 2L);
    same(new float[] {3f, -2f, 1f}, "rev_f32", new float[] {1f, -2f, 3f});
    same(new boolean[] {false, true}, "rev_bool", new boolean[] {true, false});
    for (int i = 0; i < DirectCall.BIND_AFTER + 2; i++) {
      try (var pair = (io.github.futhark4j.FutharkOpaque) lib.function("mkpair").callNative(3L, 0.5)) {
        assertEquals(3.5, lib.function("pairsum").call(pair));
      }
      Object[] stats = (Object[]) lib.function("stats").call((Object) new double[] {1, 2, 3});
      assertArrayEquals(new double[] {1, 3, 6}, (double[]) stats[0]);
      assertEquals(6.0, stats[1]);
      assertEquals(3L, stats[2]);
      try (FutharkArray r = (FutharkArray) lib.function("rev_f64").callNative((Object) new double[] {1, 2})) {
        assertArrayEquals(new double[] {2, 1}, (double[]) r.toFlatJava());
        assertArrayEquals(new double[] {1, 2}, (double[]) lib.function("rev_f64").call(r));
      }
    }
    assertTrue(((EntryPoint) lib.function("stats")).isDirect());
    assertEquals(0L, lib.function("live").call(), "nothing leaked");
  }

  @Test
  void errorsAreReportedTheSameWay() {
    for (int i = 0; i < DirectCall.BIND_AFTER + 2; i++) {
      FutharkProgramException e = assertThrows(FutharkProgramException.class, () -> lib.function("check").call(12L));
      assertTrue(e.getMessage().contains("out of bounds") || e.getMessage().toLowerCase().contains("index"), e.getMessage());
      assertEquals(25L, lib.function("check").call(5L));
    }
    assertTrue(((EntryPoint) lib.function("check")).isDirect());
  }

  @Test
  void theGeneratedClassIsMinimal() throws Exception {
    byte[] b = DirectCall.classFile("x/Y", "f", "(JD)I");
    Class<?> c = new ClassLoader(null) {
      Class<?> define() { return defineClass("x.Y", b, 0, b.length); }
    }.define();
    var m = c.getDeclaredMethod("f", long.class, double.class);
    assertTrue(java.lang.reflect.Modifier.isNative(m.getModifiers()) && java.lang.reflect.Modifier.isStatic(m.getModifiers()));
    assertEquals(1, c.getDeclaredMethods().length);
  }
}
