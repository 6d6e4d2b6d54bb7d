package io.github.futhark4j.compiler.syntax;

import static io.github.futhark4j.compiler.diag.SyntaxPhrases.*;

import io.github.futhark4j.compiler.diag.Diagnostic;
import io.github.futhark4j.compiler.diag.Diagnostics;
import io.github.futhark4j.compiler.source.Source;
import io.github.futhark4j.compiler.source.Span;
import io.github.futhark4j.compiler.syntax.Ast.*;
import io.github.futhark4j.compiler.syntax.Token.Kind;
import java.util.ArrayList;
import java.util.List;

/**
 * Recursive-descent parser for Futhark declarations and expressions. Binary operators are parsed by
 * precedence climbing with the fixity table of the Language Reference ({@link Fixity}). After an
 * error the parser skips to the next top-level keyword, so one run reports several errors.
 */
public final class Parser extends ParserBase {
  private Parser(List<Token> toks, List<Diagnostic> diags) {
    super(toks, diags);
  }

  /** Parses a whole file. Lexical and syntax errors are appended to {@code diags}. */
  public static Program parse(Source src, List<Diagnostic> diags) {
    return parse(src, 0, src.text().length(), diags);
  }

  /** Parses the declarations in characters {@code [from, to)} of a source (spans are into the whole source). */
  public static Program parse(Source src, int from, int to, List<Diagnostic> diags) {
    Parser ps = new Parser(Lexer.lex(src, from, to, diags), diags);
    // A file may begin with a comment on the file, then one on its first declaration.
    if (from == 0 && ps.at(Kind.DOC_COMMENT) && ps.peek(1).is(Kind.DOC_COMMENT)) ps.advance();
    return new Program(ps.declsUntil(Kind.EOF));
  }

  /** Parses a single expression (for tests and tools). */
  public static Exp parseExpression(Source src, List<Diagnostic> diags) {
    Parser ps = new Parser(Lexer.lex(src, diags), diags);
    try {
      Exp e = ps.parseExp();
      if (!ps.at(Kind.EOF)) throw ps.fail(END_OF_INPUT, AFTER_THE_EXPRESSION);
      return e;
    } catch (ParseError err) {
      return null;
    }
  }

  /** Parses a single type (used for intrinsic signatures and by tests). */
  public static TypeExp parseTypeText(Source src, List<Diagnostic> diags) {
    Parser ps = new Parser(Lexer.lex(src, diags), diags);
    try {
      return ps.parseType();
    } catch (ParseError err) {
      return null;
    }
  }

  // ---- declarations ---------------------------------------------------------------------------

  private List<Decl> declsUntil(Kind end) {
    List<Decl> out = new ArrayList<>();
    while (!at(end) && !at(Kind.EOF)) {
      int before = p;
      try {
        Decl d = parseDecl();
        if (d != null) out.add(d);
      } catch (ParseError e) {
        if (p == before) advance();
        recover(end);
      }
    }
    return out;
  }

  private boolean atDeclStart() {
    Token t = peek();
    if (t.kind() != Kind.KEYWORD) return false;
    return switch (t.text()) {
      case "def", "entry", "type", "import", "module", "open", "local", "include", "val" -> true;
      case "let" -> t.span().column() == 1;
      default -> false;
    };
  }

  /** Skips to the next declaration keyword outside braces (or to the end of the enclosing module). */
  private void recover(Kind end) {
    int depth = 0;
    while (!at(Kind.EOF)) {
      if (depth == 0 && atDeclStart()) return;
      if (at(Kind.LBRACE)) depth++;
      if (at(Kind.RBRACE)) {
        if (depth == 0 && end == Kind.RBRACE) return;
        depth = Math.max(0, depth - 1);
      }
      advance();
    }
  }

  private Decl parseDecl() {
    if (at(Kind.DOC_COMMENT)) advance(); // documents the declaration
    Token t = peek();
    Span start = t.span();
    if (at(Kind.ATTR_OPEN)) {
      String attr = skipAttribute();
      if (at(Kind.DOC_COMMENT)) throw fail(A_DECLARATION, null); // documentation comes before attributes
      Decl d = parseDecl();
      if (d instanceof ValDecl v) {
        List<String> attrs = new ArrayList<>(v.attributes());
        attrs.add(0, attr);
        return new ValDecl(v.keyword(), v.name(), v.nameSpan(), v.typeParams(), v.params(), v.returnType(), v.body(), v.span(), attrs);
      }
      return d;
    }
    if (t.kind() != Kind.KEYWORD) throw fail(A_DECLARATION, null);
    switch (t.text()) {
      case "def", "let", "entry" -> { return parseValDecl(); }
      case "type" -> { return parseTypeDecl(); }
      case "import" -> {
        advance();
        Token s = expect(Kind.STRING, A_STRING_LITERAL, AFTER_IMPORT);
        return new Import(s.text(), from(start));
      }
      case "local" -> {
        advance();
        Decl d = parseDecl();
        return new Local(d, from(start));
      }
      case "module" -> {
        advance();
        if (atKw("type")) {
          advance();
          Token n = expect(Kind.IDENT, A_NAME, AFTER_MODULE_TYPE);
          expectOp("=", afterNameOfModuleType(n.text()));
          SigExp sig = parseSigExp();
          return new ModTypeDecl(n.text(), n.span(), sig, from(start));
        }
        Token n = expect(Kind.IDENT, A_NAME, AFTER_MODULE);
        List<ModParam> params = new ArrayList<>();
        while (at(Kind.LPAREN)) params.add(parseModParam());
        SigExp sig = null;
        if (at(Kind.COLON)) {
          advance();
          sig = parseSigExp();
        }
        expectOp("=", afterNameOfModule(n.text()));
        ModExp body = parseModExp();
        return new ModDecl(n.text(), n.span(), params, sig, body, from(start));
      }
      case "open" -> {
        advance();
        return new Open(parseModExp(), from(start));
      }
      case "include" -> {
        // include is a specification of module types, not a declaration (as in the reference).
        diags.add(Diagnostics.includeOutsideModuleType(start));
        throw new ParseError();
      }
      case "val" -> {
        advance();
        diags.add(Diagnostics.valOutsideModuleType(start));
        throw new ParseError();
      }
      default -> throw fail(A_DECLARATION, null);
    }
  }

