package io.github.futhark4j.polyglot;

import io.github.futhark4j.FutharkCompileException;
import io.github.futhark4j.FutharkProgramException;
import io.github.futhark4j.polyglot.language.FutharkLanguage;
import java.util.List;
import java.util.Map;

/**
 * The fake entry points the polyglot tests use, and a fake compiler for the language that serves
 * them by source text. Each body really computes its result from its arguments.
 */
public final class Fakes {
  private Fakes() {}

  public static final FakeFunction SUM = new FakeFunction("sum", List.of("[]f64"), List.of("f64"), a -> {
    double s = 0;
    for (double x : (double[]) a[0]) s += x;
    return s;
  });

  public static final FakeFunction SCALE = new FakeFunction("scale", List.of("f64", "[]f64"), List.of("[]f64"), a -> {
    double k = (Double) a[0];
    double[] xs = ((double[]) a[1]).clone();
    for (int i = 0; i < xs.length; i++) xs[i] *= k;
    return xs;
  });

  public static final FakeFunction ADD_I32 = new FakeFunction("add", List.of("i32", "i32"), List.of("i32"),
      a -> (Integer) a[0] + (Integer) a[1]);

  public static final FakeFunction ROWSUMS = new FakeFunction("rowsums", List.of("[][]i64"), List.of("[]i64"), a -> {
    long[][] m = (long[][]) a[0];
    long[] r = new long[m.length];
    for (int i = 0; i < m.length; i++) for (long x : m[i]) r[i] += x;
    return r;
  });

  public static final FakeFunction TRANSPOSE = new FakeFunction("transpose", List.of("[][]f32"), List.of("[][]f32"), a -> {
    float[][] m = (float[][]) a[0];
    int rows = m.length, cols = rows == 0 ? 0 : m[0].length;
    float[][] t = new float[cols][rows];
    for (int i = 0; i < rows; i++) for (int j = 0; j < cols; j++) t[j][i] = m[i][j];
    return t;
  });

  public static final FakeFunction MINMAX = new FakeFunction("minmax", List.of("[]i32"), List.of("i32", "i32", "bool"), a -> {
    int[] xs = (int[]) a[0];
    int lo = Integer.MAX_VALUE, hi = Integer.MIN_VALUE;
    for (int x : xs) { lo = Math.min(lo, x); hi = Math.max(hi, x); }
    return new Object[] {lo, hi, xs.length > 0};
  });

  public static final FakeFunction BIG = new FakeFunction("big", List.of("u64"), List.of("u64", "u32"), a -> {
    long x = (Long) a[0];
    return new Object[] {x + 1, (int) (x >>> 32)};
  });

  public static final FakeFunction BYTES = new FakeFunction("bytesum", List.of("[]u8"), List.of("u32"), a -> {
    int s = 0;
    for (byte b : (byte[]) a[0]) s += b & 0xFF;
    return s;
  });

  public static final FakeFunction NOT = new FakeFunction("negate", List.of("[]bool"), List.of("[]bool"), a -> {
    boolean[] z = ((boolean[]) a[0]).clone();
    for (int i = 0; i < z.length; i++) z[i] = !z[i];
    return z;
  });

  public static final FakeFunction CHECKED_DIV = new FakeFunction("div", List.of("i32", "i32"), List.of("i32"), a -> {
    if ((Integer) a[1] == 0) throw new FutharkProgramException("Error: division by zero\n\nBacktrace:\n-> #0  div.fut:1:30-35");
    return (Integer) a[0] / (Integer) a[1];
  });

  /** Source texts the fake compiler knows; "syntax" gives a syntax error at 2:7. */
  public static final Map<String, FakeProgram> PROGRAMS = Map.of(
      "sum", new FakeProgram(SUM),
      "scale", new FakeProgram(SCALE),
      "kernels", new FakeProgram(SUM, SCALE, ADD_I32, ROWSUMS, TRANSPOSE, MINMAX, BIG, BYTES, NOT, CHECKED_DIV));

  /** Installs the fake compiler in the language: the source text names the program. */
  public static void install() {
    FutharkLanguage.useCompiler((source, file, options) -> {
      String key = source.strip();
      if (key.startsWith("syntax")) {
        throw new FutharkCompileException(options.sourceName() + ":2:7: error: Expected ')' after argument, found 'in'",
            options.sourceName(), 2, 7, null);
      }
      FakeProgram p = PROGRAMS.get(key);
      if (p == null) throw new FutharkCompileException("unknown fake program: " + key, options.sourceName(), -1, -1, null);
      return p;
    });
  }
}
