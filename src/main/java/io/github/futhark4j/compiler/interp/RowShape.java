package io.github.futhark4j.compiler.interp;

import io.github.futhark4j.compiler.typed.PrimValue;
import java.util.ArrayList;
import java.util.List;

/**
 * The shape of one element of an array, kept by every array so that an empty array still knows the
 * shape its rows would have ({@code [0][3]i32} is not {@code [0][0]i32}). A record whose fields hold
 * no arrays has the shape {@link #LEAF}, like a scalar; sums and functions are leaves too.
 */
sealed interface RowShape {
  RowShape LEAF = Leaf.INSTANCE;

  enum Leaf implements RowShape { INSTANCE }

  /** An array of {@code n} elements of shape {@code row}. */
  record Dim(long n, RowShape row) implements RowShape {}

  /** A record with arrays in it; {@code names} in {@link RecordVal}'s canonical order. */
  record Rec(List<String> names, List<RowShape> fields) implements RowShape {}

  /** A record shape, or {@link #LEAF} when no field holds an array. */
  static RowShape rec(List<String> names, List<RowShape> fields) {
    for (RowShape f : fields) if (f != LEAF) return new Rec(List.copyOf(names), List.copyOf(fields));
    return LEAF;
  }

  /** The shape of a value. */
  static RowShape of(Object v) {
    return switch (v) {
      case PrimValue p -> LEAF;
      case ArrayVal a -> new Dim(a.length(), a.row);
      case RecordVal r -> {
        List<RowShape> fs = null;
        for (int i = 0; i < r.values.length; i++) {
          RowShape s = of(r.values[i]);
          if (s != LEAF && fs == null) {
            fs = new ArrayList<>();
            for (int j = 0; j < i; j++) fs.add(LEAF);
          }
          if (fs != null) fs.add(s);
        }
        yield fs == null ? LEAF : new Rec(List.of(r.names), fs);
      }
      default -> LEAF;
    };
  }

  /** The shape of field {@code name} of a record of this shape. */
  static RowShape field(RowShape s, String name) {
    if (s instanceof Rec r) {
      int i = r.names().indexOf(name);
      if (i >= 0) return r.fields().get(i);
    }
    return LEAF;
  }

  /** The dimensions of the arrays this shape describes, outermost first ({@code [2][3]}: 2, 3). */
  static List<Long> dims(RowShape s) {
    List<Long> out = new ArrayList<>();
    while (s instanceof Dim d) {
      out.add(d.n());
      s = d.row();
    }
    return out;
  }

  /** {@code [2][3]}: the dimensions as the run-time errors print them. */
  static String text(List<Long> dims) {
    StringBuilder sb = new StringBuilder();
    for (long d : dims) sb.append('[').append(d).append(']');
    return sb.toString();
  }
}
