package io.github.futhark4j.compiler.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.compiler.Backend;
import io.github.futhark4j.compiler.Frontend;
import io.github.futhark4j.compiler.source.Source;

import io.github.futhark4j.compiler.core.IrType;
import io.github.futhark4j.compiler.types.PrimType;
import org.junit.jupiter.api.Test;

/** Shapes of generated C that matter for speed (their results are checked by the C-level tests). */
class CodegenPerfTest {

  @Test
  void arrayAssignmentsCopyOnlyTheFieldsTheRankUses() {
    assertEquals("a.mem = b.mem; a.data = b.data; a.shape[0] = b.shape[0]; a.shape[1] = b.shape[1];",
        CGen.assign("a", "b", new IrType.Arr(PrimType.I64, 2)));
    assertEquals("a.mem = b.mem; a.data = b.data; a.shape[0] = b.shape[0];",
        CGen.assign("a", "b", new IrType.Arr(PrimType.F32, 1)));
  }

  @Test
  void scalarAssignmentsArePlain() {
    assertEquals("x = y;", CGen.assign("x", "y", new IrType.Scalar(PrimType.I32)));
  }

  static String multicoreC(String src) throws Exception {
    return Backend.generate(Frontend.check(new Source("prog.fut", src)), "multicore", "prog").c();
  }

  @Test
  void componentwiseSumsOfTuplesAreSimdReductions() throws Exception {
    String c = multicoreC("""
        entry f (xs: []f32) (ys: []f32) : (f32, f32) =
          reduce (\\(a, b) (x, y) -> (a + x, b * y)) (0f32, 1f32) (zip xs ys)
        """);
    assertTrue(c.matches("(?s).*#pragma omp simd reduction\\(\\+:\\w+\\) reduction\\(\\*:\\w+\\).*"), c);
  }

  @Test
  void operatorsThatMixComponentsAreNotSimdReductions() throws Exception {
    String c = multicoreC("""
        entry f (xs: []f32) (ys: []f32) : (f32, f32) =
          reduce (\\(a, b) (x, y) -> (a + y, b + x)) (0f32, 0f32) (zip xs ys)
        """);
    assertFalse(c.contains("omp simd"), c);
  }
}
