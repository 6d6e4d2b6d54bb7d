package io.github.futhark4j.compiler.syntax;

import io.github.futhark4j.compiler.source.Span;
import io.github.futhark4j.compiler.typed.PrimType;
import java.math.BigInteger;
import java.util.List;

/**
 * The parsed tree: Futhark's concrete syntax with all its sugar, every node with its span. Names
 * are plain strings; the type checker resolves them.
 */
public final class Ast {
  private Ast() {}

  // ---- expressions ----------------------------------------------------------------------------

  /** An expression as written. */
  public sealed interface Exp {
    Span span();
  }

  public record IntLit(BigInteger value, PrimType suffix, Span span) implements Exp {}

  public record FloatLit(double value, PrimType suffix, Span span) implements Exp {}

  public record BoolLit(boolean value, Span span) implements Exp {}

  /** A string literal, already decoded; it denotes its UTF-8 bytes as {@code []u8}. */
  public record StringLit(String value, Span span) implements Exp {}

  /** A name, possibly qualified ({@code f64.sqrt}); {@code r.x} is also parsed as this and disambiguated later. */
  public record Var(List<String> qualifiers, String name, Span span) implements Exp {
    public String full() { return qualifiers.isEmpty() ? name : String.join(".", qualifiers) + "." + name; }
  }

  public record Project(Exp record, String field, Span span) implements Exp {}

  public record TupleLit(List<Exp> elements, Span span) implements Exp {}

  /** A record field {@code name = e}, or the pun {@code name} (then {@code value} is null). */
  public record Field(String name, Exp value, Span span) {}

  public record RecordLit(List<Field> fields, Span span) implements Exp {}

  public record ArrayLit(List<Exp> elements, Span span) implements Exp {}

  public enum RangeKind { INCLUSIVE, UP_TO_EXCLUSIVE, DOWN_TO_EXCLUSIVE }

  public record Range(Exp start, Exp second, Exp end, RangeKind kind, Span span) implements Exp {}

  /** One component of an index: a fixed index or a slice with optional parts. */
  public sealed interface DimIndex {}

  public record Fix(Exp index) implements DimIndex {}

  public record Slice(Exp start, Exp end, Exp stride) implements DimIndex {}

  public record Index(Exp array, List<DimIndex> indices, Span span) implements Exp {}

  /** {@code x op y} for a built-in, user-defined or backtick operator. */
  public record BinOp(Var op, Exp left, Exp right, Span span) implements Exp {}

  public record Apply(Exp function, Exp arg, Span span) implements Exp {}

  public record Negate(Exp exp, Span span) implements Exp {}

  public record Not(Exp exp, Span span) implements Exp {}

  public record Constr(String name, List<Exp> payload, Span span) implements Exp {}

  public record Ascribe(Exp exp, TypeExp type, Span span) implements Exp {}

  public record Coerce(Exp exp, TypeExp type, Span span) implements Exp {}

  public record If(Exp cond, Exp then, Exp otherwise, Span span) implements Exp {}

  /** {@code let [n] pat = value in body}; {@code sizes} are size parameters. */
  public record LetPat(List<TypeParam> sizes, Pat pattern, Exp value, Exp body, Span span) implements Exp {}

  /** {@code let f 't [n] params : ret = value in body}. */
  public record LetFun(String name, Span nameSpan, List<TypeParam> typeParams, List<Pat> params, TypeExp returnType,
                       Exp value, Exp body, Span span) implements Exp {}

  /** {@code let a[i] = v in body}. */
  public record LetUpdate(String name, Span nameSpan, List<DimIndex> indices, Exp value, Exp body, Span span) implements Exp {}

  public record Lambda(List<Pat> params, TypeExp returnType, Exp body, Span span) implements Exp {}

  /** {@code (op)}. */
  public record OpSection(Var op, Span span) implements Exp {}

  /** {@code (e op)}: the left operand given. */
  public record LeftSection(Exp left, Var op, Span span) implements Exp {}

  /** {@code (op e)}: the right operand given. */
  public record RightSection(Var op, Exp right, Span span) implements Exp {}

  /** {@code (.a.b)}. */
  public record ProjectSection(List<String> fields, Span span) implements Exp {}

