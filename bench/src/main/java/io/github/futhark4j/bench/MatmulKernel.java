package io.github.futhark4j.bench;

import io.github.futhark4j.ScalarType;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/** f32 matrix multiplication (compute-bound). */
final class MatmulKernel implements Kernel {
  @Override public String name() { return "matmul"; }

  @Override public String entry() { return "matmul"; }

  @Override public List<String> spellings() { return List.of("matmul_tabulate", "matmul_index"); }

  @Override public Category category() { return Category.COMPUTE; }

  @Override public Target target() { return Target.compute(4); }

  // The quick sizes are odd on purpose: they exercise the edges of the C tiles.
  @Override public String size(Scale s) { return s == Scale.FULL ? "1024^2 f32" : "37x45 * 45x70 f32"; }

  @Override
  public List<Object> inputs(Scale s, long seed) {
    SplittableRandom r = Data.rng(seed, name());
    int n = s == Scale.FULL ? 1024 : 37;
    int m = s == Scale.FULL ? 1024 : 45;
    int p = s == Scale.FULL ? 1024 : 70;
    return List.of(Data.floats(r, n, m), Data.floats(r, m, p));
  }

  @Override
  public Object sequential(List<Object> in) {
    float[][] a = (float[][]) in.get(0);
    float[][] b = (float[][]) in.get(1);
    float[][] c = new float[a.length][b[0].length];
    for (int i = 0; i < a.length; i++) row(a, b, c, i);
    return c;
  }

  @Override
  public Object parallel(List<Object> in) {
    float[][] a = (float[][]) in.get(0);
    float[][] b = (float[][]) in.get(1);
    float[][] c = new float[a.length][b[0].length];
    IntStream.range(0, a.length).parallel().forEach(i -> row(a, b, c, i));
    return c;
  }

  /** Row i of the product in i-k-j order: the inner loop streams rows of b and c (the JIT vectorises it). */
  private static void row(float[][] a, float[][] b, float[][] c, int i) {
    float[] ai = a[i];
    float[] ci = c[i];
    for (int k = 0; k < ai.length; k++) {
      float aik = ai[k];
      float[] bk = b[k];
      for (int j = 0; j < ci.length; j++) ci[j] += aik * bk[j];
    }
  }

  @Override public ScalarType resultElem() { return ScalarType.F32; }

  @Override public Tolerance tolerance() { return Tolerance.normwise(1e-5); }

  @Override public List<String> cVariants() { return List.of("regblock", "tiled"); }
}
