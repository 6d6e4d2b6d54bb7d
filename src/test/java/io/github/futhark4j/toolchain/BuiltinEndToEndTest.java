package io.github.futhark4j.toolchain;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
