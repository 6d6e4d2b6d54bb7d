package io.github.futhark4j.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ToleranceTest {
  static Flat reals(double... v) { return new Flat.Reals(v); }

  static Flat ints(long... v) { return new Flat.Ints(v); }

  @Test
  void exactNamesTheFirstDifferentElement() {
    assertTrue(Tolerance.exact().check(ints(1, 2, 3), ints(1, 2, 3)).isEmpty());
    assertEquals("element 2 is 4, expected 3", Tolerance.exact().check(ints(1, 2, 3), ints(1, 2, 4)).orElseThrow());
  }

  @Test
  void normwiseJudgesAgainstTheLargestReferenceMagnitude() {
    Tolerance t = Tolerance.normwise(1e-3);
    // 0.001 off a value of 1e-6 is fine when the largest value is 10 (bound 0.01)...
    assertTrue(t.check(reals(10, 1e-6), reals(10, 0.001)).isEmpty());
    // ...but 0.1 off is not.
    assertTrue(t.check(reals(10, 1e-6), reals(10, 0.1)).orElseThrow().startsWith("element 1 is 0.1"));
  }

  @Test
  void nanNeverAgrees() {
    assertTrue(Tolerance.normwise(1).check(reals(1), reals(Double.NaN)).isPresent());
  }

  @Test
  void mismatchesAllowsAFractionOfElements() {
    Tolerance t = Tolerance.mismatches(0.25);
    assertTrue(t.check(ints(1, 2, 3, 4), ints(1, 2, 3, 5)).isEmpty());
    assertTrue(t.check(ints(1, 2, 3, 4), ints(1, 2, 0, 5)).orElseThrow().startsWith("2 of 4 elements differ"));
  }

  @Test
  void sizeAndKindMustMatch() {
    assertEquals("result has 2 elements, expected 3", Tolerance.exact().check(ints(1, 2, 3), ints(1, 2)).orElseThrow());
    assertEquals("result has floating-point elements, expected integer",
        Tolerance.exact().check(ints(1), reals(1)).orElseThrow());
  }
}
