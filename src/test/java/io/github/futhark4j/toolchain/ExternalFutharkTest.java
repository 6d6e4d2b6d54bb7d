package io.github.futhark4j.toolchain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.jna.NativeLibrary;
import io.github.futhark4j.compiler.source.Source;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The external-compiler path, against a fake {@code futhark} shell script written here. */
class ExternalFutharkTest {
  @TempDir Path tmp;
  Path fake;
  Path versionCalls;
  Path argsLog;

  /**
   * The fake: {@code --version} prints two lines and counts calls; {@code BACKEND --library -o OUT IN}
   * fails like a type error when IN mentions "bad", checks that the imports were staged next to IN,
   * logs its arguments and working directory, and writes a small C library with its header and manifest.
   */
  @BeforeEach
  void writeFakeFuthark() throws IOException {
    assumeTrue(Files.isExecutable(Path.of("/bin/sh")), "skipped: needs /bin/sh for the fake futhark");
    versionCalls = tmp.resolve("version-calls");
    argsLog = tmp.resolve("args.log");
    fake = tmp.resolve("bin/futhark");
    Files.createDirectories(fake.getParent());
    Files.writeString(fake, """
        #!/bin/sh
        if [ "$1" = "--version" ]; then
          echo call >> "%s"
          echo "Futhark 0.99.1"
          echo "Copyright (C) nobody"
          exit 0
        fi
        backend="$1"; lib="$2"; o="$3"; out="$4"; in="$5"
        echo "$backend $lib $o $out $in" > "%s"
        pwd >> "%s"
        if grep -q bad "$in"; then
          echo "Warning: something on stdout"
          echo "Error at $in:2:11-13:" >&2
          echo "Unknown name \\"bad\\"." >&2
          echo "" >&2
          echo "If you find this error message confusing, it is the fake's." >&2
          exit 1
        fi
        test -f lib/util.fut || { echo "lib/util.fut not staged" >&2; exit 3; }
        test -f ../shared/deep.fut || { echo "../shared/deep.fut not staged" >&2; exit 3; }
        name=$(basename "$out")
        printf 'long fake_answer(void);\\n' > "$out.h"
        printf '#include "%%s.h"\\nlong fake_answer(void) { return 4242; }\\n' "$name" > "$out.c"
        printf '{"backend":"%%s","version":"0.99.1","entry_points":{},"types":{}}\\n' "$backend" > "$out.json"
        """.formatted(versionCalls, argsLog, argsLog));
    Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rwx------"));
  }

  /** {@code app/main.fut} importing {@code lib/util} which imports {@code ../../shared/deep}. */
  Source program(String body) throws IOException {
    Path app = Files.createDirectories(tmp.resolve("p/app/lib"));
    Files.createDirectories(tmp.resolve("p/shared"));
    Files.writeString(app.resolve("util.fut"), "import \"../../shared/deep\"\ndef f (x: i32) = g x\n");
    Files.writeString(tmp.resolve("p/shared/deep.fut"), "def g (x: i32) = x + 1\n");
    Path main = tmp.resolve("p/app/main.fut");
    String text = "import \"lib/util\"\n" + body + "\n";
    Files.writeString(main, text);
    return new Source("main.fut", text, main);
  }

  @Test
  void identityIsTheFirstVersionLineAskedOnce() throws IOException {
    assertEquals("Futhark 0.99.1", ExternalFuthark.at(fake).identity());
    assertEquals("Futhark 0.99.1", ExternalFuthark.at(fake).identity());
    assertEquals(1, Files.readAllLines(versionCalls).size());
  }

  @Test
  void buildsThroughTheCacheWithImportsStaged() throws Exception {
    CCompiler cc = Gcc.require();
    Source s = program("entry main (x: i32) = f x");
    LibraryBuilder lb = new LibraryBuilder(tmp.resolve("cache"), ExternalFuthark.at(fake), "multicore", cc);
    BuiltLibrary b = lb.build(s);
    assertEquals("Futhark 0.99.1", b.compiler());
    assertEquals("main.json", b.manifest().getFileName().toString());
    assertTrue(Files.readString(b.manifest()).contains("\"backend\":\"multicore\""));
    long answer = NativeLibrary.getInstance(b.sharedLibrary().toString()).getFunction("fake_answer").invokeLong(new Object[0]);
    assertEquals(4242, answer);

    List<String> log = Files.readAllLines(argsLog);
    Path work = b.sharedLibrary().getParent();
    // The main file is passed by its own name, from its own directory, so positions read main.fut:L:C.
    assertTrue(log.get(0).startsWith("multicore --library -o "), log.toString());
    assertTrue(log.get(0).endsWith(" main.fut"), log.toString());
    assertTrue(log.get(1).endsWith("/src/app"), "ran in the staged main directory: " + log);
    try (Stream<Path> files = Files.list(work)) {
      assertFalse(files.anyMatch(p -> p.getFileName().toString().equals("src")), "staged sources removed");
    }
    assertEquals(b, lb.build(s));
  }

