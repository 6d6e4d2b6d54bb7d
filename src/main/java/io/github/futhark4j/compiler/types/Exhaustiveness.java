package io.github.futhark4j.compiler.types;

import io.github.futhark4j.compiler.typed.TPat;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Whether the cases of a {@code match} cover every value, by the usual pattern-matrix method: each
 * row is one case's patterns, each column one component of the scrutinee. Sum types and bool are
 * split into their constructors; other primitive types are covered only by a variable or
 * wildcard.
 */
final class Exhaustiveness {
  private Exhaustiveness() {}

  /** A description of a value no row matches, or {@code null} when the rows are exhaustive. */
  static String missing(List<List<TPat>> rows, List<Type> types) {
    if (types.isEmpty()) return rows.isEmpty() ? "a value" : null;
    Type t = types.get(0);
    List<Type> rest = types.subList(1, types.size());
    switch (t) {
      case Type.Record r when !r.fields().isEmpty() -> {
        List<String> keys = new ArrayList<>(r.fields().keySet());
        List<List<TPat>> rows2 = new ArrayList<>();
        for (List<TPat> row : rows) {
          List<TPat> nr = new ArrayList<>();
          TPat first = row.get(0);
          for (String k : keys) {
            nr.add(first instanceof TPat.Record pr && pr.fields().containsKey(k) ? pr.fields().get(k) : wildcard(r.fields().get(k)));
          }
          nr.addAll(row.subList(1, row.size()));
          rows2.add(nr);
        }
        List<Type> types2 = new ArrayList<>(r.fields().values());
        types2.addAll(rest);
        return missing(rows2, types2);
      }
      case Type.Sum s -> {
        for (Map.Entry<String, List<Type>> c : s.constructors().entrySet()) {
          List<List<TPat>> rows2 = new ArrayList<>();
          for (List<TPat> row : rows) {
            TPat first = row.get(0);
            List<TPat> nr = new ArrayList<>();
            if (first instanceof TPat.Constr pc && pc.name().equals(c.getKey())) nr.addAll(pc.payload());
            else if (irrefutable(first)) for (Type pt : c.getValue()) nr.add(wildcard(pt));
            else continue;
            nr.addAll(row.subList(1, row.size()));
            rows2.add(nr);
          }
          List<Type> types2 = new ArrayList<>(c.getValue());
          types2.addAll(rest);
          String m = missing(rows2, types2);
          if (m != null) return "#" + c.getKey() + (c.getValue().isEmpty() ? "" : " ...");
        }
        return null;
      }
      case Type.Prim p when p.prim() == PrimType.BOOL -> {
        for (boolean v : new boolean[] {true, false}) {
          List<List<TPat>> rows2 = new ArrayList<>();
          for (List<TPat> row : rows) {
            TPat first = row.get(0);
            if (irrefutable(first) || (first instanceof TPat.Lit l && l.value().boolValue() == v)) {
              rows2.add(row.subList(1, row.size()));
            }
          }
          if (missing(rows2, rest) != null) return Boolean.toString(v);
        }
        return null;
      }
      default -> {
        List<List<TPat>> rows2 = new ArrayList<>();
        for (List<TPat> row : rows) if (irrefutable(row.get(0))) rows2.add(row.subList(1, row.size()));
        String m = missing(rows2, rest);
        return m == null ? null : (t instanceof Type.Prim ? "some value of type " + t : m);
      }
    }
  }

  private static boolean irrefutable(TPat p) {
    return p instanceof TPat.Id || p instanceof TPat.Wildcard
        || (p instanceof TPat.Record r && r.fields().values().stream().allMatch(Exhaustiveness::irrefutable));
  }

  private static TPat wildcard(Type t) {
    return new TPat.Wildcard(t, io.github.futhark4j.compiler.source.Span.NONE);
  }

}