  private ModParam parseModParam() {
    Span start = expect(Kind.LPAREN, LPAREN, TO_START_A_MODULE_PARAMETER).span();
    String name = ident(AS_THE_NAME_OF_A_MODULE_PARAMETER);
    expect(Kind.COLON, COLON, AFTER_THE_NAME_OF_A_MODULE_PARAMETER);
    SigExp sig = parseSigExp();
    expect(Kind.RPAREN, RPAREN, TO_CLOSE_A_MODULE_PARAMETER);
    return new ModParam(name, sig, from(start));
  }

  /** A module expression: application, ascription, lambda, struct, name or import. */
  private ModExp parseModExp() {
    Span start = peek().span();
    ModExp m;
    if (at(Kind.BACKSLASH)) {
      advance();
      ModParam param = parseModParam();
      SigExp res = null;
      if (at(Kind.COLON)) {
        advance();
        res = parseSigAtomWith();
      }
      expectOp("->", AFTER_THE_PARAMETER_OF_AN_ANONYMOUS_PARAMETRIC_MODULE);
      ModExp body = parseModExp();
      return new MLambda(param, res, body, from(start));
    }
    if (atKw("import")) {
      // import "file" is a module expression, not an atom: it neither is applied nor is an argument
      // (open import "a" followed by a declaration import "b" is two declarations).
      advance();
      Token s = expect(Kind.STRING, A_STRING_LITERAL, AFTER_IMPORT);
      m = new MImport(s.text(), from(start));
    } else {
      m = parseModAtom();
    }
    while (!(m instanceof MImport) && startsModAtom()) {
      ModExp arg = parseModAtom();
      m = new MApply(m, arg, from(start));
    }
    while (at(Kind.COLON)) {
      advance();
      SigExp sig = parseSigExp();
      m = new MAscribe(m, sig, from(start));
    }
    return m;
  }

  private boolean startsModAtom() {
    return at(Kind.IDENT) || at(Kind.LPAREN) || at(Kind.LBRACE);
  }

  private ModExp parseModAtom() {
    Span start = peek().span();
    if (at(Kind.LBRACE)) {
      advance();
      List<Decl> inner = declsUntil(Kind.RBRACE);
      expect(Kind.RBRACE, RBRACE, TO_CLOSE_A_MODULE);
      return new MStruct(inner, from(start));
    }
    if (at(Kind.LPAREN)) {
      advance();
      ModExp m = parseModExp();
      expect(Kind.RPAREN, RPAREN, AFTER_A_PARENTHESISED_MODULE_EXPRESSION);
      return m;
    }
    String q = qualName(AS_A_MODULE);
    return new MVar(q, from(start));
  }

  /** A module type: specs, a name, {@code with} refinements, and arrows. */
  private SigExp parseSigExp() {
    Span start = peek().span();
    if (at(Kind.LPAREN) && peek(1).is(Kind.IDENT) && peek(2).is(Kind.COLON)) {
      advance();
      String name = advance().text();
      advance();
      SigExp param = parseSigExp();
      expect(Kind.RPAREN, RPAREN, AFTER_A_MODULE_TYPE_PARAMETER);
      expectOp("->", AFTER_THE_PARAMETER_OF_A_PARAMETRIC_MODULE_TYPE);
      SigExp res = parseSigExp();
      return new SArrow(name, param, res, from(start));
    }
    SigExp s = parseSigAtomWith();
    if (atOp("->")) {
      advance();
      SigExp res = parseSigExp();
      return new SArrow(null, s, res, from(start));
    }
    return s;
  }

  private SigExp parseSigAtomWith() {
    Span start = peek().span();
    SigExp s = parseSigAtom();
    while (atKw("with")) {
      advance();
      String tn = qualName(AFTER_WITH_IN_A_MODULE_TYPE);
      List<TypeParam> ps = parseTypeParams();
      expectOp("=", IN_A_MODULE_TYPE_REFINEMENT);
      TypeExp t = parseType();
      s = new SWith(s, tn, ps, t, from(start));
    }
    return s;
  }

  private SigExp parseSigAtom() {
    Span start = peek().span();
    if (at(Kind.LBRACE)) {
      advance();
      List<Spec> specs = new ArrayList<>();
      while (!at(Kind.RBRACE) && !at(Kind.EOF)) specs.add(parseSpec());
      expect(Kind.RBRACE, RBRACE, TO_CLOSE_A_MODULE_TYPE);
      return new SSpecs(specs, from(start));
    }
    if (at(Kind.LPAREN)) {
      advance();
      SigExp s = parseSigExp();
      expect(Kind.RPAREN, RPAREN, AFTER_A_PARENTHESISED_MODULE_TYPE);
      return s;
    }
    String q = qualName(AS_A_MODULE_TYPE);
    return new SVar(q, from(start));
  }

  private Spec parseSpec() {
    if (at(Kind.DOC_COMMENT)) advance(); // documents the specification
    Span start = peek().span();
    if (at(Kind.ATTR_OPEN)) {
      skipAttribute();
      if (at(Kind.DOC_COMMENT)) throw fail(A_SPECIFICATION_VAL_TYPE_MODULE_OR_INCLUDE, IN_A_MODULE_TYPE);
      return parseSpec();
    }
    if (atKw("val")) {
      advance();
      String name;
      Span ns;
      if (at(Kind.LPAREN) && peek(1).is(Kind.OPERATOR) && peek(2).is(Kind.RPAREN)) {
        advance();
        Token op = advance();
        advance();
        name = op.text();
        ns = op.span();
      } else if (at(Kind.OPERATOR)) {
        Token op = advance();
        name = op.text();
        ns = op.span();
      } else {
        Token n = expect(Kind.IDENT, A_NAME, AFTER_VAL);
        name = n.text();
        ns = n.span();
      }
      List<TypeParam> tps = parseTypeParams();
      expect(Kind.COLON, COLON, AFTER_THE_NAME_OF_A_VALUE_SPECIFICATION);
      TypeExp t = parseType();
      return new ValSpec(name, ns, tps, t, from(start));
    }
    if (atKw("type")) {
      advance();
      Liftedness l = liftednessMark();
      Token n = expect(Kind.IDENT, A_NAME, AFTER_TYPE);
      List<TypeParam> ps = parseTypeParams();
      if (atOp("=")) {
        advance();
        TypeExp t = parseType();
        return new TypeAbbrSpec(new TypeDecl(n.text(), n.span(), l, ps, t, from(start)), from(start));
      }
      return new AbstractTypeSpec(n.text(), n.span(), l, ps, from(start));
    }
    if (atKw("module")) {
      advance();
      Token n = expect(Kind.IDENT, A_NAME, AFTER_MODULE_IN_A_MODULE_TYPE);
      expect(Kind.COLON, COLON, AFTER_THE_NAME_OF_A_MODULE_SPECIFICATION);
      SigExp s = parseSigExp();
      return new ModSpec(n.text(), n.span(), s, from(start));
    }
    if (atKw("include")) {
      advance();
      return new IncludeSpec(parseSigExp(), from(start));
    }
    throw fail(A_SPECIFICATION_VAL_TYPE_MODULE_OR_INCLUDE, IN_A_MODULE_TYPE);
  }

