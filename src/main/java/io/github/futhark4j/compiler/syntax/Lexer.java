package io.github.futhark4j.compiler.syntax;

import io.github.futhark4j.compiler.diag.Diagnostic;
import io.github.futhark4j.compiler.diag.Diagnostics;
import io.github.futhark4j.compiler.source.Source;
import io.github.futhark4j.compiler.source.Span;
import io.github.futhark4j.compiler.syntax.Token.Kind;
import io.github.futhark4j.compiler.typed.PrimType;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Turns source text into tokens following the lexical syntax of the Language Reference. Comments
 * (including {@code -- |} documentation comments) are skipped; each token records whether space
 * preceded it, because {@code f [x]} (application) and {@code f[x]} (indexing) differ only there.
 * Lexical errors are collected and lexing continues.
 */
public final class Lexer {
  static final Set<String> KEYWORDS = Set.of("let", "in", "def", "entry", "type", "if", "then", "else",
      "loop", "for", "while", "do", "match", "case", "with", "import", "module", "open", "local", "assert",
      "true", "false", "val", "include");
  private static final String OP_CHARS = "+-*/%=!><|&^";

  private final Source src;
  private final String s;
  private int pos;
  private final List<Token> out = new ArrayList<>();
  private final List<Diagnostic> diags;

  private Lexer(Source src, int from, int to, List<Diagnostic> diags) {
    this.src = src;
    this.s = to == src.text().length() ? src.text() : src.text().substring(0, to);
    this.pos = from;
    this.diags = diags;
  }

  /** Lexes the whole source; errors are appended to {@code diags}. The list ends with EOF. */
  public static List<Token> lex(Source src, List<Diagnostic> diags) {
    return lex(src, 0, src.text().length(), diags);
  }

  /**
   * Lexes the characters {@code [from, to)} of the source, with spans into the whole source (so
   * positions are those of the full text); the list ends with EOF at {@code to}.
   */
  public static List<Token> lex(Source src, int from, int to, List<Diagnostic> diags) {
    Lexer l = new Lexer(src, from, to, diags);
    l.run();
    return l.out;
  }

  private void run() {
    boolean space = true;
    while (true) {
      int before = pos;
      skipSpaceAndComments();
      if (pos != before) space = true;
      if (pos >= s.length()) {
        out.add(new Token(Kind.EOF, "", new Span(src, s.length(), s.length()), true, null, 0, null));
        return;
      }
      int start = pos;
      Token t = next(start, space);
      if (t != null) out.add(t);
      space = false;
    }
  }

  private void skipSpaceAndComments() {
    while (pos < s.length()) {
      char c = s.charAt(pos);
      if (Character.isWhitespace(c)) pos++;
      else if (c == '-' && pos + 1 < s.length() && s.charAt(pos + 1) == '-') {
        if (s.startsWith("-- |", pos)) break; // a documentation comment is a token
        while (pos < s.length() && s.charAt(pos) != '\n') pos++;
      } else break;
    }
  }

  /**
   * A documentation comment: its line and every following line that is a comment (blanks before
   * its {@code --} only), as the reference's lexer takes it. The parser permits it only before a
   * declaration or specification.
   */
  private Token docComment(int start, boolean space) {
    int end = lineEnd(pos);
    while (end < s.length()) {
      int q = end + 1;
      while (q < s.length() && (s.charAt(q) == ' ' || s.charAt(q) == '\t' || s.charAt(q) == '\f' || s.charAt(q) == 0x0B)) q++;
      if (!s.startsWith("--", q)) break;
      end = lineEnd(q);
    }
    pos = end;
    return tok(Kind.DOC_COMMENT, s.substring(start, end), start, space);
  }

  private int lineEnd(int from) {
    int e = s.indexOf('\n', from);
    return e < 0 ? s.length() : e;
  }

  private Token tok(Kind k, String text, int start, boolean space) {
    return new Token(k, text, new Span(src, start, pos), space, null, 0, null);
  }

