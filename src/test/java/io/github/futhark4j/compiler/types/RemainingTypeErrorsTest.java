package io.github.futhark4j.compiler.types;

import io.github.futhark4j.compiler.typed.Type;
import io.github.futhark4j.compiler.diag.DiagCode;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.compiler.diag.Diagnostic;
import io.github.futhark4j.compiler.typed.TProgram;
import org.junit.jupiter.api.Test;

/** Ambiguous sums, record updates of unknown records, and the small module features (open, local, entry). */
class RemainingTypeErrorsTest {
  @Test
  void openSumInADefinitionsTypeIsAmbiguous() {
    Diagnostic d = CheckerTest.error("def f (x: bool) = #some x");
    assertEquals(DiagCode.E0212, d.code());
    assertTrue(d.message().startsWith("Type is ambiguous") && d.message().contains("#some"), d.message());
    CheckerTest.ok("def f (x: bool) : (#some bool | #none) = #some x");
    // A sum used and matched inside one definition is not part of its type.
    CheckerTest.ok("def g (x: i32) = match (#a x : #a i32 | #b) case #a y -> y case #b -> 0");
  }

  @Test
  void recordUpdateOfARecordKnownOnlyLaterIsInferredWithTheDefinition() {
    // As in the reference, whose first inference pass solves the definition as a whole: the
    // return type, an ascription or a later application tells the record's type.
    CheckerTest.ok("def f r : {x: i32} = r with x = 0");
    CheckerTest.ok("def f r : {a: {b: i32}, c: bool} = r with a.b = 2");
    CheckerTest.ok("def f r = (r with x = 0i32) : {x: i32}");
    CheckerTest.ok("entry main (a: i32) : bool = let f r = r with x = a in (f {x = 1i32, y = true}).y");
    CheckerTest.ok("def f (r: {x: i32, y: bool}) = r with x = 0");
    CheckerTest.ok("def f (rs: []{x: i32}) = map (\\r -> r with x = 1) rs");
    // Nothing tells it: ambiguous, as in the reference.
    assertEquals(DiagCode.E0212, CheckerTest.error("def f r = r with x = 0i32").code());
    // The field's type still has to match.
    assertEquals(DiagCode.E0202, CheckerTest.error("def f r : {x: bool} = r with x = 0i32").code());
  }

  @Test
  void entryInsideAModule() {
    Diagnostic d = CheckerTest.error("module m = {\n  entry f (x: i32) : i32 = x\n}\nentry main (x: i32) : i32 = m.f x");
    assertEquals(DiagCode.E0405, d.code());
    assertTrue(d.message().startsWith("Entry points may not be declared inside modules"), d.message());
    assertEquals(2, d.line());
  }

  @Test
  void openBringsModuleNamesIntoScope() {
    TProgram p = CheckerTest.ok("""
        module util = {
          local def helper (x: i32) = x * 3
          def triple_plus (x: i32) = helper x + 1
        }
        open util
        def g (x: i32) = triple_plus x
        """);
    assertTrue(CheckerTest.body(p, "g").contains("triple_plus"), CheckerTest.body(p, "g"));
  }

  @Test
  void openOfANumericModuleBringsItsOperators() {
    // f32's (+) shadows the overloaded one, as in the reference: f32 arithmetic only.
    TProgram p = CheckerTest.ok("open f32\ndef g (x: f32) (k: i32) = (sqrt x + 1, k)");
    assertEquals("(f32, i32)", CheckerTest.decl(p, "g").fun().returnType().toString());
    assertEquals(DiagCode.E0202, CheckerTest.error("open f32\ndef g (k: i32) = k + 1").code());
    // A later definition shadows the opened name.
    CheckerTest.ok("open f32\ndef sqrt (x: i32) = x\ndef h (k: i32) : i32 = sqrt k");
    assertEquals(DiagCode.E0413, CheckerTest.error("open nosuchmodule\ndef h = 1").code());
  }

  @Test
  void localDefinitionsOfAModuleAreHiddenOutsideIt() {
    String m = "module util = {\n  local def helper (x: i32) = x * 3\n  def triple (x: i32) = helper x\n}\n";
    CheckerTest.ok(m + "def g (x: i32) = util.triple x");
    assertEquals(DiagCode.E0201, CheckerTest.error(m + "def g (x: i32) = util.helper x").code());
    assertEquals(DiagCode.E0201, CheckerTest.error(m + "open util\ndef g (x: i32) = helper x").code());
  }
}
