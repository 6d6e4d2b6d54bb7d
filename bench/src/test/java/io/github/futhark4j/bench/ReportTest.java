package io.github.futhark4j.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.futhark4j.bench.HarnessResults.KernelResult;
import io.github.futhark4j.bench.HarnessResults.Status;
import io.github.futhark4j.bench.HarnessResults.VariantResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportTest {
  @TempDir Path tmp;

  static final Machine MACHINE = new Machine("cpu", 2, "os", "java", "gcc", "today");

  static KernelResult kernel(String name, Target target, double c, double streams, Double futhark) {
    Map<String, VariantResult> v = new LinkedHashMap<>();
    v.put(Variant.C, VariantResult.ok(Variant.C, Stats.of(c), ""));
    v.put(Variant.STREAMS, VariantResult.ok(Variant.STREAMS, Stats.of(streams), ""));
    v.put(Variant.FUTHARK, futhark == null ? VariantResult.unavailable(Variant.FUTHARK, "stub")
        : VariantResult.ok(Variant.FUTHARK, Stats.of(futhark), ""));
    return new KernelResult(name, name, "n", Category.COMPUTE, target, v);
  }

  @Test
  void targetsNeedBothTheRatioToCAndTheSpeedupOverStreams() {
    Target t = Target.compute(4);
    assertEquals(Optional.of(true), kernel("k", t, 1000, 6000, 1400.0).met());
    assertEquals(Optional.of(false), kernel("k", t, 1000, 6000, 1600.0).met()); // 1.6x C
    assertEquals(Optional.of(false), kernel("k", t, 1000, 5000, 1400.0).met()); // only 3.6x streams
    assertEquals(Optional.empty(), kernel("k", t, 1000, 5000, null).met());
    assertEquals(Optional.of(true), kernel("k", Target.bandwidth(), 1000, 1, 1100.0).met());
    assertEquals(Optional.of(false), kernel("k", Target.bandwidth(), 1000, 1, 1101.0).met());
    assertEquals(Optional.empty(), kernel("k", Target.NONE, 1000, 1, 1.0).met());
    assertEquals("<= 1.5x C, >= 4x streams", t.describe());
  }

  @Test
  void everySpellingMustMeetTheTargetAndIsListedBelowTheTable() {
    KernelResult main = kernel("dot", Target.bandwidth(), 1000, 3000, 1050.0);
    Map<String, VariantResult> v = new LinkedHashMap<>(main.variants());
    v.put(Variant.spelling("dot_zip"), VariantResult.ok(Variant.spelling("dot_zip"), Stats.of(1080.0), ""));
    KernelResult fast = new KernelResult("dot", "dot", "n", Category.BANDWIDTH, Target.bandwidth(), v);
    assertEquals(Optional.of(true), fast.met());
    v.put(Variant.spelling("dot_record"), VariantResult.ok(Variant.spelling("dot_record"), Stats.of(1500.0), ""));
    KernelResult slow = new KernelResult("dot", "dot", "n", Category.BANDWIDTH, Target.bandwidth(), v);
    assertEquals(Optional.of(false), slow.met(), "one spelling at 1.5x C fails the target");
    v.put(Variant.spelling("dot_record"), VariantResult.failed(Variant.spelling("dot_record"), "boom"));
    assertEquals(Optional.of(false), new KernelResult("dot", "dot", "n", Category.BANDWIDTH, Target.bandwidth(), v).met());
    String table = new Report(HarnessOptions.defaults(), List.of(slow), MACHINE).table();
    assertTrue(table.contains("dot: Futhark (dot_record) 1.500 ms (1.50x C)"), table);
    assertEquals("Futhark (dot_zip)", Variant.title(Variant.spelling("dot_zip")));
  }

  @Test
  void cellsShowMediansRatiosAndStates() {
    KernelResult k = kernel("k", Target.compute(2), 2000, 8000, null);
    assertEquals("2.000", Report.cell(k, Variant.C));
    assertEquals("8.000 (4.00x)", Report.cell(k, Variant.STREAMS));
    assertEquals("n/a", Report.cell(k, Variant.FUTHARK));
    assertEquals("-", Report.cell(k, Variant.JAVA));
    assertEquals("0.0123", Report.ms(12.3));
    assertEquals("123.5", Report.ms(123456));
  }

  @Test
  void mismatchesAndFailuresAreFlaggedAndMakeTheRunFail() {
    Map<String, VariantResult> v = new LinkedHashMap<>();
    v.put(Variant.C, VariantResult.ok(Variant.C, Stats.of(10), ""));
    v.put(Variant.JAVA, new VariantResult(Variant.JAVA, Status.MISMATCH, Stats.of(20), "element 0 differs"));
    KernelResult k = new KernelResult("sum", "sum", "n", Category.BANDWIDTH, Target.bandwidth(), v);
    Report r = new Report(HarnessOptions.defaults(), List.of(k), MACHINE);
    assertFalse(r.allAgree());
    assertTrue(r.table().contains("WRONG"));
    assertTrue(r.table().contains("sum, Java: element 0 differs"));
    Report ok = new Report(HarnessOptions.defaults(), List.of(kernel("k", Target.NONE, 1, 1, null)), MACHINE);
    assertTrue(ok.allAgree());
  }

  @Test
  void markdownGoesBetweenTheMarkersOfAnExistingFile() throws Exception {
    Path doc = tmp.resolve("performance.md");
    Files.writeString(doc, "# Title\n\n" + Report.BEGIN + "\nold numbers\n" + Report.END + "\n\nMethod.\n");
    Report r = new Report(HarnessOptions.defaults(), List.of(kernel("matmul", Target.compute(4), 10000, 80000, 12000.0)), MACHINE);
    r.writeMarkdown(doc);
    String text = Files.readString(doc);
    assertTrue(text.startsWith("# Title\n\n" + Report.BEGIN + "\n"));
    assertTrue(text.endsWith(Report.END + "\n\nMethod.\n"));
    assertFalse(text.contains("old numbers"));
    assertTrue(text.contains("| matmul | n | 10.00 | - | 80.00 (8.00x) | 12.00 (1.20x) | - | - | <= 1.5x C, >= 4x streams | yes |"), text);
    assertTrue(text.contains("matmul: speed-up of Futhark over parallel streams 6.67x (target >= 4x)"));
    // Without markers the file is the table.
    Path fresh = tmp.resolve("table.md");
    r.writeMarkdown(fresh);
    assertTrue(Files.readString(fresh).startsWith("Measured today on cpu (2 cores)"));
  }

  @Test
  void jsonHasEveryRunAndTheRatios() throws Exception {
    Path file = tmp.resolve("out/r.json");
    new Report(HarnessOptions.defaults(), List.of(kernel("nbody", Target.compute(3), 100, 900, 120.0)), MACHINE).writeJson(file);
    JsonNode root = new ObjectMapper().readTree(file.toFile());
    assertEquals("cpu", root.path("machine").path("cpu").asText());
    JsonNode k = root.path("kernels").get(0);
    assertEquals("nbody", k.path("kernel").asText());
    assertTrue(k.path("met").asBoolean());
    assertEquals(1.2, k.path("variants").path("futhark").path("ratio_to_c").asDouble(), 1e-12);
    assertEquals(900, k.path("variants").path("streams").path("runtimes_us").get(0).asDouble());
    assertEquals("ok", k.path("variants").path("c").path("status").asText());
  }
}
