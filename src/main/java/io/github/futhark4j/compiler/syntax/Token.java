package io.github.futhark4j.compiler.syntax;

import io.github.futhark4j.compiler.source.Span;
import io.github.futhark4j.compiler.typed.PrimType;
import java.math.BigInteger;

/**
 * One lexical token.
 *
 * @param kind        what sort of token
 * @param text        the identifier, operator or keyword text; for strings the decoded contents
 * @param span        where it is
 * @param spaceBefore whether white space or a comment precedes it (decides {@code f [x]} vs {@code f[x]})
 * @param intValue    the value of an integer or character literal
 * @param floatValue  the value of a float literal
 * @param suffix      the literal's type suffix, or {@code null}
 */
public record Token(Kind kind, String text, Span span, boolean spaceBefore, BigInteger intValue,
                    double floatValue, PrimType suffix) {

  /** Token kinds. Keywords are {@link #KEYWORD} with their text. */
  public enum Kind {
    IDENT, KEYWORD, INT, FLOAT, CHAR, STRING, CONSTRUCTOR, OPERATOR, BACKTICK,
    LPAREN, RPAREN, LBRACKET, RBRACKET, LBRACE, RBRACE, COMMA, COLON, COLON_GT, BACKSLASH,
    DOT, DOTDOT, DOTDOTLT, DOTDOTGT, DOTDOTDOT, TICK, TICK_HAT, TICK_TILDE, ATTR_OPEN, HOLE,
    DOC_COMMENT, EOF
  }

  public boolean is(Kind k) { return kind == k; }

  public boolean isKeyword(String kw) { return kind == Kind.KEYWORD && text.equals(kw); }

  public boolean isOp(String op) { return kind == Kind.OPERATOR && text.equals(op); }

  /** How the token is named in "found ..." messages. */
  public String describe() {
    return switch (kind) {
      case EOF -> "end of input";
      case IDENT -> "name \"" + text + "\"";
      case KEYWORD -> "keyword \"" + text + "\"";
      case INT, FLOAT, CHAR -> "literal " + span.source().text().substring(span.start(), span.end());
      case STRING -> "string literal";
      case CONSTRUCTOR -> "constructor #" + text;
      case DOC_COMMENT -> "documentation comment";
      default -> "'" + text + "'";
    };
  }
}
