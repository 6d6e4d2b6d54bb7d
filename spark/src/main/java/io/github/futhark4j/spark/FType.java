package io.github.futhark4j.spark;

import io.github.futhark4j.ScalarType;
import io.github.futhark4j.runtime.Manifest;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * A Futhark type of an entry point's parameter or result, as the manifest names it, parsed: a
 * scalar, a regular array of a primitive type, a record or tuple with a record view (the manifest's
 * {@code record}: {@code new} and {@code project} functions), or another opaque type (which Spark
 * columns cannot carry).
 *
 * @param name   the manifest's name, e.g. {@code [][]f64} or {@code {a: []f64, b: []i32}}
 * @param kind   what it is
 * @param elem   the primitive type of a scalar or array element ({@code f64} ...), else null
 * @param rank   the number of dimensions of an array, 0 otherwise
 * @param fields a record's or tuple's fields in the manifest's order, else empty
 * @param tuple  whether the record is a tuple (fields named {@code 0}, {@code 1}, ...)
 */
record FType(String name, Kind kind, ScalarType elem, int rank, List<Field> fields, boolean tuple) implements Serializable {
  enum Kind { SCALAR, ARRAY, RECORD, OPAQUE }

  /** A record field. */
  record Field(String name, FType type) implements Serializable {}

  /** The type named {@code name} in {@code m}. */
  static FType of(String name, Manifest m) {
    int rank = 0;
    while (name.startsWith("[]", 2 * rank)) rank++;
    ScalarType elem = ScalarType.parse(name.substring(2 * rank));
    if (elem != null) return array(elem, rank);
    Manifest.TypeDesc d = m.types().get(name);
    if (rank == 0 && d != null && d.isOpaque() && d.record() != null) {
      List<Field> fs = new ArrayList<>();
      boolean tuple = true;
      for (Manifest.Field f : d.record().fields()) {
        if (!f.name().equals(Integer.toString(fs.size()))) tuple = false;
        fs.add(new Field(f.name(), of(f.type(), m)));
      }
      return new FType(name, Kind.RECORD, null, 0, List.copyOf(fs), tuple && !fs.isEmpty());
    }
    return new FType(name, Kind.OPAQUE, null, 0, List.of(), false);
  }

  /** An array of {@code elem} with {@code rank} dimensions (0: the scalar). */
  static FType array(ScalarType elem, int rank) {
    return new FType(elem.arrayTypeName(rank), rank == 0 ? Kind.SCALAR : Kind.ARRAY, elem, rank, List.of(), false);
  }

  /**
   * Whether values of this type can be cut into rows: an array, or a record or tuple whose fields
   * can all be (structure of arrays: a Spark struct column).
   */
  boolean hasRows() {
    return switch (kind) {
      case ARRAY -> true;
      case RECORD -> fields.stream().allMatch(f -> f.type().hasRows());
      default -> false;
    };
  }

  /** The type of one row of an array ({@code [][]f64} gives {@code []f64}); only for arrays. */
  FType row() {
    if (kind != Kind.ARRAY) throw new IllegalStateException(name + " has no rows");
    return array(elem, rank - 1);
  }

  /** Whether this is a type Java code can receive and send back (no opaque values inside). */
  boolean transferable() {
    return switch (kind) {
      case SCALAR, ARRAY -> true;
      case RECORD -> fields.stream().allMatch(f -> f.type().transferable());
      case OPAQUE -> false;
    };
  }

  @Override
  public String toString() { return name; }
}