  @Test
  void compileErrorCarriesTheCompleteOutput() throws Exception {
    CCompiler cc = Gcc.require();
    Source s = program("entry main (x: i32) = bad x");
    Path cache = tmp.resolve("cache");
    LibraryBuilder lb = new LibraryBuilder(cache, ExternalFuthark.at(fake), "c", cc);
    ExternalCompilerException e = assertThrows(ExternalCompilerException.class, () -> lb.build(s));
    for (String expected : List.of("Warning: something on stdout", "Error at main.fut:2:11-13:",
        "Unknown name \"bad\".", "If you find this error message confusing, it is the fake's.")) {
      assertTrue(e.output().contains(expected), e.output());
      assertTrue(e.getMessage().contains(expected), e.getMessage());
    }
    assertEquals(1, e.exitCode());
    assertTrue(e.command().startsWith(fake.toString() + " c --library -o "), e.command());
    try (Stream<Path> files = Files.list(cache)) {
      assertTrue(files.allMatch(p -> p.getFileName().toString().endsWith(".lock") || p.getFileName().toString().equals(Tool.VERSIONS_FILE)),
          "nothing but the lock (and the tools' version memo) left");
    }
  }

  @Test
  void inMemorySourceIsStagedUnderTheBaseName() throws Exception {
    Path out = Files.createDirectories(tmp.resolve("out"));
    ExternalCompilerException e = assertThrows(ExternalCompilerException.class,
        () -> ExternalFuthark.at(fake).compile(new Source("<eval>", "entry x = bad"), "c", out, "eval"));
    assertTrue(e.command().endsWith(" eval.fut"), e.command());
    assertTrue(e.output().contains("Error at eval.fut:"), e.output());
    try (Stream<Path> files = Files.list(out)) {
      assertEquals(0, files.count(), "staged sources removed after a failure too");
    }
  }

  @Test
  void successWithoutOutputFilesIsAnError() throws IOException {
    Path lazy = tmp.resolve("lazy/futhark");
    Files.createDirectories(lazy.getParent());
    Files.writeString(lazy, "#!/bin/sh\necho 'all good, honest'\n");
    Files.setPosixFilePermissions(lazy, PosixFilePermissions.fromString("rwx------"));
    Path out = Files.createDirectories(tmp.resolve("out"));
    ExternalCompilerException e = assertThrows(ExternalCompilerException.class,
        () -> ExternalFuthark.at(lazy).compile(new Source("<eval>", "entry x = 1"), "c", out, "eval"));
    assertTrue(e.output().contains("did not write eval.c"), e.output());
    assertTrue(e.output().contains("all good, honest"), e.output());
  }

  @Test
  void notExecutableIsAMissingTool() throws IOException {
    Path plain = Files.writeString(tmp.resolve("futhark-not-executable"), "#!/bin/sh\n");
    MissingToolException e = assertThrows(MissingToolException.class, () -> ExternalFuthark.at(plain).checkedIdentity());
    assertTrue(e.getMessage().startsWith("Cannot run " + plain + " --version"), e.getMessage());
  }

  @Test
  void rejectsUnknownBackends() {
    assertThrows(IllegalArgumentException.class,
        () -> ExternalFuthark.at(fake).compile(new Source("x", "entry x = 1"), "webgpu", tmp, "x"));
  }

  @Test
  void lookupOrder() throws IOException {
    Path other = tmp.resolve("other/futhark");
    Files.createDirectories(other.getParent());
    Files.copy(fake, other);
    Properties props = new Properties();
    Map<String, String> env = new HashMap<>();
    env.put("PATH", "/nonexistent-dir" + java.io.File.pathSeparator + fake.getParent());
    assertEquals(Optional.of(fake), ExternalFuthark.find(null, props::getProperty, env), "PATH");
    env.put("FUTHARK", other.toString());
    assertEquals(Optional.of(other), ExternalFuthark.find(null, props::getProperty, env), "FUTHARK beats PATH");
    props.setProperty("futhark4j.futhark", fake.toString());
    assertEquals(Optional.of(fake), ExternalFuthark.find(null, props::getProperty, env), "property beats FUTHARK");
    assertEquals(Optional.of(other), ExternalFuthark.find(other, props::getProperty, env), "explicit beats all");
    // A configured path that is wrong is reported, not replaced by another futhark.
    Path missing = tmp.resolve("missing/futhark");
    assertEquals(Optional.empty(), ExternalFuthark.find(missing, props::getProperty, env));
    assertTrue(ExternalFuthark.describeLookup(missing, props::getProperty, env).contains(missing.toString()));
    env.remove("FUTHARK");
    props.clear();
    env.put("PATH", "/nonexistent-dir");
    assertEquals(Optional.empty(), ExternalFuthark.find(null, props::getProperty, env));
    String msg = ExternalFuthark.describeLookup(null, props::getProperty, env);
    assertTrue(msg.contains("PATH") && msg.contains("futhark4j.futhark") && msg.contains("FUTHARK"), msg);
  }

  @Test
  void brokenExecutableFailsWithItsOutput() throws IOException {
    Path broken = tmp.resolve("broken/futhark");
    Files.createDirectories(broken.getParent());
    Files.writeString(broken, "#!/bin/sh\necho 'cannot start: missing libgmp' >&2\nexit 127\n");
    Files.setPosixFilePermissions(broken, PosixFilePermissions.fromString("rwx------"));
    ExternalFuthark f = ExternalFuthark.at(broken);
    ExternalCompilerException e = assertThrows(ExternalCompilerException.class, f::checkedIdentity);
    assertTrue(e.output().contains("cannot start: missing libgmp"), e.output());
    IllegalStateException ise = assertThrows(IllegalStateException.class, f::identity);
    assertTrue(ise.getMessage().contains("missing libgmp"), ise.getMessage());
  }
}