  /** {@code (.[i])}. */
  public record IndexSection(List<DimIndex> indices, Span span) implements Exp {}

  public sealed interface LoopForm {}

  public record For(String index, Span indexSpan, Exp bound) implements LoopForm {}

  public record ForIn(Pat element, Exp array) implements LoopForm {}

  public record While(Exp cond) implements LoopForm {}

  /** {@code loop pat = init form do body}; {@code init} is null when omitted. */
  public record Loop(Pat param, Exp init, LoopForm form, Exp body, Span span) implements Exp {}

  public record Attr(String attribute, Exp exp, Span span) implements Exp {}

  public record Assert(Exp cond, Exp body, Span span) implements Exp {}

  public record Update(Exp array, List<DimIndex> indices, Exp value, Span span) implements Exp {}

  public record RecordUpdate(Exp record, List<String> path, Exp value, Span span) implements Exp {}

  public record Case(Pat pattern, Exp body, Span span) {}

  public record Match(Exp scrutinee, List<Case> cases, Span span) implements Exp {}

  /** {@code M.(e)}: {@code e} with the names of module {@code M} in scope. */
  public record LocalOpen(String module, Exp exp, Span span) implements Exp {}

  /** {@code #[attr] p}: an attribute on a pattern (ignored). */
  public record PAttr(String attribute, Pat pattern, Span span) implements Pat {}

  /** {@code ???}: a typed hole, rejected by the checker. */
  public record Hole(Span span) implements Exp {}

  // ---- patterns -------------------------------------------------------------------------------

  public sealed interface Pat {
    Span span();
  }

  public record PId(String name, Span span) implements Pat {}

  public record PWild(Span span) implements Pat {}

  /** Tuple pattern; {@code ()} is the empty tuple. */
  public record PTuple(List<Pat> elements, Span span) implements Pat {}

  public record PField(String name, Pat pattern, Span span) {}

  public record PRecord(List<PField> fields, Span span) implements Pat {}

  /** A literal pattern: an {@link IntLit}, {@link FloatLit} or {@link BoolLit}, possibly negated. */
  public record PLit(Exp literal, Span span) implements Pat {}

  public record PConstr(String name, List<Pat> payload, Span span) implements Pat {}

  public record PAscribe(Pat pattern, TypeExp type, Span span) implements Pat {}

  // ---- types ----------------------------------------------------------------------------------

  public sealed interface TypeExp {
    Span span();
  }

  /** A dimension in a type: {@code [e]} for any size expression {@code e} (a name, a constant, {@code n+1}, ...) or {@code []}. */
  public sealed interface Dim {}

  /** {@code [e]}: a size expression. */
  public record DimExp(Exp exp) implements Dim {}

  /** {@code []}: an anonymous size. */
  public record DimAnon(Span span) implements Dim {}

  public sealed interface TypeArg {}

  public record TArgType(TypeExp type) implements TypeArg {}

  public record TArgDim(Dim dim, Span span) implements TypeArg {}

  /** A named type, possibly qualified and applied: {@code i32}, {@code t}, {@code m.t}, {@code vec [n] f32}. */
  public record TName(String name, List<TypeArg> args, Span span) implements TypeExp {}

  public record TArray(Dim dim, TypeExp elem, Span span) implements TypeExp {}

  public record TTuple(List<TypeExp> elements, Span span) implements TypeExp {}

  public record TRecord(List<String> names, List<TypeExp> types, Span span) implements TypeExp {}

  public record TSum(List<String> names, List<List<TypeExp>> payloads, Span span) implements TypeExp {}

  /** {@code t1 -> t2} or {@code (x: t1) -> t2}. */
  public record TArrow(String paramName, TypeExp param, TypeExp result, Span span) implements TypeExp {}

  public record TUnique(TypeExp type, Span span) implements TypeExp {}

  /** {@code ?[n][m].t}. */
  public record TExist(List<String> names, TypeExp type, Span span) implements TypeExp {}

  // ---- declarations ---------------------------------------------------------------------------

  /** How far a type may stray from a plain array or primitive: {@code t}, {@code ~t} (size-lifted), {@code ^t} (lifted). */
  public enum Liftedness {
    UNLIFTED(""), SIZE_LIFTED("~"), LIFTED("^");

