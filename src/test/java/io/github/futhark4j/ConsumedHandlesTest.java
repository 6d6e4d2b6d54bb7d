package io.github.futhark4j;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.futhark4j.compiler.Frontend;
import io.github.futhark4j.compiler.codegen.CHarness;
import io.github.futhark4j.compiler.source.Source;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A native array passed to a consuming ({@code *[]}) parameter is consumed by the call whatever
 * its outcome (the C API: a consumed value may only be freed). A call that fails after taking the
 * array over frees its memory, so the Java handle must refuse every use but {@code close()}
 * instead of reading freed memory; the generated C clears the consumed handle's pointers too.
 */
@Tag("native")
class ConsumedHandlesTest {
  static final String SRC = """
      entry mk (n: i64) : []i64 = iota n
      entry upd (xs: *[]i64) (d: i64) : []i64 = xs with [0] = 10 / d
      entry sum (xs: []i64) : i64 = i64.sum xs
      """;
  static FutharkProgram p;

  @BeforeAll
  static void compile() throws Exception {
    p = Futhark.compile(SRC);
  }

  @AfterAll
  static void close() { if (p != null) p.close(); }

  @ParameterizedTest
  @ValueSource(ints = {3, 100_000, 3_000_000})
  void aFailedConsumingCallLeavesNoUsableHandle(int n) {
    FutharkArray xs = (FutharkArray) p.function("mk").callNative((long) n);
    FutharkProgramException e = assertThrows(FutharkProgramException.class, () -> p.function("upd").callNative(xs, 0L));
    assertTrue(e.getMessage().startsWith("Error: division by zero"), e.getMessage());
    IllegalStateException read = assertThrows(IllegalStateException.class, xs::toJava);
    assertTrue(read.getMessage().contains("consumed by entry point 'upd'"), read.getMessage());
    assertThrows(IllegalStateException.class, xs::toFlatJava);
    IllegalStateException pass = assertThrows(IllegalStateException.class, () -> p.function("sum").call(xs));
    assertTrue(pass.getMessage().contains("consumed"), pass.getMessage());
    assertArrayEquals(new long[] {n}, xs.shape()); // the shape is Java's own copy
    xs.close();
    xs.close();
    // The program carries on.
    assertEquals((long) n * (n - 1) / 2, (long) p.function("sum").call(p.function("mk").call((long) n)));
  }

  @Test
  void aSuccessfulConsumingCallConsumesToo() {
    FutharkArray xs = (FutharkArray) p.function("mk").callNative(4L);
    try (FutharkArray ys = (FutharkArray) p.function("upd").callNative(xs, 2L)) {
      assertArrayEquals(new long[] {5, 1, 2, 3}, (long[]) ys.toJava());
      assertThrows(IllegalStateException.class, xs::toJava);
    }
    xs.close();
  }

  @Test
  void javaArgumentsToConsumingParametersAreCopiesAndStayIntact() {
    long[] data = {1, 2, 3};
    assertThrows(FutharkProgramException.class, () -> p.function("upd").call(data, 0L));
    assertArrayEquals(new long[] {1, 2, 3}, data);
    assertArrayEquals(new long[] {5, 2, 3}, (long[]) p.function("upd").call(data, 2L));
  }

  /**
   * The C side under AddressSanitizer: after a consuming call fails (and frees the block it took
   * over), the C API refuses to read the consumed array instead of reading freed memory, and
   * freeing it afterwards is neither a double free nor a leak.
   */
  @ParameterizedTest
  @ValueSource(strings = {"c", "multicore"})
  void theCApiRefusesConsumedArraysUnderAsan(String backend) throws Exception {
    assumeTrue(CHarness.haveGcc(), "no gcc");
    String driver = CHarness.main("""
          int64_t d[] = {1, 2, 3};
          struct futhark_i64_1d *a = futhark_new_i64_1d(ctx, d, 3), *b = NULL;
          CHECK(futhark_entry_upd(ctx, &b, a, 0));
          printf("\\n%d\\n", b == NULL);
          int64_t out[3] = {0, 0, 0}, x = 0;
          CHECK(futhark_values_i64_1d(ctx, a, out));
          printf("\\n");
          CHECK(futhark_index_i64_1d(ctx, &x, a, 1));
          printf("\\n%d %d\\n", futhark_values_raw_i64_1d(ctx, a) == NULL, (int)futhark_shape_i64_1d(ctx, a)[0]);
          futhark_free_i64_1d(ctx, a);
        """);
    var run = CHarness.run(Frontend.check(new Source("prog.fut", SRC)), backend, driver,
        List.of("-O1", "-g", "-fsanitize=address", "-fno-omit-frame-pointer"));
    assertEquals(0, run.exit(), run.out());
    List<String> lines = run.out().lines().filter(l -> l.startsWith("ERR") || l.matches("[0-9 ]+")).toList();
    assertEquals(List.of(
        "ERR 2 Error: division by zero",
        "1",
        "ERR 2 Error: the value was consumed by an entry point; it may only be freed.",
        "ERR 2 Error: the value was consumed by an entry point; it may only be freed.",
        "1 3"), lines, run.out());
  }
}
