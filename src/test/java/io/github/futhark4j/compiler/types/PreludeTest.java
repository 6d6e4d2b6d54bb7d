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
  void arrayFunctionsParseLazilyAsTheWholeTextWould() {
    var unit = Prelude.unit();
    List<io.github.futhark4j.compiler.syntax.Ast.Decl> tail = unit.program().decls().subList(Prelude.headSize(), unit.program().decls().size());
    assertTrue(tail.size() > 80, "expected the array functions, got " + tail.size());
    int from = tail.get(0).span().start();
    List<Diagnostic> diags = new ArrayList<>();
    var eager = io.github.futhark4j.compiler.syntax.Parser.parse(unit.source(), from, Prelude.text().length(), diags).decls();
    assertEquals(List.of(), diags);
    assertEquals(eager.size(), tail.size());
    for (int i = 0; i < tail.size(); i++) {
      var lazy = assertInstanceOf(io.github.futhark4j.compiler.syntax.Ast.LazyValDecl.class, tail.get(i));
      var e = assertInstanceOf(io.github.futhark4j.compiler.syntax.Ast.ValDecl.class, eager.get(i));
      assertEquals(e.name(), lazy.name());
      assertEquals(e.nameSpan(), lazy.nameSpan(), e.name());
      assertEquals(e.span(), lazy.span(), e.name());
      assertEquals(e, lazy.parse().get(), e.name());
      assertSame(lazy.parse().get(), lazy.parse().get());
    }
  }

  @Test
  void aTextTheScanDoesNotExpectIsParsedWhole() {
    var src = new io.github.futhark4j.compiler.source.Source("t", "def a = 1\n  + 2\n-- c\ndef (++) x y = x\n");
    assertEquals(List.of("a", "++"), Prelude.lazyDefs(src, 0, src.text().length()).stream()
        .map(d -> ((io.github.futhark4j.compiler.syntax.Ast.LazyValDecl) d).name()).toList());
    for (String odd : List.of("type t = i32\n", "def (x: i32) +++ (y: i32) = x\n", "  def a = 1\n", "def a =\n-- c\n  1\n")) {
      var s = new io.github.futhark4j.compiler.source.Source("t", odd);
      assertNull(Prelude.lazyDefs(s, 0, odd.length()), odd);
    }
  }

  @Test
  void theBuildsExpandedPreludeIsTheTemplatesExpanded() {
    // The build writes it (process-classes); a stale or missing one would go unnoticed otherwise.
    assertNotNull(Prelude.class.getResource("/io/github/futhark4j/prelude/" + Prelude.EXPANDED));
    assertNotNull(Prelude.class.getResource("/io/github/futhark4j/prelude/" + Prelude.EXPANDED_INDEX));
    assertEquals(Prelude.built(), Prelude.inUse());
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

  /**
   * Every top-level value of the reference's prelude (prelude.fut, array.fut, soacs.fut, zip.fut,
   * functional.fut; the automatic-differentiation functions of ad.fut are not yet implemented) is
   * defined: a program naming it gets no "Unknown name".
   */
  @Test
  void everyTopLevelNameOfTheReferencePreludeIsDefined() {
    String names = """
        map map1 map2 map3 map4 map5 reduce reduce_comm scan exscan filter partition partition2
        reduce_by_index reduce_by_index_2d reduce_by_index_3d hist scatter scatter_2d scatter_3d spread
        flatmap flatmap' all any iota replicate rep length indices tabulate tabulate_2d tabulate_3d
        concat flatten flatten_3d flatten_4d unflatten unflatten_3d unflatten_4d transpose rotate
        reverse take drop split head last tail init copy manifest sized foldl foldr and or null
        zip zip2 zip3 zip4 zip5 unzip unzip2 unzip3 unzip4 unzip5 id const flip curry uncurry
        iterate iterate_until iterate_while r32 t32 r64 t64 not opaque trace break""";
    for (String n : names.trim().split("\\s+")) {
      List<Diagnostic> diags = new ArrayList<>();
      String src = "def f (x: i32) = let _g = " + n + " in x\n";
      try {
        io.github.futhark4j.compiler.Frontend.check(new io.github.futhark4j.compiler.source.Source("p.fut", src));
      } catch (io.github.futhark4j.compiler.diag.CompileException e) {
        diags.addAll(e.diagnostics());
      }
      for (Diagnostic d : diags) assertFalse(d.render().contains("Unknown name"), n + ": " + d.render());
    }
  }

  /**
   * Names that older editions of the language had, or that the reference defines inside its numeric
   * modules but hides behind their module types: today's programs cannot name them.
   */
  @Test
  void namesOutsideTodaysPreludeAreUnknown() {
    for (String name : List.of("f64.pow", "f32.exp2", "f16.exp10", "f64.frac", "f64.isfinite", "f32.rad_to_deg",
        "f32.deg_to_rad", "i32.sqrt", "i32.pow", "i64.div", "i64.mod", "i32.quot", "i32.rem", "i32.to_i32", "i32.to_u64",
        "u32.sign", "i32.unsign", "bool.not", "f64.int_t", "concat_to", "flatten_to", "hist_2d", "map_stream", "map_stream_per",
        "reduce_stream", "reduce_stream_per")) {
      var e = assertThrows(io.github.futhark4j.compiler.diag.CompileException.class, () -> io.github.futhark4j.compiler.Frontend.check(
          new io.github.futhark4j.compiler.source.Source("t.fut", "def main = " + name + "\n", null)), name);
      assertTrue(e.getMessage().contains("Unknown name \"" + name + "\""), name + ": " + e.getMessage());
    }
    var e = assertThrows(io.github.futhark4j.compiler.diag.CompileException.class, () -> io.github.futhark4j.compiler.Frontend.check(
        new io.github.futhark4j.compiler.source.Source("t.fut", "module m : size = {}\n", null)));
    assertTrue(e.getMessage().contains("Unknown module type \"size\""), e.getMessage());
  }

  @Test
  void todaysModuleMembersResolve() throws Exception {
    io.github.futhark4j.compiler.Frontend.check(new io.github.futhark4j.compiler.source.Source("t.fut",
        "def main (x: f64) (i: i32) (u: u32) = (f64.rsqrt x, f64.atan2pi x x, f64.to_bits x, f64.ldexp x i, f64.copysign x x, "
            + "f64.nextafter x x, f64.epsilon, f64.num_bits, f64.get_bit 1 x, i32.not i, i32.num_bits, u32.mad_hi u u u, "
            + "i32.clz i, bool.i32 i, not true, r64 i, t32 1f32)\n", null));
  }
}
