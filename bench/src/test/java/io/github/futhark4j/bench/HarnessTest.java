package io.github.futhark4j.bench;

import io.github.futhark4j.ScalarType;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.futhark4j.Futhark;
import io.github.futhark4j.FutharkOptions;
import io.github.futhark4j.bench.HarnessResults.KernelResult;
import io.github.futhark4j.bench.HarnessResults.Status;
import io.github.futhark4j.bench.HarnessResults.VariantResult;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The harness end to end in {@code --quick} mode: every kernel, every variant available here,
 * all checked against sequential Java. No timing is asserted.
 */
class HarnessTest {
  @TempDir Path tmp;

  private final ByteArrayOutputStream log = new ByteArrayOutputStream();

  private Harness harness(HarnessOptions o) {
    return new Harness(o, new PrintStream(log, true, StandardCharsets.UTF_8));
  }

  private static void assertAllOk(List<KernelResult> results, List<String> variants) {
    assertAllOk(results, variants, 2);
  }

  /** Every variant ran, agrees, and has {@code runs} timed runs. */
  private static void assertAllOk(List<KernelResult> results, List<String> variants, int runs) {
    for (KernelResult k : results) {
      for (String v : variants) {
        VariantResult r = k.variants().get(v);
        assertTrue(r != null && r.status() == Status.OK, k.kernel() + " " + v + ": " + r);
        assertEquals(runs, r.stats().runtimesUs().size(), k.kernel() + " " + v);
      }
    }
  }

  @Test
  void quickRunOfCAndJavaVariantsAgreesAndWritesReports() throws Exception {
    assumeTrue(CBaseline.compilerAvailable("gcc"), "no gcc");
    Path json = tmp.resolve("r.json");
    Path md = tmp.resolve("p.md");
    HarnessOptions o = HarnessOptions.parse("--quick", "--variants", "c,java,streams", "--json", json.toString(),
        "--markdown", md.toString());
    List<KernelResult> results = harness(o).run();
    assertEquals(Kernels.names(), results.stream().map(KernelResult::kernel).toList());
    assertAllOk(results, List.of(Variant.C, Variant.JAVA, Variant.STREAMS));
    assertEquals(Status.OK, results.stream().filter(k -> k.kernel().equals("matmul")).findFirst().orElseThrow()
        .variants().get("c-tiled").status());

    Report report = new Report(o, results, Machine.describe("gcc"));
    assertTrue(report.allAgree());
    report.writeJson(json);
    report.writeMarkdown(md);
    JsonNode root = new ObjectMapper().readTree(json.toFile());
    assertEquals(Kernels.ALL.size(), root.path("kernels").size());
    assertEquals("quick", root.path("options").path("scale").asText());
    String table = Files.readString(md);
    for (String k : Kernels.names()) assertTrue(table.contains("| " + k + " |"), k);
    assertTrue(log.toString(StandardCharsets.UTF_8).contains("nbody (301 bodies)"));
  }

  /** Reports a wrong result on purpose: sequential Java (the reference) is off by one. */
  private static final class OffByOne implements Kernel {
    private final Kernel k = new HistogramKernel();

    @Override public String name() { return k.name(); }
    @Override public String entry() { return k.entry(); }
    @Override public Category category() { return k.category(); }
    @Override public Target target() { return k.target(); }
    @Override public String size(Scale s) { return k.size(s); }
    @Override public List<Object> inputs(Scale s, long seed) { return k.inputs(s, seed); }
    @Override public Object parallel(List<Object> in) { return k.parallel(in); }
    @Override public ScalarType resultElem() { return k.resultElem(); }
    @Override public Tolerance tolerance() { return k.tolerance(); }

    @Override
    public Object sequential(List<Object> in) {
      int[] h = (int[]) k.sequential(in);
      h[17]++;
      return h;
    }
  }

  @Test
  void aVariantThatDisagreesIsFlaggedAndFailsTheRun() {
    assumeTrue(CBaseline.compilerAvailable("gcc"), "no gcc");
    HarnessOptions o = HarnessOptions.parse("--quick", "--variants", "c,java,streams");
    KernelResult r = harness(o).run(new OffByOne());
    assertEquals(Status.MISMATCH, r.variants().get(Variant.C).status());
    assertEquals(Status.MISMATCH, r.variants().get(Variant.STREAMS).status());
    assertTrue(r.variants().get(Variant.C).note().contains("element 17"), r.variants().get(Variant.C).note());
    assertFalse(new Report(o, List.of(r), Machine.describe("gcc")).allAgree());
  }

  @Test
  void withoutACCompilerTheCVariantIsUnavailableNotFailed() {
    HarnessOptions o = HarnessOptions.parse("--quick", "--variants", "c,java", "--kernels", "sum", "--cc",
        tmp.resolve("no-such-cc").toString());
    List<KernelResult> results = harness(o).run();
    assertEquals(Status.UNAVAILABLE, results.get(0).variants().get(Variant.C).status());
    assertTrue(new Report(o, results, Machine.describe("gcc")).allAgree());
  }

  @Test
  void futharkVariantsAgreeWithJava() {
    HarnessOptions o = HarnessOptions.parse("--quick", "--variants", "java,futhark,futhark-copy");
    assertAllOk(harness(o).run(), List.of(Variant.JAVA, Variant.FUTHARK, Variant.FUTHARK_COPY));
  }

  @Test
  void callIntoRunsForKernelsWithOneFlatResultAndIsChecked() {
    HarnessOptions o = HarnessOptions.parse("--quick", "--variants", "java,futhark-into", "--kernels", "saxpy,scan,sum",
        "--rounds", "2");
    List<KernelResult> results = harness(o).run();
    assertEquals(3, results.size());
    for (KernelResult k : results) {
      VariantResult r = k.variants().get(Variant.FUTHARK_INTO);
      if (k.kernel().equals("sum")) {
        assertNull(r, "sum returns a scalar: nothing to call into");
      } else {
        assertEquals(Status.OK, r.status(), k.kernel() + ": " + r.note());
        assertEquals(2 * o.runs(), r.stats().runtimesUs().size(), k.kernel());
      }
    }
  }

  @Test
  void intoArraysArePrimitiveAndPoisoned() {
    float[] f = (float[]) Harness.intoArray(new float[] {1, 2, 3});
    assertEquals(3, f.length);
    Harness.poison(f);
    assertTrue(Float.isNaN(f[2]));
    assertNull(Harness.intoArray(new float[][] {{1}}));
    assertNull(Harness.intoArray(new Object[] {1.0}));
  }

  @Test
  void roundsAlternateCAndFutharkAndPoolTheirRuns() {
    assumeTrue(CBaseline.compilerAvailable("gcc"), "no C compiler");
    HarnessOptions o = HarnessOptions.parse("--quick", "--variants", "c,futhark", "--kernels", "sum,histogram",
        "--runs", "2", "--rounds", "3");
    // Two runs in each of three rounds, pooled: six per variant.
    assertAllOk(harness(o).run(), List.of(Variant.C, Variant.FUTHARK), 6);
  }

  /** False exactly while {@link Futhark#compile} is the stub that throws UnsupportedOperationException. */
}