  /** {@code ^} or {@code ~} directly after {@code type}. */
  private Liftedness liftednessMark() {
    if ((atOp("^") || atOp("~")) && !peek().spaceBefore()) {
      return advance().text().equals("^") ? Liftedness.LIFTED : Liftedness.SIZE_LIFTED;
    }
    return Liftedness.UNLIFTED;
  }

  private Decl parseTypeDecl() {
    Span start = advance().span();
    Liftedness l = liftednessMark();
    Token n = expect(Kind.IDENT, A_NAME, AFTER_TYPE);
    List<TypeParam> params = parseTypeParams();
    expectOp("=", afterNameAndParametersOfType(n.text()));
    TypeExp t = parseType();
    return new TypeDecl(n.text(), n.span(), l, params, t, from(start));
  }

  private ValDecl parseValDecl() {
    Token kw = advance();
    Span start = kw.span();
    String name;
    Span nameSpan;
    List<TypeParam> tparams;
    List<Pat> params = new ArrayList<>();
    if (at(Kind.LPAREN) && (peek(1).is(Kind.OPERATOR) || peek(1).is(Kind.BACKTICK)) && peek(2).is(Kind.RPAREN)) {
      advance();
      Token op = advance();
      advance();
      name = op.text();
      nameSpan = op.span();
      checkBindingOperator(op);
      tparams = parseTypeParams();
      while (startsAtomPattern()) params.add(parseAtomPattern());
    } else if (at(Kind.IDENT) && !peek().text().equals("_") && !startsInfixOperator(peek(1))) {
      Token n = advance();
      name = n.text();
      nameSpan = n.span();
      tparams = parseTypeParams();
      while (startsAtomPattern()) params.add(parseAtomPattern());
    } else if (at(Kind.LPAREN) || at(Kind.LBRACE) || at(Kind.IDENT)) {
      // Infix definition: def (p1: t1) op (p2: t2) = ... (a wildcard is no name: def _ op _ = ...)
      tparams = List.of();
      params.add(parseAtomPattern());
      Token op = peek();
      if (op.isOp("=") && params.get(0) instanceof PTuple t) {
        // def (a, b) = e: the reference's own message for it.
        diags.add(Diagnostics.patternAtTopLevel(t.span()));
        throw new ParseError();
      }
      if ((!op.is(Kind.OPERATOR) && !op.is(Kind.BACKTICK)) || op.isOp("=")) throw fail(AN_OPERATOR, IN_AN_INFIX_DEFINITION);
      advance();
      name = op.text();
      nameSpan = op.span();
      checkBindingOperator(op);
      params.add(parseAtomPattern());
    } else {
      throw fail(A_NAME, afterKeyword(kw.text()));
    }
    TypeExp ret = null;
    if (at(Kind.COLON)) {
      advance();
      ret = parseType();
    }
    expectOp("=", afterParametersOf(name));
    Exp body = parseExp();
    return new ValDecl(kw.text(), name, nameSpan, tparams, params, ret, body, from(start));
  }

  /**
   * Whether a definition's first name is followed by an operator (or a backquoted name), making
   * the name the left operand of an infix definition: {@code def x - y = ...}.
   */
  private static boolean startsInfixOperator(Token t) {
    return (t.is(Kind.OPERATOR) && !t.text().equals("=")) || t.is(Kind.BACKTICK);
  }

  /** An operator being defined: not the prefix {@code !}, not qualified, not a reserved one. */
  private void checkBindingOperator(Token op) {
    if (op.isOp("!")) diags.add(Diagnostics.prefixOperatorAsInfix(op.span()));
    else if (op.is(Kind.BACKTICK) && op.text().contains(".")) {
      Span quoted = op.span(); // the reference points at the name inside the backquotes
      diags.add(Diagnostics.qualifiedNameInBinding(new Span(quoted.source(), quoted.start() + 1, quoted.end() - 1)));
    } else {
      checkOperatorName(op);
    }
  }

  private void checkOperatorName(Token op) {
    if (op.text().equals("&&") || op.text().equals("||")) diags.add(Diagnostics.reservedOperator(op.span(), op.text()));
  }

  // ---- expressions ----------------------------------------------------------------------------

  /** A full expression (no top-level commas). */
  Exp parseExp() {
    Span start = peek().span();
    Exp e = parseBinary(0);
    while (true) {
      if (at(Kind.COLON)) {
        advance();
        e = new Ascribe(e, parseType(), from(start));
      } else if (at(Kind.COLON_GT)) {
        advance();
        e = new Coerce(e, parseType(), from(start));
      } else if (atKw("with")) {
        advance();
        List<Object> steps = new ArrayList<>();
        if (at(Kind.LBRACKET)) steps.add(parseIndices(IN_A_WITH_UPDATE));
        else steps.add(fieldName(AFTER_WITH));
        pathSteps(steps, IN_A_WITH_UPDATE);
        expectOp("=", steps.get(steps.size() - 1) instanceof String
            ? AFTER_THE_FIELD_PATH_OF_A_WITH_UPDATE : AFTER_THE_INDICES_OF_A_WITH_UPDATE);
        Exp v = parseBinaryWith();
        e = updatePath(e, mergeIndices(steps), 0, v, from(start));
      } else if (at(Kind.DOTDOT) || at(Kind.DOTDOTDOT) || at(Kind.DOTDOTLT) || at(Kind.DOTDOTGT)) {
        e = parseRange(e, start);
      } else return e;
    }
  }

