package io.github.futhark4j.toolchain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.compiler.source.Source;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BuildKeyTest {
  @TempDir Path dir;
  Path mainFile;

  @BeforeEach
  void writeProgram() throws IOException {
    Files.createDirectories(dir.resolve("app/lib"));
    Files.createDirectories(dir.resolve("shared"));
    mainFile = dir.resolve("app/main.fut");
    Files.writeString(mainFile, "import \"lib/util\"\nentry main (x: i32) = util.f x\n");
    Files.writeString(dir.resolve("app/lib/util.fut"), "import \"../../shared/deep\"\ndef f (x: i32) = g x\n");
    Files.writeString(dir.resolve("shared/deep.fut"), "def g (x: i32) = x + 1\n");
  }

  Source main() throws IOException {
    return new Source("main.fut", Files.readString(mainFile), mainFile);
  }

  String key(Source s) throws IOException {
    return key(s, "builtin 1", "multicore", "gcc 12", List.of("-O3"));
  }

  static String key(Source s, String compiler, String backend, String cc, List<String> flags) throws IOException {
    return BuildKey.compute(s, compiler, backend, cc, flags).hex();
  }

  @Test
  void isStableHexSha256() throws IOException {
    String k = key(main());
    assertTrue(k.matches("[0-9a-f]{64}"), k);
    assertEquals(k, key(main()));
    // The same program elsewhere (same relative layout and names) is the same build.
    Path copy = dir.resolve("copy");
    Files.createDirectories(copy.resolve("app/lib"));
    Files.createDirectories(copy.resolve("shared"));
    for (String f : List.of("app/main.fut", "app/lib/util.fut", "shared/deep.fut")) {
      Files.copy(dir.resolve(f), copy.resolve(f));
    }
    Path m2 = copy.resolve("app/main.fut");
    assertEquals(k, key(new Source("main.fut", Files.readString(m2), m2)));
  }

  @Test
  void followsImportsRecursively() throws IOException {
    BuildKey k = BuildKey.compute(main(), "c", "c", "cc", List.of());
    assertEquals(List.of(dir.resolve("app/lib/util.fut"), dir.resolve("shared/deep.fut")), k.files());
    assertTrue(k.description().contains("import lib/util.fut "), k.description());
    assertTrue(k.description().contains("import ../shared/deep.fut "), k.description());
  }

  @Test
  void changesWithMainSource() throws IOException {
    String before = key(main());
    Files.writeString(mainFile, Files.readString(mainFile) + "-- edited\n");
    assertNotEquals(before, key(main()));
  }

  @Test
  void changesWithDirectAndIndirectImports() throws IOException {
    String k0 = key(main());
    Files.writeString(dir.resolve("app/lib/util.fut"), "import \"../../shared/deep\"\ndef f (x: i32) = g (x * 2)\n");
    String k1 = key(main());
    assertNotEquals(k0, k1);
    Files.writeString(dir.resolve("shared/deep.fut"), "def g (x: i32) = x + 2\n");
    assertNotEquals(k1, key(main()));
  }

  @Test
  void changesWithSourceNameBecauseErrorMessagesCarryIt() throws IOException {
    Source a = new Source("a.fut", "entry f = 1");
    Source b = new Source("b.fut", "entry f = 1");
    assertNotEquals(key(a), key(b));
  }

  @Test
  void changesWithBackendCompilerAndCFlags() throws IOException {
    Source s = main();
    String base = key(s, "builtin 1", "multicore", "gcc 12", List.of("-O3"));
    assertNotEquals(base, key(s, "builtin 1", "c", "gcc 12", List.of("-O3")));
    assertNotEquals(base, key(s, "builtin 2", "multicore", "gcc 12", List.of("-O3")));
    assertNotEquals(base, key(s, "builtin 1", "multicore", "gcc 13", List.of("-O3")));
    assertNotEquals(base, key(s, "builtin 1", "multicore", "gcc 12", List.of("-O2")));
  }

  @Test
  void fieldsCannotBleedIntoEachOther() throws IOException {
    Source s = new Source("x.fut", "entry f = 1");
    assertNotEquals(key(s, "a\ncc b", "c", "", List.of()), key(s, "a", "c", "b", List.of()));
  }

  @Test
  void describesPlatformAndVersion() throws IOException {
    String d = BuildKey.compute(main(), "builtin 1", "c", "gcc", List.of("-O3", "-fPIC")).description();
    assertTrue(d.contains("futhark4j " + Version.FUTHARK4J + "\n"), d);
    assertTrue(d.contains("os " + System.getProperty("os.name") + " " + System.getProperty("os.arch") + "\n"), d);
    assertTrue(d.contains("cpu " + Platform.cpu() + "\n"), d);
    assertTrue(d.contains("cflags -O3 -fPIC\n"), d);
  }

  @Test
  void missingAndCommentedImportsDoNotContribute() throws IOException {
    Files.writeString(dir.resolve("app/other.fut"), "def h = 1\n");
    Source s = new Source("m.fut", "-- import \"other\"\nimport \"missing\"\nentry f = 1\n", dir.resolve("app/m.fut"));
    String k = key(s);
    Files.writeString(dir.resolve("app/other.fut"), "def h = 2\n");
    assertEquals(k, key(s));
    assertEquals(List.of(), BuildKey.compute(s, "c", "c", "cc", List.of()).files());
  }

  @Test
  void cyclicImportsTerminate() throws IOException {
    Files.writeString(dir.resolve("app/p.fut"), "import \"q\"\n");
    Files.writeString(dir.resolve("app/q.fut"), "import \"p\"\nimport \"main\"\n");
    Source s = new Source("main.fut", "import \"p\"\n", mainFile);
    assertEquals(2, BuildKey.compute(s, "c", "c", "cc", List.of()).files().size());
  }

  @Test
  void inMemorySourceResolvesImportsFromWorkingDirectory() throws IOException {
    // pom.xml is in the working directory when Maven runs the tests; import a file that exists there.
    Path cwd = Path.of("").toAbsolutePath();
    Path probe = Files.createTempFile(cwd.resolve("target"), "probe", ".fut");
    try {
      String rel = cwd.relativize(probe).toString().replace(".fut", "");
      Source s = new Source("<eval>", "import \"" + rel + "\"\n");
      String k0 = key(s);
      Files.writeString(probe, "def x = 1\n");
      assertNotEquals(k0, key(s));
    } finally {
      Files.deleteIfExists(probe);
    }
  }
}
