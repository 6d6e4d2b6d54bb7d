package io.github.futhark4j.compiler.syntax;

import static io.github.futhark4j.compiler.diag.SyntaxPhrases.*;

import io.github.futhark4j.compiler.diag.Diagnostic;
import io.github.futhark4j.compiler.diag.Diagnostics;
import io.github.futhark4j.compiler.source.Span;
import io.github.futhark4j.compiler.syntax.Ast.*;
import io.github.futhark4j.compiler.syntax.Token.Kind;
import java.util.ArrayList;
import java.util.List;

/**
 * Token cursor, error helpers, and the grammar of types and patterns, shared by the expression
 * and declaration parsers ({@link Parser}).
 */
abstract class ParserBase {
  /** Thrown to abandon the current declaration; the diagnostic is already recorded. */
  static final class ParseError extends RuntimeException {
    ParseError() { super(null, null, false, false); }
  }

  protected final List<Token> toks;
  protected int p;
  protected final List<Diagnostic> diags;

  ParserBase(List<Token> toks, List<Diagnostic> diags) {
    this.toks = toks;
    this.diags = diags;
  }

  // ---- cursor ---------------------------------------------------------------------------------

  protected Token peek() { return toks.get(p); }

  protected Token peek(int k) { return toks.get(Math.min(p + k, toks.size() - 1)); }

  protected Token advance() {
    Token t = toks.get(p);
    if (t.kind() != Kind.EOF) p++;
    return t;
  }

  protected boolean at(Kind k) { return peek().kind() == k; }

  protected boolean atKw(String kw) { return peek().isKeyword(kw); }

  protected boolean atOp(String op) { return peek().isOp(op); }

  protected Span prevEnd() { return toks.get(Math.max(0, p - 1)).span(); }

  protected Span from(Span start) { return start.to(prevEnd()); }

  protected ParseError fail(String expected, String context) {
    Token t = peek();
    if (t.is(Kind.DOC_COMMENT)) {
      diags.add(Diagnostics.misplacedDocComment(t.span()));
      return new ParseError();
    }
    String text = t.is(Kind.EOF) ? null : t.is(Kind.STRING) ? "\"" + t.text() + "\""
        : t.is(Kind.CONSTRUCTOR) ? "#" + t.text() : t.span().source().text().substring(t.span().start(), t.span().end());
    diags.add(Diagnostics.unexpected(t.span(), text, expected, context));
    return new ParseError();
  }

  protected Token expect(Kind k, String what, String context) {
    if (!at(k)) throw fail(what, context);
    return advance();
  }

  protected Token expectKw(String kw, String context) {
    if (!atKw(kw)) throw fail(keyword(kw), context);
    return advance();
  }

  protected Token expectOp(String op, String context) {
    if (!atOp(op)) throw fail(operator(op), context);
    return advance();
  }

  protected String ident(String context) {
    return expect(Kind.IDENT, A_NAME, context).text();
  }

  // ---- types ----------------------------------------------------------------------------------

  TypeExp parseType() {
    Span start = peek().span();
    if (at(Kind.CONSTRUCTOR)) return parseSumType();
    if (atOp("?")) {
      advance();
      List<String> names = new ArrayList<>();
      do {
        expect(Kind.LBRACKET, LBRACKET, AFTER_QUESTION_IN_AN_EXISTENTIAL_SIZE);
        names.add(ident(IN_AN_EXISTENTIAL_SIZE));
        expect(Kind.RBRACKET, RBRACKET, AFTER_AN_EXISTENTIAL_SIZE);
      } while (at(Kind.LBRACKET));
      expect(Kind.DOT, DOT, AFTER_EXISTENTIAL_SIZES);
      TypeExp t = parseType();
      return new TExist(names, t, from(start));
    }
    // (x: t) -> r
    if (at(Kind.LPAREN) && peek(1).is(Kind.IDENT) && peek(2).is(Kind.COLON)) {
      advance();
      String name = advance().text();
      advance();
      TypeExp param = parseType();
      expect(Kind.RPAREN, RPAREN, AFTER_A_NAMED_PARAMETER_TYPE);
      if (!atOp("->")) throw fail(ARROW, AFTER_A_NAMED_PARAMETER_TYPE);
      advance();
      TypeExp res = parseType();
      return new TArrow(name, param, res, from(start));
    }
    TypeExp t = parseTypeApp();
    if (atOp("->")) {
      advance();
      TypeExp res = parseType();
      return new TArrow(null, t, res, from(start));
    }
    return t;
  }