  /**
   * The rest of an update path or section: {@code .field} and {@code [indices]} (written without a
   * space before it) steps, added to {@code steps} as a field name or a list of indices.
   */
  private void pathSteps(List<Object> steps, String context) {
    while (true) {
      if (at(Kind.DOT) && !peek().spaceBefore()) {
        advance();
        steps.addAll(fieldNames());
      } else if (at(Kind.LBRACKET) && !peek().spaceBefore()) {
        steps.add(parseIndices(context));
      } else {
        return;
      }
    }
  }

  /** {@code a[i][j]} updates as {@code a[i, j]} when the first indices are all plain indices (no slices). */
  @SuppressWarnings("unchecked")
  private static List<Object> mergeIndices(List<Object> steps) {
    List<Object> out = new ArrayList<>();
    for (Object st : steps) {
      if (st instanceof List<?> idx && !out.isEmpty() && out.get(out.size() - 1) instanceof List<?> prev
          && prev.stream().allMatch(d -> d instanceof Fix)) {
        List<DimIndex> both = new ArrayList<>((List<DimIndex>) prev);
        both.addAll((List<DimIndex>) idx);
        out.set(out.size() - 1, both);
      } else {
        out.add(st);
      }
    }
    return out;
  }

  /**
   * {@code target with steps = v} for a path mixing fields and indices: each step updates the part
   * the rest of the path reaches ({@code r with a[i] = v} is {@code r with a = (r.a with [i] = v)}).
   */
  @SuppressWarnings("unchecked")
  private static Exp updatePath(Exp target, List<Object> steps, int from, Exp v, Span span) {
    if (steps.get(from) instanceof List<?> idx) {
      List<DimIndex> is = (List<DimIndex>) idx;
      Exp inner = from + 1 == steps.size() ? v : updatePath(new Index(target, is, span), steps, from + 1, v, span);
      return new Update(target, is, inner, span);
    }
    List<String> fields = new ArrayList<>();
    int i = from;
    while (i < steps.size() && steps.get(i) instanceof String f) {
      fields.add(f);
      i++;
    }
    if (i == steps.size()) return new RecordUpdate(target, fields, v, span);
    Exp part = target;
    for (String f : fields) part = new Project(part, f, span);
    return new RecordUpdate(target, fields, updatePath(part, steps, i, v, span), span);
  }

  /** Applies a path of fields and indices to {@code e} (the body of a section such as {@code (.[0].a)}). */
  @SuppressWarnings("unchecked")
  private static Exp applyPath(Exp e, List<Object> steps, Span span) {
    for (Object st : steps) e = st instanceof String f ? new Project(e, f, span) : new Index(e, (List<DimIndex>) st, span);
    return e;
  }

  /**
   * The value of a {@code with} update: a binary expression. {@code with} is left-associative, so
   * {@code a with [i] = x with [j] = y} updates the result of the first update.
   */
  private Exp parseBinaryWith() {
    return parseBinary(0);
  }

  private Exp parseRange(Exp first, Span start) {
    Exp second = null;
    if (at(Kind.DOTDOT)) {
      advance();
      Exp x = parseBinary(0);
      if (at(Kind.DOTDOT) || at(Kind.DOTDOTDOT) || at(Kind.DOTDOTLT) || at(Kind.DOTDOTGT)) {
        second = x;
      } else {
        return new Range(first, null, x, RangeKind.INCLUSIVE, from(start));
      }
    }
    Token k = advance();
    RangeKind kind = switch (k.kind()) {
      case DOTDOTLT -> RangeKind.UP_TO_EXCLUSIVE;
      case DOTDOTGT -> RangeKind.DOWN_TO_EXCLUSIVE;
      case DOTDOT, DOTDOTDOT -> RangeKind.INCLUSIVE;
      default -> throw fail(RANGE_OPERATOR, IN_A_RANGE);
    };
    Exp end = parseBinary(0);
    return new Range(first, second, end, kind, from(start));
  }

  private boolean atBinaryOp() {
    Token t = peek();
    if (t.is(Kind.IDENT)) return atQualifiedBinaryOp();
    // "(e `f`)" is a left section just as "(e op)" is (checked below).
    if (t.is(Kind.BACKTICK)) return !peek(1).is(Kind.RPAREN);
    if (!t.is(Kind.OPERATOR)) return false;
    String s = t.text();
    if (s.equals("=") || s.equals("->") || s.equals("~") || s.equals("?")) return false;
    // "(e op)" is a section: the operator is not followed by an operand.
    return !peek(1).is(Kind.RPAREN);
  }

  private Exp parseBinary(int minLevel) {
    Span start = peek().span();
    Exp left = parseUnary();
    while (atBinaryOp()) {
      List<String> quals = new ArrayList<>();
      int k = 0;
      while (peek(k).is(Kind.IDENT)) {
        quals.add(peek(k).text());
        k += 2;
      }
      Token op = peek(k);
      Fixity f = Fixity.of(op);
      if (f.level() < minLevel) break;
      for (int i = 0; i <= k; i++) advance();
      Exp right = parseBinary(f.rightAssoc() ? f.level() : f.level() + 1);
      Var ov = quals.isEmpty() ? opVar(op) : new Var(List.copyOf(quals), op.text(), op.span());
      left = new BinOp(ov, left, right, from(start));
    }
    return left;
  }

  private static Var opVar(Token op) {
    String text = op.text();
    int dot = op.is(Kind.BACKTICK) ? text.lastIndexOf('.') : -1;
    List<String> quals = dot < 0 ? List.of() : List.of(text.substring(0, dot).split("\\."));
    return new Var(quals, dot < 0 ? text : text.substring(dot + 1), op.span());
  }

  private Exp parseUnary() {
    Span start = peek().span();
    if (atOp("-")) {
      advance();
      return new Negate(parseUnary(), from(start));
    }
    if (atOp("!")) {
      advance();
      return new Not(parseUnary(), from(start));
    }
    return parseApplication();
  }

