package io.github.futhark4j.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.FutharkArray;
import io.github.futhark4j.FutharkException;
import io.github.futhark4j.FutharkOutOfMemoryException;
import io.github.futhark4j.FutharkProgramException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Argument errors name the entry point and parameter; native failures become the right exception. */
@Tag("native")
class ErrorsTest {
  static LoadedLibrary lib;

  @BeforeAll
  static void load() { lib = Fixture.load(); }

  @AfterAll
  static void close() { if (lib != null) lib.close(); }

  private static String argError(String entry, Object... args) {
    return assertThrows(IllegalArgumentException.class, () -> lib.function(entry).call(args)).getMessage();
  }

  private static void assertMentions(String message, String... parts) {
    for (String p : parts) assertTrue(message.contains(p), () -> "expected '" + p + "' in: " + message);
  }

  @Test
  void wrongArity() {
    assertMentions(argError("scale", (Object) new double[0][]), "entry point 'scale'", "takes 2 arguments", "m: [][]f64", "k: f64", "given 1");
    assertMentions(argError("threads", 1), "entry point 'threads'", "takes 0 arguments", "given 1");
  }

  @Test
  void nullArgument() {
    assertMentions(argError("sum", (Object) null), "entry point 'sum'", "parameter 1 'xs'", "null");
    assertMentions(argError("scale", new double[][] {{1}}, null), "parameter 2 'k'", "null");
  }

  @Test
  void wrongElementTypeAndRank() {
    assertMentions(argError("sum", (Object) new int[] {1}), "'sum'", "'xs'", "double[]", "int[]");
    assertMentions(argError("sum", (Object) new double[][] {{1}}), "'xs'", "double[]", "double[][]");
    assertMentions(argError("scale", new double[] {1}, 2.0), "'m'", "double[][]");
    assertMentions(argError("sum", "hello"), "'xs'", "String");
    assertMentions(argError("sum", FutharkArray.of(new long[] {1})), "'xs'", "[]f64", "[]i64");
  }

  @Test
  void raggedArraysAreRejected() {
    double[][] ragged = {{1, 2}, {3}};
    assertMentions(argError("scale", ragged, 1.0), "entry point 'scale'", "parameter 1 'm'", "ragged", "[1]");
    float[][][] ragged3 = {{{1}, {2}}, {{3}, {4, 5}}};
    assertMentions(argError("neg3", (Object) ragged3), "'neg3'", "'x'", "ragged", "[1][1]");
    double[][] nullRow = {{1}, null};
    assertMentions(argError("scale", nullRow, 1.0), "'m'", "null");
  }

  @Test
  void lossyScalarsAreRejected() {
    assertMentions(argError("id_i8", 300), "'id_i8'", "'x'", "does not fit type i8");
    assertMentions(argError("id_i32", 1.5), "'x'", "i32");
    assertMentions(argError("id_u8", -1), "u8");
    assertMentions(argError("id_u32", -1L), "u32");
    assertMentions(argError("id_f64", (1L << 53) + 1), "f64");
    assertMentions(argError("id_f16", 1e6), "f16");
    assertMentions(argError("id_bool", 1), "Boolean");
    assertMentions(argError("id_i64", true), "number");
    assertMentions(argError("pairsum", 3.0), "'pairsum'", "'p'", "opaque");
  }

  @Test
  void unknownEntryPointNamesTheKnownOnes() {
    String m = assertThrows(IllegalArgumentException.class, () -> lib.function("nope")).getMessage();
    assertMentions(m, "'nope'", "sum", "scale");
  }

  @Test
  void programErrorCarriesFutharksMessageAndTheProgramCarriesOn() {
    FutharkProgramException e = assertThrows(FutharkProgramException.class, () -> lib.function("check").call(12L));
    assertMentions(e.getMessage(), "Index [12] out of bounds", "fixture.fut:12:5-9");
    assertEquals(49L, lib.function("check").call(7L));
    e = assertThrows(FutharkProgramException.class, () -> lib.function("minmax").call((Object) new long[0]));
    assertMentions(e.getMessage(), "empty array");
    assertEquals(9L, lib.function("check").call(3));
  }

  @Test
  void outOfMemoryAndOtherCodes() {
    FutharkOutOfMemoryException oom = assertThrows(FutharkOutOfMemoryException.class, () -> lib.function("alloc").call(2_000_000L));
    assertMentions(oom.getMessage(), "Failed to allocate");
    FutharkException other = assertThrows(FutharkException.class, () -> lib.function("weird").call(5));
    assertEquals(FutharkException.class, other.getClass());
    assertMentions(other.getMessage(), "something odd happened with 5");
    assertEquals(3, ((double[]) lib.function("alloc").call(3)).length);
  }

  @Test
  void failedCallsLeakNoNativeValues() {
    long before = (Long) lib.function("live").call();
    for (int i = 0; i < 5; i++) {
      assertThrows(FutharkProgramException.class, () -> lib.function("minmax").call((Object) new long[0]));
      assertThrows(IllegalArgumentException.class, () -> lib.function("scale").call(new double[][] {{1}}, "x"));
    }
    assertEquals(before, lib.function("live").call());
  }

  @Test
  void aClosedProgramRefusesCalls() {
    LoadedLibrary other = Fixture.load();
    other.close();
    other.close(); // idempotent
    assertTrue(other.isClosed());
    assertThrows(IllegalStateException.class, () -> other.function("sum").call((Object) new double[] {1}));
  }
}