  private Token next(int start, boolean space) {
    char c = s.charAt(pos);
    if (s.startsWith("-- |", pos)) return docComment(start, space);
    if (Character.isLetter(c) || c == '_') {
      pos++;
      while (pos < s.length() && isConstituent(s.charAt(pos))) pos++;
      String w = s.substring(start, pos);
      return tok(KEYWORDS.contains(w) ? Kind.KEYWORD : Kind.IDENT, w, start, space);
    }
    if (Character.isDigit(c)) return number(start, space);
    switch (c) {
      case '(' -> { pos++; return tok(Kind.LPAREN, "(", start, space); }
      case ')' -> { pos++; return tok(Kind.RPAREN, ")", start, space); }
      case '[' -> { pos++; return tok(Kind.LBRACKET, "[", start, space); }
      case ']' -> { pos++; return tok(Kind.RBRACKET, "]", start, space); }
      case '{' -> { pos++; return tok(Kind.LBRACE, "{", start, space); }
      case '}' -> { pos++; return tok(Kind.RBRACE, "}", start, space); }
      case ',' -> { pos++; return tok(Kind.COMMA, ",", start, space); }
      case '\\' -> { pos++; return tok(Kind.BACKSLASH, "\\", start, space); }
      case '~' -> { pos++; return tok(Kind.OPERATOR, "~", start, space); }
      case '?' -> {
        if (s.startsWith("???", pos)) { pos += 3; return tok(Kind.HOLE, "???", start, space); }
        pos++;
        return tok(Kind.OPERATOR, "?", start, space);
      }
      case ':' -> {
        pos++;
        if (pos < s.length() && s.charAt(pos) == '>') { pos++; return tok(Kind.COLON_GT, ":>", start, space); }
        return tok(Kind.COLON, ":", start, space);
      }
      case '.' -> {
        if (s.startsWith("...", pos)) { pos += 3; return tok(Kind.DOTDOTDOT, "...", start, space); }
        if (s.startsWith("..<", pos)) { pos += 3; return tok(Kind.DOTDOTLT, "..<", start, space); }
        if (s.startsWith("..>", pos)) { pos += 3; return tok(Kind.DOTDOTGT, "..>", start, space); }
        if (s.startsWith("..", pos)) { pos += 2; return tok(Kind.DOTDOT, "..", start, space); }
        pos++;
        return tok(Kind.DOT, ".", start, space);
      }
      case '#' -> {
        pos++;
        if (pos < s.length() && s.charAt(pos) == '[') { pos++; return tok(Kind.ATTR_OPEN, "#[", start, space); }
        int nameStart = pos;
        while (pos < s.length() && isConstituent(s.charAt(pos))) pos++;
        if (pos == nameStart) {
          diags.add(Diagnostics.constructorNameExpected(new Span(src, start, pos)));
          return null;
        }
        return tok(Kind.CONSTRUCTOR, s.substring(nameStart, pos), start, space);
      }
      case '`' -> {
        pos++;
        int nameStart = pos;
        while (pos < s.length() && (isConstituent(s.charAt(pos)) || s.charAt(pos) == '.')) pos++;
        String name = s.substring(nameStart, pos);
        if (pos >= s.length() || s.charAt(pos) != '`' || name.isEmpty()) {
          diags.add(Diagnostics.backquotedNameExpected(new Span(src, start, pos)));
          return null;
        }
        pos++;
        return tok(Kind.BACKTICK, name, start, space);
      }
      case '"' -> { return string(start, space); }
      case '\'' -> { return tick(start, space); }
      default -> { }
    }
    if (OP_CHARS.indexOf(c) >= 0) {
      pos++;
      while (pos < s.length() && (OP_CHARS.indexOf(s.charAt(pos)) >= 0 || s.charAt(pos) == '.')
          && !s.startsWith("..", pos)) {
        if (s.startsWith("--", pos)) break;
        pos++;
      }
      return tok(Kind.OPERATOR, s.substring(start, pos), start, space);
    }
    pos++;
    diags.add(Diagnostics.unexpectedCharacter(new Span(src, start, pos), c));
    return null;
  }

  static boolean isConstituent(char c) {
    return Character.isLetterOrDigit(c) || c == '_' || c == '\'';
  }

  private Token tick(int start, boolean space) {
    // A character literal is 'c' or '\e'; otherwise a quote introduces a type parameter.
    if (pos + 2 < s.length() && s.charAt(pos + 1) == '\\') {
      pos++;
      int cp = escape(start);
      if (pos < s.length() && s.charAt(pos) == '\'') pos++;
      else diags.add(Diagnostics.unterminatedCharacter(new Span(src, start, pos)));
      return new Token(Kind.CHAR, s.substring(start, pos), new Span(src, start, pos), space, BigInteger.valueOf(cp), 0, null);
    }
    if (pos + 1 < s.length()) {
      int cp = s.codePointAt(pos + 1);
      int after = pos + 1 + Character.charCount(cp);
      if (after < s.length() && s.charAt(after) == '\'' && cp != '\'' && cp != '\n') {
        pos = after + 1;
        return new Token(Kind.CHAR, s.substring(start, pos), new Span(src, start, pos), space, BigInteger.valueOf(cp), 0, null);
      }
    }
    pos++;
    if (pos < s.length() && s.charAt(pos) == '^') { pos++; return tok(Kind.TICK_HAT, "'^", start, space); }
    if (pos < s.length() && s.charAt(pos) == '~') { pos++; return tok(Kind.TICK_TILDE, "'~", start, space); }
    return tok(Kind.TICK, "'", start, space);
  }

  /** Reads one escape sequence after the backslash at {@code pos}; returns the code point. */
  private int escape(int litStart) {
    pos++; // backslash
    if (pos >= s.length()) return 0;
    char e = s.charAt(pos++);
    return switch (e) {
      case 'n' -> '\n';
      case 't' -> '\t';
      case 'r' -> '\r';
      case '0' -> 0;
      case 'a' -> 7;
      case 'b' -> 8;
      case 'f' -> 12;
      case 'v' -> 11;
      case '\\', '"', '\'' -> e;
      case 'x' -> hexEscape(2, litStart);
      case 'u' -> hexEscape(4, litStart);
      case 'U' -> hexEscape(8, litStart);
      default -> {
        diags.add(Diagnostics.unknownEscape(new Span(src, pos - 2, pos), e));
        yield e;
      }
    };
  }

