package io.github.futhark4j.compiler;

import static io.github.futhark4j.compiler.codegen.CRunner.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.futhark4j.compiler.codegen.CHarness;
import io.github.futhark4j.compiler.codegen.CRunner;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Range expressions are checked at run time as the Language Reference documents: the exclusive
 * forms are directed, so {@code x..<z} with z below x and {@code x..y..>z} with z above x are errors
 * ("Range ... is invalid."), while an exclusive range whose end equals its start is merely empty.
 */
class RangeValidationTest {
  @BeforeAll
  static void gcc() { assumeTrue(CHarness.haveGcc(), "no C compiler"); }

  private static final String SRC = """
      entry up (a: i64) (z: i64) : []i64 = a..<z
      entry down (a: i64) (z: i64) : []i64 = a..>z
      entry up2 (a: i64) (b: i64) (z: i64) : []i64 = a..b..<z
      entry down2 (a: i64) (b: i64) (z: i64) : []i64 = a..b..>z
      entry incl (a: i64) (z: i64) : []i64 = a...z
      """;

  @Test
  void validRangesAndEmptyExclusiveRanges() throws Exception {
    List<String> r = CRunner.run(SRC, "c+asan",
        call("up", "2", "4"), call("up", "3", "3"), call("down", "5", "2"), call("down", "3", "3"),
        call("up2", "0", "3", "7"), call("down2", "5", "3", "0"), call("incl", "1", "3"));
    assertEquals(List.of("[2i64, 3i64]", "[]", "[5i64, 4i64, 3i64]", "[]",
        "[0i64, 3i64, 6i64]", "[5i64, 3i64, 1i64]", "[1i64, 2i64, 3i64]"), r);
  }

  @Test
  void invalidRangesNameTheirForm() throws Exception {
    List<String> r = CRunner.run(SRC, "c+asan",
        call("up", "5", "1"), call("down", "1", "5"), call("down2", "5", "3", "8"),
        call("up2", "5", "3", "8"), call("down2", "1", "3", "0"), call("incl", "5", "1"));
    assertInvalid(r.get(0), "Range 5..<1 is invalid.");
    assertInvalid(r.get(1), "Range 1..>5 is invalid.");
    assertInvalid(r.get(2), "Range 5..3..>8 is invalid.");
    // The stride must point the way of the operator.
    assertInvalid(r.get(3), "Range 5..3..<8 is invalid.");
    assertInvalid(r.get(4), "Range 1..3..>0 is invalid.");
    assertInvalid(r.get(5), "Range 5...1 is invalid.");
  }

  /** That a call's output ({@link CRunner}) is a failure whose message contains {@code message}. */
  static void assertInvalid(String out, String message) {
    assertTrue(out.startsWith("ERR") && out.contains(message), out);
  }
}
