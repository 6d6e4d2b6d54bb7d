package io.github.futhark4j.compiler.types;

import static org.junit.jupiter.api.Assertions.*;

import io.github.futhark4j.compiler.diag.Diagnostic;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PreludeTest {
  @Test
  void everyPreludeDefinitionChecks() {
    List<Diagnostic> diags = new ArrayList<>();
    var decls = Checker.checkWholePrelude(diags);
    assertEquals(List.of(), diags.stream().map(Diagnostic::render).toList());
    assertTrue(decls.size() > 500, "expected the numeric modules and array functions, got " + decls.size());
    assertEquals(List.of(), TypedVerifier.verify(new io.github.futhark4j.compiler.typed.TProgram(Prelude.unit().source(), decls)));
  }

  @Test
  void everyIntrinsicHasASignature() {
    for (var set : List.of(io.github.futhark4j.compiler.typed.Intrinsics.ARRAY, io.github.futhark4j.compiler.typed.Intrinsics.PRIM)) {
      for (String name : set) assertTrue(Defs.hasSignature(name), name);
    }
  }

  @Test
  void numericModulesShareOneTemplate() {
    String text = Prelude.text();
    for (String t : List.of("i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "f16", "f32", "f64")) {
      assertTrue(text.contains("module " + t + " = {"), t);
    }
    assertTrue(text.contains("def to_bits (x: f32) : u32"));
    assertTrue(text.contains("def highest : u8 = 255u8"));
    assertTrue(text.contains("def lowest : i64 = -9223372036854775808i64"));
  }
}