  /** Keyword-led expressions extend as far right as possible; otherwise juxtaposition. */
  private Exp parseApplication() {
    Token t = peek();
    Span start = t.span();
    if (t.kind() == Kind.KEYWORD) {
      switch (t.text()) {
        case "let" -> { return parseLet(); }
        case "if" -> {
          advance();
          Exp c = parseExp();
          expectKw("then", AFTER_THE_CONDITION_OF_IF);
          Exp a = parseExp();
          expectKw("else", AFTER_THE_THEN_BRANCH_OF_IF);
          Exp b = parseExp();
          return new If(c, a, b, from(start));
        }
        case "loop" -> { return parseLoop(); }
        case "match" -> { return parseMatch(); }
        case "assert" -> {
          advance();
          Exp c = parseAtom();
          Exp body = parseAtom();
          return new Assert(c, body, from(start));
        }
        default -> { }
      }
    }
    if (t.is(Kind.BACKSLASH)) return parseLambda();
    if (t.is(Kind.ATTR_OPEN)) {
      String attr = skipAttribute();
      return new Attr(attr, parseExp(), from(start));
    }
    if (t.is(Kind.CONSTRUCTOR)) {
      advance();
      List<Exp> payload = new ArrayList<>();
      while (startsAtom()) payload.add(parseAtom());
      if (at(Kind.BACKSLASH)) payload.add(parseLambda());
      return new Constr(t.text(), payload, from(start));
    }
    Exp f = parseAtom();
    while (startsAtom()) {
      Exp arg = parseAtom();
      f = new Apply(f, arg, from(start));
    }
    // The last argument may be a lambda without parentheses (tabulate n \i -> e); its body
    // extends as far as a lambda's does.
    if (at(Kind.BACKSLASH)) f = new Apply(f, parseLambda(), from(start));
    return f;
  }

  /** {@code M.op} written between two operands ({@code x f32.+ y}): a qualified binary operator. */
  private boolean atQualifiedBinaryOp() {
    int k = qualifiedOpEnd();
    return k >= 0 && !peek(k + 1).is(Kind.RPAREN);
  }

  /**
   * The offset of the operator token when the tokens ahead are a module-qualified operator
   * {@code M.N.op} (no spaces around the dots), else -1.
   */
  private int qualifiedOpEnd() {
    int i = 0;
    while (peek(i).is(Kind.IDENT) && peek(i + 1).is(Kind.DOT) && !peek(i + 1).spaceBefore() && !peek(i + 2).spaceBefore()) {
      if (peek(i + 2).is(Kind.OPERATOR)) {
        String s = peek(i + 2).text();
        return s.equals("=") || s.equals("->") ? -1 : i + 2;
      }
      i += 2;
    }
    return -1;
  }

  private boolean startsAtom() {
    Token t = peek();
    // A qualified operator is never an operand: "(x M.op)" is a left section, as "(x op)" is.
    if (t.is(Kind.IDENT) && qualifiedOpEnd() >= 0) return false;
    return switch (t.kind()) {
      case IDENT, INT, FLOAT, CHAR, STRING, LPAREN, LBRACE, HOLE, LBRACKET -> true;
      case CONSTRUCTOR -> true;
      case KEYWORD -> t.text().equals("true") || t.text().equals("false");
      default -> false;
    };
  }

  private Exp parseAtom() {
    Exp e = parsePrimary();
    Span start = e.span();
    while (true) {
      Token t = peek();
      if (t.is(Kind.DOT) && !t.spaceBefore() && !peek(1).spaceBefore()
          && (peek(1).is(Kind.IDENT) || peek(1).is(Kind.INT) || peek(1).is(Kind.FLOAT))) {
        advance();
        for (String f : fieldNames()) e = new Project(e, f, from(start));
      } else if (t.is(Kind.LBRACKET) && !t.spaceBefore() && peek(1).is(Kind.RBRACKET)) {
        // e[]: no indices, which is e itself.
        advance();
        advance();
      } else if (t.is(Kind.LBRACKET) && !t.spaceBefore()) {
        List<DimIndex> idx = parseIndices(IN_AN_INDEX);
        e = new Index(e, idx, from(start));
      } else return e;
    }
  }

  /** Field names after a dot; {@code 0.1} lexes as a float and means two fields. */
  private List<String> fieldNames() {
    Token t = advance();
    return switch (t.kind()) {
      case IDENT -> List.of(t.text());
      case INT -> {
        if (!natural(t)) throw fail(A_FIELD_NAME, AFTER_DOT);
        yield List.of(t.text());
      }
      case FLOAT -> List.of(t.text().split("\\."));
      default -> throw fail(A_FIELD_NAME, AFTER_DOT);
    };
  }

  private Exp parsePrimary() {
    Token t = peek();
    Span start = t.span();
    switch (t.kind()) {
      case IDENT -> {
        int q = qualifiedOpEnd();
        if (q >= 0) {
          // A qualified operator is no operand (only an infix operator or a section): the reference
          // rejects "f32.+ x y" with the operator as the unexpected token.
          Span opSpan = new Span(start.source(), start.start(), peek(q).span().end());
          diags.add(Diagnostics.unexpected(opSpan, opSpan.text(), AN_EXPRESSION, null));
          throw new ParseError();
        }
        advance();
        // M.(e): a local open.
        if (at(Kind.DOT) && !peek().spaceBefore() && peek(1).is(Kind.LPAREN) && !peek(1).spaceBefore()) {
          advance();
          advance();
          Exp inner = parseExp();
          expect(Kind.RPAREN, RPAREN, afterLocallyOpened(t.text()));
          return new LocalOpen(t.text(), inner, from(start));
        }
        return new Var(List.of(), t.text(), start);
      }
      case INT -> { advance(); return new IntLit(t.intValue(), t.suffix(), start); }
      case CHAR -> { advance(); return new IntLit(t.intValue(), null, start); }
      case FLOAT -> { advance(); return new FloatLit(t.floatValue(), t.suffix(), start); }
      case STRING -> { advance(); return new StringLit(t.text(), start); }
      case HOLE -> { advance(); return new Hole(start); }
      case CONSTRUCTOR -> { advance(); return new Constr(t.text(), List.of(), start); }
      case KEYWORD -> {
        if (t.isKeyword("true") || t.isKeyword("false")) {
          advance();
          return new BoolLit(t.text().equals("true"), start);
        }
      }
      case LPAREN -> { return parseParens(); }
      case LBRACKET -> {
        advance();
        List<Exp> elems = new ArrayList<>();
        if (!at(Kind.RBRACKET)) {
          elems.add(parseExp());
          while (at(Kind.COMMA)) {
            advance();
            if (at(Kind.RBRACKET)) break;
            elems.add(parseExp());
          }
        }
        expect(Kind.RBRACKET, RBRACKET, AFTER_ARRAY_ELEMENTS);
        if (elems.size() == 1 && elems.get(0) instanceof Range r) return new Range(r.start(), r.second(), r.end(), r.kind(), from(start));
        return new ArrayLit(elems, from(start));
      }
      case LBRACE -> {
        advance();
        List<Field> fields = new ArrayList<>();
        if (!at(Kind.RBRACE)) {
          do {
            if (!fields.isEmpty()) {
              advance();
              if (at(Kind.RBRACE)) break; // a trailing comma
            }
            Span fs = peek().span();
            String name = fieldName(IN_A_RECORD);
            Exp v = null;
            if (atOp("=")) {
              advance();
              v = parseExp();
            }
            fields.add(new Field(name, v, from(fs)));
          } while (at(Kind.COMMA));
        }
        expect(Kind.RBRACE, RBRACE, AFTER_THE_FIELDS_OF_A_RECORD);
        return new RecordLit(fields, from(start));
      }
      default -> { }
    }
    throw fail(AN_EXPRESSION, null);
  }

