package io.github.futhark4j.compiler.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
}
