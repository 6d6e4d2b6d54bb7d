package io.github.futhark4j.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BridgeBenchTest {
  @Test
  void parsesOptions() {
    BridgeBench.Options q = BridgeBench.Options.parse("--quick", "--runs", "4");
    assertEquals(1000, q.n());
    assertEquals(4, q.runs());
    assertEquals(1 << 20, BridgeBench.Options.parse().n());
    assertEquals(5, BridgeBench.Options.parse("--n", "5").n());
    assertEquals(0, BridgeBench.Options.parse().threads());
    assertEquals(1, BridgeBench.Options.parse("--threads", "1").threads());
    assertThrows(IllegalArgumentException.class, () -> BridgeBench.Options.parse("--n"));
    assertThrows(IllegalArgumentException.class, () -> BridgeBench.Options.parse("--x", "1"));
  }

  @Test
  void perCallDividesEveryRun() {
    Stats s = BridgeBench.perCall(Stats.of(1000, 3000), 1000);
    assertEquals(List.of(1.0, 3.0), s.runtimesUs());
    assertEquals(2.0, s.medianUs());
  }

  @Test
  void quickRunMeasuresTheFloorAndTheBridgeWhenACompilerIsThere() {
    List<String> notes = new ArrayList<>();
    List<BridgeBench.Measurement> ms = BridgeBench.run(BridgeBench.Options.parse("--quick"), notes);
    assertEquals("arraycopy", ms.get(0).name());
    assertEquals(8000, ms.get(0).bytes());
    assertTrue(BridgeBench.table(ms).contains("arraycopy"));
    assertEquals(List.of(), notes);
    assertEquals(List.of("arraycopy", "scalar call", "copy in", "fill, native", "fill + copy out", "round trip", "resident copy", "copy out"),
        ms.stream().map(BridgeBench.Measurement::name).toList());
  }
}
