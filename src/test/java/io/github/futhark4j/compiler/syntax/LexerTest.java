package io.github.futhark4j.compiler.syntax;

import static org.junit.jupiter.api.Assertions.*;
import io.github.futhark4j.compiler.diag.DiagCode;

import io.github.futhark4j.compiler.diag.Diagnostic;
import io.github.futhark4j.compiler.source.Source;
import io.github.futhark4j.compiler.syntax.Token.Kind;
import io.github.futhark4j.compiler.typed.PrimType;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LexerTest {
  private final List<Diagnostic> diags = new ArrayList<>();

  private List<Token> lex(String text) {
    List<Token> ts = Lexer.lex(new Source("t.fut", text), diags);
    return ts.subList(0, ts.size() - 1);
  }

  private Token one(String text) {
    List<Token> ts = lex(text);
    assertEquals(1, ts.size(), () -> "tokens of " + text + ": " + ts);
    return ts.get(0);
  }

  @Test
  void integerLiterals() {
    assertEquals(BigInteger.valueOf(42), one("42").intValue());
    assertNull(one("42").suffix());
    assertEquals(PrimType.I8, one("42i8").suffix());
    assertEquals(PrimType.U64, one("7u64").suffix());
    assertEquals(BigInteger.valueOf(255), one("0xff").intValue());
    assertEquals(BigInteger.valueOf(255), one("0XFF").intValue());
    assertEquals(BigInteger.valueOf(5), one("0b101").intValue());
    assertEquals(BigInteger.valueOf(1_000_000), one("1_000_000").intValue());
    assertEquals(BigInteger.valueOf(0xdead_beefL), one("0xdead_beef").intValue());
    assertEquals(Kind.INT, one("3i64").kind());
    assertTrue(diags.isEmpty());
  }

  @Test
  void floatLiterals() {
    assertEquals(1.5, one("1.5").floatValue());
    assertEquals(Kind.FLOAT, one("2f32").kind());
    assertEquals(PrimType.F32, one("2f32").suffix());
    assertEquals(133700.0, one("1337e2f64").floatValue());
    assertEquals(1.5e-3, one("1.5e-3").floatValue());
    assertEquals(15.5, one("0x1.fp3").floatValue());
    assertEquals(PrimType.F16, one("0.5f16").suffix());
    assertEquals(1000.5, one("1_000.5").floatValue());
    assertTrue(diags.isEmpty());
  }

  @Test
  void rangeAfterIntegerIsNotAFloat() {
    List<Token> ts = lex("1..n");
    assertEquals(List.of(Kind.INT, Kind.DOTDOT, Kind.IDENT), ts.stream().map(Token::kind).toList());
    assertEquals(List.of(Kind.INT, Kind.DOTDOTLT, Kind.IDENT), lex("0..<n").stream().map(Token::kind).toList());
    assertEquals(List.of(Kind.INT, Kind.DOTDOTGT, Kind.INT), lex("9..>0").stream().map(Token::kind).toList());
    assertEquals(List.of(Kind.INT, Kind.DOTDOTDOT, Kind.INT), lex("1...3").stream().map(Token::kind).toList());
  }

  @Test
  void characterAndStringLiterals() {
    assertEquals(BigInteger.valueOf('a'), one("'a'").intValue());
    assertEquals(BigInteger.valueOf('\n'), one("'\\n'").intValue());
    assertEquals(BigInteger.valueOf(0x263A), one("'\\u263A'").intValue());
    Token s = one("\"a\\tb\\\"c\\x41\"");
    assertEquals(Kind.STRING, s.kind());
    assertEquals("a\tb\"cA", s.text());
    assertTrue(diags.isEmpty());
  }

  @Test
  void typeParameterTicksAreNotCharacters() {
    List<Token> ts = lex("def f 't '^u '~v");
    assertEquals(List.of(Kind.KEYWORD, Kind.IDENT, Kind.TICK, Kind.IDENT, Kind.TICK_HAT, Kind.IDENT, Kind.TICK_TILDE, Kind.IDENT),
        ts.stream().map(Token::kind).toList());
  }

  @Test
  void namesMayContainPrimes() {
    assertEquals("x'", one("x'").text());
    assertEquals("_foo", one("_foo").text());
  }

  @Test
  void commentsAreSkippedAndADocCommentTakesTheCommentLinesAfterIt() {
    List<Token> ts = lex("-- | doc\n  -- more\nx -- trailing\n  y");
    assertEquals(List.of("-- | doc\n  -- more", "x", "y"), ts.stream().map(Token::text).toList());
    assertEquals(Token.Kind.DOC_COMMENT, ts.get(0).kind());
    assertTrue(ts.get(2).spaceBefore());
    // A blank line ends it; "--|" is a plain comment.
    ts = lex("-- | a\n\n-- | b\n--| c\nx");
    assertEquals(List.of("-- | a", "-- | b\n--| c", "x"), ts.stream().map(Token::text).toList());
  }

  @Test
  void operatorsAreMaximalMunch() {
    List<Token> ts = lex("a >>= b |> c <-< d ++ e");
    assertEquals(List.of(">>=", "|>", "<-<", "++"),
        ts.stream().filter(t -> t.kind() == Kind.OPERATOR).map(Token::text).toList());
    assertEquals(Kind.BACKTICK, lex("x `f64.max` y").get(1).kind());
    assertEquals("f64.max", lex("x `f64.max` y").get(1).text());
  }

  @Test
  void spaceBeforeDistinguishesIndexFromApplication() {
    List<Token> idx = lex("xs[0]");
    assertFalse(idx.get(1).spaceBefore());
    List<Token> app = lex("f [0]");
    assertTrue(app.get(1).spaceBefore());
  }

  @Test
  void constructorsHolesAndAttributes() {
    assertEquals(Kind.CONSTRUCTOR, one("#foo").kind());
    assertEquals("foo", one("#foo").text());
    assertEquals(Kind.HOLE, one("???").kind());
    assertEquals(Kind.ATTR_OPEN, lex("#[unsafe]").get(0).kind());
    assertEquals(Kind.COLON_GT, one(":>").kind());
  }

  @Test
  void spansAreCharacterOffsets() {
    List<Token> ts = lex("let  abc = 1");
    assertEquals(5, ts.get(1).span().start());
    assertEquals(8, ts.get(1).span().end());
    assertEquals(6, ts.get(1).span().column());
  }

  @Test
  void errorsAreReportedWithPositions() {
    lex("x = $ 1\n\"abc");
    assertEquals(2, diags.size());
    assertEquals(DiagCode.E0001, diags.get(0).code());
    assertEquals(1, diags.get(0).line());
    assertEquals(5, diags.get(0).column());
    assertTrue(diags.get(1).message().contains("Unterminated string"));
    assertEquals(2, diags.get(1).line());
  }

  @Test
  void badSuffixIsAnError() {
    lex("12abc");
    assertEquals(1, diags.size());
    assertTrue(diags.get(0).message().contains("suffix"));
  }
}
