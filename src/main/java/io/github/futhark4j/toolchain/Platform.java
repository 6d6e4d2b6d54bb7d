package io.github.futhark4j.toolchain;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * The machine a library is built for. Libraries are compiled with {@code -march=native}, so a
 * cache shared between machines (a network home directory, a copied container image) must not
 * hand one machine's library to another: the CPU model and its feature flags go into the key.
 */
final class Platform {
  private Platform() {}

  private static volatile String cpu;
  private static volatile Set<String> cpuFlags;

  /** {@code os.name}, {@code os.arch}. */
  static String os() {
    return System.getProperty("os.name", "unknown") + " " + System.getProperty("os.arch", "unknown");
  }

  /**
   * The CPU model name and a digest of its feature flags (Linux: {@code /proc/cpuinfo}; macOS:
   * {@code sysctl}); {@code unknown} where neither is available. Virtual machines can report
   * the same model name with different features masked, hence the flags.
   */
  static String cpu() {
    String c = cpu;
    if (c == null) {
      c = readCpu();
      cpu = c;
    }
    return c;
  }

  /**
   * The CPU's feature flags ({@code flags} on x86, {@code Features} on ARM, from
   * {@code /proc/cpuinfo}); empty where they cannot be read. A library compiled with
   * {@code -march=native} uses only features of the CPU it was built on, so another CPU that has
   * all of them can run it.
   */
  static Set<String> cpuFlags() {
    Set<String> f = cpuFlags;
    if (f == null) {
      f = Set.of();
      Path cpuinfo = Path.of("/proc/cpuinfo");
      if (Files.isReadable(cpuinfo)) {
        try {
          for (String line : Files.readAllLines(cpuinfo, StandardCharsets.UTF_8)) {
            int colon = line.indexOf(':');
            if (colon < 0) continue;
            String k = line.substring(0, colon).strip();
            if (k.equals("flags") || k.equals("Features")) {
              String v = line.substring(colon + 1).strip();
              f = v.isEmpty() ? Set.of() : Set.copyOf(Arrays.asList(v.split("\\s+")));
              break;
            }
          }
        } catch (IOException e) {
          f = Set.of();
        }
      }
      cpuFlags = f;
    }
    return f;
  }

  private static String readCpu() {
    Path cpuinfo = Path.of("/proc/cpuinfo");
    if (Files.isReadable(cpuinfo)) {
      try {
        String model = null;
        String flags = null;
        for (String line : Files.readAllLines(cpuinfo, StandardCharsets.UTF_8)) {
          int colon = line.indexOf(':');
          if (colon < 0) continue;
          String k = line.substring(0, colon).strip();
          String v = line.substring(colon + 1).strip();
          // x86 says "model name"/"flags", ARM says "CPU part"/"Features"; first occurrence wins.
          if (model == null && (k.equals("model name") || k.equals("CPU part") || k.equals("cpu model"))) model = v;
          if (flags == null && (k.equals("flags") || k.equals("Features"))) flags = v;
        }
        return (model == null ? "unknown" : model) + " flags:" + (flags == null ? "none" : Hashing.sha256Hex(flags).substring(0, 16));
      } catch (IOException e) {
        return "unknown";
      }
    }
    if (System.getProperty("os.name", "").toLowerCase().contains("mac")) {
      try {
        Tool.Result r = Tool.run(List.of("sysctl", "-n", "machdep.cpu.brand_string"), null);
        if (r.ok()) return r.output().strip();
      } catch (IOException e) {
        return "unknown";
      }
    }
    String env = System.getenv("PROCESSOR_IDENTIFIER");
    return env != null ? env : "unknown";
  }
}
