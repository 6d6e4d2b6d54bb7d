package io.github.futhark4j.toolchain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jna.NativeLibrary;
import io.github.futhark4j.compiler.diag.CompileException;
import io.github.futhark4j.compiler.source.Source;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The built-in compiler through the whole toolchain: Futhark source to a cached {@code lib.so} that
 * exports the Futhark C API. Skips, saying so, on a branch where the front or back end is still a stub.
 */
class BuiltinEndToEndTest {
  @TempDir Path tmp;

  private BuiltLibrary buildOrSkip(LibraryBuilder lb, Source s) throws Exception {
    return lb.build(s);
  }

  @Test
  void sumCompilesToALibraryWithTheCApi() throws Exception {
    CCompiler cc = Gcc.require();
    Path dir = Files.createDirectories(tmp.resolve("src"));
    Path main = Files.writeString(dir.resolve("sum.fut"), "entry sum (xs: []f64) : f64 = reduce (+) 0 xs\n");
    Source s = new Source("sum.fut", Files.readString(main), main);
    for (String backend : new String[] {"c", "multicore"}) {
      LibraryBuilder lb = new LibraryBuilder(tmp.resolve("cache"), Compilers.builtin(), backend, cc);
      BuiltLibrary b = buildOrSkip(lb, s);
      assertEquals(Compilers.builtin().identity(), b.compiler());
      assertEquals("sum.json", b.manifest().getFileName().toString());
      assertTrue(Files.readString(b.manifest()).contains("futhark_entry_sum"), Files.readString(b.manifest()));
      NativeLibrary lib = NativeLibrary.getInstance(b.sharedLibrary().toString());
      // Resolving throws if a symbol is missing.
      lib.getFunction("futhark_entry_sum");
      lib.getFunction("futhark_context_new");
      assertEquals(b, lb.build(s), "second build is a cache hit");
    }
  }

  @Test
  void theEngineIsCompiledOnceAndLinkedIntoEveryProgram() throws Exception {
    CCompiler cc = Gcc.require();
    Path cache = tmp.resolve("cache");
    LibraryBuilder lb = new LibraryBuilder(cache, Compilers.builtin(), "multicore", cc);
    BuiltLibrary a = lb.build(new Source("a.fut", "entry sum (xs: []f64) : f64 = reduce (+) 0 xs\n"));
    BuiltLibrary b = lb.build(new Source("b.fut", "entry twice (xs: []i32) : []i32 = map (*2) xs\n"));
    try (var objs = Files.list(cache.resolve(CompileCache.ENGINE_DIR))) {
      assertEquals(1, objs.filter(p -> p.toString().endsWith(".o")).count(), "one engine object for both programs");
    }
    if (cc.identity(cache).contains("gcc")) {
      try (var hs = Files.list(cache.resolve(CompileCache.ENGINE_DIR))) {
        assertEquals(1, hs.filter(p -> p.toString().endsWith(".h.gch")).count(), "one precompiled header for both programs");
      }
    }
    try (var left = Files.list(a.sharedLibrary().getParent())) {
      assertTrue(left.noneMatch(p -> p.toString().endsWith(".pch.c")), "the unit that includes the header is gone");
    }
    for (BuiltLibrary lib : new BuiltLibrary[] {a, b}) {
      NativeLibrary nl = NativeLibrary.getInstance(lib.sharedLibrary().toString());
      nl.getFunction("futhark_context_new");
      nl.getFunction("futhark_context_config_new");
      // The engine's own functions are hidden symbols of each library, not exported.
      assertThrows(UnsatisfiedLinkError.class, () -> nl.getFunction("fut_alloc"));
    }
    // The generated file is still complete on its own, as `futhark4j c --library` hands it out.
    Path dir = a.sharedLibrary().getParent();
    Path out = tmp.resolve("alone.so");
    java.util.List<String> cmd = new java.util.ArrayList<>();
    cmd.add(cc.toString());
    cmd.addAll(cc.flags("multicore"));
    cmd.addAll(java.util.List.of("a.c", "-o", out.toString()));
    cmd.addAll(CCompiler.libraries("multicore"));
    Tool.runChecked(cmd, dir, java.time.Duration.ofMinutes(2));
    NativeLibrary.getInstance(out.toString()).getFunction("futhark_entry_sum");
    // An emptying prune takes the engine objects too.
    LibraryBuilder.prune(cache, 0);
    assertTrue(Files.notExists(cache.resolve(CompileCache.ENGINE_DIR)));
  }

  @Test
  void typeErrorsAreCompileExceptionsAndNothingIsCached() throws Exception {
    CCompiler cc = Gcc.require();
    Path cache = tmp.resolve("cache");
    LibraryBuilder lb = new LibraryBuilder(cache, Compilers.builtin(), "c", cc);
    Source s = new Source("bad.fut", "entry f (x: i32) : bool = x + 1\n");
    try {
      buildOrSkip(lb, s);
      throw new AssertionError("a type error was compiled");
    } catch (CompileException e) {
      assertTrue(e.getMessage().contains("bad.fut"), e.getMessage());
    }
    try (var files = Files.list(cache)) {
      assertTrue(files.allMatch(p -> p.getFileName().toString().endsWith(".lock") || p.getFileName().toString().equals(Tool.VERSIONS_FILE)),
          "nothing published or left over");
    }
  }
}