  private Exp parseParens() {
    Span start = advance().span();
    if (at(Kind.RPAREN)) {
      advance();
      return new TupleLit(List.of(), from(start));
    }
    // (op) and (op e), except (-x) and (!x) which are negation
    if ((at(Kind.OPERATOR) && !atOp("-") && !atOp("!")) || at(Kind.BACKTICK)
        || (atOp("-") && peek(1).is(Kind.RPAREN))) {
      Token op = advance();
      if (at(Kind.RPAREN)) {
        advance();
        return new OpSection(opVar(op), from(start));
      }
      Exp e = parseExp();
      expect(Kind.RPAREN, RPAREN, AFTER_AN_OPERATOR_SECTION);
      return new RightSection(opVar(op), e, from(start));
    }
    int qop = qualifiedOpEnd();
    if (qop >= 0) {
      // (M.op) and (M.op e): sections of a module-qualified operator; (M.op e) is \x -> x M.op e.
      List<String> quals = new ArrayList<>();
      for (int i = 0; i < qop; i += 2) quals.add(peek(i).text());
      Token op = peek(qop);
      for (int i = 0; i <= qop; i++) advance();
      Var ov = new Var(List.copyOf(quals), op.text(), op.span());
      if (at(Kind.RPAREN)) {
        advance();
        return new OpSection(ov, from(start));
      }
      Exp e = parseExp();
      expect(Kind.RPAREN, RPAREN, AFTER_AN_OPERATOR_SECTION);
      return new RightSection(ov, e, from(start));
    }
    if (at(Kind.DOT)) {
      advance();
      List<Object> steps = new ArrayList<>();
      if (at(Kind.LBRACKET)) steps.add(parseIndices(IN_AN_INDEX_SECTION));
      else steps.addAll(fieldNames());
      pathSteps(steps, IN_A_SECTION);
      boolean indexed = steps.get(0) instanceof List<?>;
      expect(Kind.RPAREN, RPAREN, indexed ? AFTER_AN_INDEX_SECTION : AFTER_A_PROJECTION_SECTION);
      Span span = from(start);
      if (steps.stream().allMatch(x -> x instanceof String)) {
        return new ProjectSection(steps.stream().map(String.class::cast).toList(), span);
      }
      if (indexed && steps.size() == 1) {
        @SuppressWarnings("unchecked") List<DimIndex> idx = (List<DimIndex>) steps.get(0);
        return new IndexSection(idx, span);
      }
      // A section mixing projections and indices is the function applying them.
      String arg = "section" + span.start() + "'";
      return new Lambda(List.of(new PId(arg, span)), null, applyPath(new Var(List.of(), arg, span), steps, span), span);
    }
    Exp first = parseExp();
    if ((at(Kind.OPERATOR) || at(Kind.BACKTICK)) && peek(1).is(Kind.RPAREN)) {
      Token op = advance();
      sectionOperand(first, Fixity.of(op));
      advance();
      return new LeftSection(first, opVar(op), from(start));
    }
    int q = qualifiedOpEnd();
    if (q >= 0 && peek(q + 1).is(Kind.RPAREN)) {
      // (x M.op): a left section of a module-qualified operator.
      List<String> quals = new ArrayList<>();
      for (int i = 0; i < q; i += 2) quals.add(peek(i).text());
      Token op = peek(q);
      for (int i = 0; i <= q; i++) advance();
      sectionOperand(first, Fixity.of(op));
      advance();
      return new LeftSection(first, new Var(List.copyOf(quals), op.text(), op.span()), from(start));
    }
    if (at(Kind.COMMA)) {
      List<Exp> elems = new ArrayList<>();
      elems.add(first);
      while (at(Kind.COMMA)) {
        advance();
        if (elems.size() > 1 && at(Kind.RPAREN)) break; // a trailing comma, after two elements or more
        elems.add(parseExp());
      }
      expect(Kind.RPAREN, RPAREN, AFTER_TUPLE_ELEMENTS);
      return new TupleLit(elems, from(start));
    }
    expect(Kind.RPAREN, RPAREN, AFTER_A_PARENTHESISED_EXPRESSION);
    // As in the reference, a parenthesised expression's span includes the parentheses (messages
    // point at "(2 + 3i32)", not at "2 + 3i32").
    return respan(first, from(start));
  }

  /**
   * The left operand {@code e} of a section {@code (e op)}, the parser standing at its ')'. In the
   * reference's grammar the operator would continue the operand, leaving ')' unexpected, when the
   * operand ends in an expression that extends as far right as it can (if, let, loop, match, a
   * lambda, an update, a range, ...) or is a binary operation binding less tightly than {@code op}
   * (or as tightly, for a right-associative one): {@code (a + b *)} is no section of {@code a + b}.
   */
  private void sectionOperand(Exp e, Fixity op) {
    if (absorbs(e, op)) throw fail(AN_EXPRESSION, AS_THE_OPERATOR_S_RIGHT_OPERAND);
  }

