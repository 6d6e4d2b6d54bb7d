package io.github.futhark4j.data;

import io.github.futhark4j.ScalarType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Compares results with expected values the way {@code futhark test} does: element types and shapes
 * must be equal, integers and bools exactly, floats within a tolerance.
 *
 * <p>Note on the tolerance: futhark test accepts a float element when {@code |got - expected| < tol},
 * where {@code tol} is the larger of {@value #MIN_TOLERANCE} and {@value #MIN_TOLERANCE} times the
 * largest finite magnitude among the expected elements of that value. So small values are compared
 * with an absolute tolerance of 0.002 and arrays of large values relative to their largest element.
 * NaN equals NaN, and infinities equal infinities of the same sign.
 */
public final class ValueComparator {
  /** futhark test's minimum (and relative) tolerance. */
  public static final double MIN_TOLERANCE = 0.002;

  private ValueComparator() {}

  /** One difference between a result and its expectation, as a sentence. */
  public record Mismatch(int valueIndex, String message) {
    @Override
    public String toString() { return message; }
  }

  /** Every value-level mismatch (at most one per value: the first differing element). */
  public static List<Mismatch> compare(List<Value> got, List<Value> expected) {
    List<Mismatch> out = new ArrayList<>();
    if (got.size() != expected.size()) {
      out.add(new Mismatch(-1, "expected " + expected.size() + " value(s), got " + got.size()));
      return out;
    }
    for (int i = 0; i < got.size(); i++) {
      String m = compare(got.get(i), expected.get(i));
      if (m != null) out.add(new Mismatch(i, "value #" + i + ": " + m));
    }
    return out;
  }

  /** The first difference between two values as a sentence, or {@code null} if they match. */
  public static String compare(Value got, Value expected) {
    if (got.type() != expected.type() || got.rank() != expected.rank()) {
      return "expected a value of type " + expected.typeName() + ", got " + got.typeName();
    }
    if (!Arrays.equals(got.shape(), expected.shape())) {
      return "expected shape " + expected.shapedTypeName() + ", got " + got.shapedTypeName();
    }
    ScalarType t = expected.type();
    int n = expected.elementCount();
    double tol = t.isFloat() ? tolerance(expected) : 0;
    for (int i = 0; i < n; i++) {
      boolean same = switch (t.kind()) {
        case BOOL -> got.boolAt(i) == expected.boolAt(i);
        case SIGNED, UNSIGNED -> got.longAt(i) == expected.longAt(i);
        case FLOAT -> floatsMatch(got.doubleAt(i), expected.doubleAt(i), tol);
      };
      if (!same) {
        String where = expected.isScalar() ? "" : " at index " + index(expected.shape(), i);
        return "expected " + ValueWriter.scalar(expected, i) + ", got " + ValueWriter.scalar(got, i) + where;
      }
    }
    return null;
  }

  /** The tolerance futhark test uses for the floats of {@code expected}. */
  public static double tolerance(Value expected) {
    double tol = MIN_TOLERANCE;
    for (int i = 0; i < expected.elementCount(); i++) {
      double v = expected.doubleAt(i);
      if (!Double.isNaN(v) && !Double.isInfinite(v)) tol = Math.max(tol, MIN_TOLERANCE * Math.abs(v));
    }
    return tol;
  }

  static boolean floatsMatch(double got, double expected, double tol) {
    if (Double.isNaN(got) || Double.isNaN(expected)) return Double.isNaN(got) && Double.isNaN(expected);
    if (Double.isInfinite(got) || Double.isInfinite(expected)) return got == expected;
    return Math.abs(got - expected) < tol;
  }

  /** A flat row-major index as {@code [i][j]}. */
  static String index(long[] shape, long flat) {
    long[] idx = new long[shape.length];
    for (int d = shape.length - 1; d >= 0; d--) {
      idx[d] = flat % shape[d];
      flat /= shape[d];
    }
    StringBuilder sb = new StringBuilder();
    for (long i : idx) sb.append('[').append(i).append(']');
    return sb.toString();
  }
}