  /** A type without a top-level function arrow. */
  TypeExp parseTypeNoArrow() {
    if (at(Kind.CONSTRUCTOR)) return parseSumType();
    return parseTypeApp();
  }

  private TypeExp parseSumType() {
    Span start = peek().span();
    List<String> names = new ArrayList<>();
    List<List<TypeExp>> payloads = new ArrayList<>();
    while (true) {
      names.add(expect(Kind.CONSTRUCTOR, A_CONSTRUCTOR, IN_A_SUM_TYPE).text());
      List<TypeExp> pl = new ArrayList<>();
      // A payload is an atomic type; as in the reference's grammar, an array type [d]t is atomic here.
      while (startsAtomType() || at(Kind.LBRACKET)) pl.add(at(Kind.LBRACKET) ? parseArrayType() : parseAtomType());
      payloads.add(pl);
      if (!atOp("|")) break;
      advance();
    }
    return new TSum(names, payloads, from(start));
  }

  private TypeExp parseTypeApp() {
    Span start = peek().span();
    if (atOp("*")) {
      advance();
      return new TUnique(at(Kind.CONSTRUCTOR) ? parseSumType() : parseTypeApp(), from(start));
    }
    if (at(Kind.LBRACKET)) return parseArrayType();
    TypeExp head = parseAtomType();
    if (head instanceof TName n && n.args().isEmpty()) {
      List<TypeArg> args = new ArrayList<>();
      while (at(Kind.LBRACKET) || startsAtomType()) {
        if (at(Kind.LBRACKET)) {
          Span ds = peek().span();
          Dim d = parseDim();
          args.add(new TArgDim(d, from(ds)));
        }
        else args.add(new TArgType(parseAtomType()));
      }
      if (!args.isEmpty()) return new TName(n.name(), args, from(start));
    }
    return head;
  }

  /** {@code [d]t}: a dimension and the element type. */
  private TypeExp parseArrayType() {
    Span start = peek().span();
    Dim d = parseDim();
    // []#foo | #bar is an array of the sum type, as in the reference.
    TypeExp elem = at(Kind.CONSTRUCTOR) ? parseSumType() : parseTypeApp();
    return new TArray(d, elem, from(start));
  }

  private boolean startsAtomType() {
    return at(Kind.IDENT) || at(Kind.LPAREN) || at(Kind.LBRACE);
  }

  Dim parseDim() {
    Span start = expect(Kind.LBRACKET, LBRACKET, TO_START_AN_ARRAY_DIMENSION).span();
    if (at(Kind.RBRACKET)) {
      advance();
      return new DimAnon(from(start));
    }
    Exp e = parseExp();
    expect(Kind.RBRACKET, RBRACKET, AFTER_AN_ARRAY_DIMENSION);
    return new DimExp(e);
  }

  /** A full expression (implemented by the expression parser). */
  abstract Exp parseExp();

  /** A possibly qualified name {@code a.b.c} (no spaces around the dots). */
  protected String qualName(String context) {
    StringBuilder sb = new StringBuilder(ident(context));
    while (at(Kind.DOT) && !peek().spaceBefore() && peek(1).is(Kind.IDENT) && !peek(1).spaceBefore()) {
      advance();
      sb.append('.').append(advance().text());
    }
    return sb.toString();
  }