  private static boolean absorbs(Exp e, Fixity op) {
    if (parenthesised(e)) return false;
    return switch (e) {
      case BinOp b -> {
        Fixity f = b.op().name().isEmpty() || !Character.isLetter(b.op().name().charAt(0)) && b.op().name().charAt(0) != '_'
            ? Fixity.of(b.op().name()) : new Fixity(0, false);
        yield op.level() > f.level() || op.level() == f.level() && f.rightAssoc() || absorbs(b.right(), op);
      }
      case Apply a -> absorbs(a.arg(), op);
      case Negate n -> absorbs(n.exp(), op);
      case Not n -> absorbs(n.exp(), op);
      case If i -> true;
      case LetPat l -> true;
      case LetFun l -> true;
      case LetUpdate l -> true;
      case Loop l -> true;
      case Lambda l -> true;
      case Match m -> true;
      case Assert a -> true;
      case Attr a -> true;
      case Update u -> true;
      case RecordUpdate u -> true;
      case Range r -> true;
      case Ascribe a -> true;
      case Coerce c -> true;
      default -> false;
    };
  }

  /** Whether {@code e} was written in parentheses (its span, which then includes them, starts before its first part). */
  private static boolean parenthesised(Exp e) {
    Span s = e.span();
    if (s.start() >= s.source().text().length() || s.source().text().charAt(s.start()) != '(') return false;
    Span first = switch (e) {
      case BinOp b -> b.left().span();
      case Apply a -> a.function().span();
      case Index i -> i.array().span();
      case Project p -> p.record().span();
      case Update u -> u.array().span();
      case RecordUpdate u -> u.record().span();
      case Range r -> r.start().span();
      case Ascribe a -> a.exp().span();
      case Coerce c -> c.exp().span();
      default -> null;
    };
    return first == null || first.start() > s.start();
  }

  /** {@code e} with its span replaced (every expression node is a record with a {@code span} component). */
  /**
   * {@code e} with the span {@code span} (a parenthesised expression's, parentheses included).
   * Written out rather than through reflection on the record: core reflection spins method
   * handles, which cost a fresh JVM's first compilation some 20 ms.
   */
  private static Exp respan(Exp e, Span span) {
    return switch (e) {
      case IntLit i_ -> new IntLit(i_.value(), i_.suffix(), span);
      case FloatLit f_ -> new FloatLit(f_.value(), f_.suffix(), span);
      case BoolLit b_ -> new BoolLit(b_.value(), span);
      case StringLit s_ -> new StringLit(s_.value(), span);
      case Var v_ -> new Var(v_.qualifiers(), v_.name(), span);
      case Project p_ -> new Project(p_.record(), p_.field(), span);
      case TupleLit t_ -> new TupleLit(t_.elements(), span);
      case RecordLit r_ -> new RecordLit(r_.fields(), span);
      case ArrayLit a_ -> new ArrayLit(a_.elements(), span);
      case Range r_ -> new Range(r_.start(), r_.second(), r_.end(), r_.kind(), span);
      case Index i_ -> new Index(i_.array(), i_.indices(), span);
      case BinOp b_ -> new BinOp(b_.op(), b_.left(), b_.right(), span);
      case Apply a_ -> new Apply(a_.function(), a_.arg(), span);
      case Negate n_ -> new Negate(n_.exp(), span);
      case Not n_ -> new Not(n_.exp(), span);
      case Constr c_ -> new Constr(c_.name(), c_.payload(), span);
      case Ascribe a_ -> new Ascribe(a_.exp(), a_.type(), span);
      case Coerce c_ -> new Coerce(c_.exp(), c_.type(), span);
      case If i_ -> new If(i_.cond(), i_.then(), i_.otherwise(), span);
      case LetPat l_ -> new LetPat(l_.sizes(), l_.pattern(), l_.value(), l_.body(), span);
      case LetFun l_ -> new LetFun(l_.name(), l_.nameSpan(), l_.typeParams(), l_.params(), l_.returnType(), l_.value(), l_.body(), span);
      case LetUpdate l_ -> new LetUpdate(l_.name(), l_.nameSpan(), l_.indices(), l_.value(), l_.body(), span);
      case Lambda l_ -> new Lambda(l_.params(), l_.returnType(), l_.body(), span);
      case OpSection o_ -> new OpSection(o_.op(), span);
      case LeftSection l_ -> new LeftSection(l_.left(), l_.op(), span);
      case RightSection r_ -> new RightSection(r_.op(), r_.right(), span);
      case ProjectSection p_ -> new ProjectSection(p_.fields(), span);
      case IndexSection i_ -> new IndexSection(i_.indices(), span);
      case Loop l_ -> new Loop(l_.param(), l_.init(), l_.form(), l_.body(), span);
      case Attr a_ -> new Attr(a_.attribute(), a_.exp(), span);
      case Assert a_ -> new Assert(a_.cond(), a_.body(), span);
      case Update u_ -> new Update(u_.array(), u_.indices(), u_.value(), span);
      case RecordUpdate r_ -> new RecordUpdate(r_.record(), r_.path(), r_.value(), span);
      case Match m_ -> new Match(m_.scrutinee(), m_.cases(), span);
      case LocalOpen l_ -> new LocalOpen(l_.module(), l_.exp(), span);
      case Hole h_ -> new Hole(span);
    };
  }

  List<DimIndex> parseIndices(String context) {
    expect(Kind.LBRACKET, LBRACKET, context);
    List<DimIndex> out = new ArrayList<>();
    do {
      if (!out.isEmpty()) {
        advance();
        if (at(Kind.RBRACKET)) break; // a trailing comma
      }
      out.add(parseDimIndex());
    } while (at(Kind.COMMA));
    expect(Kind.RBRACKET, RBRACKET, afterIndices(context));
    return out;
  }