    public final String mark;

    Liftedness(String mark) { this.mark = mark; }
  }

  /**
   * A type or size parameter: {@code 't}, {@code '~t}, {@code '^t} (type, with its liftedness) or
   * {@code [n]} (size; {@code liftedness} is then unused).
   */
  public record TypeParam(String name, boolean isSize, Span span, Liftedness liftedness) {
    public TypeParam(String name, boolean isSize, Span span) {
      this(name, isSize, span, Liftedness.UNLIFTED);
    }

    public boolean lifted() { return liftedness == Liftedness.LIFTED; }
  }

  public sealed interface Decl {
    Span span();
  }

  /**
   * {@code def}/{@code let}/{@code entry}; operators are named by their symbol. {@code attributes}
   * are the texts of the declaration attributes written before it ({@code prop(gen(g), size(8))}
   * for {@code #[prop(gen(g), size(8))]}), outermost first; {@link #attributeInfos()} reads them.
   */
  public record ValDecl(String keyword, String name, Span nameSpan, List<TypeParam> typeParams, List<Pat> params,
                        TypeExp returnType, Exp body, Span span, List<String> attributes) implements Decl {
    public ValDecl(String keyword, String name, Span nameSpan, List<TypeParam> typeParams, List<Pat> params,
                   TypeExp returnType, Exp body, Span span) {
      this(keyword, name, nameSpan, typeParams, params, returnType, body, span, List.of());
    }

    public boolean isEntry() { return keyword.equals("entry"); }

    /**
     * The declaration attributes as {@link AttrInfo}s, in the order of {@link #attributes()}.
     *
     * @throws IllegalArgumentException an attribute that is not of Futhark's attribute syntax
     */
    public List<AttrInfo> attributeInfos() {
      List<AttrInfo> out = new java.util.ArrayList<>();
      for (String a : attributes) out.add(AttrInfo.parse(a));
      return List.copyOf(out);
    }
  }

  /**
   * An attribute in Futhark's syntax: a name or a decimal integer ({@code prop}, {@code 8}), or a
   * name applied to attributes ({@code gen(f)}, {@code prop(gen(f), size(8))}). The parser keeps
   * attributes as text; this is their structure, for the tools that read them (the {@code #[prop]}
   * attributes of property tests).
   *
   * @param name the name or the integer's digits
   * @param args the attributes in parentheses; {@code null} for an atom (none written), empty for {@code f()}
   */
  public record AttrInfo(String name, List<AttrInfo> args) {
    /** True for an atom: a name or integer with no parentheses. */
    public boolean isAtom() { return args == null; }

    /** True for a decimal integer atom. */
    public boolean isInteger() { return args == null && !name.isEmpty() && name.chars().allMatch(Character::isDigit); }

    /**
     * Reads an attribute's text (what is between {@code #[} and {@code ]}).
     *
     * @throws IllegalArgumentException text that is not an attribute, naming what is wrong
     */
    public static AttrInfo parse(String text) {
      int[] pos = {0};
      AttrInfo a = parse(text, pos);
      skipSpaces(text, pos);
      if (pos[0] < text.length()) throw bad(text, pos[0], "unexpected '" + text.charAt(pos[0]) + "'");
      return a;
    }

    private static AttrInfo parse(String text, int[] pos) {
      skipSpaces(text, pos);
      int s = pos[0];
      while (pos[0] < text.length() && (Character.isLetterOrDigit(text.charAt(pos[0])) || text.charAt(pos[0]) == '_'
          || text.charAt(pos[0]) == '\'')) {
        pos[0]++;
      }
      if (s == pos[0]) throw bad(text, s, "expected a name or an integer");
      String name = text.substring(s, pos[0]);
      skipSpaces(text, pos);
      if (pos[0] >= text.length() || text.charAt(pos[0]) != '(') return new AttrInfo(name, null);
      pos[0]++;
      List<AttrInfo> args = new java.util.ArrayList<>();
      skipSpaces(text, pos);
      if (pos[0] < text.length() && text.charAt(pos[0]) == ')') {
        pos[0]++;
        return new AttrInfo(name, List.of());
      }
      while (true) {
        args.add(parse(text, pos));
        skipSpaces(text, pos);
        if (pos[0] >= text.length()) throw bad(text, pos[0], "expected ')'");
        char c = text.charAt(pos[0]++);
        if (c == ')') return new AttrInfo(name, List.copyOf(args));
        if (c != ',') throw bad(text, pos[0] - 1, "expected ',' or ')', found '" + c + "'");
      }
    }

