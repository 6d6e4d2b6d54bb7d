package io.github.futhark4j.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class HarnessOptionsTest {
  @Test
  void defaultsAreTheFullBenchmark() {
    HarnessOptions o = HarnessOptions.parse();
    assertEquals(Scale.FULL, o.scale());
    assertEquals(Kernels.ALL, o.kernels());
    assertEquals(10, o.runs());
    assertEquals(3, o.warmup());
    assertEquals(3, o.rounds());
    assertEquals(Set.copyOf(HarnessOptions.VARIANTS), o.variants());
  }

  @Test
  void quickLowersRunsUnlessGiven() {
    assertEquals(2, HarnessOptions.parse("--quick").runs());
    assertEquals(5, HarnessOptions.parse("--quick", "--runs", "5").runs());
    assertEquals(1, HarnessOptions.parse("--quick").rounds());
    assertEquals(2, HarnessOptions.parse("--quick", "--rounds", "2").rounds());
  }

  @Test
  void parsesEveryOption() {
    HarnessOptions o = HarnessOptions.parse("--kernels", "nbody,sum", "--runs", "4", "--warmup", "0", "--variants",
        "c,java", "--json", "r.json", "--markdown", "p.md", "--bench-dir", "b", "--work-dir", "w", "--seed", "9", "--cc", "cc");
    // Report order, not command-line order.
    assertEquals(List.of("sum", "nbody"), o.kernels().stream().map(Kernel::name).toList());
    assertEquals(4, o.runs());
    assertEquals(0, o.warmup());
    assertEquals(Set.of("c", "java"), o.variants());
    assertEquals(Path.of("r.json"), o.json());
    assertEquals(Path.of("p.md"), o.markdown());
    assertEquals(Path.of("b"), o.benchDir());
    assertEquals(Path.of("w"), o.workDir());
    assertEquals(9, o.seed());
    assertEquals("cc", o.cc());
  }

  @Test
  void badOptionsSayWhatIsWrong() {
    assertTrue(assertThrows(IllegalArgumentException.class, () -> HarnessOptions.parse("--kernels", "fft"))
        .getMessage().contains("unknown kernel 'fft'"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> HarnessOptions.parse("--variants", "cuda"))
        .getMessage().contains("unknown variant"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> HarnessOptions.parse("--runs"))
        .getMessage().startsWith("--runs needs a value"));
    assertThrows(IllegalArgumentException.class, () -> HarnessOptions.parse("--runs", "0"));
    assertThrows(IllegalArgumentException.class, () -> HarnessOptions.parse("--rounds", "0"));
    assertThrows(IllegalArgumentException.class, () -> HarnessOptions.parse("--frobnicate"));
  }
}
