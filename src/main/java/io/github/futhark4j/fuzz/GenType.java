package io.github.futhark4j.fuzz;

import io.github.futhark4j.ScalarType;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The type of a generated scalar or array: an element type and, per dimension, the name of the
 * size variable it is known to equal, or {@code null} for a size the generator does not know
 * statically (the result of a filter, a concatenation, ...).
 */
public record GenType(ScalarType elem, List<String> dims) {
  public GenType {
    Objects.requireNonNull(elem);
    dims = java.util.Collections.unmodifiableList(new ArrayList<>(dims));
  }

  static GenType scalar(ScalarType t) { return new GenType(t, List.of()); }

  public int rank() { return dims.size(); }

  /** Without sizes: {@code [][]f64}. */
  public String text() { return "[]".repeat(dims.size()) + elem.futharkName(); }

  /** With the known sizes: {@code [n0][]f64}. */
  public String decl() {
    StringBuilder sb = new StringBuilder();
    for (String d : dims) sb.append('[').append(d == null ? "" : d).append(']');
    return sb.append(elem.futharkName()).toString();
  }

  /** The type of one row. */
  GenType row() { return new GenType(elem, dims.subList(1, dims.size())); }

  /** This type with an outer dimension in front. */
  GenType outer(String d) {
    List<String> ds = new ArrayList<>();
    ds.add(d);
    ds.addAll(dims);
    return new GenType(elem, ds);
  }

  /** Whether a value of this type may stand where {@code want} is expected (its known sizes agree). */
  boolean fits(GenType want) {
    if (elem != want.elem || rank() != want.rank()) return false;
    for (int i = 0; i < rank(); i++) if (want.dims.get(i) != null && !want.dims.get(i).equals(dims.get(i))) return false;
    return true;
  }

  /** This type with an unknown outer size. */
  GenType outerUnknown() {
    List<String> ds = new ArrayList<>(dims);
    ds.set(0, null);
    return new GenType(elem, ds);
  }

  /** The type of a value that is either this or {@code o}: sizes known only where both agree. */
  GenType joinWith(GenType o) {
    List<String> ds = new ArrayList<>();
    for (int i = 0; i < rank(); i++) ds.add(Objects.equals(dims.get(i), o.dims.get(i)) ? dims.get(i) : null);
    return new GenType(elem, ds);
  }

  GenType withDims(List<String> ds) { return new GenType(elem, ds); }
}