  private DimIndex parseDimIndex() {
    Exp a = null, b = null, c = null;
    if (!at(Kind.COLON)) {
      a = parseBinary(0);
      if (!at(Kind.COLON)) return new Fix(a);
    }
    advance();
    if (!at(Kind.COLON) && !at(Kind.COMMA) && !at(Kind.RBRACKET)) b = parseBinary(0);
    if (at(Kind.COLON)) {
      advance();
      if (!at(Kind.COMMA) && !at(Kind.RBRACKET)) c = parseBinary(0);
    }
    return new Slice(a, b, c);
  }

  private Exp parseLet() {
    Span start = advance().span();
    List<TypeParam> sizes = new ArrayList<>();
    while (at(Kind.LBRACKET) && peek(1).is(Kind.IDENT) && peek(2).is(Kind.RBRACKET)) {
      Span s0 = advance().span();
      String n = advance().text();
      advance();
      sizes.add(new TypeParam(n, true, from(s0)));
    }
    Exp result;
    if (sizes.isEmpty() && at(Kind.IDENT) && (peek(1).is(Kind.LBRACKET) || peek(1).is(Kind.DOT)) && !peek(1).spaceBefore()) {
      // let x[i] = v, let r.f = v, let x[i].f[j] = v: an update of x along a path.
      Token n = advance();
      List<Object> steps = new ArrayList<>();
      pathSteps(steps, inLetIndexUpdate(n.text()));
      steps = mergeIndices(steps);
      expectOp("=", steps.get(0) instanceof String ? afterLetFieldUpdate(n.text()) : afterLetIndexUpdate(n.text()));
      Exp v = parseExp();
      Exp body = letBody();
      if (steps.size() == 1 && steps.get(0) instanceof List<?> idx) {
        @SuppressWarnings("unchecked") List<DimIndex> is = (List<DimIndex>) idx;
        return new LetUpdate(n.text(), n.span(), is, v, body, from(start));
      }
      Span span = from(start);
      return new LetPat(List.of(), new PId(n.text(), n.span()), updatePath(new Var(List.of(), n.text(), n.span()), steps, 0, v, span),
          body, span);
    }
    if (sizes.isEmpty() && startsLocalFunction()) {
      Token n;
      if (at(Kind.LPAREN)) {
        advance();
        n = advance();
        advance();
      } else {
        n = advance();
      }
      String name = n.text();
      List<TypeParam> tps = parseTypeParams();
      List<Pat> params = new ArrayList<>();
      while (startsAtomPattern()) params.add(parseAtomPattern());
      TypeExp ret = null;
      if (at(Kind.COLON)) {
        advance();
        ret = parseType();
      }
      expectOp("=", afterParametersOfLocalFunction(name));
      Exp v = parseExp();
      Exp body = letBody();
      return new LetFun(name, n.span(), tps, params, ret, v, body, from(start));
    }
    Pat pat = parsePattern();
    expectOp("=", AFTER_THE_PATTERN_OF_LET);
    Exp v = parseExp();
    Exp body = letBody();
    result = new LetPat(sizes, pat, v, body, from(start));
    return result;
  }

  /**
   * After {@code let}: a local function is a name (or parenthesised operator) followed by type
   * parameters or parameter patterns; a plain binding has the name followed by '=' or ':'.
   */
  private boolean startsLocalFunction() {
    if (at(Kind.LPAREN) && peek(1).is(Kind.OPERATOR) && peek(2).is(Kind.RPAREN)) return true;
    if (!at(Kind.IDENT) || peek().text().equals("_")) return false;
    Token next = peek(1);
    return switch (next.kind()) {
      case IDENT, LPAREN, LBRACE, TICK, TICK_HAT, TICK_TILDE -> true;
      case LBRACKET -> next.spaceBefore();
      default -> false;
    };
  }

  /** {@code in e}, or a following {@code let} chain without {@code in}. */
  private Exp letBody() {
    if (atKw("in")) {
      advance();
      return parseExp();
    }
    if (atKw("let")) return parseExp();
    throw fail(IN_KEYWORD, AFTER_A_LET_BINDING);
  }

  private Exp parseLambda() {
    Span start = advance().span();
    List<Pat> params = new ArrayList<>();
    while (startsAtomPattern()) params.add(parseAtomPattern());
    if (params.isEmpty()) throw fail(A_PARAMETER, AFTER_BACKSLASH);
    TypeExp ret = null;
    if (at(Kind.COLON)) {
      advance();
      ret = parseTypeApp2();
    }
    expectOp("->", AFTER_THE_PARAMETERS_OF_A_LAMBDA);
    Exp body = parseExp();
    return new Lambda(params, ret, body, from(start));
  }

  /**
   * A lambda's return type: a type without a top-level arrow ({@code \x : t -> body}); a function
   * type must be parenthesised there.
   */
  private TypeExp parseTypeApp2() {
    return parseTypeNoArrow();
  }

  private Exp parseLoop() {
    Span start = advance().span();
    Pat param = parsePattern();
    Exp init = null;
    if (atOp("=")) {
      advance();
      init = parseExp();
    }
    LoopForm form;
    if (atKw("for")) {
      advance();
      if (at(Kind.IDENT) && peek(1).isOp("<")) {
        Token i = advance();
        advance();
        form = new For(i.text(), i.span(), parseExp());
      } else {
        Pat elem = parsePattern();
        expectKw("in", AFTER_THE_PATTERN_OF_FOR_IN);
        form = new ForIn(elem, parseExp());
      }
    } else if (atKw("while")) {
      advance();
      form = new While(parseExp());
    } else throw fail(FOR_OR_WHILE_KEYWORD, AFTER_THE_LOOP_PARAMETER);
    expectKw("do", AFTER_THE_LOOP_FORM);
    Exp body = parseExp();
    return new Loop(param, init, form, body, from(start));
  }

  private Exp parseMatch() {
    Span start = advance().span();
    Exp scrut = parseExp();
    List<Case> cases = new ArrayList<>();
    while (atKw("case")) {
      Span cs = advance().span();
      Pat pat = parsePattern();
      expectOp("->", AFTER_THE_PATTERN_OF_A_CASE);
      Exp body = parseExp();
      cases.add(new Case(pat, body, from(cs)));
    }
    if (cases.isEmpty()) throw fail(CASE_KEYWORD, AFTER_THE_SCRUTINEE_OF_MATCH);
    return new Match(scrut, cases, from(start));
  }
}