    private static void skipSpaces(String text, int[] pos) {
      while (pos[0] < text.length() && Character.isWhitespace(text.charAt(pos[0]))) pos[0]++;
    }

    private static IllegalArgumentException bad(String text, int at, String what) {
      return new IllegalArgumentException("malformed attribute #[" + text + "] at character " + (at + 1) + ": " + what);
    }

    /** The attribute in Futhark's syntax, without spaces: {@code prop(gen(f),size(8))}. */
    @Override
    public String toString() {
      if (args == null) return name;
      StringBuilder sb = new StringBuilder(name).append('(');
      for (int i = 0; i < args.size(); i++) sb.append(i > 0 ? "," : "").append(args.get(i));
      return sb.append(')').toString();
    }
  }

  /**
   * A {@code def} of the prelude that is parsed when first used ({@code Prelude}): its name and
   * spans are known from a scan of the text, {@code parse} gives the {@link ValDecl} (once).
   */
  public record LazyValDecl(String name, Span nameSpan, Span span, java.util.function.Supplier<ValDecl> parse) implements Decl {}

  /** {@code type name params = t}, {@code type~ ...}, {@code type^ ...}. */
  public record TypeDecl(String name, Span nameSpan, Liftedness liftedness, List<TypeParam> params, TypeExp type,
                         Span span) implements Decl {}

  public record Import(String path, Span span) implements Decl {}

  /** {@code local dec}: a declaration visible only inside the module (or file) it is in. */
  public record Local(Decl decl, Span span) implements Decl {}

  /** {@code open m}: the names of a module become visible unqualified. */
  public record Open(ModExp module, Span span) implements Decl {}

  /**
   * {@code module name (p1: S1) ... : S = m}: a module binding; with parameters, a parametric
   * module (functor). {@code signature} is the optional ascription.
   */
  public record ModDecl(String name, Span nameSpan, List<ModParam> params, SigExp signature, ModExp body,
                        Span span) implements Decl {}

  /** {@code (name: S)}: a parameter of a parametric module. */
  public record ModParam(String name, SigExp signature, Span span) {}

  /** {@code module type name = S}. */
  public record ModTypeDecl(String name, Span nameSpan, SigExp signature, Span span) implements Decl {}

  // ---- module expressions ---------------------------------------------------------------------

  public sealed interface ModExp {
    Span span();
  }

  /** A (possibly qualified) module name. */
  public record MVar(String name, Span span) implements ModExp {}

  /** {@code { decls }}. */
  public record MStruct(List<Decl> decls, Span span) implements ModExp {}

  /** {@code f a}: applying a parametric module. */
  public record MApply(ModExp functor, ModExp arg, Span span) implements ModExp {}

  /** {@code m : S}. */
  public record MAscribe(ModExp module, SigExp signature, Span span) implements ModExp {}

  /** {@code \(p: S) : R -> m}: an anonymous parametric module. */
  public record MLambda(ModParam param, SigExp result, ModExp body, Span span) implements ModExp {}

  /** {@code import "file"} as a module expression. */
  public record MImport(String path, Span span) implements ModExp {}

  // ---- module types ---------------------------------------------------------------------------

  public sealed interface SigExp {
    Span span();
  }

  /** A (possibly qualified) module type name. */
  public record SVar(String name, Span span) implements SigExp {}

  /** {@code { specs }}. */
  public record SSpecs(List<Spec> specs, Span span) implements SigExp {}

  /** {@code S with t params = type}. */
  public record SWith(SigExp sig, String typeName, List<TypeParam> params, TypeExp type, Span span) implements SigExp {}

  /** {@code (p: S) -> R} or {@code S -> R}: the type of a parametric module. */
  public record SArrow(String paramName, SigExp param, SigExp result, Span span) implements SigExp {}

