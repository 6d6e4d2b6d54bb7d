package io.github.futhark4j.opencl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.compiler.Backend;
import io.github.futhark4j.compiler.Frontend;
import io.github.futhark4j.compiler.codegen.CProgram;
import io.github.futhark4j.compiler.source.Source;
import io.github.futhark4j.tools.CorpusPrograms;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CUDA flavour of the kernels: every kernel the opencl backend makes for the corpus
 * ({@code src/test/fut}), with the CUDA prelude (engine/futhark4j_kernels_cuda.h) instead of
 * OpenCL's, compiles with {@code nvcc} for {@code sm_90} (the H200) to machine code, through
 * {@code ptxas}. Kernels of all programs go into one file (renamed apart), so the check costs one
 * run of nvcc. Needs nvcc on the PATH (our machines have CUDA 13's); without it the test is
 * skipped and says so.
 */
@Tag("native")
class CudaFlavourTest {
  @TempDir Path tmp;

  @Test
  void everyCorpusKernelCompilesForSm90() throws Exception {
    Path nvcc = which("nvcc");
    Assumptions.assumeTrue(nvcc != null, "nvcc is not on the PATH: the CUDA flavour of the kernels is not compile-checked");
    List<String> kernels = new ArrayList<>();
    int maxRank = 0, count = 0, programs = 0;
    for (CorpusPrograms.Program p : CorpusPrograms.withSpecs()) {
      CProgram.DeviceProgram d;
      try {
        d = Backend.generate(Frontend.check(new Source(p.path().toString(), p.text(), p.path().toAbsolutePath())), "opencl", "prog")
            .kernels();
      } catch (Exception | StackOverflowError e) {
        continue; // programs that must not compile, or that our compiler cannot compile yet
      }
      if (d.count() == 0) continue;
      programs++;
      count += d.count();
      maxRank = Math.max(maxRank, d.maxRank());
      kernels.add(d.kernels().replace("fut_k_", "fut_k" + programs + "_"));
    }
    assertTrue(count > 100, "only " + count + " kernels in the corpus");
    String cuda = new CProgram.DeviceProgram(String.join("\n", kernels), maxRank, count).cuda();
    Path cu = tmp.resolve("corpus.cu");
    Files.writeString(cu, cuda, StandardCharsets.UTF_8);
    Process proc = new ProcessBuilder(nvcc.toString(), "-arch=sm_90", "--fmad=false", "-cubin", "-o", tmp.resolve("corpus.cubin").toString(),
        cu.toString()).redirectErrorStream(true).start();
    String out = new String(proc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(proc.waitFor(600, TimeUnit.SECONDS), "nvcc did not finish");
    int total = count;
    assertEquals(0, proc.exitValue(), () -> "nvcc failed on the CUDA flavour of " + total + " kernels of " + kernels.size()
        + " programs:\n" + out.lines().limit(60).reduce("", (a, b) -> a + b + "\n"));
    assertTrue(Files.size(tmp.resolve("corpus.cubin")) > 0);
    System.out.println("CUDA flavour: " + total + " kernels of " + kernels.size() + " corpus programs compiled for sm_90");
  }

  private static Path which(String tool) {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
      Path p = Path.of(dir, tool);
      if (Files.isExecutable(p)) return p;
    }
    return null;
  }
}