  private TypeExp parseAtomType() {
    Span start = peek().span();
    if (at(Kind.IDENT)) {
      return new TName(qualName(AS_A_TYPE), List.of(), from(start));
    }
    if (at(Kind.LPAREN)) {
      advance();
      List<TypeExp> elems = new ArrayList<>();
      if (!at(Kind.RPAREN)) {
        elems.add(parseType());
        while (at(Kind.COMMA)) {
          advance();
          if (elems.size() > 1 && at(Kind.RPAREN)) break; // a trailing comma, after two elements or more
          elems.add(parseType());
        }
      }
      expect(Kind.RPAREN, RPAREN, AFTER_A_PARENTHESISED_TYPE);
      if (elems.size() == 1) return elems.get(0);
      return new TTuple(elems, from(start));
    }
    if (at(Kind.LBRACE)) {
      advance();
      List<String> names = new ArrayList<>();
      List<TypeExp> types = new ArrayList<>();
      if (!at(Kind.RBRACE)) {
        do {
          if (!names.isEmpty()) {
            advance();
            if (at(Kind.RBRACE)) break; // a trailing comma
          }
          names.add(fieldName(IN_A_RECORD_TYPE));
          expect(Kind.COLON, COLON, AFTER_A_FIELD_NAME_IN_A_RECORD_TYPE);
          types.add(parseType());
        } while (at(Kind.COMMA));
      }
      expect(Kind.RBRACE, RBRACE, AFTER_THE_FIELDS_OF_A_RECORD_TYPE);
      return new TRecord(names, types, from(start));
    }
    throw fail(A_TYPE, null);
  }

  protected String fieldName(String context) {
    if (at(Kind.INT) && natural(peek())) return advance().text();
    return ident(context);
  }

  /**
   * Whether an integer literal is a natural number as a field name must be: decimal digits (and
   * underscores), no suffix, no base prefix (the reference's NATLIT; {@code {0i64 = x}} is a syntax
   * error). The name is the literal as written.
   */
  protected static boolean natural(Token t) {
    return t.suffix() == null && t.text().matches("[0-9][0-9_]*");
  }

  // ---- patterns -------------------------------------------------------------------------------

  /** A pattern with an optional ascription {@code p : t}. */
  Pat parsePattern() {
    Span start = peek().span();
    Pat pat;
    if (at(Kind.CONSTRUCTOR)) {
      String name = advance().text();
      List<Pat> payload = new ArrayList<>();
      // As in the reference, "#foo #bar x" is #foo with the payloads #bar (nullary) and x.
      while (startsAtomPattern() || at(Kind.CONSTRUCTOR)) {
        if (at(Kind.CONSTRUCTOR)) {
          Span cs = peek().span();
          payload.add(new PConstr(advance().text(), List.of(), from(cs)));
        } else {
          payload.add(parseAtomPattern());
        }
      }
      pat = new PConstr(name, payload, from(start));
      // As in the reference's grammar, a constructor with a payload takes no ascription: (#c x : t)
      // does not parse; ((#c x) : t) does.
      if (!payload.isEmpty()) return pat;
    } else {
      pat = parseAtomPattern();
    }
    if (at(Kind.COLON)) {
      advance();
      TypeExp t = parseType();
      return new PAscribe(pat, t, from(start));
    }
    return pat;
  }

  protected boolean startsAtomPattern() {
    return switch (peek().kind()) {
      case IDENT, LPAREN, LBRACE, INT, FLOAT, CHAR, ATTR_OPEN -> true;
      case KEYWORD -> atKw("true") || atKw("false");
      case OPERATOR -> atOp("-") && (peek(1).is(Kind.INT) || peek(1).is(Kind.FLOAT));
      default -> false;
    };
  }

