package io.github.futhark4j.compiler.typed;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.stream.Collectors;

/**
 * A checked Futhark type. After type checking every type in the typed tree is fully resolved: no
 * inference variables remain, only {@link Param}s of the enclosing polymorphic definition.
 *
 * <p>Tuples are records whose fields are named {@code "0"}, {@code "1"}, ...; the unit type is the
 * empty record. An {@link Array}'s element type is never itself an array: {@code [n][m]f32} is one
 * {@code Array} with two dimensions.
 */
public sealed interface Type {
  record Prim(PrimType prim) implements Type {
    @Override public String toString() { return prim.futName(); }
  }

  /**
   * @param elem   element type: never an {@code Array}
   * @param shape  one size per dimension, outermost first; never empty
   * @param unique whether the array is unique ({@code *[]t}) in this position
   */
  record Array(Type elem, List<Size> shape, boolean unique) implements Type {
    public Array {
      if (elem instanceof Array) throw new IllegalArgumentException("nested Array: use one shape");
      if (shape.isEmpty()) throw new IllegalArgumentException("array of rank 0");
      shape = List.copyOf(shape);
    }

    public int rank() { return shape.size(); }

    /** The type of one row: the element type for rank 1, else the array of one rank less. */
    public Type rowType() {
      return shape.size() == 1 ? elem : new Array(elem, shape.subList(1, shape.size()), false);
    }

    @Override public String toString() {
      StringBuilder sb = new StringBuilder(unique ? "*" : "");
      for (Size s : shape) sb.append('[').append(s).append(']');
      return sb.append(elem).toString();
    }
  }

  /** A record; tuples have fields "0".."n-1" in order. Field order is the order given. */
  record Record(Map<String, Type> fields) implements Type {
    public Record {
      fields = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(fields));
    }

    public boolean isTuple() {
      int i = 0;
      for (String k : fields.keySet()) if (!k.equals(Integer.toString(i++))) return false;
      return fields.size() != 1;
    }

    @Override public String toString() {
      if (isTuple()) return fields.values().stream().map(Type::toString).collect(Collectors.joining(", ", "(", ")"));
      return fields.entrySet().stream().map(e -> e.getKey() + ": " + e.getValue())
          .collect(Collectors.joining(", ", "{", "}"));
    }
  }

  /** A sum type; constructors sorted by name, as Futhark orders them. */
  record Sum(SortedMap<String, List<Type>> constructors) implements Type {
    @Override public String toString() {
      return constructors.entrySet().stream()
          .map(e -> "#" + e.getKey() + e.getValue().stream().map(t -> " " + t).collect(Collectors.joining()))
          .collect(Collectors.joining(" | "));
    }
  }

  /**
   * A function type. {@code paramName} is non-null when the result type refers to the parameter
   * as a size (a dependent function type {@code (n: i64) -> [n]t}).
   */
  record Arrow(String paramName, Type param, Type result) implements Type {
    @Override public String toString() {
      String p = param instanceof Arrow || param instanceof Sum ? "(" + param + ")" : param.toString();
      if (paramName != null) p = "(" + paramName + ": " + param + ")";
      return p + " -> " + result;
    }
  }

  /** A type parameter of the enclosing polymorphic definition ({@code 't} / {@code '^t}). */
  record Param(String name, boolean unique) implements Type {
    public Param(String name) { this(name, false); }

    @Override public String toString() { return (unique ? "*" : "") + name; }
  }

  // ---- helpers --------------------------------------------------------------------------------

  Prim BOOL = new Prim(PrimType.BOOL);
  Prim I32 = new Prim(PrimType.I32);
  Prim I64 = new Prim(PrimType.I64);
  Prim F64 = new Prim(PrimType.F64);
  Record UNIT = new Record(Map.of());

  static Prim prim(PrimType t) { return new Prim(t); }

  static Record tuple(List<Type> components) {
    Map<String, Type> m = new LinkedHashMap<>();
    for (int i = 0; i < components.size(); i++) m.put(Integer.toString(i), components.get(i));
    return new Record(m);
  }

  /** {@code [d]t}, merging with {@code t}'s own dimensions when {@code t} is an array. */
  static Array arrayOf(Type elem, Size outer, boolean unique) {
    if (elem instanceof Array a) {
      List<Size> shape = new ArrayList<>(a.shape().size() + 1);
      shape.add(outer);
      shape.addAll(a.shape());
      return new Array(a.elem(), shape, unique);
    }
    return new Array(elem, List.of(outer), unique);
  }

  /** The same type with uniqueness removed at the top (arrays only). */
  default Type nonUnique() {
    return this instanceof Array a && a.unique() ? new Array(a.elem(), a.shape(), false) : this;
  }
}
