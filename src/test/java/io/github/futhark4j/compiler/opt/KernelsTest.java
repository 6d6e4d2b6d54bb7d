package io.github.futhark4j.compiler.opt;

import static io.github.futhark4j.compiler.opt.OptIr.all;
import static io.github.futhark4j.compiler.opt.OptIr.entry;
import static io.github.futhark4j.compiler.opt.OptIr.f32s;
import static io.github.futhark4j.compiler.opt.OptIr.i32s;
import static io.github.futhark4j.compiler.opt.OptIr.i64;
import static io.github.futhark4j.compiler.opt.OptIr.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.compiler.Frontend;
import io.github.futhark4j.compiler.core.Exp;
import io.github.futhark4j.compiler.core.Plan;
import io.github.futhark4j.compiler.core.Printer;
import io.github.futhark4j.compiler.core.Program;
import io.github.futhark4j.compiler.core.Stm;
import io.github.futhark4j.compiler.lower.Lowerer;
import io.github.futhark4j.compiler.source.Source;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link Kernels} (with {@link Nests}) on IR from source, through the device pipeline up to
 * {@code schedule} and then the pass (verified): which statements it marks, how it rewrites map
 * nests, and that the IR interpreter computes the same results before and after the rewrite.
 */
class KernelsTest {
  /** The IR of {@code src} after {@code schedule} (before) and after {@code kernels} (after). */
  private static OptIr.Run kernels(String src) throws Exception {
    Program lowered = Lowerer.lower(Frontend.check(new Source("t.fut", src)));
    Program before = Optimiser.run(lowered, true, true, "schedule", (n, p) -> { });
    Program after = Optimiser.run(Lowerer.lower(Frontend.check(new Source("t.fut", src))), true, true, "kernels", (n, p) -> { });
    return new OptIr.Run(before, after);
  }

  private static List<Stm> marked(Program p, String name) {
    return all(entry(p, name).body()).stream().filter(s -> s.has(Plan.KERNEL)).toList();
  }

  @Test
  void aMapNestBecomesOneFlatKernelAndAnUnflatten() throws Exception {
    OptIr.Run r = kernels("""
        entry table (n: i64) (m: i64) : [n][m]i64 =
          map (\\i -> let k = i * 10 in map (\\j -> k + j * j) (iota m)) (iota n)
        """);
    List<Stm> ks = marked(r.after(), "table");
    assertEquals(1, ks.size(), r.text());
    Exp.Map flat = (Exp.Map) ks.get(0).exp();
    assertTrue(all(flat.f().body()).stream().noneMatch(s -> s.exp() instanceof Exp.Map), "no map inside the kernel: " + r.text());
    assertEquals(1, all(entry(r.after(), "table").body()).stream().filter(s -> s.exp() instanceof Exp.Unflatten).count(), r.text());
    assertEquals("[3][4]: [0, 1, 4, 9, 10, 11, 14, 19, 20, 21, 24, 29]", run(r.after(), "table", i64(3), i64(4)));
    assertEquals(run(r.before(), "table", i64(3), i64(4)), run(r.after(), "table", i64(3), i64(4)));
    assertEquals(run(r.before(), "table", i64(0), i64(4)), run(r.after(), "table", i64(0), i64(4)));
    assertEquals(run(r.before(), "table", i64(3), i64(0)), run(r.after(), "table", i64(3), i64(0)));
  }

  @Test
  void aMatrixProductReadsRowsAndColumnsInItsReduction() throws Exception {
    OptIr.Run r = kernels("""
        entry mm [n][m][p] (a: [n][m]f32) (b: [m][p]f32) : [n][p]f32 =
          map (\\row -> map (\\col -> f32.sum (map2 (*) row col)) (transpose b)) a
        """);
    List<Stm> ks = marked(r.after(), "mm");
    assertEquals(1, ks.size(), r.text());
    List<Stm> inside = all(((Exp.Map) ks.get(0).exp()).f().body());
    assertEquals(1, inside.stream().filter(s -> s.exp() instanceof Exp.Reduce).count(), r.text());
    assertTrue(inside.stream().anyMatch(s -> s.exp() instanceof Exp.Index ix && ix.indices().size() == 2), "a[i, k] and b[k, j]: " + r.text());
    var a = f32s(2, 3, 1, 2, 3, 4, 5, 6);
    var b = f32s(3, 2, 1, 0, 0, 1, 1, 1);
    assertEquals("[2][2]: [4.0, 5.0, 10.0, 11.0]", run(r.after(), "mm", a, b));
    assertEquals(run(r.before(), "mm", a, b), run(r.after(), "mm", a, b));
  }

  @Test
  void aScanWithAPostMapBecomesAScanKernelAndAMapKernel() throws Exception {
    // Fusion runs the map inside the scan (its post map); device scans have none, so the kernels
    // pass splits it again: a scan kernel, then a map kernel over the scanned elements.
    OptIr.Run r = kernels("""
        entry odd (n: i64) : []i64 = map (\\x -> x % 2) (scan (+) 0 (iota n))
        """);
    assertTrue(all(entry(r.before(), "odd").body()).stream().anyMatch(s -> s.exp() instanceof Exp.Scan sc && sc.postf() != null),
        () -> io.github.futhark4j.compiler.core.Printer.program(r.before()));
    List<Stm> ks = marked(r.after(), "odd");
    assertEquals(2, ks.size(), r.text());
    assertTrue(ks.get(0).exp() instanceof Exp.Scan sc && sc.postf() == null, r.text());
    assertTrue(ks.get(1).exp() instanceof Exp.Map, r.text());
    assertEquals("[5]: [0, 1, 1, 0, 0]", run(r.after(), "odd", i64(5)));
  }

  @Test
  void histogramsScattersAndFiltersAreMarkedWhenTheDeviceCanRunThem() throws Exception {
    OptIr.Run r = kernels("""
        entry counts (xs: []i32) : []i32 = hist (+) 0 8 (map (\\x -> i64.i32 (x & 7)) xs) (map (\\_ -> 1) xs)
        entry small (xs: []i32) : []i8 = hist (+) 0 8 (map (\\x -> i64.i32 (x & 7)) xs) (map (\\_ -> 1i8) xs)
        entry put (xs: []i32) : []i32 = scatter (replicate 8 0) (map (\\x -> i64.i32 x) xs) xs
        entry pos (xs: []i32) : []i32 = filter (> 0) xs
        """);
    assertTrue(marked(r.after(), "counts").stream().anyMatch(s -> s.exp() instanceof Exp.Hist), r.text());
    // 8-bit buckets have no atomic update: the histogram stays on the host.
    assertTrue(marked(r.after(), "small").stream().noneMatch(s -> s.exp() instanceof Exp.Hist), r.text());
    assertTrue(marked(r.after(), "put").stream().anyMatch(s -> s.exp() instanceof Exp.Scatter), r.text());
    assertTrue(marked(r.after(), "pos").stream().anyMatch(s -> s.exp() instanceof Exp.Filter), r.text());
    var xs = i32s(3, -1, 5, 0, 13);
    for (String e : List.of("counts", "small", "put", "pos")) assertEquals(run(r.before(), e, xs), run(r.after(), e, xs), e);
  }

  @Test
  void theMulticoreBackendHasNoKernels() throws Exception {
    Program p = Optimiser.run(Lowerer.lower(Frontend.check(new Source("t.fut", "entry f (xs: []f32) : []f32 = map (*2) xs"))), true);
    assertTrue(marked(p, "f").isEmpty(), Printer.program(p));
  }
}
