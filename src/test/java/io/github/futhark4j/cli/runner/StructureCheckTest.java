package io.github.futhark4j.cli.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.cli.spec.TestSpec;
import io.github.futhark4j.compiler.core.Structure;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The translation of the reference's construct names and paths onto ours, and the comparison of counts. */
class StructureCheckTest {
  private static TestSpec.Structure spec(String mode, Object... pairs) {
    List<TestSpec.Count> cs = new java.util.ArrayList<>();
    for (int i = 0; i < pairs.length; i += 2) cs.add(new TestSpec.Count((String) pairs[i], (Integer) pairs[i + 1]));
    return new TestSpec.Structure(mode, cs, 1, null);
  }

  @Test
  void ourNamesStandForThemselves() {
    assertEquals(List.of("Map"), StructureCheck.translate("Map"));
    assertEquals(List.of("/Map/Reduce/BinOp"), StructureCheck.translate("/Map/Reduce/BinOp"));
    assertEquals(List.of("Loop/If/True/Index"), StructureCheck.translate("Loop/If/True/Index"));
    for (String n : List.of("Map", "Reduce", "Scan", "Filter", "Partition", "Hist", "Scatter", "Loop", "If", "For", "While",
        "True", "False", "BinOp", "Index", "Replicate", "Iota", "Concat", "Update")) {
      assertTrue(Structure.names().contains(n), n);
    }
  }

  @Test
  void referenceNamesAreTranslated() {
    assertEquals(List.of("Map", "Reduce", "Scan", "Filter", "Partition"), StructureCheck.translate("Screma"));
    assertEquals(List.of("/Map/BinOp", "/Reduce/BinOp", "/Scan/BinOp", "/Filter/BinOp", "/Partition/BinOp"),
        StructureCheck.translate("/Screma/BinOp"));
    assertEquals(25, StructureCheck.translate("Screma/Screma").size());
    assertEquals(List.of("Map"), StructureCheck.translate("SegMap"));
    assertEquals(List.of("Reduce"), StructureCheck.translate("SegRed"));
    assertEquals(List.of("Scan"), StructureCheck.translate("SegScan"));
    assertEquals(List.of("Hist"), StructureCheck.translate("SegHist"));
    assertEquals(List.of("Reduce"), StructureCheck.translate("Redomap"));
    assertEquals(List.of("Scan"), StructureCheck.translate("Scanomap"));
    assertEquals(List.of("Loop/For"), StructureCheck.translate("DoLoop/ForLoop"));
    assertEquals(List.of("Loop/While"), StructureCheck.translate("Loop/WhileLoop"));
    assertEquals(List.of("Convert"), StructureCheck.translate("ConvOp"));
    assertEquals(List.of("Transpose"), StructureCheck.translate("Rearrange"));
    assertEquals(List.of("Flatten", "Unflatten"), StructureCheck.translate("Reshape"));
    assertEquals(List.of("Copy"), StructureCheck.translate("Manifest"));
    assertEquals(List.of("AtomE"), StructureCheck.translate("SubExp"));
    assertEquals(List.of("Call"), StructureCheck.translate("Apply"), "only calls of recursive functions are not inlined");
  }

  @Test
  void namesWithoutCounterpartAreNotTranslated() {
    for (String n : List.of("Alloc", "WithAcc", "UpdateAcc", "Stream", "Match", "CmpOp", "BasicOp", "Opaque", "Screma/Alloc")) {
      assertNull(StructureCheck.translate(n), n);
    }
  }

  @Test
  void countsAreComparedAfterTranslation() {
    Map<String, Integer> ours = Map.of("Map", 2, "Reduce", 1, "/Map", 1, "Map/Reduce", 1);
    StructureCheck.Result r = StructureCheck.check(spec("", "Screma", 3, "Map/Screma", 1, "Alloc", 2, "Apply", 0), ours);
    assertTrue(r.passed());
    assertEquals(List.of("Alloc"), r.unmapped());
    assertEquals(3, r.compared().size());

    r = StructureCheck.check(spec("gpu", "SegMap", 1, "SegRed", 1, "Scan", 1), ours);
    assertFalse(r.passed());
    assertEquals(List.of("SegMap (Map): expected 1, got 2", "Scan: expected 1, got 0"),
        r.mismatches().stream().map(StructureCheck.Compared::render).toList());
  }

  @Test
  void memoryModesAndSpecsWithoutCounterpartsAreSkipped() {
    StructureCheck.Result r = StructureCheck.check(spec("seq-mem", "Alloc", 1), Map.of());
    assertTrue(r.skipReason().contains("seq-mem"), r.skipReason());
    r = StructureCheck.check(spec("", "WithAcc", 1, "Alloc", 2), Map.of());
    assertEquals("no construct with a counterpart here: WithAcc, Alloc", r.skipReason());
    assertFalse(r.passed());
  }

  @Test
  void theBuiltinCounterCountsTheOptimisedIrByPath(@TempDir Path dir) throws Exception {
    Path prog = dir.resolve("p.fut");
    Files.writeString(prog, """
        entry main (xss: [][]i32) : []i32 =
          map (\\row -> i32.sum (map (* 2) row)) xss
        """);
    Map<String, Integer> c = StructureCheck.builtin().count(prog);
    assertEquals(1, c.get("Map"));
    assertEquals(1, c.get("/Map"));
    assertEquals(1, c.get("Reduce"));
    assertEquals(1, c.get("Map/Reduce"));
    assertEquals(1, c.get("/Map/Reduce"));
    assertNull(c.get("/Reduce"), "the reduction is inside the map");
    assertEquals(2, c.get("Reduce/BinOp"), "the fused map's * and the operator's +");
    assertEquals(2, c.get("Map/Reduce/BinOp"));
    assertNull(c.get("Map/BinOp"), "no BinOp directly in the map's lambda");
  }
}
