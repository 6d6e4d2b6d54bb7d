package io.github.futhark4j.compiler.codegen;

import static io.github.futhark4j.compiler.core.TB.BOOL;
import static io.github.futhark4j.compiler.core.TB.I32;
import static io.github.futhark4j.compiler.core.TB.I64;
import static io.github.futhark4j.compiler.core.TB.arr;
import static io.github.futhark4j.compiler.core.TB.fn;
import static io.github.futhark4j.compiler.core.TB.tup;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.futhark4j.compiler.core.TB;
import io.github.futhark4j.compiler.typed.TDecl;
import io.github.futhark4j.compiler.typed.TExp;
import io.github.futhark4j.compiler.typed.TExp.BinOperator;
import io.github.futhark4j.compiler.typed.TPat;
import io.github.futhark4j.compiler.typed.Size;
import io.github.futhark4j.compiler.typed.Type;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Generates C for small programs, compiles it with a C driver and checks results via the C API. */
class CGenTest {
  @BeforeAll
  static void gcc() { assumeTrue(CHarness.haveGcc(), "no C compiler"); }

  static final String FACTORIZE = """
      def factorize (n: i64) : [32]i64 =
        let (_, _, factors, _) =
          loop (x, i, acc, c) = (n, 2i64, replicate 32 0i64, 0i64)
          while x > 1 && c < 32 do
            if x % i == 0 then (x / i, i, acc with [c] = i, c + 1) else (x, i + 1, acc, c)
        in factors
      entry f (ns: []i64) : [][32]i64 = map factorize ns
      """;

  /** The model program, built by hand as the front end would check it. */
  static TB factorize() {
    TB b = new TB(FACTORIZE);
    Type v32 = arr(I64, new Size.Const(32));
    TPat.Id n = b.id("n", I64);
    TPat.Id x = b.id("x", I64), i = b.id("i", I64), acc = b.id("acc", v32), c = b.id("c", I64);
    TExp rep = b.app(b.intr("replicate", fn(I64, I64, v32)), v32, b.i64(32), b.i64(0));
    TExp init = b.tuple(b.var(n), b.i64(2), rep, b.i64(0));
    TExp cond = b.bin(BinOperator.LAND, b.bin(BinOperator.GT, b.var(x), b.i64(1)), b.bin(BinOperator.LT, b.var(c), b.i64(32)));
    TExp then = b.tuple(b.binAt(b.at("x / i"), BinOperator.DIV, b.var(x), b.var(i)), b.var(i),
        b.update(b.at("acc with [c] = i"), b.var(acc), b.var(c), b.var(i)), b.bin(BinOperator.ADD, b.var(c), b.i64(1)));
    TExp els = b.tuple(b.var(x), b.bin(BinOperator.ADD, b.var(i), b.i64(1)), b.var(acc), b.var(c));
    TExp body = b.iff(b.bin(BinOperator.EQ, b.binAt(b.at("x % i"), BinOperator.MOD, b.var(x), b.var(i)), b.i64(0)), then, els);
    TPat lp = b.tpat(x, i, acc, c);
    TExp loop = new TExp.Loop(lp, init, new TExp.LoopForm.While(cond), body, lp.type(), b.none());
    TPat.Id factors = b.id("factors", v32);
    TExp fbody = b.let(b.tpat(new TPat.Wildcard(I64, b.none()), new TPat.Wildcard(I64, b.none()), factors,
        new TPat.Wildcard(I64, b.none())), loop, b.var(factors));
    TDecl fact = b.def(b.name("factorize"), v32, fbody, n);
    TPat.Id ns = b.id("ns", arr(I64, 1));
    b.entry("f", arr(I64, 2), b.map1(I64, v32, b.ref(fact), b.var(ns)), ns);
    return b;
  }

  @ParameterizedTest
  @ValueSource(strings = {"c", "multicore"})
  void factorizeModelProgram(String backend) throws Exception {
    String driver = CHarness.main("""
          int64_t ns[] = {12, 97, 1024, 1, 360};
          struct futhark_i64_1d *in = futhark_new_i64_1d(ctx, ns, 5);
          struct futhark_i64_2d *out = NULL;
          CHECK(futhark_entry_f(ctx, &out, in));
          futhark_context_sync(ctx);
          const int64_t *sh = futhark_shape_i64_2d(ctx, out);
          printf("%lld %lld\\n", (long long)sh[0], (long long)sh[1]);
          int64_t res[5 * 32];
          futhark_values_i64_2d(ctx, out, res);
          for (int r = 0; r < 5; r++) { for (int k = 0; k < 12; k++) printf("%lld ", (long long)res[r * 32 + k]); printf("\\n"); }
          futhark_free_i64_2d(ctx, out);
          futhark_free_i64_1d(ctx, in);
        """);
    CHarness.Run r = CHarness.run(factorize().program(), backend, driver);
    assertEquals("""
        5 32
        2 2 3 0 0 0 0 0 0 0 0 0\s
        97 0 0 0 0 0 0 0 0 0 0 0\s
        2 2 2 2 2 2 2 2 2 2 0 0\s
        0 0 0 0 0 0 0 0 0 0 0 0\s
        2 2 2 3 3 5 0 0 0 0 0 0\s
        """, r.out());
    assertTrue(r.lib().manifestJson().contains("\"cfun\" : \"futhark_entry_f\""), r.lib().manifestJson());
  }

