package io.github.futhark4j.compiler.types;

import io.github.futhark4j.compiler.typed.VName;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The type checker's own types: like {@link Type} but with inference variables ({@link Var}) and
 * flexible sizes ({@link Sz.Flex}), and with one array dimension per node so that an element type
 * that is still a variable can later turn out to be an array. {@link Unifier#zonk} turns a
 * resolved {@code Ty} into a {@link Type}.
 */
sealed interface Ty {
  record Prim(PrimType prim) implements Ty {}

  /** One dimension {@code [size]elem}; only the outermost node's uniqueness counts. */
  record Arr(Ty elem, Sz size, boolean unique) implements Ty {}

  record Rec(Map<String, Ty> fields) implements Ty {
    public Rec {
      fields = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(fields));
    }
  }

  record Sum(SortedMap<String, List<Ty>> constructors) implements Ty {
    public Sum {
      constructors = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(constructors));
    }
  }

  /** {@code param -> result}; {@code name} is the parameter's variable when the result uses it as a size. */
  record Fun(VName name, Ty param, Ty result) implements Ty {}

  /** A rigid type parameter of the enclosing polymorphic definition. */
  record Param(String name) implements Ty {}

  /**
   * An inference variable. {@code prims} restricts it to those primitive types (null: any type);
   * {@code equality} forbids functions; {@code fields} and {@code constructors} record what uses so
   * far require of a record or sum type that is not yet known.
   */
  final class Var implements Ty {
    // Only names variables in messages; atomic because the front end may run on several threads.
    private static final java.util.concurrent.atomic.AtomicInteger COUNTER = new java.util.concurrent.atomic.AtomicInteger();
    final int id = COUNTER.incrementAndGet();
    Ty ref;
    EnumSet<PrimType> prims;
    boolean equality;
    Map<String, Ty> fields;
    SortedMap<String, List<Ty>> constructors;
    /** Where the constraint came from, for messages. */
    String origin;

    Var() {}

    Var(EnumSet<PrimType> prims, String origin) {
      this.prims = prims;
      this.origin = origin;
    }

    @Override public String toString() { return ref != null ? ref.toString() : "?" + id; }
  }

  Prim BOOL = new Prim(PrimType.BOOL);
  Prim I32 = new Prim(PrimType.I32);
  Prim I64 = new Prim(PrimType.I64);
  Rec UNIT = new Rec(Map.of());

  EnumSet<PrimType> INTS = EnumSet.of(PrimType.I8, PrimType.I16, PrimType.I32, PrimType.I64,
      PrimType.U8, PrimType.U16, PrimType.U32, PrimType.U64);
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

  /** A size in a {@link Ty}. */
  sealed interface Sz {
    record Const(long value) implements Sz {}

    record Named(VName name) implements Sz {}

    record Unknown() implements Sz {}

    /** A size to be inferred; {@code ref} is set once known. */
    final class Flex implements Sz {
      Sz ref;
      /** Set for the anonymous sizes of an expression's type ascription, for the causality check. */
      long causalSeq;
    }

    /**
     * A size that is distinct from every other size (identity equality): an anonymous dimension of
     * a function's parameter (rigid in the body, instantiated per use), or an unknown size made by an
     * application (an existential result, a compound size argument). {@code exist} marks the
     * existential sizes of a function's declared return type: those accept any size while the body
     * is checked and become a fresh rigid size at each use of the function. A rigid size is printed
     * under {@code name} and becomes an unknown size ({@code []}) in the checked tree.
     */
    final class Rigid implements Sz {
      private static final java.util.concurrent.atomic.AtomicLong SEQ = new java.util.concurrent.atomic.AtomicLong();
      final String name;
      final boolean exist;
      /** Creation order, for the causality check. */
      final long seq = SEQ.incrementAndGet();
      /** Whether this size is only known once an application has run (an existential result). */
      final boolean computed;

      Rigid(String name, boolean exist, boolean computed) {
        // Invented names get a number so that two of them in one message can be told apart.
        this.name = name.equals("d") || name.equals("k") ? name + "'" + seq : name;
        this.exist = exist;
        this.computed = computed;
      }

      static long nextSeq() { return SEQ.incrementAndGet(); }

      @Override public String toString() { return name; }
    }

    Sz UNKNOWN = new Unknown();
  }
}
