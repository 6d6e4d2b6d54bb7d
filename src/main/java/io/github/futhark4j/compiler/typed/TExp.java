package io.github.futhark4j.compiler.typed;

import io.github.futhark4j.compiler.source.Span;
import io.github.futhark4j.compiler.typed.PrimType;
import io.github.futhark4j.compiler.typed.Size;
import io.github.futhark4j.compiler.typed.Type;
import java.util.List;
import java.util.Map;

/**
 * A checked expression: the output of the type checker and the input of lowering. Every node
 * carries its resolved type and the source span it came from (for run-time error messages).
 *
 * <p>Invariants established by the type checker (see package-info):
 * <ul>
 *   <li>All names are {@link VName}s; syntactic sugar is gone: operator sections, {@code |>},
 *       {@code <|}, {@code >->}, {@code <-<}, backtick infix, user-defined operators and string
 *       literals have become {@link Apply}, {@link Lambda}, {@link Var} and {@link ArrayLit}.</li>
 *   <li>{@link Apply} is saturated for its callee: a partial application has been eta-expanded
 *       into a {@link Lambda}. A call to a function that returns a function is an {@code Apply}
 *       whose callee is itself an {@code Apply}.</li>
 *   <li>Built-in operators on primitive types are {@link BinOp}/{@link UnOp}; every prelude
 *       function bottoms out in {@link Intrinsic}s.</li>
 * </ul>
 */
public sealed interface TExp {
  Type type();

  Span span();

  record Literal(PrimValue value, Type type, Span span) implements TExp {}

  /**
   * A variable: a local binding, a parameter, or a top-level definition. For a polymorphic
   * definition {@code typeArgs} gives the instantiation of its type parameters (by name) and
   * {@code sizeArgs} that of its size parameters (those a call cannot read off the shapes of its
   * arguments, such as {@code unflatten}'s {@code [n] [m]} from {@code [n * m]t}).
   */
  record Var(VName name, Type type, Map<String, Type> typeArgs, Map<VName, Size> sizeArgs, Span span) implements TExp {
    public Var(VName name, Type type, Map<String, Type> typeArgs, Span span) {
      this(name, type, typeArgs, Map.of(), span);
    }
  }

  /**
   * A built-in function of the compiler (see {@link Intrinsics}); {@code type} is its function type
   * at this use, with every type variable instantiated.
   */
  record Intrinsic(String name, Type type, Span span) implements TExp {}

  /** {@code [a, b, c]}; string literals arrive here as arrays of {@code u8}. */
  record ArrayLit(List<TExp> elements, Type type, Span span) implements TExp {}

  /** Record and tuple literals (tuples have fields "0".."n-1"); {@code ()} is the empty record. */
  record RecordLit(Map<String, TExp> fields, Type type, Span span) implements TExp {}

  enum RangeKind { INCLUSIVE, UP_TO_EXCLUSIVE, DOWN_TO_EXCLUSIVE }

  /** {@code start...end} (INCLUSIVE), {@code start..second...end}, {@code start..<end}, {@code start..>end}; {@code second} may be null. */
  record Range(TExp start, TExp second, TExp end, RangeKind kind, Type type, Span span) implements TExp {}

  /** {@code e.field} on a record or tuple. */
  record Project(TExp record, String field, Type type, Span span) implements TExp {}

  /** One index of a multi-dimensional index or slice. */
  sealed interface DimIndex {
    record Fix(TExp index) implements DimIndex {}

    /** {@code start:end:stride}; any part may be {@code null} when omitted. */
    record Slice(TExp start, TExp end, TExp stride) implements DimIndex {}
  }

  /** {@code a[i, j:k]}. */
  record Index(TExp array, List<DimIndex> indices, Type type, Span span) implements TExp {}

  /** {@code a with [i, j] = v} and {@code let a[i] = v in ...}: consumes {@code array}. */
  record Update(TExp array, List<DimIndex> indices, TExp value, Type type, Span span) implements TExp {}

  /** {@code r with a.b = v}. */
  record RecordUpdate(TExp record, List<String> path, TExp value, Type type, Span span) implements TExp {}

  record Let(TPat pattern, TExp value, TExp body, Type type, Span span) implements TExp {}

  /** A local function definition {@code let f x = ... in body}. */
  record LetFun(VName name, FunDef fun, TExp body, Type type, Span span) implements TExp {}

  record If(TExp cond, TExp then, TExp otherwise, Type type, Span span) implements TExp {}

  sealed interface LoopForm {
    /** {@code for i < bound}. */
    record For(VName index, TExp bound) implements LoopForm {}

    /** {@code for x in xs}. */
    record ForIn(TPat element, TExp array) implements LoopForm {}

    /** {@code while cond} (cond may refer to the loop parameter). */
    record While(TExp cond) implements LoopForm {}
  }

  /** {@code loop param = init for/while ... do body}. */
  record Loop(TPat param, TExp init, LoopForm form, TExp body, Type type, Span span) implements TExp {}

  /** A saturated application. */
  record Apply(TExp function, List<TExp> args, Type type, Span span) implements TExp {}

  /** {@code \p1 p2 -> body}; {@code type} is the {@link Type.Arrow}. */
  record Lambda(List<TPat> params, TExp body, Type type, Span span) implements TExp {}

  enum BinOperator {
    ADD("+"), SUB("-"), MUL("*"), DIV("/"), MOD("%"), QUOT("//"), REM("%%"), POW("**"),
    SHL("<<"), SHR(">>"), USHR(">>>"), BAND("&"), BOR("|"), BXOR("^"),
    EQ("=="), NEQ("!="), LT("<"), LE("<="), GT(">"), GE(">="), LAND("&&"), LOR("||");

    public final String symbol;

    BinOperator(String symbol) { this.symbol = symbol; }
  }

  /**
   * A built-in operator. For arithmetic and comparisons both operands have primitive type
   * {@code operandType}; {@code ==} and {@code !=} may also compare arrays, records and sums.
   * {@code &&} and {@code ||} short-circuit.
   */
  record BinOp(BinOperator op, TExp x, TExp y, Type operandType, Type type, Span span) implements TExp {}

  enum UnOperator {
    /** Arithmetic negation. */
    NEG,
    /** {@code !} on bool. */
    NOT,
    /** {@code !} on an integer: bitwise complement. */
    COMPLEMENT
  }

  record UnOp(UnOperator op, TExp x, Type type, Span span) implements TExp {}

  record Case(TPat pattern, TExp body) {}

  /** {@code match e case p -> ...}; cases are tried in order and are exhaustive. */
  record Match(TExp scrutinee, List<Case> cases, Type type, Span span) implements TExp {}

  /** {@code #name a b}: a constructor of the sum type {@code type}. */
  record Constr(String name, List<TExp> payload, Type type, Span span) implements TExp {}

  /** {@code assert cond body}, and a typed hole; {@code message}: the failure when {@code cond} is false (diag.RuntimeMessages). */
  record Assert(TExp cond, TExp body, String message, Type type, Span span) implements TExp {}

  /**
   * {@code body :> type}: the shapes must match at run time; a mismatch is a program error
   * naming {@code span}.
   */
  record Coerce(TExp body, Type type, Span span) implements TExp {}

  /** {@code #[attr] body}; {@code unsafe} turns off bounds checks inside {@code body}. */
  record Attr(String attribute, TExp body, Type type, Span span) implements TExp {}

  /** Convenience: the primitive type of a scalar expression, or {@code null}. */
  default PrimType primType() {
    return type() instanceof Type.Prim p ? p.prim() : null;
  }
}
