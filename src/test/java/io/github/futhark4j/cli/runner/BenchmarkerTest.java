package io.github.futhark4j.cli.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.cli.runner.Benchmarker.DatasetResult;
import io.github.futhark4j.cli.runner.Benchmarker.EntryResult;
import io.github.futhark4j.cli.spec.SpecParser;
import io.github.futhark4j.cli.spec.TestSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class BenchmarkerTest {
  @Test
  void meanAndSampleStandardDeviation() {
    DatasetResult d = new DatasetResult("x", List.of(2000L, 4000L, 4000L, 4000L, 5000L, 5000L, 7000L, 9000L), null);
    assertEquals(5.0, d.mean(), 1e-12);
    assertEquals(Math.sqrt(32.0 / 7), d.stddev(), 1e-12);
    assertEquals(0.0, new DatasetResult("y", List.of(3000L), null).stddev());
  }

  @Test
  void aCallUnderAMicrosecondIsNotZero() {
    DatasetResult d = new DatasetResult("x", List.of(300L, 400L, 1600L), null);
    assertEquals(0.7667, d.mean(), 1e-4);
    assertEquals(List.of(0L, 0L, 2L), d.runtimes(), "whole microseconds, rounded, as futhark bench's JSON");
  }

  @Test
  void selectionByTagsAndEntry() throws Exception {
    TestSpec spec = SpecParser.parse("p.fut", """
        -- ==
        -- entry: add1
        -- nobench input { 1 } output { 2 }
        -- big input { 2 } output { 3 }
        """);
    assertTrue(new Benchmarker(3, Set.of(), "builtin", null).hasDatasets(spec));
    assertFalse(new Benchmarker(3, Set.of("big"), "builtin", null).hasDatasets(spec));
    assertFalse(new Benchmarker(3, Set.of(), "builtin", "sub1").hasDatasets(spec));
    FakeLoader loader = new FakeLoader();
    List<EntryResult> rs = new Benchmarker(3, Set.of(), "builtin", null, false, 0).bench(Path.of("p.fut"), spec,
        loader.load(writeTemp()));
    assertEquals(1, rs.size());
    assertEquals("p.fut:add1", rs.get(0).key());
    assertEquals(List.of("#1 (\"2i32\")"), rs.get(0).datasets().stream().map(DatasetResult::name).toList());
    assertEquals(3, rs.get(0).datasets().get(0).runtimes().size());
    assertEquals(4, loader.calls.get(), "one warm-up run (no warm-up time asked for), three timed");
    FakeLoader warmed = new FakeLoader();
    new Benchmarker(3, Set.of(), "builtin", null, false, 20_000_000L).bench(Path.of("p.fut"), spec, warmed.load(writeTemp()));
    assertTrue(warmed.calls.get() > 4, "warm-up runs until 20 ms have passed: " + warmed.calls.get());
    @SuppressWarnings("unchecked")
    Map<String, Object> ds = (Map<String, Object>) ((Map<String, Object>) Benchmarker.json(rs).get("p.fut:add1")).get("datasets");
    assertEquals(Set.of("#1 (\"2i32\")"), ds.keySet());
  }

  private static Path writeTemp() throws Exception {
    Path p = java.nio.file.Files.createTempFile("bench", ".fut");
    p.toFile().deleteOnExit();
    return p;
  }
}