  Pat parseAtomPattern() {
    Token t = peek();
    Span start = t.span();
    switch (t.kind()) {
      case IDENT -> {
        advance();
        return t.text().equals("_") ? new PWild(start) : new PId(t.text(), start);
      }
      case INT -> { advance(); return new PLit(new IntLit(t.intValue(), t.suffix(), start), start); }
      case CHAR -> { advance(); return new PLit(new IntLit(t.intValue(), null, start), start); }
      case FLOAT -> { advance(); return new PLit(new FloatLit(t.floatValue(), t.suffix(), start), start); }
      case ATTR_OPEN -> {
        String attr = skipAttribute();
        Pat inner = parseAtomPattern();
        return new PAttr(attr, inner, from(start));
      }
      case OPERATOR -> {
        advance();
        Token lit = advance();
        Exp e = lit.is(Kind.INT) ? new IntLit(lit.intValue().negate(), lit.suffix(), from(start))
            : new FloatLit(-lit.floatValue(), lit.suffix(), from(start));
        return new PLit(e, from(start));
      }
      case KEYWORD -> {
        if (t.isKeyword("true") || t.isKeyword("false")) {
          advance();
          return new PLit(new BoolLit(t.text().equals("true"), start), start);
        }
      }
      case LPAREN -> {
        advance();
        if (at(Kind.OPERATOR) && peek(1).is(Kind.RPAREN)) {
          // (+) binds an operator name: def g (+) x y = x + y, ((<=): t -> t -> bool)
          Token op = advance();
          advance();
          return new PId(op.text(), from(start));
        }
        List<Pat> elems = new ArrayList<>();
        if (!at(Kind.RPAREN)) {
          elems.add(parsePattern());
          while (at(Kind.COMMA)) {
            advance();
            if (elems.size() > 1 && at(Kind.RPAREN)) break; // a trailing comma, after two elements or more
            elems.add(parsePattern());
          }
        }
        expect(Kind.RPAREN, RPAREN, AFTER_A_PARENTHESISED_PATTERN);
        // An ascription in parentheses is located with them, as the reference's pattern in
        // parentheses is ("Pattern (x: t) cannot match ..."); a name keeps its own place.
        if (elems.size() == 1 && elems.get(0) instanceof PAscribe a) return new PAscribe(a.pattern(), a.type(), from(start));
        if (elems.size() == 1) return elems.get(0);
        return new PTuple(elems, from(start));
      }
      case LBRACE -> {
        advance();
        List<PField> fields = new ArrayList<>();
        if (!at(Kind.RBRACE)) {
          do {
            if (!fields.isEmpty()) {
              advance();
              if (at(Kind.RBRACE)) break; // a trailing comma
            }
            Span fs = peek().span();
            String name = fieldName(IN_A_RECORD_PATTERN);
            Pat sub;
            if (atOp("=")) {
              advance();
              sub = parsePattern();
            } else if (at(Kind.COLON)) {
              advance();
              TypeExp ty = parseType();
              sub = new PAscribe(new PId(name, fs), ty, from(fs));
            } else sub = new PId(name, fs);
            fields.add(new PField(name, sub, from(fs)));
          } while (at(Kind.COMMA));
        }
        expect(Kind.RBRACE, RBRACE, AFTER_THE_FIELDS_OF_A_RECORD_PATTERN);
        return new PRecord(fields, from(start));
      }
      default -> { }
    }
    throw fail(A_PATTERN, null);
  }

  /** Skips {@code #[ ... ]} (the ATTR_OPEN token is current) and returns the attribute text. */
  protected String skipAttribute() {
    Token open = advance();
    int textStart = open.span().end();
    attrInfo();
    int textEnd = peek().span().start();
    expect(Kind.RBRACKET, RBRACKET, TO_CLOSE_AN_ATTRIBUTE);
    return open.span().source().text().substring(textStart, Math.max(textStart, textEnd)).trim();
  }

  /**
   * An attribute, as the reference's grammar has it: a name or an integer literal without a suffix,
   * or a name applied to attributes in parentheses ({@code incremental_flattening(only_inner)}).
   */
  private void attrInfo() {
    if (at(Kind.INT) && peek().suffix() == null) {
      advance();
      return;
    }
    if (!at(Kind.IDENT)) throw fail(AN_ATTRIBUTE, null);
    advance();
    if (!at(Kind.LPAREN)) return;
    advance();
    if (!at(Kind.RPAREN)) {
      attrInfo();
      while (at(Kind.COMMA)) {
        advance();
        attrInfo();
      }
    }
    expect(Kind.RPAREN, RPAREN, TO_CLOSE_AN_ATTRIBUTE);
  }

  protected List<TypeParam> parseTypeParams() {
    List<TypeParam> out = new ArrayList<>();
    while (true) {
      Span s = peek().span();
      if (at(Kind.TICK) || at(Kind.TICK_HAT) || at(Kind.TICK_TILDE)) {
        Token tick = advance();
        Liftedness l = tick.is(Kind.TICK_HAT) ? Liftedness.LIFTED : tick.is(Kind.TICK_TILDE) ? Liftedness.SIZE_LIFTED : Liftedness.UNLIFTED;
        out.add(new TypeParam(ident(AS_A_TYPE_PARAMETER), false, from(s), l));
      } else if (at(Kind.LBRACKET) && peek(1).is(Kind.IDENT) && peek(2).is(Kind.RBRACKET)) {
        advance();
        String n = advance().text();
        advance();
        out.add(new TypeParam(n, true, from(s)));
      } else return out;
    }
  }
}