  /** One specification inside a module type. */
  public sealed interface Spec {
    Span span();
  }

  /** {@code val name params : type}. */
  public record ValSpec(String name, Span nameSpan, List<TypeParam> typeParams, TypeExp type, Span span) implements Spec {}

  /** {@code type name params = t}: a transparent type. */
  public record TypeAbbrSpec(TypeDecl decl, Span span) implements Spec {}

  /** {@code type name params}: an abstract type. */
  public record AbstractTypeSpec(String name, Span nameSpan, Liftedness liftedness, List<TypeParam> params,
                                 Span span) implements Spec {}

  /** {@code module name : S}. */
  public record ModSpec(String name, Span nameSpan, SigExp signature, Span span) implements Spec {}

  /** {@code include S}. */
  public record IncludeSpec(SigExp signature, Span span) implements Spec {}

  /** A parsed file. */
  public record Program(List<Decl> decls) {}

  // ---- traversal ------------------------------------------------------------------------------

  /**
   * The direct sub-expressions of {@code e}, in the order they are written (the expressions in
   * indices and slices, loop forms and match cases included; type expressions not).
   */
  public static List<Exp> subExps(Exp e) {
    java.util.ArrayList<Exp> k = new java.util.ArrayList<>();
    switch (e) {
      case IntLit x -> { }
      case FloatLit x -> { }
      case BoolLit x -> { }
      case StringLit x -> { }
      case Var x -> { }
      case Hole x -> { }
      case OpSection x -> { }
      case ProjectSection x -> { }
      case Project x -> k.add(x.record());
      case TupleLit x -> k.addAll(x.elements());
      case RecordLit x -> { for (Field f : x.fields()) if (f.value() != null) k.add(f.value()); }
      case ArrayLit x -> k.addAll(x.elements());
      case Range x -> {
        k.add(x.start());
        if (x.second() != null) k.add(x.second());
        k.add(x.end());
      }
      case Index x -> { k.add(x.array()); indexExps(x.indices(), k); }
      case BinOp x -> { k.add(x.left()); k.add(x.op()); k.add(x.right()); }
      case Apply x -> { k.add(x.function()); k.add(x.arg()); }
      case Negate x -> k.add(x.exp());
      case Not x -> k.add(x.exp());
      case Constr x -> k.addAll(x.payload());
      case Ascribe x -> k.add(x.exp());
      case Coerce x -> k.add(x.exp());
      case If x -> { k.add(x.cond()); k.add(x.then()); k.add(x.otherwise()); }
      case LetPat x -> { k.add(x.value()); k.add(x.body()); }
      case LetFun x -> { k.add(x.value()); k.add(x.body()); }
      case LetUpdate x -> { indexExps(x.indices(), k); k.add(x.value()); k.add(x.body()); }
      case Lambda x -> k.add(x.body());
      case LeftSection x -> { k.add(x.left()); k.add(x.op()); }
      case RightSection x -> { k.add(x.op()); k.add(x.right()); }
      case IndexSection x -> indexExps(x.indices(), k);
      case Loop x -> {
        if (x.init() != null) k.add(x.init());
        switch (x.form()) {
          case For f -> k.add(f.bound());
          case ForIn f -> k.add(f.array());
          case While w -> k.add(w.cond());
        }
        k.add(x.body());
      }
      case Attr x -> k.add(x.exp());
      case Assert x -> { k.add(x.cond()); k.add(x.body()); }
      case Update x -> { k.add(x.array()); indexExps(x.indices(), k); k.add(x.value()); }
      case RecordUpdate x -> { k.add(x.record()); k.add(x.value()); }
      case Match x -> { k.add(x.scrutinee()); for (Case c : x.cases()) k.add(c.body()); }
      case LocalOpen x -> k.add(x.exp());
    }
    return k;
  }

  private static void indexExps(List<DimIndex> is, List<Exp> out) {
    for (DimIndex d : is) {
      switch (d) {
        case Fix f -> out.add(f.index());
        case Slice sl -> {
          if (sl.start() != null) out.add(sl.start());
          if (sl.end() != null) out.add(sl.end());
          if (sl.stride() != null) out.add(sl.stride());
        }
      }
    }
  }
}
