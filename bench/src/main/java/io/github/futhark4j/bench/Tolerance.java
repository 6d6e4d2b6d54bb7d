package io.github.futhark4j.bench;

import java.util.Optional;

/**
 * When two results of a kernel count as the same. Reductions in a different order, fused
 * multiply-adds (gcc contracts {@code a*b+c} by default, Java never does) and different tree
 * shapes all change the last bits of float results, so float kernels compare with a tolerance.
 */
public sealed interface Tolerance {
  /**
   * Describes the first disagreement between the reference and another result, or empty when
   * they agree.
   */
  Optional<String> check(Flat reference, Flat other);

  /** Integers must be equal element for element. */
  static Tolerance exact() { return new Exact(); }

  /**
   * Floats may differ by {@code rtol} times the largest magnitude in the reference (a normwise
   * bound: an element that is a small difference of large terms is judged against the scale of
   * the terms, not against its own tiny magnitude).
   */
  static Tolerance normwise(double rtol) { return new Normwise(rtol); }

  /**
   * Integers may differ in at most {@code fraction} of the elements. For escape-time counts,
   * where one rounding difference on a point right at the set's boundary changes the count.
   */
  static Tolerance mismatches(double fraction) { return new Mismatches(fraction); }

  record Exact() implements Tolerance {
    @Override
    public Optional<String> check(Flat reference, Flat other) {
      return sizes(reference, other).or(() -> {
        long[] r = ints(reference);
        long[] o = ints(other);
        for (int i = 0; i < r.length; i++) {
          if (r[i] != o[i]) return Optional.of("element " + i + " is " + o[i] + ", expected " + r[i]);
        }
        return Optional.empty();
      });
    }
  }

  record Normwise(double rtol) implements Tolerance {
    @Override
    public Optional<String> check(Flat reference, Flat other) {
      return sizes(reference, other).or(() -> {
        double[] r = reals(reference);
        double[] o = reals(other);
        double scale = 0;
        for (double x : r) scale = Math.max(scale, Math.abs(x));
        double bound = rtol * scale;
        for (int i = 0; i < r.length; i++) {
          // Written so that NaN in either result fails the comparison.
          if (!(Math.abs(r[i] - o[i]) <= bound)) {
            return Optional.of("element " + i + " is " + o[i] + ", expected " + r[i] + " (bound " + bound + ")");
          }
        }
        return Optional.empty();
      });
    }
  }

  record Mismatches(double fraction) implements Tolerance {
    @Override
    public Optional<String> check(Flat reference, Flat other) {
      return sizes(reference, other).or(() -> {
        long[] r = ints(reference);
        long[] o = ints(other);
        int differ = 0;
        int first = -1;
        for (int i = 0; i < r.length; i++) {
          if (r[i] != o[i]) {
            differ++;
            if (first < 0) first = i;
          }
        }
        if (differ > fraction * r.length) {
          return Optional.of(differ + " of " + r.length + " elements differ (allowed " + fraction * r.length
              + "); the first is element " + first + ": " + o[first] + ", expected " + r[first]);
        }
        return Optional.empty();
      });
    }
  }

  private static Optional<String> sizes(Flat reference, Flat other) {
    if (reference.getClass() != other.getClass()) {
      return Optional.of("result has " + kind(other) + " elements, expected " + kind(reference));
    }
    if (reference.size() != other.size()) {
      return Optional.of("result has " + other.size() + " elements, expected " + reference.size());
    }
    return Optional.empty();
  }

  private static String kind(Flat f) {
    return f instanceof Flat.Reals ? "floating-point" : "integer";
  }

  private static long[] ints(Flat f) {
    return ((Flat.Ints) f).values();
  }

  private static double[] reals(Flat f) {
    return ((Flat.Reals) f).values();
  }
}