  private int hexEscape(int digits, int litStart) {
    int end = Math.min(s.length(), pos + digits);
    try {
      int v = Integer.parseInt(s.substring(pos, end), 16);
      pos = end;
      return v;
    } catch (NumberFormatException ex) {
      diags.add(Diagnostics.malformedHexEscape(new Span(src, litStart, end)));
      pos = end;
      return 0;
    }
  }

  private Token string(int start, boolean space) {
    pos++;
    StringBuilder sb = new StringBuilder();
    while (true) {
      if (pos >= s.length() || s.charAt(pos) == '\n') {
        diags.add(Diagnostics.unterminatedString(new Span(src, start, pos)));
        break;
      }
      char c = s.charAt(pos);
      if (c == '"') { pos++; break; }
      if (c == '\\') sb.appendCodePoint(escape(start));
      else { sb.append(c); pos++; }
    }
    return new Token(Kind.STRING, sb.toString(), new Span(src, start, pos), space, null, 0, null);
  }

  /** UTF-8 bytes of a decoded string literal (for {@code []u8}). */
  public static byte[] utf8(String decoded) { return decoded.getBytes(StandardCharsets.UTF_8); }

  private Token number(int start, boolean space) {
    boolean isFloat = false;
    BigInteger intVal = null;
    double floatVal = 0;
    int radix = 10;
    if (s.charAt(pos) == '0' && pos + 1 < s.length() && "xXbB".indexOf(s.charAt(pos + 1)) >= 0) {
      radix = Character.toLowerCase(s.charAt(pos + 1)) == 'x' ? 16 : 2;
      pos += 2;
    }
    String intPart = digits(radix);
    String frac = null;
    if (pos + 1 < s.length() && s.charAt(pos) == '.' && Character.digit(s.charAt(pos + 1), radix) >= 0 && radix != 2) {
      pos++;
      frac = digits(radix);
      isFloat = true;
    }
    String exp = null;
    if (pos < s.length()) {
      char e = Character.toLowerCase(s.charAt(pos));
      if ((radix == 10 && e == 'e') || (radix == 16 && e == 'p')) {
        int save = pos;
        pos++;
        if (pos < s.length() && (s.charAt(pos) == '+' || s.charAt(pos) == '-')) pos++;
        if (pos < s.length() && Character.isDigit(s.charAt(pos))) {
          exp = s.substring(save + 1, pos) + digits(10);
          isFloat = true;
        } else pos = save;
      }
    }
    if (radix == 16 && frac != null && exp == null) {
      diags.add(Diagnostics.hexFloatWithoutExponent(new Span(src, start, pos)));
    }
    PrimType suffix = null;
    int sufStart = pos;
    if (pos < s.length() && "iuf".indexOf(s.charAt(pos)) >= 0) {
      int p = pos + 1;
      while (p < s.length() && Character.isDigit(s.charAt(p))) p++;
      PrimType t = PrimType.byName(s.substring(pos, p));
      if (t != null) { suffix = t; pos = p; }
    }
    if (pos < s.length() && isConstituent(s.charAt(pos))) {
      int p = pos;
      while (p < s.length() && isConstituent(s.charAt(p))) p++;
      diags.add(Diagnostics.invalidSuffix(new Span(src, sufStart, p), s.substring(sufStart, p)));
      pos = p;
    }
    if (intPart.isEmpty()) {
      diags.add(Diagnostics.malformedNumber(new Span(src, start, pos)));
      intPart = "0";
    }
    if (isFloat || (suffix != null && suffix.isFloat())) {
      if (radix == 16) {
        double mant = new BigInteger(intPart, 16).doubleValue();
        if (frac != null) mant += new BigInteger(frac, 16).doubleValue() / Math.pow(16, frac.length());
        floatVal = mant * Math.pow(2, exp == null ? 0 : Integer.parseInt(exp.replace("+", "")));
      } else if (radix == 2) {
        floatVal = new BigInteger(intPart, 2).doubleValue();
      } else {
        floatVal = Double.parseDouble(intPart + (frac != null ? "." + frac : "") + (exp != null ? "e" + exp : ""));
      }
      if (suffix != null && !suffix.isFloat()) {
        diags.add(Diagnostics.floatWithIntegerSuffix(new Span(src, start, pos), String.valueOf(suffix)));
      }
      return new Token(Kind.FLOAT, s.substring(start, pos), new Span(src, start, pos), space, null, floatVal, suffix);
    }
    intVal = new BigInteger(intPart, radix);
    return new Token(Kind.INT, s.substring(start, pos), new Span(src, start, pos), space, intVal, 0, suffix);
  }

  private String digits(int radix) {
    StringBuilder sb = new StringBuilder();
    while (pos < s.length()) {
      char c = s.charAt(pos);
      if (c == '_' && !sb.isEmpty()) pos++;
      else if (Character.digit(c, radix) >= 0) { sb.append(c); pos++; }
      else break;
    }
    return sb.toString();
  }
}
