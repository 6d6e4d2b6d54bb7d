package io.github.futhark4j.toolchain;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Which machines may load a library built with -march=native elsewhere. */
class PortableEntryTest {
  static PortableEntry built(String os, String cpu, Set<String> flags) {
    return new PortableEntry("0".repeat(64), "prog", "futhark4j-builtin test", os, cpu, flags, Map.of());
  }

  @Test
  void sameCpuLineIsAccepted() {
    assertNull(built("Linux amd64", "Xeon flags:ab", Set.of()).platformMismatch("Linux amd64", "Xeon flags:ab", Set.of()));
  }

  @Test
  void anotherCpuWithEveryFeatureIsAccepted() {
    assertNull(built("Linux amd64", "Xeon flags:ab", Set.of("sse2", "avx2"))
        .platformMismatch("Linux amd64", "EPYC flags:cd", Set.of("sse2", "avx2", "avx512f")));
  }

  @Test
  void aCpuLackingAFeatureIsRefusedNamingIt() {
    String m = built("Linux amd64", "Xeon flags:ab", Set.of("sse2", "avx512f"))
        .platformMismatch("Linux amd64", "EPYC flags:cd", Set.of("sse2", "avx2"));
    assertTrue(m != null && m.contains("avx512f") && !m.contains("sse2"), m);
  }

  @Test
  void unknownFeaturesOnADifferentCpuAreRefused() {
    String m = built("Linux amd64", "Xeon flags:ab", Set.of()).platformMismatch("Linux amd64", "EPYC flags:cd", Set.of("sse2"));
    assertTrue(m != null && m.contains("unknown"), m);
  }

  @Test
  void anotherOsOrArchitectureIsRefused() {
    String m = built("Linux amd64", "Xeon flags:ab", Set.of()).platformMismatch("Linux aarch64", "Xeon flags:ab", Set.of());
    assertTrue(m != null && m.contains("built for Linux amd64"), m);
  }

  @Test
  void checkFindsAMissingMarker() {
    assertTrue(built("Linux amd64", "x", Set.of()).check().contains("marker"));
  }
}
