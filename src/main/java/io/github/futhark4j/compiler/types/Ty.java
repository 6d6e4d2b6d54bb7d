package io.github.futhark4j.compiler.types;

import io.github.futhark4j.compiler.typed.Type;
import io.github.futhark4j.compiler.typed.PrimType;
import io.github.futhark4j.compiler.source.Span;
import io.github.futhark4j.compiler.syntax.Ast.Liftedness;
import io.github.futhark4j.compiler.typed.VName;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The type checker's own types. Unlike the checked {@link Type} they contain inference variables
 * ({@link Var}), flexible sizes ({@link Flex}) and rigid named types ({@link Named}: type
 * parameters and abstract types), and they have one array dimension per {@link Arr} node, so that a
 * type variable standing for an element type can later turn out to be an array itself.
 * {@link Zonk} turns a resolved {@code Ty} into a {@link Type}.
 */
sealed interface Ty {
  record Prim(PrimType prim) implements Ty {}

  /** One dimension {@code [size]elem}; only the outermost node's uniqueness counts. */
  record Arr(Ty elem, SE size, boolean unique) implements Ty {}

  /** A record; tuples have the fields "0".."n-1". Fields keep the order written. */
  record Rec(Map<String, Ty> fields) implements Ty {
    public Rec {
      fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
    }
  }

  record Sum(SortedMap<String, List<Ty>> constructors) implements Ty {
    public Sum {
      constructors = Collections.unmodifiableSortedMap(new TreeMap<>(constructors));
    }
  }

  /**
   * {@code (pname: param) -> ?[exts].result}. {@code pname} names the parameter when it is a plain
   * variable (the result may then use it as a size); {@code exts} are the existential sizes of the
   * result, fresh at each application. The parameter's uniqueness is its diet (consumed or observed).
   */
  record Fun(VName pname, Ty param, List<VName> exts, Ty result) implements Ty {
    public Fun {
      exts = List.copyOf(exts);
    }

    Fun(Ty param, Ty result) { this(null, param, List.of(), result); }
  }

  /**
   * A rigid named type: a type parameter of an enclosing definition or an abstract type of a
   * module. {@code args} are its type arguments (types or sizes).
   */
  record Named(VName name, List<Arg> args, boolean unique) implements Ty {
    public Named {
      args = List.copyOf(args);
    }
  }

  /** A type argument of a {@link Named} type or a type abbreviation: a type or a size. */
  record Arg(Ty type, SE size) {
    static Arg of(Ty t) { return new Arg(t, null); }

    static Arg of(SE s) { return new Arg(null, s); }
  }

  /**
   * An inference variable. {@code prims} restricts it to those primitive types (null: any type);
   * {@code equality} forbids functions; {@code fields} and {@code constructors} record what uses so
   * far require of a record or sum type not yet known; {@code lifted} bounds what it may stand for
   * (an unlifted variable is never a function, nor an array of unknown size).
   */
  final class Var implements Ty {
    private static final java.util.concurrent.atomic.AtomicInteger COUNTER = new java.util.concurrent.atomic.AtomicInteger();
    final int id = COUNTER.incrementAndGet();
    Ty ref;
    int level;
    EnumSet<PrimType> prims;
    boolean equality;
    Map<String, Ty> fields;
    SortedMap<String, List<Ty>> constructors;
    Liftedness lifted = Liftedness.LIFTED;
    /**
     * How lifted a type parameter this variable may become when its definition is generalised, as
     * the reference's liftedness constraint of an if's, match's or loop's result: unlike
     * {@code lifted} it never makes unification fail (a function result there is reported by the
     * checks after inference), it only passes on to the variables the solution holds.
     */
    Liftedness ceiling = Liftedness.LIFTED;
    /**
     * Whether {@code lifted} comes only from instantiated type parameters (TcState.tyInsts): then
     * a function or lifted type in the solution does not make unification fail; the definition's
     * instantiations are checked once its types are inferred, as the reference's
     * checkTyInstLiftedness does ("Type ... found to be functional.").
     */
    boolean liftednessLater;
    /** What made the variable, for messages: an origin of {@code diag.Phrases} ("An integer literal", "intrinsics.map"). */
    String origin;
    Span at;

    Var(int level) { this.level = level; }

    @Override public String toString() { return ref != null ? ref.toString() : "?" + id; }
  }

  Prim BOOL = new Prim(PrimType.BOOL);
  Prim I32 = new Prim(PrimType.I32);
  Prim I64 = new Prim(PrimType.I64);
  Rec UNIT = new Rec(Map.of());

  /** The signed integer types: what an element index may be (as in the reference). */
  EnumSet<PrimType> SIGNED_INTS = EnumSet.of(PrimType.I8, PrimType.I16, PrimType.I32, PrimType.I64);
  EnumSet<PrimType> INTS = union(SIGNED_INTS, EnumSet.of(PrimType.U8, PrimType.U16, PrimType.U32, PrimType.U64));
  EnumSet<PrimType> FLOATS = EnumSet.of(PrimType.F16, PrimType.F32, PrimType.F64);
  EnumSet<PrimType> NUMS = union(INTS, FLOATS);
  EnumSet<PrimType> ALL_PRIMS = EnumSet.allOf(PrimType.class);

  static EnumSet<PrimType> union(EnumSet<PrimType> a, EnumSet<PrimType> b) {
    EnumSet<PrimType> r = EnumSet.copyOf(a);
    r.addAll(b);
    return r;
  }

  static Rec tuple(List<Ty> ts) {
    Map<String, Ty> m = new LinkedHashMap<>();
    for (int i = 0; i < ts.size(); i++) m.put(Integer.toString(i), ts.get(i));
    return new Rec(m);
  }

  /**
   * A size to be inferred: a size inference variable, occurring in sizes as {@link SE.F}.
   * {@code ref} is set once known. {@code level} is the binding depth it was made at: it may only
   * become a size whose variables are in scope there.
   */
  final class Flex {
    private static final java.util.concurrent.atomic.AtomicInteger COUNTER = new java.util.concurrent.atomic.AtomicInteger();
    final int id = COUNTER.incrementAndGet();
    SE ref;
    int level;
    /** A name for messages (the size binder or parameter it stands for), or null. */
    String name;
    /**
     * An anonymous size of a function's parameter type: as in the reference, it may become a size
     * the body makes, which is reported when the enclosing definition is generalised (not as a
     * causality violation).
     */
    boolean paramSize;
    /**
     * An anonymous size written in a parameter's or pattern's type ({@code (xs: []t)}): it may not
     * become a size named by the parameter of a function type being matched.
     */
    boolean annotated;

    Flex(int level, String name) {
      this.level = level;
      this.name = name;
    }

    @Override public String toString() { return ref != null ? ref.toString() : "?s" + id; }
  }
}
