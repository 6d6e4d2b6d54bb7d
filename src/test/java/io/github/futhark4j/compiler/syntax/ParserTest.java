package io.github.futhark4j.compiler.syntax;

import static org.junit.jupiter.api.Assertions.*;
import io.github.futhark4j.compiler.diag.DiagCode;

import io.github.futhark4j.compiler.diag.Diagnostic;
import io.github.futhark4j.compiler.source.Source;
import io.github.futhark4j.compiler.syntax.Ast.*;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ParserTest {
  private final List<Diagnostic> diags = new ArrayList<>();

  private String exp(String text) {
    Exp e = Parser.parseExpression(new Source("t.fut", text), diags);
    assertEquals(List.of(), diags.stream().map(Diagnostic::render).toList(), text);
    return AstPrinter.exp(e);
  }

  private Program prog(String text) {
    return Parser.parse(new Source("t.fut", text), diags);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiterString = " => ", quoteCharacter = '~', value = {
      "1 + 2 * 3 => (+ 1 (* 2 3))",
      "1 - 2 - 3 => (- (- 1 2) 3)",
      "a || b && c => (|| a (&& b c))",
      "a == b + 1 => (== a (+ b 1))",
      "x & 1 == 0 => (== (& x 1) 0)",
      "x << 1 + y => (<< x (+ 1 y))",
      "2 ** 3 ** 2 => (** (** 2 3) 2)",
      "f x y + g z => (+ (apply (apply f x) y) (apply g z))",
      "-x + 1 => (+ (neg x) 1)",
      "!f x => (not (apply f x))",
      "xs |> map f |> reduce (+) 0 => (|> (|> xs (apply map f)) (apply (apply reduce (section +)) 0))",
      "f <| g <| x => (<| f (<| g x))",
      "x >>= y + 1 => (>>= x (+ y 1))",
      "x +^ y * z => (+^ x (* y z))",
      "x `max` y + 1 => (max x (+ y 1))",
      "f >-> g => (>-> f g)",
      "xs ++ ys => (++ xs ys)",
  })
  void operatorPrecedence(String src, String expected) {
    assertEquals(expected, exp(src));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiterString = " => ", quoteCharacter = '~', value = {
      "xs[i] => (index xs [i])",
      "f [i] => (apply f (array i))",
      "a[i, j] => (index a [i, j])",
      "a[i:j:s] => (index a [i:j:s])",
      "a[:n] => (index a [:n])",
      "a[::-1] => (index a [::(neg 1)])",
      "a[1:] => (index a [1:])",
      "a[] => a",
      "a[:2][] => (index a [:2])",
      "r.x.y => (. (. r x) y)",
      "t.0 => (. t 0)",
      "t.0.1 => (. (. t 0) 1)",
      "f64.sqrt x => (apply (. f64 sqrt) x)",
      "(+) => (section +)",
      "(+ 1) => (section + 1)",
      "(1 +) => (section 1 +)",
      "(-x) => (neg x)",
      "(.field) => (section .field)",
      "(.0.1) => (section .0.1)",
      "(.[i]) => (section .[i])",
      "(`max` 2) => (section max 2)",
      "(10 `i32.min`) => (section 10 i32.min)",
      "(f x `max`) => (section (apply f x) max)",
      "\\x y -> x + y => (fn x y (+ x y))",
      "\\(x: i32) -> x => (fn (: x i32) x)",
      "(1, 2.5, true) => (tuple 1 2.5 true)",
      "() => (tuple)",
      "{a = 1, b} => (record a=1 b)",
      "[1, 2, 3] => (array 1 2 3)",
      "[] => (array)",
      "0..<n => (range 0 UP_TO_EXCLUSIVE n)",
      "1..2..10 => (range 1 2 INCLUSIVE 10)",
      "10..>0 => (range 10 DOWN_TO_EXCLUSIVE 0)",
      "1...n => (range 1 INCLUSIVE n)",
      "a..b => (range a INCLUSIVE b)",
      "if c then 1 else 2 => (if c 1 2)",
      "let x = 1 in x + 1 => (let x 1 (+ x 1))",
      "let x = 1 let y = 2 in x + y => (let x 1 (let y 2 (+ x y)))",
      "let (a, b) = p in a => (let (ptuple a b) p a)",
      "let {a, b = c} = r in a => (let (precord a=a b=c) r a)",
      "let f x y = x + y in f 1 2 => (letfun f x y (+ x y) (apply (apply f 1) 2))",
      "let a[i] = v in a => (letupd a [i] v a)",
      "let [n] (xs: [n]i32) = ys in n => (let [n] (: xs [n]i32) ys n)",
      "loop acc = 0 for i < n do acc + i => (loop acc 0 (for i n) (+ acc i))",
      "loop (x, i) = (a, 0) for i < n do (x, i) => (loop (ptuple x i) (tuple a 0) (for i n) (tuple x i))",
      "loop s = 0 for x in xs do s + x => (loop s 0 (for-in x xs) (+ s x))",
      "loop x while x < 10 do x * 2 => (loop x _ (while (< x 10)) (* x 2))",
      "xs with [0] = 1 => (with xs [0] 1)",
      "r with a.b = 1 => (with r a.b 1)",
      "a with [0] = 1 with [1] = 2 => (with (with a [0] 1) [1] 2)",
      "match x case 0 -> a case _ -> b => (match x (case 0 a) (case _ b))",
      "match s case #circle r -> r case #rect w h -> w => (match s (case (#circle r) r) (case (#rect w h) w))",
      "match e case #nest #neg m -> m case #nest (#lit k) m -> k => (match e (case (#nest (#neg) m) m) (case (#nest (#lit k) m) k))",
      "#nest #neg 0 => (#nest (#neg) 0)",
      "a f32.+ b * c => (f32.+ a (* b c))",
      "f a.x - 1 => (- (apply f (. a x)) 1)",
      "(f32.+) => (section f32.+)",
      "(f32.- 1) => (section f32.- 1)",
      "(1 f32.-) => (section 1 f32.-)",
      "#some 1 2 => (#some 1 2)",
      "#none => (#none)",
      "assert (x > 0) x => (assert (> x 0) x)",
      "#[unsafe] xs[0] => (#[unsafe] (index xs [0]))",
      "e : i32 => (: e i32)",
      "xs :> [n]i32 => (:> xs [n]i32)",
      "'a' => 97",
      "\"hi\" => \"hi\"",
      "??? => ???",
      "f64.(sqrt x + pi) => (open f64 (+ (apply sqrt x) pi))",
      "-1 => (neg 1)",
      "f -1 => (- f 1)",
      "f (-1) => (apply f (neg 1))",
  })
  void expressions(String src, String expected) {
    assertEquals(expected, exp(src));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiterString = " => ", quoteCharacter = '~', value = {
      "[]i32 => []i32",
      "[n][m]f64 => [n][m]f64",
      "*[]u8 => *[]u8",
      "(i32, bool) => (i32, bool)",
      "{x: f32, y: f32} => {x: f32, y: f32}",
      "i32 -> i32 -> i32 => (-> i32 (-> i32 i32))",
      "(n: i64) -> [n]i32 => (-> n: i64 [n]i32)",
      "#red | #green i32 => (sum #red #green i32)",
      "vec [3] f32 => (vec [3] f32)",
      "?[n].[n]i32 => ?[n].[n]i32",
      "f64.t => f64.t",
  })
  void types(String src, String expected) {
    Program p = prog("type x = " + src);
    assertEquals(List.of(), diags);
    assertEquals(expected, AstPrinter.type(((TypeDecl) p.decls().get(0)).type()));
  }

  @Test
  void declarations() {
    Program p = prog("""
        -- | A doc comment.
        import "lib"
        type vec [n] 't = [n]t
        def reverse [n] 't (xs: [n]t) : [n]t = xs[::-1]
        let old_style = 1
        entry main (xs: []i32) : i32 = 0
        def (+^) (a: i32) (b: i32) = a + b
        def (a: i32) *^ (b: i32) = a * b
        #[inline] def g x = x
        module m = { def x = 1 }
        """);
    assertEquals(List.of(), diags);
    assertEquals(9, p.decls().size());
    assertEquals("lib", ((Import) p.decls().get(0)).path());
    TypeDecl t = (TypeDecl) p.decls().get(1);
    assertEquals(2, t.params().size());
    assertTrue(t.params().get(0).isSize());
    ValDecl rev = (ValDecl) p.decls().get(2);
    assertEquals(List.of("n", "t"), rev.typeParams().stream().map(TypeParam::name).toList());
    assertTrue(((ValDecl) p.decls().get(4)).isEntry());
    assertEquals("+^", ((ValDecl) p.decls().get(5)).name());
    assertEquals("*^", ((ValDecl) p.decls().get(6)).name());
    assertEquals(2, ((ValDecl) p.decls().get(6)).params().size());
    assertInstanceOf(ModDecl.class, p.decls().get(8));
  }

  @Test
  void spansCoverTheirNodes() {
    Source src = new Source("t.fut", "def f (x: i32) =\n  x + g 1");
    Program p = Parser.parse(src, diags);
    ValDecl d = (ValDecl) p.decls().get(0);
    assertEquals(0, d.span().start());
    assertEquals(src.text().length(), d.span().end());
    BinOp b = (BinOp) d.body();
    assertEquals("x + g 1", src.text().substring(b.span().start(), b.span().end()));
    Apply a = (Apply) b.right();
    assertEquals("g 1", src.text().substring(a.span().start(), a.span().end()));
    assertEquals(2, a.span().line());
    assertEquals(7, a.span().column());
    assertEquals("+", b.op().name());
    assertEquals(5, b.op().span().column());
  }

  @Test
  void errorNamesWhatWasExpectedAndFound() {
    prog("def f = (1, 2");
    assertEquals(1, diags.size());
    Diagnostic d = diags.get(0);
    assertEquals(DiagCode.E0101, d.code());
    assertEquals("Unexpected end of file. Expected ')' after tuple elements.", d.message());
  }

  @Test
  void aWildcardIsNoDefinitionName() {
    // As the reference: def _ ... starts an infix definition, so an operator must follow.
    prog("def _ : i32 = 1");
    assertEquals(1, diags.size());
    assertEquals("Unexpected token: ':'. Expected an operator in an infix definition.", diags.get(0).message());
    diags.clear();
    prog("def _ + _ = 1i32");
    assertEquals(List.of(), diags);
  }

  @Test
  void anAttributeIsNeverEmpty() {
    prog("def f (x: i32) = #[] x");
    assertEquals(1, diags.size());
    assertEquals("Unexpected token: ']'. Expected an attribute.", diags.get(0).message());
    assertEquals(20, diags.get(0).column());
    diags.clear();
    prog("def f (x: i32) = #[unsafe] #[1] #[trace(a)] x");
    assertEquals(List.of(), diags);
  }

  @Test
  void errorPositionIsTheOffendingToken() {
    prog("def f x =\n  if x then 1 )");
    assertEquals(1, diags.size());
    assertEquals(2, diags.get(0).line());
    assertEquals(15, diags.get(0).column());
    assertTrue(diags.get(0).message().startsWith("Unexpected token: ')'. Expected \"else\" after the 'then' branch of 'if'"),
        diags.get(0).message());
  }

  @Test
  void recoversAtTopLevelKeywordsToReportSeveralErrors() {
    Program p = prog("""
        def a = (1
        def b = 2
        def c = let x = in x
        entry d = 4
        """);
    assertEquals(2, diags.size(), diags.toString());
    assertEquals(2, diags.get(0).line(), "the unclosed parenthesis is noticed at the next declaration");
    assertEquals(3, diags.get(1).line());
    assertEquals(List.of("b", "d"), p.decls().stream().map(x -> ((ValDecl) x).name()).toList());
  }

  @Test
  void moduleDeclarationsOfEveryForm() {
    Program p = prog("""
        module type mt = { type t val x : t -> i32 } with t = i32
        module a : mt = { type t = i32 def x (v: t) = v }
        module f (P: mt) (Q: { val y : i32 }) = { def z = 1 }
        module g = f a b
        module h = a
        open h
        open import "lib/x"
        def ok = 1
        """);
    assertEquals(List.of(), diags, diags.toString());
    List<Decl> ds = p.decls();
    assertEquals(8, ds.size());
    assertEquals("mt", ((ModTypeDecl) ds.get(0)).name());
    assertEquals("a", ((ModDecl) ds.get(1)).name());
    assertEquals(List.of("P", "Q"), ((ModDecl) ds.get(2)).params().stream().map(ModParam::name).toList());
    ModExp applied = ((ModDecl) ds.get(3)).body();
    assertInstanceOf(MApply.class, applied);
    assertEquals("b", ((MVar) ((MApply) applied).arg()).name());
    assertEquals("a", ((MVar) ((ModDecl) ds.get(4)).body()).name());
    assertEquals("h", ((MVar) ((Open) ds.get(5)).module()).name());
    assertInstanceOf(MImport.class, ((Open) ds.get(6)).module());
  }

  @Test
  void valOutsideAModuleTypeIsRejected() {
    prog("val x : i32\ndef ok = 1");
    assertEquals(1, diags.size(), diags.toString());
    assertEquals(DiagCode.E0101, diags.get(0).code());
  }

  @Test
  void openOfAModuleName() {
    Program p = prog("open f32\ndef x = sqrt 4");
    assertTrue(diags.isEmpty(), diags.toString());
    assertEquals("f32", ((MVar) ((Open) p.decls().get(0)).module()).name());
  }

  @Test
  void logicalOperatorsCannotBeRedefined() {
    prog("def (&&) (a: bool) (b: bool) = a");
    assertEquals(1, diags.size());
    assertEquals(DiagCode.E0213, diags.get(0).code());
  }
}
