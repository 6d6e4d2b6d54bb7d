package io.github.futhark4j.compiler.interp;

import java.util.ArrayList;
import java.util.List;

/**
 * An array: its elements (rows of a multi-dimensional array are arrays themselves) and the shape of
 * an element, which an empty array keeps too.
 *
 * <p>Updates ({@code with}, {@code scatter}, {@code hist}) write into the array they consume, as
 * the type checker's uniqueness rules allow: a consumed array is never used again. The interpreter
 * itself may share an array between places the checker cannot see (a row put into two arrays by
 * {@code replicate}, by {@code map} returning a captured array, by a literal): every array that is
 * stored as an element (or inside an element) of another array is marked {@link #shared}, and an
 * update copies a shared array before writing (copy on write).
 */
final class ArrayVal {
  final Object[] elems;
  final RowShape row;
  /** Stored inside another array: may be reachable from places the type checker does not track. */
  boolean shared;

  ArrayVal(Object[] elems, RowShape row) {
    this.elems = elems;
    this.row = row;
  }

  int length() { return elems.length; }

  /** The full shape: this array's length, then its rows' dimensions. */
  List<Long> dims() {
    List<Long> out = new ArrayList<>();
    out.add((long) elems.length);
    out.addAll(RowShape.dims(row));
    return out;
  }

  int rank() { return 1 + RowShape.dims(row).size(); }

  /** Marks every array in {@code v} (itself, or in its fields or payload) as shared. */
  static void markShared(Object v) {
    switch (v) {
      case ArrayVal a -> a.shared = true;
      case RecordVal r -> { for (Object x : r.values) markShared(x); }
      case SumVal s -> { for (Object x : s.payload) markShared(x); }
      default -> { }
    }
  }

  /** Marks the arrays among {@code elems} shared, unless they are primitive values. */
  static void markElems(Object[] elems) {
    if (elems.length == 0 || elems[0] instanceof io.github.futhark4j.compiler.typed.PrimValue) return;
    for (Object e : elems) markShared(e);
  }

  /** A new array over {@code elems} (not copied), whose elements become shared. */
  static ArrayVal of(Object[] elems, RowShape row) {
    markElems(elems);
    return new ArrayVal(elems, row);
  }

  /** This array, or a copy of it that may be written when this one is shared. */
  ArrayVal owned(boolean alwaysCopy) {
    if (!shared && !alwaysCopy) return this;
    return of(elems.clone(), row);
  }
}
