package io.github.futhark4j.polyglot.marshal;

import io.github.futhark4j.ScalarType;
/**
 * A parameter or result type as the manifest writes it: {@code f64}, {@code [][]i32}, or the name
 * of an opaque type (records, tuples, sum types and arrays of them). Arrays of primitives are the
 * only types that guests can build from their own data; opaque values travel as native handles
 * returned by an earlier call.
 *
 * @param name the manifest spelling
 * @param rank number of dimensions, 0 for scalars and opaque types
 * @param elem the element type, or {@code null} for an opaque type
 */
public record ManifestType(String name, int rank, ScalarType elem) {
  /** Parses a manifest type name. */
  public static ManifestType parse(String name) {
    int rank = 0;
    while (name.startsWith("[]", rank * 2)) rank++;
    ScalarType p = ScalarType.parse(name.substring(rank * 2));
    if (p == null) return new ManifestType(name, 0, null);
    return new ManifestType(name, rank, p);
  }

  public boolean isOpaque() { return elem == null; }

  public boolean isScalar() { return elem != null && rank == 0; }

  public boolean isArray() { return elem != null && rank > 0; }
}
