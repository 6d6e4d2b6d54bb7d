package io.github.futhark4j.toolchain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jna.NativeLibrary;
import io.github.futhark4j.compiler.source.Source;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LibraryBuilderTest {
  @TempDir Path tmp;
  Path cacheDir;
  Path counter;
  CCompiler cc;

  @BeforeEach
  void setUp() {
    cc = Gcc.require();
    cacheDir = tmp.resolve("cache");
    counter = tmp.resolve("count.txt");
  }

  LibraryBuilder builder(FutharkCompiler compiler) {
    return new LibraryBuilder(cacheDir, compiler, "c", cc);
  }

  LibraryBuilder builder() {
    return builder(new TinyCompiler(counter, 0));
  }

  static Source src(String text) {
    return new Source("prog.fut", text);
  }

  @Test
  void buildsARealLibraryOnceThenReusesIt() throws Exception {
    Source s = src("entry answer = 12345 -- unique to this test");
    BuiltLibrary b = builder().build(s);
    assertEquals(1, TinyCompiler.count(counter));
    assertTrue(Files.isRegularFile(b.sharedLibrary()));
    assertEquals("lib.so", b.sharedLibrary().getFileName().toString());
    assertEquals("prog.json", b.manifest().getFileName().toString());
    assertEquals("tiny-test 1", b.compiler());
    assertEquals(b.key(), b.sharedLibrary().getParent().getFileName().toString());
    for (String f : List.of("prog.c", "prog.h", "key.txt", "complete")) {
      assertTrue(Files.isRegularFile(b.sharedLibrary().resolveSibling(f)), f);
    }
    // The library is real: load it and call the one function.
    long answer = NativeLibrary.getInstance(b.sharedLibrary().toString()).getFunction("tiny_answer").invokeLong(new Object[0]);
    assertEquals(s.text().length(), answer);

    assertEquals(b, builder().build(s), "in-memory hit");
    LibraryBuilder.forgetInMemory();
    assertEquals(b, builder().build(s), "on-disk hit");
    assertEquals(1, TinyCompiler.count(counter));
  }

  @Test
  void differentSourcesGetDifferentEntries() throws Exception {
    BuiltLibrary a = builder().build(src("entry a = 1"));
    BuiltLibrary b = builder().build(src("entry b = 2"));
    assertNotEquals(a.key(), b.key());
    assertNotEquals(a.sharedLibrary(), b.sharedLibrary());
    assertEquals(2, TinyCompiler.count(counter));
  }

  @Test
  void compilerIdentityIsPartOfTheKey() throws Exception {
    Source s = src("entry a = 1");
    BuiltLibrary a = builder().build(s);
    BuiltLibrary b = builder(new TinyCompiler(counter, 0, false, "tiny-test 2")).build(s);
    assertNotEquals(a.key(), b.key());
    assertEquals(2, TinyCompiler.count(counter));
  }

  @Test
  void truncatedLibraryIsRebuiltNotLoaded() throws Exception {
    Source s = src("entry t = 1");
    BuiltLibrary b = builder().build(s);
    try (FileChannel ch = FileChannel.open(b.sharedLibrary(), StandardOpenOption.WRITE)) {
      ch.truncate(10);
    }
    BuiltLibrary again = builder().build(s);
    assertEquals(2, TinyCompiler.count(counter), "the in-memory hit noticed the size change");
    assertTrue(Files.size(again.sharedLibrary()) > 10);
    assertEquals(b.key(), again.key());
  }

  @Test
  void deletedMarkerMeansRebuild() throws Exception {
    Source s = src("entry m = 1");
    BuiltLibrary b = builder().build(s);
    Files.delete(b.sharedLibrary().resolveSibling("complete"));
    builder().build(s);
    assertEquals(2, TinyCompiler.count(counter));
    assertTrue(Files.isRegularFile(b.sharedLibrary().resolveSibling("complete")));
  }

  @Test
  void silentlyCorruptedLibraryIsCaughtByTheChecksum() throws Exception {
    Source s = src("entry k = 1");
    BuiltLibrary b = builder().build(s);
    byte[] bytes = Files.readAllBytes(b.sharedLibrary());
    bytes[bytes.length / 2] ^= 0x5a;
    Files.write(b.sharedLibrary(), bytes);
    LibraryBuilder.forgetInMemory(); // as a fresh JVM would
    BuiltLibrary again = builder().build(s);
    assertEquals(2, TinyCompiler.count(counter));
    assertFalse(java.util.Arrays.equals(bytes, Files.readAllBytes(again.sharedLibrary())));
  }

  @Test
  void partialEntryLeftByAnotherToolIsReplaced() throws Exception {
    Source s = src("entry p = 1");
    LibraryBuilder lb = builder();
    String key = lb.key(s).hex();
    Path entry = Files.createDirectories(lb.cacheDir().resolve(key));
    Files.writeString(entry.resolve("lib.so"), "half");
    BuiltLibrary b = lb.build(s);
    assertEquals(1, TinyCompiler.count(counter));
    assertTrue(Files.size(b.sharedLibrary()) > 4);
  }

  @Test
  void entryAppearsOnlyWhenCompleteAndIsBuiltInsideTheCache() throws Exception {
    Source s = src("entry atomic = 1");
    LibraryBuilder probe = builder();
    String key = probe.key(s).hex();
    Path cache = probe.cacheDir();
    List<String> seen = new ArrayList<>();
    FutharkCompiler watching = new FutharkCompiler() {
      final TinyCompiler inner = new TinyCompiler(counter, 0);

      @Override
      public String identity() { return inner.identity(); }

      @Override
      public void compile(Source main, String backend, Path outDir, String name) throws IOException {
        seen.add("entry exists while compiling: " + Files.exists(cache.resolve(key)));
        seen.add("build dir: " + cache.relativize(outDir).toString().startsWith("tmp-" + key + "-"));
        inner.compile(main, backend, outDir, name);
      }
    };
    builder(watching).build(s);
    CachePruner.awaitMaintenance(cacheDir);
    assertEquals(List.of("entry exists while compiling: false", "build dir: true"), seen);
    // The key's lock file is gone too: the first build into a directory lists it (in the
    // background) and, with no build running anywhere, removes the per-key lock files (the
    // directory's own lock file stays).
    assertEquals(Set.of(key, "cache.lock"), listCache());
  }

  @Test
  void failedCompilationLeavesNothingBehind() throws Exception {
    FutharkCompiler failing = new FutharkCompiler() {
      @Override
      public String identity() { return "failing 1"; }

      @Override
      public void compile(Source main, String backend, Path outDir, String name) throws IOException {
        Files.writeString(outDir.resolve(name + ".c"), "half written");
        throw new IOException("disk on fire");
      }
    };
    IOException e = assertThrows(IOException.class, () -> builder(failing).build(src("entry f = 1")));
    assertEquals("disk on fire", e.getMessage());
    assertTrue(listCache().stream().allMatch(n -> n.endsWith(".lock")), listCache().toString());
  }

  @Test
  void cCompilerFailureCarriesItsCompleteOutput() throws Exception {
    LibraryBuilder lb = builder(new TinyCompiler(counter, 0, true, "broken 1"));
    ExternalCompilerException e = assertThrows(ExternalCompilerException.class, () -> lb.build(src("entry b = 1")));
    assertTrue(e.output().contains("this is not C"), e.output());
    assertTrue(e.output().contains("error"), e.output());
    assertTrue(e.command().contains("-fno-math-errno"), e.command());
    assertTrue(e.getMessage().contains(e.output()));
    assertTrue(listCache().stream().allMatch(n -> n.endsWith(".lock")), listCache().toString());
  }

  @Test
  void manyThreadsCompileTheSameSourceOnce() throws Exception {
    Source s = src("entry threads = 1");
    int n = 8;
    ExecutorService pool = Executors.newFixedThreadPool(n);
    CountDownLatch start = new CountDownLatch(1);
    try {
      List<Future<BuiltLibrary>> results = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        // A builder per thread, like independent callers; they share the JVM-wide state.
        LibraryBuilder lb = new LibraryBuilder(cacheDir, new TinyCompiler(counter, 300), "c", cc);
        results.add(pool.submit(() -> {
          start.await();
          return lb.build(s);
        }));
      }
      start.countDown();
      BuiltLibrary first = results.get(0).get();
      for (Future<BuiltLibrary> f : results) assertEquals(first, f.get());
    } finally {
      pool.shutdownNow();
    }
    assertEquals(1, TinyCompiler.count(counter));
  }

  @Test
  void fileSystemWithoutLocksStillBuildsAndKeepsThreadsApart() throws Exception {
    KeyLock.simulateNoFileLocks = true;
    try {
      Source s = src("entry nolocks = 1");
      ExecutorService pool = Executors.newFixedThreadPool(4);
      try {
        List<Future<BuiltLibrary>> results = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
          LibraryBuilder lb = new LibraryBuilder(cacheDir, new TinyCompiler(counter, 100), "c", cc);
          results.add(pool.submit(() -> lb.build(s)));
        }
        for (Future<BuiltLibrary> f : results) assertEquals(results.get(0).get(), f.get());
      } finally {
        pool.shutdownNow();
      }
      assertEquals(1, TinyCompiler.count(counter), "threads of one JVM still queue in Java");
      // A build directory of this key that another process might be using is left alone.
      LibraryBuilder lb = builder();
      String key = lb.key(s).hex();
      Path foreign = Files.createDirectory(lb.cacheDir().resolve("tmp-" + key + "-otherprocess"));
      Files.delete(lb.cacheDir().resolve(key).resolve("complete"));
      lb.build(s);
      assertTrue(Files.isDirectory(foreign));
    } finally {
      KeyLock.simulateNoFileLocks = false;
    }
  }

  @Test
  void staleBuildDirectoriesAreRemovedByThePruningAfterABuild() throws Exception {
    Source s = src("entry stale = 1");
    LibraryBuilder lb = builder();
    String key = lb.key(s).hex();
    Path stale = Files.createDirectory(lb.cacheDir().resolve("tmp-" + key + "-crashed"));
    Files.writeString(stale.resolve("prog.c"), "half");
    lb.build(s);
    LibraryBuilder.awaitMaintenance(lb.cacheDir());
    assertFalse(Files.exists(stale));
  }

  @Test
  void sourceChangedDuringCompilationIsRebuiltUnderTheNewKey() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("src"));
    Path lib = Files.writeString(dir.resolve("lib.fut"), "def x = 1\n");
    Path main = Files.writeString(dir.resolve("main.fut"), "import \"lib\"\nentry e = x\n");
    Source s = new Source("main.fut", Files.readString(main), main);
    FutharkCompiler editing = new FutharkCompiler() {
      final TinyCompiler inner = new TinyCompiler(counter, 0);

      @Override
      public String identity() { return inner.identity(); }

      @Override
      public void compile(Source m, String backend, Path outDir, String name) throws IOException {
        if (TinyCompiler.count(counter) == 0) Files.writeString(lib, "def x = 2 -- edited meanwhile\n");
        inner.compile(m, backend, outDir, name);
      }
    };
    LibraryBuilder lb = builder(editing);
    BuiltLibrary b = lb.build(s);
    assertEquals(2, TinyCompiler.count(counter));
    assertEquals(lb.key(s).hex(), b.key(), "published under the key of the sources it was built from");
    assertTrue(Files.readString(b.sharedLibrary().resolveSibling("key.txt")).contains(Hashing.sha256Hex(Files.readAllBytes(lib))));
  }

  @Test
  void clearEmptiesTheCacheAndTheNextBuildCompilesAgain() throws Exception {
    Source s = src("entry c = 1");
    BuiltLibrary b = builder().build(s);
    CachePruner.awaitMaintenance(cacheDir); // a prune running in the background would keep the lock files
    LibraryBuilder.clear(cacheDir);
    assertFalse(Files.exists(b.sharedLibrary()));
    assertEquals(Set.of("cache.lock"), listCache(), "only the directory's lock file stays");
    builder().build(s);
    assertEquals(2, TinyCompiler.count(counter));
  }

  @Test
  void rejectsBackendsTheCompilerCannotDo() {
    assertThrows(IllegalArgumentException.class, () -> new LibraryBuilder(cacheDir, Compilers.builtin(), "cuda"));
    assertThrows(IllegalArgumentException.class, () -> new LibraryBuilder(cacheDir, new TinyCompiler(counter, 0), "webgpu"));
  }

  @Test
  void baseNamesAreSafeFileNames() {
    assertEquals("mandel", LibraryBuilder.baseName(new Source("dir/mandel.fut", "")));
    assertEquals("eval", LibraryBuilder.baseName(new Source("<eval>", "")));
    assertEquals("a_b", LibraryBuilder.baseName(new Source("a b.fut", "")));
    assertEquals("prog", LibraryBuilder.baseName(new Source("1.fut", "")));
    assertEquals("prog", LibraryBuilder.baseName(new Source("lib.fut", "")));
    // one '_' per character (a character outside the BMP is one), leading and trailing ones dropped
    assertEquals("x_y__z", LibraryBuilder.baseName(new Source("__x\uD83D\uDE00y_-z__.fut", "")));
    assertEquals("prog", LibraryBuilder.baseName(new Source("___.fut", "")));
  }

  @Test
  void hex8IsFormatOf32Bits() {
    for (long v : new long[] {0, 1, 0xabcL, 0x7fffffffL, 0x80000000L, 0xffffffffL}) {
      assertEquals(String.format("%08x", v), Hashing.hex8(v));
    }
  }

  private Set<String> listCache() throws IOException {
    try (Stream<Path> s = Files.list(cacheDir)) {
      // the tools' version memo (Tool.VERSIONS_FILE) is the cache's bookkeeping, not an entry
      return s.map(p -> p.getFileName().toString()).filter(n -> !n.equals(Tool.VERSIONS_FILE)).collect(java.util.stream.Collectors.toSet());
    }
  }
}
