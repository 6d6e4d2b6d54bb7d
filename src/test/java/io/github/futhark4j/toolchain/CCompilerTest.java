package io.github.futhark4j.toolchain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CCompilerTest {
  @TempDir Path tmp;

  /** A fake compiler script that counts its --version calls. */
  Path fakeCompiler(String dir, String name) throws IOException {
    Path p = tmp.resolve(dir).resolve(name);
    Files.createDirectories(p.getParent());
    Files.writeString(p, "#!/bin/sh\necho x >> \"" + tmp.resolve(name + ".calls") + "\"\necho \"" + name
        + " (Fake) 9.9\"\necho more\n");
    Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
    return p;
  }

  @Test
  void ccPointingNowhereIsAClearError() {
    MissingToolException e = assertThrows(MissingToolException.class,
        () -> CCompiler.locate(Map.of("CC", "/nonexistent", "PATH", "/usr/bin:/bin")));
    assertTrue(e.getMessage().contains("CC environment variable is set to '/nonexistent'"), e.getMessage());
    assertTrue(e.getMessage().contains("not an executable file"), e.getMessage());
    assertEquals(e.getMessage(), e.output());
    assertEquals(-1, e.exitCode());
  }

  @Test
  void noCompilerOnPathIsAClearError() throws IOException {
    Path empty = Files.createDirectories(tmp.resolve("empty"));
    MissingToolException e = assertThrows(MissingToolException.class,
        () -> CCompiler.locate(Map.of("PATH", empty.toString())));
    assertTrue(e.getMessage().startsWith("No C compiler found: CC is not set and neither gcc nor cc is on PATH"), e.getMessage());
    assertTrue(e.getMessage().contains("install gcc"), e.getMessage());
  }

  @Test
  void prefersCcVariableThenGccThenCc() throws Exception {
    Path gcc = fakeCompiler("a", "gcc");
    Path cc = fakeCompiler("b", "cc");
    Path mine = fakeCompiler("c", "mycc");
    String path = tmp.resolve("b") + ":" + tmp.resolve("a");
    assertEquals(gcc, CCompiler.locate(Map.of("PATH", path)).executable(), "gcc even when cc comes first");
    assertEquals(cc, CCompiler.locate(Map.of("PATH", tmp.resolve("b").toString())).executable());
    assertEquals(mine, CCompiler.locate(Map.of("PATH", path, "CC", mine.toString())).executable());
    assertEquals(mine, CCompiler.locate(Map.of("PATH", tmp.resolve("c").toString(), "CC", "mycc")).executable(),
        "a bare CC name is looked up on PATH");
  }

  @Test
  void ccMayCarryArgumentsWhichGoIntoFlagsAndIdentity() throws Exception {
    Path mine = fakeCompiler("c", "mycc");
    CCompiler c = CCompiler.locate(Map.of("PATH", "", "CC", mine + " -m64 -DFOO"));
    assertEquals(List.of("-m64", "-DFOO"), c.flags("c").subList(0, 2));
    assertEquals(mine + " -m64 -DFOO mycc (Fake) 9.9", c.identity());
  }

  @Test
  void cflagsReplaceTheDefaultOptimisationFlagsButNotTheOnesALibraryNeeds() throws Exception {
    Path gcc = fakeCompiler("a", "gcc");
    String path = gcc.getParent().toString();
    List<String> plain = CCompiler.locate(Map.of("PATH", path)).flags("multicore");
    assertTrue(plain.containsAll(CCompiler.DEFAULT_CFLAGS), plain.toString());
    List<String> mine = CCompiler.locate(Map.of("PATH", path, "CFLAGS", "  -O1   -g ")).flags("multicore");
    assertEquals(List.of("-O1", "-g"), mine.subList(0, 2));
    assertFalse(mine.contains("-O3"), mine.toString());
    assertTrue(mine.containsAll(List.of("-fPIC", "-shared", "-fopenmp")), mine.toString());
    assertEquals(plain, CCompiler.locate(Map.of("PATH", path, "CFLAGS", " ")).flags("multicore"), "blank CFLAGS: the defaults");
  }

  @Test
  void identityIsPathAndFirstVersionLineAskedOnce() throws Exception {
    Path gcc = fakeCompiler("a", "gcc");
    assertEquals(gcc + " gcc (Fake) 9.9", CCompiler.of(gcc).identity());
    assertEquals(gcc + " gcc (Fake) 9.9", CCompiler.of(gcc).identity());
    assertEquals(1, Files.readAllLines(tmp.resolve("gcc.calls")).size());
  }

  @Test
  void flagsAndLibrariesPerBackend() throws Exception {
    CCompiler c = CCompiler.of(fakeCompiler("a", "gcc"));
    assertEquals(List.of("-O3", "-march=native", "-fno-math-errno", "-fPIC", "-shared", "-Wl,-Bsymbolic", "-fopenmp-simd"), c.flags("c"));
    assertEquals(List.of("-O3", "-march=native", "-fno-math-errno", "-fPIC", "-shared", "-Wl,-Bsymbolic", "-fopenmp"), c.flags("multicore"));
    assertEquals(List.of("-lm"), CCompiler.libraries("c"));
    assertEquals(List.of("-lm", "-lpthread", "-ldl"), CCompiler.libraries("multicore"));
    assertEquals(List.of("-lm", "-lOpenCL"), CCompiler.libraries("opencl"));
    assertEquals(List.of("-lm", "-lcuda", "-lcudart", "-lnvrtc"), CCompiler.libraries("cuda"));
    assertTrue(CCompiler.libraries("hip").contains("-lhiprtc"));
    assertThrows(IllegalArgumentException.class, () -> CCompiler.libraries("vulkan"));
    assertTrue(c.keyFlags("multicore").containsAll(List.of("-fopenmp", "-lpthread")));
    assertFalse(c.keyFlags("c").contains("-fopenmp"));
    assertTrue(c.keyFlags("c").contains("-fopenmp-simd"));
  }

  @Test
  void ispcWithoutIspcIsAClearError() throws Exception {
    Path gcc = fakeCompiler("a", "gcc");
    CCompiler c = CCompiler.locate(Map.of("PATH", gcc.getParent().toString()));
    MissingToolException e = assertThrows(MissingToolException.class, () -> c.keyFlags("ispc"));
    assertTrue(e.getMessage().contains("'ispc' is not on PATH"), e.getMessage());
  }

  @Test
  void ispcBackendCompilesTheKernelsFileAndLinksIt() throws Exception {
    CCompiler gcc = Gcc.require();
    // A stand-in ispc that checks its flags and compiles the "kernels" file as C into the object.
    Path ispc = tmp.resolve("ispcbin/ispc");
    Files.createDirectories(ispc.getParent());
    Files.writeString(ispc, """
        #!/bin/sh
        if [ "$1" = "--version" ]; then echo "Intel(r) Implicit SPMD Program Compiler (Fake), 1.0"; exit 0; fi
        src="$1"; shift
        [ "$1" = "-o" ] || { echo "expected -o" >&2; exit 2; }
        obj="$2"
        case " $* " in *" --pic "*) ;; *) echo "missing --pic" >&2; exit 2;; esac
        exec %s -c -fPIC -x c "$src" -o "$obj"
        """.formatted(gcc.executable()));
    Files.setPosixFilePermissions(ispc, PosixFilePermissions.fromString("rwx------"));
    CCompiler cc = CCompiler.locate(Map.of("CC", gcc.executable().toString(), "PATH", ispc.getParent() + ":/usr/bin:/bin"));
    assertTrue(cc.keyFlags("ispc").stream().anyMatch(f -> f.startsWith("ispc=" + ispc + " Intel(r)")), cc.keyFlags("ispc").toString());

    Path dir = Files.createDirectories(tmp.resolve("ispcbuild"));
    Files.writeString(dir.resolve("k.kernels.ispc"), "int kernel_part(void) { return 7; }\n");
    Files.writeString(dir.resolve("k.c"), "int kernel_part(void);\nint whole(void) { return kernel_part() * 6; }\n");
    cc.buildSharedLibrary(dir, "k", "ispc", "lib.so");
    long v = com.sun.jna.NativeLibrary.getInstance(dir.resolve("lib.so").toString()).getFunction("whole").invokeInt(new Object[0]);
    assertEquals(42, v);
  }

  @Test
  void compilesASharedLibraryAndReportsFailuresInFull() throws Exception {
    CCompiler cc = Gcc.require();
    Path dir = Files.createDirectories(tmp.resolve("build"));
    Files.writeString(dir.resolve("ok.c"), "#include <math.h>\ndouble root(double x) { return sqrt(x); }\n");
    cc.buildSharedLibrary(dir, "ok", "multicore", "lib.so");
    assertTrue(Files.size(dir.resolve("lib.so")) > 0);

    Files.writeString(dir.resolve("bad.c"), "int f(void) { return undeclared_thing; }\n");
    ExternalCompilerException e = assertThrows(ExternalCompilerException.class,
        () -> cc.buildSharedLibrary(dir, "bad", "c", "lib2.so"));
    assertTrue(e.output().contains("undeclared_thing"), e.output());
    assertTrue(e.command().contains("bad.c") && e.command().contains("-o lib2.so"), e.command());
    assertFalse(Files.exists(dir.resolve("lib2.so")));
  }
}
