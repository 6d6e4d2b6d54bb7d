package io.github.futhark4j.toolchain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The instruction-set levels a library can be built for, and who may load one. */
class CpuTargetTest {
  @Test
  void namesAndLevels() {
    assertTrue(CpuTarget.of("native").isNative());
    assertEquals("x86-64-v3", CpuTarget.of(" X86-64-V3 ").name());
    var e = assertThrows(IllegalArgumentException.class, () -> CpuTarget.of("haswell"));
    assertTrue(e.getMessage().contains("unknown CPU target \"haswell\"") && e.getMessage().contains("x86-64-v4"), e.getMessage());
    // Each level needs what the one below needs, and more.
    Set<String> below = Set.of();
    for (String n : List.of("x86-64", "x86-64-v2", "x86-64-v3", "x86-64-v4")) {
      Set<String> f = CpuTarget.of(n).requiredFlags();
      assertTrue(f.containsAll(below) && f.size() > below.size(), n + ": " + f);
      below = f;
    }
    assertTrue(CpuTarget.of("x86-64-v3").requiredFlags().containsAll(Set.of("avx2", "fma", "bmi2")));
    assertTrue(CpuTarget.of("x86-64-v4").requiredFlags().contains("avx512f"));
    assertEquals("target x86-64-v2", CpuTarget.of("x86-64-v2").keyLine());
    assertEquals(Platform.cpu(), CpuTarget.nativeTarget().keyLine());
  }

  @Test
  void theCompilerBuildsForTheLevel() {
    CCompiler cc = CCompiler.of(Path.of("/usr/bin/gcc"));
    assertTrue(cc.flags("multicore").contains("-march=native"));
    List<String> v2 = cc.withCpuTarget(CpuTarget.of("x86-64-v2")).flags("multicore");
    assertTrue(v2.contains("-march=x86-64-v2") && !v2.contains("-march=native"), v2.toString());
    assertEquals(cc.flags("multicore"), cc.withCpuTarget(CpuTarget.nativeTarget()).flags("multicore"));
  }

  @Test
  void aLevelsLibraryRunsWhereverItsFeaturesAre() {
    CpuTarget v3 = CpuTarget.of("x86-64-v3");
    PortableEntry e = new PortableEntry("0".repeat(64), "prog", "futhark4j-builtin test", "Linux amd64", v3.keyLine(),
        v3.requiredFlags(), java.util.Map.of());
    Set<String> here = new HashSet<>(v3.requiredFlags());
    here.add("avx512f");
    assertNull(e.platformMismatch("Linux amd64", "Some Other CPU flags:12", here));
    here.remove("avx2");
    String m = e.platformMismatch("Linux amd64", "Old CPU flags:34", here);
    assertTrue(m != null && m.contains("built for the CPU target x86-64-v3") && m.contains("lacks: avx2"), m);
    assertTrue(e.platformMismatch("Linux amd64", "Unknown", Set.of()).contains("unknown"));
    assertTrue(e.platformMismatch("Linux aarch64", v3.keyLine(), here).contains("built for Linux amd64"));
  }
}
