package io.github.futhark4j.compiler.types;

import io.github.futhark4j.compiler.typed.Type;
import io.github.futhark4j.compiler.typed.PrimType;
import io.github.futhark4j.compiler.typed.TPat;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Whether the cases of a {@code match} cover every value, by the usual pattern-matrix method: each
 * row is one case's patterns, each column one component of the scrutinee. Sum types and bool are
 * split into their constructors; other primitive types are covered only by a variable or
 * wildcard. When a value is not covered, the result is a pattern for it, written as the reference
 * writes unmatched cases ({@code #foo (#moo _ #none)}).
 */
final class Exhaustiveness {
  private Exhaustiveness() {}

  /** A pattern for a value no row matches, or {@code null} when the rows are exhaustive. */
  static String missing(List<List<TPat>> rows, List<Type> types) {
    List<String> w = witness(rows, types);
    return w == null ? null : w.get(0);
  }

  /**
   * {@link #witness} where the first column's type is not split into cases: the rows whose first
   * pattern matches anything, without it; a missed value has {@code _} there.
   */
  private static List<String> wildcardColumn(List<List<TPat>> rows, List<Type> rest) {
        List<List<TPat>> rows2 = new ArrayList<>();
        for (List<TPat> row : rows) if (irrefutable(row.get(0))) rows2.add(row.subList(1, row.size()));
        List<String> w = witness(rows2, rest);
        if (w == null) return null;
        List<String> out = new ArrayList<>();
        out.add("_");
        out.addAll(w);
        return out;
  }

  /** Patterns (one per column) of a value no row matches, or {@code null} when there is none. */
  private static List<String> witness(List<List<TPat>> rows, List<Type> types) {
    if (types.isEmpty()) return rows.isEmpty() ? new ArrayList<>() : null;
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
        List<String> w = witness(rows2, types2);
        if (w == null) return null;
        List<String> parts = w.subList(0, keys.size());
        StringBuilder sb = new StringBuilder(r.isTuple() ? "(" : "{");
        for (int i = 0; i < keys.size(); i++) {
          if (i > 0) sb.append(", ");
          sb.append(r.isTuple() ? parts.get(i) : keys.get(i) + " = " + parts.get(i));
        }
        sb.append(r.isTuple() ? ")" : "}");
        List<String> out = new ArrayList<>();
        out.add(sb.toString());
        out.addAll(w.subList(keys.size(), w.size()));
        return out;
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
          List<String> w = witness(rows2, types2);
          if (w == null) continue;
          int k = c.getValue().size();
          StringBuilder sb = new StringBuilder("#" + c.getKey());
          for (String p : w.subList(0, k)) sb.append(' ').append(atomic(p));
          List<String> out = new ArrayList<>();
          out.add(sb.toString());
          out.addAll(w.subList(k, w.size()));
          return out;
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
          List<String> w = witness(rows2, rest);
          if (w != null) {
            List<String> out = new ArrayList<>();
            out.add(Boolean.toString(v));
            out.addAll(w);
            return out;
          }
        }
        return null;
      }
      case Type.Prim p -> { return wildcardColumn(rows, rest); }
      case Type.Array a -> { return wildcardColumn(rows, rest); }
      case Type.Record r -> { return wildcardColumn(rows, rest); }
      case Type.Arrow a -> { return wildcardColumn(rows, rest); }
      case Type.Param p -> { return wildcardColumn(rows, rest); }
    }
  }

  /** A pattern as an argument of a constructor: parenthesised unless it is one token. */
  private static String atomic(String p) {
    return p.contains(" ") && !(p.startsWith("(") || p.startsWith("{")) ? "(" + p + ")" : p;
  }

  private static boolean irrefutable(TPat p) {
    return p instanceof TPat.Id || p instanceof TPat.Wildcard
        || (p instanceof TPat.Record r && r.fields().values().stream().allMatch(Exhaustiveness::irrefutable));
  }

  private static TPat wildcard(Type t) {
    return new TPat.Wildcard(t, io.github.futhark4j.compiler.source.Span.NONE);
  }
}
