package io.github.futhark4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.toolchain.PortableEntry;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link Futhark#export} and {@link Futhark#load(FutharkBinary, FutharkOptions)}: a built library moved as bytes. */
class FutharkBinaryTest {
  static final String SRC = "entry scale (k: f64) (xs: []f64) : []f64 = map (* k) xs\n"
      + "entry pick (xs: []i64) (i: i64) : i64 = xs[i]\n";

  @TempDir Path tmp;

  static FutharkBinary roundTrip(FutharkBinary b) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(b);
    }
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      return (FutharkBinary) in.readObject();
    }
  }

  @Test
  void exportedBinaryLoadsIntoAnotherCacheWithoutCompiling() throws Exception {
    FutharkBinary b = Futhark.export(SRC, FutharkOptions.defaults());
    assertTrue(b.fileNames().containsAll(java.util.List.of("lib.so", "eval.json", "complete", "key.txt")), b.fileNames().toString());
    assertTrue(b.manifestJson().contains("\"scale\""));
    FutharkBinary copy = roundTrip(b);
    assertEquals(b.sha256(), copy.sha256());
    Path cache = tmp.resolve("executor-cache");
    try (FutharkProgram p = Futhark.load(copy, b.sha256(), FutharkOptions.defaults().withCacheDir(cache))) {
      double[] r = (double[]) p.function("scale").call(2.0, new double[] {1, 2, 3});
      assertEquals(6.0, r[2]);
      // Installed under the driver's key, with its marker: the ordinary cache entry.
      assertTrue(Files.isRegularFile(cache.resolve(b.key()).resolve("complete")));
      assertTrue(Files.isRegularFile(cache.resolve(b.key()).resolve("lib.so")));
      // Futhark errors keep working as usual in a loaded binary.
      FutharkProgramException e = assertThrows(FutharkProgramException.class,
          () -> p.function("pick").call(new long[] {1, 2}, 5L));
      assertTrue(e.getMessage().contains("out of bounds"), e.getMessage());
    }
    // A second load (another task on the same executor) finds the installed entry and works too.
    try (FutharkProgram p = Futhark.load(roundTrip(b), FutharkOptions.defaults().withCacheDir(cache))) {
      assertEquals(3L, p.function("pick").call(new long[] {1, 2, 3}, 2L));
    }
  }

  @Test
  void separateLoadsHaveTheirOwnContexts() throws Exception {
    FutharkBinary b = Futhark.export(SRC, FutharkOptions.defaults());
    FutharkOptions o = FutharkOptions.defaults().withCacheDir(tmp.resolve("c")).withThreads(1);
    FutharkProgram a = Futhark.loadSeparate(b, b.sha256(), o);
    FutharkProgram c = Futhark.loadSeparate(b, b.sha256(), o);
    try (c) {
      a.close();
      // Closing one context leaves the other working.
      assertEquals(2L, c.function("pick").call(new long[] {1, 2}, 1L));
      assertThrows(IllegalStateException.class, () -> a.function("pick").call(new long[] {1, 2}, 1L));
    }
  }

  @Test
  void aWrongExpectedHashIsRefused() throws Exception {
    FutharkBinary b = Futhark.export(SRC, FutharkOptions.defaults());
    FutharkException e = assertThrows(FutharkException.class,
        () -> Futhark.load(b, "0".repeat(64), FutharkOptions.defaults().withCacheDir(tmp.resolve("c"))));
    assertTrue(e.getMessage().contains("not the one expected"), e.getMessage());
  }

  @Test
  void aDamagedLibraryIsRefusedBeforeLoading() throws Exception {
    FutharkBinary b = Futhark.export(SRC, FutharkOptions.defaults());
    PortableEntry e = b.entry();
    Map<String, byte[]> files = new LinkedHashMap<>(e.files());
    byte[] lib = files.get("lib.so").clone();
    lib[lib.length / 2] ^= 1;
    files.put("lib.so", lib);
    FutharkBinary bad = new FutharkBinary(new PortableEntry(e.key(), e.name(), e.compiler(), e.os(), e.cpu(), e.cpuFlags(), files));
    Path cache = tmp.resolve("c");
    FutharkException ex = assertThrows(FutharkException.class,
        () -> Futhark.load(bad, FutharkOptions.defaults().withCacheDir(cache)));
    assertTrue(ex.getMessage().contains("damaged") && ex.getMessage().contains("lib.so"), ex.getMessage());
    assertTrue(!Files.exists(cache.resolve(b.key())), "nothing was installed");
  }

  @Test
  void aLibraryForAnotherPlatformIsRefused() throws Exception {
    FutharkBinary b = Futhark.export(SRC, FutharkOptions.defaults());
    PortableEntry e = b.entry();
    FutharkBinary other = new FutharkBinary(new PortableEntry(e.key(), e.name(), e.compiler(), "Plan9 mips", e.cpu(),
        e.cpuFlags(), e.files()));
    FutharkException ex = assertThrows(FutharkException.class,
        () -> Futhark.load(other, FutharkOptions.defaults().withCacheDir(tmp.resolve("c"))));
    assertTrue(ex.getMessage().contains("built for Plan9 mips"), ex.getMessage());
  }

  /** The executor's situation: a JVM without any C compiler loads and calls the shipped library. */
  @Test
  void aJvmWithoutCCompilerLoadsTheBinary() throws Exception {
    FutharkBinary b = Futhark.export(SRC, FutharkOptions.defaults());
    Path file = tmp.resolve("prog.bin");
    try (ObjectOutputStream out = new ObjectOutputStream(Files.newOutputStream(file))) {
      out.writeObject(b);
    }
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    ProcessBuilder pb = new ProcessBuilder(java, "--enable-native-access=ALL-UNNAMED", "-cp",
        System.getProperty("java.class.path"), BinaryLoaderChild.class.getName(), file.toString(),
        tmp.resolve("child-cache").toString()).redirectErrorStream(true);
    pb.environment().put("CC", "/nonexistent");
    pb.environment().put("PATH", tmp.toString());
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    assertEquals(0, p.exitValue(), out);
    assertTrue(out.contains("RESULT 2.0 4.0 7.0"), out);
  }

  @Test
  void aLibraryBuiltForAnInstructionSetLevel() throws Exception {
    FutharkOptions v2 = FutharkOptions.defaults().withCacheDir(tmp.resolve("driver")).withCpuTarget("x86-64-v2");
    FutharkBinary b = Futhark.export(SRC, v2);
    FutharkBinary nat = Futhark.export(SRC, FutharkOptions.defaults().withCacheDir(tmp.resolve("driver")));
    // Its own cache entry, whose key names the level rather than this CPU, and the level's features.
    assertEquals("target x86-64-v2", b.cpu());
    assertTrue(!b.key().equals(nat.key()) && !nat.cpu().startsWith("target "), nat.cpu());
    String key = new String(Files.readAllBytes(tmp.resolve("driver").resolve(b.key()).resolve("key.txt")), StandardCharsets.UTF_8);
    assertTrue(key.contains("-march=x86-64-v2") && !key.contains("-march=native"), key);
    try (FutharkProgram p = Futhark.load(roundTrip(b), b.sha256(), FutharkOptions.defaults().withCacheDir(tmp.resolve("executor")))) {
      assertEquals(6.0, ((double[]) p.function("scale").call(2.0, new double[] {1, 2, 3}))[2]);
    }
    var e = assertThrows(IllegalArgumentException.class, () -> FutharkOptions.defaults().withCpuTarget("pentium"));
    assertTrue(e.getMessage().contains("unknown CPU target"), e.getMessage());
    // The default comes from a system property when the options leave it open.
    String before = System.getProperty(FutharkOptions.CPU_TARGET_PROPERTY);
    try {
      System.setProperty(FutharkOptions.CPU_TARGET_PROPERTY, "x86-64-v2");
      assertEquals("x86-64-v2", FutharkOptions.defaults().cpuTargetInEffect());
      assertEquals(b.key(), Futhark.export(SRC, FutharkOptions.defaults().withCacheDir(tmp.resolve("driver"))).key());
    } finally {
      if (before == null) System.clearProperty(FutharkOptions.CPU_TARGET_PROPERTY);
      else System.setProperty(FutharkOptions.CPU_TARGET_PROPERTY, before);
    }
  }
}
