package io.github.futhark4j.compiler;

import static org.junit.jupiter.api.Assertions.*;
import io.github.futhark4j.compiler.diag.DiagCode;

import io.github.futhark4j.compiler.diag.CompileException;
import io.github.futhark4j.compiler.diag.Diagnostic;
import io.github.futhark4j.compiler.source.Source;
import io.github.futhark4j.compiler.typed.TDecl;
import io.github.futhark4j.compiler.typed.TProgram;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FrontendTest {
  static TProgram ok(String text) {
    try {
      TProgram p = Frontend.check(new Source("t.fut", text));
      assertEquals(List.of(), io.github.futhark4j.compiler.types.TypedVerifier.verify(p), "checked-tree invariants");
      return p;
    } catch (CompileException e) {
      fail("unexpected errors:\n" + e.getMessage());
      return null;
    }
  }

  static List<Diagnostic> errors(String text) {
    CompileException e = assertThrows(CompileException.class, () -> Frontend.check(new Source("t.fut", text)));
    return e.diagnostics();
  }

  static TDecl entry(TProgram p, String name) {
    return p.entryPoints().stream().filter(d -> d.entry().name().equals(name)).findFirst().orElseThrow();
  }

  static List<String> params(TDecl d) {
    return d.entry().params().stream().map(TDecl.EntryType::name).toList();
  }

  static List<String> results(TDecl d) {
    return d.entry().results().stream().map(TDecl.EntryType::name).toList();
  }

  @Test
  void sumEntry() {
    TProgram p = ok("entry sum (xs: []f64) : f64 = reduce (+) 0 xs");
    TDecl e = entry(p, "sum");
    assertEquals(List.of("[]f64"), params(e));
    assertEquals(List.of("f64"), results(e));
  }

  @Test
  void factorize() {
    TProgram p = ok("""
        def factorize (n: i64) : [32]i64 =
          let (_, _, factors, _) =
            loop (x, i, acc, c) = (n, 2i64, replicate 32 0i64, 0i64)
            while x > 1 && c < 32 do
              if x % i == 0 then (x / i, i, acc with [c] = i, c + 1) else (x, i + 1, acc, c)
          in factors
        entry f (ns: []i64) : [][32]i64 = map factorize ns
        """);
    TDecl e = entry(p, "f");
    assertEquals(List.of("[]i64"), params(e));
    assertEquals(List.of("[][]i64"), results(e));
    List<String> names = p.decls().stream().map(d -> d.name().base()).toList();
    assertTrue(names.containsAll(List.of("replicate", "map", "factorize", "f")), names.toString());
    assertFalse(names.contains("scan"), "unused prelude definitions must be left out");
    assertTrue(names.indexOf("factorize") < names.indexOf("f"));
  }

  @Test
  void growingLoopAccumulator() {
    TProgram p = ok("entry f (n: i64) : []i64 = let (_, _, r) = loop (x, i, acc) = (n, 2i64, ([] : []i64)) while x > 1 do\n"
        + "if x % i == 0 then (x / i, i, acc ++ [i]) else (x, i + 1, acc) in r");
    assertEquals(List.of("[]i64"), results(entry(p, "f")));
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "entry main (xs: []i32) : []i32 = map (+1) xs",
      "entry main (xs: [][]f32) : [][]f32 = map (map (*2)) xs",
      "entry main (x: i32) : i32 = loop x while x < 100 do x * 2",
      "entry main (xs: []i32) (ys: []i32) : []i32 = xs ++ ys",
      "entry main (x: i32) : i32 = if x > 0 then x else -x",
      "def helper (x: f64) : f64 = x * x\nentry main (xs: []f64) = map helper xs",
      "entry main (xs: [][32]i64) : [][32]i64 = xs",
      "entry main (xs: *[]i32) : []i32 = xs with [0] = 1",
      "entry main (n: i64) : []i32 = replicate n 0",
      "entry main (n: i64) : i64 = let a = n + 1 let b = a * 2 in a + b",
      "entry main (n: i32) : i32 = loop acc = 0 for i < n do acc + i",
      "entry main (xs: []i32) : i32 = loop s = 0 for x in xs do s + x",
      "entry main (n: i64) : (i64, i64) = loop (a, b) = (0, 1) for _i < n do (b, a + b)",
      "entry main (xs: []i32) : i32 = let t = (1, xs[0]) in t.0 + t.1",
      "entry main (xs: []i32) : []i32 = [xs[0], xs[1], 3]",
      "entry main (xs: []i32) : []i32 = xs[1:3]",
      "entry main (xs: []i32) : []i32 = xs[::-1]",
      "entry main (xs: [][]i32) : i32 = xs[0, 1]",
      "entry main [n] (xs: [n]i32) (ys: [n]i32) (zs: [n]i32) : []i32 = map3 (\\x y z -> x + y * z) xs ys zs",
      "entry main [n] (xs: [n]i32) (ys: [n]i32) : []i32 = map2 (+) xs ys",
      "entry main (xs: []f32) : []f32 = scan (+) 0 xs",
      "entry main (xs: []i32) : []i32 = filter (> 0) xs",
      "entry main (n: i64) : []i64 = iota n",
      "entry main [n] (xs: [n]i32) (ys: [n]f32) : ([]i32, []f32) = unzip (zip xs ys)",
      "entry main (xs: []i32) : i64 = length xs",
      "entry main (xs: []i32) : bool = any (> 0) xs && all (< 10) xs",
      "entry main (xs: []i64) : i64 = i64.sum xs",
      "entry main (x: f64) : f64 = f64.sqrt x",
      "entry main (x: i64) : f64 = f64.i64 x",
      "entry main (x: f32) : i32 = i32.f32 x",
      "entry main (b: bool) : i64 = i64.bool b",
      "entry main (xs: []f64) : f64 = xs |> map (\\x -> x * 2) |> reduce (+) 0",
      "entry main (xs: []i32) : []i32 = map (\\x -> x % 3) xs",
      "def main (x: i32) : i32 = x + 1",
      "entry main = map f32.round",
      "entry main (a: u8) (b: u16) (c: u32) (d: u64) : u64 = u64.u8 a + u64.u16 b + u64.u32 c + d",
      "entry main (a: i8) (b: i16) : i16 = i16.i8 a + b",
      "entry main (a: f16) : f32 = f32.f16 a",
      "entry main (x: i32) : i32 = (x << 2) | (x >> 1) & (x ^ 3) i32.>>> 1",
      "entry main (x: i32) (y: i32) : bool = x <= y || x != y && !(x == y)",
      "entry main (x: f64) : f64 = x ** 2.0 + x / 3 - x % 2",
      "entry main (x: i32) : i32 = x // 2 + x %% 3",
      "entry main (x: i32) : i32 = !x",
      "entry main (xs: []i32) : []i32 = map (\\(x: i32) : i32 -> x + 1) xs",
      "entry main (xs: [](i32, f32)) : []f32 = map (.1) xs",
      "entry main (xs: []i32) : []i32 = map (2 -) xs",
      "entry main (xs: [][]i32) : [][]i32 = transpose xs",
      "entry main (xs: []i32) : []i32 = map i32.abs xs",
      "entry main (x: f32) : bool = f32.isnan x || f32.isinf x",
      "entry main (x: f64) : u64 = f64.to_bits x",
      "entry main : f64 = f64.pi",
      "entry main (x: i32) : i32 = i32.max x 0 + i32.min x 1",
      "entry main (n: i64) : [][]i64 = tabulate_2d n n (\\i j -> i * j)",
      "entry main (xs: []i32) : i32 = foldl (+) 0 xs",
  })
  void firstSlicePrograms(String program) {
    TProgram p = ok(program);
    assertFalse(p.entryPoints().isEmpty());
  }

  @Test
  void pointFreeEntryIsEtaExpanded() {
    TProgram p = ok("entry main = map f32.round");
    TDecl e = entry(p, "main");
    assertEquals(1, e.fun().params().size());
    assertEquals(List.of("[]f32"), params(e));
    assertEquals(List.of("[]f32"), results(e));
  }

  @Test
  void opaqueTypesAreNamedAsWritten() {
    TDecl e = entry(ok("type point = {x: f64, y: f64}\n"
        + "entry main (p: point) (ps: []point) (t: (i32, bool)) : point = p"), "main");
    assertEquals(List.of("point", "[]point", "(i32, bool)"), params(e));
    assertEquals(List.of("point"), results(e));
  }

  @Test
  void tupleResultGivesSeveralOutputs() {
    TDecl e = entry(ok("entry main (x: i32) : (i32, f64, bool) = (x, 1.0, true)"), "main");
    assertEquals(List.of("i32", "f64", "bool"), results(e));
  }

  @Test
  void uniqueParameterIsFlagged() {
    TDecl e = entry(ok("entry main (xs: *[]i32) : *[]i32 = xs with [0] = 1"), "main");
    assertTrue(e.entry().params().get(0).unique());
    assertTrue(e.entry().results().get(0).unique());
  }

  /**
   * Mutated programs (characters deleted or inserted) must give diagnostics or a program, never an
   * internal exception.
   */
  @Test
  void malformedProgramsNeverCrashTheFrontEnd() {
    String base = """
        type shape = #circle f64 | #rect f64 f64
        def area (s: shape) : f64 = match s case #circle r -> 3.0 * r * r case #rect w h -> w * h
        def (a: i32) +^ (b: i32) : i32 = a * 10 + b
        entry f (xs: *[]i32) (n: i64) : []i32 =
          let ys = map (+^ 1) xs |> filter (> 0)
          let (a, b) = loop (a, b) = (0, 1) for i < n do (b, a + b)
          in (xs with [0] = a + b) ++ ys[1:] ++ [i32.i64 n, i32.f32 f32.(sqrt 2 + pi)]
        """;
    ok(base);
    java.util.Random r = new java.util.Random(1234);
    for (int it = 0; it < 400; it++) {
      StringBuilder sb = new StringBuilder(base);
      for (int j = 0; j < 2; j++) {
        int pos = r.nextInt(sb.length());
        if (r.nextBoolean()) sb.deleteCharAt(pos);
        else sb.insert(pos, "()[]{},.:=+-*\\#'\"|x1 ".charAt(r.nextInt(21)));
      }
      String text = sb.toString();
      try {
        Frontend.check(new Source("t.fut", text));
      } catch (CompileException e) {
        assertFalse(e.diagnostics().isEmpty());
      } catch (RuntimeException | StackOverflowError e) {
        throw new AssertionError("internal error on:\n" + text, e);
      }
    }
  }

  @Test
  void checksRunConcurrently() throws Exception {
    var pool = java.util.concurrent.Executors.newFixedThreadPool(4);
    try {
      List<java.util.concurrent.Future<TProgram>> fs = new java.util.ArrayList<>();
      for (int i = 0; i < 16; i++) {
        String prog = "entry main (xs: []f64) : f64 = f64.sum (map (\\x -> x * " + i + ") xs)";
        fs.add(pool.submit(() -> Frontend.check(new Source("t" + prog.length() + ".fut", prog))));
      }
      for (var f : fs) assertEquals(List.of("f64"), results(entry(f.get(), "main")));
    } finally {
      pool.shutdown();
    }
  }

  @Test
  void unknownNameIsReported() {
    List<Diagnostic> ds = errors("entry f (n: i32) : i32 =\n  acc + n");
    assertEquals(DiagCode.E0201, ds.get(0).code());
    assertEquals(2, ds.get(0).line());
    assertEquals(3, ds.get(0).column());
    assertTrue(ds.get(0).message().contains("Unknown name \"acc\""));
  }
}
