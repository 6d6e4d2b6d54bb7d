package io.github.futhark4j.compiler;

import static io.github.futhark4j.compiler.codegen.CRunner.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.futhark4j.compiler.codegen.CHarness;
import io.github.futhark4j.compiler.codegen.CRunner;
import io.github.futhark4j.compiler.core.Exp;
import io.github.futhark4j.compiler.core.Plan;
import io.github.futhark4j.compiler.core.Printer;
import io.github.futhark4j.compiler.core.Program;
import io.github.futhark4j.compiler.core.Stm;
import io.github.futhark4j.compiler.source.Source;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A range read only element by element (a for loop over it, {@code r[i]}, {@code length r}) or as
 * the input of a map or reduction is never stored: its elements are computed from their index,
 * as an iota's are, and its validity is still checked with the reference's message. The expected
 * values and messages are the reference compiler's.
 */
class VirtualRangesTest {
  private static final String SRC = """
      entry a (n: i32) : i32 = loop s = 0 for i in 1..<n do s + i * i
      entry b (n: i64) : i64 = loop s = 0 for i in (n-1)..>0 do s * 3 + i
      entry c (n: u8) : u32 = loop s = 0u32 for i in 2u8..5u8...n do s * 7 + u32.u8 i
      entry d (n: i64) : [n]i64 = let r = 0..2...(2*n-1) in map (\\i -> r[i] + i) (iota n)
      entry e (n: i64) : i64 = let r = 10..<(10+n) in reduce (+) 0 (map (\\x -> x * r[0]) r)
      entry f (n: i64) : i64 = length (5..<n)
      entry g (n: i64) (k: i64) : i64 = let r = 0..<n in r[k]
      entry h (n: i16) : [3]i16 = let r = n..(n-2)...(n-20) in map (\\i -> r[i]) [0, 2, 4]
      entry u (n: u64) : u64 = loop s = 0 for i in (n-3)..<n do s + i
      entry kept (n: i64) : ([]i64, i64) = let r = 1..<n in (r, loop s = 0 for x in r do s + x)
      """;

  @ParameterizedTest
  @ValueSource(strings = {"c+asan", "multicore"})
  void elementsAreComputedAndChecked(String backend) throws Exception {
    assumeTrue(CHarness.haveGcc(), "no C compiler");
    List<String> r = CRunner.run(SRC, backend,
        call("a", "10"), call("a", "0"), call("b", "7"), call("b", "0"), call("c", "20"), call("c", "1"),
        call("d", "5"), call("e", "6"), call("f", "9"), call("f", "3"), call("g", "5", "4"), call("g", "5", "5"),
        call("h", "100"), call("h", "5"), call("u", "18446744073709551615u"), call("kept", "4"));
    assertEquals("285i32", r.get(0));
    RangeValidationTest.assertInvalid(r.get(1), "Range 1..<0 is invalid.");
    assertEquals("2005i64", r.get(2));
    RangeValidationTest.assertInvalid(r.get(3), "Range -1..>0 is invalid.");
    assertEquals("343139u32", r.get(4));
    RangeValidationTest.assertInvalid(r.get(5), "Range 2..5...1 is invalid.");
    assertEquals("[0i64, 3i64, 6i64, 9i64, 12i64]", r.get(6));
    assertEquals("750i64", r.get(7));
    assertEquals("4i64", r.get(8));
    RangeValidationTest.assertInvalid(r.get(9), "Range 5..<3 is invalid.");
    assertEquals("4i64", r.get(10));
    RangeValidationTest.assertInvalid(r.get(11), "Index [5] out of bounds for array of shape [5].");
    assertEquals("[100i16, 96i16, 92i16]", r.get(12));
    assertEquals("[5i16, 1i16, -3i16]", r.get(13));
    assertEquals("18446744073709551607u64", r.get(14));
    assertEquals("[1i64, 2i64, 3i64] 6i64", r.get(15));
  }

  @Test
  void onlyRangesReadByElementAreVirtual() throws Exception {
    Program p = Backend.optimised(Frontend.check(new Source("prog.fut", SRC)), true);
    for (String entry : List.of("a", "b", "c", "d", "e", "f", "g", "h")) {
      assertEquals(Set.of(Plan.VIRTUAL), range(p, entry).plan(), () -> entry + ":\n" + Printer.program(p));
    }
    // Returned: stored.
    assertEquals(Set.of(), range(p, "kept").plan(), () -> Printer.program(p));
  }

  private static Stm range(Program p, String name) {
    List<Stm> all = new ArrayList<>();
    for (Program.Entry e : p.entries()) if (e.signature().name().equals(name)) collect(e.body(), all);
    return all.stream().filter(s -> s.exp() instanceof Exp.Range).findFirst().orElseThrow();
  }

  private static void collect(io.github.futhark4j.compiler.core.Body b, List<Stm> out) {
    for (Stm s : b.stms()) {
      out.add(s);
      io.github.futhark4j.compiler.core.Rewrite.exp(s.exp(), a -> a, body -> {
        collect(body, out);
        return body;
      });
    }
  }
}