  @ParameterizedTest
  @ValueSource(strings = {"c", "multicore"})
  void sumByReduce(String backend) throws Exception {
    TB b = new TB();
    TPat.Id xs = b.id("xs", arr(I32, 1));
    b.entry("sum", I32, b.reduce(I32, b.op(BinOperator.ADD, I32), b.lit(io.github.futhark4j.compiler.typed.PrimType.I32, 0), b.var(xs)), xs);
    String driver = CHarness.main("""
          int n = 100000;
          int32_t *d = malloc(n * sizeof(int32_t));
          for (int i = 0; i < n; i++) d[i] = i % 1000;
          struct futhark_i32_1d *in = futhark_new_i32_1d(ctx, d, n);
          int32_t out = -1;
          CHECK(futhark_entry_sum(ctx, &out, in));
          printf("%d\\n", out);
          futhark_free_i32_1d(ctx, in);
          free(d);
        """);
    assertEquals("49950000\n", CHarness.run(b.program(), backend, driver).out());
  }

  @ParameterizedTest
  @ValueSource(strings = {"c", "multicore"})
  void divisionByZeroAndBoundsAreProgramErrors(String backend) throws Exception {
    TB b = new TB("entry g (xs: []i64) (i: i64) : i64 = xs[i] / i\n");
    TPat.Id xs = b.id("xs", arr(I64, 1)), i = b.id("i", I64);
    b.entry("g", I64, b.binAt(b.at("xs[i] / i"), BinOperator.DIV, b.index(b.at("xs[i]"), b.var(xs), b.var(i)), b.var(i)), xs, i);
    String driver = CHarness.main("""
          int64_t d[] = {10, 20, 30};
          struct futhark_i64_1d *in = futhark_new_i64_1d(ctx, d, 3);
          int64_t out = 0;
          CHECK(futhark_entry_g(ctx, &out, in, 5));
          CHECK(futhark_entry_g(ctx, &out, in, 0));
          CHECK(futhark_entry_g(ctx, &out, in, 2));
          printf("%lld\\n", (long long)out);
          futhark_free_i64_1d(ctx, in);
        """);
    String out = CHarness.run(b.program(), backend, driver).out();
    assertEquals("""
        ERR 2 Error: Index [5] out of bounds for array of shape [3].

        Backtrace:
        -> #0  prog.fut:1:38-43
        ERR 2 Error: division by zero

        Backtrace:
        -> #0  prog.fut:1:38-47
        15
        """, out);
  }


  @ParameterizedTest
  @ValueSource(strings = {"c", "multicore"})
  void compilesAsSharedLibraryWithTheProductFlags(String backend, @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
      throws Exception {
    var lib = io.github.futhark4j.compiler.Backend.generate(factorize().program(), backend, "prog");
    java.nio.file.Files.writeString(dir.resolve("prog.c"), lib.c());
    java.nio.file.Files.writeString(dir.resolve("prog.h"), lib.h());
    java.util.List<String> cmd = new java.util.ArrayList<>(java.util.List.of("gcc", "-O3", "-march=native", "-fno-math-errno",
        "-fPIC", "-shared", "-Wall", "-Werror"));
    cmd.add(backend.equals("multicore") ? "-fopenmp" : "-fopenmp-simd");
    cmd.addAll(java.util.List.of(dir.resolve("prog.c").toString(), "-o", dir.resolve("prog.so").toString(), "-lm"));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes());
    assertEquals(0, p.waitFor(), out);
    assertTrue(lib.c().contains("#include \"prog.h\""));
    // Self-contained: only system headers and its own header are included.
    for (String line : lib.c().lines().filter(l -> l.startsWith("#include")).toList()) {
      assertTrue(line.contains("<") || line.equals("#include \"prog.h\""), line);
    }
    assertEquals(backend.equals("multicore"), lib.c().contains(" num_threads(nt_c"));
  }
}
