package io.github.futhark4j.compiler.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Float expressions are evaluated one IEEE operation at a time, as the reference compiler's C99
 * build does: no fused multiply-add contraction under -march=native (found by a particle
 * simulation whose wall test `x + 0.1 * v > 10` flipped for some particles).
 */
class FloatContractionTest {

  @Test
  void generatedCTurnsContractionOff() throws Exception {
    String c = CodegenPerfTest.multicoreC("entry f (a: f64) (b: f64) (c: f64) : f64 = a * b + c");
    assertTrue(c.contains("#pragma GCC optimize (\"fp-contract=off\")"), c.substring(0, 400));
    assertTrue(c.indexOf("fp-contract=off") < c.indexOf("---- engine runtime"), "before any function");
  }

  @ParameterizedTest
  @ValueSource(strings = {"c+native", "multicore+native"})
  void aProductPlusATermRoundsTwice(String backend) throws Exception {
    Assumptions.assumeTrue(CHarness.haveGcc(), "no C compiler");
    // (1 + 2^-30) * (1 - 2^-30) = 1 - 2^-60 rounds to 1, so a * b + c is exactly 0; a fused
    // multiply-add would give -2^-60.
    double a = 1 + Math.scalb(1.0, -30), b = 1 - Math.scalb(1.0, -30);
    String src = """
        entry f (a: f64) (b: f64) (c: f64) : f64 = a * b + c
        entry g [n] (xs: [n]f64) (ys: [n]f64) : [n]bool = map2 (\\x y -> x * y - 1 >= 0) xs ys
        """;
    List<String> r = CRunner.run(src, backend, CRunner.call("f", Double.toString(a), Double.toString(b), "-1.0"),
        CRunner.call("g", "[" + a + ", 2.0]", "[" + b + ", 0.25]"));
    assertEquals(List.of("0f64", "[true, false]"), r);
  }
}
